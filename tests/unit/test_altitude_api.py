"""Altitude's API (DESIGN.md §2): options, notation, positions, records, view, describe."""

from __future__ import annotations

import json
import random

import pytest

import altibox
from altibox import altitude as A
from altibox.core import IllegalMoveError, PositionError, RecordError

from altitude_support import AV, CC, SBS, position, rows, state


def played(seed=4, players=2, plies=30, **options):
    st = A.new_game(seed=seed, players=players, **options)
    rng = random.Random(seed)
    for _ in range(plies):
        if A.current_player(st) is None:
            break
        st = A.apply(st, rng.choice(A.legal_moves(st)))
    return st


# ---------------------------------------------------------------- module facts and options

def test_module_facts_and_registration():
    assert A.NAME == "Altitude" and A.PLAYERS == range(1, 5)
    assert altibox.GAMES["altitude"] is A
    for name in ("new_game", "num_players", "seat_name", "current_player", "legal_moves",
                 "apply", "outcome", "parse_move", "view", "to_position", "from_position",
                 "to_record", "replay", "describe", "render_svg"):
        assert callable(getattr(A, name)) and getattr(A, name).__doc__


def test_options_table_matches_the_spec():
    assert set(A.OPTIONS) == {"first_player", "deck", "animal_points", "dahut_points",
                              "include_dahut", "setup_return_order", "base_direction",
                              "avalanche_on_base", "replace_avalanche", "sb_any_mountain",
                              "double_turn_height", "final_phase", "tiebreak"}
    st = A.new_game(seed=1)
    assert st.players == 2
    assert st.options == {name: d for name, (_t, d, _c) in A.OPTIONS.items()}


@pytest.mark.parametrize("bad", [
    {"players": 0}, {"players": 5}, {"players": True}, {"first_player": 2},
    {"deck": "nope"}, {"tiebreak": "coin"}, {"double_turn_height": 0},
    {"double_turn_height": 11}, {"animal_points": -1}, {"base_direction": "up"},
    {"colour": "red"}, {"seed": -1}, {"seed": 2 ** 53},
])
def test_bad_options_are_refused(bad):
    kw = {"seed": 1, "players": 2, **bad}
    with pytest.raises(ValueError):
        A.new_game(**kw)


def test_text_options_from_a_url_are_coerced():
    st = A.new_game(seed=1, players=3, first_player="2", double_turn_height="none",
                    include_dahut="false")
    assert st.options["first_player"] == 2 and st.current == 2
    assert st.options["double_turn_height"] is None and st.options["include_dahut"] is False


def test_seat_names_and_players():
    st = A.new_game(seed=1, players=3)
    assert A.num_players(st) == 3
    assert [A.seat_name(st, p) for p in range(3)] == ["Player 1", "Player 2", "Player 3"]
    with pytest.raises(ValueError):
        A.seat_name(st, 3)
    assert A.new_game(players=1).seed is not None   # a fresh seed


def test_deck_is_120_cards_as_specified():
    deck = A.get_deck()
    kinds = [c.kind for c in deck.cards]
    assert deck.size == 120
    assert kinds.count(A.CABLE) == 8 and kinds.count(A.AVALANCHE) == 8 and kinds.count(A.SB) == 4
    animals = [c for c in deck.cards if c.kind == A.ANIMAL]
    assert sorted(c.value for c in animals) == [10, 20, 30, 40, 50, 60, 70, 80, 90, 95]
    assert deck.by_id[95].species == "dahut"
    assert A.get_deck("house", include_dahut=False).by_id[95].kind == A.NUM
    assert all(deck.by_id[i].value == i for i in range(1, 101))
    assert all(deck.by_id[i].value == 0 for i in CC)


# ---------------------------------------------------------------- notation

@pytest.mark.parametrize("text", ["R 57 117", "A 1.0", "B", "C p1 2.-1", "D 42 3.1", "E 10.0",
                                  "F1 p0 1.3", "F2 118 p0 1.3", "H 5 1.-9", "V 110 p3 2.2",
                                  "S 119 p1 4.0", "pass"])
def test_notation_round_trips(text):
    move = A.parse_move(text)
    assert str(move) == text and move.text == text and move != text  # a Move is not a str
    assert move == A.parse_move(text) and hash(move) == hash(A.parse_move(text))
    assert A.parse_move(move) is move
    assert move.action == text.split()[0]


def test_notation_parts():
    m = A.parse_move("F2 118 p0 1.-3")
    assert (m.action, m.card, m.target, m.row, m.col) == ("F2", 118, 0, 1, -3)
    r = A.parse_move("R 57 117")
    assert (r.card, r.card2) == (57, 117)
    assert A.parse_move("B").row is None


@pytest.mark.parametrize("text", ["", "X", "A", "A 1", "A 1.", "A 0.0", "A 11.0", "A 1.-0",
                                  "A 01.0", "A  1.0", "a 1.0", "B 1", "C 1 2.0", "C px 2.0",
                                  "D 1.0", "R 5", "pass now", "F1 p-1 1.0", "D ५ 1.0", " B"])
