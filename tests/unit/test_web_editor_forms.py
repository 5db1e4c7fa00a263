"""The editor's compose forms and page HTML (web.play.editorcompose, web.html.editor): what each
form does to a draft, through the games' own composing rules."""

from __future__ import annotations

import json
import re

import pytest

from altibox import altiplano, altitude, alto
from web.html.editor import compose_html, editor_html, outputs_html
from web.play.editor import EditorError, open_draft
from web.play.editorcompose import apply_form, mountain_text, position_of, read_mountain


def test_alto_square_and_turn_forms():
    draft = open_draft("alto", {})
    tile = draft.scene["position"].split(" ")[0].split("/")[2].split(",")[1]  # b2's own tile
    assert apply_form(draft, "alto-square", {"cell": "b2", "tile": tile, "discs": "R"}) == "Square b2 set."
    assert draft.problems() == ["scene 'scene-1': its position is not valid: rule 6: the colour with fewer "
                                "discs must be the one to place"]  # kept, and said, until White is to place
    apply_form(draft, "alto-turn", {"to_move": "w", "phase": "p"})
    state = alto.from_position(draft.scene["position"])
    assert state.to_move == 1 and state.cells[5].stack == "r" and len(alto.legal_moves(state)) == 15
    with pytest.raises(EditorError, match="not a tile"):
        apply_form(draft, "alto-square", {"cell": "b2", "tile": "QQ", "discs": ""})


def test_altitude_table_form_keeps_what_is_not_said():
    draft = open_draft("altitude", {"scene": "avalanche"})
    before = altitude.from_position(position_of(draft))
    fields = {"players": "2", "phase": "draw", "current": "1", "hand": "41 44 47 52", "drawn": "64",
              "discard_top": "-", "pile_size": "50", "pile_top": "99",
              "mountain1": "1.0:21 1.1:26", "mountain2": mountain_text([{"row": 1, "col": 0, "card": 14}])}
    apply_form(draft, "altitude-table", fields)
    s = altitude.from_position(draft.scene["position"])
    assert s.drawn == 64 and len(s.draw_pile) == 50 and s.draw_pile[-1] == 99
    assert s.mountains[1] == {(1, 0): 14} and s.options == before.options
    with pytest.raises(EditorError, match="row.column:card"):
        read_mountain("1.0=57", 1)
    bad = dict(fields, hand="41 44 47")
    with pytest.raises(EditorError, match="hand 0 holds 3 cards"):
        apply_form(draft, "altitude-table", bad)
    assert draft.scene["position"] == altitude.to_position(s)  # a refused form changes nothing


def test_altiplano_forms_from_a_record_scene():
    state = altiplano.new_game(seed=2, players=3)
    rec = altiplano.to_record(state)
    draft = open_draft("altiplano", {"rec": json.dumps(rec)})
    assert "record" in draft.scene
    said = apply_form(draft, "altiplano-goods", {"seat": "2", "where": "crate", "good": "ore", "count": "2"})
    assert said == "2 ore from the supply." and "record" not in draft.scene  # now a composed position
    apply_form(draft, "altiplano-seat", {"seat": "1", "coins": "5", "road": "", "pawn": "farm"})
    apply_form(draft, "altiplano-warehouse", {"seat": "3", "rows": "wood wood / stone"})
    s = altiplano.from_position(draft.scene["position"])
    assert s.ps[1].crate["ore"] == 2 and (s.ps[0].coins, s.ps[0].pawn) == (5, "farm")
    assert [list(r) for r in s.ps[2].wh] == [["wood", "wood"], ["stone"]]
    with pytest.raises(EditorError, match="whole number"):
        apply_form(draft, "altiplano-goods", {"seat": "1", "where": "bag", "good": "ore", "count": "two"})
    with pytest.raises(EditorError, match="no form"):
        apply_form(draft, "alto-square", {})


def test_the_page_html_has_its_hooks():
    draft = open_draft("alto", {"scene": "move-and-flip"})
    base = "https://x.example/"
    html = editor_html(draft, "ask", '<div id="editor-board"></div>', "", outputs_html(
        draft.link(base), draft.snippet(base), [""], 0), compose_html(draft, draft.scene["position"], "a3"), [""])
    assert 'id="editor-link" href="https://x.example/?game=alto&amp;embed=1&amp;scene=z:' in html
    assert 'id="editor-snippet"' in html and 'data-compose="alto-square"' in html
    # the square picked shows its tile (white disc on the bright diagonal tile at a3)
    form = re.search(r'data-compose="alto-square".*?</form>', html).group(0)
    assert 'value="DO" selected' in form and 'value="w"' in form
    assert html.count('data-editor="unask"') == 1 and html.count('data-editor="unhint"') == 1
    bad = outputs_html("x", "y", ["", "scene 'b': its position is not valid"], 0)
    assert 'data-count="1"' in bad and "Scene 2: scene &#x27;b&#x27;" in bad


def test_start_from_a_new_game_of_any_size():
    draft = open_draft("altiplano", {"scene": "farm"})
    assert apply_form(draft, "new", {"players": "4", "seed": "9"}) == "A new game of 4 players (seed 9)."
    assert draft.scene["position"] == altiplano.to_position(altiplano.new_game(seed=9, players=4))
    with pytest.raises(EditorError, match="2 to 5|players"):
        apply_form(draft, "new", {"players": "9", "seed": "1"})
