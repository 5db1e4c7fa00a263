"""Seeded random Altitude games checking every invariant of spec §15 after every action,
and its hidden-information rule: ``view`` shows a player their own hand, every mountain, the
discard pile, and of the others only hand sizes and the pile size.

What every game must do (``apply`` never mutating its input, sorted legal moves, records and
positions surviving round trips, errors) is checked by ``test_contract.py``.
"""

from __future__ import annotations

import json
import random

import pytest

from altibox import altitude as A

VIEW_KEYS = {"game", "player", "players", "options", "phase", "current_player",
             "second_turn_pending", "consecutive_passes", "ply", "hand", "drawn", "hand_sizes",
             "pile_size", "discard", "mountains", "returned", "legal_moves", "final_hands",
             "outcome", "stranded"}

# Option sets cycled through the games so that every DECISION's alternative is played too.
VARIANTS = [
    {},
    {},
    {"base_direction": "fixed", "setup_return_order": "reverse"},
    {"avalanche_on_base": False, "replace_avalanche": True, "sb_any_mountain": True},
    {"double_turn_height": None, "final_phase": "bulk", "tiebreak": "most_cards_in_mountain"},
    {"double_turn_height": 3, "include_dahut": False, "dahut_points": 100, "animal_points": 2},
]


def check_invariants(st: A.State, placer: dict, checked: "dict | None" = None) -> None:
    """Spec §15 invariants 1-7 (8 is counted by the game loop).

    ``checked`` maps ``id(mountain dict)`` to the dict for mountains already checked: a state
    never mutates a mountain, it makes a new dict, so an unchanged mountain need not be
    checked twice (the dict is kept alive, so its id cannot be reused).
    """
    deck = st.deck
    kind, value = deck.kind, deck.value
    n = st.players
    seen = list(st.draw_pile) + list(st.discard)
    if st.drawn is not None:
        seen.append(st.drawn)
    for q in range(n):
        seen += st.hands[q]
        seen += st.mountains[q].values()
        if st.phase == A.SETUP:
            seen += st.returned[q]
    # 4. conservation
    assert len(seen) == deck.size and set(seen) == set(deck.ids)
    # 3. four cards in hand throughout the draw phase
    if st.phase == A.DRAW:
        assert all(len(h) == 4 for h in st.hands) and st.drawn is not None
    else:
        assert st.drawn is None
        assert all(len(h) <= (6 if st.phase == A.SETUP else 4) for h in st.hands)
    for q in range(n):
        m = st.mountains[q]
        if checked is not None:
            if checked.get(id(m)) is m:
                continue
            checked[id(m)] = m
        base = [c for (r, c) in m if r == 1]
        # 2. base span and height
        if base:
            assert max(base) - min(base) + 1 <= 10
        assert A.height(st, q) == max([r for r, _ in m] + [0]) <= 10
        for (r, c), cid in m.items():
            k = kind[cid]
            assert k != A.SB
            if k == A.AVALANCHE:
                # 7. an avalanche never lies on the mountain of the player who placed it
                assert placer.get(cid) is not None and placer[cid] != q
            if r == 1:
                continue
            # 1. both supports
            s1, s2 = m.get((r - 1, c)), m.get((r - 1, c + 1))
            assert s1 is not None and s2 is not None, (q, r, c)
            on_av = kind[s1] == A.AVALANCHE or kind[s2] == A.AVALANCHE
            # 6. nothing but a cable car on an avalanche
            if on_av:
                assert k == A.CABLE
            # 5. numbered cards strictly above both supports
            if k in (A.NUM, A.ANIMAL):
                assert value[cid] > value[s1] and value[cid] > value[s2]


def check_view_privacy(st: A.State) -> None:
    """Every seat's view holds no card hidden from that seat, and only the spec's fields."""
    pile = set(st.draw_pile)
    public_mountains = [[{"row": r, "col": c, "card": m[(r, c)]} for (r, c) in sorted(m)]
                        for m in st.mountains]
    on_mountains = set()
    for m in st.mountains:
        on_mountains.update(m.values())
    for v in range(st.players):
        view = A.view(st, v)
        assert set(view) == VIEW_KEYS
        hidden = set()
        for q in range(st.players):
            if q != v:
                hidden.update(st.hands[q])
        if st.drawn is not None and st.current != v:
            hidden.add(st.drawn)
        hidden |= pile - set(st.returned[v])
        if st.phase == A.SETUP:
            for q in range(st.players):
                if q != v:
                    hidden.update(st.returned[q])
        shown = set(view["hand"]) | set(view["discard"]) | set(view["returned"])
        if view["drawn"] is not None:
            shown.add(view["drawn"])
        assert view["mountains"] == public_mountains
        shown |= on_mountains
        for mv in view["legal_moves"]:
            toks = mv.split(" ")
            for tok in toks[1:]:
                if tok.isdigit():
                    shown.add(int(tok))
        assert not (shown & hidden), (v, shown & hidden)
        assert view["hand_sizes"] == [len(h) for h in st.hands]
        assert view["pile_size"] == len(st.draw_pile)
        if st.current != v:
            assert view["drawn"] is None and view["legal_moves"] == []


def play_game(seed: int, players: int, options: dict, check_every_view: bool = True) -> A.State:
    rng = random.Random(seed * 7 + players)
    st = A.new_game(seed=seed, players=players, **options)
    placer: dict = {}
    checked: dict = {}
    draw_turns = 0
    plies = 0
    check_invariants(st, placer)
    while A.current_player(st) is not None:
        moves = A.legal_moves(st)
        assert moves
        move = rng.choice(moves)
        mover, phase = st.current, st.phase
        drawn = st.drawn
        nxt = A.apply(st, move)
        if move.action in ("C", "V"):
            cid = drawn if move.action == "C" else move.card
            placer[cid] = mover
        if phase == A.DRAW:
            draw_turns += 1
        st = nxt
        plies += 1
        assert plies < 1000, "the game does not end"
        check_invariants(st, placer, checked)
        if check_every_view or st.phase != A.DRAW:
            check_view_privacy(st)
    # 8. the draw phase has exactly deck - 4n turns; the final phase ended
    assert draw_turns == st.deck.size - 4 * players
    assert st.phase == A.OVER and A.legal_moves(st) == []
    out = A.outcome(st)
    assert out is not None and len(out.scores) == players and out.winners
    assert all(b["total"] == s for b, s in zip(out.breakdown, out.scores))
    json.dumps(out.to_json())
    return st


def run_games(players: int, count: int, offset: int = 0) -> None:
    for i in range(count):
        seed = offset + i
        options = VARIANTS[i % len(VARIANTS)]
        play_game(seed, players, options)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games(players):
    run_games(players, 500)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_slow(players):
    run_games(players, 2000, offset=10_000)
