"""Composing an Alto position by hand (the editor, issue 20 point 4).

A position is edited as its APN (spec §10) one part at a time: a square's tile (either face of
any symbol pair, or removed) and its stack of discs, the phase, the side to move. Each edit
returns new APN text; :func:`check` then proves it with :func:`altibox.alto.from_position`,
so an edit may pass through a position that is not valid yet (the editor shows why) without
losing anything.

    >>> from altibox import alto
    >>> start = "SA,DO,OD,OD/AS,DO,OD,DO/OD,OD,DO,DO/OD,DO,AS,SA r p"
    >>> set_square(start, "b3", "DO", "w")
    'SA,DO,OD,OD/AS,DOw,OD,DO/OD,OD,DO,DO/OD,DO,AS,SA r p'
    >>> check(set_square(start, "b3", "DO", "rr")).rule
    6
"""

from __future__ import annotations

import re
from typing import Any

from altibox.core import PositionError

from .position import from_position
from .rules import CELLS, COLOURS, SYMBOL_NAMES
from . import words

_TILE = re.compile(r"^(?:[AODS]{2}|[aods]{2}|--)$")
_DISCS = re.compile(r"^[rw]*$")


def squares(text: str) -> tuple[dict[str, str], str, str]:
    """The parts of APN ``text``: ``({cell: tile+discs}, to_move "r"/"w", phase "p"/"m")``.

    Raises:
        PositionError: (rule 1 or 2) the text is not made of three fields and 4×4 cells.
    """
    fields = str(text).split(" ")
    if len(fields) != 3:
        raise PositionError(words.COMPOSE_FIELDS, rule=1)
    rows = fields[0].split("/")
    if len(rows) != 4 or any(len(r.split(",")) != 4 for r in rows):
        raise PositionError(words.COMPOSE_ROWS, rule=1)
    cells = {}
    for n, row in zip("4321", rows):
        for k, s in enumerate(row.split(",")):
            if not (_TILE.match(s[:2]) and _DISCS.match(s[2:])):
                raise PositionError(words.compose_bad_cell("abcd"[k] + n, s), rule=2)
            cells["abcd"[k] + n] = s
    return cells, fields[1], fields[2]


def build(cells: dict[str, str], to_move: str, phase: str) -> str:
    """APN text from the parts :func:`squares` returns (not checked: see :func:`check`)."""
    rows = ("/".join(",".join(cells[c + n] for c in "abcd") for n in "4321"))
    return f"{rows} {to_move} {phase}"


def set_square(text: str, cell: str, tile: str, discs: str) -> str:
    """``text`` with square ``cell`` holding ``tile`` and ``discs``.

    Args:
        cell: ``"a1"`` .. ``"d4"``.
        tile: a symbol pair, upper case bright side up (``"DO"``), lower case black side up
            (``"do"``), or ``"--"`` for a removed tile.
        discs: the stack bottom to top, ``"r"``/``"w"`` letters (``""``: no disc).
    Raises:
        ValueError: an unknown cell, tile or disc letter (words of :mod:`altibox.alto.words`).
    """
    cells, to_move, phase = squares(text)
    if cell not in CELLS:
        raise ValueError(words.compose_bad_square(cell))
    if not _TILE.match(tile or "") or (tile[0] != "-" and tile[0].upper() not in SYMBOL_NAMES):
        raise ValueError(words.compose_bad_tile(tile))
    if not _DISCS.match(discs or ""):
        raise ValueError(words.COMPOSE_BAD_DISCS)
    cells[cell] = tile + (discs or "")
    return build(cells, to_move, phase)


def set_turn(text: str, to_move: str | int, phase: str | None = None) -> str:
    """``text`` with the side to move (``"r"``/``"w"`` or a player index) and, when given,
    the phase (``"p"`` placement, ``"m"`` movement).

    Raises:
        ValueError: another side or phase.
    """
    cells, old_move, old_phase = squares(text)
    if isinstance(to_move, int) and not isinstance(to_move, bool) and to_move in (0, 1):
        to_move = COLOURS[to_move]
    if to_move not in ("r", "w") or (phase is not None and phase not in ("p", "m")):
        raise ValueError(words.COMPOSE_BAD_TURN)
    return build(cells, to_move, old_phase if phase is None else phase)


def check(text: str, **options: Any) -> PositionError | None:
    """None when ``text`` is a valid Alto position (``from_position`` with ``options``), else
    the error that says, in words and by rule number, what is wrong."""
    try:
        from_position(text, **options)
    except PositionError as exc:
        return exc
    return None


def tile_choices(options: dict | None = None) -> list[tuple[str, str]]:
    """Every tile a square may hold, as ``(APN, words)``: each pair of the tile set on either
    face, then ``("--", "removed")``, in the set's order without repeats."""
    from .rules import _resolve
    out: list[tuple[str, str]] = []
    for a, b in _resolve(dict(options or {}))["tile_set"]:
        for apn in (a + b, (a + b).lower()):
            if apn not in (x for x, _ in out):
                out.append((apn, words.tile_words(apn)))
    out.append(("--", words.tile_words("--")))
    return out
