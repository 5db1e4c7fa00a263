"""Scene files (py/altibox/<game>/scenes.json): every scene valid and true under the rules.

Generic checks run over every scene of every game (:func:`altibox.core.scenes.check_scene`:
the position is valid, an asked move is legal and leads where ``ask.expect`` says, a show-only
scene's facts hold). The tests below them re-state what each rulebook example says with the
rules API alone, independently of the facts written in the files.
"""

from __future__ import annotations

import json

import pytest

from altibox import GAMES, alto
from altibox.core import scenes as S

SCENES = [(g, s) for g in GAMES for s in S.load_scenes(g)]


@pytest.mark.parametrize("game,scene", SCENES, ids=[f"{g}:{s.id}" for g, s in SCENES])
def test_every_scene_is_valid_and_true(game, scene):
    state = S.check_scene(scene)
    module = GAMES[game]
    assert module.to_position(state)
    if scene.ask:
        legal = {str(m) for m in module.legal_moves(state)}
        assert set(scene.ask.moves) <= legal
        assert scene.ask.wrong and scene.ask.result
    else:
        assert scene.expect, "a show-only scene states what the learner should see (e.g. scores)"


def test_minimum_scenes_per_game():
    ids = {g: {s.id for s in S.load_scenes(g)} for g in GAMES}
    assert {"move-and-flip", "move-and-remove", "move-to-empty", "scoring"} <= ids["alto"]


# ------------------------------------------------------------------ Alto: the rulebook's examples

def _scene(game, sid):
    return S.find_scene(game, sid)


def test_alto_move_and_flip_flips_a3_to_its_black_orthogonal_side():
    sc = _scene("alto", "move-and-flip")
    state = S.start_state(sc)
    assert state.cell("a3").apn() == "DOw" and state.cell("a3").active == "D"
    right, text, after = S.try_move(sc, state, "a3b2")
    assert right is True and "flipped" in text
    assert after.cell("a3").apn() == "do" and after.cell("a3").active == "O"
    assert after.cell("b2").stack == "rw"
    assert alto.to_position(after) == "ODr,ASr,DOr,ASw/do,SAw,ODw,DOr/DOw,ODrw,ODr,ODr/sa,ODwr,DOw,DOw r m"


def test_alto_wrong_try_is_refused_with_feedback_and_state_kept():
    sc = _scene("alto", "move-and-flip")
    state = S.start_state(sc)
    right, text, same = S.try_move(sc, state, "a3b4")
    assert right is False and "b2" in text and same is state
    right, text, same = S.try_move(sc, state, "b1c1")  # legal, not the example: generic feedback
    assert right is False and text == sc.ask.wrong and same is state
    with pytest.raises(ValueError):
        S.try_move(sc, state, "a3a4")  # D tile: not legal at all


def test_alto_move_and_remove_leaves_the_red_disc_on_a_tileless_b3():
    sc = _scene("alto", "move-and-remove")
    right, _text, after = S.try_move(sc, S.start_state(sc), "b3a3")
    assert right and after.cell("b3").tile is None and after.cell("b3").stack == "r"
    assert after.cell("a3").stack == "www"
    assert alto.destinations(after, "b3") == []  # stuck for good


def test_alto_move_to_empty_moves_the_whole_stack_in_order():
    sc = _scene("alto", "move-to-empty")
    right, _text, after = S.try_move(sc, S.start_state(sc), "c2d2")
    assert right and after.cell("d2").stack == "rww" and after.cell("d2").tile is None
    assert after.cell("c2").apn() == "sa" and after.cell("c2").stack == ""


def test_alto_either_colour_may_move():
    sc = _scene("alto", "any-colour")
    state = S.start_state(sc)
    assert alto.current_player(state) == 1 and state.cell("c4").stack == "r"
    right, _t, after = S.try_move(sc, state, "c4d3")
    assert right and after.cell("d3").stack == "rr" and alto.scores(after)[0] == alto.scores(state)[0] + 1


def test_alto_scoring_example_is_20_against_17():
    sc = _scene("alto", "scoring")
    out = alto.outcome(S.start_state(sc))
    assert out.scores == (20, 17) and out.winners == (0,) and out.reason == "score"
    assert sc.names == ("Anna", "Tim")


def test_alto_tie_break_at_level_4():
    out = alto.outcome(S.start_state(_scene("alto", "tie-break")))
    assert out.scores == (14, 14) and out.reason == "tiebreak" and out.detail == {"level": 4}
    assert out.winners == (0,)


# ------------------------------------------------------------------ the checker catches false claims

def _file(**scene):
    base = {"id": "x", "title": "T", "caption": "C",
            "position": "ODr,ASr,DOr,ASw/DOw,SAw,ODw,DOr/DOw,ODr,ODr,ODr/sa,ODwr,DOw,DOw w m"}
    base.update(scene)
    return json.dumps({"schema": 1, "game": "alto", "scenes": [base]})


