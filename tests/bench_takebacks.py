#!/usr/bin/env python3
"""Altitude take-backs by the bots (issue 18): prints a count, asserts nothing.

    .venv/bin/python tests/bench_takebacks.py [--games N] [--levels hard,hard] [--seed S] [--jobs J]

Two-player games, seats alternated, bot seed of ply k of game seed s ``f"{s}/{k}"`` (every game
replays exactly). A take-back is an ``E`` move (replace an uncovered card of one's own mountain)
on the slot the same player filled with its previous draw-phase move (``A``, ``D`` or ``E``):
before the fix, hard played ``E 2.2`` at plies 52, 54 and 56 of game 20001. Each one found is
printed with its game, ply, seat and level. Target: 0. A hard-against-hard game takes about a
minute of CPython CPU: run a few games at ``nice -n 19``. Altiplano's take-backs (``G<SRC``) are
counted by ``tests/bench_balance.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from altibox import GAMES, bots  # noqa: E402

R = GAMES["altitude"]


def _slot(text: str) -> "str | None":
    parts = text.split()
    if parts[0] in ("A", "E"):
        return parts[1]
    if parts[0] == "D":
        return parts[2]
    return None


def game(seed: int, levels: list) -> list:
    """One game; the take-backs as ``(seed, ply, seat, level, previous move, move)``."""
    s = R.new_game(seed=seed, players=2)
    last: dict = {0: None, 1: None}
    found = []
    ply = 0
    while R.current_player(s) is not None:
        c = R.current_player(s)
        t = str(bots.choose_move("altitude", s, levels[c], seed=f"{seed}/{ply}"))
        if s.phase == "draw":
            if t.startswith("E ") and last[c] is not None and _slot(t) == _slot(last[c]):
                found.append((seed, ply, c, levels[c], last[c], t))
            last[c] = t if _slot(t) else None
        s = R.apply(s, t)
        ply += 1
    return found


def _job(args):
    return game(*args)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--levels", default="hard,hard")
    ap.add_argument("--seed", type=int, default=20001)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    lv = a.levels.split(",")
    tasks = [(a.seed + k, lv if k % 2 == 0 else lv[::-1]) for k in range(a.games)]
    t0 = time.perf_counter()
    if a.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(a.jobs) as pool:
            res = pool.map(_job, tasks, chunksize=1)
    else:
        res = [_job(t) for t in tasks]
    total = 0
    for found in res:
        for x in found:
            print("take-back:", x)
        total += len(found)
    print(f"Altitude, {a.levels}, {a.games} games (seeds {a.seed}…{a.seed + a.games - 1}): "
          f"{total} take-backs ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
