"""Alto for the bots: a compact internal board, an MCTS adapter and an exact endgame solver.

Alto (shared/rules/alto.md) is short and has perfect information, so the search plays on the
real position. The bots read it only through its APN (``alto.to_position``, spec §10) and turn
it into a compact board built for speed:

- ``faces``: per cell (index 0..15 = a1, b1, ..., d4, spec §6.7) the symbols still to come,
  active first: ``"OD"`` = an O/D tile bright side up (active O, flips to D), ``"D"`` = black
  side up (active D, removed after its next move), ``""`` = no tile (spec §7.4);
- ``stacks``: per cell the discs bottom to top, e.g. ``"rw"``;
- ``to_move`` (0 red, 1 white) and ``placing`` (the placement phase, spec §6.4).

A *tile use* is one life of a tile: a tile bright side up has 2 left, black side up 1, a removed
one 0 (each move uses one life of its source tile). :func:`lives` counts them; the game has at
most that many moves left.

:func:`solve` is an exact alpha-beta search with a transposition table over the game value for
the player to move: +1 win, 0 draw, -1 loss, the level-by-level tie-break (spec §9.2) and the
draw (§9.3) included. It stops with :class:`Unfinished` once it has visited ``max_nodes`` nodes,
so a caller can try it within a fixed budget (counted in nodes, the same on every machine).
"""

from __future__ import annotations

import random
from typing import Sequence

from .mcts import Adapter

CELLS = tuple(f"{c}{r}" for r in "1234" for c in "abcd")
INDEX = {name: i for i, name in enumerate(CELLS)}


def _neighbours(deltas) -> tuple:
    out = []
    for i in range(16):
        col, row = i % 4, i // 4
        near = [(row + dr) * 4 + col + dc for dc, dr in deltas
                if 0 <= col + dc < 4 and 0 <= row + dr < 4]
        out.append(tuple(sorted(near, key=lambda j: CELLS[j])))
    return tuple(out)


_ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
#: Destinations of each active symbol from each cell (spec §7.2).
STEPS = {"A": _neighbours(_ORTHO + _DIAG), "O": _neighbours(_ORTHO), "D": _neighbours(_DIAG),
         "S": _neighbours(_ORTHO)}
_BY_NAME = tuple(sorted(range(16), key=lambda i: CELLS[i]))
#: Move notation of every (source, destination) pair; placements are (-1, cell).
NOTATION = {(i, j): CELLS[i] + CELLS[j] for i in range(16) for j in STEPS["A"][i]}
NOTATION.update({(-1, j): "@" + CELLS[j] for j in range(16)})
COLOURS = "rw"


class Board(tuple):
    """The compact Alto board ``(faces, stacks, to_move, placing)`` (see the module docstring)."""

    __slots__ = ()

    @property
    def faces(self) -> tuple:
        return self[0]

    @property
    def stacks(self) -> tuple:
        return self[1]

    @property
    def to_move(self) -> int:
        return self[2]

    @property
    def placing(self) -> bool:
        return self[3]


def from_apn(apn: str) -> Board:
    """The compact board of an APN position (spec §10). The APN is trusted (it comes from
    ``alto.to_position``); raises ``ValueError`` on a malformed one."""
    board, mover, phase = apn.split(" ")
    faces = [""] * 16
    stacks = [""] * 16
    for n, row in zip((4, 3, 2, 1), board.split("/")):
        for k, cell in enumerate(row.split(",")):
            i = (n - 1) * 4 + k
            t, s = cell[:2], cell[2:]
            if t == "--":
                faces[i] = ""
            elif t.isupper():
                faces[i] = t
            else:
                faces[i] = t[1].upper()
            stacks[i] = s
    return Board((tuple(faces), tuple(stacks), COLOURS.index(mover), phase == "p"))


def lives(b: Board) -> int:
    """Tile uses left: 2 per tile bright side up, 1 per tile black side up (module docstring)."""
    return sum(len(f) for f in b[0])


