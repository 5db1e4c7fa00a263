"""Altitude rules as scenario tests: every rule and DECISION of rules/altitude.md.

Test vector ids (P1.., SC1.., R1..) refer to spec §17.
"""

from __future__ import annotations

import pytest

from altibox import altitude
from altibox.core import IllegalMoveError

from altitude_support import AV, CC, SBS, legal, rows, state

A = altitude


def own(base, *, drawn, hand=None, options=None, upper=None, opp=None, players=2):
    """Player 0 to move with mountain rows ``{1: base, 2: ...}``; player 1 has ``opp``."""
    spec = {1: base}
    spec.update(upper or {})
    mts = [rows(spec), opp if opp is not None else rows({1: [98]})]
    mts += [{} for _ in range(players - 2)]
    return state(players=players, drawn=drawn, hands=[hand] if hand else None, mountains=mts,
                 options=options)


# ---------------------------------------------------------------- §6 placement (P1-P12)

def test_p1_strictly_greater_than_both_supports_is_legal():
    assert "A 2.0" in legal(own([9, 12], drawn=13))


def test_p2_not_greater_than_a_support_is_illegal():
    st = own([9, 12], drawn=11)
    assert "A 2.0" not in legal(st)
    with pytest.raises(IllegalMoveError):
        A.apply(st, "A 2.0")


@pytest.fixture
def twin_deck():
    """A deck with repeated values (ids differ): two cards worth 12, two worth 9."""
    from altibox.altitude import cards

    def build(include_dahut=True):
        deck = list(cards.house_deck(include_dahut))
        deck.append(cards.Card(200, cards.NUM, 12, None))
        deck.append(cards.Card(201, cards.NUM, 9, None))
        return tuple(deck)

    cards.DECKS["twins"] = build
    yield "twins"
    del cards.DECKS["twins"]


def test_p2_equal_value_is_illegal(twin_deck):
    st = own([9, 12], drawn=200, options={"deck": twin_deck})
    assert "A 2.0" not in legal(st)
    st = own([9, 12], drawn=13, options={"deck": twin_deck})
    assert "A 2.0" in legal(st)


def test_p4_equal_to_a_support_beside_a_cable_car_is_illegal(twin_deck):
    assert "A 2.0" not in legal(own([9, CC[0]], drawn=201, options={"deck": twin_deck}))


def test_p2b_greater_than_only_one_support_is_illegal():
    assert "A 2.0" not in legal(own([9, 14], drawn=12))


def test_p3_p4_cable_car_counts_zero_as_a_support():
    assert "A 2.0" in legal(own([9, CC[0]], drawn=13))
    assert "A 2.0" not in legal(own([9, CC[0]], drawn=8))
    assert "A 2.0" in legal(own([CC[0], CC[1]], drawn=1))


def test_p5_no_sum_rule():
    assert "A 2.0" in legal(own([41, 50], drawn=51))


def test_p6_p7_only_a_cable_car_on_an_avalanche():
    assert "A 2.0" not in legal(own([AV[0], 5], drawn=99))
    assert "A 2.0" in legal(own([AV[0], 5], drawn=CC[0]))


def test_cable_car_on_an_avalanche_then_a_card_on_that_cable_car():
    # row 1: 1 2 AV ; row 2: 9 over (1, 2); the cable car goes over (2, AV)
    st = own([1, 2, AV[0]], upper={2: [9]}, drawn=CC[0])
    assert "A 2.1" in legal(st)
    st = A.apply(st, "A 2.1")
    assert st.mountains[0][(2, 1)] == CC[0]
    # seed example: 13 on 9 and 0 -- give player 0 the turn back with a 13 drawn
    st2 = own([1, 2, AV[0]], upper={2: [9, CC[0]]}, drawn=13)
    assert "A 3.0" in legal(st2)
    st3 = own([1, 2, AV[0]], upper={2: [9, CC[0]]}, drawn=8)
    assert "A 3.0" not in legal(st3)
    st2 = A.apply(st2, "A 3.0")
    assert A.height(st2, 0) == 3


def test_p8_base_at_most_ten_cards():
    st = own(list(range(1, 11)), drawn=CC[0], opp=rows({1: list(range(11, 21))}))
    moves = legal(st)
    assert not {"A 1.-1", "A 1.10", "C p1 1.-1", "C p1 1.10"} & moves
    st = own(list(range(1, 10)), drawn=CC[0])
    assert {"A 1.-1", "A 1.9"} <= legal(st)


