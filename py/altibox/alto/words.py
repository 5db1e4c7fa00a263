"""Alto in words: the log line of a move, the turn prompt, the result, the live score pad.

Pure functions of the state (spec §9), used by the web layer so that no rule lives there.
Every function that names a player takes ``names`` (one name per seat; ``None`` or a missing
entry: the rules' seat names "Red" and "White").
"""

from __future__ import annotations

from typing import Any

from altibox.core import IllegalMoveError, Outcome, seat_names

from .rules import (
    COLOUR_WORDS, MOVEMENT, PLACEMENT, SEATS, SYMBOL_NAMES, Move, State, _why_illegal,
    current_player, is_over, levels, parse_move,
)
from .rules import outcome as _outcome


def _names(names: Any) -> list[str]:
    return seat_names(SEATS, names)


def _stack_words(stack: str) -> str:
    return ", ".join(COLOUR_WORDS[c] for c in stack)


def describe(state: State, move: Move | str, names: Any = None) -> str:
    """Readable words for ``move`` played in ``state`` (the state *before* the move).

    Examples: ``"Red places a disc on c3"``, ``"White moves the red disc a3→b2; the tile
    flips"``, ``"White moves the top disc (white) of 2 b3→a3; the tile is removed"``,
    ``"White moves the stack of 3 (red, white, white) c2→d2; the tile flips"``.

        >>> from altibox import alto
        >>> describe(alto.new_game(seed=7), "@b2", names=["Ann", "Bob"])
        'Ann places a disc on b2'

    Raises:
        ValueError: malformed notation. IllegalMoveError: the move is not legal in ``state``.
    """
    text = move if isinstance(move, str) else parse_move(move).text
    m = state.legal.get(text)
    if m is None:
        raise IllegalMoveError(_why_illegal(state, parse_move(text)))
    who = _names(names)[state.to_move]
    if m.src is None:
        return f"{who} places a disc on {m.dst}"
    src = state.cell(m.src)
    arrow = f"{m.src}→{m.dst}"
    if src.active == "S":
        if len(src.stack) == 1:
            what = f"the stack (one {COLOUR_WORDS[src.stack]} disc)"
        else:
            what = f"the stack of {len(src.stack)} ({_stack_words(src.stack)})"
    elif len(src.stack) == 1:
        what = f"the {COLOUR_WORDS[src.stack]} disc"
    else:
        what = f"the top disc ({COLOUR_WORDS[src.stack[-1]]}) of {len(src.stack)}"
    after = "the tile flips" if src.bright else "the tile is removed"
    return f"{who} moves {what} {arrow}; {after}"


def scoreboard(state: State) -> list[dict[str, Any]]:
    """The score pad at any moment (spec §9.1: a disc at level k scores k).

    Returns:
        per player (red, white): ``{"total": int, "parts": [{"label": "Level k", "count": n,
        "each": k, "points": n*k}, ...]}`` with one part per level from 1 to the highest level
        reached by any disc (counts may be 0).
    """
    out = []
    for counts in levels(state):
        parts = [{"label": f"Level {k}", "count": n, "each": k, "points": n * k}
                 for k, n in enumerate(counts, 1)]
        out.append({"total": sum(p["points"] for p in parts), "parts": parts})
    return out


def prompt(state: State, names: Any = None) -> str:
    """Whose turn it is and what to do, e.g. ``"Red to place a disc (3 left)"``,
    ``"White to move — any disc"``: the mover may move a disc of either colour (rules, Movement).

    Returns ``""`` once the game is over (the result is :func:`explain`'s job).
    """
    player = current_player(state)
    if player is None:
        return ""
    name = _names(names)[player]
    if state.phase == PLACEMENT:
        placed = sum(1 for c in state.cells for d in c.stack if d == "rw"[player])
        return f"{name} to place a disc ({8 - placed} left)"
    assert state.phase == MOVEMENT
    return f"{name} to move — any disc"


def explain(state: State, outcome: Outcome | None = None, names: Any = None) -> str:
    """Why the game was decided, in words (spec §9.2–9.3); ``""`` while the game runs.

    Examples: ``"Red scores more points: 20 against 17."``; ``"Scores are tied at 14. Red has
    more discs at level 4 (1 against 0), the highest level where the counts differ."``;
    ``"Scores are tied at 12 and both players have the same number of discs at every level:
    a draw."``
    """
    out = outcome or _outcome(state)
    if out is None:
        return ""
    who = _names(names)
    if out.reason == "score":
        w = out.winners[0]
        return f"{who[w]} scores more points: {out.scores[w]} against {out.scores[1 - w]}."
    if out.reason == "tiebreak":
        k = out.detail["level"]
        w = out.winners[0]
        counts = out.breakdown
        return (f"Scores are tied at {out.scores[0]}. {who[w]} has more discs at level {k} "
                f"({counts[w][k - 1]} against {counts[1 - w][k - 1]}), the highest level where the counts differ.")
    return (f"Scores are tied at {out.scores[0]} and both players have the same number of discs "
            f"at every level: a draw.")


