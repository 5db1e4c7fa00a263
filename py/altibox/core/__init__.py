"""What every Altibox game shares: errors, Outcome, options, records and seeded randomness.

See DESIGN.md §2. Nothing here imports a browser module, so it runs in CPython and Pyodide.
"""

from .errors import IllegalMoveError, PositionError, RecordError
from .options import coerce_option, non_default, resolve_options
from .outcome import Outcome
from .record import SCHEMA, check_header, loads, replay, to_record
from .rng import MAX_SEED, check_seed, new_seed, rng_for

__all__ = [
    "IllegalMoveError", "PositionError", "RecordError", "Outcome",
    "coerce_option", "non_default", "resolve_options",
    "SCHEMA", "check_header", "loads", "replay", "to_record",
    "MAX_SEED", "check_seed", "new_seed", "rng_for",
]