def test_malformed_notation_raises_value_error(text):
    with pytest.raises(ValueError) as info:
        A.parse_move(text)
    assert not isinstance(info.value, IllegalMoveError)


def test_illegal_moves_raise_illegal_move_error():
    st = played(plies=2)
    assert st.phase == A.DRAW
    for text in ("pass", "H 5 1.0", "A 9.0", "C p0 1.0", "R 1 2", "F1 p0 1.0"):
        with pytest.raises(IllegalMoveError):
            A.apply(st, text)
    with pytest.raises(ValueError):
        A.apply(st, "nonsense")


def test_apply_accepts_move_or_text_and_is_pure():
    st = played(plies=5)
    before = A.to_position(st)
    move = A.legal_moves(st)[-1]
    a = A.apply(st, move)
    b = A.apply(st, str(move))
    assert a == b and A.to_position(st) == before
    assert a.moves == st.moves + (str(move),)


# ---------------------------------------------------------------- positions

def test_position_shape_follows_spec_16():
    st = played(plies=12)
    obj = json.loads(A.to_position(st))
    for key in ("schema", "game", "options", "phase", "current_player", "second_turn_pending",
                "consecutive_passes", "draw_pile", "discard", "hands", "mountains"):
        assert key in obj
    assert obj["game"] == "altitude" and obj["schema"] == 1
    assert all(set(e) == {"row", "col", "card"} for m in obj["mountains"] for e in m)
    back = A.from_position(A.to_position(st))
    assert A.legal_moves(back) == A.legal_moves(st)
    assert back.start == A.to_position(st) and back.moves == ()


def test_position_keeps_options_and_kwargs_override():
    st = played(plies=12, tiebreak="most_cards_in_mountain", double_turn_height=None)
    text = A.to_position(st)
    assert json.loads(text)["options"] == {"tiebreak": "most_cards_in_mountain",
                                           "double_turn_height": None}
    assert A.from_position(text).options == st.options
    assert A.from_position(text, tiebreak="shared").options["tiebreak"] == "shared"


def _mutate(text, fn):
    obj = json.loads(text)
    fn(obj)
    return json.dumps(obj)


@pytest.mark.parametrize("rule,fn", [
    (1, lambda o: o.update(game="alto")),
    (1, lambda o: o.update(schema=2)),
    (2, lambda o: o.update(options={"tiebreak": "dice"})),
    (3, lambda o: o.pop("hands")),
    (3, lambda o: o.update(players=7)),
    (3, lambda o: o.update(draw_pile="abc")),
    (4, lambda o: o.update(current_player=5)),
    (4, lambda o: o.update(current_player=None)),
    (5, lambda o: o["discard"].append(o["draw_pile"][0])),
    (5, lambda o: o["draw_pile"].pop()),
    (5, lambda o: o["draw_pile"].append(999)),
    (6, lambda o: o["hands"][0].append(o["draw_pile"].pop())),
    (7, lambda o: o.update(consecutive_passes=1)),
])
def test_bad_positions_raise_position_error(rule, fn):
    st = played(plies=12)
    assert st.phase == A.DRAW
    with pytest.raises(PositionError) as info:
        A.from_position(_mutate(A.to_position(st), fn))
    assert info.value.rule == rule


def test_bad_positions_geometry_and_card_rules():
    with pytest.raises(PositionError) as info:
        A.from_position("{not json")
    assert info.value.rule == 1
    with pytest.raises(PositionError) as info:
        A.from_position("[]")
    assert info.value.rule == 1
    cases = [
        (8, rows({1: [5], 2: [50]})),                        # no second support
        (8, rows({1: list(range(1, 12))})),                   # base of 11
        (9, rows({1: [5, 7], 2: [6]})),                       # not greater than both
        (9, rows({1: [5, AV[0]], 2: [50]})),                  # numbered card on an avalanche
        (9, rows({1: [5, 7], 2: [SBS[0]]})),                  # Saint Bernard on a mountain
    ]
    for rule, m in cases:
        with pytest.raises(PositionError) as info:
            state(drawn=99, mountains=[m, {}])
        assert info.value.rule == rule, m
    ok = state(drawn=99, mountains=[rows({1: [5, AV[0]], 2: [CC[0]]}), {}])
    assert ok.mountains[0][(2, 0)] == CC[0]


def test_position_phase_rules():
    with pytest.raises(PositionError) as info:
        state(phase="final", current=0, drawn=5)
    assert info.value.rule == 7
    with pytest.raises(PositionError) as info:
        state(phase="over", current=1)
    assert info.value.rule == 4
    with pytest.raises(PositionError) as info:
        A.from_position(position(phase="final", current=0, second_turn_pending=True))
    assert info.value.rule == 7


def test_setup_position_round_trip():
    st = A.new_game(seed=3, players=3)
    st = A.apply(st, A.legal_moves(st)[4])
    back = A.from_position(A.to_position(st))
    assert A.legal_moves(back) == A.legal_moves(st)
    assert back.returned == st.returned
    bad = _mutate(A.to_position(st), lambda o: o.update(current_player=2))
    with pytest.raises(PositionError) as info:
        A.from_position(bad)
    assert info.value.rule == 4