def test_base_grows_at_either_end_and_first_card_at_column_0():
    st = own([], drawn=50)
    assert {m for m in legal(st) if m.startswith("A")} == {"A 1.0"}
    st = own([50], drawn=60)
    assert {"A 1.-1", "A 1.1"} <= legal(st)


def test_base_direction_fixed_option():
    st = own([50], drawn=60, options={"base_direction": "fixed"})
    st = A.apply(st, "A 1.1")            # second base card: direction is rightwards
    assert st.base_dirs[0] == 1
    # give player 0 another turn: player 1 discards, then player 0 draws again
    st = A.apply(st, "B")
    assert st.current == 0
    moves = legal(st)
    own_moves = [m for m in moves if m[0] in "AD"]
    assert any(m.endswith(" 1.2") for m in own_moves)
    assert not any(m.endswith(" 1.-1") for m in own_moves)
    free = own([50, 60], drawn=70)
    assert {"A 1.-1", "A 1.2"} <= legal(free)


def test_p9_avalanche_refused_on_own_mountain():
    st = own([5, 7], drawn=AV[0])
    moves = legal(st)
    assert not any(m.startswith(("A", "E")) for m in moves)
    assert "C p1 1.1" in moves                # the opponent's started mountain takes it
    st = own([5, 7], drawn=3, hand=[AV[0], AV[1], SBS[0], SBS[1]])
    assert not any(m.startswith("D") for m in legal(st))


def test_p10_nothing_on_an_unstarted_mountain():
    st = own([5], drawn=AV[0], opp={})
    assert not any(m.startswith("C") for m in legal(st))
    st = own([5], drawn=50, opp={})
    assert not any(m.startswith("C") for m in legal(st))
    assert legal(st) >= {"A 1.-1", "A 1.1", "B"}


def test_p11_no_avalanche_on_an_avalanche():
    st = own([5], drawn=AV[1], opp=rows({1: [AV[0], 7]}))
    moves = legal(st)
    assert "C p1 2.0" not in moves
    assert "C p1 1.2" in moves and "C p1 1.-1" in moves
    st = own([5], drawn=CC[0], opp=rows({1: [AV[0], 7]}))
    assert "C p1 2.0" in legal(st)


def test_avalanche_on_opponent_upper_slot_has_no_value_check():
    st = own([5], drawn=AV[0], opp=rows({1: [90, 99]}))
    assert "C p1 2.0" in legal(st)


def test_avalanche_on_base_option():
    st = own([5], drawn=AV[0], opp=rows({1: [20, 30]}), options={"avalanche_on_base": False})
    moves = legal(st)
    assert "C p1 2.0" in moves
    assert not {"C p1 1.-1", "C p1 1.2"} & moves


def test_p12_saint_bernard_never_on_a_mountain():
    st = own([5, 7], drawn=SBS[0])
    assert not any(m.startswith(("A", "C", "E")) for m in legal(st))
    st = own([5, 7], drawn=3, hand=[SBS[0], 20, 30, 40])
    assert not any(m.startswith("D " + str(SBS[0])) for m in legal(st))


def test_action_c_places_only_the_drawn_card_on_the_opponent():
    st = own([5], drawn=44, hand=[1, 2, 3, 4])
    st = A.apply(st, "C p1 1.1")
    assert st.mountains[1][(1, 1)] == 44
    assert st.hands[0] == (1, 2, 3, 4)
    assert not any(m.startswith("C") and len(m.split()) > 3 for m in legal(st))


# ---------------------------------------------------------------- §8 actions

def test_b_discard_is_always_legal_and_keeps_the_hand():
    for x in (50, CC[0], AV[0], SBS[0]):
        st = own([5], drawn=x, hand=[1, 2, 3, 4])
        assert "B" in legal(st)
        nxt = A.apply(st, "B")
        assert nxt.discard[-1] == x and nxt.hands[0] == (1, 2, 3, 4)


def test_d_keep_drawn_and_play_a_hand_card():
    st = own([5], drawn=88, hand=[1, 2, 60, 4])
    moves = legal(st)
    assert "D 60 1.1" in moves
    nxt = A.apply(st, "D 60 1.1")
    assert nxt.mountains[0][(1, 1)] == 60
    assert nxt.hands[0] == (1, 2, 4, 88)
    # D with the drawn card itself is action A
    nxt2 = A.apply(st, "D 88 1.1")
    assert nxt2.moves[-1] == "A 1.1"
    assert nxt2.mountains[0][(1, 1)] == 88
    assert "D 88 1.1" not in moves


