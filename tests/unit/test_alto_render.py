"""render_svg: the DOM contract of DESIGN.md §3 for the Alto board, checked with xml.etree."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from altibox import alto
from altibox.alto import render

NS = "{http://www.w3.org/2000/svg}"
MOVEMENT = "DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,SArww,--/ODr,DOr,od,od w m"
FINAL = "--,--,--,--/--,--wwwrwr,--,--rrr/--ww,--wr,--rw,sa/--r,od,od,-- w m"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cells(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-cell"): g for g in root.iter() if g.get("data-cell") is not None}


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def moves_on(root: ET.Element) -> dict[str, str]:
    return {el.get("data-cell"): el.get("data-move") for el in root.iter() if el.get("data-move")}


def test_root_and_sixteen_cells_in_reading_order():
    root = parse(alto.render_svg(alto.from_position(MOVEMENT)))
    assert root.tag == NS + "svg"
    assert (root.get("viewBox"), root.get("class"), root.get("role"), root.get("aria-label")) == (
        "0 0 400 400", "alto-board", "grid", "Alto board")
    order = [g.get("data-cell") for g in root.iter() if g.get("data-cell")]
    assert order == [f"{c}{r}" for r in "4321" for c in "abcd"]
    for name, g in cells(root).items():
        assert g.tag == NS + "g" and g.get("role") == "button" and "cell" in classes(g)
        assert g.get("tabindex") == ("0" if name == "a1" else "-1")


def test_tile_classes_and_aria_labels():
    s = alto.from_position(MOVEMENT)
    cs = cells(parse(alto.render_svg(s)))
    side = {n: next(c for c in classes(g) if c.startswith("tile-")) for n, g in cs.items()}
    assert side["c2"] == "tile-bright" and side["c3"] == "tile-black" and side["d2"] == "tile-none"
    assert sum(v == "tile-black" for v in side.values()) == 5
    assert sum(v == "tile-none" for v in side.values()) == 1
    assert cs["c2"].get("aria-label") == (
        "c2, S ↻A R W W 3, stack tile, bright side, flips to all directions, 3 discs bottom to top: red, white, white, "
        "can move: any disc may move, red or white")
    assert cs["c3"].get("aria-label") == ("c3, S ✕ R, stack tile, black side, removed after a move from it, one red disc, "
                                          "can move: any disc may move, red or white")
    assert cs["d2"].get("aria-label") == "d2, no tile, no discs"
    assert cs["b2"].get("aria-label") == "b2, D ✕, diagonal tile, black side, removed after a move from it, no discs"


def test_sources_without_selection_and_no_data_move():
    s = alto.from_position(MOVEMENT)
    root = parse(alto.render_svg(s, {"selected": None}))
    srcs = {n for n, g in cells(root).items() if "source" in classes(g)}
    assert srcs == set(alto.sources(s)) and len(srcs) == 11
    assert moves_on(root) == {}


@pytest.mark.parametrize("src", ["c2", "b3", "a1", "d4"])
def test_selection_marks_exactly_the_destinations(src):
    s = alto.from_position(MOVEMENT)
    root = parse(alto.render_svg(s, {"selected": src}))
    cs = cells(root)
    expected = {str(m) for m in alto.destinations(s, src)}
    assert set(moves_on(root).values()) == expected
    assert {n for n, g in cs.items() if "dest" in classes(g)} == {m[2:] for m in expected}
    assert {n for n, g in cs.items() if "selected" in classes(g)} == {src}
    assert "source" not in classes(cs[src])
    assert {n for n, g in cs.items() if "source" in classes(g)} == set(alto.sources(s)) - {src}
    assert "selected" in cs[src].get("aria-label")


def test_selection_c2_values():
    root = parse(alto.render_svg(alto.from_position(MOVEMENT), {"selected": "c2"}))
    assert moves_on(root) == {"b2": "c2b2", "c1": "c2c1", "c3": "c2c3", "d2": "c2d2"}


def test_selecting_a_non_source_is_ignored():
    s = alto.from_position(MOVEMENT)
    for cell in ("d2", "b2"):  # no tile / no disc
        root = parse(alto.render_svg(s, {"selected": cell}))
        assert moves_on(root) == {}
        assert not any("selected" in classes(g) for g in cells(root).values())


def test_placement_data_move_on_free_tiles_only():
    s = alto.new_game(seed=7)
    for m in ("@b2", "@c3", "@a1"):
        s = alto.apply(s, m)
    root = parse(alto.render_svg(s, {"selected": "b2", "last": "@a1"}))
    mv = moves_on(root)
    assert len(mv) == 13
    assert mv == {m.dst: str(m) for m in alto.legal_moves(s)}
    assert not {"a1", "b2", "c3"} & set(mv)
    cs = cells(root)
    assert "last-to" in classes(cs["a1"]) and not any("last-from" in classes(g) for g in cs.values())
    assert not any(classes(g) & {"source", "dest", "selected"} for g in cs.values())


def test_no_data_move_when_game_over():
    root = parse(alto.render_svg(alto.from_position(FINAL), {"selected": "b1"}))
    assert moves_on(root) == {}
    assert not any("source" in classes(g) for g in cells(root).values())


def _texts(el: ET.Element) -> list[str]:
    return [t.text for t in el.iter(NS + "text")]


def test_discs_carry_r_and_w_and_height_badges():
    s = alto.from_position(MOVEMENT)
    root = parse(alto.render_svg(s))
    discs = [g for g in root.iter(NS + "g") if classes(g) & {"disc-r", "disc-w"}]
    red = [g for g in discs if "disc-r" in classes(g)]
    white = [g for g in discs if "disc-w" in classes(g)]
    assert len(red) == 8 and len(white) == 8
    assert all(_texts(g) == ["R"] for g in red) and all(_texts(g) == ["W"] for g in white)
    cs = cells(root)
    # c2 holds red, white, white: drawn bottom to top, badge "3"
    c2 = [("R" if "disc-r" in classes(g) else "W") for g in cs["c2"].iter(NS + "g")
          if classes(g) & {"disc-r", "disc-w"}]
    assert c2 == ["R", "W", "W"]
    badges = {n: _texts(b) for n, g in cs.items() for b in g.iter(NS + "g") if "badge" in classes(b)}
    assert badges == {"b3": ["3"], "d3": ["2"], "c2": ["3"]}


def test_tile_symbols_drawn_and_lettered():
    s = alto.from_position(MOVEMENT)
    cs = cells(parse(alto.render_svg(s)))
    for name, g in cs.items():
        cell = s.cell(name)
        glyphs = [e for e in g.iter(NS + "g") if "glyph" in classes(e)]
        letters = [t.text for t in g.iter(NS + "text") if "sym" in classes(t)]
        if cell.tile is None:
            assert glyphs == [] and letters == []
            assert any("tile-gone" in classes(r) and r.get("stroke-dasharray") for r in g.iter(NS + "rect"))
        else:
            assert [f"glyph-{cell.active}" in classes(e) for e in glyphs] == [True]
            assert letters == [cell.active]
    # arrow counts: A has 8 heads, O and D have 4 (one "M...Z" triangle each)
    a_tile = alto.render_svg(alto.from_position(MOVEMENT.replace("asr", "ASr")))
    heads = {}
    for g in parse(a_tile).iter(NS + "g"):
        for sym in "AODS":
            if f"glyph-{sym}" in classes(g):
                heads[sym] = g.findall(NS + "path")[1].get("d").count("Z")
    assert heads == {"A": 8, "O": 4, "D": 4, "S": 4}


def test_overlays_do_not_take_pointer_events():
    root = parse(alto.render_svg(alto.from_position(MOVEMENT),
                                 {"selected": "c2", "last": "b2c3", "focus": "c2"}))
    overlays = [e for e in root.iter() if any(c.startswith("hl") for c in classes(e))]
    kinds = {c for e in overlays for c in classes(e) if c.startswith("hl-")}
    assert kinds == {"hl-sel", "hl-dest", "hl-last"}
    assert all(e.get("pointer-events") == "none" for e in overlays)
    cs = cells(root)
    assert "last-from" in classes(cs["b2"]) and "last-to" in classes(cs["c3"])
    assert [n for n, g in cs.items() if g.get("tabindex") == "0"] == ["c2"]
    sources_only = parse(alto.render_svg(alto.from_position(MOVEMENT)))
    src_marks = [e for e in sources_only.iter() if "hl-source" in classes(e)]
    assert len(src_marks) == 11 and all(e.get("pointer-events") == "none" for e in src_marks)


def test_escaping_and_bad_ui_values():
    assert render._esc('<a & "b">') == "&lt;a &amp; &quot;b&quot;&gt;"
    assert render._attrs(aria_label='x"<y>', data_move=None) == ' aria-label="x&quot;&lt;y&gt;"'
    s = alto.from_position(MOVEMENT)
    for ui in ({"selected": '"><script>'}, {"focus": "e9"}, {"last": "<b2c3>"}):
        with pytest.raises(ValueError):
            alto.render_svg(s, ui)


def test_deterministic_and_pure():
    s = alto.from_position(MOVEMENT)
    ui = {"selected": "b3", "last": "c2d2"}
    first = alto.render_svg(s, ui)
    assert first == alto.render_svg(alto.from_position(MOVEMENT), dict(ui))
    assert ui == {"selected": "b3", "last": "c2d2"} and alto.to_position(s) == MOVEMENT
    assert first != alto.render_svg(s, {"selected": "b4", "last": "c2d2"})


def test_every_position_of_a_game_renders_well_formed():
    s = alto.new_game(seed=99)
    rng = random.Random(99)
    last = None
    n = 0
    while alto.legal_moves(s):
        for sel in [None] + alto.sources(s)[:2]:
            root = parse(alto.render_svg(s, {"selected": sel, "last": last}))
            assert len(cells(root)) == 16
            discs = [g for g in root.iter(NS + "g") if classes(g) & {"disc-r", "disc-w"}]
            assert len(discs) == sum(len(c.stack) for c in s.cells)
        move = rng.choice(alto.legal_moves(s))
        s, last, n = alto.apply(s, move), str(move), n + 1
    assert n == len(s.moves) >= 32
    root = parse(alto.render_svg(s, {"last": last}))
    assert len([g for g in root.iter(NS + "g") if classes(g) & {"disc-r", "disc-w"}]) == 16


def test_last_move_is_an_outline_and_corner_marker_not_a_tint():
    """Issue 12: the last-move mark must not change which face a tile seems to show."""
    root = parse(alto.render_svg(alto.from_position(MOVEMENT), {"last": "b2c3"}))
    cs = cells(root)
    for name in ("b2", "c3"):
        mark = next(e for e in cs[name].iter() if "hl-last" in classes(e))
        ring = mark.find(NS + "rect")
        assert ring.get("fill") == "none" and ring.get("stroke") == render._HL_LAST
        assert mark.find(NS + "path") is not None          # the corner marker
        assert all(e.get("fill-opacity") is None for e in mark.iter())
    # the tile itself keeps its face colour (b2 shows its black side, "od")
    tile = next(e for e in cs["b2"].iter() if "tile" in classes(e))
    assert tile.get("fill") == render._BLACK_FILL
    # from and to differ: the source's ring is dashed
    dashed = {n: next(e for e in cs[n].iter() if "hl-last" in classes(e)).find(NS + "rect").get("stroke-dasharray")
              for n in ("b2", "c3")}
    assert dashed["b2"] and dashed["c3"] is None


def test_hover_text_says_any_disc_may_move_and_removed_discs_stay():
    root = parse(alto.render_svg(alto.from_position(MOVEMENT)))
    cs = cells(root)
    titles = {n: g.find(NS + "title") for n, g in cs.items()}
    movable = sorted(n for n, t in titles.items() if t is not None and "Any disc may move" in t.text)
    assert len(movable) == 11 and "a4" in movable   # every source of a legal move, white or red
    assert "any disc may move" in cs["a4"].get("aria-label")
    final = cells(parse(alto.render_svg(alto.from_position(FINAL))))
    t = final["b3"].find(NS + "title")
    assert t is not None and "no tile: these discs stay here for good" in t.text
    assert "its discs stay here for good" in final["b3"].get("aria-label")
    assert "Any disc may move" not in final["a4"].find(NS + "title").text   # the game is over


def test_status_says_any_disc_in_the_movement_phase():
    from altibox.alto import words

    assert words.prompt(alto.from_position(MOVEMENT)) == "White to move — any disc"
    assert words.prompt(alto.new_game(seed=7), ["Ann", "Bob"]) == "Ann to place a disc (8 left)"


def test_the_end_marks_what_every_disc_scored():
    """Issue 12: at the end each disc carries its level and each square says what it scored."""
    st = alto.from_position(FINAL)
    assert alto.is_over(st)
    root = parse(alto.render_svg(alto.view(st, None)))
    levels = sorted(int(g.get("data-level")) for g in root.iter() if g.get("data-level"))
    assert levels == sorted(k for c in st.cells for k in range(1, len(c.stack) + 1))
    b3 = cells(root)["b3"]   # "wwwrwr": white 1+2+3+5 = 11, red 4+6 = 10
    tag = next(g for g in b3.iter() if "score-tag" in classes(g))
    assert "".join(tag.itertext()) == "R+10W+11"
    running = parse(alto.render_svg(alto.from_position(MOVEMENT)))
    assert not [g for g in running.iter() if g.get("data-level") or "score-tag" in classes(g)]


def test_legend_shows_every_mark_the_board_draws():
    """Issue 22: every mark over a square (can move, selected, destination, last move to and
    from, the end's score tags) has a legend entry whose icon draws that same mark."""
    state = alto.from_position(MOVEMENT)
    last = str(alto.legal_moves(state)[0])
    after = alto.apply(state, last)
    drawn = set()
    for svg in (alto.render_svg(state), alto.render_svg(state, {"selected": "a4"}),
                alto.render_svg(after, {"last": last}), alto.render_svg(alto.from_position(FINAL))):
        drawn |= {c for el in parse(svg).iter() for c in classes(el) if c.startswith("hl-") or c == "score-tag"}
    assert drawn == {"hl-source", "hl-sel", "hl-dest", "hl-last", "score-tag"}
    entries = {key: (icon, name) for key, icon, name, _text in render.legend()}
    icon_marks = {key: {c for el in parse(icon).iter() for c in classes(el) if c.startswith("hl-")}
                  for key, (icon, _name) in entries.items()}
    assert icon_marks["movable"] == {"hl-source"} and "dotted" in entries["movable"][1]
    assert icon_marks["selected"] == {"hl-sel"} and icon_marks["dest"] == {"hl-dest"}
    assert icon_marks["last"] == icon_marks["last-from"] == {"hl-last"}
    dashed = {k: parse(entries[k][0]).find(f".//{NS}g[@class='hl hl-last']/{NS}rect").get("stroke-dasharray")
              for k in ("last", "last-from")}
    assert dashed == {"last": None, "last-from": "7 4"}
    assert "corner triangle" in entries["last"][1] and "R+3" in entries["scored"][0]


def test_end_score_tags_leave_every_disc_visible():
    """Issue 22: at the end, the R+n/W+n tags (y 72..89) sit below the stack, never on its bottom disc."""
    root = parse(alto.render_svg(alto.from_position(FINAL)))
    tags = [t for t in root.iter() if "score-tag" in classes(t)]
    assert len(tags) == 6   # one per square with discs
    tag_top = min(float(r.get("y")) for t in tags for r in t.iter(f"{NS}rect"))
    assert tag_top == 72
    bottoms = [float(r.get("y")) + float(r.get("height")) for g in root.iter()
               if {"disc"} <= classes(g) for r in g.iter(f"{NS}rect")]
    assert len(bottoms) == 15 and max(bottoms) <= tag_top