# ---------------------------------------------------------------- records

def test_record_round_trip_and_shape():
    st = played(plies=40, players=3, final_phase="bulk")
    rec = A.to_record(st, meta={"names": ["Ann", "Bo", "Cy"]})
    assert rec["game"] == "altitude" and rec["players"] == 3 and rec["seed"] == 4
    assert rec["options"] == {"final_phase": "bulk"} and rec["start"] is None
    assert rec["meta"] == {"names": ["Ann", "Bo", "Cy"]}
    assert len(rec["moves"]) == 40
    again = A.replay(json.loads(json.dumps(rec)))
    assert again == st
    assert A.replay(rec, upto=10) == A.replay({**rec, "moves": rec["moves"][:10]})


def test_tampered_record_names_the_failing_ply():
    st = played(plies=20)
    rec = A.to_record(st)
    rec["moves"][12] = "pass"
    with pytest.raises(RecordError) as info:
        A.replay(rec)
    assert info.value.ply == 13 and info.value.move == "pass"
    rec = A.to_record(st)
    rec["moves"][3] = "zzz"
    with pytest.raises(RecordError) as info:
        A.replay(rec)
    assert info.value.ply == 4
    with pytest.raises(RecordError) as info:
        A.replay({**A.to_record(st), "game": "alto"})
    assert info.value.ply == 0


def test_d_with_the_drawn_card_is_recorded_as_a():
    st = state(drawn=88, hands=[[1, 2, 3, 4]], mountains=[rows({1: [5]}), rows({1: [6]})])
    nxt = A.apply(st, "D 88 1.1")
    assert nxt.moves == ("A 1.1",)
    assert A.replay(A.to_record(nxt)) == nxt


# ---------------------------------------------------------------- view

def test_view_shows_own_hand_and_hides_others():
    st = played(plies=10, players=3)
    p = st.current
    for v in range(3):
        view = A.view(st, v)
        assert view["hand"] == list(st.hands[v])
        assert view["hand_sizes"] == [4, 4, 4]
        assert view["pile_size"] == len(st.draw_pile)
        assert (view["drawn"] == st.drawn) == (v == p)
        assert bool(view["legal_moves"]) == (v == p)
        text = json.dumps(view)
        assert "draw_pile" not in text and '"hands"' not in text
        assert view["final_hands"] is None  # every hand is shown only once the game is over
    with pytest.raises(ValueError):
        A.view(st, 3)


def test_view_lists_own_returned_cards_still_in_the_pile():
    st = A.new_game(seed=8, players=2)
    a, b = st.hands[0][:2]
    st = A.apply(st, f"R {a} {b}")
    assert A.view(st, 0)["returned"] == [b, a]
    assert A.view(st, 1)["returned"] == []
    c, d = st.hands[1][:2]
    st = A.apply(st, f"R {c} {d}")
    assert A.view(st, 0)["returned"] == [b, a]
    assert A.view(st, 1)["returned"] == [c]        # d is player 0's drawn card now
    assert st.drawn == d and A.view(st, 1)["drawn"] is None
    st = A.apply(st, "B")
    st = A.apply(st, "B")
    assert A.view(st, 0)["returned"] == [a]


def test_view_outcome_only_at_the_end():
    st = played(plies=2000, players=2)
    assert st.phase == A.OVER
    assert A.view(st, 0)["outcome"] == A.outcome(st).to_json()
    assert A.view(played(plies=3), 0)["outcome"] is None


# ---------------------------------------------------------------- describe

def test_describe_reveals_only_public_cards():
    st = state(drawn=88, hands=[[1, 2, 60, 4]], mountains=[rows({1: [5]}), rows({1: [6]})])
    d = A.describe(st, "D 60 1.1")
    assert "60" in d and "88" not in d and "Player 1" in d
    assert "88" in A.describe(st, "A 1.1")
    assert "88" in A.describe(st, "B")
    assert "Player 2's" in A.describe(st, "C p1 1.1")
    assert "88" not in A.describe(st, f"F2 {SBS[0]} p0 1.0")
    setup = A.new_game(seed=2, players=2)
    a, b = setup.hands[0][:2]
    words = A.describe(setup, f"R {a} {b}")
    assert str(a) not in words.split() and str(b) not in words.split()
    final = state(phase="final", current=0, hands=[[50, AV[0]], [60]],
                  mountains=[rows({1: [5]}), rows({1: [6]})])
    assert "avalanche" in A.describe(final, f"V {AV[0]} p1 1.1")
    assert A.describe(final, "pass") == "Player 1 passes"
    with pytest.raises(ValueError):
        A.describe(final, "??")


def test_every_legal_move_can_be_described():
    rng = random.Random(0)
    st = A.new_game(seed=12, players=3)
    while A.current_player(st) is not None:
        for mv in A.legal_moves(st):
            assert A.describe(st, mv)
        st = A.apply(st, rng.choice(A.legal_moves(st)))
