"""Scenes and lessons in links, the lesson board, lines on a scene board, marks and arrows over
each game's board, and unknown parameter names (issue 20, points 1, 2, 3 and 6)."""

from __future__ import annotations

import json

import pytest

from altibox import GAMES, alto
from altibox.core import scenes as S
from web.links import lessons, params, routes
from web.links.codec import LinkError, decode_record
from web.links.embed import EmbedError, parse_embed
from web.play import pointers
from web.play.sceneboard import LessonBoard, SceneBoard

from scenes_support import LINE, POS, ours as _ours


@pytest.mark.parametrize("game", list(GAMES))
def test_every_scene_of_our_files_travels_in_a_link_and_comes_back_the_same(game):
    for raw in _ours(game):
        text = lessons.encode(raw)
        assert text.startswith("z:") and decode_record(text, "scene") == raw
        assert lessons.read_scene(game, text) == S.find_scene(game, raw["id"])
        assert lessons.read_scene(game, json.dumps(raw)).id == raw["id"]
        assert lessons.read_scene(game, raw["id"]) is S.find_scene(game, raw["id"])


def test_bad_scenes_and_lessons_in_links_say_what_is_wrong_and_keep_the_text():
    cases = [("scene", "nope", "Alto has no scene 'nope' (scenes: placement"),
             ("scene", "z:@@", "the compressed scene is damaged"),
             ("scene", '{"title": "T"', "the scene is not valid JSON"),
             ("scene", json.dumps({**LINE, "marks": ["z9"]}), "marks and arrows name things the board does not show: z9"),
             ("scene", json.dumps({**LINE, "ask": {**LINE["ask"][0], "moves": ["a3a4"]}}),
              "asks for 'a3a4', which is not a legal move here"),
             ("lesson", json.dumps({"title": "L", "scenes": [LINE, {**LINE, "position": "ODr w m"}]}),
              "scene 2 of the lesson: scene 'scene-2': its position is not valid"),
             ("lesson", "hello", "a lesson in a link is JSON text")]
    for kind, text, words in cases:
        read = lessons.read_scene if kind == "scene" else lessons.read_lesson
        with pytest.raises(LinkError, match=None) as err:
            read("alto", text)
        assert words in str(err.value) and err.value.text == text


def test_long_lessons_move_to_the_fragment():
    short = lessons.lesson_url("https://x.org/", "alto", scene=LINE, embed=True)
    assert short.startswith("https://x.org/?game=alto&embed=1&scene=z:") and "#" not in short
    big = {"title": "Big", "scenes": [{**LINE, "caption": " ".join(str((i * 300 + j) * 7919 % 100003) for j in range(300))} for i in range(12)]}
    url = lessons.lesson_url("https://x.org/", "alto", lesson=big)
    assert "?game=alto&page=lesson#lesson=z:" in url
    frag = url.split("#", 1)[1]
    merged = lessons.merge_fragment(routes.parse_query("?game=alto&page=lesson"), routes.parse_query(frag).items())
    assert len(lessons.read_lesson("alto", merged["lesson"]).scenes) == 12


def test_embed_reads_lesson_and_refuses_two_sources():
    spec = parse_embed({"game": "alto", "embed": "1", "lesson": "z:x", "caption": "Hi  there"})
    assert spec.lesson == "z:x" and spec.caption == "Hi there" and spec.scene is None
    with pytest.raises(EmbedError, match="give only one of pos=, rec=, scene= and lesson="):
        parse_embed({"game": "alto", "scene": "x", "lesson": "y"})
    with pytest.raises(EmbedError, match="a lesson page needs its lesson: add lesson=") as err:
        parse_embed({"game": "alto", "page": "lesson"})
    assert err.value.param == "lesson"


def test_a_line_is_solved_step_by_step_with_the_reply_shown_and_wrong_tries_keep_the_board():
    board = SceneBoard(lessons.read_scene("alto", lessons.encode(LINE)))
    start = board.state
    assert board.try_move("b1c1") == "Try a3." and board.state is start and board.kind == "wrong"
    said = board.try_move("a3b2")
    assert said == "Flipped. Reply: Red moves the white disc a2→b1; the tile flips. Your move again."
    assert board.kind == "ask" and board.step == 1 and alto.current_player(board.state) == 1
    assert 'data-ply="2"' in board.board_html()
    assert board.try_move("b2a2") == "Not back."
    assert board.try_move("c2d2") == "Done." and board.solved
    assert alto.to_position(board.state) == alto.to_position(
        alto.apply(alto.apply(alto.apply(start, "a3b2"), "a2b1"), "c2d2"))
    board.reset()
    assert board.state is start and board.step == 0


def test_the_lesson_board_offers_next_once_solved_or_show_only():
    ours = _ours("alto")
    lesson = lessons.read_lesson("alto", lessons.encode({"schema": 1, "game": "alto", "title": "Moves",
                                                         "scenes": [ours[5], LINE, ours[1]]}))
    lb = LessonBoard(lesson.scenes, lesson.title)
    assert lb.counter() == "1 of 3" and lb.can_next()  # show-only: Next at once
    assert 'data-action="prev-scene" disabled' in lb.html()
    assert lb.go("next") and lb.counter() == "2 of 3" and not lb.can_next()
    assert 'data-action="next-scene" disabled' in lb.html("A caption")
    assert 'class="wcaption lesson-caption">A caption<' in lb.html("A caption")
    assert not lb.go("next")
    lb.board.try_move("a3b2")
    lb.board.try_move("c2d2")
    assert lb.can_next() and lb.go("next") and lb.board.scene.id == "move-and-flip"
    assert lb.go("prev") and lb.board.solved  # a scene solved stays solved
    assert LessonBoard([lesson.scenes[0]]).counter() == ""


