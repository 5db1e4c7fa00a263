"""The editor's state (web.play.editor, issue 20 point 4): drafts, recording by playing,
lessons, links, and the round trip of every scene of our own files."""

from __future__ import annotations

import json
from importlib import resources
from urllib.parse import parse_qsl, urlsplit

import pytest

from altibox import GAMES, alto, altiplano
from altibox.core.scenes import check_scene, parse_link_scene, parse_scene
from web.links.codec import encode_record
from web.links.lessons import canonical
from web.play.editor import LINK_LIMIT, Draft, EditorError, decode, draft_key, open_draft

BASE = "https://teacher.example/altibox/"


def file_scenes(game):
    text = resources.files(GAMES[game].__name__).joinpath("scenes.json").read_text(encoding="utf-8")
    return json.loads(text)["scenes"]


OUR_SCENES = [(g, s) for g in GAMES for s in file_scenes(g)]


def carried(url: str) -> tuple[str, dict]:
    """What a link carries: ("scene"|"lesson", the decoded object), from query or fragment."""
    parts = urlsplit(url)
    params = dict(parse_qsl(parts.query)) | dict(parse_qsl(parts.fragment))
    name = "lesson" if "lesson" in params else "scene"
    return name, decode(params[name], name)


@pytest.mark.parametrize("game,scene", OUR_SCENES, ids=[f"{g}-{s['id']}" for g, s in OUR_SCENES])
def test_every_scene_of_our_files_round_trips(game, scene):
    # opened by id, by JSON and by z: -> the link gives the same scene (a record stays a record)
    for given in (scene["id"], json.dumps(scene), encode_record(scene)):
        draft = open_draft(game, {"game": game, "page": "editor", "scene": given})
        name, back = carried(draft.link(BASE))
        assert name == "scene" and canonical(back) == canonical(scene)
        assert ("record" in back) == ("record" in scene)
        assert draft.problems() == [""]


def test_a_record_scene_stays_a_record_scene():
    # our files hold only position scenes (20 of them): a record scene is made here
    assert len(OUR_SCENES) == 20 and not any("record" in s for _, s in OUR_SCENES)
    rec = alto.to_record(alto.apply(alto.apply(alto.new_game(seed=3), "@b2"), "@c3"))
    scene = {"id": "replay", "title": "Two placements", "caption": "Red, then White.", "record": rec, "ply": 1}
    draft = open_draft("alto", {"scene": encode_record(scene)})
    name, back = carried(draft.link(BASE))
    assert canonical(back) == canonical(scene) and back["ply"] == 1 and "position" not in back
    assert draft.problems() == [""] and draft.start_state().moves == ("@b2",)


def test_a_lesson_round_trips_and_reorders():
    scenes = file_scenes("alto")[:3]
    lesson = {"schema": 1, "game": "alto", "title": "Three steps", "scenes": scenes}
    draft = open_draft("alto", {"lesson": encode_record(lesson)})
    name, back = carried(draft.link(BASE))
    assert name == "lesson" and canonical(back) == canonical(lesson)
    assert "&page=lesson&lesson=z:" in draft.link(BASE)
    draft.select(2)
    draft.move_scene(-1)
    assert [s["id"] for s in draft.scenes] == [scenes[0]["id"], scenes[2]["id"], scenes[1]["id"]]
    assert draft.index == 1
    draft.remove_scene()
    assert [s["id"] for s in draft.scenes] == [scenes[0]["id"], scenes[1]["id"]]
    assert 'src="https://teacher.example/altibox/?game=alto&amp;embed=1&amp;lesson=z:' in draft.snippet(BASE)


def test_a_long_lesson_travels_in_the_fragment():
    import hashlib
    scenes = [s for g, s in OUR_SCENES if g == "altiplano"] * 4
    # captions that do not compress (a teacher's long texts): the link passes 8,000 characters
    draft = Draft("altiplano", [dict(s, id=f"s-{i}", caption="".join(
                                    hashlib.sha512(f"{i}-{k}".encode()).hexdigest() for k in range(6)))
                                for i, s in enumerate(scenes)], "Long")
    url = draft.link(BASE)
    assert "#lesson=z:" in url and "?game=altiplano&page=lesson#" in url
    name, back = carried(url)
    assert len(back["scenes"]) == 20 and len(url) > LINK_LIMIT


def test_question_recorded_by_playing_and_checked():
    draft = open_draft("alto", {})
    start = draft.start_state()
    moves = [str(m) for m in alto.legal_moves(start)]
    assert len(moves) == 16  # a new game: 16 free tiles to place on
    draft.set_text("caption", "Red places first. Where?")
    assert draft.record_move(moves[0]) == f"{moves[0]} is asked: the learner must play it."
    assert draft.record_move(moves[1], hint="Too far from the centre.") == f"Feedback for {moves[1]} kept."
    draft.set_text("result", "Yes.")
    assert draft.problems() == [""]
    scene = parse_scene("alto", draft.scene)
    assert scene.ask.moves == (moves[0],) and scene.ask.hints == {moves[1]: "Too far from the centre."}
    check_scene(scene)
    with pytest.raises(EditorError, match="asked move"):
        draft.record_move(moves[0], hint="no")
    with pytest.raises(EditorError, match="cannot be played here"):
        draft.record_move("a1b2")
    draft.record_move(moves[0])  # played again: taken back, the scene is show-only again
    assert "ask" not in draft.scene


