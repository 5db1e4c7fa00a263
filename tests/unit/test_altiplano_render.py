"""Altiplano's SVG table: a pure function of a view, parsed with xml.etree.

For boards in each phase (draw, planning with a selection, actions with ready actions, a
multi-option choice, the final round, game over) the tests check that every legal move of the
viewer appears as a ``data-move`` (planning moves once their source is selected, choices once
their cell is selected), that nothing else does, that the hooks are accessible, and that hidden
information (the pile order, the removed orders, another seat's planning of this round) cannot
change what is drawn.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from altibox import altiplano as A
from altibox.altiplano import render as R
from altibox.altiplano import words as W

from altiplano_support import choose, give, load, play, pos, scene, shelve, take_extension

NS = "{http://www.w3.org/2000/svg}"
NAMES = ["Anna", "Tim", "Bo", "Chiara", "Kofi"]
#: the table's classes (".ap ...") as styled by the page, where the sizes of its texts are set
CSS = "\n".join(line for line in (Path(__file__).resolve().parents[2] / "static" / "css" /
                                   "altiplano.css").read_text(encoding="utf-8").splitlines()
                 if line.startswith(".ap"))


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def moves_in(root) -> list[str]:
    return [el.get("data-move") for el in root.iter() if el.get("data-move") is not None]


def cells(root) -> dict[str, ET.Element]:
    return {el.get("data-cell"): el for el in root.iter() if el.get("data-cell") is not None}


def check_common(root, view) -> None:
    """Hooks are accessible and unique; only legal moves are offered; overlays let clicks pass;
    no text below 11 units."""
    seen = []
    for el in root.iter():
        cell = el.get("data-cell")
        if cell is not None:
            seen.append(cell)
            assert el.get("aria-label"), cell
        if el.get("data-move") is not None:
            assert cell is not None, el.get("data-move")
            assert el.get("role") == "button" and el.get("tabindex") == "0", cell
        if el.tag == NS + "rect" and (el.get("class") or "x").split()[0] in (
                "target", "focus", "last", "sel", "targetfill", "pick"):
            assert el.get("pointer-events") == "none"
    assert len(seen) == len(set(seen)), "data-cell values must be unique"
    assert set(moves_in(root)) <= set(view["legal_moves"])
    sizes = [float(x) for x in re.findall(r"font-size:\s*([0-9.]+)px", ET.tostring(root, "unicode") + CSS)]
    assert sizes and min(sizes) >= 11


def reachable(view, ui=None) -> set[str]:
    """Every move a page can play by clicking: the moves shown with no selection, plus those
    shown after selecting each cell of ``choice_cells``."""
    ui = dict(ui or {})
    out = set(moves_in(parse(R.render_svg(view, ui))))
    for cell in R.choice_cells(view):
        root = parse(R.render_svg(view, dict(ui, selected=cell)))
        out |= set(moves_in(root))
    return out


def render(state, seat, **ui):
    view = A.view(state, seat)
    svg = A.render_svg(view, ui)
    root = parse(svg)
    check_common(root, view)
    return view, svg, root


# ---------------------------------------------------------------------------------------------
# Phases
# ---------------------------------------------------------------------------------------------

def test_draw_phase_offers_the_draw_and_shows_bag_counts():
    s = A.new_game(seed=7, players=2)
    view, svg, root = render(s, 0, names=NAMES)
    assert view["legal_moves"] == ["draw"]
    assert moves_in(root) == ["draw"]
    c = cells(root)
    assert c["draw"].get("data-move") == "draw" and "Draw 4 goods" in c["draw"].get("aria-label")
    bag = s.ps[0].bag
    words = ", ".join(f"{n} {g}" for g, n in A.view(s, 0)["seats"][0]["bag"].items())
    assert c["bag"].get("aria-label").startswith(f"your bag: {words}.")
    assert sum(bag.values()) == 4
    # the ring: 7 locations in dealt order, with their stock
    locs = [k[4:] for k in c if k.startswith("loc:")]
    assert locs == list(s.ring)
    k = list(s.ring).index("road")
    prev, nxt = (W.location_name(s.ring[k - 1]), W.location_name(s.ring[(k + 1) % 7]))
    assert f"Road (next to the {prev} and the {nxt}): stock 15 corn" in c["loc:road"].get("aria-label")
    # 5 display tiles with prices, 10 face-up orders
    assert sorted(k for k in c if k.startswith("display:")) == sorted(
        f"display:{e}" for e in s.display)
    assert len([k for k in c if k.startswith("order:")]) == 10
    assert reachable(view) == {"draw"}


def test_draw_phase_returns_from_action_spaces():
    d = pos(A.new_game(seed=2, players=2))
    x = d["seats"][0]
    for g, n in list(x["bag"].items()):
        d["supply"][g] = d["supply"].get(g, 0) + n
    x["bag"] = {}
    give(d, 0, "farm", "alpaca")
    give(d, 0, "bag", "food", "food")
    s = load(d)
    view, _svg, root = render(s, 0)
    assert set(view["legal_moves"]) == {"alpaca<farm", "draw"}
    good = cells(root)["src:farm:1"]
    assert good.get("data-move") == "alpaca<farm"
    assert reachable(view) == set(view["legal_moves"])


def _planning():
    s = A.new_game(seed=7, players=2)
    s = play(s, "draw", "draw")
    assert s.phase == "planning" and s.current == 0
    return s


def test_planning_selection_shows_its_targets_only():
    s = _planning()
    view, _svg, root = render(s, 0)
    legal = set(view["legal_moves"])
    plan = R._planning_list(view["seats"][0], R._house(view))
    assert len(plan) == 4
    assert set(moves_in(root)) == {"done"}
    sel_cells = R.choice_cells(view)
    assert {f"plan:{k}" for k in range(1, 5) if any(m.startswith(plan[k - 1] + ">") for m in legal)} \
        <= sel_cells
    for k, g in enumerate(plan, 1):
        if f"plan:{k}" not in sel_cells:
            continue
        _v, _s, root = render(s, 0, selected=f"plan:{k}")
        shown = set(moves_in(root)) - {"done"}
        assert shown == {m for m in legal if m.startswith(f"{g}>")}
        for m in shown:  # each placement sits on its source's group
            sid = m.split(">")[1]
            assert cells(root)[f"src:{sid}"].get("data-move") == m
    assert reachable(view) == legal


def test_planning_fresh_goods_can_be_taken_back_and_are_hidden_from_others():
    s = _planning()
    g = R._planning_list(A.view(s, 0)["seats"][0], R._house(A.view(s, 0)))[0]
    target = sorted(m.text for m in A.legal_moves(s) if m.text.startswith(f"{g}>"))[0]
    sid = target.split(">")[1]
    before_public = A.render_svg(A.view(s, None), {"names": NAMES})
    before_other = A.render_svg(A.view(s, 1), {"names": NAMES})
    s2 = A.apply(s, target)
    view, _svg, root = render(s2, 0)
    good = cells(root)[f"src:{sid}:1"]
    assert good.get("data-move") == f"{g}<{sid}"
    assert reachable(view) == set(view["legal_moves"])
    # the pass-the-device screen (public view) and the other seat see nothing new
    assert A.render_svg(A.view(s2, None), {"names": NAMES}) == before_public
    assert A.render_svg(A.view(s2, 1), {"names": NAMES}) == before_other
    assert A.render_svg(A.view(s2, None), {"names": NAMES, "board": 0}) == \
        A.render_svg(A.view(s, None), {"names": NAMES, "board": 0})


def test_locked_goods_are_marked_and_cannot_move_in_planning():
    d = pos(_planning())
    give(d, 0, "mine", "food")  # placed in an earlier round
    s = load(d)
    view, _svg, root = render(s, 0)
    food = cells(root)["src:mine:1"]
    assert "earlier round" in food.get("aria-label") and food.get("data-move") is None
    assert "food<mine" not in view["legal_moves"]


def test_coin_spaces_take_a_selected_coin():
    d = scene(5, seed=3, pawn="market", coins=3)
    take_extension(d, "B7")
    d["seats"][0]["extensions"] = [["B7", 1]]
    d["round"] = 2
    d["phase"], d["current"], d["queue"] = "planning", 0, [0, 1, 2, 3, 4]
    d["start_player"] = 0
    s = load(d)
    view, _svg, root = render(s, 0)
    assert "coin>B7" in view["legal_moves"] and "coins" in R.choice_cells(view)
    _v, _s, root = render(s, 0, selected="coins")
    assert cells(root)["src:B7"].get("data-move") == "coin>B7"
    s2 = A.apply(s, "coin>B7")
    view2, _s2, root2 = render(s2, 0)
    assert cells(root2)["src:B7:c1"].get("data-move") == "coin<B7"
    assert reachable(view2) == set(view2["legal_moves"])


def test_actions_ready_source_pawn_moves_and_market():
    d = scene(3, seed=1, pawn="farm", coins=4)
    give(d, 0, "farm", "alpaca", "food")       # exactly wool's recipe: ready
    give(d, 0, "move", "food")                 # a step is possible
    give(d, 0, "market", "glass")
    s = load(d)
    view, _svg, root = render(s, 0, names=NAMES)
    legal = set(view["legal_moves"])
    assert "farm" in legal
    c = cells(root)
    assert c["src:farm"].get("data-move") == "farm"
    assert "Ready" in c["src:farm"].get("aria-label")
    assert "READY" in ET.tostring(root, "unicode")
    # neighbours: cart or step -> a choice; farther locations: one cart move
    ring = list(s.ring)
    i = ring.index("farm")
    near = {ring[(i - 1) % 7], ring[(i + 1) % 7]}
    for loc in ring:
        if loc == "farm":
            assert c["loc:farm"].get("data-move") is None
        elif loc in near:
            assert f"loc:{loc}" in R.choice_cells(view)
            _v, _s, r2 = render(s, 0, selected=f"loc:{loc}")
            assert {m for m in moves_in(r2) if m.endswith(loc)} == {f"go:{loc}", f"step:{loc}"}
        else:
            assert c[f"loc:{loc}"].get("data-move") == f"go:{loc}"
        if loc != "farm":  # the board's location cards offer the same moves
            assert c[f"sec:{loc}"].get("data-move") == c[f"loc:{loc}"].get("data-move")
    assert reachable(view) == legal
    # after moving to the Market: the glass can be sold, orders taken, extensions bought
    s2 = play(s, "go:market")
    view2, _svg2, root2 = render(s2, 0)
    c2 = cells(root2)
    # a lone sale plays at once: the sold glass goes to the crate, its points stay (rules: sell)
    assert c2["src:market:1"].get("data-move") == "sell:glass"
    assert "src:market:1" not in R.choice_cells(view2)
    value = s2.hs.values["glass"]
    assert value > 0 and f"Sell glass for {s2.hs.prices['glass']} coins: the glass goes to your crate " \
        f"(you keep its {value} VP)" in c2["src:market:1"].get("aria-label")
    sold = play(s2, "sell:glass")
    assert A.score_breakdown(sold, 0)["total"] == A.score_breakdown(s2, 0)["total"]
    for o in s2.orders:
        assert c2[f"order:{o}"].get("data-move") == f"order:{o}"
    buys = {m for m in view2["legal_moves"] if m.startswith("buy:")}
    assert buys and buys == {c2[f"display:{m[4:]}"].get("data-move") for m in buys}
    assert reachable(view2) == set(view2["legal_moves"])


def _ready_badge(root):
    """The READY badge's ``data-cell`` group (None: outside every group) and its pill's classes."""
    parent = {child: el for el in root.iter() for child in el}
    text = next(el for el in root.iter() if el.tag == NS + "text" and el.text == "READY")
    group = parent[text]
    while group is not None and group.get("data-cell") is None:
        group = parent.get(group)
    pill = next(el for el in parent[text] if el.tag == NS + "rect" and "ready-pill" in (el.get("class") or ""))
    return group, pill.get("class").split()


@pytest.mark.parametrize("pawn,goods,live", [("village", ("fish",), True),
                                              ("village", ("fish", "stone"), True),
                                              ("farm", ("fish",), False)])
def test_the_ready_badge_takes_the_click_of_its_source(pawn, goods, live):
    """New-user run: the Village card's READY badge (its storage action) took no click, only
    the source below it did. The badge is a target of its own, ``ready:village``, which the
    page takes for ``src:village``: it plays the action (one way: the same ``data-move``),
    opens the choice (several ways: the rows), or says why not (the pawn elsewhere). Green like
    every target while it runs now, white while it cannot."""
    d = scene(2, seed=1, pawn=pawn, house_set="house_set_13")
    give(d, 0, "village", *goods)
    s = load(d)
    for narrow in (False, True):
        view, _svg, root = render(s, 0, narrow=narrow)
        group, cls = _ready_badge(root)
        assert group is not None and group.get("data-cell") == "ready:village", narrow
        source = cells(root)["src:village"]
        runs = [m for m in view["legal_moves"] if m.startswith("village:")]
        assert bool(runs) == live and ("live" in cls) == live
        assert group.get("data-move") == source.get("data-move")
        if len(runs) == 1:
            assert group.get("data-move") == runs[0] == "village:r1"
        elif runs:
            assert group.get("data-move") is None and group.get("role") == "button"
            assert "src:village" in R.choice_cells(view)
            _v, _s, chosen = render(s, 0, narrow=narrow, selected="src:village")
            assert {m for m in moves_in(chosen) if m.startswith("village:")} == set(runs)
        else:
            assert group.get("role") is None and "Your pawn" in A.why_not(view, "src:village")
        # the source is outlined as a target exactly when it runs now
        outlined = any((el.get("class") or "").split()[:1] == ["target"] for el in source)
        assert outlined == live


def test_every_highlight_is_drawn_where_the_click_is_taken():
    """Legal actions are highlighted where they are clicked (new-user run: the READY badge, a
    highlight, took no click): every target outline, target fill, pick outline and live READY
    badge of a game's boards, wide and narrow, lies in a group that plays a move
    (``data-move``) or opens a choice (``role="button"``)."""
    s, rng = A.new_game(seed=4, players=3), random.Random(4)
    seen = set()
    while not A.is_over(s):
        if len(s.moves) % 7 == 0:
            view = A.view(s, A.current_player(s))
            for narrow in (False, True):
                root = parse(A.render_svg(view, {"narrow": narrow}))
                parent = {child: el for el in root.iter() for child in el}
                for el in root.iter(NS + "rect"):
                    cls = (el.get("class") or "").split()
                    if not (cls[:1] in (["target"], ["targetfill"], ["pick"]) or "live" in cls):
                        continue
                    seen.add(cls[0] if "live" not in cls else "live")
                    group = parent[el]
                    while group is not None and group.get("data-cell") is None:
                        group = parent.get(group)
                    assert group is not None and (group.get("data-move") or group.get("role") == "button"), \
                        (len(s.moves), cls, group.get("data-cell") if group is not None else None)
        s = A.apply(s, choose(rng, s, 0.1))
    assert seen == {"target", "targetfill", "pick", "live"}


def test_go_here_with_a_cart_and_a_step_says_both():
    """New-user run: a location reached by a cart or a step offered a generic "Go here…". Its
    button says what the click asks about, in words that fit the phone's card too."""
    d = scene(2, seed=1, pawn="farm", house_set="house_set_13")
    give(d, 0, "move", "food")  # a step is possible
    s = load(d)
    ring = list(s.ring)
    i = ring.index("farm")
    near = ring[(i + 1) % 7]
    for narrow, words in ((False, "Go here \u00b7 cart or step"), (True, "Go \u00b7 cart or step")):
        view, svg, root = render(s, 0, narrow=narrow)
        go = cells(root)[f"sec:{near}"]
        assert go.get("data-move") is None and f"sec:{near}" in R.choice_cells(view)
        assert ["".join(t.itertext()) for t in go.iter(NS + "text")] == [words]
        assert "Go here\u2026" not in svg  # no generic "Go here…" anywhere
        # the button as wide as its words (never cut to the card's inner width: 150 / 212)
        width = float(next(go.iter(NS + "rect")).get("width"))
        assert width == pytest.approx(len(words) * 12 * 0.6 + 20) and width < (150 if narrow else 212)
        _v, _s, chosen = render(s, 0, narrow=narrow, selected=f"sec:{near}")
        assert {m for m in moves_in(chosen) if m.endswith(near)} == {f"go:{near}", f"step:{near}"}


