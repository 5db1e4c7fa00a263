#!/usr/bin/env python3
"""Bot strength and speed report (issue 10): prints figures, asserts nothing.

    .venv/bin/python tests/bench_bots.py strength [--game G] [--pairing easy-random ...]
                                                  [--games N] [--minutes M] [--jobs J]
    .venv/bin/python tests/bench_bots.py timing   [--game G] [--positions N]
    .venv/bin/python tests/bench_bots.py solver   [--positions N]
    .venv/bin/python tests/bench_bots.py browser  [--game G] [--positions N]
    .venv/bin/python tests/bench_bots.py clicks   [--game G] [--positions N]

- ``strength``: two-player head-to-head, seats alternated (even games: the first level is
  player 0), win rate of the first level over the decided games with a 95 % Wilson interval,
  plus draws/shared wins (``--house-set NAME``: Altiplano games on that house set). Default
  pairings: easy-random, medium-easy, hard-medium. Each pairing stops at ``--games`` games or
  ``--minutes`` minutes, whichever comes first (default: 200 games against random, else 30
  minutes and at least 40 games). Bot seeds are
  ``f"{game seed}/{ply}"``, so every game replays exactly.
- ``timing``: CPython milliseconds per move for each level on mid-game positions of random
  games (median, max).
- ``solver``: Alto's exact endgame solver: for each count of remaining tile uses, the median and
  max time to solve (CPython), and the largest count solved within 1 s in every sample.
- ``browser``: the same positions as ``timing``, with ``choose_move`` run in Pyodide (the
  built site in headless Chromium): milliseconds per move for medium and hard, and the longest
  slice when the search runs in slices of ``--slice`` simulations.
- ``clicks``: the app itself with two hard bots playing each other: how long a click on the log
  or on Undo waits while a bot searches (``--positions`` × 10 clicks per game; target
  ≤ 200 ms), and the longest search slice of each bot move.

The full report takes hours of CPU (see the README): run small versions while developing.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from altibox import GAMES, bots  # noqa: E402

PAIRINGS = ("easy-random", "medium-easy", "hard-medium")

#: Options of every new game by game id (``--house-set`` sets Altiplano's house set).
GAME_OPTIONS: dict = {}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of k successes out of n (``(0, 1)`` when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def new_game(gid: str, seed: int):
    """A two-player game of ``gid`` from ``seed`` (Alto: random placement every other seed is
    not used; the placement phase is part of the game)."""
    return GAMES[gid].new_game(seed=seed, players=2, **GAME_OPTIONS.get(gid, {}))


def play_game(gid: str, levels: tuple[str, str], seed: int, times: dict | None = None):
    """Play one game, ``levels[p]`` for player p. Returns the Outcome. ``times`` (optional)
    collects seconds per move by level."""
    rules = GAMES[gid]
    s = new_game(gid, seed)
    ply = 0
    while True:
        p = rules.current_player(s)
        if p is None:
            return rules.outcome(s)
        t = time.perf_counter()
        m = bots.choose_move(gid, s, levels[p], seed=f"{seed}/{ply}")
        if times is not None:
            times.setdefault(levels[p], []).append(time.perf_counter() - t)
        s = rules.apply(s, m)
        ply += 1


def _one(args):
    gid, a, b, seed, k = args
    levels = (a, b) if k % 2 == 0 else (b, a)
    out = play_game(gid, levels, seed)
    first = 0 if k % 2 == 0 else 1
    if len(out.winners) != 1:
        return "draw"
    return "win" if out.winners[0] == first else "loss"


def strength(games: list[str], pairings: list[str], n_games: int | None, minutes: float | None,
             jobs: int, seed0: int) -> None:
    for gid in games:
        for pairing in pairings:
            a, b = pairing.split("-")
            limit_games = n_games if n_games is not None else (200 if b == "random" else 10**6)
            limit_min = minutes if minutes is not None else (10**6 if b == "random" else 30.0)
            min_games = 0 if n_games is not None else (0 if b == "random" else 40)
            t0 = time.perf_counter()
            res = {"win": 0, "loss": 0, "draw": 0}
            k = 0
            pool = None
            if jobs > 1:
                import multiprocessing
                pool = multiprocessing.Pool(jobs)
            while k < limit_games and (k < min_games or time.perf_counter() - t0 < limit_min * 60):
                batch = [(gid, a, b, seed0 + k + i, k + i)
                         for i in range(min(jobs, limit_games - k))]
                outs = pool.map(_one, batch) if pool else [_one(x) for x in batch]
                for o in outs:
                    res[o] += 1
                k += len(batch)
            if pool:
                pool.close()
            dec = res["win"] + res["loss"]
            lo, hi = wilson(res["win"], dec)
            rate = res["win"] / dec if dec else float("nan")
            print(f"{gid:9s} {pairing:12s} games {k:4d}  decided {dec:4d}  "
                  f"{a} wins {rate:6.1%}  95% CI [{lo:5.1%}, {hi:5.1%}]  draws {res['draw']}  "
                  f"({(time.perf_counter() - t0) / 60:.1f} min)", flush=True)


def mid_positions(gid: str, count: int, seed0: int = 1000) -> list:
    """``count`` mid-game positions of 2-player games played by the easy bot (typical, not
    random-looking): the state after 40 % of a game's plies."""
    rules = GAMES[gid]
    out = []
    k = 0
    while len(out) < count:
        seed = seed0 + k
        s = new_game(gid, seed)
        states = []
        ply = 0
        while rules.current_player(s) is not None:
            states.append(s)
            s = rules.apply(s, bots.choose_move(gid, s, "easy", seed=f"{seed}/{ply}"))
            ply += 1
        cand = [x for x in states[int(len(states) * 0.3):int(len(states) * 0.6)]
                if len(rules.legal_moves(x)) > 1]
        if cand:
            out.append(cand[len(cand) // 2])
        k += 1
    return out


def timing(games: list[str], count: int) -> None:
    """CPython time per move on ``count`` mid-game positions per game: CPU milliseconds
    (``time.process_time``, independent of other load on the machine) and wall milliseconds."""
    for gid in games:
        pos = mid_positions(gid, count)
        for level in ("easy", "medium", "hard"):
            cpu, wall = [], []
            for i, s in enumerate(pos):
                t, c = time.perf_counter(), time.process_time()
                bots.choose_move(gid, s, level, seed=i)
                cpu.append(time.process_time() - c)
                wall.append(time.perf_counter() - t)
            print(f"{gid:9s} {level:6s} CPython ms/move: CPU median {statistics.median(cpu) * 1000:6.0f}"
                  f"  max {max(cpu) * 1000:6.0f}   wall median {statistics.median(wall) * 1000:6.0f}"
                  f"  ({len(cpu)} positions)", flush=True)


def solver(count: int, limit: float = 1.0) -> None:
    """Alto's exact solver on ``count`` positions per count of tile uses left (from random
    games), CPU seconds (``time.process_time``: the figure does not depend on other load)."""
    from altibox.bots import alto as A
    rules = GAMES["alto"]
    rng = random.Random(5)
    by_lives: dict[int, list] = {}
    seed = 500
    while seed < 500 + 40 * count:
        s = rules.new_game(seed=seed, setup="random")
        seed += 1
        while rules.current_player(s) is not None:
            b = A.from_apn(rules.to_position(s))
            L = A.lives(b)
            if 6 <= L <= 18 and len(by_lives.setdefault(L, [])) < count:
                by_lives[L].append(b)
            s = rules.apply(s, rng.choice(rules.legal_moves(s)))
    best = 0
    for L in sorted(by_lives):
        ts = []
        for b in by_lives[L]:
            t = time.process_time()
            try:
                A.solve(b, max_nodes=400_000)
                ts.append(time.process_time() - t)
            except A.Unfinished:
                ts.append(float("inf"))
        within = sum(1 for t in ts if t <= limit)
        if within == len(ts) and best == L - 1 or (best == 0 and within == len(ts)):
            best = L
        print(f"alto solver: {L:2d} tile uses left  solved within {limit:.0f} s: {within}/{len(ts)}"
              f"  median {statistics.median(ts):7.2f} s  max {max(ts):7.2f} s (CPU)", flush=True)
        if within == 0:
            break
    print(f"alto solver: every sampled position solved within {limit:.0f} s of CPython CPU from "
          f"{best} tile uses left", flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("strength", "timing", "solver", "browser", "clicks"))
    ap.add_argument("--game", action="append", choices=list(GAMES))
    ap.add_argument("--pairing", action="append", choices=PAIRINGS + ("hard-random", "medium-random"))
    ap.add_argument("--games", type=int)
    ap.add_argument("--minutes", type=float)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--house-set", help="Altiplano's house set (data file name) for strength")
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--slice", type=int, default=0, help="simulations per slice (0: the game's own)")
    a = ap.parse_args(argv)
    games = a.game or list(GAMES)
    if a.house_set:
        GAME_OPTIONS["altiplano"] = {"house_set": a.house_set}
    if a.what == "strength":
        strength(games, a.pairing or list(PAIRINGS), a.games, a.minutes, a.jobs, a.seed)
    elif a.what == "timing":
        timing(games, a.positions)
    elif a.what == "solver":
        solver(a.positions)
    elif a.what == "clicks":
        from bench_bots_browser import clicks
        clicks([g for g in games if g != "altiplano"] if not a.game else games, a.positions * 10)
    else:
        from bench_bots_browser import browser
        browser(games, a.positions, a.slice)


if __name__ == "__main__":
    main()
