"""Saves that cannot be replayed (DESIGN.md §3, Storage): what the page does with them.

A save whose moves replay only up to a bad one goes on from the move before it
(:func:`salvage_session`); any other is moved aside to a backup key and replaced by a new game
that keeps what can still be read of it: its player count, seats, names and options
(:func:`broken_save_players`, :func:`broken_save_seats`, :func:`broken_save_names`,
:func:`broken_save_options`, :func:`replacement_session`). The player is told what happened
and what was kept (:func:`broken_save_notice`), and is offered the damaged text as a file
(:class:`Notice`'s ``download``). :func:`open_save` is the one entry point of the page.

Pure Python (no browser imports), tested in CPython.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from altibox import GAMES
from altibox.core import RecordError, bounded, coerce_option, loads, resolve_options

from web.play.seats import BOT_LEVELS, PERSON, is_default_name, seats_meta
from web.play.session import Session
from web.play.storage import save_key

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


_OPTIONS_FIELD = re.compile(r'"options"\s*:\s*\{')
#: the longest options object read from a save that is no longer JSON (a record's is ~300 characters)
_OPTIONS_CHARS = 4000


def _options_text(text: str) -> Any:
    """The options object of record text that is no longer JSON (cut short, damaged after its
    options): the first ``"options": {...}`` whole, or, when it is cut inside, its members up
    to the last one that is complete (the member the cut falls in is dropped: a number cut
    short would read as another number). ``None`` when there is none to read."""
    match = _OPTIONS_FIELD.search(text)
    if match is None:
        return None
    body = text[match.end() - 1:match.end() - 1 + _OPTIONS_CHARS]
    depth, in_string, escaped, last_comma = 0, False, False, None
    end = None
    for i, ch in enumerate(body):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                end = i + 1
                break
        elif ch == "," and depth == 1:
            last_comma = i
    whole = body[:end] if end is not None else (body[:last_comma] + "}" if last_comma else "{}")
    try:
        return bounded.loads(whole, "the save's options", max_chars=_OPTIONS_CHARS)
    except ValueError:
        return None


def broken_save_options(module: Any, text: Any, players: int | None) -> dict:
    """The options of a save that could not be loaded, as far as they can still be read and
    the rules accept them (new-user run: the new game that replaced a damaged save of a
    drafted-roles game dealt the roles): the record's ``options`` (in text that is no longer
    JSON, its first ``"options": {...}``, :func:`_options_text`), each kept only when it is an
    option of the game with a value it accepts and a new game of ``players`` players (None:
    the default count) starts with it and those kept before it. ``{}`` when none can be read.

    >>> from altibox import altiplano
    >>> cut = '{"schema": 1, "game": "altiplano", "players": 3, "options": {"role_selection": "draft", "house_set": "house_set_12", "first_pl'
    >>> broken_save_options(altiplano, cut, 3)
    {'role_selection': 'draft', 'house_set': 'house_set_12'}
    >>> broken_save_options(altiplano, cut.replace("draft", "auction"), 3)
    {'house_set': 'house_set_12'}
    """
    if not isinstance(text, str):
        return {}
    try:
        record = bounded.loads(text, "the save")
    except ValueError:
        found = _options_text(text)
    else:
        ours = isinstance(record, dict) and record.get("game") in (None, module.GAME_ID)
        found = record.get("options") if ours else None
    if not isinstance(found, dict):
        return {}
    count = players if players in module.PLAYERS else module.INFO.default_players
    kept: dict = {}
    for name, value in found.items():
        try:
            value = coerce_option(module.OPTIONS, name, value)
            trial = {**kept, name: value}
            module.new_game(seed=1, players=count, **resolve_options(module.OPTIONS, trial))
        except Exception:  # ValueError, or anything a hostile value provokes in the rules
            continue
        kept = trial
    return kept


def kept_option_words(module: Any, options: dict) -> list[str]:
    """The options a new game keeps from a damaged save, in words, for the options that differ
    from new games' (``[]`` when none does): a value the game words itself
    (``module.option_value_words``: Altiplano's "house set version 12"), a choice of the
    new-game form as the form shows it (“Roles: Draft them (advanced variant)”), any other
    option as ``name=value``."""
    form = {f.name: f for f in module.INFO.form}
    own_words = getattr(module, "option_value_words", lambda _name, _value: None)
    out = []
    for name, value in options.items():
        default = module.OPTIONS[name][1]
        if value == default or (isinstance(value, list) and _tuple(value) == default):
            continue
        said = own_words(name, value)
        if said:
            out.append(said)
        elif name in form and any(v == value for v, _t in form[name].choices):
            text = next(t for v, t in form[name].choices if v == value)
            out.append(f"“{form[name].label}: {text}”")
        else:
            out.append(f"“{name}={json.dumps(value)[:40]}”")
    return out


def _tuple(value: Any) -> Any:
    return tuple(_tuple(v) for v in value) if isinstance(value, list) else value


def replacement_session(game_id: str, players: int | None = None, seats: list[str] | None = None,
                        names: list[str] | None = None, options: dict | None = None) -> Session:
    """The new game that replaces a save that could not be loaded: with that save's player
    count, seats (a person against a bot stays so), players' names and options when they could
    still be read (:func:`broken_save_players`, :func:`broken_save_seats`,
    :func:`broken_save_names`, :func:`broken_save_options`), else the defaults."""
    module = GAMES[game_id]
    if players is not None:
        try:
            meta = None
            if seats is not None or names is not None:
                meta = seats_meta(module.INFO, players, seats or [], names)
            return Session.new(game_id, players=int(players), options=options, meta=meta)
        except ValueError:
            pass
    try:
        return Session.new(game_id, options=options)
    except ValueError:
        return Session.new(game_id)


class Notice(NamedTuple):
    """A message for ``#notice`` from opening a save: ``words`` for the player, ``detail``
    (technical words, or None) for the "Technical details" box, and ``download``: the storage
    key of a damaged save's copy the player can download as a file (None: nothing to offer)."""

    words: str
    detail: str | None = None
    download: str | None = None


def open_save(storage: Any, game_id: str, text: str, replaced: bool = True
              ) -> tuple[Session | None, dict | bool, list[Notice], str | None]:
    """The save ``text`` of ``game_id`` opened: ``(session, broken, notices, seen)``.

    A save that replays is ``session`` (its replay notes in ``notices``; ``seen`` is ``text``,
    what the page has seen). One that replays only up to a bad move is backed up
    (``storage.backup``) and goes on from the move before it (:func:`salvage_session`; written
    back, ``seen`` the text written). Otherwise ``session`` is None and ``broken`` is
    ``{"players": N or None, "seats": [...] or None, "names": [...] or None, "options": {...},
    "kept": bool}``, what the broken save still shows (the new game that replaces it keeps
    them: :func:`replacement_session`); ``kept`` False: no copy fits, the save stays where it
    is. ``notices``: :class:`Notice` for the player (a damaged save's names the key of its
    copy, or of the save left in place, to download); ``replaced``: the page goes on with the
    replacement (not a link's own new game), so the words say what it keeps."""
    try:
        session = Session.from_text(game_id, text)
        return session, False, [Notice(note) for note in session.notes], text
    except Exception as exc:  # RecordError, or anything a hostile save could provoke
        module, detail = GAMES[game_id], str(exc)
    copy = storage.backup(game_id, text)
    kept = copy is not None
    rescued = salvage_session(game_id, text) if kept else None
    if rescued is not None:  # the moves before the first bad one: the game goes on
        notice = salvaged_save_notice(module.INFO.name, rescued[1])
        return (rescued[0], False, [Notice(notice, detail, copy)],
                storage.write_save(game_id, rescued[0].record()))
    players = broken_save_players(module, text)
    shown = players if replaced and players is not None and len(module.PLAYERS) > 1 else None
    broken = {"players": players, "seats": broken_save_seats(module, text, players),
              "names": broken_save_names(module, text, players),
              "options": broken_save_options(module, text, players), "kept": kept}
    keeps = replacement_keeps(module, broken) if replaced else []
    words = broken_save_notice(module.INFO.name, kept, shown, keeps)
    return None, broken, [Notice(words, detail, copy if kept else save_key(game_id))], None


def replacement_keeps(module: Any, broken: dict) -> list[str]:
    """What the new game that replaces a damaged save keeps of it besides its player count, in
    words, for :func:`broken_save_notice`: the players' names (when one was typed), its bots,
    and its options that differ from new games' (:func:`kept_option_words`). ``broken``: as
    :func:`open_save` returns it."""
    names, seats = broken["names"], broken["seats"]
    out = []
    if names and not all(is_default_name(i, n) for i, n in enumerate(names)):
        out.append("the players' names")
    bots = sum(1 for k in seats or [] if k != PERSON)
    if bots:
        out.append("the same bots" if bots > 1 else "the same bot")
    return out + kept_option_words(module, broken.get("options") or {})


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
            f"{went}. A copy of the whole save was kept in this browser, so nothing is lost; you "
            f"can also download it as a file.")