def legal(b: Board) -> list:
    """Legal moves as ``(src, dst)`` cell indexes (``src = -1`` for a placement), in notation
    order (spec §6.4, §7.2). Empty when the game is over (spec §8)."""
    faces, stacks = b[0], b[1]
    if b[3]:
        return [(-1, i) for i in _BY_NAME if not stacks[i]]
    out = []
    for i in _BY_NAME:
        f = faces[i]
        if f and stacks[i]:
            for j in STEPS[f[0]][i]:
                out.append((i, j))
    return out


def over(b: Board) -> bool:
    """True when no tile holds a disc in the movement phase (spec §8)."""
    if b[3]:
        return False
    faces, stacks = b[0], b[1]
    for i in range(16):
        if faces[i] and stacks[i]:
            return False
    return True


def play(b: Board, m: tuple) -> Board:
    """The board after move ``m`` (spec §6.4, §7.2–7.4). ``m`` must be legal."""
    faces, stacks, tm, placing = b
    i, j = m
    if i < 0:
        st = list(stacks)
        st[j] = COLOURS[tm]
        return Board((faces, tuple(st), 1 - tm, not all(st)))
    f = faces[i]
    src = stacks[i]
    if f[0] == "S":
        moved, left = src, ""
    else:
        moved, left = src[-1], src[:-1]
    st = list(stacks)
    st[i] = left
    st[j] = st[j] + moved
    fc = list(faces)
    fc[i] = f[1:]
    return Board((tuple(fc), tuple(st), 1 - tm, False))


def result(b: Board) -> int:
    """The winner of a finished game: 0 red, 1 white, -1 a draw (spec §9.1–9.3)."""
    height = max(len(s) for s in b[1])
    red = [0] * (height + 1)
    white = [0] * (height + 1)
    for s in b[1]:
        for k, c in enumerate(s, 1):
            if c == "r":
                red[k] += 1
            else:
                white[k] += 1
    sr = sum(k * n for k, n in enumerate(red))
    sw = sum(k * n for k, n in enumerate(white))
    if sr != sw:
        return 0 if sr > sw else 1
    for k in range(height, 0, -1):
        if red[k] != white[k]:
            return 0 if red[k] > white[k] else 1
    return -1


def ordered(b: Board, moves: list) -> list:
    """``moves`` sorted by how much they raise the mover's levels minus the opponent's (the
    immediate score change, spec §9.1), best first: a move-ordering heuristic for the solver."""
    faces, stacks, tm = b[0], b[1], b[2]
    mine = COLOURS[tm]
    keyed = []
    for m in moves:
        i, j = m
        src = stacks[i]
        hd = len(stacks[j])
        if faces[i][0] == "S":
            d = 0
            for c in src:
                d += hd if c == mine else -hd
        else:
            gain = hd + 1 - len(src)
            d = gain if src[-1] == mine else -gain
        keyed.append((-d, m))
    keyed.sort()
    return [m for _d, m in keyed]


class Unfinished(Exception):
    """:func:`solve` ran out of its node budget."""