@pytest.mark.parametrize("scene,message", [
    ({"ask": {"moves": ["a3a4"], "wrong": "w", "result": "r"}}, "not a legal move"),
    ({"ask": {"moves": ["a3b2"], "wrong": "w", "result": "r", "expect": {"cell:a3": "DO"}}},
     "cell:a3 is 'do', not 'DO'"),
    ({"expect": {"scores": [1, 2]}}, "scores is"),
    ({"expect": {"nonsense": 1}}, "no fact 'nonsense'"),
    ({"position": "ODr w m"}, "position is not valid"),
    ({"ask": {"moves": ["a3b2"], "wrong": "w", "result": "r", "hints": {"a3b2": "h"}}}, "hint"),
    ({"viewer": 0, "ask": {"moves": ["a3b2"], "wrong": "w", "result": "r"}}, "seat 1 is to act"),
])
def test_checker_rejects_false_scenes(scene, message):
    (sc,) = S.parse_file("alto", _file(**scene))
    with pytest.raises(S.SceneError, match=message) as err:
        S.check_scene(sc)
    assert err.value.scene == "x"


@pytest.mark.parametrize("text,message", [
    ("{", "not JSON"),
    ('{"schema": 3, "game": "alto", "scenes": []}', "schema"),
    ('{"schema": 1, "game": "altitude", "scenes": []}', "says it is for"),
    (_file(id="Bad Id"), "scene id"),
    (_file(record={"x": 1}), "exactly one"),
    (_file(title=""), "'title'"),
    (_file(colour="red"), "unknown key"),
    (_file(ask={"moves": [], "wrong": "w", "result": "r"}), "non-empty list"),
])
def test_parse_rejects_bad_files(text, message):
    with pytest.raises(S.SceneError, match=message):
        S.parse_file("alto", text)


def test_find_scene_lists_known_ids():
    with pytest.raises(S.SceneError, match="move-and-flip"):
        S.find_scene("alto", "nope")


# ------------------------------------------------------------------ Altitude

def test_minimum_altitude_scenes():
    ids = {s.id for s in S.load_scenes("altitude")}
    assert {"building", "cable-car", "avalanche", "saint-bernard", "keep-drawn", "double-turn"} <= ids


def test_altitude_building_rule_13_on_9_and_12_but_not_11():
    from altibox import altitude
    sc = _scene("altitude", "building")
    state = S.start_state(sc)
    assert state.drawn == 13 and state.mountains[0] == {(1, 0): 9, (1, 1): 12}
    legal = {str(m) for m in altitude.legal_moves(state)}
    assert "A 2.0" in legal and "D 11 2.0" not in legal  # 11 is not higher than 12
    right, _t, after = S.try_move(sc, state, "A 2.0")
    assert right and after.mountains[0][(2, 0)] == 13 and altitude.height(after, 0) == 2
    right, text, same = S.try_move(sc, state, "A 1.2")
    assert right is False and "build" in text and same is state


def test_altitude_cable_car_rests_on_the_avalanche():
    from altibox import altitude
    sc = _scene("altitude", "cable-car")
    state = S.start_state(sc)
    assert state.deck.by_id[state.mountains[0][(1, 1)]].kind == "avalanche"
    assert state.deck.by_id[state.drawn].kind == "cable"
    for move in ("A 2.0", "A 2.1"):  # both slots above the avalanche
        right, _t, after = S.try_move(sc, state, move)
        assert right and altitude.height(after, 0) == 2


def test_altitude_avalanche_goes_on_the_opponent_and_saint_bernard_removes_it():
    from altibox import altitude
    sc = _scene("altitude", "avalanche")
    state = S.start_state(sc)
    mine = [m for m in altitude.legal_moves(state) if str(m).startswith("A ")]
    assert mine == []  # never on your own mountain
    right, _t, after = S.try_move(sc, state, "C p1 2.1")
    assert right and after.mountains[1][(2, 1)] == state.drawn
    sb = _scene("altitude", "saint-bernard")
    st = S.start_state(sb)
    right, _t, after = S.try_move(sb, st, "F1 p0 1.1")
    assert right and (1, 1) not in after.mountains[0]
    assert after.discard[-2:] == (109, 117) or set(after.discard[-2:]) == {109, 117}


def test_altitude_keep_the_drawn_card():
    sc = _scene("altitude", "keep-drawn")
    state = S.start_state(sc)
    right, _t, after = S.try_move(sc, state, "D 30 2.0")
    assert right and 5 in after.hands[0] and 30 not in after.hands[0] and len(after.hands[0]) == 4
    assert after.mountains[0][(2, 0)] == 30


def test_altitude_double_turn_plays_again():
    from altibox import altitude
    sc = _scene("altitude", "double-turn")
    state = S.start_state(sc)
    assert altitude.height(state, 0) == 5 and state.second_turn_pending
    right, _t, after = S.try_move(sc, state, "B")
    assert right and altitude.current_player(after) == 0 and not after.second_turn_pending
    assert after.drawn is not None and after.discard[-1] == 57