def broken_save_notice(game_name: str, kept: bool, players: int | None = None,
                       keeps: list[str] | tuple = ()) -> str:
    """What the player reads when their saved game could not be read (the parser's or the
    replay's own words go in a "Technical details" box, not in this sentence), e.g. "Your saved
    Altiplano game could not be read: … A copy of it was kept in this browser, so nothing is
    lost; you can also download it as a file. A new game for 3 players has started, keeping
    what could still be read from the damaged save: the players' names and “Roles: Draft them
    (advanced variant)”."

    Args:
        kept: a copy was written and read back (``Storage.backup``), so a new game has started;
            otherwise the save was left where it is and the new-game form is shown (issue 23:
            the words say only what actually happened).
        players: the new game's player count to name, or ``None``.
        keeps: what else the new game keeps of the damaged save (:func:`replacement_keeps`).
    """
    start = (f"Your saved {game_name} game could not be read: the saved data is damaged or "
             f"comes from another version of Altibox.")
    if not kept:
        return (f"{start} No copy of it fits in this browser's storage, so it has been left as it "
                f"is; download it as a file before you start a new game, which will replace it.")
    who = f" for {players} player{'s' if players != 1 else ''}" if players else ""
    new = f"A new game{who} has started"
    if keeps:
        listed = keeps[0] if len(keeps) == 1 else f"{', '.join(keeps[:-1])} and {keeps[-1]}"
        new += f", keeping what could still be read from the damaged save: {listed}"
    return (f"{start} A copy of it was kept in this browser, so nothing is lost; you can also "
            f"download it as a file. {new}.")
