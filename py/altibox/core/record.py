"""Records: what Altibox saves and shares (DESIGN.md §2).

A record is a JSON object::

    {"schema": 1, "game": "alto", "players": 2, "options": {...}, "seed": 7,
     "moves": ["@b2", ...], "start": null, "meta": {}}

``options`` holds only non-default options; ``seed`` is an integer below 2**53; ``start`` is the
position text when a game began from a position; ``meta`` carries what is not rules (player
names, seat types, the redo stack). Loading replays every move under the rules, so a tampered or
stale record is rejected as a whole, naming the ply that failed.

Every game state exposes ``seed``, ``players``, ``options`` (all options, resolved), ``moves``
(a tuple of notation strings) and ``start`` (position text or ``None``), which is all a record
needs.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

from .errors import RecordError
from .options import non_default
from .rng import MAX_SEED

SCHEMA = 1
KEYS = ("schema", "game", "players", "options", "seed", "moves", "start", "meta")


def to_record(game_id: str, module: ModuleType, state: Any, meta: dict | None = None) -> dict:
    """The record of ``state`` (a game of ``module``), JSON-friendly.

    Args:
        game_id: the id in ``altibox.GAMES`` (e.g. ``"alto"``).
        module: the game module (for its ``OPTIONS``).
        state: a state of that game.
        meta: optional non-rules data to carry along.
    """
    return {
        "schema": SCHEMA,
        "game": game_id,
        "players": state.players,
        "options": non_default(module.OPTIONS, state.options),
        "seed": state.seed,
        "moves": list(state.moves),
        "start": state.start,
        "meta": dict(meta or {}),
    }


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


def check_header(record: Any, game_id: str, module: ModuleType) -> None:
    """Check every field of a record except the legality of its moves.

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
    if record["game"] != game_id:
        raise RecordError(f"this record is for game {record['game']!r}, not {game_id!r}")
    players = record["players"]
    if isinstance(players, bool) or not isinstance(players, int) or players not in module.PLAYERS:
        raise RecordError(f"bad number of players {players!r}")
    if not isinstance(record["options"], dict):
        raise RecordError("options must be an object")
    unknown = sorted(k for k in record["options"] if k not in module.OPTIONS)
    if unknown:
        raise RecordError(f"unknown option(s) for {game_id}: {', '.join(map(str, unknown))}")
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


def replay(game_id: str, module: ModuleType, record: Any, upto: int | None = None) -> Any:
    """Rebuild a state by replaying a record under the rules.

    Args:
        game_id, module: the game the record must belong to.
        record: the record dict.
        upto: replay only the first ``upto`` moves (``None``: all).

    Raises:
        RecordError: the header is bad (``ply`` 0), or move number ``ply`` is malformed or illegal.
    """
    check_header(record, game_id, module)
    options = record["options"]
    try:
        if record.get("start") is not None:
            # A game with chance after setup keeps its seed inside its position text.
            state = module.from_position(record["start"], **options)
        else:
            state = module.new_game(seed=record["seed"], players=record["players"], **options)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"cannot start the game: {exc}") from None
    moves = record["moves"] if upto is None else record["moves"][:upto]
    for ply, move in enumerate(moves, 1):
        try:
            state = module.apply(state, move)
        except (ValueError, TypeError) as exc:
            raise RecordError(str(exc), ply=ply, move=move) from None
    return state