def test_multi_option_choice_asks_once_in_words():
    d = scene(4, seed=3, pawn="village", coins=5)
    give(d, 0, "village", "stone", "stone")
    s = load(d)
    view, _svg, root = render(s, 0)
    village = sorted(m for m in view["legal_moves"] if m.startswith("village"))
    assert len(village) == 10 + 2  # a house of each type left, or store in rows 1+1 / 1+2
    assert cells(root)["src:village"].get("data-move") is None
    assert "src:village" in R.choice_cells(view)
    _v, svg, root = render(s, 0, selected="src:village", names=NAMES)
    c = cells(root)
    shown = {el.get("data-move") for k, el in c.items() if k.startswith("choice:")} - {None}
    assert shown == set(village)
    labels = {el.get("data-move"): el.get("aria-label") for el in c.values()
              if el.get("data-move") in village}
    assert labels["village:silver"] == "Village: take the silver house (+1 VP per silver at the end)"
    # the name holds the words drawn on the option (WCAG 2.5.3, issue 22)
    assert labels["village:r1:r2"] == ("Village: store stone \u2192 row 1, stone \u2192 row 2 "
                                       "(shown: row 1 + row 2)")
    assert "choice:cancel" in c and c["choice:cancel"].get("data-move") is None
    assert "Take a house" in svg and "Cancel" in svg
    assert reachable(view) == set(view["legal_moves"])


