"""Helpers for the Altiplano tests: scenario positions built by editing position JSON, and a
seeded random policy (no tests here).

Scenarios keep every good conserved: goods given to a seat are taken from the supply, so
``from_position`` (which checks spec §21 invariants) accepts them.
"""

from __future__ import annotations

import collections
import json
import random

from altibox import altiplano as A


def actions_start(players: int = 2, seed: int = 1, **options) -> A.State:
    """A new game advanced to round 1's Actions phase: everybody draws and plans nothing.
    The spec's test vectors use house set version 1's values unless ``house_set`` is given."""
    options.setdefault("house_set", "house_set")
    s = A.new_game(seed=seed, players=players, **options)
    while s.phase in ("draw", "planning"):
        s = A.apply(s, "draw" if s.phase == "draw" else "done")
    assert s.phase == "actions"
    return s


def pos(state: A.State) -> dict:
    """The position of ``state`` as a dict to edit."""
    return json.loads(A.to_position(state))


def load(d: dict) -> A.State:
    """Back from an edited dict (runs every validity check)."""
    return A.from_position(json.dumps(d))


def _dec(d: dict, g: str, n: int = 1) -> None:
    have = d.get(g, 0)
    assert have >= n, f"not enough {g}: {have} < {n}"
    if have == n:
        del d[g]
    else:
        d[g] = have - n


def _inc(d: dict, g: str, n: int = 1) -> None:
    d[g] = d.get(g, 0) + n


def strip(d: dict, seat: int) -> None:
    """Return every good a seat holds in bag, crate, planning, sources, warehouse to the supply."""
    x = d["seats"][seat]
    for where in ("bag", "crate", "planning"):
        for g, n in x[where].items():
            _inc(d["supply"], g, n)
        x[where] = {}
    for e in x["sources"].values():
        for g in e["goods"] + e["fresh"]:
            _inc(d["supply"], g)
    x["sources"] = {}
    for row in x["warehouse"]:
        for g in row:
            _inc(d["supply"], g)
    x["warehouse"] = []


def give(d: dict, seat: int, where: str, *goods: str) -> None:
    """Move goods from the supply to a seat's ``bag``/``crate``/``planning`` or onto a source
    (``where`` = a source id; the goods count as placed in an earlier round)."""
    x = d["seats"][seat]
    for g in goods:
        _dec(d["supply"], g)
        if where in ("bag", "crate", "planning"):
            _inc(x[where], g)
        else:
            e = x["sources"].setdefault(where, {"goods": [], "coins": 0, "fresh": [], "fresh_coins": 0})
            e["goods"].append(g)


def take_extension(d: dict, *letters: str) -> None:
    """Take extension tiles out of play (from the pile, or from the display, which is refilled
    from the top of the pile) so that a test can hand them to a seat."""
    for e in letters:
        if e in d["pile"]:
            d["pile"].remove(e)
        else:
            d["display"][d["display"].index(e)] = d["pile"].pop(0)


def shelve(d: dict, seat: int, *rows: list) -> None:
    """Give a seat warehouse rows (goods taken from the supply)."""
    x = d["seats"][seat]
    for row in rows:
        for g in row:
            _dec(d["supply"], g)
        x["warehouse"].append(list(row))


def scene(players: int = 2, seed: int = 1, pawn: str | None = "farm", coins: int | None = None,
          **options) -> dict:
    """Round 1, Actions phase, seat 0 to play, every seat stripped of goods, seat 0's pawn on
    ``pawn``. Returns the position dict to edit further."""
    d = pos(actions_start(players, seed, **options))
    for i in range(players):
        strip(d, i)
    d["seats"][0]["pawn"] = pawn
    if coins is not None:
        d["seats"][0]["coins"] = coins
    return d


def unplayed(view: dict) -> dict:
    """``view`` without its ``ply``: what a secret planning move must leave unchanged (the count
    of moves played is public, like ``#board``'s ``data-ply``; what they did is not)."""
    return {k: v for k, v in view.items() if k != "ply"}


def moves(state: A.State) -> list[str]:
    """Legal moves as notation strings."""
    return [m.text for m in A.legal_moves(state)]


def play(state: A.State, *texts: str) -> A.State:
    """Apply several moves in a row."""
    for t in texts:
        state = A.apply(state, t)
    return state


# ----------------------------------------------------------------------------------------------
# A seeded random policy that still exercises the economy
# ----------------------------------------------------------------------------------------------

_ACTIONS = ("run", "sell", "deliver", "order", "buy", "cart", "fstore", "role", "bag", "pawn")


def _kind(state: A.State, text: str) -> str:
    return state._legal[text][0]


def choose(rng: random.Random, state: A.State, uniform: float = 0.15) -> A.Move:
    """Pick a legal move: uniformly with probability ``uniform``, otherwise a random move that
    advances the economy (complete recipes in planning, run what is ready, travel to ready
    sources). Only legal moves are ever chosen."""
    ms = A.legal_moves(state)
    if rng.random() < uniform:
        return rng.choice(ms)
    by = collections.defaultdict(list)
    for m in ms:
        by[_kind(state, m.text)].append(m)
    for k in _ACTIONS:
        if by[k]:
            return rng.choice(by[k])
    if state.phase == "draw":
        return rng.choice(ms)
    if state.phase == "planning":
        places = by["place"] + by["coin"]
        if places and rng.random() < 0.9:
            return rng.choice(places)
        return by["done"][0]
    if state.phase == "actions":
        trips = by["go"] + by["step"]
        if trips and state.turn[0] is None:
            useful = []
            for m in trips:
                nxt = A.apply(state, m)
                if any(_kind(nxt, t.text) in _ACTIONS for t in A.legal_moves(nxt)):
                    useful.append(m)
            if useful:
                return rng.choice(useful)
        if by["end"]:
            return by["end"][0]
    return rng.choice(ms)