def end_reason(state: State, names: Any = None) -> str:
    """Why the game ended (spec §8), one sentence for the end screen; ``""`` while it runs:
    ``"The game ended: no tile holds a disc any more, so no disc can move."``"""
    if not is_over(state):
        return ""
    return "The game ended: no tile holds a disc any more, so no disc can move."


# ---------------------------------------------------------------- legend and tooltips (issue 11)

SYMBOL_NAMES_WORDS = SYMBOL_NAMES  # "A" -> "all directions", ...

#: What each symbol lets you do (spec §7.2), in the order the legend lists them.
SYMBOL_HELP = {
    "A": "the top disc moves one step in any of the 8 directions",
    "O": "the top disc moves one step up, down, left or right",
    "D": "the top disc moves one step diagonally",
    "S": "the whole stack moves one step up, down, left or right, in the same order",
}

#: The legend: (key, name, what it does), symbols first, then the other marks on the board.
LEGEND = (
    ("A", "A — all directions", SYMBOL_HELP["A"]),
    ("O", "O — orthogonal", SYMBOL_HELP["O"]),
    ("D", "D — diagonal", SYMBOL_HELP["D"]),
    ("S", "S — stack", SYMBOL_HELP["S"]),
    ("bright", "Bright tile", "no disc has left it yet; after a move from it, it flips to its black side "
               "and shows its other symbol"),
    ("black", "Black tile", "after a move from it, it is removed from the game"),
    ("flip", "↻D in the corner", "the symbol on the tile's other side: after a move from a bright "
             "tile it flips and shows that symbol; ✕ on a black tile: it is removed after a move "
             "from it"),
    ("removed", "Removed square (dashed)", "no tile: the discs on it can never move again, but discs "
                "may still be moved onto it"),
    ("discs", "Discs R and W", "Red and White; either player may move a disc of either colour; a disc "
              "at level k of its stack scores k points for its colour"),
    ("height", "Number in the corner", "how many discs the stack holds"),
    ("movable", "Yellow dotted outline", "a square whose top disc can move now (either colour); "
                "click it to see where it can go"),
    ("selected", "Blue outline", "the square you selected: its disc moves from here"),
    ("dest", "Green outline and dot", "a square the selected disc can go to: click it to move"),
    ("last", "Yellow outline and corner triangle", "the square the last move went to"),
    ("last-from", "Dashed yellow outline and corner triangle", "the square the last move came "
                  "from (a bright tile there has just flipped; a black one has gone)"),
    ("scored", "R+3, W+12 at the end", "what the square scored for Red and for White: a disc at "
               "level k scores k"),
)


def cell_help(name: str, cell: Any) -> str:
    """The tooltip of one cell (an SVG ``<title>``): what its tile does now, what it turns into
    after a move from it (spec §7.4), and its discs with their levels (spec §9.1).

    Args:
        name: the cell's name, e.g. ``"c3"``.
        cell: an :class:`~altibox.alto.rules.Cell` (``tile``, ``bright``, ``stack``).

        >>> from altibox.alto.rules import Cell
        >>> cell_help("a3", Cell(("D", "O"), True, "w"))
        'a3: D, diagonal (bright side): the top disc moves one step diagonally. After a move from here the tile flips to O, orthogonal. One white disc (level 1).'
        >>> cell_help("b3", Cell(None, False, "r"))
        'b3: no tile: these discs stay here for good, but discs may be moved onto them. One red disc (level 1).'
    """
    if cell.tile is None:
        tile = f"{name}: no tile: these discs stay here for good, but discs may be moved onto them."
    else:
        active = cell.tile[0] if cell.bright else cell.tile[1]
        side = "bright side" if cell.bright else "black side"
        tile = f"{name}: {active}, {SYMBOL_NAMES_WORDS[active]} ({side}): {SYMBOL_HELP[active]}."
        if cell.bright:
            other = cell.tile[1]
            tile += f" After a move from here the tile flips to {other}, {SYMBOL_NAMES_WORDS[other]}."
        else:
            tile += " After a move from here the tile is removed."
    if not cell.stack:
        return tile + " No disc."
    if len(cell.stack) == 1:
        return tile + f" One {COLOUR_WORDS[cell.stack]} disc (level 1)."
    levels_text = ", ".join(f"{COLOUR_WORDS[c]} at level {k}" for k, c in enumerate(cell.stack, 1))
    return tile + f" {len(cell.stack)} discs: {levels_text}."