def test_a_bad_position_is_said_and_kept():
    draft = open_draft("alto", {})
    draft.set_position("SA,DO,OD,OD/AS,DO,OD,DO/OD,OD,DO,DO/OD,DO,AS,SA w m")
    [problem] = draft.problems()
    assert "rule 7" in problem and "8 red and 8 white" in problem
    assert draft.scene["position"].endswith(" w m")
    with pytest.raises(EditorError, match="not valid"):
        draft.start_state()


def test_draft_survives_storage_and_bad_drafts_are_said():
    draft = open_draft("alto", {"scene": "move-and-flip"})
    draft.add_scene()
    draft.set_text("lesson-title", "My lesson")
    back = Draft.from_json("alto", draft.to_json())
    assert back.to_json() == draft.to_json() and back.index == 1 and back.lesson
    assert draft_key("alto") == "altibox:editor:alto"
    for bad, words in (("{nope", "cannot be read"), ('{"schema":1,"game":"altitude","scenes":[{}]}', "not a draft of Alto"),
                       ('{"schema":1,"game":"alto","scenes":[]}', "at least one scene")):
        with pytest.raises(EditorError, match=words):
            Draft.from_json("alto", bad)


def test_make_this_a_question_from_a_shared_game():
    # Alto: the position shown; Altiplano (hidden hands): the record at that ply, never a position
    rec = alto.to_record(alto.apply(alto.new_game(seed=3), "@b2"))
    draft = open_draft("alto", {"rec": encode_record(rec)})
    assert draft.scene["position"] == alto.to_position(alto.replay(rec))
    state = altiplano.new_game(seed=5, players=2)
    for _ in range(3):
        state = altiplano.apply(state, altiplano.legal_moves(state)[0])
    rec = altiplano.to_record(state)
    draft = open_draft("altiplano", {"rec": encode_record(rec), "ply": "2"})
    assert draft.scene["record"] == rec and draft.scene["ply"] == 2 and "position" not in draft.scene
    assert draft.problems() == [""]


@pytest.mark.parametrize("params,words", [
    ({"scene": "no-such"}, "no scene 'no-such'"),
    ({"scene": "z:@@"}, "compressed scene is damaged"),
    ({"lesson": '{"schema":1,"game":"alto","scenes":[]}'}, "a list of scenes"),
    ({"rec": '{"schema":1,"game":"alto","players":2,"options":{},"seed":1,"moves":["a1a1"],"start":null,"meta":{}}'},
     "cannot be replayed"),
])
def test_bad_links_are_said(params, words):
    with pytest.raises(EditorError, match=words):
        open_draft("alto", params)


def test_share_dialog_make_this_a_question_opens_the_position_shown():
    from web.links.routes import parse_query
    from web.links.share import share_html, share_links
    state = alto.apply(alto.apply(alto.new_game(seed=4), "@b2"), "@c3")
    links = share_links(BASE, alto, state)
    assert 'id="share-question"' in share_html("Alto", False, links, 2)
    params = parse_query(links["editor"][len(BASE):])
    assert params["page"] == "editor"
    draft = open_draft("alto", params)
    assert draft.scene["position"] == alto.to_position(state) and draft.problems() == [""]


def test_a_line_of_two_steps_with_a_scripted_reply():
    draft = open_draft("alto", {})
    start = draft.start_state()
    first = str(alto.legal_moves(start)[0])
    draft.record_move(first)
    with pytest.raises(EditorError, match="asked move first"):
        Draft("alto", [dict(draft.scene, ask={"moves": [], "wrong": "w", "result": "r"})]).add_step()
    after = alto.apply(start, first)
    reply = str(alto.legal_moves(after)[0])
    assert draft.record_reply(reply) == f"The opponent replies {reply}."
    assert draft.add_step() == "Step 2: play the move the learner must find next."
    shown = draft.step_state()
    assert shown.moves == (first, reply) and alto.current_player(shown) == 0  # the learner again
    second = str(alto.legal_moves(shown)[0])
    draft.record_move(second)
    line = draft.scene["ask"]
    assert isinstance(line, list) and [s["moves"] for s in line] == [[first], [second]]
    assert line[0]["reply"] == [reply] and "reply" not in line[1]
    assert draft.problems() == [""]  # the schema-2 checker walks the whole line
    board_scene = parse_link_scene("alto", draft.scene)
    assert [step.reply for step in board_scene.line] == [(reply,), ()]
    # a reply played again is taken back; a step removed leaves one step, written as schema 1
    draft.select_step(0)
    assert draft.record_reply(reply) == f"The reply {reply} is taken back."
    draft.select_step(1)
    draft.remove_step()
    assert isinstance(draft.scene["ask"], dict) and draft.scene["ask"]["moves"] == [first]