def test_d_unavailable_when_no_hand_card_is_playable():
    st = own([5], drawn=88, hand=[AV[0], AV[1], SBS[0], AV[2]])
    assert not any(m.startswith("D") for m in legal(st))


def test_p13_replace_an_uncovered_card():
    st = own([1, 11, 12], upper={2: [None, 21]}, drawn=35)
    assert "E 2.1" in legal(st)
    nxt = A.apply(st, "E 2.1")
    assert nxt.mountains[0][(2, 1)] == 35
    assert nxt.discard[-1] == 21
    assert "E 2.1" not in legal(own([1, 11, 12], upper={2: [None, 21]}, drawn=10))


def test_p14_replace_only_uncovered_cards():
    st = own([1, 11, 12], upper={2: [None, 21]}, drawn=35)
    moves = legal(st)
    assert "E 1.1" not in moves and "E 1.2" not in moves   # covered by 21
    assert "E 1.0" in moves                                  # uncovered base card


def test_replace_avalanche_option():
    st = own([AV[0], 7], drawn=35)
    assert "E 1.0" not in legal(st)
    st = own([AV[0], 7], drawn=35, options={"replace_avalanche": True})
    assert "E 1.0" in legal(st)
    nxt = A.apply(st, "E 1.0")
    assert nxt.discard[-1] == AV[0]


def test_replace_needs_a_drawn_placeable_card():
    assert not any(m.startswith("E") for m in legal(own([5, 7], drawn=SBS[0])))
    assert "E 1.0" in legal(own([5, 7], drawn=CC[0]))


# ---------------------------------------------------------------- §9 Saint Bernards

def test_f1_drawn_saint_bernard_removes_an_uncovered_avalanche_on_own_mountain():
    st = own([5, AV[0], 7], drawn=SBS[0])
    assert "F1 p0 1.1" in legal(st)
    nxt = A.apply(st, "F1 p0 1.1")
    assert (1, 1) not in nxt.mountains[0]
    assert nxt.discard[-2:] == (AV[0], SBS[0])
    assert nxt.hands[0] == st.hands[0]


def test_hole_left_by_a_rescue_can_be_filled():
    st = own([5, AV[0], 7], drawn=SBS[0])
    st = A.apply(st, "F1 p0 1.1")
    st = A.apply(st, "B")  # player 1
    assert st.current == 0
    assert any(m.endswith(" 1.1") and m.startswith(("A", "D")) for m in legal(st))


def test_a_base_card_must_touch_a_card_the_middle_of_a_wide_gap_is_not_offered():
    # seed 002: "Each new card placed on a mountain must touch at least one existing card";
    # spec §5: a hole inside the span only next to a base card (issue 18). Player 0's base
    # holds 20 at column 0 and 24 at column 4; column 2 touches nothing.
    st = state(drawn=50, hands=[[41, 42, 43, 44], None],
               mountains=[{(1, 0): 20, (1, 4): 24}, {(1, 0): 30}])
    hand_moves = [f"D {h} 1.{c}" for h in (41, 42, 43, 44) for c in (-1, 1, 3, 5)]
    assert sorted(legal(st)) == sorted(
        ["A 1.-1", "A 1.1", "A 1.3", "A 1.5", "B", "C p1 1.-1", "C p1 1.1", "E 1.0", "E 1.4"]
        + hand_moves)
    with pytest.raises(IllegalMoveError):
        A.apply(st, "A 1.2")
    with pytest.raises(IllegalMoveError):
        A.apply(st, "D 41 1.2")
    # once 1.1 is filled, 1.2 touches it and is offered
    st = A.apply(st, "A 1.1")
    st = A.apply(st, "B")  # player 1
    assert st.current == 0
    assert {f"D 42 1.{c}" for c in (-1, 2, 3, 5)} <= legal(st)


def test_a_gap_of_two_base_columns_offers_both_holes():
    st = own([20, None, None, 24], drawn=50)
    assert {m for m in legal(st) if m.startswith("A")} == {"A 1.-1", "A 1.1", "A 1.2", "A 1.4"}


def test_f2_saint_bernard_from_hand_keeps_the_drawn_card():
    st = own([5, AV[0]], drawn=AV[1], hand=[SBS[0], 1, 2, 3])
    assert "F2 117 p0 1.1" in legal(st)
    nxt = A.apply(st, "F2 117 p0 1.1")
    assert nxt.hands[0] == (1, 2, 3, AV[1])
    assert nxt.discard[-2:] == (AV[0], SBS[0])


