"""Altitude's SVG rendering: a pure function of a view, parsed with xml.etree."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from altibox import altitude as A
from altibox.altitude.render import render_svg

from test_altitude_helpers import AV, CC, SBS, rows, state

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def groups(root) -> "list[ET.Element]":
    return [g for g in root.iter(NS + "g") if g.get("data-cell") is not None]


def moves_in(root) -> "list[str]":
    return [el.get("data-move") for el in root.iter() if el.get("data-move") is not None]


def drawn_moves(view) -> "set[str]":
    return {m for m in view["legal_moves"] if m.split()[0] in ("A", "B", "C", "E", "F1")}


def card_moves(view, cid) -> "set[str]":
    return {m for m in view["legal_moves"]
            if m.split()[0] in ("D", "F2", "H", "V", "S") and int(m.split()[1]) == cid}


def check_common(root, view) -> None:
    for g in groups(root):
        if g.get("data-move") is not None or g.get("tabindex") is not None:
            assert g.get("tabindex") == "0" and g.get("role") == "button" and g.get("aria-label")
    for el in root.iter(NS + "rect"):
        if el.get("class") in ("target", "focus", "last", "chosen"):
            assert el.get("pointer-events") == "none"
    cells = {g.get("data-cell") for g in groups(root)}
    for q, mt in enumerate(view["mountains"]):
        for e in mt:
            assert f"p{q}:L{e['row']}:{e['col']}" in cells
    assert set(moves_in(root)) <= set(view["legal_moves"])
    assert len(moves_in(root)) == len(set(moves_in(root)))


def visible_values(root) -> "set[str]":
    return {t.text for t in root.iter(NS + "text") if t.get("class") == "value"}


def test_empty_mountain_shows_the_first_slot_and_a_draw_choice():
    st = state(drawn=50, hands=[[1, 2, 3, 4]], mountains=[{}, rows({1: [60]})])
    view = A.view(st, 0)
    root = parse(render_svg(view))
    check_common(root, view)
    slot = [g for g in groups(root) if g.get("data-cell") == "p0:L1:0"][0]
    assert slot.get("data-move") == "A 1.0"
    assert set(moves_in(root)) == drawn_moves(view)
    assert {g.get("data-cell") for g in groups(root)} >= {"drawn", "discard", "pile",
                                                          "hand:1", "hand:4"}
    disc = [g for g in groups(root) if g.get("data-cell") == "discard"][0]
    assert disc.get("data-move") == "B"


def test_selected_hand_card_shows_its_moves_only():
    st = state(drawn=AV[0], hands=[[SBS[0], 30, 41, CC[0]]],
               mountains=[rows({1: [5, AV[1]]}), rows({1: [60, 70]})])
    view = A.view(st, 0)
    root = parse(render_svg(view))
    assert set(moves_in(root)) == drawn_moves(view)
    assert "C p1 2.0" in moves_in(root)
    for cid in (SBS[0], 30, CC[0]):
        root = parse(render_svg(view, {"selected": cid}))
        check_common(root, view)
        assert set(moves_in(root)) == card_moves(view, cid) and card_moves(view, cid)
    assert f"F2 {SBS[0]} p0 1.1" in card_moves(view, SBS[0])


def test_setup_selection_makes_each_other_card_a_move():
    st = A.new_game(seed=5, players=2)
    view = A.view(st, 0)
    root = parse(render_svg(view))
    assert moves_in(root) == []
    a = view["hand"][0]
    root = parse(render_svg(view, {"selected": a}))
    check_common(root, view)
    assert set(moves_in(root)) == {f"R {a} {b}" for b in view["hand"] if b != a}
    other = parse(render_svg(A.view(st, 1)))
    assert not any(g.get("data-cell", "").startswith("hand:") and g.get("tabindex")
                   for g in groups(other))


def test_final_phase_pass_button_and_names_are_escaped():
    st = state(phase="final", current=0, hands=[[50, AV[0]], [60]],
               mountains=[rows({1: [5]}), rows({1: [6]})])
    view = A.view(st, 0)
    names = ['<b>"Ann" & co</b>', "Bo's"]
    svg = render_svg(view, {"names": names, "focus": "pass"})
    root = parse(svg)
    check_common(root, view)
    assert "pass" in moves_in(root)
    assert "<b>" not in svg
    texts = "".join(t.text or "" for t in root.iter(NS + "text"))
    assert names[0] in texts and "Bo's" in texts
    root = parse(render_svg(view, {"selected": AV[0]}))
    assert set(moves_in(root)) - {"pass"} == card_moves(view, AV[0])
    assert all(m.startswith("V") for m in set(moves_in(root)) - {"pass"})


def test_hide_hand_for_the_pass_the_device_screen():
    st = state(drawn=50, hands=[[1, 2, 3, 4]], mountains=[{}, rows({1: [60]})])
    root = parse(render_svg(A.view(st, 0), {"hide_hand": True}))
    cells = {g.get("data-cell") for g in groups(root)}
    assert "drawn" not in cells and not any(c.startswith("hand:") for c in cells)
    assert moves_in(root) == []
    assert visible_values(root) <= {"60"}


def test_levels_are_numbered_and_last_move_outlined():
    m = {}
    for r in range(1, 5):
        for c in range(0, 5 - r):
            m[(r, c)] = 10 * r + c + 1
    st = state(drawn=99, mountains=[m, rows({1: [6]})])
    view = A.view(st, 0)
    root = parse(render_svg(view, {"last": "A 4.0", "last_player": 0}))
    levels = {t.text for t in root.iter(NS + "text") if t.get("class") == "level"}
    assert {"1", "2", "3", "4"} <= levels
    assert any(r.get("class") == "last" for r in root.iter(NS + "rect"))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_views_render_and_never_show_hidden_cards(players):
    rng = random.Random(players)
    options = {"sb_any_mountain": True, "replace_avalanche": True} if players % 2 == 0 else {}
    st = A.new_game(seed=40 + players, players=players, **options)
    ply = 0
    while A.current_player(st) is not None:
        if ply % 3 == 0 or st.phase != A.DRAW:
            deck = st.deck
            for v in range(players):
                view = A.view(st, v)
                hidden = set()
                for q in range(players):
                    if q != v:
                        hidden.update(st.hands[q])
                if st.drawn is not None and st.current != v:
                    hidden.add(st.drawn)
                hidden |= set(st.draw_pile) - set(st.returned[v])
                hidden_numbers = {str(deck.value[c]) for c in hidden
                                  if deck.kind[c] in (A.NUM, A.ANIMAL)}
                sel = None
                own_moves = [m for m in view["legal_moves"]
                             if m.split()[0] in ("D", "F2", "H", "V", "S")]
                if own_moves and rng.random() < 0.5:
                    sel = int(own_moves[0].split()[1])
                root = parse(render_svg(view, {"selected": sel}))
                check_common(root, view)
                if view["legal_moves"] and st.phase == A.DRAW:
                    want = drawn_moves(view) if sel is None else card_moves(view, sel)
                    assert set(moves_in(root)) == want
                elif view["legal_moves"] and st.phase == A.FINAL:
                    want = {"pass"} | (card_moves(view, sel) if sel is not None else set())
                    assert set(moves_in(root)) == want
                assert not (visible_values(root) & hidden_numbers)
                cards = {int(el.get("data-card")) for el in root.iter()
                         if el.get("data-card") is not None}
                assert cards == set(view["hand"])
        st = A.apply(st, rng.choice(A.legal_moves(st)))
        ply += 1
    view = A.view(st, 0)
    check_common(parse(render_svg(view)), view)