def test_marks_arrows_and_hidden_hints_are_written_to_the_scene():
    draft = open_draft("alto", {"scene": "move-and-flip"})
    assert draft.toggle_mark("a3") == "a3 is marked."
    assert draft.toggle_arrow("a3", "b2") == "Arrow a3 → b2 added."
    draft.set_hide_hints(True)
    assert (draft.scene["marks"], draft.scene["arrows"], draft.scene["hide_hints"]) == (["a3"], [["a3", "b2"]], True)
    assert draft.problems() == [""]
    draft.toggle_mark("z9")  # not a thing of the board: the checker says so
    assert "z9" in draft.problems()[0]
    draft.toggle_mark("z9")
    with pytest.raises(EditorError, match="click a second one"):
        draft.toggle_arrow("a3", "a3")
    draft.toggle_mark("a3")
    draft.toggle_arrow("a3", "b2")
    draft.set_hide_hints(False)
    assert canonical(draft.scene) == canonical(file_scenes("alto")[1])  # back to the file's scene


def test_comments_on_a_record_scene_replay_with_the_game():
    from web.links.embed import parse_embed
    from web.links.routes import parse_query
    from web.play.boardmodel import BoardModel
    rec = alto.to_record(alto.apply(alto.apply(alto.new_game(seed=3), "@b2"), "@c3"))
    scene = {"id": "replay", "title": "Two placements", "caption": "Red, then White.", "record": rec}
    draft = open_draft("alto", {"scene": json.dumps(scene)})
    assert draft.set_comment(1, "Red takes the centre.") == "Comment on move 1 kept."
    assert draft.scene["record"]["meta"]["comments"] == {"1": "Red takes the centre."}
    assert draft.problems() == [""]
    url = draft.replay_link(BASE)
    model = BoardModel.from_spec(parse_embed(parse_query(url[len(BASE):])))
    assert model.ply == 0 and model.comments == {1: "Red takes the centre."}
    with pytest.raises(EditorError, match="moves 0 \\(the start\\) to 2, not 3"):
        draft.set_comment(3, "x")
    draft.set_comment(1, "")
    assert "comments" not in draft.scene["record"]["meta"]
    with pytest.raises(EditorError, match="made from a game"):
        open_draft("alto", {}).set_comment(0, "x")


def test_a_steps_prompt_is_loaded_edited_and_saved():
    """Issue 22: the editor carries each step's ``prompt`` (Now / Why / Cost, schema 2): the
    guided game's scene opens with its prompts, each shows in the step's form, an edit is
    written to the scene, its link and its stored draft, and an empty prompt is left out."""
    from web.html.editor import _texts
    from web.play.editor import file_scene
    from altibox.core.scenes import parse_lesson
    raw = file_scene("altiplano", "first-game")
    prompts = [step["prompt"] for step in raw["ask"]]
    assert len(prompts) == 15 and all(prompts)
    for given in ("first-game", json.dumps(raw), encode_record(raw)):
        draft = open_draft("altiplano", {"scene": given})
        name, back = carried(draft.link(BASE))
        assert name == "scene" and [s["prompt"] for s in back["ask"]] == prompts
    assert [s.prompt for s in parse_link_scene("altiplano", back).line] == prompts
    draft.select_step(2)
    assert f'data-edit="prompt"' in _texts(draft) and _esc(prompts[2]) in _texts(draft)
    draft.set_text("prompt", "Now: put a food on the Trader. Why: glass. Cost: a food.")
    _name, back = carried(draft.link(BASE))
    assert back["ask"][2]["prompt"] == "Now: put a food on the Trader. Why: glass. Cost: a food."
    assert back["ask"][3]["prompt"] == prompts[3]
    stored = Draft.from_json("altiplano", draft.to_json())
    assert stored.scenes[0]["ask"][2]["prompt"].startswith("Now: put a food on the Trader.")
    assert draft.problems() == [""]            # the schema-2 checker proves the line again
    draft.set_text("prompt", "  ")             # optional: an empty prompt is left out
    assert "prompt" not in draft.scene["ask"][2]
    assert 'data-edit="prompt"' in _texts(draft)
    # a new scene's step gets one too, and a lesson of such scenes is read back with it
    new = open_draft("alto", {})
    new.record_move(str(alto.legal_moves(new.start_state())[0]))
    new.set_text("prompt", "Place a disc. Why: to start.")
    assert new.scene["ask"]["prompt"] == "Place a disc. Why: to start." and new.problems() == [""]
    lesson = {"schema": 1, "game": "alto", "title": "T", "scenes": [new.scene]}
    assert parse_lesson("alto", lesson).scenes[0].ask.prompt == "Place a disc. Why: to start."


def _esc(text: str) -> str:
    from web.html.escape import esc
    return esc(text)