def test_saint_bernard_only_on_own_mountain_by_default():
    st = own([5], drawn=SBS[0], opp=rows({1: [AV[0], 7]}))
    assert not any(m.startswith("F1") for m in legal(st))
    st = own([5], drawn=SBS[0], opp=rows({1: [AV[0], 7]}), options={"sb_any_mountain": True})
    assert "F1 p1 1.0" in legal(st)


def test_saint_bernard_only_on_an_uncovered_avalanche():
    st = own([5, AV[0], 7], upper={2: [CC[0]]}, drawn=SBS[0])
    assert not any(m.startswith("F1") for m in legal(st))


def test_drawn_saint_bernard_may_be_discarded_or_kept():
    st = own([5, AV[0]], drawn=SBS[0], hand=[40, 41, 42, 43])
    moves = legal(st)
    assert "B" in moves and "D 40 1.2" in moves


def test_rescue_of_the_only_card_empties_the_mountain():
    st = own([AV[0]], drawn=SBS[0])
    nxt = A.apply(st, "F1 p0 1.0")
    assert nxt.mountains[0] == {}
    assert A.height(nxt, 0) == 0


# ---------------------------------------------------------------- §7 setup

def test_r1_setup_deal_6_keep_4_and_pile():
    st = A.new_game(seed=11, players=2)
    assert st.phase == A.SETUP and st.current == 0
    assert [len(h) for h in st.hands] == [6, 6]
    assert len(st.draw_pile) == 108
    moves = A.legal_moves(st)
    assert len(moves) == 30 and all(m.action == "R" for m in moves)
    a, b = st.hands[0][:2]
    st = A.apply(st, f"R {a} {b}")
    assert st.current == 1 and len(st.hands[0]) == 4
    c, d = st.hands[1][:2]
    st = A.apply(st, f"R {c} {d}")
    assert st.phase == A.DRAW
    assert [len(h) for h in st.hands] == [4, 4]
    assert len(st.draw_pile) + 1 == 112          # 112 before the first draw
    # turn order: player 0's pair first, player 1's pair on top (d drawn first)
    assert st.drawn == d and st.current == 0
    assert st.draw_pile[-3:] == (a, b, c)
    st = A.apply(st, "B")
    assert st.drawn == c and st.current == 1
    st = A.apply(st, "B")
    assert st.drawn == b
    st = A.apply(st, "B")
    assert st.drawn == a


def test_setup_return_order_reverse_and_first_player():
    st = A.new_game(seed=11, players=3, first_player=1, setup_return_order="reverse")
    assert st.current == 1
    pairs = {}
    for p in (1, 2, 0):
        assert st.current == p
        a, b = st.hands[p][-2:]
        pairs[p] = (a, b)
        st = A.apply(st, f"R {a} {b}")
    assert st.phase == A.DRAW and st.current == 1
    # reverse: the first player's pair ends on top
    assert st.drawn == pairs[1][1]
    # reverse: turn order is 1, 2, 0; player 0 returns first (bottom), player 1 last (top)
    expect_top_down = [pairs[1][1], pairs[1][0], pairs[2][1], pairs[2][0], pairs[0][1],
                       pairs[0][0]]
    got = [st.drawn] + list(reversed(st.draw_pile[-5:]))
    assert got == expect_top_down


def test_setup_rejects_cards_not_in_hand_and_repeated_card():
    st = A.new_game(seed=11, players=2)
    other = st.hands[1][0]
    with pytest.raises(IllegalMoveError):
        A.apply(st, f"R {st.hands[0][0]} {other}")
    with pytest.raises(IllegalMoveError):
        A.apply(st, f"R {st.hands[0][0]} {st.hands[0][0]}")
    with pytest.raises(IllegalMoveError):
        A.apply(st, "B")


def test_golden_shuffle_seed_7():
    """Pins seed -> deal so that a refactor cannot turn old saves into new games."""
    st = A.new_game(seed=7, players=2)
    assert st.hands == ((40, 65, 68, 73, 83, 88), (6, 21, 46, 52, 103, 110))
    assert st.draw_pile[-5:] == (112, 77, 3, 30, 50)


def test_every_turn_starts_with_a_draw():
    st = A.new_game(seed=5, players=2)
    for p in range(2):
        st = A.apply(st, A.legal_moves(st)[0])
    pile = len(st.draw_pile)
    assert st.drawn is not None
    st = A.apply(st, "B")
    assert len(st.draw_pile) == pile - 1 and st.drawn is not None


# ---------------------------------------------------------------- §10 double turn

