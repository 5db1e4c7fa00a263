"""Alto rules: state, moves, legality, scoring, views (shared/rules/alto.md).

What kind of game it is, the move notation and APN are in the package docstring
(``altibox.alto``); positions and records live in :mod:`altibox.alto.position`, words in
:mod:`altibox.alto.words`, the SVG board in :mod:`altibox.alto.render`.

Cells are indexed ``0..15`` in the order ``a1, b1, c1, d1, a2, ..., d4`` (column ``i % 4``,
row ``i // 4 + 1``, the order of spec §6.7); :data:`CELLS` holds their names.

Everything here is pure Python (standard library only) so it runs in CPython and in Pyodide.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from altibox import core
from altibox.core import FormField, GameInfo, IllegalMoveError, Outcome

GAME_ID = "alto"

RED, WHITE = 0, 1
COLOURS = "rw"  # player index -> disc letter in APN (spec §5: player 0 red, player 1 white)
SEATS = ("Red", "White")
COLOUR_WORDS = {"r": "red", "w": "white"}

PLACEMENT = "placement"
MOVEMENT = "movement"

#: The complementary tile set, in the order used by the setup shuffle (spec §4, §6.7).
DEFAULT_TILE_SET: tuple[tuple[str, str], ...] = (
    (("O", "D"),) * 6 + (("D", "O"),) * 6 + (("A", "S"),) * 2 + (("S", "A"),) * 2
)

#: Game options (spec table at the top, §4, §6): ``{name: (type, default, choices)}``.
OPTIONS = {
    "tile_set": (list, DEFAULT_TILE_SET, None),
    "first_player": (int, 0, (0, 1)),
    "setup": (str, "alternate", ("alternate", "random")),
}

#: The static facts of Alto (DESIGN.md §2). Its only chance is the setup (spec §6.7).
INFO = GameInfo(
    id=GAME_ID,
    name="Alto",
    players=range(2, 3),
    options=OPTIONS,
    chance=False,
    hidden=False,
    blurb="Two players stack red and white discs on a 4×4 grid of tiles that flip, then vanish. "
          "Higher discs score more.",
    players_text="2 players",
    default_players=2,
    seats=SEATS,
    form=(
        FormField("first_player", "Who starts", ((0, "Red"), (1, "White"))),
        FormField("setup", "Placing the discs", (("alternate", "Take turns placing them"),
                                                 ("random", "Place them at random"))),
    ),
    notation="A placement is '@' and a cell ('@c3'); a movement is its source and destination "
             "cells ('b2c3').",
)
NAME = INFO.name  #: alias of ``INFO.name`` (DESIGN.md §2)
PLAYERS = INFO.players  #: alias of ``INFO.players``

#: Words for each movement symbol (spec §3).
SYMBOL_NAMES = {"A": "all directions", "O": "orthogonal", "D": "diagonal", "S": "stack"}
SYMBOL_FACES = {"A": 4, "O": 12, "D": 12, "S": 4}  # faces per symbol over all 32 faces (§3)

#: Cell names by index: a1, b1, c1, d1, a2, ..., d4 (spec §5, §6.7).
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in "1234" for c in "abcd")
INDEX = {name: i for i, name in enumerate(CELLS)}
_BY_NAME = tuple(sorted(range(16), key=lambda i: CELLS[i]))  # a1, a2, a3, a4, b1, ...


def _neighbours(deltas: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    out = []
    for i in range(16):
        col, row = i % 4, i // 4
        near = [
            (row + dr) * 4 + col + dc
            for dc, dr in deltas
            if 0 <= col + dc < 4 and 0 <= row + dr < 4
        ]
        out.append(tuple(sorted(near, key=lambda j: CELLS[j])))
    return tuple(out)


_ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
#: Destinations (cell indexes, sorted by name) of each active symbol from each cell (spec §7.2).
STEPS = {
    "A": _neighbours(_ORTHO + _DIAG),
    "O": _neighbours(_ORTHO),
    "D": _neighbours(_DIAG),
    "S": _neighbours(_ORTHO),
}

_PLACE_RE = re.compile(r"^@([a-d][1-4])$")
_STEP_RE = re.compile(r"^([a-d][1-4])([a-d][1-4])$")


# --------------------------------------------------------------------------------------------
# Board pieces


class Cell(NamedTuple):
    """One cell of the board (spec §5).

    Attributes:
        tile: ``(bright_symbol, black_symbol)`` or ``None`` when the tile was removed.
        bright: ``True`` when the bright face is up (always ``False`` for a removed tile).
        stack: disc colours bottom to top, e.g. ``"rw"`` (red at the bottom); ``""`` if empty.
    """

    tile: tuple[str, str] | None
    bright: bool
    stack: str

    @property
    def active(self) -> str | None:
        """The active symbol (``"A"``, ``"O"``, ``"D"``, ``"S"``), ``None`` without a tile (§5)."""
        if self.tile is None:
            return None
        return self.tile[0] if self.bright else self.tile[1]

    def apn(self) -> str:
        """This cell in APN (spec §10.2), e.g. ``"DOrw"``, ``"od"``, ``"--wwr"``."""
        if self.tile is None:
            return "--" + self.stack
        pair = self.tile[0] + self.tile[1]
        return (pair if self.bright else pair.lower()) + self.stack


@dataclass(frozen=True, order=True)
class Move(core.Move):
    """A move (spec §10.5): a placement ``@c3`` or a movement ``b2c3`` (the one Move design of
    :class:`altibox.core.Move`: frozen, hashable, ordered by notation, ``str()`` is ``text``).

    Build one with :func:`parse_move`.

        >>> m = parse_move("b2c3")
        >>> (m.src, m.dst, m.is_placement), parse_move("@c3").src
        (('b2', 'c3', False), None)
    """

    __slots__ = ()

    @property
    def src(self) -> str | None:
        """The source cell name, or ``None`` for a placement."""
        return None if self.text[0] == "@" else self.text[:2]

    @property
    def dst(self) -> str:
        """The destination cell name (the cell that receives the disc or stack)."""
        return self.text[-2:]

    @property
    def is_placement(self) -> bool:
        """True for a placement (``@c3``)."""
        return self.text[0] == "@"


# Every possible move, built once: placements and one-step movements.
_PLACE_MOVES = tuple(Move("@" + CELLS[i]) for i in range(16))
_STEP_MOVES = {
    (i, j): Move(CELLS[i] + CELLS[j]) for i in range(16) for j in STEPS["A"][i]
}
_ANY_STEP = {m.text: m for m in _STEP_MOVES.values()}


@dataclass(frozen=True)
class State:
    """An Alto position plus the history a record needs. Immutable: :func:`apply` returns a new one.

    Attributes:
        cells: 16 :class:`Cell` in the order a1, b1, c1, d1, a2, ..., d4 (see :data:`CELLS`).
        to_move: the player (0 red, 1 white) who makes the next placement or move; when the game
            is over, the player whose turn it would be (spec §10.3).
        phase: ``"placement"`` or ``"movement"`` (spec §6.4–6.6); a finished game is in
            ``"movement"``.
        seed: the game seed, or ``None`` for a game started from a position.
        players: always 2.
        options: every option, resolved (``tile_set`` as a tuple of ``(bright, black)`` pairs).
        moves: notation of every move played since the start (setup placements excluded).
        start: the APN the game started from, or ``None`` when it started from a seed.
    """

    cells: tuple[Cell, ...]
    to_move: int
    phase: str
    seed: int | None
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    moves: tuple[str, ...] = ()
    start: str | None = None

    @cached_property
    def legal(self) -> dict[str, Move]:
        """Legal moves keyed by notation, in notation order (spec §6.4, §7.2, §7.3, §8)."""
        cells = self.cells
        out: dict[str, Move] = {}
        if self.phase == PLACEMENT:
            for i in _BY_NAME:
                c = cells[i]
                if c.tile is not None and not c.stack:
                    m = _PLACE_MOVES[i]
                    out[m.text] = m
            return out
        for i in _BY_NAME:
            c = cells[i]
            if c.tile is None or not c.stack:
                continue
            for j in STEPS[c.tile[0] if c.bright else c.tile[1]][i]:
                m = _STEP_MOVES[i, j]
                out[m.text] = m
        return out

    def cell(self, name: str) -> Cell:
        """The :class:`Cell` called ``name`` (e.g. ``"c3"``). Raises ``ValueError`` for a bad name."""
        return self.cells[_index(name)]


def _index(name: Any) -> int:
    try:
        return INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"no cell {name!r}: cells are a1..d4") from None


# --------------------------------------------------------------------------------------------
# Options and setup


def check_tile_set(tile_set: Any) -> tuple[tuple[str, str], ...]:
    """Validate a ``tile_set`` and return it as a tuple of ``(bright, black)`` pairs (spec §4).

    Each pair may be any 2-item sequence of letters, e.g. ``("O", "D")``, ``["O", "D"]`` or
    ``"OD"``.

    Raises:
        ValueError: not exactly 16 pairs, a letter outside ``A O D S``, or face counts other
            than A 4, O 12, D 12, S 4.
    """
    if isinstance(tile_set, (str, bytes)) or not isinstance(tile_set, (list, tuple)):
        raise ValueError(f"tile_set must be a list of 16 pairs, got {tile_set!r}")
    if len(tile_set) != 16:
        raise ValueError(f"tile_set must have exactly 16 tiles, got {len(tile_set)}")
    out = []
    for pair in tile_set:
        if not isinstance(pair, (list, tuple, str)) or len(pair) != 2:
            raise ValueError(f"each tile is a (bright, black) pair of symbols, got {pair!r}")
        a, b = pair
        if a not in SYMBOL_NAMES or b not in SYMBOL_NAMES:
            raise ValueError(f"tile symbols must be A, O, D or S, got {pair!r}")
        out.append((a, b))
    faces = Counter(s for pair in out for s in pair)
    if faces != Counter(SYMBOL_FACES):
        got = ", ".join(f"{s} {faces.get(s, 0)}" for s in "AODS")
        raise ValueError(f"tile_set faces must count A 4, O 12, D 12, S 4; got {got}")
    return tuple(out)


def _resolve(options: dict[str, Any]) -> dict[str, Any]:
    resolved = core.resolve_options(OPTIONS, options)
    resolved["tile_set"] = check_tile_set(resolved["tile_set"])
    return resolved


def new_game(seed: int | None = None, players: int = 2, **options: Any) -> State:
    """A new game from a seed, using the exact setup algorithm of spec §6.7.

    Args:
        seed: integer in ``[0, 2**53)``; ``None`` draws a fresh one (:func:`core.new_seed`).
        players: must be 2.
        **options: ``tile_set``, ``first_player``, ``setup`` (see :data:`OPTIONS`).

    Returns:
        With ``setup="alternate"``: a placement-phase state, the first player to place.
        With ``setup="random"``: the 16 placements are made here (they are not moves) and the
        state is in the movement phase with the first player to move.

    Raises:
        ValueError: a bad seed, player count or option.
    """
    if isinstance(players, bool) or players not in PLAYERS:
        raise ValueError(f"Alto is a game for 2 players, got {players!r}")
    seed = core.new_seed() if seed is None else core.check_seed(seed)
    opts = _resolve(options)
    first = opts["first_player"]
    rng = core.rng_for(seed, "setup")  # random.Random(f"{seed}/setup")
    tiles = list(opts["tile_set"])
    rng.shuffle(tiles)
    stacks = [""] * 16
    phase = PLACEMENT
    if opts["setup"] == "random":
        for k in range(16):
            colour = COLOURS[first if k % 2 == 0 else 1 - first]
            free = sorted(CELLS[i] for i in range(16) if not stacks[i])
            stacks[INDEX[rng.choice(free)]] = colour
        phase = MOVEMENT
    cells = tuple(Cell(tiles[i], True, stacks[i]) for i in range(16))
    return State(cells=cells, to_move=first, phase=phase, seed=seed, players=2, options=opts)


# --------------------------------------------------------------------------------------------
# The game API (DESIGN.md §2)


def num_players(state: State) -> int:
    """Always 2 (spec §2)."""
    return state.players


def seat_name(state: State, player: int) -> str:
    """``"Red"`` for player 0, ``"White"`` for player 1 (spec §5). Raises ``ValueError`` otherwise."""
    if player not in (0, 1) or isinstance(player, bool):
        raise ValueError(f"Alto has players 0 and 1, got {player!r}")
    return SEATS[player]


def is_over(state: State) -> bool:
    """True when no legal move remains: movement phase and no tile holds a disc (spec §8)."""
    return not state.legal


def current_player(state: State) -> int | None:
    """The player to place or move, or ``None`` when the game is over (spec §7.1, §8)."""
    return None if not state.legal else state.to_move


def legal_moves(state: State) -> list[Move]:
    """Every legal move, sorted by notation (spec §6.4, §7). Empty when the game is over."""
    return list(state.legal.values())


def parse_move(text: str) -> Move:
    """Read move notation (spec §10.5): ``"@c3"`` (placement) or ``"b2c3"`` (movement).

    Raises:
        ValueError: the text matches neither ``^@[a-d][1-4]$`` nor ``^[a-d][1-4][a-d][1-4]$``.
    """
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise ValueError(f"a move is notation text like '@c3' or 'b2c3', got {text!r}")
    m = _PLACE_RE.match(text)
    if m:
        return _PLACE_MOVES[INDEX[m.group(1)]]
    m = _ANY_STEP.get(text)
    if m is not None:
        return m
    if _STEP_RE.match(text):
        return Move(text)  # well-formed, but no symbol ever reaches that far
    raise ValueError(f"bad Alto move {text!r}: expected '@c3' (placement) or 'b2c3' (movement)")


def _why_illegal(state: State, move: Move) -> str:
    """A sentence saying why a well-formed ``move`` is not legal in ``state``."""
    if not state.legal:
        return f"{move}: the game is over"
    if state.phase == PLACEMENT:
        if move.src is not None:
            return f"{move}: discs are still being placed; place one with a move like '@c3'"
        return f"{move}: {move.dst} already holds a disc"
    if move.src is None:
        return f"{move}: the placement phase is over; move a disc with a move like 'b2c3'"
    c = state.cell(move.src)
    if not c.stack:
        return f"{move}: {move.src} holds no disc"
    if c.tile is None:
        return f"{move}: {move.src} has no tile, so its discs can never move"
    sym = c.active
    return (
        f"{move}: the {SYMBOL_NAMES[sym]} tile on {move.src} does not reach {move.dst} "
        f"(it goes to {', '.join(m.dst for m in state.legal.values() if m.src == move.src)})"
    )


def apply(state: State, move: Move | str) -> State:
    """The state after ``move`` (a :class:`Move` or its notation). ``state`` is not changed.

    Placement (spec §6.4): a disc of the player to move goes on a tile without a disc; after the
    16th placement the phase is movement. Movement (spec §7.2–7.4): the top disc (symbols A, O,
    D) or the whole stack (S) goes one step onto the destination's stack; the source tile then
    flips if it was bright, or is removed if it was black. The turn passes.

    Raises:
        ValueError: malformed notation (from :func:`parse_move`).
        IllegalMoveError: a well-formed move that is not legal here.
    """
    text = move if isinstance(move, str) else parse_move(move).text
    m = state.legal.get(text)
    if m is None:
        raise IllegalMoveError(_why_illegal(state, parse_move(text)))
    cells = list(state.cells)
    phase = state.phase
    d = INDEX[text[-2:]]
    if text[0] == "@":
        tile = cells[d]
        cells[d] = Cell(tile.tile, tile.bright, COLOURS[state.to_move])
        if all(c.stack for c in cells):
            phase = MOVEMENT
    else:
        s = INDEX[text[:2]]
        src = cells[s]
        if (src.tile[0] if src.bright else src.tile[1]) == "S":
            moved, left = src.stack, ""
        else:
            moved, left = src.stack[-1], src.stack[:-1]
        cells[s] = Cell(src.tile, False, left) if src.bright else Cell(None, False, left)
        dst = cells[d]
        cells[d] = Cell(dst.tile, dst.bright, dst.stack + moved)
    return State(
        cells=tuple(cells),
        to_move=1 - state.to_move,
        phase=phase,
        seed=state.seed,
        players=state.players,
        options=state.options,
        moves=state.moves + (text,),
        start=state.start,
    )


def levels(state: State) -> tuple[list[int], list[int]]:
    """Disc counts per level for (red, white); index 0 is level 1 (spec §5, §9).

    Both lists run up to the highest level reached by any disc (so they have the same length).
    """
    height = max((len(c.stack) for c in state.cells), default=0)
    out = ([0] * height, [0] * height)
    for c in state.cells:
        for k, colour in enumerate(c.stack):
            out[colour == "w"][k] += 1
    return out


def scores(state: State) -> tuple[int, int]:
    """Current (red, white) scores: a disc at level k scores k (spec §9.1). Defined at any time."""
    red, white = levels(state)
    return (
        sum(k * n for k, n in enumerate(red, 1)),
        sum(k * n for k, n in enumerate(white, 1)),
    )


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None`` (spec §9).

    Returns:
        ``Outcome(scores=(red, white), winners, reason, detail, breakdown)``: ``reason`` is
        ``"score"`` (higher total), ``"tiebreak"`` with ``detail={"level": k}`` (more discs at
        the highest level that differs, spec §9.2) or ``"draw"`` with ``winners=(0, 1)``
        (spec §9.3); ``breakdown`` is ``(red_counts, white_counts)``, each a list of disc counts
        per level, index 0 = level 1, up to the highest level of the game.
    """
    if state.legal:
        return None
    red, white = levels(state)
    score = scores(state)
    breakdown = (red, white)
    if score[0] != score[1]:
        return Outcome(score, (0,) if score[0] > score[1] else (1,), "score", {}, breakdown)
    for k in range(len(red), 0, -1):
        a, b = red[k - 1], white[k - 1]
        if a != b:
            return Outcome(score, (0,) if a > b else (1,), "tiebreak", {"level": k}, breakdown)
    return Outcome(score, (0, 1), "draw", {}, breakdown)


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """What ``player`` (0, 1, or ``None`` for a spectator) may see: everything, as JSON-friendly
    data. Alto has no hidden information, so every view holds the same facts.

    Returns:
        ``{"game": "alto", "player": player, "players": 2, "phase": "placement" | "movement",
        "to_move": 0 | 1, "current_player": 0 | 1 | None, "ply": moves played,
        "cells": [{"cell": "a1", "tile": ["O", "D"] | None (bright, black symbols),
        "bright": bool, "active": "O" | None, "stack": "rw"}, ...] (a1, b1, ..., d4),
        "legal_moves": [notation, ...] (sorted), "scores": [red, white],
        "outcome": Outcome.to_json() | None, "options": every option (tile_set as lists)}``.

    Raises:
        ValueError: ``player`` is not 0, 1 or ``None``.
    """
    if player is not None and (isinstance(player, bool) or player not in (0, 1)):
        raise ValueError(f"Alto has players 0 and 1 (or None for a spectator), got {player!r}")
    out = outcome(state)
    return {
        "game": GAME_ID,
        "player": player,
        "players": state.players,
        "phase": state.phase,
        "to_move": state.to_move,
        "current_player": current_player(state),
        "ply": len(state.moves),
        "cells": [
            {"cell": CELLS[i], "tile": None if c.tile is None else list(c.tile),
             "bright": c.bright, "active": c.active, "stack": c.stack}
            for i, c in enumerate(state.cells)
        ],
        "legal_moves": list(state.legal),
        "scores": list(scores(state)),
        "outcome": None if out is None else out.to_json(),
        "options": {k: ([list(t) for t in v] if k == "tile_set" else v)
                    for k, v in state.options.items()},
    }


