#!/usr/bin/env python3
"""Altiplano balance report (issue 18): prints tables, asserts nothing.

    .venv/bin/python tests/bench_balance.py [--level hard] [--players 2,3,4,5] [--games N]
                                            [--jobs J] [--house-set NAME] [--seed S]
    .venv/bin/python tests/bench_balance.py --vs-plans [--level hard] [--games N] ...

- default mode: the same bot level on every seat, ``--games`` seeded games per player count
  (seeds ``S``, ``S+1``…; roles dealt as in the game; the bot seed of ply k of game seed s is
  ``f"{s}/{k}"``, so every game replays exactly). Per role and per seat (start player first):
  the win share (a shared win counts 1/k to each of its k winners) with a 95 % interval
  (normal, from the per-game credits), the mean and standard deviation of the final points,
  and the mean points per scoring category (``Outcome.breakdown``) per role. Markdown tables.
  Also the count of bot moves that take back a good or a coin (``G<SRC``, ``coin<SRC``): a bot
  must never undo its own placement (target 0). ``--detail`` adds why (issue 18): per role, how
  often a game runs its role's own recipe and how many of those runs gave nothing (the good's
  supply was empty, spec §3.2), per good the share of games whose supply ran out and the mean
  round it did, and at 2 players each role's win share against each other role.
- ``--vs-plans``: two-player games of the level against each fixed plan
  (``altibox.bots.altiplano.FIXED_PLANS``), roles drafted (``role_selection="draft"``), seats
  alternated; the level's win share with its 95 % interval and both sides' mean points.

Long runs: ``nice -n 15`` and ``--jobs 2`` on the shared machine.
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
from altibox.bots import altiplano as bot_altiplano  # noqa: E402

R = GAMES["altiplano"]
CATEGORIES = ("goods", "boats", "houses", "orders", "house_bonus", "warehouse")


def play(players: int, seats: list, seed: int, house_set: str, draft: bool = False) -> dict:
    """One game; ``seats[i]`` is a bot level or ``"plan:NAME"``. Returns roles, scores,
    win credits, breakdowns and take-back moves per seat."""
    opts = {"house_set": house_set}
    if draft:
        opts["role_selection"] = "draft"
    s = R.new_game(seed=seed, players=players, **opts)
    rng = random.Random(f"{seed}/plans")
    ply = 0
    undo = [0] * players
    role_runs = [0] * players
    role_empty = [0] * players
    empty: dict = {}
    while True:
        c = R.current_player(s)
        if c is None:
            break
        who = seats[c]
        if who.startswith("plan:"):
            m = bot_altiplano.plan_move(s, who[5:], rng)
        else:
            m = bots.choose_move("altiplano", s, who, seed=f"{seed}/{ply}")
            if "<" in str(m):
                undo[c] += 1
        before = s
        s = R.apply(s, m)
        ply += 1
        if before.phase == "actions" and str(m).split(":")[0] == before.ps[c].role:
            role_runs[c] += 1
            gain = before._S[before.ps[c].role].recipes[0].gain
            role_empty[c] += any(not before.supply.get(g) for g in gain)
        for g, n in before.supply.items():
            if n and not s.supply.get(g) and g not in empty:
                empty[g] = s.round
    o = R.outcome(s)
    credit = [0.0] * players
    for w in o.winners:
        credit[w] = 1.0 / len(o.winners)
    return {"roles": [p.role for p in s.ps], "scores": list(o.scores), "credit": credit,
            "pads": [dict(b) for b in o.breakdown], "undo": undo, "start": s.options["first_player"],
            "rounds": s.round, "role_runs": role_runs, "role_empty": role_empty, "empty": empty}


def _job(args):
    return play(*args)


def run(jobs: int, tasks: list) -> list:
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            return pool.map(_job, tasks, chunksize=4)
    return [_job(t) for t in tasks]


def share(xs: list) -> tuple[float, float]:
    """Mean of per-game credits and the half-width of its 95 % normal interval."""
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(xs) / n
    sd = statistics.pstdev(xs) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def balance(level: str, players: int, games: int, jobs: int, house_set: str, seed: int,
            detail: bool = False) -> dict:
    """Play and print the balance tables of one player count; returns the summary figures."""
    t0 = time.perf_counter()
    res = run(jobs, [(players, [level] * players, seed + k, house_set) for k in range(games)])
    secs = time.perf_counter() - t0
    fair = 1.0 / players
    by_role: dict = {}
    by_seat: dict = {}
    for g in res:
        for i in range(players):
            seat = (i - g["start"]) % players
            by_role.setdefault(g["roles"][i], []).append((g["credit"][i], g["scores"][i], g["pads"][i]))
            by_seat.setdefault(seat, []).append((g["credit"][i], g["scores"][i]))
    undo = sum(sum(g["undo"]) for g in res)
    rounds = statistics.mean(g["rounds"] for g in res)
    print(f"\n### {players} players, {level} on every seat, {games} games "
          f"(seeds {seed}…{seed + games - 1}, house set {house_set}; {secs:.0f} s, "
          f"{rounds:.1f} rounds a game)\n")
    print(f"fair win share {fair:.3f}; take-backs of its own placement by the bots: {undo}\n")
    print("| role | games | win share ± 95 % | points mean | sd | "
          + " | ".join(CATEGORIES) + " |")
    print("|---|---|---|---|---|" + "---|" * len(CATEGORIES))
    means = {}
    shares = {}
    for role in sorted(by_role, key=lambda r: -share([x[0] for x in by_role[r]])[0]):
        rows = by_role[role]
        m, h = share([x[0] for x in rows])
        pts = [x[1] for x in rows]
        means[role] = statistics.mean(pts)
        shares[role] = m
        cats = " | ".join(f"{statistics.mean(x[2][c] for x in rows):.1f}" for c in CATEGORIES)
        print(f"| {role} | {len(rows)} | {m:.3f} ± {h:.3f} | {means[role]:.1f} | "
              f"{statistics.pstdev(pts):.1f} | {cats} |")
    print("\n| seat (start player first) | win share ± 95 % | points mean | sd |")
    print("|---|---|---|---|")
    seat_share = {}
    for seat in sorted(by_seat):
        rows = by_seat[seat]
        m, h = share([x[0] for x in rows])
        seat_share[seat] = m
        pts = [x[1] for x in rows]
        print(f"| {seat + 1} | {m:.3f} ± {h:.3f} | {statistics.mean(pts):.1f} | "
              f"{statistics.pstdev(pts):.1f} |")
    worst, best = min(means.values()), max(means.values())
    spread = max(abs(v - fair) for v in shares.values())
    if detail:
        _detail(res, players, by_role)
    print(f"\nworst role share gap |share − fair| = {spread:.3f}; start player gap = "
          f"{abs(seat_share[0] - fair):.3f}; (best − worst role mean points) / worst = "
          f"{(best - worst) / worst:.3f}")
    return {"shares": shares, "means": means, "seat": seat_share, "undo": undo}


def _detail(res: list, players: int, by_role: dict) -> None:
    """Print ``--detail``'s tables (module docstring) for the games ``res``."""
    runs: dict = {}
    for g in res:
        for i in range(players):
            runs.setdefault(g["roles"][i], []).append((g["role_runs"][i], g["role_empty"][i]))
    print("\n| role | own recipe runs a game | of them with an empty supply (gave nothing) |")
    print("|---|---|---|")
    for role in sorted(runs):
        rr = runs[role]
        print(f"| {role} | {statistics.mean(x[0] for x in rr):.1f} | "
              f"{statistics.mean(x[1] for x in rr):.1f} |")
    gone: dict = {}
    for g in res:
        for good, rnd in g["empty"].items():
            gone.setdefault(good, []).append(rnd)
    print("\n| good | games whose supply ran out | mean round it did |")
    print("|---|---|---|")
    for good in sorted(gone, key=lambda x: -len(gone[x])):
        print(f"| {good} | {len(gone[good]) / len(res):.2f} | {statistics.mean(gone[good]):.1f} |")
    if players != 2:
        return
    roles = sorted(by_role)
    pair: dict = {}
    for g in res:
        for i in range(2):
            pair.setdefault((g["roles"][i], g["roles"][1 - i]), []).append(g["credit"][i])
    print("\n| win share of the row's role against the column's (games) | "
          + " | ".join(roles) + " |")
    print("|---|" + "---|" * len(roles))
    for a in roles:
        cells = [f"{statistics.mean(pair[a, b]):.2f} ({len(pair[a, b])})" if (a, b) in pair
                 else "–" for b in roles]
        print(f"| {a} | " + " | ".join(cells) + " |")