def five_high(top=None):
    """A mountain of height 5 (4 without ``top``): rows 5,4,3,2,1 cards."""
    spec = {1: [1, 2, 3, 4, 5], 2: [11, 12, 13, 14], 3: [21, 22, 23], 4: [31, 32]}
    if top is not None:
        spec[5] = [top]
    return rows(spec)


def test_r2_double_turn_starts_at_height_5():
    pile = list(range(60, 70))
    st = state(current=1, drawn=99, mountains=[five_high(41), rows({1: [6]})], pile=pile)
    st = A.apply(st, "B")                       # player 1 ends; player 0's slot starts
    assert st.current == 0 and st.second_turn_pending and st.drawn == 69
    st = A.apply(st, "B")
    assert st.current == 0 and not st.second_turn_pending and st.drawn == 68
    st = A.apply(st, "B")
    assert st.current == 1 and st.drawn == 67


def test_no_double_turn_below_5_and_option_off_or_lower():
    pile = list(range(60, 70))
    st = state(current=1, drawn=99, mountains=[five_high(), rows({1: [6]})], pile=pile)
    st = A.apply(st, "B")
    assert st.current == 0 and not st.second_turn_pending
    st = A.apply(st, "B")
    assert st.current == 1
    off = state(current=1, drawn=99, mountains=[five_high(41), rows({1: [6]})], pile=pile,
                options={"double_turn_height": None})
    off = A.apply(off, "B")
    assert not off.second_turn_pending
    low = state(current=1, drawn=99, mountains=[five_high(), rows({1: [6]})], pile=pile,
                options={"double_turn_height": 4})
    low = A.apply(low, "B")
    assert low.second_turn_pending


def test_double_turn_reached_during_a_single_turn_waits_for_the_next_slot():
    pile = list(range(60, 70))
    st = state(current=0, drawn=42, mountains=[five_high(), rows({1: [6]})], pile=pile)
    st = A.apply(st, "A 5.0")
    assert A.height(st, 0) == 5 and st.current == 1
    st = A.apply(st, "B")
    assert st.current == 0 and st.second_turn_pending


def test_r3_rescue_brings_the_height_back_and_stops_the_double_turn():
    # player 1 drops an avalanche on player 0's row 5; player 0 holds a Saint Bernard
    pile = [70, 71, 72, 73, 74]                 # 74 drawn first
    st = state(current=1, drawn=AV[0], mountains=[five_high(), rows({1: [6]})],
               hands=[[SBS[0], 50, 51, 52], [53, 54, 55, 56]], pile=pile)
    st = A.apply(st, "C p0 5.0")
    assert A.height(st, 0) == 5
    assert st.current == 0 and st.second_turn_pending
    st = A.apply(st, f"F2 {SBS[0]} p0 5.0")
    assert A.height(st, 0) == 4
    assert st.current == 0 and not st.second_turn_pending   # the slot still had two turns
    st = A.apply(st, "B")
    assert st.current == 1
    st = A.apply(st, "B")
    assert st.current == 0 and not st.second_turn_pending   # next slot: one turn
    st = A.apply(st, "B")
    assert st.current == 1


def test_r4_last_card_at_the_start_of_a_double_slot():
    st = state(current=1, drawn=99, mountains=[five_high(41), rows({1: [6]})], pile=[77],
               hands=[[80, 81, 82, 83], [84, 85, 86, 87]])
    st = A.apply(st, "B")
    assert st.current == 0 and st.drawn == 77 and not st.draw_pile
    st = A.apply(st, "B")
    assert st.phase == A.FINAL and st.current == 1


def test_double_turn_in_solo():
    pile = list(range(60, 70))
    st = state(players=1, current=0, drawn=99, mountains=[five_high(41)], pile=pile)
    st = A.apply(st, "B")                      # the first slot was not double (pending false)
    assert st.current == 0 and st.second_turn_pending
    st = A.apply(st, "B")
    assert st.current == 0 and not st.second_turn_pending
    st = A.apply(st, "B")
    assert st.second_turn_pending


# ---------------------------------------------------------------- §11 final phase

def test_draw_phase_ends_when_the_pile_is_empty_next_player_starts_final():
    st = state(players=3, current=1, drawn=99, pile=[],
               mountains=[rows({1: [5]}), rows({1: [6]}), rows({1: [7]})])
    st = A.apply(st, "B")
    assert st.phase == A.FINAL and st.current == 2 and st.drawn is None
    assert A.current_player(st) == 2
    moves = legal(st)
    assert "pass" in moves and all(m.split()[0] in ("H", "V", "S", "pass") for m in moves)


