"""A game being played on this device: states by ply, the log, undo/redo, the record to save.

Pure Python (no browser imports), so the web layer's game logic is tested in CPython. Every rule
question goes to the game module (``altibox.GAMES[game_id]``).
"""

from __future__ import annotations

from typing import Any

from altibox import GAMES
from altibox.core import RecordError, check_seed, loads, new_seed, resolve_options

from web.play.seats import DEFAULT_LEVEL, bot_name, is_default_name, seat_kinds, seat_names, unknown_levels


class Session:
    """One game: the states from the start to the position shown, and a redo stack.

    Attributes:
        game_id: key of ``altibox.GAMES``.
        module: the rules module.
        states: ``states[k]`` is the position after ``k`` moves; ``states[-1]`` is shown.
        log: one ``(notation, words)`` pair per move played, words from ``module.describe``.
        redo: moves undone, the next one to redo first.
        meta: record ``meta`` (names, seats, ...) other than the redo stack.
        names: every seat's name (the names typed at the start, else the rules' seat names),
            passed to the game's ``words`` functions.
        notes: plain-words remarks from loading (e.g. a redo stack that was dropped).
    """

    def __init__(self, game_id: str, start_state: Any, meta: dict | None = None):
        self.game_id = game_id
        self.module = GAMES[game_id]
        self.states = [start_state]
        self.log: list[tuple[str, str]] = []
        self.redo: list[str] = []
        self.meta = dict(meta or {})
        self.meta.pop("redo", None)
        self.names = seat_names(self.module, start_state, self.meta.get("names"))
        self.notes: list[str] = []

    # ------------------------------------------------------------ creation

    @classmethod
    def new(cls, game_id: str, seed: int | None = None, players: int | None = None,
            options: dict | None = None, meta: dict | None = None) -> "Session":
        """Start a new game.

        Raises:
            ValueError: a bad seed, player count or option (the message says which).
        """
        module = GAMES[game_id]
        seed = new_seed() if seed is None else check_seed(seed)
        players = module.INFO.default_players if players is None else players
        if players not in module.PLAYERS:
            raise ValueError(f"{module.NAME} is played by {_range_words(module.PLAYERS)} players, not {players}")
        opts = resolve_options(module.OPTIONS, options or {})
        return cls(game_id, module.new_game(seed=seed, players=players, **opts), meta)

    def rematch(self, seed: int | None = None) -> "Session":
        """A new game with the same seats, names and options, and a new deal (issue 12: the
        end screen's Rematch). ``seed`` None: a fresh random seed."""
        state0 = self.states[0]
        meta = {k: self.meta[k] for k in ("names", "seats") if k in self.meta}
        seed = new_seed() if seed is None else check_seed(seed)
        return Session(self.game_id, self.module.new_game(
            seed=seed, players=self.module.num_players(state0), **dict(state0.options)), meta)

    @classmethod
    def from_record(cls, game_id: str, record: Any) -> "Session":
        """Rebuild a game from a record dict by replaying every move under the rules.

        A redo stack (``meta.redo``) that no longer replays is dropped with a note.

        Raises:
            RecordError: the record cannot be replayed (``.ply`` names the first bad move).
        """
        module = GAMES[game_id]
        start = module.replay(record, upto=0)  # checks the whole header, plays no move
        meta, seat_notes = _known_seats(absent_nulls(record.get("meta")), module.num_players(start))
        session = cls(game_id, start, meta)
        if seat_notes:
            session.notes.append(_levels_note(seat_notes, session.names))
        for ply, move in enumerate(record["moves"], 1):
            try:
                session._push(move)
            except (ValueError, TypeError) as exc:
                raise RecordError(str(exc), ply=ply, move=move) from None
        redo = (record.get("meta") or {}).get("redo") or []
        if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
            redo = []
            session.notes.append("The saved redo list was unreadable and has been dropped.")
        state = session.state
        for move in redo:
            try:
                state = module.apply(state, move)
            except (ValueError, TypeError):
                session.notes.append("The saved redo list no longer fits the game and has been dropped.")
                redo = []
                break
        session.redo = list(redo)
        return session

    @classmethod
    def from_text(cls, game_id: str, text: str) -> "Session":
        """:meth:`from_record` on JSON text. Raises RecordError (ply 0 for bad JSON)."""
        return cls.from_record(game_id, loads(text))

    # ------------------------------------------------------------ queries

    @property
    def state(self) -> Any:
        """The position shown."""
        return self.states[-1]

    @property
    def ply(self) -> int:
        """Moves played up to the position shown."""
        return len(self.states) - 1

    @property
    def moves(self) -> list[str]:
        """The notation of every move up to the position shown."""
        return [m for m, _ in self.log]

    @property
    def last_move(self) -> str | None:
        """Notation of the last move shown, or None at the start."""
        return self.log[-1][0] if self.log else None

    def can_undo(self) -> bool:
        """True when a move has been played. (When a turn may be taken back is the page's
        business: see ``web.dom.app.App.can_undo`` for games with hidden information.)"""
        return bool(self.log)

    def can_redo(self) -> bool:
        """True when an undone move can be played again."""
        return bool(self.redo)

    def record(self) -> dict:
        """The record to save: moves up to the position shown; the undone tail in ``meta.redo``."""
        meta = dict(self.meta)
        if self.redo:
            meta["redo"] = list(self.redo)
        return self.module.to_record(self.state, meta=meta)

    # ------------------------------------------------------------ changes

    def _push(self, move: Any) -> tuple[str, str]:
        before = self.state
        parsed = self.module.parse_move(move) if isinstance(move, str) else move
        after = self.module.apply(before, parsed)
        text = str(parsed)
        words = self.module.describe(before, parsed, self.names)
        self.states.append(after)
        self.log.append((text, words))
        return text, words

    def play(self, move: Any) -> tuple[str, str]:
        """Play a move (notation or Move) on the position shown.

        A move equal to the next redo move keeps the rest of the redo stack; any other move
        clears it.

        Returns:
            ``(notation, words)`` of the move played.
        Raises:
            ValueError: malformed notation; IllegalMoveError: not legal here.
        """
        text, words = self._push(move)
        if self.redo and self.redo[0] == text:
            self.redo.pop(0)
        else:
            self.redo.clear()
        return text, words

    def undo(self) -> tuple[str, str] | None:
        """Take back the last move; returns it, or None when nothing can be undone."""
        if not self.can_undo():
            return None
        self.states.pop()
        entry = self.log.pop()
        self.redo.insert(0, entry[0])
        return entry

    def redo_move(self) -> tuple[str, str] | None:
        """Play the next undone move again; returns it, or None when the redo stack is empty."""
        if not self.redo:
            return None
        move = self.redo[0]
        text, words = self._push(move)
        self.redo.pop(0)
        return text, words


