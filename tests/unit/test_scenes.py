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
    ('{"schema": 2, "game": "alto", "scenes": []}', "schema"),
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