def test_r5_final_round_robin_until_a_full_round_of_passes():
    st = state(phase="final", current=0, hands=[[CC[0], 77], [AV[0], 99]],
               mountains=[rows({1: [5, 7, 9], 2: [None, 11]}), rows({1: [6]})])
    st = A.apply(st, "pass")
    assert st.current == 1 and st.consecutive_passes == 1
    st = A.apply(st, f"V {AV[0]} p0 2.0")
    assert st.current == 0 and st.consecutive_passes == 0
    assert f"H {CC[0]} 3.0" in legal(st) and "H 77 3.0" not in legal(st)
    st = A.apply(st, f"H {CC[0]} 3.0")
    st = A.apply(st, "pass")
    assert st.current == 0 and st.phase == A.FINAL
    st = A.apply(st, "pass")
    assert st.phase == A.OVER and A.current_player(st) is None
    assert A.legal_moves(st) == []
    with pytest.raises(IllegalMoveError):
        A.apply(st, "pass")
    assert A.outcome(st) is not None


def test_final_hand_cards_only_on_own_mountain_avalanches_only_on_opponents():
    st = state(phase="final", current=0, hands=[[50, AV[0], SBS[0]], [60]],
               mountains=[rows({1: [5, AV[1]]}), rows({1: [6]})])
    moves = legal(st)
    assert any(m.startswith("H 50 ") for m in moves)
    assert not any(m.startswith("H " + str(AV[0])) for m in moves)
    assert all(" p1 " in m for m in moves if m.startswith("V"))
    assert any(m.startswith("V") for m in moves)
    assert f"S {SBS[0]} p0 1.1" in moves        # rescue allowed, gives up that SB's point
    nxt = A.apply(st, f"S {SBS[0]} p0 1.1")
    assert nxt.discard[-2:] == (AV[1], SBS[0])


def test_forced_pass_is_automatic():
    # player 1 has an empty hand: after player 0 plays, play comes straight back to player 0
    st = state(phase="final", current=0, hands=[[50, 51], []],
               mountains=[rows({1: [5]}), rows({1: [6]})])
    st = A.apply(st, "H 50 1.1")
    assert st.current == 0 and st.consecutive_passes == 1
    st = A.apply(st, "pass")
    assert st.phase == A.OVER


def test_forced_passes_are_named_in_the_log_words():
    """Issue 22: the passes the rules make at once (spec §11) are said, with the end."""
    st = state(phase="final", current=0, hands=[[50, 51], []],
               mountains=[rows({1: [5]}), rows({1: [6]})])
    assert A.forced_passes(st, "H 50 1.1") == (1,)
    assert A.describe(st, "H 50 1.1", ["Ann", "Bob"]) == (
        "Ann places 50 chamois from their hand on their mountain at the right end of the base; "
        "Bob has nothing left to play and passes")
    st = A.apply(st, "H 50 1.1")
    assert A.forced_passes(st, "pass") == ()
    assert A.describe(st, "pass", ["Ann", "Bob"]) == "Ann passes; the game is over"
    # bulk: the mover's own final turn ends with an empty hand
    bulk = state(phase="final", current=0, hands=[[50], [60]],
                 mountains=[rows({1: [5]}), rows({1: [6]})], options={"final_phase": "bulk"})
    assert A.forced_passes(bulk, "H 50 1.1") == (0,)
    # the draw that empties the pile starts the final building, with its passes: Cy holds
    # only Saint Bernards and no mountain has an avalanche
    last = state(players=3, current=1, drawn=99, pile=[], hands=[[1, 2, 3, 4], [8, 9, 10, 11], SBS[:4]],
                 mountains=[rows({1: [50]}), rows({1: [60]}), rows({1: [70]})], fill_hands=False)
    assert A.forced_passes(last, "B") == (2,)
    assert A.describe(last, "B", ["Ann", "Bob", "Cy"]) == (
        "Bob discards the drawn 99; the pile is empty: the final building begins; "
        "Cy has nothing left to play and passes")