def test_market_good_with_sell_or_deliver_is_a_choice():
    d = scene(2, seed=1, pawn="market", coins=2)
    give(d, 0, "market", "ore")
    for o in ("O5",):
        if o in d["orders"]:
            d["orders"].remove(o)
        else:
            d["removed"].remove(o)
            d["removed"].append(d["orders"].pop())
    d["seats"][0]["order"] = {"id": "O5", "delivered": []}
    s = load(d)
    view, _svg, root = render(s, 0)
    assert {"sell:ore", "deliver:ore"} <= set(view["legal_moves"])
    assert "src:market:1" in R.choice_cells(view)
    _v, _s, root = render(s, 0, selected="src:market:1")
    c = cells(root)
    got = {el.get("aria-label") for k, el in c.items() if k.startswith("choice:") and el.get("data-move")}
    ore = s.hs.values["ore"]
    assert ore > 0 and got == {f"Sell ore for 1 coin: the ore goes to your crate (you keep its {ore} VP) "
                               f"(shown: Sell: 1 coin)",
                               f"Deliver ore to order O5 \u2014 goods on an order score nothing until "
                               f"it is complete (its {s.hs.orders['O5'][1]} VP) (shown: Deliver to O5)"}
    # the panel says it too, under its title, before the choice is made (new-user run)
    assert f"goods on an order score nothing until it is complete (its" in _s
    assert reachable(view) == set(view["legal_moves"])


