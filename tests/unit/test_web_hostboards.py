"""The host page's boards (static/embed.js's worker, issue 21): web.play.hostboards in CPython.

Every answer is the JSON the worker posts back to the page; the boards are driven as the page
drives them (``open``, then ``act`` with the ``data-cell``/``data-move``/``data-step`` clicked)."""

from __future__ import annotations

import json
import re

import pytest

from altibox import altitude, alto
from altibox.core.scenes import find_scene

from web.links.codec import encode_record
from web.links.share import share_html, share_links
from web.play import hostboards
from web.play.hostboards import HostBoards, handle, unknown_names

APN = alto.to_position(alto.new_game(seed=3))


def ask(page: HostBoards, **msg) -> dict:
    return json.loads(json.dumps(page.message(msg)))


def hook(html: str, name: str) -> str:
    m = re.search(rf'id="board"[^>]*\b{name}="([^"]*)"', html)
    assert m, f"no #board[{name}] in the html"
    return m.group(1).replace("&#x27;", "'").replace("&quot;", '"')


def test_an_alto_position_opens_ready_and_a_move_reports_its_position():
    page = HostBoards()
    out = ask(page, op="open", n=1, attrs={"game": "alto", "pos": APN}, width=640)
    assert out["events"] == [["altibox:ready", {}]] and out["quiet"] is None
    assert hook(out["html"], "data-position") == APN and hook(out["html"], "data-ply") == "0"
    assert out["html"].count("data-move=\"@") == 16  # every free tile of the placement phase
    out = ask(page, op="act", n=1, cell=None, move="@b2", width=640)
    after = alto.apply(alto.from_position(APN), "@b2")
    assert out["events"] == [["altibox:move", {"ply": 1, "move": "@b2", "position": alto.to_position(after)}]]
    assert hook(out["html"], "data-ply") == "1"
    assert 'data-turn="1"' in out["html"]  # White to place


def test_a_hidden_information_game_never_sends_its_position():
    page = HostBoards()
    state = altitude.new_game(seed=5, players=2)
    out = ask(page, op="open", n=7, attrs={"game": "altitude", "seed": "5", "players": "2"})
    assert hook(out["html"], "data-position") == altitude.public_position(state)
    cards = re.findall(r'data-cell="(hand:[^"]+)"', out["html"])  # the hand: choose 2 cards to return
    out = ask(page, op="act", n=7, cell=cards[0])
    moves = re.findall(r'data-move="([^"]+)"', out["html"])  # the second card, any of the other 5
    assert len(moves) == 5 and set(moves) <= {str(m) for m in altitude.legal_moves(state)}
    move = moves[0]
    out = ask(page, op="act", n=7, move=move)
    assert out["events"] == [["altibox:move", {"ply": 1, "move": move, "position": None}]]


def test_a_record_steps_back_and_forth_without_move_events():
    state = alto.new_game(seed=2)
    for _ in range(3):
        state = alto.apply(state, alto.legal_moves(state)[0])
    page = HostBoards()
    out = ask(page, op="open", n=2, attrs={"game": "alto", "rec": encode_record(alto.to_record(state)), "ply": "1"})
    assert hook(out["html"], "data-ply") == "1" and 'data-step="next"' in out["html"]
    out = ask(page, op="act", n=2, step="last")
    assert out["events"] == [] and hook(out["html"], "data-position") == alto.to_position(state)


def test_a_scene_is_solved_once_by_its_asked_move_and_refuses_a_wrong_one():
    page = HostBoards()
    ask(page, op="open", n=3, attrs={"game": "alto", "scene": "move-and-flip"})
    assert 'data-move="a3b4"' in ask(page, op="act", n=3, cell="a3")["html"]  # a3 selected
    wrong = ask(page, op="act", n=3, move="a3b4")
    assert wrong["events"] == [] and "Right tile, wrong way" in wrong["html"]
    ask(page, op="act", n=3, cell="a3")
    right = ask(page, op="act", n=3, move="a3b2")
    scene = find_scene("alto", "move-and-flip")
    assert [e[0] for e in right["events"]] == ["altibox:move", "altibox:solved"]
    assert right["events"][1][1] == {"scene": "move-and-flip", "index": 0}
    assert right["events"][0][1]["position"] == hook(right["html"], "data-position")
    assert scene.ask.result[:20] in right["html"]
    assert ask(page, op="act", n=3, move="a3b2")["events"] == []  # once per solved scene


def test_a_bad_attribute_value_is_an_error_event_and_a_message_in_place_of_the_board():
    out = ask(HostBoards(), op="open", n=4, attrs={"game": "alto", "theme": "purple"})
    assert out["events"] == [["altibox:error", {"message": "theme= must be light or dark"}]]
    assert 'role="alert"' in out["html"] and 'theme="purple"' in out["html"] and "data-position" not in out["html"]
    out = ask(HostBoards(), op="open", n=5, attrs={"game": "altitude", "pos": "{}"})
    assert "keeps cards hidden" in out["events"][0][1]["message"]
    out = ask(HostBoards(), op="open", n=5, attrs={"game": "alto", "scene": "nope"})
    assert out["events"][0][0] == "altibox:error" and "placement" in out["events"][0][1]["message"]


def test_unknown_attribute_names_get_one_quiet_line_and_the_pages_own_none():
    assert unknown_names({"game": "alto", "class": "x", "id": "b1", "style": "", "data-n": "1",
                          "aria-label": "A board", "src": "https://example.org/", "first_player": "1"}) is None
    assert unknown_names({"game": "alto", "sene": "placement", "zoom": "2"}) == \
        "altibox-board: unknown attributes sene (did you mean scene?), zoom"


