"""Alto positions (APN, spec §10) and records (DESIGN.md §2).

:func:`to_position` writes Alto Position Notation; :func:`from_position` reads it and checks
the validity rules of spec §10.4, numbered as :data:`POSITION_RULES` (``PositionError.rule``).
``to_record``/``replay`` are bound to Alto by :func:`altibox.core.records_for`.

    >>> from altibox import alto
    >>> s = alto.from_position("SA,DO,OD,OD/AS,DOw,OD,DO/OD,OD,DO,DO/OD,DO,AS,SA r p")
    >>> len(alto.legal_moves(s)), alto.legal_moves(s)[0], to_position(s) == s.start
    (15, Move(text='@a1'), True)
    >>> alto.from_position("SA,DO,OD,OD/AS,DOw,OD,DO/OD,OD,DO,DO/OD,DO,AS,SA w p")
    Traceback (most recent call last):
    ...
    altibox.core.errors.PositionError: rule 6: the colour with fewer discs must be the one to place
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from altibox import core
from altibox.core import PositionError

from .rules import (
    CELLS, COLOURS, COLOUR_WORDS, INDEX, INFO, MOVEMENT, PLACEMENT, Cell, State, _resolve, apply,
    new_game,
)

#: The validity rules of spec §10.4, by number (``PositionError.rule``).
POSITION_RULES = {
    1: "three fields (board, to-move, phase); four rows of four cells",
    2: "every cell is a tile pair (upper case bright side up, lower case black side up) or "
       "'--' (no tile), then its discs bottom to top",
    3: "to-move is 'r' or 'w'; phase is 'p' or 'm'",
    4: "no more tiles of a kind than the tile set holds",
    5: "at most 8 discs of each colour",
    6: "placement phase: 16 bright tiles, at most one disc per cell, fewer than 16 discs, "
       "colours alternate and the colour with fewer discs places next",
    7: "movement phase: 8 discs of each colour; a bright tile always holds a disc",
}

_CELL_RE = re.compile(r"^(?:[AODS]{2}|[aods]{2}|--)[rw]*$")


def to_position(state: State) -> str:
    """The position in Alto Position Notation (spec §10.1), e.g. ``"SA,DO,.../... r p"``."""
    c = state.cells
    rows = ("/".join(
        ",".join(c[r * 4 + k].apn() for k in range(4)) for r in (3, 2, 1, 0)
    ))
    return f"{rows} {COLOURS[state.to_move]} {'p' if state.phase == PLACEMENT else 'm'}"


def from_position(text: str, **options: Any) -> State:
    """A state from APN text (spec §10), checked against every validity rule of §10.4.

    Args:
        text: the APN.
        **options: the game options; ``tile_set`` is used for rule 4. The others are kept in
            ``state.options`` but do not change play: turns simply alternate from ``to_move``.

    Returns:
        A state with ``start=text``, ``moves=()`` and ``seed=None``.

    Raises:
        PositionError: the first validity rule broken, with ``.rule`` set to its number (1..7).
        ValueError: a bad option.
    """
    opts = _resolve(options)
    if not isinstance(text, str):
        raise PositionError(f"a position is APN text, got {text!r}", rule=1)
    fields = text.split(" ")
    if len(fields) != 3:
        raise PositionError("expected 3 fields separated by single spaces: board, to-move, phase", rule=1)
    board, mover, ph = fields
    rows = board.split("/")
    if len(rows) != 4:
        raise PositionError(f"expected 4 rows separated by '/', got {len(rows)}", rule=1)
    grid = [row.split(",") for row in rows]
    for n, row in zip((4, 3, 2, 1), grid):
        if len(row) != 4:
            raise PositionError(f"row {n} must have 4 cells separated by ',', got {len(row)}", rule=1)
    cells: list[Cell | None] = [None] * 16
    for n, row in zip((4, 3, 2, 1), grid):
        for k, s in enumerate(row):
            name = "abcd"[k] + str(n)
            if not _CELL_RE.match(s):
                raise PositionError(f"cell {name} {s!r} is not a valid APN cell", rule=2)
            if s[0] == "-":
                cell = Cell(None, False, s[2:])
            elif s[0].isupper():
                cell = Cell((s[0], s[1]), True, s[2:])
            else:
                cell = Cell((s[0].upper(), s[1].upper()), False, s[2:])
            cells[INDEX[name]] = cell
    if mover not in ("r", "w"):
        raise PositionError(f"to-move must be 'r' or 'w', got {mover!r}", rule=3)
    if ph not in ("p", "m"):
        raise PositionError(f"phase must be 'p' or 'm', got {ph!r}", rule=3)
    present = Counter(c.tile for c in cells if c.tile is not None)
    allowed = Counter(opts["tile_set"])
    extra = present - allowed
    if extra:
        which = ", ".join(f"{n} x {a}{b}" for (a, b), n in sorted(extra.items()))
        raise PositionError(f"more tiles than the tile set holds: {which} too many", rule=4)
    count = Counter(d for c in cells for d in c.stack)
    for colour in "rw":
        if count[colour] > 8:
            raise PositionError(
                f"{count[colour]} {COLOUR_WORDS[colour]} discs on the board; at most 8", rule=5)
    red, white = count["r"], count["w"]
    if ph == "p":
        if sum(present.values()) != 16 or not all(c.bright for c in cells):
            raise PositionError("in the placement phase all 16 tiles are present, bright side up", rule=6)
        if any(len(c.stack) > 1 for c in cells):
            raise PositionError("in the placement phase each cell holds at most one disc", rule=6)
        if red + white > 15:
            raise PositionError("16 discs placed: the phase must be 'm'", rule=6)
        if abs(red - white) > 1:
            raise PositionError("placements alternate: the colours differ by at most one disc", rule=6)
        if red != white and mover != ("r" if red < white else "w"):
            raise PositionError("the colour with fewer discs must be the one to place", rule=6)
    else:
        if red != 8 or white != 8:
            raise PositionError(
                f"the movement phase has 8 red and 8 white discs, got {red} and {white}", rule=7)
        for i, c in enumerate(cells):
            if c.tile is not None and c.bright and not c.stack:
                raise PositionError(
                    f"{CELLS[i]}: a bright-side-up tile always holds a disc in the movement phase",
                    rule=7)
    return State(
        cells=tuple(cells),
        to_move=COLOURS.index(mover),
        phase=PLACEMENT if ph == "p" else MOVEMENT,
        seed=None,
        players=2,
        options=opts,
        moves=(),
        start=text,
    )


to_record, replay = core.records_for(INFO, new_game, apply, from_position)


def scene_facts(state: State) -> dict[str, Any]:
    """Alto's facts for scenes (:func:`altibox.core.scenes.facts`): ``"cell:a1"`` .. ``"cell:d4"``
    = that cell in APN (spec §10.2: tile pair, upper case bright side up, ``--`` removed, then
    the discs bottom to top), e.g. ``{"cell:a3": "do", "cell:b2": "ODrw", ...}``."""
    return {f"cell:{name}": state.cells[INDEX[name]].apn() for name in CELLS}