def test_final_storage_rows_after_selecting_a_good():
    d = scene(2, seed=1, pawn="farm")
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "display", 1, 2, 2
    take_extension(d, "D1")
    d["seats"][0]["extensions"] = [["D1", 1]]
    give(d, 0, "crate", "silver", "food", "wool")
    shelve(d, 0, ["wool"])
    s = play(load(d), "pass", "pass")
    assert s.phase == "final_storage"
    view, _svg, root = render(s, 0)
    # row 1 holds wool: wool may join it or start row 2; silver only starts row 2 (spec §11)
    assert set(view["legal_moves"]) == {"done", "store:silver:r2", "store:wool:r1",
                                        "store:wool:r2"}
    assert R.choice_cells(view) == {"own:silver", "own:wool"}
    assert moves_in(root) == ["done"]
    _v, _s, root = render(s, 0, selected="own:silver")
    c = cells(root)
    assert c["wh:1"].get("data-move") is None
    assert c["wh:2"].get("data-move") == "store:silver:r2"
    assert c["wh:3"].get("data-move") is None
    _v, _s, root = render(s, 0, selected="own:wool")
    assert cells(root)["wh:1"].get("data-move") == "store:wool:r1"
    assert reachable(view) == set(view["legal_moves"])


def test_draft_roles_are_buttons():
    s = A.new_game(seed=4, players=3, role_selection="draft")
    view, _svg, root = render(s, s.current)
    c = cells(root)
    assert {c[f"role:{r}"].get("data-move") for r in s.roles_left} == {f"role:{r}" for r in s.roles_left}
    assert reachable(view) == set(view["legal_moves"])