def absent_nulls(meta: Any) -> dict:
    """A record's ``meta`` with JSON ``null`` read as absent (issue 23: JavaScript writes
    ``null`` for what is not there): a null ``meta`` is ``{}``, a null field (``redo``, ``turn``,
    ``names``...) is dropped, a null name is ``""`` (the seat's default name) and a null seat
    kind is ``"person"``, so such a save loads as before, with no backup and no notice."""
    from .turns import PERSON
    if not isinstance(meta, dict):
        return {}
    out = {k: v for k, v in meta.items() if v is not None}
    for key, default in (("names", ""), ("seats", PERSON)):
        if isinstance(out.get(key), list):
            out[key] = [default if v is None else v for v in out[key]]
    return out


def _known_seats(meta: Any, players: int) -> tuple[Any, list[tuple[int, str]]]:
    """``meta`` with every bot level this version does not know replaced by the default level
    (so the seat stays a bot, and the next save says which level it plays), and the seats
    changed, as ``(seat, level as saved)``. A bot's default name ("Bot 2 (godlike)", or one
    that named another level, "Bot 2 (hard)": new-user run) names the level it now plays."""
    if not isinstance(meta, dict):
        return meta, []
    unknown = unknown_levels(meta, players)
    if not unknown:
        return meta, []
    meta = dict(meta)
    seats = list(meta["seats"])
    kinds = seat_kinds(meta, players)
    names = list(meta["names"]) if isinstance(meta.get("names"), list) else None
    for i, level in unknown:
        seats[i] = kinds[i]
        if names is not None and i < len(names) and names[i] and (
                names[i] == bot_name(i, level) or is_default_name(i, names[i])):
            names[i] = bot_name(i, DEFAULT_LEVEL)
    meta["seats"] = seats
    if names is not None:
        meta["names"] = names
    return meta, unknown


def _levels_note(unknown: list[tuple[int, str]], names: list[str]) -> str:
    """One line saying which bot levels were not recognised and the level played instead."""

    def who(i: int) -> str:
        name = names[i] if i < len(names) else ""
        return f"seat {i + 1}" if name in ("", bot_name(i, DEFAULT_LEVEL)) else name
    which = ", ".join(f"“{level[:40]}” for {who(i)}" for i, level in unknown)
    plural = len(unknown) > 1
    return (f"The saved bot level{'s' if plural else ''} {which} {'are' if plural else 'is'} not "
            f"recognised by this version of Altibox: {'those bots play' if plural else 'that bot plays'} "
            f"at level {DEFAULT_LEVEL}.")


def _range_words(r: range) -> str:
    lo, hi = min(r), max(r)
    return str(lo) if lo == hi else f"{lo} to {hi}"
