"""How-to-play pages, scene boards, legends and tooltips (issue 11), in CPython."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from altibox import GAMES, alto
from altibox.alto.rules import Cell
from altibox.core import scenes as S
from web.html import howto
from web.html.legend import legend_html
from web.html import screens
from web.play.sceneboard import SceneBoard, figure_html


def parse(fragment):
    return ET.fromstring(f"<root>{fragment}</root>")


@pytest.mark.parametrize("game", list(howto.PAGES))
def test_page_is_well_formed_and_every_scene_exists(game):
    root = parse(howto.howto_html(game, back=f"?game={game}"))
    figures = [f.get("data-scene") for f in root.iter("figure")]
    assert figures == howto.scene_ids(game) and figures
    known = {s.id for s in S.load_scenes(game)}
    assert set(figures) <= known
    heads = [h.text for h in root.iter("h3")]
    assert len(heads) >= 5 and any("Scor" in h for h in heads)
    back = [a for a in root.iter("a") if a.get("data-nav")]
    assert back[0].get("href") == f"?game={game}" and back[0].text == "Back to the game"


def test_landing_cards_link_to_the_howto_pages():
    root = parse(screens.landing_html({"alto": None, "altitude": 3}))
    links = {a.get("href") for a in root.iter("a") if "howto" in (a.get("class") or "")}
    assert "?game=alto&page=rules" in links


def test_alto_legend_explains_every_symbol_and_mark():
    root = parse(legend_html("alto"))
    items = {li.get("data-symbol"): "".join(li.itertext()) for li in root.iter("li")}
    assert list(items)[:4] == ["A", "O", "D", "S"]
    assert "8 directions" in items["A"] and "diagonally" in items["D"]
    assert "whole stack" in items["S"] and "never move again" in items["removed"]
    assert "flips to its black side" in items["bright"] and "removed" in items["black"]
    assert "either colour" in items["discs"]
    for li in root.iter("li"):  # each entry has its icon, drawn like the board
        assert li.find("{http://www.w3.org/2000/svg}svg") is not None


FLIP = {"A": "S", "S": "A", "O": "D", "D": "O"}


def test_every_alto_tile_says_what_it_flips_to():
    state = alto.from_position("DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,SArww,--/ODr,DOr,od,od w m")
    svg = ET.fromstring(alto.render_svg(alto.view(state, 1)))
    ns = "{http://www.w3.org/2000/svg}"
    titles = {}
    for g in svg.iter(f"{ns}g"):
        if g.get("data-cell"):
            t = g.find(f"{ns}title")
            assert t is not None, g.get("data-cell")
            titles[g.get("data-cell")] = (t.text, g.get("aria-label"))
    assert len(titles) == 16
    for name, (title, label) in titles.items():
        cell = state.cell(name)
        if cell.tile is None:
            assert "no tile: these discs stay here for good" in title
        elif cell.bright:
            other = cell.tile[1]
            assert f"flips to {other}" in title and f"flips to {alto.SYMBOL_NAMES[other]}" in label
            assert FLIP[cell.active] == other
        else:
            assert "the tile is removed" in title and "removed after a move" in label
    assert titles["c2"][0] == ("c2: S, stack (bright side): the whole stack moves one step up, down, left "
                               "or right, in the same order. After a move from here the tile flips to A, "
                               "all directions. 3 discs: red at level 1, white at level 2, white at level 3. "
                               "Any disc may move, red or white: click to see where this one can go.")


def test_cell_help_of_a_removed_square():
    assert alto.cell_help("d2", Cell(None, False, "")).startswith("d2: no tile")


# ------------------------------------------------------------------ a live scene board

def test_scene_board_wrong_then_right():
    board = SceneBoard(S.find_scene("alto", "move-and-remove"))
    assert board.kind == "ask" and board.interactive and board.seat == 1
    assert board.click("b3", None) == ""  # select the source
    html = board.board_html()
    assert 'data-move="b3a3"' in html and 'data-move="b3c3"' in html
    said = board.click(None, "b3c3")
    assert board.kind == "wrong" and "a3" in said and board.tries == 1
    assert board.state is board.start
    board.click("b3", None)
    said = board.click(None, "b3a3")
    assert board.kind == "right" and "removed" in said and not board.interactive
    assert alto.to_position(board.state) == "ODrr,do,as,DOrr/SAwww,--r,ODr,sa/DOww,od,as,ODw/ODr,DOw,DOwr,od r m"
    assert board.click("a1", None) is None  # done: clicks do nothing
    fig = parse(figure_html(board))
    assert fig.find("figure").get("data-kind") == "right"
    assert 'data-ply="1"' in board.board_html()
    board.reset()
    assert board.kind == "ask" and board.state is board.start


def test_scene_board_refuses_a_cell_with_nothing_to_play():
    board = SceneBoard(S.find_scene("alto", "move-to-empty"))
    assert board.click("d2", None) == "Nothing to play from there."
    assert board.ui.get("selected") is None


def test_show_only_scene_states_the_outcome_with_the_scene_names():
    board = SceneBoard(S.find_scene("alto", "scoring"))
    assert board.kind == "show" and not board.interactive
    assert board.outcome_words() == "Anna scores more points: 20 against 17."
    assert "Anna scores more points: 20 against 17." in board.html()
    assert 'data-move=' not in board.board_html()


def test_scene_html_escapes_text():
    board = SceneBoard(S.find_scene("alto", "move-and-flip"))
    board.feedback, board.kind = "<b>&", "wrong"
    assert "&lt;b&gt;&amp;" in board.html()
    assert re.search(r'data-scene-action="reset"', board.html())


# ------------------------------------------------------------------ Altitude

def test_altitude_legend_covers_markers_and_special_cards():
    root = parse(legend_html("altitude"))
    items = {li.get("data-symbol"): "".join(li.itertext()) for li in root.iter("li")}
    for key in ("place", "replace", "remove", "discard", "return", "avalanche", "sb", "cable",
                "animal", "dahut", "double"):
        assert key in items, key
    assert "+" in items["place"] and "⇄" in items["replace"] and "×" in items["remove"]
    assert "↓" in items["discard"] and "↑" in items["return"]
    assert "only a cable car" in items["avalanche"] and "level 4" in items["animal"]


def test_altitude_cards_and_targets_have_tooltips_saying_what_they_do():
    from altibox import altitude
    board = SceneBoard(S.find_scene("altitude", "cable-car"))
    svg = ET.fromstring(board.ui_adapter.svg(board.frame()))
    ns = "{http://www.w3.org/2000/svg}"
    titles = {g.get("data-cell"): g.find(f"{ns}title") for g in svg.iter(f"{ns}g") if g.get("data-cell")}
    texts = {k: (t.text if t is not None else None) for k, t in titles.items()}
    assert "only a cable car may go on it" in texts["p0:L1:1"]  # the avalanche
    assert texts["drawn"].startswith("drawn card: cable car: value 0")
    assert "place here" in texts["p0:L2:0"]  # a target says what clicking does
    assert texts["hand:41"].startswith("your hand: 41")
    for cell, text in texts.items():
        if cell.startswith(("p0:", "p1:", "hand:", "drawn", "discard", "pile")):
            assert text, cell
    # the learner's view only: Tim's hand is not in the page
    tim = S.start_state(board.scene).hands[1]
    html = board.board_html()
    for cid in tim:
        assert f'data-card="{cid}"' not in html
    assert altitude.card_help(altitude.house_deck()[116]).startswith("Saint Bernard")


def test_altitude_scene_board_select_hand_card_then_target():
    board = SceneBoard(S.find_scene("altitude", "keep-drawn"))
    assert 'data-move="D 30 2.0"' not in board.board_html()
    assert board.click("hand:30", None) == ""
    assert 'data-move="D 30 2.0"' in board.board_html()
    said = board.click("p0:L1:-1", "D 30 1.-1")
    assert board.kind == "wrong" and "30" in said
    board.click("hand:30", None)
    said = board.click("p0:L2:0", "D 30 2.0")
    assert board.kind == "right" and "4 cards" in said


def test_altiplano_legend_covers_every_good_and_mark():
    root = parse(legend_html("altiplano"))
    items = {li.get("data-symbol"): "".join(li.itertext()) for li in root.iter("li")}
    for g in ("food", "corn", "wood", "stone", "ore", "wool", "cloth", "silver", "fish", "glass",
              "alpaca", "cacao", "coin", "cart", "order", "store"):
        assert g in items, g
    assert "3 VP at the end" in items["wool"] and "never in your bag" in items["corn"]


def test_altiplano_scene_board_shows_only_the_learners_hidden_goods():
    board = SceneBoard(S.find_scene("altiplano", "draw"))
    assert board.seat == 0
    html = board.board_html()
    assert 'data-move="draw"' in html
    said = board.click(None, "draw")
    assert board.kind == "right" and "4 planning spaces" in said


def test_alto_tiles_show_their_other_side_in_the_corner():
    state = alto.from_position("DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,SArww,--/ODr,DOr,od,od w m")
    svg = ET.fromstring(alto.render_svg(alto.view(state, 1)))
    ns = "{http://www.w3.org/2000/svg}"
    marks = {}
    for g in svg.iter(f"{ns}g"):
        if g.get("data-cell"):
            t = [x for x in g.iter(f"{ns}text") if x.get("class") == "flip-to"]
            marks[g.get("data-cell")] = t[0].text if t else None
    for name, mark in marks.items():
        cell = state.cell(name)
        if cell.tile is None:
            assert mark is None
        elif cell.bright:
            assert mark == "↻" + cell.tile[1] and FLIP[cell.active] == cell.tile[1]
        else:
            assert mark == "✕"
    assert marks["c2"] == "↻A" and marks["a4"] == "↻O" and marks["c4"] == "✕"


def _howto_text(game_id, options=None):
    """Every paragraph and list item of a How to play page, as the page words it (``options``:
    the options it shows: an Altiplano game's older house set)."""
    root = parse(howto.howto_html(game_id, options=options))
    return [" ".join("".join(el.itertext()).split()) for sec in root.iter("section")
            for el in sec.iter() if el.tag in ("p", "li") and el.find("strong") is None]


def _recipe_key(ins, effect):
    return tuple(sorted(ins)), effect


@pytest.mark.parametrize("version", ["house_set_13", "house_set_12", "house_set_5", "house_set"])
def test_altiplano_howto_states_the_values_of_the_house_set_it_shows(version):
    """Issue 18: the How to play page shows version 13 of the house set (new games' default):
    every number and recipe it states is version 13's (this fails when version 13's data changes
    and the page's words do not follow). New-user run: opened from a game that keeps an older
    version (``&house_set=``), it states that version's: version 1's best goods are cloth and
    silver, version 5's boats score 1 point, version 12's and 13's roles start with 4 to 7 goods."""
    from altibox import altiplano
    from altibox.altiplano import data
    hs = data.load(version)
    raw = data.load_raw(hs.name)
    assert data.load(altiplano.OPTIONS["house_set"][1]).name == "house_set_13"
    options = {} if version == "house_set_13" else {"house_set": version}
    lines = _howto_text("altiplano", options)
    text = " ".join(lines)
    assert f"({hs.unlocked(0)} at first, up to {hs.planning_spaces} along the road track)" in text
    assert f"An order costs {hs.order_price} coin at the Market" in text
    # a role's starting goods per player count (H1 rows; new-user run: it said "4 or 5" where
    # version 13's 4-player Woodcutter starts with 7)
    starts = [sum(hs.role_start(r, n).values()) for r in hs.roles for n in (2, 3, 4, 5)]
    assert (min(starts), max(starts)) == {"house_set_13": (4, 7), "house_set_12": (4, 7)}.get(version, (4, 4))
    if min(starts) < max(starts):
        assert f"gives its starting goods ({min(starts)} to {max(starts)}, by role and player count" in text
    else:
        assert f"gives its starting goods ({min(starts)} for every role:" in text
    assert f"buy a cart ({hs.cart_price} coin)" in text
    boats = f"{hs.boat_vp} point{'s' if hs.boat_vp != 1 else ''}"
    assert boats == ("1 point" if version == "house_set_5" else "2 points")
    assert (f"boats {boats}, houses {hs.house_vp} points and {hs.bonus_vp} more per "
            f"good of the house's kind") in text
    top = max(hs.values.values())
    best = " and ".join(g for g in hs.goods if hs.values.get(g) == top)
    assert best == ("cloth and silver" if version == "house_set" else "cloth and glass")
    assert f"(food {hs.values['food']}, up to {top} for {best})" in text
    effects = {"a boat": "boat", "a house": "house", "one step down the road track": "road"}
    for loc in ("farm", "forest", "mine", "harbor", "road", "village"):
        line = next(x for x in lines if x.startswith(altiplano.words.location_name(loc) + ": "))
        stated = set()
        for part in line.split(": ", 1)[1].rstrip(".").split("; "):
            if "→" not in part:
                continue
            ins, out = (x.strip() for x in part.split("→"))
            if out in effects:
                effect = effects[out]
            elif " or " in out:
                effect = tuple(sorted(out.replace(" or ", ", ").split(", ")))
            else:
                effect = (out,)
            stated.add(_recipe_key(ins.split(" + "), effect))
        expected = set()
        for r in raw["locations"][loc]["recipes"]:
            if r.get("mode", "one_cacao_choose_output") != "one_cacao_choose_output" or r.get("store"):
                continue
            effect = (tuple(r["gain"]) if "gain" in r else tuple(sorted(r["choose"])) if "choose" in r
                      else r.get("card") or ("road" if r.get("road") else None))
            expected.add(_recipe_key(r["in"], effect))
        assert stated == expected, loc


def test_the_play_screen_links_every_how_to_page_without_compiling_the_texts():
    """``routes.HOWTO_GAMES`` (read by the play screen, issue 19) names exactly the games of
    ``howto.PAGES``, each linked at ``?game=G&page=rules``."""
    from web.links import routes
    assert routes.HOWTO_GAMES == tuple(howto.PAGES) == ("alto", "altitude", "altiplano")
    assert [routes.howto_url(g) for g in routes.HOWTO_GAMES] == [
        "?game=alto&page=rules", "?game=altitude&page=rules", "?game=altiplano&page=rules"]


def test_a_how_to_page_from_a_game_on_an_older_house_set_shows_that_version():
    """New-user run: How to play opened from an Altiplano game on house set 12 showed version
    13's boards and numbers. The link from a game carries its version when it is not new
    games' (only then: DESIGN §3), and the page says at its top which version it shows; its
    legend, its texts' numbers (above) and its examples are that version's."""
    from altibox import altiplano
    from web.links import routes
    v12 = dict(altiplano.new_game(seed=3, players=2, house_set="house_set_12").options)
    assert routes.howto_url("altiplano", v12) == "?game=altiplano&page=rules&house_set=house_set_12"
    assert routes.howto_url("altiplano", dict(altiplano.new_game(seed=3, players=2).options)) == \
        "?game=altiplano&page=rules"
    assert routes.howto_url("alto", dict(alto.new_game(seed=3, setup="random").options)) == "?game=alto&page=rules"
    # the address read back: a version the game has; new games' is no option to show; another
    # value is said and left out
    assert routes.howto_options({"house_set": "house_set_12"}, altiplano) == ({"house_set": "house_set_12"}, None)
    assert routes.howto_options({"house_set": "house_set_13"}, altiplano) == ({}, None)
    assert routes.howto_options({"game": "altiplano"}, altiplano) == ({}, None)
    options, said = routes.howto_options({"house_set": "house_set_99"}, altiplano)
    assert options == {} and said.startswith("house_set=house_set_99 names no version of the house set")
    assert said.endswith(": this page shows the values of new games.")
    assert routes.howto_options({"house_set": "house_set_12"}, alto) == ({}, None)  # not an option of Alto's page
    # the page says which version it shows, and its legend is that version's
    page = howto.howto_html("altiplano", options={"house_set": "house_set"}, said=None)
    root = parse(page)
    note = [" ".join(p.itertext()) for p in root.iter("p") if p.get("class") == "howto-version"]
    assert note == ["This page shows the values of house set version 1, for a game that keeps it (new "
                    "games use house set version 13): the legend, the numbers in the texts and the examples."]
    assert legend_html("altiplano", options={"house_set": "house_set"}) in page
    assert legend_html("altiplano", options={"house_set": "house_set"}) != legend_html("altiplano")
    assert "howto-version" not in howto.howto_html("altiplano")
    warn = parse(howto.howto_html("altiplano", said="house_set=x is not a value this game accepts"))
    assert [p.text for p in warn.iter("p") if p.get("class") == "warn"] == ["house_set=x is not a value this game accepts"]
    assert howto.example_note("altiplano", {"house_set": "house_set_12"}) == (
        "This example cannot be shown with house set version 12: it shows the values of house set version 13.")
    # the examples: each scene's position on version 12, proved again by its claims; the
    # Woodcutter of a 2-player game starts with no fish in version 12
    draw = S.with_options(S.find_scene("altiplano", "draw"), {"house_set": "house_set_12"})
    assert json.loads(draw.position)["options"]["house_set"] == "house_set_12"
    shown = SceneBoard(draw).html()
    tips = [t for t in re.findall(r"<title>([^<]*)</title>", shown) if t.startswith("Woodcutter (role")]
    assert tips and all("Starting goods: stone + 3 food; 1 coin." in t for t in tips)
    new = SceneBoard(S.find_scene("altiplano", "draw")).html()
    assert "Starting goods: stone + fish + 3 food; 1 coin." in new
    for scene in S.load_scenes("altiplano"):
        for version in altiplano.data.versions():
            moved = S.with_options(scene, {"house_set": version})
            assert altiplano.from_position(moved.position).hs.name == version
    # the supply pays the difference between the versions' boxes (5 players: 1 more ore in 12)
    five = altiplano.new_game(seed=3, players=5)
    moved = altiplano.from_position(altiplano.position_with_options(altiplano.to_position(five), house_set="house_set_12"))
    assert (moved.supply["ore"], moved.supply["food"]) == (five.supply["ore"] + 1, five.supply["food"])
    with pytest.raises(ValueError, match="rule 2: bad header: only house_set can change"):
        altiplano.position_with_options(altiplano.to_position(five), turn_mode="one_source")
    assert S.with_options(S.find_scene("alto", "scoring"), {}) == S.find_scene("alto", "scoring")
    with pytest.raises(S.SceneError, match="cannot be shown with other options"):
        S.with_options(S.find_scene("alto", "scoring"), {"setup": "random"})