def test_final_round_and_game_over():
    d = scene(3, seed=1, pawn="farm")
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "empty:harbor", 1, 2, 2
    s = load(d)
    view, svg, _root = render(s, 0, names=NAMES)
    assert "FINAL ROUND" in svg
    over = play(s, "pass", "@farm", "pass", "@mine", "pass")
    assert A.is_over(over)
    out = A.outcome(over)
    view, svg, root = render(over, 0, names=NAMES)
    assert view["legal_moves"] == [] and moves_in(root) == []
    assert [v["score"] for v in view["seats"]] == list(out.scores)
    texts = [t.text for t in root.iter(NS + "text")]
    assert out.reason == "shared" and out.winners == (0, 1, 2)  # no goods, 1 coin each
    i = texts.index("Shared win:")  # too wide for the centre on one line: the names below
    assert texts[i + 1] == "Anna & Tim & Bo"
    d = pos(over)
    give(d, 1, "crate", "silver")
    root = parse(A.render_svg(A.view(load(d), None), {"names": NAMES}))
    assert "Winner: Tim" in [t.text for t in root.iter(NS + "text")]


def test_narrow_layout_and_names_escaped():
    s = _planning()
    names = ['<b>"Ann" & co</b>', "Bo's"]
    view = A.view(s, 0)
    svg = A.render_svg(view, {"names": names, "narrow": True})
    root = parse(svg)
    check_common(root, view)
    assert root.get("viewBox").startswith("0 0 360 ")
    assert "<b>" not in svg
    texts = "".join(t.text or "" for t in root.iter(NS + "text"))
    assert "Bo's" in texts
    wide = parse(A.render_svg(view, {"names": names}))
    assert wide.get("viewBox").startswith("0 0 720 ")
    assert set(cells(wide)) == set(cells(root))