def private_step(state: State) -> bool:
    """Whether the seat to act holds information the others must not see: never in Alto
    (perfect information, spec §2)."""
    return False


def undo_barrier(before: State, after: State) -> bool:
    """True when undo may not take back the ply ``before`` -> ``after`` once its player has
    ended their step: never beyond what the turn protocol already says (what was shown, End
    turn) in this game."""
    return False


def reveals(before: State, after: State) -> frozenset[int | None]:
    """To whom the ply ``before`` -> ``after`` revealed information nobody had: nobody, ever.

    Alto's only chance is the setup (spec §6.7), shown to everyone before the first move, so
    the result is always the empty set and undo is never limited by it.
    """
    return frozenset()


# --------------------------------------------------------------------------------------------
# Web-layer helpers


def sources(state: State) -> list[str]:
    """Cells (names, sorted) that have at least one legal move; ``[]`` in the placement phase."""
    if state.phase != MOVEMENT:
        return []
    out: list[str] = []
    for m in state.legal.values():
        if not out or out[-1] != m.src:
            out.append(m.src)
    return out


def destinations(state: State, cell: str) -> list[Move]:
    """The legal moves (sorted) whose source is ``cell``; ``[]`` if none or in placement.

    Raises:
        ValueError: ``cell`` is not a cell name.
    """
    _index(cell)
    return [m for m in state.legal.values() if m.src == cell]
