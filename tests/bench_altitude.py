#!/usr/bin/env python3
"""Altitude CPython benchmark: random playouts per second (prints figures, asserts nothing).

    .venv/bin/python tests/bench_altitude.py [--seconds S]

``tests/bench.py altitude`` calls :func:`report` (the browser figures are measured there).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from altibox import altitude  # noqa: E402


def playouts_per_second(players: int = 2, seconds: float = 2.0, checked: bool = True,
                        seed: int = 1) -> "tuple[float, float, int]":
    """Play uniformly random games from a fresh deal for about ``seconds``.

    Args:
        players: 1 to 4.
        seconds: wall-clock budget (at least one game is always played).
        checked: ``True`` uses the public API (``legal_moves`` + ``apply``, which checks
            legality); ``False`` uses ``apply_unchecked`` (what a bot's search would use).
        seed: seeds both the deals and the random choices.

    Returns:
        ``(games per second, plies per second, games played)``.
    """
    rng = random.Random(seed)
    apply = altitude.apply if checked else altitude.apply_unchecked
    games = plies = 0
    t0 = time.perf_counter()
    while True:
        st = altitude.new_game(seed=seed * 100_000 + games, players=players)
        while st.current is not None:
            st = apply(st, rng.choice(altitude.legal_moves(st)))
            plies += 1
        games += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return games / dt, plies / dt, games


def report(seconds: float = 1.5) -> None:
    """Print random playouts/s for 1-4 players (the figure ``tests/bench.py`` shows)."""
    for players in (1, 2, 3, 4):
        gps, pps, games = playouts_per_second(players, seconds)
        print(f"  random playouts in CPython, {players} player(s): {gps:.0f} games/s "
              f"({pps:.0f} plies/s, {games} games)")
    gps, pps, games = playouts_per_second(2, seconds, checked=False)
    print(f"  random playouts, 2 players, apply_unchecked: {gps:.0f} games/s ({pps:.0f} plies/s)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.5, help="per measurement (default 1.5)")
    args = ap.parse_args()
    print(f"Altitude, Python {sys.version.split()[0]}")
    report(args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