def test_focus_and_last_move_are_outlined():
    d = scene(2, seed=1, pawn="farm")
    s = load(d)
    view = A.view(s, 0)
    root = parse(A.render_svg(view, {"focus": "loc:mine", "last": "go:farm", "last_player": 0}))
    loc = cells(root)["loc:mine"]
    assert any(r.get("class") == "focus" for r in loc.iter(NS + "rect"))
    farm = cells(root)["loc:farm"]
    assert any(r.get("class") == "last" for r in farm.iter(NS + "rect"))


# ---------------------------------------------------------------------------------------------
# Goods, tooltips, hidden information
# ---------------------------------------------------------------------------------------------

def test_goods_have_distinct_shapes_colours_and_names():
    goods = A.rules._data.load().goods
    bodies = [R._GLYPHS[g] for g in goods]
    assert len(set(bodies)) == len(goods)
    shapes = [re.sub(r'(fill|stroke)="[^"]*"', "", b) for b in bodies]
    assert len(set(shapes)) == len(goods), "shapes alone must tell the goods apart"
    fills = [re.search(r'fill="(#[0-9a-f]{6})"', b).group(1) for b in bodies]
    assert len(set(fills)) == len(goods)
    s = A.new_game(seed=7, players=2)
    s = play(s, "draw")
    root = parse(A.render_svg(A.view(s, 0)))
    for k in range(1, 5):
        el = cells(root)[f"plan:{k}"]
        glyph = next(x for x in el.iter(NS + "g") if (x.get("class") or "").startswith("gl "))
        g = glyph.get("class").split()[1]
        assert g in goods and glyph.find(f"{NS}title").text.startswith(f"{g}: ")
        assert g in el.get("aria-label")


def test_tiles_have_tooltips_and_accessible_names():
    s = A.new_game(seed=9, players=4)
    root = parse(A.render_svg(A.view(s, 0)))
    c = cells(root)
    farm = c["loc:farm"]
    assert farm.find(f"{NS}title").text.startswith("Farm (2 action spaces): alpaca \u2192 food;")
    for slot in A.view(s, 0)["display"]:
        el = c[f"display:{slot['id']}"]
        tip = el.find(f"{NS}title").text
        assert tip.startswith(f"Extension {slot['id']}") and f"costs {slot['price']} coins" in tip
    for o in s.orders:
        vp = s.hs.orders[o][1]
        assert f"for {vp} VP" in c[f"order:{o}"].get("aria-label")


def test_the_harbor_names_the_boat_cards_left():
    """The boat cards are face up and taken by choice (spec §17 [SRC MM]): the Harbor's boat
    stock says which goods its boats give, not only how many are left (a new user could not see
    them before building one). A 3-player game of house set 11 (as 8 to 10) deals the list's first 9 boats."""
    s = A.new_game(seed=9, players=3, house_set="house_set_11")
    v = A.view(s, 0)
    assert v["boats"] == ["wood", "stone", "ore", "wool", "cloth", "silver", "fish", "glass", "cacao"]

    def boat_titles(view) -> list[str]:
        return [t.text for t in parse(A.render_svg(view)).iter(f"{NS}title") if "boat cards" in (t.text or "")]

    assert boat_titles(v) == ["9 boat cards (wood, stone, ore, wool, cloth, silver, fish, glass, cacao) left"]
    v["boats"] = ["ore", "fish"]
    assert boat_titles(v) == ["2 boat cards (ore, fish) left"]
    # the house cards too: a 3-player game of house set 12 deals 5 of the 10 (H1)
    v12 = A.view(A.new_game(seed=9, players=3), 0)
    assert [t.text for t in parse(A.render_svg(v12)).iter(f"{NS}title") if "house cards" in (t.text or "")] == [
        "5 house cards (wood, stone, ore, silver, fish) left"]
    v["boats"] = []
    assert boat_titles(v) == ["0 boat cards left"]


