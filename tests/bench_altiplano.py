#!/usr/bin/env python3
"""Altiplano CPython benchmark: random playouts per second and rounds per game (prints
figures, asserts nothing).

    .venv/bin/python tests/bench_altiplano.py [--seconds S] [--players 2 4]

``tests/bench.py altiplano`` calls :func:`report`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from altibox import altiplano  # noqa: E402


def playouts_per_second(players: int = 2, seconds: float = 2.0, seed: int = 1) -> dict:
    """Play uniformly random games (public API: ``legal_moves`` + ``apply``) for ``seconds``.

    Args:
        players: 2 to 5.
        seconds: wall-clock budget (at least one game is always played).
        seed: seeds both the games and the random choices.

    Returns:
        ``{"games_per_s", "plies_per_s", "games", "median_rounds", "longest_rounds"}``.
    """
    rng = random.Random(seed)
    games = plies = 0
    rounds: list[int] = []
    t0 = time.perf_counter()
    while True:
        st = altiplano.new_game(seed=seed * 100_000 + games, players=players)
        while not altiplano.is_over(st):
            st = altiplano.apply(st, rng.choice(altiplano.legal_moves(st)))
            plies += 1
        games += 1
        rounds.append(st.round)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return {"games_per_s": games / dt, "plies_per_s": plies / dt, "games": games,
                    "median_rounds": statistics.median(rounds), "longest_rounds": max(rounds)}


def report(seconds: float = 3.0, players_list=(2, 4)) -> None:
    """Print random playouts/s and the median rounds per game for 2 and 4 players."""
    for players in players_list:
        r = playouts_per_second(players, seconds)
        print(f"  random playouts in CPython, {players} players: {r['games_per_s']:.1f} games/s "
              f"({r['plies_per_s']:.0f} plies/s, {r['games']} games); rounds per game: "
              f"median {r['median_rounds']}, longest {r['longest_rounds']}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4])
    a = ap.parse_args()
    print("Altiplano")
    report(a.seconds, a.players)