class Solver:
    """Exact alpha-beta (negamax) with a transposition table over the value +1 / 0 / -1 for the
    player to move (win, draw, loss, tie-break included; spec §9).

    Args:
        max_nodes: stop with :class:`Unfinished` after visiting this many nodes (a slice limit:
            the table survives, so a new call goes on where this one stopped).
        max_entries: stop with :class:`Unfinished` once the table holds this many positions
            (the total budget: it does not depend on how the work was sliced).

    Attributes:
        nodes: nodes visited so far; table: ``{board: (value, flag, best move)}``.
    """

    EXACT, LOWER, UPPER = 0, 1, 2

    def __init__(self, max_nodes: int = 10**9, max_entries: int = 10**9):
        self.max_nodes = max_nodes
        self.max_entries = max_entries
        self.nodes = 0
        self.table: dict = {}

    def value(self, b: Board, alpha: int = -1, beta: int = 1) -> int:
        """The negamax value of ``b`` for the player to move, within ``[alpha, beta]``."""
        self.nodes += 1
        if self.nodes > self.max_nodes or len(self.table) >= self.max_entries:
            raise Unfinished()
        moves = legal(b)
        if not moves:
            w = result(b)
            return 0 if w < 0 else (1 if w == b[2] else -1)
        table = self.table
        hit = table.get(b)
        first = None
        if hit is not None:
            v, flag, first = hit
            if flag == 0:
                return v
            if flag == 1 and v >= beta:
                return v
            if flag == 2 and v <= alpha:
                return v
        a0 = alpha
        if len(moves) > 1:
            moves = ordered(b, moves)
        if first is not None:
            moves.remove(first)
            moves.insert(0, first)
        best = -2
        best_m = moves[0]
        for m in moves:
            v = -self.value(play(b, m), -beta, -alpha)
            if v > best:
                best, best_m = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = 1 if best >= beta else (2 if best <= a0 else 0)
        table[b] = (best, flag, best_m)
        return best

    def root_values(self, b: Board) -> dict:
        """``{move: exact value for the player to move}`` for every legal move of ``b``."""
        out = {}
        for m in legal(b):
            out[m] = -self.value(play(b, m), -1, 1)
        return out


def solve(b: Board, max_nodes: int = 10**9) -> tuple[int, list]:
    """The exact value of ``b`` for the player to move and a move that achieves it.

    Returns:
        ``(value, [best move])``: value +1 win, 0 draw, -1 loss.

    Raises:
        Unfinished: more than ``max_nodes`` nodes would be needed.
    """
    s = Solver(max_nodes, max_nodes)
    # null-window tests (cheaper than one full-window search): a win? else a draw? else a loss
    if s.value(b, 0, 1) >= 1:
        v = 1
    elif s.value(b, -1, 0) >= 0:
        v = 0
    else:
        v = -1
    return v, [s.table[b][2]]


def brute_force(b: Board, memo: dict | None = None) -> int:
    """Plain minimax over every move, no pruning (for tests): the value for the player to move.

    ``memo`` (optional) caches the exact value of every position met, so the same position is
    not searched twice; it changes nothing else.
    """
    if memo is not None:
        v = memo.get(b)
        if v is not None:
            return v
    moves = legal(b)
    if not moves:
        w = result(b)
        v = 0 if w < 0 else (1 if w == b[2] else -1)
    else:
        v = max(-brute_force(play(b, m), memo) for m in moves)
    if memo is not None:
        memo[b] = v
    return v


class AltoAdapter(Adapter):
    """The MCTS adapter on the compact board: random rollouts to the end of the game."""

    def to_move(self, b: Board):
        return None if over(b) else b[2]

    def legal(self, b: Board) -> list:
        return legal(b)

    def key(self, m: tuple) -> str:
        return NOTATION[m]

    def play(self, b: Board, m: tuple) -> Board:
        return play(b, m)

    def num_players(self, b: Board) -> int:
        return 2

    def rewards(self, b: Board) -> tuple:
        w = result(b)
        return (0.5, 0.5) if w < 0 else ((1.0, 0.0) if w == 0 else (0.0, 1.0))

    def rollout_move(self, b: Board, moves: Sequence, rng: random.Random):
        return moves[rng.randrange(len(moves))]

    def rollout(self, b: Board, rng: random.Random, player: int, max_plies: int) -> tuple:
        """A uniformly random playout to the end on mutable lists (the hot loop of the search)."""
        faces = list(b[0])
        stacks = list(b[1])
        tm = b[2]
        rand = rng.random
        if b[3]:  # placement: the remaining discs go on random free tiles, colours alternating
            free = [i for i in range(16) if not stacks[i]]
            while free:
                k = int(rand() * len(free))
                stacks[free.pop(k)] = COLOURS[tm]
                tm = 1 - tm
        steps = STEPS
        cells = range(16)
        while True:
            total = 0
            srcs = []
            for i in cells:
                f = faces[i]
                if f and stacks[i]:
                    d = steps[f[0]][i]
                    srcs.append((i, d))
                    total += len(d)
            if not total:
                break
            k = int(rand() * total)
            for i, d in srcs:
                if k < len(d):
                    j = d[k]
                    break
                k -= len(d)
            f = faces[i]
            src = stacks[i]
            if f[0] == "S":
                stacks[j] += src
                stacks[i] = ""
            else:
                stacks[j] += src[-1]
                stacks[i] = src[:-1]
            faces[i] = f[1:]
        w = result((faces, stacks))
        return (0.5, 0.5) if w < 0 else ((1.0, 0.0) if w == 0 else (0.0, 1.0))


