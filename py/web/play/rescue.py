"""Saves that cannot be replayed (DESIGN.md §3, Storage): what the page does with them.

A save whose moves replay only up to a bad one goes on from the move before it
(:func:`salvage_session`); any other is moved aside to a backup key and replaced by a new game
that keeps what can still be read of it (:func:`broken_save_players`, :func:`broken_save_seats`,
:func:`broken_save_names`, :func:`replacement_session`), and the player is told
(:func:`broken_save_notice`). :func:`open_save` is the one entry point of the page.

Pure Python (no browser imports), tested in CPython.
"""

from __future__ import annotations

import json
import re
from typing import Any

from altibox import GAMES
from altibox.core import RecordError, bounded, loads

from web.play.seats import BOT_LEVELS, PERSON, seats_meta
from web.play.session import Session

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
