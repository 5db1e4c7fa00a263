"""Helpers shared by the tests of every game (no tests here).

- :func:`playout`: a seeded random game through the public API, every state kept.
- :func:`snapshot`: a deep, comparable snapshot of any game state (to prove ``apply`` pure).
- :func:`hidden_variant`: a second valid state that differs from a state ONLY in what one seat
  (or, with ``seat=None``, everybody at the table) cannot see. Views must not tell the two
  apart; the bots' tests reuse it to prove a bot never reads hidden information.

Adding a game: one entry in :data:`VARIANTS` (``None`` for a game without hidden information).
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from altibox import GAMES
from altibox.altiplano import data as altiplano_data
from altibox.altitude import cards as altitude_cards


def playout(game_id: str, seed: int, players: int, options: dict | None = None,
            max_plies: int = 20000) -> list:
    """The states of one game played with uniformly random legal moves (``random.Random(seed)``
    picks them; the game is ``new_game(seed=seed, ...)``), from the first to the last."""
    module = GAMES[game_id]
    rng = random.Random(f"playout/{game_id}/{seed}/{players}")
    state = module.new_game(seed=seed, players=players, **(options or {}))
    states = [state]
    while not module.is_over(state):
        assert len(states) <= max_plies, f"{game_id}: no end after {max_plies} plies"
        state = module.apply(state, rng.choice(module.legal_moves(state)))
        states.append(state)
    return states


# -------------------------------------------------------------------------------- snapshots

#: Component data shared by every state of a game (read-only tables): compared by identity.
SHARED = (altiplano_data.HouseSet, altitude_cards.Deck)


def snapshot(obj: Any, _depth: int = 0) -> Any:
    """A deep, hashable-free, comparable copy of ``obj``'s public data.

    Follows tuples, lists, dicts, sets, named tuples, dataclasses and objects with
    ``__slots__``/``__dict__``; leaves out attributes whose names start with ``_`` (caches);
    component tables (:data:`SHARED`) are kept by identity.
    """
    assert _depth < 50, "snapshot too deep"
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, SHARED):
        return ("shared", type(obj).__name__, id(obj))
    if isinstance(obj, (tuple, list)):
        return (type(obj).__name__, [snapshot(x, _depth + 1) for x in obj])
    if isinstance(obj, dict):
        return ("dict", sorted(((repr(k), snapshot(v, _depth + 1)) for k, v in obj.items()),
                               key=lambda kv: kv[0]))
    if isinstance(obj, (set, frozenset)):
        return ("set", sorted(repr(x) for x in obj))
    names: list[str] = []
    for klass in type(obj).__mro__:
        names += [n for n in getattr(klass, "__slots__", ()) if n not in names]
    names += [n for n in getattr(obj, "__dict__", {}) if n not in names]
    return (type(obj).__name__, [(n, snapshot(getattr(obj, n, None), _depth + 1))
                                 for n in names if not n.startswith("_")])


# -------------------------------------------------------------------------------- hidden info

def _altitude_variant(state: Any, seat: int | None, rng: random.Random) -> Any:
    """Re-deal every card hidden from ``seat`` among the places that hide it.

    Hidden from seat v (spec §15): the other hands, the drawn card unless v is drawing, the
    pile's order and cards, and during setup the other players' returned pairs. The two cards v
    returned at setup keep their places (v's view says which are still in the pile, and
    where). ``seat=None``: all of those for every seat.
    """
    from altibox import altitude as A

    st = state._copy()
    n = st.players
    hands = [list(h) for h in st.hands]
    returned = [list(r) for r in st.returned]
    pile = list(st.draw_pile)
    drawn = st.drawn
    known = set() if seat is None else set(st.returned[seat])
    slots: list[tuple] = []  # (where, index) of every card hidden from seat
    for q in range(n):
        if q != seat and st.phase != A.OVER:  # once over, every hand is shown (spec §12)
            slots += [("hand", q, i) for i, c in enumerate(hands[q]) if c not in known]
            if st.phase == A.SETUP:
                slots += [("returned", q, i) for i in range(len(returned[q]))]
    if drawn is not None and (seat is None or st.current != seat) and drawn not in known:
        slots.append(("drawn",))
    slots += [("pile", i) for i, c in enumerate(pile) if c not in known]

    def get(slot):
        kind = slot[0]
        return {"hand": lambda: hands[slot[1]][slot[2]], "returned": lambda: returned[slot[1]][slot[2]],
                "drawn": lambda: drawn, "pile": lambda: pile[slot[1]]}[kind]()

    cards = [get(s) for s in slots]
    shuffled = cards[:]
    for _ in range(10):
        rng.shuffle(shuffled)
        if shuffled != cards or len(set(cards)) < 2:
            break
    for slot, card in zip(slots, shuffled):
        kind = slot[0]
        if kind == "hand":
            hands[slot[1]][slot[2]] = card
        elif kind == "returned":
            returned[slot[1]][slot[2]] = card
        elif kind == "drawn":
            drawn = card
        else:
            pile[slot[1]] = card
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.returned = tuple(tuple(r) for r in returned)
    st.draw_pile = tuple(pile)
    st.drawn = drawn
    return st


def _altiplano_variant(state: Any, seat: int | None, rng: random.Random) -> Any:
    """Another seed (so other bag draws to come), another order of the face-down extension
    pile, and, for every seat but ``seat``, this round's planning taken back (spec §19)."""
    s = state._copy()
    s.seed = (state.seed + 1 + rng.randrange(10**6)) % (2**53)
    pile = list(s.pile)
    rng.shuffle(pile)
    s.pile = tuple(pile)
    if s.phase == "planning":
        for q in range(s.players):
            if q == seat:
                continue
            if not any(fg or fc for _g, _c, fg, fc in s.ps[q].src.values()):
                continue
            p = s.pm(q)
            src = {}
            for sid, (goods, coins, fg, fc) in p.src.items():
                for g in fg:
                    p.planning[g] = p.planning.get(g, 0) + 1
                p.coins += fc
                if goods or coins:
                    src[sid] = (goods, coins, (), 0)
            p.src = src
    s.ps = tuple(s.ps)
    s._mut = None
    return s


#: game id -> ``variant(state, seat, rng) -> state`` (``None``: the game hides nothing).
VARIANTS: dict[str, Callable[[Any, int | None, random.Random], Any] | None] = {
    "alto": None,
    "altitude": _altitude_variant,
    "altiplano": _altiplano_variant,
}


def hidden_variant(game_id: str, state: Any, seat: int | None, seed: int = 0) -> Any:
    """A valid state that differs from ``state`` only in information hidden from ``seat``
    (``None``: hidden from everybody at the table), or ``None`` when the game hides nothing.

    The result passes the game's own position validity rules (it round-trips through
    ``to_position``/``from_position``). ``view(result, seat)`` must equal ``view(state, seat)``.
    """
    make = VARIANTS[game_id]
    if make is None:
        return None
    module = GAMES[game_id]
    other = make(state, seat, random.Random(f"variant/{seed}/{seat}"))
    module.from_position(module.to_position(other))  # raises PositionError if invalid
    return other


def view_json(module: Any, state: Any, seat: int | None) -> str:
    """``view(state, seat)`` as canonical JSON text (raises if the view is not JSON-able)."""
    return json.dumps(module.view(state, seat), sort_keys=True, allow_nan=False)
