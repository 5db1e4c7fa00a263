"""Bounded JSON: read text that came from outside (a save, a link, a position, a scene file)
within size, depth and count limits, so that no input can exhaust the stack or the memory.

Pure Python, standard library only; runs in CPython and Pyodide. The reason (issue 23): in
the browser, ``json.loads("[" * 10000)`` overflows the WebAssembly stack before Python's
recursion limit is reached, and the page never starts. So the nesting depth is measured
*before* the parser runs, with regular expressions and C-speed helpers (no Python-level loop
over the text), and the parser's own ``RecursionError``/``MemoryError``/``OverflowError`` are
caught as well.

    >>> loads('{"a": [1, 2.5, "x"]}')
    {'a': [1, 2.5, 'x']}
    >>> loads("[" * 10000)
    Traceback (most recent call last):
    ...
    altibox.core.bounded.BoundsError: the data is nested too deeply (more than 64 levels)
    >>> loads("1e99999")
    Traceback (most recent call last):
    ...
    altibox.core.bounded.BoundsError: the data holds a number too large to read (1e99999)
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

MAX_CHARS = 500_000
"""Longest text read by default (characters). A long Altiplano record is about 30,000."""

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects read by default (a record nests 4 deep)."""

MAX_ITEMS = 100_000
"""Most values (array items and object members) read by default."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}.__getitem__


class BoundsError(ValueError):
    """Input that breaks a size, depth or count limit, or that no reader could hold (a
    number too large, a broken character); a ``ValueError`` like every Altibox input error."""


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BoundsError(f"the data holds a number too large to read ({text[:40]})")
    return value


def _constant(name: str) -> Any:
    raise BoundsError(f"the data holds {name}, which is not a JSON number")


def check_shape(text: str, max_depth: int = MAX_DEPTH, max_items: int = MAX_ITEMS) -> None:
    """Refuse JSON text nested deeper than ``max_depth`` or with more than ``max_items``
    values, without parsing it (strings are skipped, so brackets inside them do not count).

    Raises:
        BoundsError: the limit broken, in words.
    """
    bare = _STRING.sub('""', text)
    if bare.count(",") + bare.count(":") > max_items:
        raise BoundsError(f"the data holds too many values (more than {max_items:,})")
    brackets = _NOT_BRACKET.sub("", bare)
    opened = brackets.count("[") + brackets.count("{")
    if opened > max_items:
        raise BoundsError(f"the data holds too many values (more than {max_items:,})")
    if opened > max_depth and max(accumulate(map(_STEP, brackets)), default=0) > max_depth:
        raise BoundsError(f"the data is nested too deeply (more than {max_depth} levels)")


def loads(text: Any, what: str = "the data", max_chars: int = MAX_CHARS,
          max_depth: int = MAX_DEPTH, max_items: int = MAX_ITEMS) -> Any:
    """``json.loads`` within limits (never pickle or eval).

    Args:
        text: the JSON text.
        what: how messages name it ("the saved game", "the record"...).
        max_chars: longest text accepted, in characters.
        max_depth: deepest nesting of arrays/objects accepted.
        max_items: most values accepted.

    Returns:
        The parsed value. Numbers are finite (``1e99999``, ``NaN`` and ``Infinity`` are
        refused); strings hold no lone surrogate (text that cannot be written as UTF-8).

    Raises:
        BoundsError: not text, too long, too deep, too many values, a number too large, a
            broken character, or the parser ran out of stack or memory.
        ValueError: not JSON (``json.JSONDecodeError``, the parser's own words), or an integer
            with more digits than Python reads.
    """
    if not isinstance(text, str):
        raise BoundsError(f"{what} must be text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise BoundsError(f"{what} is too long ({len(text):,} characters; at most {max_chars:,})")
    check_shape(text, max_depth, max_items)
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_constant)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BoundsError(f"{what} holds a broken character (a lone UTF-16 surrogate)") from None
    except (RecursionError, MemoryError, OverflowError) as exc:
        raise BoundsError(f"{what} is too large or too deep to read ({type(exc).__name__})") from None
    return value