def test_hidden_pile_and_removed_orders_do_not_change_the_drawing():
    s = A.new_game(seed=6, players=3)
    d = pos(s)
    d["pile"] = list(reversed(d["pile"]))
    d["removed"], d2_orders = d["removed"], None
    s2 = load(d)
    for seat in (0, None):
        for narrow in (False, True):
            assert A.render_svg(A.view(s, seat), {"narrow": narrow}) == \
                A.render_svg(A.view(s2, seat), {"narrow": narrow})
    svg = A.render_svg(A.view(s, None))
    for o in s.removed:
        assert f"Order {o}:" not in svg and f"order:{o}" not in svg


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_every_legal_move_is_reachable(players):
    """Through whole games, every view of the seat to act offers exactly its legal moves."""
    rng = random.Random(players)
    s = A.new_game(seed=100 + players, players=players)
    ply = checked = 0
    while not A.is_over(s) and ply < 4000:
        if (ply % 11 == 0 and checked < 40) or s.phase in ("roles", "final_storage"):
            checked += 1
            view = A.view(s, s.current)
            root = parse(A.render_svg(view, {"narrow": ply % 2 == 1}))
            check_common(root, view)
            assert reachable(view, {"narrow": ply % 2 == 1}) == set(view["legal_moves"]), \
                (s.phase, view["legal_moves"])
            public = A.view(s, None)
            assert public["legal_moves"] == []
            assert moves_in(parse(A.render_svg(public))) == []
        s = A.apply(s, choose(rng, s, 0.2))
        ply += 1
    assert A.is_over(s)
    json.dumps(A.view(s, 0))


def test_draw_control_puts_a_planning_good_back():
    d = pos(A.new_game(seed=2, players=2))
    take_extension(d, "D2")
    d["seats"][0]["extensions"] = [["D2", 1]]
    d["round"] = 2
    give(d, 0, "bag", "wood", "stone")
    s = play(load(d), "draw")
    assert s.ps[0].pending_return
    view, _svg, root = render(s, 0)
    planned = R._planning_list(view["seats"][0], R._house(view))
    assert len(planned) == 5  # 4 open spaces + 1 extra drawn
    c = cells(root)
    for k, g in enumerate(planned, 1):
        assert c[f"plan:{k}"].get("data-move") == f"{g}>bag"
    assert reachable(view) == set(view["legal_moves"]) == {f"{g}>bag" for g in planned}


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow),
                                     pytest.param(5, marks=pytest.mark.slow)])
def test_a_whole_game_is_played_by_clicking_the_drawing_only(players):
    """Like the page: each move is found on the drawing, directly or after one selection."""
    rng = random.Random(3)
    s = A.new_game(seed=5, players=players)
    selections = 0
    while not A.is_over(s):
        view = A.view(s, s.current)
        want = choose(rng, s, 0.1).text
        if want not in moves_in(parse(A.render_svg(view, {"names": NAMES}))):
            for cell in sorted(R.choice_cells(view)):
                if want in moves_in(parse(A.render_svg(view, {"selected": cell}))):
                    selections += 1
                    break
            else:
                pytest.fail(f"{want} cannot be clicked ({s.phase})")
        s = A.apply(s, want)
    assert selections > 10
    final = parse(A.render_svg(A.view(s, 0), {"names": NAMES}))
    assert moves_in(final) == []
    out = A.outcome(s)
    assert [p["total"] for p in A.scoreboard(s)] == list(out.scores)


def test_last_move_never_outlines_a_secret_placement_for_others():
    s = _planning()
    g = R._planning_list(A.view(s, 0)["seats"][0], R._house(A.view(s, 0)))[0]
    mv = sorted(m.text for m in A.legal_moves(s) if m.text.startswith(f"{g}>"))[0]
    sid = mv.split(">")[1]
    s2 = A.apply(s, mv)

    def outlined(view, **ui):
        root = parse(A.render_svg(view, dict(ui, last=mv, last_player=0)))
        src = cells(root)[f"src:{sid}"]
        return any(r.get("class") == "last" for r in src.iter(NS + "rect"))

    assert outlined(A.view(s2, 0))                     # the mover sees it
    assert not outlined(A.view(s2, None), board=0)     # the pass-the-device screen does not
    assert not outlined(A.view(s2, 1), board=0)        # nor the other seat
    assert A.render_svg(A.view(s2, None), {"board": 0, "last": mv, "last_player": 0}) == \
        A.render_svg(A.view(s, None), {"board": 0, "last": "draw", "last_player": 0})


def test_another_seats_move_is_outlined_where_it_happened():
    """Issue 22: a bot's (or another person's) action is seen as it happens: the ring tile of
    its location and that seat's compact board are outlined; a planning placement never is."""
    d = scene(2, seed=1, pawn="market", coins=2)
    give(d, 0, "market", "alpaca")
    s = play(load(d), "sell:alpaca")
    _v, _svg, root = render(s, 1, last="sell:alpaca", last_player=0)
    c = cells(root)

    def outlined(cell):
        return any(el.get("class") == "last" for el in c[cell].iter())
    assert outlined("loc:market") and outlined("seat:0")
    assert not any(outlined(f"loc:{loc}") for loc in s.ring if loc != "market")
    _v, svg2, _r = render(load(d), 1, last="alpaca>market", last_player=0)
    assert 'class="last"' not in svg2


