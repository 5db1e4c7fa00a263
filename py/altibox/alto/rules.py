"""Alto rules: state, moves, notation, APN, scoring (shared/rules/alto.md).

Alto is a two-player, deterministic, perfect-information stacking game on a 4x4 grid of
double-sided tiles. After setup (§6) nothing is left to chance: the only randomness is the tile
shuffle and, with ``setup="random"``, the placements, both drawn from
``random.Random(f"{seed}/setup")``.

Cells are indexed ``0..15`` in the order ``a1, b1, c1, d1, a2, ..., d4`` (column ``i % 4``,
row ``i // 4 + 1``, the order of spec §6.7); :data:`CELLS` holds their names.

Everything here is pure Python (standard library only) so it runs in CPython and in Pyodide.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from altibox import core
from altibox.core import IllegalMoveError, Outcome, PositionError

NAME = "Alto"
PLAYERS = range(2, 3)

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

_CELL_RE = re.compile(r"^(?:[AODS]{2}|[aods]{2}|--)[rw]*$")
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


@dataclass(frozen=True)
class Move:
    """A move (spec §10.5): a placement ``@c3`` (``src is None``) or a movement ``b2c3``.

    ``str(move)`` is its notation. Frozen and hashable; build one with :func:`parse_move`.

    Attributes:
        src: source cell name, or ``None`` for a placement.
        dst: destination cell name (the cell that receives the disc or stack).
    """

    src: str | None
    dst: str

    def __str__(self) -> str:
        return "@" + self.dst if self.src is None else self.src + self.dst

    @property
    def is_placement(self) -> bool:
        """True for a placement (``@c3``)."""
        return self.src is None


# Every possible move, built once: placements and one-step movements.
_PLACE_MOVES = tuple(Move(None, CELLS[i]) for i in range(16))
_STEP_MOVES = {
    (i, j): Move(CELLS[i], CELLS[j]) for i in range(16) for j in STEPS["A"][i]
}


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
                    out[str(m)] = m
            return out
        for i in _BY_NAME:
            c = cells[i]
            if c.tile is None or not c.stack:
                continue
            for j in STEPS[c.tile[0] if c.bright else c.tile[1]][i]:
                m = _STEP_MOVES[i, j]
                out[m.src + m.dst] = m
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
    m = _STEP_RE.match(text)
    if m:
        src, dst = m.groups()
        return _STEP_MOVES.get((INDEX[src], INDEX[dst])) or Move(src, dst)
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
    text = move if isinstance(move, str) else str(parse_move(move))
    m = state.legal.get(text)
    if m is None:
        raise IllegalMoveError(_why_illegal(state, parse_move(text)))
    cells = list(state.cells)
    phase = state.phase
    d = INDEX[m.dst]
    if m.src is None:
        tile = cells[d]
        cells[d] = Cell(tile.tile, tile.bright, COLOURS[state.to_move])
        if all(c.stack for c in cells):
            phase = MOVEMENT
    else:
        s = INDEX[m.src]
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


def view(state: State, player: int | None = None) -> State:
    """What ``player`` may see: everything, Alto has no hidden information. Returns ``state``."""
    return state


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


def _stack_words(stack: str) -> str:
    return ", ".join(COLOUR_WORDS[c] for c in stack)


def describe(state: State, move: Move | str) -> str:
    """Readable words for ``move`` played in ``state`` (the state *before* the move).

    Examples: ``"Red places a disc on c3"``, ``"White moves the red disc a3→b2; the tile
    flips"``, ``"White moves the top disc (white) of 2 b3→a3; the tile is removed"``,
    ``"White moves the stack of 3 (red, white, white) c2→d2; the tile flips"``.

    Raises:
        ValueError: malformed notation. IllegalMoveError: the move is not legal in ``state``.
    """
    text = move if isinstance(move, str) else str(parse_move(move))
    m = state.legal.get(text)
    if m is None:
        raise IllegalMoveError(_why_illegal(state, parse_move(text)))
    who = SEATS[state.to_move]
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


# --------------------------------------------------------------------------------------------
# APN (spec §10)


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


# --------------------------------------------------------------------------------------------
# Records (DESIGN.md §2)


def to_record(state: State, meta: dict | None = None) -> dict:
    """The record of ``state``: ``{"schema", "game": "alto", "players", "options" (non-default
    only), "seed", "moves", "start", "meta"}`` (DESIGN.md §2)."""
    return core.to_record("alto", sys.modules[__name__], state, meta)


def replay(record: dict) -> State:
    """Rebuild a state by replaying ``record`` under the rules.

    Raises:
        RecordError: a bad header or start position (``ply`` 0), or the 1-based ``ply`` whose
            move is malformed or illegal (with ``.move``).
    """
    return core.replay("alto", sys.modules[__name__], record)
