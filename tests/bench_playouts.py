#!/usr/bin/env python3
"""Random playouts in CPython, for every game and player count (prints figures, asserts nothing).

    .venv/bin/python tests/bench_playouts.py [game ...] [--seconds S] [--players N ...]

For each game of ``altibox.GAMES`` (or those named) and each of its player counts: uniformly
random games from fresh deals through the public API (``legal_moves`` + ``apply``, which checks
legality), as games/s and plies/s, with the median and longest game in plies. A game that also
has ``apply_unchecked`` (what a bot's search would use) gets one more line at 2 players.
``tests/bench.py`` prints the same figures beside the browser ones.
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

from altibox import GAMES  # noqa: E402


def playouts(game_id: str, players: int, seconds: float = 1.5, seed: int = 1,
             checked: bool = True) -> dict:
    """Play random games of ``game_id`` for about ``seconds`` (at least one game).

    Args:
        game_id: a key of ``altibox.GAMES``.
        players: a player count of the game.
        seconds: wall-clock budget.
        seed: seeds the deals (``seed * 100_000 + game number``) and the random choices.
        checked: ``False`` plays with the game's ``apply_unchecked`` (no legality check).

    Returns:
        ``{"games", "plies", "seconds", "games_per_s", "plies_per_s", "median_plies",
        "longest_plies"}``.
    """
    module = GAMES[game_id]
    apply = module.apply if checked else module.apply_unchecked
    legal_moves, is_over = module.legal_moves, module.is_over
    rng = random.Random(seed)
    lengths: list[int] = []
    t0 = time.perf_counter()
    while True:
        state = module.new_game(seed=seed * 100_000 + len(lengths), players=players)
        plies = 0
        while not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            plies += 1
        lengths.append(plies)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return {"games": len(lengths), "plies": sum(lengths), "seconds": dt,
                    "games_per_s": len(lengths) / dt, "plies_per_s": sum(lengths) / dt,
                    "median_plies": statistics.median(lengths), "longest_plies": max(lengths)}


def report(game_id: str, seconds: float = 1.5, players_list=None) -> None:
    """Print one line per player count (and one for ``apply_unchecked`` where it exists)."""
    module = GAMES[game_id]
    counts = [n for n in (players_list or module.INFO.players) if n in module.INFO.players]
    for n in counts:
        r = playouts(game_id, n, seconds)
        print(f"  random playouts in CPython, {n} player(s): {r['games_per_s']:8.1f} games/s "
              f"{r['plies_per_s']:9.0f} plies/s   ({r['games']} games; plies per game: median "
              f"{r['median_plies']:g}, longest {r['longest_plies']})")
    if hasattr(module, "apply_unchecked") and 2 in module.INFO.players:
        r = playouts(game_id, 2, seconds, checked=False)
        print(f"  random playouts, 2 players, apply_unchecked: {r['games_per_s']:8.1f} games/s "
              f"{r['plies_per_s']:9.0f} plies/s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--seconds", type=float, default=1.5, help="per measurement (default 1.5)")
    ap.add_argument("--players", type=int, nargs="*", help="only these player counts")
    args = ap.parse_args()
    games = args.games or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    print(f"Altibox random playouts, Python {sys.version.split()[0]}")
    for game_id in games:
        print(f"\n{GAMES[game_id].INFO.name}")
        report(game_id, args.seconds, args.players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
