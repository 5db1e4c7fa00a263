"""Computer opponents for every Altibox game: one entry point, four strengths.

    >>> from altibox import GAMES, bots
    >>> state = GAMES["alto"].new_game(seed=7, setup="random")
    >>> move = bots.choose_move("alto", state, "medium", seed=1)
    >>> move in GAMES["alto"].legal_moves(state)
    True

- :func:`choose_move` ``(game_id, state, level, seed) -> Move`` — one blocking call, for
  everything that plays (the page, the benchmark, tests). Deterministic: the same
  ``(game_id, state, level, seed)`` always gives the same move, on any machine, because every
  budget is counted in simulations (or solver nodes), never in time, and every random number
  comes from ``random.Random(f"{seed}/bot/...")``. A game with bots therefore replays exactly
  from its record.
- :class:`Search` — the same search, resumable in slices, for a page that must yield to the
  browser: ``s = Search(game_id, state, level, seed)``; ``while not s.step(): <yield>``
  (``step()`` does ``s.slice_sims`` simulations, about 50 ms in the browser);
  ``s.best()``. ``s.progress`` is in ``[0, 1]``.
- :data:`LEVELS`: ``("random", "easy", "medium", "hard")``.

The bot plays for ``current_player(state)``. Alto has perfect information; the Altitude and
Altiplano bots read the state only through ``view(state, seat)`` and sample what that seat
cannot see (determinization, ``altibox.bots.altitude`` / ``altiplano``), so another seat's hand,
bag order, the draw pile's order or the game seed never influence the move.

How each level plays (details and budgets in each game's module):

==========  ==================================================================================
random      a uniformly random legal move
easy        Alto: a small MCTS; Altitude: the one-move greedy player (the move whose result
            scores best) with much noise; Altiplano: its greedy policy (recipes, orders,
            scoring) picking at random among its 3 best candidates
medium      Alto: MCTS with a simulation budget sized for ≤ 1 s per move in the browser;
            Altitude: the greedy player with little noise; Altiplano: hard's policy and
            knowledge, ending its round instead of acting at 25 % of its decisions to act
hard        Alto: a bigger MCTS budget (≤ 3 s in the browser) and an exact alpha-beta endgame
            solver that takes over as soon as it can finish within its node budget; Altitude:
            ISMCTS over sampled worlds (≤ 3 s); Altiplano: the policy without mistakes and
            with knowledge tuned by self-play
==========  ==================================================================================

Each step was measured to win at least 70 % of two-player games against the level below
(``tests/bench_bots.py strength``; figures and why some levels are not a search in the README,
"Playing against the computer").
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from altibox import GAMES

LEVELS = ("random", "easy", "medium", "hard")

__all__ = ["LEVELS", "Search", "choose_move", "bot_module"]


def bot_module(game_id: str):
    """The bot module of a game (``altibox.bots.alto`` ...). Raises ``ValueError`` if none."""
    if game_id == "alto":
        from . import alto as mod
    elif game_id == "altitude":
        from . import altitude as mod
    elif game_id == "altiplano":
        from . import altiplano as mod
    else:
        raise ValueError(f"no bot for game {game_id!r}; games: {', '.join(GAMES)}")
    return mod


class Search:
    """A bot's move search, resumable in slices (see the module docstring).

    Args:
        game_id: a key of ``altibox.GAMES``.
        state: the game state; the bot plays for ``current_player(state)``.
        level: one of :data:`LEVELS`.
        seed: any int or str; the same seed gives the same move.

    Attributes:
        player: the seat the bot plays for. moves: the legal moves (``legal_moves(state)``).
        slice_sims: simulations per :meth:`step` that keep one slice near 15 ms of CPython
            (about 50 ms in the browser) for this game.

    Raises:
        ValueError: unknown game or level, or the game is over.
    """

    def __init__(self, game_id: str, state: Any, level: str, seed: int | str = 0):
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}; games: {', '.join(GAMES)}")
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
        rules = GAMES[game_id]
        player = rules.current_player(state)
        if player is None:
            raise ValueError("the game is over: there is no move to choose")
        self.game_id = game_id
        self.level = level
        self.player = player
        self.moves = rules.legal_moves(state)
        self._by_key = {str(m): m for m in self.moves}
        self._rng = random.Random(f"{seed}/bot/{game_id}/{level}")
        self._plan = None
        self._choice = None
        self.slice_sims = getattr(bot_module(game_id), "SLICE", 20)
        if len(self.moves) == 1:
            self._choice = self.moves[0]
        elif level == "random":
            self._choice = self.moves[self._rng.randrange(len(self.moves))]
        else:
            self._plan = bot_module(game_id).plan(state, player, level, self._rng)

    def step(self, max_sims: int | None = None, deadline: float | None = None,
             clock: Callable[[], float] = time.perf_counter) -> bool:
        """Do at most ``max_sims`` more units of work (simulations or solver slices), stopping
        early once ``clock()`` reaches ``deadline`` (seconds, same clock).

        Without ``deadline`` the slice is ``max_sims`` units (default :attr:`slice_sims`). With
        a deadline and no ``max_sims`` the slice runs until the deadline. The deadline only
        decides where the search *pauses*: the total budget is counted in units, so the move
        found is the same however the work was sliced (``tests/unit/test_bots.py``). A slice
        always does at least one unit, so a search always finishes.

        Returns ``True`` when the search is finished (then :meth:`best` is final).
        """
        if self._plan is None:
            return True
        if deadline is None:
            return self._plan.step(self.slice_sims if max_sims is None else max_sims)
        # chunks of work between two looks at the clock: one unit at first, then sized from the
        # time a unit took so that a chunk uses at most half the time left (a slice overshoots
        # its deadline by at most about one unit, also on a slow or busy machine)
        left = 10**9 if max_sims is None else max(0, int(max_sims))
        chunk = 1
        while True:
            n = min(chunk, left)
            t = clock()
            if self._plan.step(n):
                return True
            left -= n
            now = clock()
            if left <= 0 or now >= deadline:
                return False
            per_unit = max(1e-7, (now - t) / n)
            chunk = max(1, min(2 * chunk, int((deadline - now) / per_unit / 2)))

    @property
    def progress(self) -> float:
        """How much of the budget is spent, from 0 to 1."""
        return 1.0 if self._plan is None else self._plan.progress

    def best(self) -> Any:
        """The chosen move (a legal ``Move`` of ``state``); before the search is finished, the
        best so far."""
        if self._plan is None:
            return self._choice
        key = self._plan.best_key()
        return self._by_key.get(key, self.moves[0]) if key is not None else self.moves[0]


def choose_move(game_id: str, state: Any, level: str, seed: int | str = 0) -> Any:
    """The move the bot of ``level`` plays in ``state`` (for ``current_player(state)``).

    Args:
        game_id: ``"alto"``, ``"altitude"`` or ``"altiplano"``.
        state: a state of that game that is not over.
        level: ``"random"``, ``"easy"``, ``"medium"`` or ``"hard"``.
        seed: the bot seed; the same arguments always give the same move.

    Returns:
        One of ``legal_moves(state)``.

    Raises:
        ValueError: unknown game or level, or the game is over.
    """
    s = Search(game_id, state, level, seed)
    while not s.step(10**6):
        pass
    return s.best()
