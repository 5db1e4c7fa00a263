"""Records: what Altibox saves and shares (DESIGN.md §2).

A record is a JSON object::

    {"schema": 1, "game": "alto", "players": 2, "options": {...}, "seed": 7,
     "moves": ["@b2", ...], "start": null, "meta": {}}

``options`` holds only non-default options (and those a game always names, e.g. Altiplano's
``house_set``); ``seed`` is an integer below 2**53; ``start`` is the
position text when a game began from a position; ``meta`` carries what is not rules (player
names, seat types, the redo stack). Loading replays every move under the rules, so a tampered or
stale record is rejected as a whole, naming the ply that failed.

Every game state exposes ``seed``, ``players``, ``options`` (all options, resolved), ``moves``
(a tuple of notation strings) and ``start`` (position text or ``None``), which is all a record
needs. A game binds the two record functions to itself with :func:`records_for`::

    to_record, replay = core.records_for(INFO, new_game, apply, from_position)
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any, Callable, Mapping

from .info import GameInfo
from .errors import RecordError
from .options import non_default
from .rng import MAX_SEED

SCHEMA = 1
KEYS = ("schema", "game", "players", "options", "seed", "moves", "start", "meta")


def loads(text: str) -> dict:
    """Parse record JSON text (never pickle or eval).

    Raises:
        RecordError: (ply 0) text that is not a JSON object.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


def check_header(record: Any, info: GameInfo) -> None:
    """Check every field of a record except the legality of its moves.

    Args:
        record: the record dict (e.g. from :func:`loads`).
        info: the game the record must belong to (its id, player counts and options).

    Raises:
        RecordError: (ply 0) a missing or wrongly typed field, another game, a wrong schema.
    """
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    missing = [k for k in ("schema", "game", "players", "options", "seed", "moves") if k not in record]
    if missing:
        raise RecordError(f"missing field(s): {', '.join(missing)}")
    if record["schema"] != SCHEMA:
        raise RecordError(f"unknown schema {record['schema']!r} (this version reads schema {SCHEMA})")
    if record["game"] != info.id:
        raise RecordError(f"this record is for game {record['game']!r}, not {info.id!r}")
    players = record["players"]
    if isinstance(players, bool) or not isinstance(players, int) or players not in info.players:
        raise RecordError(f"bad number of players {players!r}")
    if not isinstance(record["options"], dict):
        raise RecordError("options must be an object")
    unknown = sorted(k for k in record["options"] if k not in info.options)
    if unknown:
        raise RecordError(f"unknown option(s) for {info.id}: {', '.join(map(str, unknown))}")
    seed = record["seed"]
    start = record.get("start")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED):
        raise RecordError(f"bad seed {seed!r}")
    if seed is None and start is None:
        raise RecordError("a record needs a seed or a start position")
    if start is not None and not isinstance(start, str):
        raise RecordError("start must be position text or null")
    moves = record["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("moves must be a list of move texts")
    if not isinstance(record.get("meta", {}), dict):
        raise RecordError("meta must be an object")


def records_for(info: GameInfo, new_game: Callable[..., Any], apply: Callable[[Any, Any], Any],
                from_position: Callable[..., Any], unnamed: Mapping[str, Any] | None = None,
                ) -> tuple[Callable[..., dict], Callable[..., Any]]:
    """The two record functions of one game, bound to it (DESIGN.md §2).

    Args:
        info: the game's :class:`~altibox.core.GameInfo` (id, player counts, options).
        new_game: ``new_game(seed=, players=, **options) -> State``.
        apply: ``apply(state, move_text) -> State`` (checks legality).
        from_position: ``from_position(text, **options) -> State``.
        unnamed: ``{option: value}`` for options every record names, even at their default,
            with the value meant by a record that does not name it (one written before the
            option was always named): Altiplano's ``{"house_set": "house_set"}``, so an old
            record keeps version 1 of the house set while new games default to a later one.

    Returns:
        ``(to_record, replay)``:

        - ``to_record(state, meta=None) -> dict``: the record of ``state``,
          ``{"schema": 1, "game", "players", "options" (non-default ones and ``unnamed``'s),
          "seed", "moves", "start", "meta"}``, JSON-friendly;
        - ``replay(record, upto=None) -> State``: the state after replaying the record's moves
          under the rules (only the first ``upto`` plies when ``upto`` is given). It raises
          ``RecordError`` with ``.ply`` 0 for a bad header or start position, or with the
          1-based ``.ply`` and ``.move`` of the first move that is malformed or illegal, and
          ``ValueError`` for an ``upto`` that is not a ply count of the record (0..moves).
    """

    named = dict(unnamed or {})

    def to_record(state: Any, meta: dict | None = None) -> dict:
        return {
            "schema": SCHEMA,
            "game": info.id,
            "players": state.players,
            "options": non_default(info.options, state.options, always=named),
            "seed": state.seed,
            "moves": list(state.moves),
            "start": state.start,
            "meta": dict(meta or {}),
        }

    def replay(record: Any, upto: int | None = None) -> Any:
        check_header(record, info)
        moves = record["moves"]
        if upto is not None:
            if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(moves):
                raise ValueError(f"upto must be a ply count from 0 to {len(moves)}, got {upto!r}")
            moves = moves[:upto]
        options = {**named, **record["options"]}
        try:
            if record.get("start") is not None:
                # A game with chance after setup keeps its seed inside its position text.
                state = from_position(record["start"], **options)
            else:
                state = new_game(seed=record["seed"], players=record["players"], **options)
        except (ValueError, TypeError) as exc:
            raise RecordError(f"cannot start the game: {exc}") from None
        for ply, move in enumerate(moves, 1):
            try:
                state = apply(state, move)
            except (ValueError, TypeError) as exc:
                raise RecordError(str(exc), ply=ply, move=move) from None
        return state

    to_record.__doc__ = (f"The record of a {info.name} ``state`` (DESIGN.md §2), JSON-friendly; "
                         f"see :func:`altibox.core.records_for`.")
    replay.__doc__ = (f"Rebuild a {info.name} state by replaying ``record`` (the first ``upto`` "
                      f"plies, or all) under the rules; see :func:`altibox.core.records_for`.\n\n"
                      f"Raises:\n    RecordError: bad header (``ply`` 0) or the first bad move "
                      f"(1-based ``ply``, ``move``).\n    ValueError: a bad ``upto``.")
    return to_record, replay


# ---------------------------------------------------------------------------------------------
# The web layer of November 2026 calls these two with the game module; new code calls the
# game's own ``to_record``/``replay``. They go once the web layer no longer uses them.


def to_record(game_id: str, module: ModuleType, state: Any, meta: dict | None = None) -> dict:
    """``module.to_record(state, meta)`` after checking that ``module`` is game ``game_id``."""
    _same(game_id, module)
    return module.to_record(state, meta)


def replay(game_id: str, module: ModuleType, record: Any, upto: int | None = None) -> Any:
    """``module.replay(record, upto)`` after checking that ``module`` is game ``game_id``."""
    _same(game_id, module)
    return module.replay(record, upto)


def _same(game_id: str, module: ModuleType) -> None:
    if getattr(module, "GAME_ID", None) != game_id:
        raise ValueError(f"{module.__name__} is not the rules of game {game_id!r}")