def vs_plans(level: str, games: int, jobs: int, house_set: str, seed: int,
             plans: list[str]) -> None:
    """Print the level's win share against each fixed plan (2 players, roles drafted)."""
    print(f"\n### {level} against the fixed plans: 2 players, roles drafted, {games} games each "
          f"(seeds {seed}…, seats alternated, house set {house_set})\n")
    print("| plan | games | level's win share ± 95 % | level's points | plan's points | "
          "level's take-backs |")
    print("|---|---|---|---|---|---|")
    for plan in plans:
        tasks = []
        for k in range(games):
            seats = [level, f"plan:{plan}"] if k % 2 == 0 else [f"plan:{plan}", level]
            tasks.append((2, seats, seed + k, house_set, True))
        res = run(jobs, tasks)
        credits, mine, theirs, undo = [], [], [], 0
        for k, g in enumerate(res):
            me = k % 2
            credits.append(g["credit"][me])
            mine.append(g["scores"][me])
            theirs.append(g["scores"][1 - me])
            undo += g["undo"][me]
        m, h = share(credits)
        print(f"| {plan} | {games} | {m:.3f} ± {h:.3f} | {statistics.mean(mine):.1f} | "
              f"{statistics.mean(theirs):.1f} | {undo} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="hard", choices=bots.LEVELS)
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--house-set", default=GAMES["altiplano"].OPTIONS["house_set"][1],
                    help="the house set version (its data file name; default: new games' default)")
    ap.add_argument("--seed", type=int, default=10001)
    ap.add_argument("--vs-plans", action="store_true")
    ap.add_argument("--detail", action="store_true")
    ap.add_argument("--plans", default=",".join(bot_altiplano.FIXED_PLANS))
    a = ap.parse_args(argv)
    if a.vs_plans:
        vs_plans(a.level, a.games, a.jobs, a.house_set, a.seed, a.plans.split(","))
        return
    for n in (int(x) for x in a.players.split(",")):
        balance(a.level, n, a.games, a.jobs, a.house_set, a.seed, a.detail)


if __name__ == "__main__":
    main()