@pytest.mark.parametrize("seed", [5, 6])
def test_the_phone_ring_names_each_locations_neighbours(seed):
    """Issue 22: on a phone (the 360-wide layout) the ring is a loop of rows; every tile names
    its two neighbours (a step reaches only these), in text of at least 11 units, each after
    the same "↔" (new-user run: the long pairs lost it — seed 5: the Farm's "Market · Forest",
    the Harbor's "Forest · Village"; seed 6: the Mine's "Forest · Harbor")."""
    s = A.new_game(seed=seed, players=2)
    _v, svg, root = render(s, 0, narrow=True)
    c = cells(root)
    ring = list(s.ring)
    for k, loc in enumerate(ring):
        texts = ["".join(el.itertext()) for el in c[f"loc:{loc}"].iter() if el.tag.endswith("text")]
        prev, nxt = W.location_name(ring[k - 1]), W.location_name(ring[(k + 1) % 7])
        assert f"\u2194 {prev} \u00b7 {nxt}" in texts, (loc, texts)
    _v, wide, _r = render(s, 0)
    assert "\u2194" not in wide  # the wide ellipse shows neighbours side by side


@pytest.mark.parametrize("part,cells_in,not_in", [
    ("ring", {"loc:"}, {"plan:", "display:", "order:", "seat:", "wh:"}),
    ("board", {"plan:", "src:", "wh:"}, {"loc:", "display:", "order:", "seat:"}),
    ("display", {"display:"}, {"loc:", "plan:", "order:", "seat:", "wh:"}),
    ("orders", {"order:"}, {"loc:", "plan:", "display:", "seat:", "wh:"}),
    ("warehouse", {"wh:"}, {"loc:", "plan:", "display:", "order:", "seat:"}),
])
def test_one_part_of_the_table_alone(part, cells_in, not_in):
    """``ui["part"]`` (an embed's ``focus=``) draws that part alone, in the phone layout for a
    480-wide frame, with the page's hooks and no text under 11 units (``render`` checks)."""
    s = play(A.new_game(seed=5, players=2), "draw", "draw")
    view, svg, root = render(s, 0, part=part, narrow=True)
    found = {k.split(":")[0] + ":" for k in cells(root)}
    assert cells_in <= found and not (found & not_in), found
    assert root.get("viewBox").startswith("0 0 360 ")


def test_the_winner_fits_the_centre_of_the_phone_ring():
    """New-user run (issue 22): at 390 px the centre read "Winner: Bot 2 (ea…", cut by the
    Village card. The narrow ring puts the names on a line of their own; the wide one keeps one
    line. Spec §16: the winner is the most VP (then coins)."""
    rng = random.Random(3)
    s = A.new_game(seed=3, players=2)
    while not A.is_over(s):
        s = A.apply(s, rng.choice(A.legal_moves(s)))
    names = ["Anna", "Bot 2 (easy)"]
    win = list(A.outcome(s).winners)
    assert len(win) == 1  # this seed has one winner
    who = names[win[0]]
    narrow = A.render_svg(A.view(s, None), {"names": names, "narrow": True})
    wide = A.render_svg(A.view(s, None), {"names": names, "narrow": False})
    assert '>Winner:</text>' in narrow and f'>{who}</text>' in narrow
    assert f'>Winner: {who}</text>' in wide


def test_a_recipes_glyphs_are_never_lent_to_another_recipe_at_the_same_address():
    """The recipe glyphs are remembered per recipe object (``id``); an entry keeps its recipe,
    so one left by a dropped house set (a test's copy) is redrawn, not reused, for another
    recipe that the allocator placed at that address. Before this, a test's copy of version 9
    made every later Altiplano render golden differ (an order-dependent CI failure)."""
    from altibox.altiplano import data as D
    from altibox.altiplano._render import formulas as F
    hs = D.load("house_set")
    shepherd, farmer = (hs.sources("one_cacao_choose_output")[r].recipes[0] for r in ("shepherd", "farmer"))
    own = F._formula_body(shepherd, 15)
    assert own != F._formula_body(farmer, 15)          # two recipes that draw differently
    F._FORMULAS[(id(shepherd), 15)] = (farmer, *F._formula_body(farmer, 15))  # a stale entry at its address
    assert F._formula_glyphs(shepherd, 15) == own
    assert F._FORMULAS[(id(shepherd), 15)][0] is shepherd
    svg, width = F._formula(shepherd, 10, 20, 15)
    assert svg == f'<g transform="translate(10,20)">{own[0]}</g>' and width == own[1]