def test_the_end_is_announced_before_it_comes():
    """Issue 22: the banner line (``end_warning``) from the last draws to the last pass."""
    names = ["Ann", "Bob"]
    st = state(current=0, drawn=98, pile=[99, 97], hands=[[50, 51, 52, 53], [60, 61, 62, 63]],
               mountains=[rows({1: [5]}), rows({1: [6]})], fill_hands=False)
    assert A.end_warning(A.view(st, None), names) == ""                 # 2 left: a round
    st = A.apply(st, "B")
    assert st.current == 1 and A.view(st, None)["pile_size"] == 1
    assert A.end_warning(A.view(st, 1), names) == (
        "The end is near: 1 card left in the pile, then the final building.")
    st = A.apply(st, "B")
    assert A.end_warning(A.view(st, None), names) == (
        "Last card of the pile: after this turn comes the final building (one card from your "
        "hand or a pass per turn, until every player passes in a row).")
    st = A.apply(st, "B")
    assert st.phase == A.FINAL and st.current == 1
    assert A.end_warning(A.view(st, None), names).endswith("(0 of 2 in a row so far).")
    st = A.apply(st, "pass")
    assert A.end_warning(A.view(st, None), names) == "Final building: the game ends if Ann passes too."
    st = A.apply(st, "pass")
    assert st.phase == A.OVER and A.end_warning(A.view(st, None), names) == ""


def test_final_phase_bulk_option():
    st = state(phase="final", current=0, hands=[[50, 51], [60, 61]],
               mountains=[rows({1: [5]}), rows({1: [6]})], options={"final_phase": "bulk"})
    st = A.apply(st, "H 50 1.1")
    assert st.current == 0
    st = A.apply(st, "H 51 1.2")
    # hand empty: player 0's final turn ends by itself
    assert st.current == 1 and st.consecutive_passes == 1
    st = A.apply(st, "H 60 1.1")
    assert st.current == 1
    st = A.apply(st, "pass")
    assert st.phase == A.OVER
    assert st.hands[1] == (61,)


def test_final_phase_ends_at_once_when_nobody_can_act():
    st = state(current=1, drawn=99, pile=[], hands=[[SBS[0]] + [1, 2, 3], [4, 5, 6, 7]],
               mountains=[rows({1: [50]}), rows({1: [60]})], fill_hands=False)
    st = A.apply(st, "B")
    assert st.phase == A.FINAL          # both still hold numbered cards
    assert st.current == 0


def test_draw_phase_has_120_minus_4n_turns():
    import random
    for n in (1, 2, 3, 4):
        st = A.new_game(seed=100 + n, players=n)
        rng = random.Random(n)
        turns = 0
        while st.phase != A.OVER:
            if st.phase == A.DRAW:
                turns += 1
            st = A.apply(st, rng.choice(A.legal_moves(st)))
        assert turns == 120 - 4 * n


# ---------------------------------------------------------------- §12 scoring

def m1(dahut=False):
    m = {}
    for r in range(1, 7):
        for c in range(0, 7 - r):
            m[(r, c)] = 10 * r + c
    if dahut:
        m[(6, 0)] = 95
    return m


def over(hand, mountain, options=None, players=1, others=None):
    mts = [mountain] + (others or [{} for _ in range(players - 1)])
    hands = [hand] + [[] for _ in range(players - 1)]
    return state(players=players, phase="over", current=None, hands=hands, mountains=mts,
                 options=options)


@pytest.mark.parametrize("vid,hand,dahut,options,total,parts", [
    ("SC1", [], False, None, 10, (6, 3, 1, 0)),
    ("SC2", [SBS[0]], False, None, 11, (6, 3, 1, 1)),
    ("SC3", [SBS[0], 77], False, None, 10, (6, 3, 0, 1)),
    ("SC4", [], True, None, 10, (6, 3, 1, 0)),
    ("SC5", [], True, {"dahut_points": 100}, 109, (6, 102, 1, 0)),
    ("SC4-no-dahut", [], True, {"include_dahut": False}, 9, (6, 2, 1, 0)),
    ("animal_points", [], False, {"animal_points": 2}, 13, (6, 6, 1, 0)),
])
def test_scoring_vectors(vid, hand, dahut, options, total, parts):
    st = over(hand, m1(dahut), options)
    out = A.outcome(st)
    b = out.breakdown[0]
    assert (b["levels"], b["animals"], b["hand"], b["saint_bernards"]) == parts, vid
    assert b["total"] == total == out.scores[0]
    assert set(b) == {"levels", "animals", "hand", "saint_bernards", "total"}
    assert out.winners == (0,) and out.reason == "score"


def test_sc6_sc7_avalanches_and_cable_cars_count_toward_height():
    mt = rows({1: [5, 7, 9], 2: [AV[0], CC[0]], 3: [CC[1]]})
    assert A.outcome(over([], mt)).scores == (4,)
    assert A.outcome(over([AV[1]], mt)).scores == (3,)   # a kept avalanche blocks the bonus