def test_handle_never_raises_and_a_click_on_a_cell_the_board_did_not_draw_changes_nothing():
    hostboards.PAGE.boards.clear()
    out = json.loads(handle("not json"))
    assert out["events"][0][0] == "altibox:error"
    out = json.loads(handle(json.dumps({"op": "act", "n": 99, "move": "@a1"})))
    assert "no board 99" in out["events"][0][1]["message"]
    json.loads(handle(json.dumps({"op": "open", "n": 1, "attrs": {"game": "alto", "pos": APN}})))
    out = json.loads(handle(json.dumps({"op": "act", "n": 1, "cell": "z9"})))
    assert out["events"] == [] and hook(out["html"], "data-ply") == "0"
    hostboards.PAGE.boards.clear()


@pytest.mark.parametrize("width, narrow", [(360, True), (900, False)])
def test_altiplano_is_drawn_for_the_elements_width_and_again_when_it_changes(width, narrow):
    page = HostBoards()
    wide = page.message({"op": "open", "n": 1, "attrs": {"game": "altiplano", "seed": "4", "players": "2"},
                         "width": width})["html"]
    assert page.boards[1].model.ui["narrow"] is narrow
    other = 900 if narrow else 360
    out = page.message({"op": "draw", "n": 1, "width": other})
    assert out["events"] == [] and page.boards[1].model.ui["narrow"] is not narrow and out["html"] != wide
    assert hook(out["html"], "data-position") == hook(wide, "data-position")


def test_the_share_dialog_offers_the_script_snippet_first_and_it_shows_the_same_board_as_the_frame():
    import html as html_lib
    state = alto.new_game(seed=3)
    for _ in range(4):
        state = alto.apply(state, alto.legal_moves(state)[0])
    links = share_links("https://example.org/altibox/", alto, state)
    out = share_html("Alto", False, links, 4)
    assert out.index('id="share-script-position"') < out.index('id="share-embed-position"')
    assert out.index('id="share-script-game"') < out.index('id="share-embed-position"')
    snippet = html_lib.unescape(re.search(r'<textarea id="share-script-game"[^>]*>(.*?)</textarea>', out, re.S).group(1))
    include, element = snippet.split("\n")
    assert include == '<script src="https://example.org/altibox/static/embed.js"></script>'
    attrs = {k: html_lib.unescape(v) for k, v in re.findall(r'([a-z]+)="([^"]*)"', element)}
    assert attrs["game"] == "alto" and attrs["ply"] == "0" and attrs["interactive"] == "0" and "embed" not in attrs
    page = HostBoards()
    shown = ask(page, op="open", n=1, attrs=attrs)
    assert hook(shown["html"], "data-ply") == "0" and 'data-step="last"' in shown["html"]
    last = ask(page, op="act", n=1, step="last")
    assert hook(last["html"], "data-position") == alto.to_position(state)


def test_a_lesson_from_a_link_steps_to_its_next_scene_and_says_which_one_was_solved():
    from pathlib import Path
    from web.links import lessons
    raw = {s["id"]: s for s in json.loads((Path(__file__).resolve().parents[2] / "py/altibox/alto/scenes.json")
                                          .read_text())["scenes"]}
    text = lessons.encode({"schema": 1, "game": "alto", "title": "Moves",
                           "scenes": [raw["placement"], raw["move-and-flip"]]})
    page = HostBoards()
    out = ask(page, op="open", n=1, attrs={"game": "alto", "lesson": text})
    assert out["events"] == [["altibox:ready", {}]] and "1 of 2" in out["html"]
    out = ask(page, op="act", n=1, move="@c3")
    assert [e[0] for e in out["events"]] == ["altibox:move", "altibox:solved"]
    assert out["events"][1][1] == {"scene": "placement", "index": 0}
    out = ask(page, op="act", n=1, action="next-scene")
    assert "2 of 2" in out["html"] and hook(out["html"], "data-position") == \
        alto.to_position(start_of("move-and-flip"))
    ask(page, op="act", n=1, cell="a3")
    out = ask(page, op="act", n=1, move="a3b2")
    assert out["events"][1] == ["altibox:solved", {"scene": "move-and-flip", "index": 1}]


def start_of(scene_id: str):
    """The start position of one of our Alto scenes."""
    from altibox.core import scenes
    return scenes.start_state(find_scene("alto", scene_id))


def test_focus_shows_one_part_of_the_altiplano_table_and_a_bad_part_is_an_error():
    """Issue 21 point 1 with issue 20 point 5: ``focus=`` reaches the board of an
    ``<altibox-board>`` (the display alone is a fraction of the whole table); a part the game
    does not have is an ``altibox:error`` naming the parts."""
    whole = json.loads(handle(json.dumps({"op": "open", "n": 41, "attrs": {"game": "altiplano"}})))
    part = json.loads(handle(json.dumps({"op": "open", "n": 42,
                                         "attrs": {"game": "altiplano", "focus": "display"}})))
    assert [e[0] for e in part["events"]] == ["altibox:ready"]
    assert len(part["html"]) < len(whole["html"]) / 3
    bad = json.loads(handle(json.dumps({"op": "open", "n": 43,
                                        "attrs": {"game": "altiplano", "focus": "nope"}})))
    assert bad["events"] == [["altibox:error", {
        "message": "focus= must be one of ring, board, display, orders, warehouse"}]]