# --------------------------------------------------------------------------------------------
# Levels


#: Per level: MCTS simulations; hard also tries the exact solver (perfect play) when at most
#: ``solve_lives`` tile uses are left, within ``solve_entries`` solved positions (else
#: ``sims_after_fail`` simulations).
LEVELS = {
    "easy": {"sims": 40},
    "medium": {"sims": 700},
    "hard": {"sims": 1800, "solve_lives": 14, "solve_entries": 12_000, "sims_after_fail": 800},
}


#: Simulations per slice that keep a slice near 15 ms of CPython (about 50 ms in the browser).
SLICE = 40
NODES_PER_SIM = 25  # solver nodes that cost about as much as one simulation


class Plan:
    """A level's search for one Alto position, in slices (see ``altibox.bots.Search``).

    Hard: first the exact solver, in slices of ``NODES_PER_SIM * n`` nodes (its transposition
    table survives between slices, so a slice goes on where the last one stopped). If it
    finishes within ``solve_nodes``, its move is played (a win if there is one, else a draw if
    there is one). If its table fills up first (``solve_entries``), a smaller MCTS
    (``sims_after_fail``) picks the move. Slicing changes neither the result nor the budget.
    """

    def __init__(self, board: Board, level: str, rng: random.Random):
        cfg = LEVELS[level]
        self.board = board
        self.cfg = cfg
        self.rng = rng
        self.solved = None      # (value, [best move]) once the solver finished
        self.solver = None
        self.mcts = None
        if "solve_lives" in cfg and lives(board) <= cfg["solve_lives"] and not board[3]:
            self.solver = Solver(0, cfg["solve_entries"])
        else:
            self._start_mcts(cfg["sims"])

    def _start_mcts(self, sims: int):
        from .mcts import MCTS
        b = self.board
        self.mcts = MCTS(AltoAdapter(), lambda i: b, b[2], sims, self.rng, c=0.7)

    def _solve_slice(self, n: int) -> bool:
        s = self.solver
        s.max_nodes = s.nodes + max(1, n) * NODES_PER_SIM
        b = self.board
        try:
            if s.value(b, 0, 1) >= 1:
                v = 1
            elif s.value(b, -1, 0) >= 0:
                v = 0
            else:
                v = -1
        except Unfinished:
            if len(s.table) < s.max_entries:
                return False
            self.solver = None
            self._start_mcts(self.cfg["sims_after_fail"])
            return False
        self.solved = (v, [s.table[b][2]])
        self.solver = None
        return True

    def step(self, n: int) -> bool:
        if self.solver is not None:
            return self._solve_slice(n)
        if self.mcts is None:
            return True
        return self.mcts.step(n)

    @property
    def progress(self) -> float:
        if self.solver is not None:
            return min(0.99, len(self.solver.table) / self.cfg["solve_entries"])
        if self.mcts is None:
            return 1.0
        return self.mcts.done / max(1, self.mcts.budget)

    def best_key(self):
        if self.solved is not None:
            return NOTATION[self.solved[1][0]]
        if self.mcts is None:
            return None
        return self.mcts.best_key()


def plan(state, player: int, level: str, rng: random.Random) -> Plan:
    """The search of ``level`` for ``state`` (an ``alto`` state; Alto hides nothing)."""
    from altibox import GAMES
    return Plan(from_apn(GAMES["alto"].to_position(state)), level, rng)
