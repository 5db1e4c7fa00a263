"""A game being played on this device: states by ply, the log, undo/redo, the record to save.

Pure Python (no browser imports), so the web layer's game logic is tested in CPython. Every rule
question goes to the game module (``altibox.GAMES[game_id]``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from altibox import GAMES
from altibox.core import RecordError, bounded, check_seed, loads, new_seed, resolve_options

from web.play.seats import BOT_LEVELS, DEFAULT_LEVEL, PERSON, bot_name, is_default_name, seat_kinds, seat_names, seats_meta, unknown_levels


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


# ------------------------------------------------------------ saves that cannot be replayed

_PLAYERS_FIELD = re.compile(r'"players"\s*:\s*(\d{1,2})\b')
_SEATS_FIELD = re.compile(r'"seats"\s*:\s*(\[[^\[\]]{0,400}\])')
_NAMES_FIELD = re.compile(r'"names"\s*:\s*(\[[^\[\]]{0,800}\])')


def _salvage(module: Any, text: Any, pick: Any, field: re.Pattern) -> Any:
    """One field of a save that could not be loaded: ``pick(record)`` of the record when the
    text is still JSON of this game, else the JSON value that ``field`` finds in the text (its
    group 1); ``None`` when there is none to read."""
    if not isinstance(text, str):
        return None
    try:
        record = bounded.loads(text, "the save")
    except ValueError:
        match = field.search(text)
        try:
            return json.loads(match.group(1)) if match else None
        except ValueError:
            return None
    if isinstance(record, dict) and record.get("game") in (None, module.GAME_ID):
        return pick(record)
    return None


def broken_save_players(module: Any, text: str) -> int | None:
    """The player count a save that could not be loaded still shows, when the rules allow it:
    the record's ``players`` field (or, in text that is no longer JSON, its first
    ``"players": N``); ``None`` when there is none to read."""
    found = _salvage(module, text, lambda record: record.get("players"), _PLAYERS_FIELD)
    valid = isinstance(found, int) and not isinstance(found, bool)
    return found if valid and found in module.PLAYERS else None


def broken_save_seats(module: Any, text: str, players: int | None) -> list[str] | None:
    """Who played each seat of a save that could not be loaded (``meta.seats``: ``"person"``
    or a bot level), when it can still be read: a list of ``players`` known kinds (in text that
    is no longer JSON, its first ``"seats": [...]``); ``None`` otherwise, or when ``players``
    is None."""
    if players is None:
        return None
    seats = _salvage(module, text, lambda record: record["meta"].get("seats")
                     if isinstance(record.get("meta"), dict) else None, _SEATS_FIELD)
    if isinstance(seats, list) and len(seats) == players \
            and all(isinstance(k, str) and (k == PERSON or k in BOT_LEVELS) for k in seats):
        return list(seats)
    return None


def broken_save_names(module: Any, text: str, players: int | None) -> list[str] | None:
    """The players' names of a save that could not be loaded (``meta.names``), when they can
    still be read: ``players`` names, each cleaned as a typed name (text only, spaces folded, at
    most ``MAX_NAME`` characters; a blank one becomes "Player N"); in text that is no longer
    JSON, its first ``"names": [...]``. ``None`` when there are none, they are not a list of
    ``players`` texts, or ``players`` is None."""
    if players is None:
        return None
    names = _salvage(module, text, lambda record: record["meta"].get("names")
                     if isinstance(record.get("meta"), dict) else None, _NAMES_FIELD)
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
        from web.html.escape import clean_names
        return clean_names(names, players)
    return None


def replacement_session(game_id: str, players: int | None = None, seats: list[str] | None = None,
                        names: list[str] | None = None) -> Session:
    """The new game that replaces a save that could not be loaded: with that save's player
    count, seats (a person against a bot stays so) and players' names when they could still be
    read (:func:`broken_save_players`, :func:`broken_save_seats`, :func:`broken_save_names`),
    else the defaults."""
    module = GAMES[game_id]
    if players is not None:
        try:
            meta = None
            if seats is not None or names is not None:
                meta = seats_meta(module.INFO, players, seats or [], names)
            return Session.new(game_id, players=int(players), meta=meta)
        except ValueError:
            pass
    return Session.new(game_id)


def open_save(storage: Any, game_id: str, text: str, replaced: bool = True
              ) -> tuple[Session | None, dict | bool, list[tuple[str, str | None]], str | None]:
    """The save ``text`` of ``game_id`` opened: ``(session, broken, notices, seen)``.

    A save that replays is ``session`` (its replay notes in ``notices``; ``seen`` is ``text``,
    what the page has seen). One that replays only up to a bad move is backed up
    (``storage.backup``) and goes on from the move before it (:func:`salvage_session`; written
    back, ``seen`` the text written). Otherwise ``session`` is None and ``broken`` is
    ``{"players": N or None, "seats": [...] or None, "names": [...] or None, "kept": bool}``,
    what the broken save still shows (the new game that replaces it keeps them:
    :func:`replacement_session`); ``kept`` False: no copy fits, the save stays where it is.
    ``notices``: ``(words, technical details or None)`` for the player; ``replaced``: the page
    goes on with the replacement (not a link's own new game), so the words say its player
    count."""
    try:
        session = Session.from_text(game_id, text)
        return session, False, [(note, None) for note in session.notes], text
    except Exception as exc:  # RecordError, or anything a hostile save could provoke
        module, detail = GAMES[game_id], str(exc)
    kept = storage.backup(game_id, text) is not None
    rescued = salvage_session(game_id, text) if kept else None
    if rescued is not None:  # the moves before the first bad one: the game goes on
        notice = salvaged_save_notice(module.INFO.name, rescued[1])
        return rescued[0], False, [(notice, detail)], storage.write_save(game_id, rescued[0].record())
    players = broken_save_players(module, text)
    shown = players if replaced and players is not None and len(module.PLAYERS) > 1 else None
    broken = {"players": players, "seats": broken_save_seats(module, text, players),
              "names": broken_save_names(module, text, players), "kept": kept}
    return None, broken, [(broken_save_notice(module.INFO.name, kept, shown), detail)], None


def salvage_session(game_id: str, text: str) -> tuple[Session, int, str] | None:
    """A save whose header replays but whose move ``k`` does not (an illegal or unknown move: a
    damaged save, or one from another version of the rules), as far as it goes: ``(session,
    k, move)``, the session replayed up to move ``k - 1`` with the save's seats and names (its
    undone moves dropped). ``None`` when the text is not such a save (not JSON, a bad header,
    or it replays whole). A new-user run: a 300-move game whose last move was damaged was
    replaced by a new game."""
    try:
        record = loads(text)
        if not isinstance(record, dict) or not isinstance(record.get("moves"), list):
            return None
        # a move that is not text (new-user run: a number) fails the header check: cut there
        cut = next((k for k, m in enumerate(record["moves"]) if not isinstance(m, str)), None)
        if cut is not None:
            Session.from_record(game_id, {**record, "moves": record["moves"][:cut]})
            bad_ply, bad_move = cut + 1, repr(record["moves"][cut])
        else:
            Session.from_record(game_id, record)
            return None
    except RecordError as exc:
        if not exc.ply:
            return None
        bad_ply, bad_move = exc.ply, exc.move
    except Exception:  # anything a hostile save could provoke
        return None
    meta = record.get("meta")
    meta = {k: v for k, v in meta.items() if k != "redo"} if isinstance(meta, dict) else {}
    try:
        session = Session.from_record(game_id, {**record, "moves": record["moves"][:bad_ply - 1], "meta": meta})
    except Exception:
        return None
    return session, bad_ply, str(bad_move)


def salvaged_save_notice(game_name: str, bad_ply: int) -> str:
    """What the player reads when their saved game replayed only up to move ``bad_ply - 1``
    (:func:`salvage_session`); the replay's own words go under "Technical details"."""
    went = (f"it goes on after move {bad_ply - 1}" if bad_ply > 1
            else "it starts again from its first move")
    return (f"Your saved {game_name} game could not be opened whole: move {bad_ply} cannot be "
            f"played (the saved data is damaged or comes from another version of Altibox), so "
            f"{went}. A copy of the whole save was kept in this browser, so nothing is lost.")


def broken_save_notice(game_name: str, kept: bool, players: int | None) -> str:
    """What the player reads when their saved game could not be loaded (the parser's or the
    replay's own words go in a "Technical details" box, not in this sentence).

    Args:
        kept: a copy was written and read back (``Storage.backup``), so a new game has started;
            otherwise the save was left where it is and the new-game form is shown (issue 23:
            the words say only what actually happened).
        players: the new game's player count to name, or ``None``.
    """
    start = (f"Your saved {game_name} game could not be opened: the saved data is damaged or "
             f"comes from another version of Altibox.")
    if not kept:
        return (f"{start} No copy of it fits in this browser's storage, so it has been left as it "
                f"is; starting a new game will replace it.")
    who = f" for {players} player{'s' if players != 1 else ''}" if players else ""
    return f"{start} A copy of it was kept in this browser, so nothing is lost. A new game{who} has started."