def test_altitude_scoring_6_against_4():
    from altibox import altitude
    state = S.start_state(_scene("altitude", "scoring"))
    assert altitude.score_breakdown(state, 0) == {"levels": 4, "animals": 1, "hand": 1, "saint_bernards": 0, "total": 6}
    assert altitude.score_breakdown(state, 1)["total"] == 4
    assert altitude.outcome(state).winners == (0,)


# ------------------------------------------------------------------ Altiplano

def test_minimum_altiplano_scenes():
    ids = {s.id for s in S.load_scenes("altiplano")}
    assert {"draw", "farm", "cart", "order", "warehouse"} <= ids


def _seat(state, q=0):
    from altibox import altiplano
    return json.loads(altiplano.to_position(state))["seats"][q]


def test_altiplano_draw_fills_the_four_planning_spaces():
    """Anna is a 2-player Fisherman of house set 13 in round 1: her bag holds her start (2
    food, 3 fish; new-user run: the Farmer shown with fish and cacao contradicted the Farmer's
    tooltip), and the draw fills 4 spaces from 5 goods, one staying in the bag."""
    sc = _scene("altiplano", "draw")
    state = S.start_state(sc)
    assert _seat(state)["role"] == "fisherman" and _seat(state)["bag"] == state.hs.role_start("fisherman", 2)
    assert _seat(state)["planning"] == {} and _seat(state)["bag"] == {"food": 2, "fish": 3}
    assert _seat(state, 1)["bag"] == state.hs.role_start("woodcutter", 2) == {"food": 3, "stone": 1, "fish": 1}
    right, _t, after = S.try_move(sc, state, "draw")
    assert right and _seat(after)["planning"] == {"fish": 3, "food": 1}
    assert _seat(after)["bag"] == {"food": 1}
    assert "1 food and 3 fish" in sc.ask.result


def test_altiplano_farm_runs_alpaca_plus_food_into_wool():
    sc = _scene("altiplano", "farm")
    state = S.start_state(sc)
    assert sorted(_seat(state)["sources"]["farm"]["goods"]) == ["alpaca", "food"]
    right, _t, after = S.try_move(sc, state, "farm")
    assert right and _seat(after)["crate"] == {"alpaca": 1, "food": 1, "wool": 1}
    assert "farm" not in _seat(after)["sources"]


def test_altiplano_cart_reaches_the_mine_three_steps_away():
    from altibox import altiplano
    sc = _scene("altiplano", "cart")
    state = S.start_state(sc)
    ring = json.loads(altiplano.to_position(state))["ring"]
    i, j = ring.index("farm"), ring.index("mine")
    assert min((i - j) % 7, (j - i) % 7) == 3  # too far for one food step
    legal = {str(m) for m in altiplano.legal_moves(state)}
    assert "step:mine" not in legal and "go:mine" in legal
    right, _t, after = S.try_move(sc, state, "go:mine")
    assert right and _seat(after)["pawn"] == "mine" and _seat(after)["carts_used"] == 1


def test_altiplano_order_costs_a_coin_and_warehouse_rows():
    sc = _scene("altiplano", "order")
    state = S.start_state(sc)
    right, _t, after = S.try_move(sc, state, "order:O3")
    assert right and _seat(after)["order"]["id"] == "O3" and _seat(after)["coins"] == _seat(state)["coins"] - 1
    wh = _scene("altiplano", "warehouse")
    right, _t, after = S.try_move(wh, S.start_state(wh), "village:r2:r2")
    assert right and _seat(after)["warehouse"] == [["fish"], ["wool", "wool"]]
    right, text, _same = S.try_move(wh, S.start_state(wh), "village:r2:r3")
    assert right is False and "row 2" in text


def test_altiplano_scenes_show_the_house_set_of_new_games():
    """Issue 18: the scenes (and so the How to play page) show version 13 of the house set, the
    version of new games; the numbers their captions claim are version 13's."""
    from altibox import altiplano
    from altibox.altiplano import data
    hs = data.load("house_set_13")
    assert altiplano.OPTIONS["house_set"][1] == "house_set_13"
    for sc in S.load_scenes("altiplano"):
        state = S.start_state(sc)
        assert state.options["house_set"] == "house_set_13" and state.hs is hs, sc.id
        assert json.loads(altiplano.to_position(state))["options"]["house_set"] == "house_set_13"
    draw = _scene("altiplano", "draw")
    assert f"({hs.unlocked(0)} at first)" in draw.caption
    right, _t, after = S.try_move(draw, S.start_state(draw), "draw")
    assert right and sum(_seat(after)["planning"].values()) == hs.unlocked(0)
    order = _scene("altiplano", "order")
    assert f"an order costs {hs.order_price} coin" in order.caption
    state = S.start_state(order)
    right, _t, after = S.try_move(order, state, "order:O3")
    assert right and _seat(after)["coins"] == _seat(state)["coins"] - hs.order_price
    wh = _scene("altiplano", "warehouse")
    right, _t, after = S.try_move(wh, S.start_state(wh), "village:r2:r2")
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    assert f"{words[hs.wh_len - 2]} more fill it" in wh.ask.result