def test_animals_below_level_4_do_not_score():
    mt = rows({1: [10, 20, 30], 2: [40, 50], 3: [60]})
    b = A.outcome(over([], mt)).breakdown[0]
    assert b["animals"] == 0 and b["levels"] == 3


def test_ties_are_shared_by_default():
    a = rows({1: [5, 7]})
    b = rows({1: [6, 8, 9]})
    st = over([], a, players=2, others=[b])
    out = A.outcome(st)
    assert out.scores == (2, 2) and out.winners == (0, 1) and out.reason == "shared"


def test_tiebreak_most_cards_in_mountain():
    a = rows({1: [5, 7]})
    b = rows({1: [6, 8, 9]})
    out = A.outcome(over([], a, players=2, others=[b],
                         options={"tiebreak": "most_cards_in_mountain"}))
    assert out.winners == (1,) and out.reason == "tiebreak" and out.detail == {"cards": 3}
    c = rows({1: [6, 8]})
    out = A.outcome(over([], a, players=2, others=[c],
                         options={"tiebreak": "most_cards_in_mountain"}))
    assert out.winners == (0, 1) and out.reason == "shared"


def test_no_outcome_before_the_end():
    assert A.outcome(A.new_game(seed=1, players=2)) is None


def test_replace_keeps_a_fixed_base_direction():
    st = state(drawn=70, mountains=[rows({1: [50]}), rows({1: [6]})], base_dirs=[1, 0],
               options={"base_direction": "fixed"})
    assert "A 1.-1" not in legal(st) and "A 1.1" in legal(st)
    nxt = A.apply(st, "E 1.0")
    assert nxt.mountains[0] == {(1, 0): 70} and nxt.base_dirs == (1, 0)


# ---------------------------------------------------------------- private steps, reveals

def test_every_step_is_private_until_the_end():
    st = altitude.new_game(seed=8, players=2)
    assert altitude.private_step(st)   # setup: the hand of 6
    over = state(players=2, phase="over", current=None, hands=[[], []])
    assert not altitude.private_step(over) and altitude.is_over(over)


def test_setup_reveals_only_the_first_draw_to_the_first_player():
    st = altitude.new_game(seed=8, players=2, first_player=1)
    a, b = st.hands[1][:2]
    nxt = altitude.apply(st, f"R {a} {b}")
    assert altitude.reveals(st, nxt) == frozenset()       # its owner knew the returned cards
    c, d = nxt.hands[0][:2]
    first = altitude.apply(nxt, f"R {c} {d}")
    assert first.phase == altitude.DRAW and first.current == 1 and first.drawn == d  # b on top
    assert altitude.reveals(nxt, first) == {1}            # new to 1 (0 returned it)
    after = altitude.apply(first, "B")
    assert after.current == 0 and altitude.reveals(first, after) == {0}


def test_the_second_draw_of_a_double_turn_is_shown_to_the_same_player():
    st = state(drawn=88, second_turn_pending=True, mountains=[rows({1: [5]}), {}])
    after = altitude.apply(st, "B")
    assert after.current == 0 and after.drawn is not None and not after.second_turn_pending
    assert altitude.reveals(st, after) == {0}


def test_final_phase_moves_reveal_nothing_and_the_end_shows_every_hand():
    st = state(phase="final", hands=[[57, 61], [9]], mountains=[rows({1: [3]}), {}])
    nxt = altitude.apply(st, "H 57 1.1")
    assert nxt.current == 1 and altitude.reveals(st, nxt) == frozenset()
    end = state(phase="final", hands=[[SBS[0]], []], passes=1)
    assert legal(end) == {"pass"}
    over = altitude.apply(end, "pass")
    assert altitude.is_over(over) and altitude.reveals(end, over) == {None}
    shown = altitude.view(over, None)
    assert shown["final_hands"] == [[SBS[0]], []] and shown["hand"] == []
    assert altitude.view(end, None)["final_hands"] is None


def test_the_public_view_hides_every_hand_and_the_drawn_card():
    st = state(drawn=88, hands=[[1, 2, 3, 4], [11, 12, 13, 14]])
    public = altitude.view(st, None)
    assert public["player"] is None and public["hand"] == [] and public["drawn"] is None
    assert public["legal_moves"] == [] and public["returned"] == []
    assert public["hand_sizes"] == [4, 4] and public["pile_size"] == len(st.draw_pile)
    assert altitude.view(st, 0)["drawn"] == 88 and altitude.view(st, 1)["drawn"] is None
    svg = altitude.render_svg(public)
    assert "Player 1\u2019s cards hidden" in svg and 'data-move="' not in svg  # seat 0 moves
