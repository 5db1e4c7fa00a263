"""Scene schema 2 (issue 20): lines of several moves with scripted replies, marks, arrows,
hidden hints, scenes given whole (links) and lessons; schema-1 files still load."""

from __future__ import annotations

import json

import pytest

from altibox import GAMES, alto
from altibox.core import scenes as S

from scenes_support import LINE, ours


def test_our_schema_1_files_still_load_and_read_as_one_step_lines():
    for game in GAMES:
        for sc in S.load_scenes(game):
            assert sc.line == ((sc.ask,) if sc.ask else ())
            assert sc.marks == () and sc.arrows == () and sc.hide_hints is False


def test_a_two_move_line_with_a_scripted_reply_is_checked_and_played():
    sc = S.parse_link_scene("alto", LINE)
    assert sc.id == "scene" and len(sc.line) == 2 and sc.line[0].reply == ("a2b1",)
    assert sc.marks == ("a3", "b2") and sc.arrows == (("a3", "b2"),) and sc.hide_hints
    state = S.check_scene(sc)
    right, text, after = S.try_move(sc, state, "a3b2", 0)
    assert right is True and text == "Flipped."
    ((reply, after_reply),) = S.replies(sc, after, 0)
    assert reply == "a2b1" and alto.current_player(after_reply) == 1
    assert S.try_move(sc, after_reply, "b2a2", 1)[:2] == (False, "Not back.")
    assert S.try_move(sc, after_reply, "b1c1", 1)[:2] == (False, "Now c2.")
    right, text, end = S.try_move(sc, after_reply, "c2d2", 1)
    assert right is True and text == "Done." and end.cell("d2").stack == "rr"


@pytest.mark.parametrize("change,message", [
    ({"ask": [{"moves": ["a3b2"], "wrong": "w", "result": "r", "reply": ["a3a4"]}]}, "reply 'a3a4' is not a legal"),
    ({"ask": [{"moves": ["a3b2"], "wrong": "w", "result": "r"},
              {"moves": ["c2d2"], "wrong": "w", "result": "r"}]}, "step 2: asks seat 1 for a move, but seat 0"),
    ({"ask": [{"moves": ["a3b2"], "wrong": "w", "result": "r", "reply": "a2b1"},
              {"moves": ["a3b2"], "wrong": "w", "result": "r"}]}, "step 2: asks for 'a3b2', which is not a legal"),
    ({"ask": [{"moves": ["a3b2"], "wrong": "w", "result": "r", "reply": ["a2b1"]},
              {"moves": ["c2d2"], "wrong": "w", "result": "r", "expect": {"cell:d2": "w"}}]},
     "step 2: after c2d2: cell:d2 is .ODrr., not .w."),
])
def test_the_checker_walks_the_whole_line(change, message):
    sc = S.parse_link_scene("alto", {**LINE, **change})
    with pytest.raises(S.SceneError, match=message):
        S.check_scene(sc)


@pytest.mark.parametrize("change,message", [
    ({"marks": "a3"}, "'marks' must be a list"),
    ({"arrows": [["a3"]]}, "'arrows' must be a list of \\[from, to\\] pairs"),
    ({"hide_hints": "yes"}, "'hide_hints' must be true or false"),
    ({"ask": []}, "1 to 20 steps"),
    ({"ask": [{"moves": ["a3b2"], "wrong": "w", "result": "r", "reply": [3]}]}, "reply must be a move"),
    ({"schema": 7}, "schema"),
    ({"game": "altitude"}, "for 'altitude', but the link opens 'alto'"),
    ({"colour": 1}, "unknown key"),
])
def test_bad_link_scenes_say_what_is_wrong(change, message):
    with pytest.raises(S.SceneError, match=message):
        S.parse_link_scene("alto", {**LINE, **change})


def test_schema_1_file_may_not_use_schema_2_keys():
    text = json.dumps({"schema": 1, "game": "alto", "scenes": [{**LINE, "id": "x"}]})
    with pytest.raises(S.SceneError, match="need \"schema\": 2"):
        S.parse_file("alto", text)
    (sc,) = S.parse_file("alto", text.replace('"schema": 1', '"schema": 2'))
    assert len(sc.line) == 2


def test_lessons_name_their_scenes_and_say_which_scene_is_bad():
    lesson = S.parse_lesson("alto", {"schema": 1, "game": "alto", "title": "Moves",
                                      "scenes": [LINE, *ours("alto")[1:3]]})
    assert [s.id for s in lesson.scenes] == ["scene-1", "move-and-flip", "any-colour"]
    assert all(S.check_scene(s) is not None for s in lesson.scenes)
    with pytest.raises(S.SceneError, match="scene 2 of the lesson: scene 'scene-2': 'title' must be a non-empty text"):
        S.parse_lesson("alto", {"title": "T", "scenes": [LINE, {**LINE, "title": ""}]})
    with pytest.raises(S.SceneError, match="needs a \"title\""):
        S.parse_lesson("alto", {"scenes": [LINE]})
    with pytest.raises(S.SceneError, match="1 to 50 scenes"):
        S.parse_lesson("alto", {"title": "T", "scenes": []})
    with pytest.raises(S.SceneError, match="used twice"):
        S.parse_lesson("alto", {"title": "T", "scenes": [{**LINE, "id": "a"}, {**LINE, "id": "a"}]})
