"""A generic Monte Carlo tree search over the rules API (DESIGN.md §2), resumable in slices.

The search is *single-observer information-set MCTS* (ISMCTS, Cowling, Powley & Whitehouse
2012): the tree is keyed by move notation, and every iteration plays in one *world* — a full
game state. For a perfect-information game (Alto) the world is the real state; for a game with
hidden information (Altitude, Altiplano) each world is a *determinization*: a state built from
the bot's own view with everything it cannot see sampled (the game's own module for the bot
builds them, see ``altibox.bots.altitude`` / ``altiplano``). Chance is handled the same way: a
determinized world carries a fresh sampled seed, so its future draws are sampled too.

Selection uses UCB1 with *availability counts* (a child's exploration term counts only the
iterations in which its move was legal). Each iteration expands one new node, then plays a
rollout of at most ``rollout_plies`` plies with the adapter's rollout policy and scores the
reached state with the adapter: exact rewards at the end of a game, a heuristic evaluation
otherwise. Rewards are per player in ``[0, 1]`` (1 a win, 0 a loss, shared wins split), so
the search works for any number of players (each node keeps the reward of the player who made
its move, the "max^n" reading).

The budget is counted in iterations ("simulations"), never in time, so a seed gives the same
move on every machine. :class:`MCTS` does a bounded number of iterations per :meth:`MCTS.step`
call, so a page can run it in slices and yield to the browser between them.

Pure standard library; no threads.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

__all__ = ["Adapter", "MCTS", "Node"]


class Adapter:
    """How the search sees one game. The defaults use a rules module (DESIGN.md §2) directly.

    Subclasses override what their game needs (a fast internal state, a rollout policy, an
    evaluation). A *world* is whatever state type the adapter works on.

    Args:
        rules: a rules module from ``altibox.GAMES`` (used by the default methods).
    """

    #: Reward for each player of a state that is not over (override :meth:`evaluate`).
    def __init__(self, rules: Any = None):
        self.rules = rules

    def to_move(self, world: Any) -> int | None:
        """The player to move, ``None`` when the game is over."""
        return self.rules.current_player(world)

    def legal(self, world: Any) -> Sequence[Any]:
        """Legal moves, in a fixed (sorted) order."""
        return self.rules.legal_moves(world)

    def key(self, move: Any) -> str:
        """The tree key of a move: its notation."""
        return str(move)

    def play(self, world: Any, move: Any) -> Any:
        """The world after ``move`` (never mutates ``world``)."""
        return self.rules.apply(world, move)

    def num_players(self, world: Any) -> int:
        """Number of players."""
        return self.rules.num_players(world)

    def rewards(self, world: Any) -> tuple[float, ...]:
        """Per-player reward of a finished game: 1 / len(winners) for each winner, else 0."""
        out = self.rules.outcome(world)
        n = self.num_players(world)
        share = 1.0 / len(out.winners)
        return tuple(share if p in out.winners else 0.0 for p in range(n))

    def evaluate(self, world: Any, player: int) -> tuple[float, ...]:
        """Heuristic per-player rewards in ``[0, 1]`` of a world that is not over.

        ``player`` is the searching player. The default knows nothing: 1/n for everyone.
        """
        n = self.num_players(world)
        return (1.0 / n,) * n

    #: Optional fast path: ``rollout(world, rng, player, max_plies) -> rewards`` that plays the
    #: whole rollout itself (``None``: the search plays :meth:`rollout_move` ply by ply).
    rollout = None

    def rollout_move(self, world: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        """The rollout policy: one of ``moves`` (the legal moves of ``world``). Default: uniform."""
        return moves[rng.randrange(len(moves))]


class Node:
    """One tree node: the move that led here and its statistics.

    Attributes:
        player: the player who made the move into this node (rewards are theirs).
        move: that move (``None`` at the root).
        visits: iterations through this node; total: sum of ``player``'s rewards;
        avail: iterations in which this node's move was legal at its parent (ISMCTS);
        children: ``{move key: Node}`` in creation order.
    """

    __slots__ = ("player", "move", "visits", "total", "avail", "children")

    def __init__(self, player: int, move: Any):
        self.player = player
        self.move = move
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[str, Node] = {}


class MCTS:
    """A resumable ISMCTS over an :class:`Adapter`.

    Args:
        adapter: the game adapter.
        worlds: a callable ``worlds(i) -> world`` giving the world of iteration ``i`` (the same
            world for every ``i`` in a perfect-information game; a determinization otherwise).
        player: the searching player (the player to move at the root).
        budget: total iterations (simulations); ``0`` is allowed (then :meth:`best` picks the
            first allowed move).
        rng: the search's random generator (derive it from the bot seed).
        c: the UCB1 exploration constant (rewards are in ``[0, 1]``).
        rollout_plies: the longest rollout after the expanded node; the reached state is scored
            by :meth:`Adapter.evaluate` unless the game ended.
        allowed: if given, the only root moves the search considers (keys), e.g. the moves an
            exact solver proved best.
    """

    def __init__(self, adapter: Adapter, worlds: Callable[[int], Any], player: int, budget: int,
                 rng: random.Random, c: float = 0.7, rollout_plies: int = 1000,
                 allowed: Sequence[str] | None = None):
        self.adapter = adapter
        self.worlds = worlds
        self.player = player
        self.budget = max(0, int(budget))
        self.rng = rng
        self.c = c
        self.rollout_plies = rollout_plies
        self.allowed = None if allowed is None else set(allowed)
        self.root = Node(-1, None)
        self.done = 0

    @property
    def finished(self) -> bool:
        """True once the whole budget has been spent."""
        return self.done >= self.budget

    def step(self, max_iterations: int) -> bool:
        """Run at most ``max_iterations`` more iterations. Returns :attr:`finished`."""
        ad = self.adapter
        rng = self.rng
        c = self.c
        allowed = self.allowed
        end = min(self.budget, self.done + max(0, int(max_iterations)))
        while self.done < end:
            world = self.worlds(self.done)
            node = self.root
            path = []
            me = self.player
            expanded = False
            while True:
                p = ad.to_move(world)
                if p is None:
                    break
                moves = ad.legal(world)
                if node is self.root and allowed is not None:
                    moves = [m for m in moves if ad.key(m) in allowed] or moves
                children = node.children
                untried = []
                best = None
                best_v = -1.0
                log_terms = {}
                for m in moves:
                    k = ad.key(m)
                    ch = children.get(k)
                    if ch is None:
                        untried.append((k, m))
                    else:
                        ch.avail += 1
                if untried:
                    k, m = untried[rng.randrange(len(untried))]
                    ch = Node(p, m)
                    ch.avail = 1
                    children[k] = ch
                    world = ad.play(world, m)
                    path.append(ch)
                    expanded = True
                    break
                for m in moves:
                    ch = children[ad.key(m)]
                    la = log_terms.get(ch.avail)
                    if la is None:
                        la = log_terms[ch.avail] = math.log(ch.avail)
                    v = ch.total / ch.visits + c * math.sqrt(la / ch.visits)
                    if v > best_v:
                        best_v, best = v, ch
                world = ad.play(world, best.move)
                path.append(best)
                node = best
            # rollout (only after an expansion: a finished world needs none)
            depth = 0
            limit = self.rollout_plies if expanded else 0
            if ad.rollout is not None and limit:
                limit = 0
                r = ad.rollout(world, rng, me, self.rollout_plies)
            else:
                r = None
            while depth < limit:
                if ad.to_move(world) is None:
                    break
                moves = ad.legal(world)
                world = ad.play(world, ad.rollout_move(world, moves, rng))
                depth += 1
            if r is not None:
                pass
            elif ad.to_move(world) is None:
                r = ad.rewards(world)
            else:
                r = ad.evaluate(world, me)
            for n in path:
                n.visits += 1
                n.total += r[n.player]
            self.done += 1
        return self.finished

    def ranking(self) -> list[tuple[str, int, float]]:
        """Root moves as ``(key, visits, mean reward)``, best first (visits, mean, then key)."""
        rows = [(k, ch.visits, ch.total / ch.visits if ch.visits else 0.0)
                for k, ch in self.root.children.items()]
        rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
        return rows

    def best_key(self) -> str | None:
        """The key of the most visited root move (ties: higher mean, then notation order)."""
        rows = self.ranking()
        return rows[0][0] if rows else None