def why_not(view: dict, cell: str, names: Any = None, selected: "str | None" = None) -> str:
    """Why a click on board cell ``cell`` plays nothing, in words, from the view alone (the
    page shows it, issue 12), e.g. ``"Nothing to play from b3: its discs have no legal
    destination."``.

    Args:
        view: ``alto.view(state, seat)`` of the seat at the device.
        cell: the clicked cell, ``"a1"``..``"d4"``.
        selected: the source cell selected before the click, or None.

    Rules used (Alto rulebook): a disc is placed on a tile without a disc (Placement); any disc
    may move, by the symbol of the tile under it (Movement); a removed tile's discs stay.
    """
    who = _names(names)
    if view.get("outcome") is not None or view.get("current_player") is None:
        return "The game is over."
    turn = view["current_player"]
    if view.get("player") is not None and view["player"] != turn:
        return f"It is {who[turn]}'s turn."
    here = next((c for c in view["cells"] if c["cell"] == cell), None)
    if here is None:
        return ""
    if view["phase"] == PLACEMENT:
        if here["stack"]:
            return f"{cell} already holds a disc: place yours on a tile without a disc."
        return f"No disc can be placed on {cell}."
    if selected and selected != cell:
        src = next(c for c in view["cells"] if c["cell"] == selected)
        sym = src.get("active")
        how = f" its {SYMBOL_NAMES[sym]} tile" if sym in SYMBOL_NAMES else " its tile"
        return (f"The disc on {selected} cannot go to {cell}:{how} allows only the highlighted "
                f"squares.")
    if here["tile"] is None:
        if here["stack"]:
            return f"No tile on {cell} any more: its discs stay there for good."
        return f"{cell} is empty and has no tile."
    if not here["stack"]:
        return f"{cell} has no disc to move."
    return (f"Nothing to play from {cell}: the {SYMBOL_NAMES[here['active']]} move of its tile "
            f"has no legal destination.")


def log_entry(before: State, move: Any, words: str, now: State,
              names: list | None = None) -> tuple[str, str]:
    """The game log's line ``(notation, words)`` for ``move`` played in ``before`` (described
    as ``words``), as everyone at the table may read it in ``now``."""
    return str(move), words


def notation_help(notation: str) -> str:
    """The hover text of a log entry's notation (issue 22): what its parts mean (spec §10.5).

    >>> notation_help("@c3")
    '@c3: a placement, @ + the square (a disc put on c3)'
    >>> notation_help("b2c3")
    'b2c3: a move, from square + to square (b2 to c3; the top disc, or the whole stack from an S tile)'
    """
    if notation.startswith("@"):
        return f"{notation}: a placement, @ + the square (a disc put on {notation[1:]})"
    if len(notation) == 4:
        return (f"{notation}: a move, from square + to square ({notation[:2]} to {notation[2:]}; "
                f"the top disc, or the whole stack from an S tile)")
    return notation


# --------------------------------------------------------------------------------------------
# The position editor (altibox.alto.compose)

COMPOSE_FIELDS = "An Alto position has three parts: the board, the side to move, the phase."
COMPOSE_ROWS = "An Alto board has four rows of four squares."
COMPOSE_BAD_DISCS = "A stack is made of red (r) and white (w) discs, bottom first."
COMPOSE_BAD_TURN = "The side to move is Red or White; the phase is placing or moving."


def compose_bad_cell(cell: str, text: str) -> str:
    """Why square ``cell``'s APN ``text`` cannot be read by the editor."""
    return f"Square {cell} holds {text!r}, which is not a tile and its discs."


def compose_bad_square(cell: str) -> str:
    """An unknown square name given to the editor."""
    return f"There is no square {cell!r}: squares go from a1 to d4."


def compose_bad_tile(tile: str) -> str:
    """An unknown tile given to the editor."""
    return f"{tile!r} is not a tile: give two of A, O, D, S (upper case bright side up), or -- for none."


def tile_words(apn: str) -> str:
    """A tile as the editor lists it: ``"OD"`` → ``"orthogonal (black side: diagonal)"``,
    ``"od"`` → ``"diagonal, black side up (bright side: orthogonal)"``, ``"--"`` → ``"no tile"``."""
    if apn == "--":
        return "no tile (removed)"
    a, b = SYMBOL_NAMES[apn[0].upper()], SYMBOL_NAMES[apn[1].upper()]
    if apn.isupper():
        return f"{a}, bright side up (black side: {b})"
    return f"{b}, black side up (bright side: {a})"


#: The player aid (issue 22): Alto's turn structure, what ends the game and what scores, in at
#: most 8 short lines (shown by the play screen's "Turn summary" button)
TURN_SUMMARY = (
    "Placement: in turn, put one of your discs on an empty tile until every tile holds one.",
    "Your turn: move exactly one disc, of either colour, as the tile under it allows.",
    "Only the top disc moves, except on a stack tile (S): the whole stack moves.",
    "It lands on top of whatever is there: a stack, an empty tile or a removed square.",
    "The tile you left flips to its black side; a black tile is removed instead.",
    "The end: no tile holds a disc any more.",
    "Score: a disc at level k scores k points; the higher total wins "
    "(equal: more discs at the highest level).",
)