@pytest.mark.parametrize("game,scene_id", [("alto", "move-and-flip"), ("altitude", "building"),
                                           ("altiplano", "farm")])
def test_marks_and_arrows_are_drawn_on_every_game_and_said_in_words(game, scene_id):
    sc = S.find_scene(game, scene_id)
    plain = SceneBoard(sc).board_html()
    assert "data-mark" not in plain and "data-arrow" not in plain  # no marks: the drawing as before
    names = sorted(pointers.boxes(SceneBoard(sc).ui_adapter.svg(SceneBoard(sc).frame())))[:2]
    raw = {**next(r for r in _ours(game) if r["id"] == scene_id), "marks": [names[0]],
           "arrows": [names], "hide_hints": True}
    board = SceneBoard(lessons.read_scene(game, lessons.encode(raw)))
    html = board.board_html()
    assert html.count(f'data-mark="{names[0]}"') == 1
    assert f'data-arrow="{names[0]}&gt;{names[1]}"' in html
    assert f"Marked: {names[0]}. Arrows: {names[0]} → {names[1]}." in html
    assert "hide-hints" in html and ">READY</text>" not in html
    if game == "altiplano":  # the READY badge goes whole, its target too (no empty tab stop)
        assert 'data-cell="ready:' in plain and 'data-cell="ready:' not in html


def test_unknown_parameter_names_are_told_and_amp_prefixes_read_as_the_name():
    got = routes.parse_query("?game=alto&amp;embed=1&amp;amp;contorls=1&captoin=Hi&tile_set=x")
    assert got == {"game": "alto", "embed": "1", "contorls": "1", "captoin": "Hi", "tile_set": "x"}
    note = params.unknown_notice(got, GAMES["alto"].OPTIONS)
    assert note == ("This link has parameters this page does not know: “contorls” (did you mean “controls”?), "
                    "“captoin” (did you mean “caption”?).")
    assert params.unknown_notice({"game": "alto", "seat1": "hard", "lesson": "x"}, {}) is None
    assert params.unknown_notice({"zzzqqq": "1"}, {}) == "This link has a parameter this page does not know: “zzzqqq”."


def test_a_replayed_record_carries_a_comment_per_ply_and_an_autoplay_control():
    from web.play.boardmodel import BoardModel, read_comments
    state = alto.new_game(seed=3)
    for move in ("@b2", "@c3", "@a1"):
        state = alto.apply(state, move)
    rec = alto.to_record(state, meta={"comments": {"0": "The empty board.", "2": "White answers."}})
    spec = parse_embed({"game": "alto", "embed": "1", "rec": lessons.encode(rec), "ply": "0", "autoplay": "1"})
    v = BoardModel.from_spec(spec)
    assert v.autoplay and v.comment() == "The empty board."
    assert 'data-action="autoplay" aria-pressed="true"' in v.controls_html()
    v.step("next")
    assert v.comment() == ""
    v.step("next")
    assert v.comment() == "White answers."
    with pytest.raises(EmbedError, match="meta.comments must map move numbers"):
        read_comments({"comments": {"one": "x"}}, "z:…")
    assert read_comments({"comments": {"1": "x" * 900}})[1].endswith("…")
    assert read_comments({}) == {}


def test_a_line_in_a_hidden_information_game_plays_the_scripted_reply_from_the_learners_seat():
    from altibox import altitude
    raw = {**next(r for r in _ours("altitude") if r["id"] == "double-turn"),
           "ask": [{"moves": ["B"], "wrong": "Discard first.", "result": "Your second turn."},
                   {"moves": ["B"], "wrong": "Discard again.", "result": "Tim's turn.", "reply": ["B"]},
                   {"moves": ["B"], "wrong": "Discard once more.", "result": "Done."}]}
    board = SceneBoard(lessons.read_scene("altitude", lessons.encode(raw)))
    start = board.state
    assert board.try_move("B") == "Your second turn. Your move again." and board.seat == 0
    said = board.try_move("B")
    assert said.startswith("Tim's turn. Reply: ") and said.endswith("Your move again.")
    want = altitude.apply(altitude.apply(altitude.apply(start, "B"), "B"), "B")
    assert altitude.to_position(board.state) == altitude.to_position(want) and altitude.current_player(want) == 0
    # the board shows Anna's view only: Tim's hand never reaches the drawing
    tim = set(board.state.hands[1]) - set(board.state.hands[0])
    drawn = board.board_html()
    assert all(f'data-cell="hand:{c}"' in drawn for c in board.state.hands[0])
    assert tim and not any(f'data-cell="hand:{c}"' in drawn for c in tim)
    assert board.try_move("B") == "Done." and board.solved
