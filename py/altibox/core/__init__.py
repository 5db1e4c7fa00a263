"""What every Altibox game shares: errors, Outcome, Move, GameInfo, options, records and seeded
randomness.

See DESIGN.md §2. Nothing here imports a browser module, so it runs in CPython and Pyodide.
"""

from .errors import IllegalMoveError, PositionError, RecordError
from .info import FormField, GameInfo
from .move import Move
from .names import seat_names
from .options import coerce_option, non_default, resolve_options
from .outcome import Outcome
from .record import SCHEMA, check_header, loads, records_for, replay, to_record
from .rng import MAX_SEED, check_seed, new_seed, rng_for

__all__ = [
    "IllegalMoveError", "PositionError", "RecordError", "Outcome", "Move", "GameInfo",
    "FormField", "seat_names", "coerce_option", "non_default", "resolve_options",
    "SCHEMA", "check_header", "loads", "records_for", "replay", "to_record",
    "MAX_SEED", "check_seed", "new_seed", "rng_for",
]
