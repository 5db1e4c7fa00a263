"""Altitude's SVG rendering: a pure function of a view, parsed with xml.etree."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from altibox import altitude as A
from altibox.altitude.render import render_svg

from altitude_support import AV, CC, SBS, rows, state

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
    return {t.text for t in root.iter(NS + "text") if "value" in (t.get("class") or "").split()}


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


# ---------------------------------------------------------------- layout and card faces

def texts_of(root) -> "list[str]":
    return ["".join(t.itertext()) for t in root.iter(NS + "text")]


def viewbox_height(root) -> float:
    return float(root.get("viewBox").split()[3])


def top_groups(root) -> "list[ET.Element]":
    return [g for g in root if g.tag == NS + "g"]


def pyramid(levels: int) -> dict:
    """A pyramid ``levels`` high of plain numbered cards (no animal: values never end in 0)."""
    return {(r, c): 10 * r + c + 1 for r in range(1, levels + 1) for c in range(0, levels + 1 - r)}


def test_own_mountain_first_then_the_tray_and_the_board_grows_with_the_levels():
    low = state(drawn=99, mountains=[rows({1: [5, 7]}), rows({1: [6]})])
    tall = state(drawn=99, mountains=[rows({1: [5, 7]}), pyramid(5)])
    for st in (low, tall):
        for me in (0, 1):
            root = parse(render_svg(A.view(st, me)))
            tops = top_groups(root)
            assert tops[0].get("data-player") == str(me)
            assert tops[1].get("class") == "tray"
            assert [g.get("data-player") for g in tops[2:]] == [str(1 - me)]
            assert root.get("viewBox").split()[2] == "720"
    h_low = viewbox_height(parse(render_svg(A.view(low, 0))))
    h_tall = viewbox_height(parse(render_svg(A.view(tall, 0))))
    assert h_tall >= h_low + 4 * 50   # four more levels, each at least 50 units
    # the pass-the-device screen keeps the seat that just played in place
    root = parse(render_svg(A.view(low, 1), {"hide_hand": True, "last_player": 0}))
    assert top_groups(root)[0].get("data-player") == "0"


def test_card_kinds_carry_a_word_or_symbol_not_only_a_colour():
    st = state(drawn=CC[0], hands=[[AV[0], SBS[0], 30, 95]],
               mountains=[rows({1: [5, 40]}), rows({1: [6]})])
    root = parse(render_svg(A.view(st, 0)))
    words = set(texts_of(root))
    assert {"CABLE CAR", "AVALANCHE", "ST BERNARD", "ibex", "Dahut", "black grouse"} <= words
    assert {"0", "30", "95", "5", "40", "6"} <= visible_values(root)
    kinds = {r.get("class") for r in root.iter(NS + "rect")
             if (r.get("class") or "").startswith("card ")}
    assert {"card cable", "card avalanche", "card sb", "card animal", "card num"} <= kinds


def test_panel_headers_show_name_height_hand_and_who_is_to_play():
    st = state(current=1, drawn=99, mountains=[pyramid(3), rows({1: [6]})])
    root = parse(render_svg(A.view(st, 1), {"names": ["Ann", "Bob & <i>co</i>"]}))
    words = texts_of(root)
    assert "Ann" in words and "Bob & <i>co</i> (you)" in words
    assert "Height 3" in words and "Height 1" in words and words.count("Hand 4") == 2
    panels = {g.get("data-player"): g for g in top_groups(root) if g.get("data-player")}
    assert "TO PLAY" in texts_of(panels["1"]) and "TO PLAY" not in texts_of(panels["0"])
    assert "current" in panels["1"].get("class") and "own" in panels["1"].get("class")


def test_targets_are_outlined_and_marked_the_selection_is_raised():
    st = state(drawn=50, hands=[[1, 2, 30, 4]], mountains=[rows({1: [5, 7]}), rows({1: [6]})])
    view = A.view(st, 0)
    root = parse(render_svg(view))
    targets = [r for r in root.iter(NS + "rect") if r.get("class") == "target"]
    marks = [g for g in root.iter(NS + "g") if g.get("class") == "mark"]
    assert len(targets) == len(marks) == len(moves_in(root)) > 2
    assert all(m.get("pointer-events") == "none" for m in marks)
    drawn = [g for g in groups(root) if g.get("data-cell") == "drawn"][0]
    assert any(r.get("class") == "chosen" for r in drawn.iter(NS + "rect"))
    root = parse(render_svg(view, {"selected": 30}))
    check_common(root, view)
    ys = {g.get("data-cell"): float(g.get("transform").split(",")[1].rstrip(")"))
          for g in groups(root) if g.get("data-cell", "").startswith("hand:")}
    assert ys["hand:30"] < ys["hand:1"] == ys["hand:2"] == ys["hand:4"]
    sel = [g for g in groups(root) if g.get("data-cell") == "hand:30"][0]
    assert any(r.get("class") == "chosen" for r in sel.iter(NS + "rect"))
    # empty slots are dashed outlines, the legal ones filled in
    holes = [r for r in root.iter(NS + "rect") if (r.get("class") or "").startswith("hole")]
    assert any(r.get("class") == "hole" for r in holes)
    assert any(r.get("class") == "hole live" for r in holes)


def test_hidden_tray_shows_face_down_backs_and_a_message_only():
    st = state(drawn=50, hands=[[1, 2, 30, 4]], mountains=[rows({1: [5]}), rows({1: [60]})])
    root = parse(render_svg(A.view(st, 0), {"hide_hand": True}))
    backs = [g for g in root.iter(NS + "g") if g.get("class") == "hidden-card"]
    assert len(backs) == 4
    assert "Player 1\u2019s cards hidden" in texts_of(root)  # whose hand lies face down
    assert visible_values(root) <= {"5", "60"}
    named = parse(render_svg(A.view(st, 0), {"hide_hand": True, "names": ["Ana", "Bo"]}))
    assert "Ana\u2019s cards hidden" in texts_of(named)
    phone = texts_of(parse(render_svg(A.view(st, 0), {"hide_hand": True, "narrow": True,
                                                      "names": ["Anastasia Papadopoulou"]})))
    assert "Anastasia Papado\u2026\u2019s cards" in phone and "hidden" in phone  # two lines
    # a name cut by its measured width (text_em) to the room left of the pile, no space
    # before the ellipsis: 9 capital Ws (1.1 em each) but 16 letters of a name
    wide = texts_of(parse(render_svg(A.view(st, 0), {"hide_hand": True, "names": ["W" * 24]})))
    assert "W" * 9 + "\u2026\u2019s cards hidden" in wide
    spaced = texts_of(parse(render_svg(A.view(st, 0), {"hide_hand": True, "narrow": True,
                                                       "names": ["Alexandra Maria Smith"]})))
    assert "Alexandra Maria\u2026\u2019s cards" in spaced
    assert not any(w in ("ibex", "30", "50") for w in texts_of(root))


def test_an_empty_discard_pile_still_takes_the_click():
    st = state(drawn=50, hands=[[1, 2, 3, 4]], mountains=[{}, rows({1: [60]})])
    svg = render_svg(A.view(st, 0))
    root = parse(svg)
    disc = [g for g in groups(root) if g.get("data-cell") == "discard"][0]
    assert disc.get("data-move") == "B"
    hit = [r for r in disc.iter(NS + "rect") if r.get("class") == "empty-pile"]
    # an unfilled shape is transparent to clicks: the click would go to the tray behind it
    assert hit and ".empty-pile{fill:none" not in svg and hit[0].get("fill") != "none"


def test_long_card_words_are_fitted_inside_the_card():
    """A card's word of 9 letters or more ("CABLE CAR", "AVALANCHE", "ST BERNARD") is squeezed
    to 48 units (``textLength``), inside the card's width: at the default font it overflowed
    both edges ("ABLE CA" showed)."""
    from altibox.altitude.render import CW
    st = state(drawn=CC[0], hands=[[AV[0], SBS[0], 30, 95]],
               mountains=[rows({1: [5, 40]}), rows({1: [6]})])
    root = parse(render_svg(A.view(st, 0)))
    long_words = [t for t in root.iter(NS + "text") if len("".join(t.itertext())) >= 9
                  and (t.get("class") or "").startswith("kindname")]
    assert {"".join(t.itertext()) for t in long_words} == {"CABLE CAR", "AVALANCHE", "ST BERNARD"}
    for t in long_words:
        assert t.get("textLength") is not None and float(t.get("textLength")) <= CW - 4


# ---------------------------------------------------------------- issue 22: phone and desktop

def test_the_phone_drawing_makes_every_card_a_touch_target_at_390_px():
    """The narrow drawing spans a 390 px screen: 660 units, so a card is 33 x 45 px there, and
    the widest mountain (a base of 9 with an open slot at each end: 11 columns) fits inside."""
    from altibox.altitude.render import CH, COLS, CW, W_NARROW, geometry
    assert CH * 390 / W_NARROW >= 44 and CW * 390 / W_NARROW >= 32
    w, sx, label_w, x_area = geometry(True)
    assert sx >= CW and label_w <= x_area and x_area + COLS * sx <= w
    rng, s = random.Random(3), A.new_game(seed=3, players=2)
    while True:   # towards wide bases until the seat to move has 9 base cards in a row
        ms = [str(m) for m in A.legal_moves(s)]
        base = [m for m in ms if m.split()[0] in ("A", "D") and m.split()[-1].startswith("1.")]
        s = A.apply(s, rng.choice(base or ms))
        me = A.current_player(s)
        cols = [c for (r, c) in s.mountains[me] if r == 1]
        if s.phase != "setup" and cols and max(cols) - min(cols) + 1 == 9:
            break
    root = parse(render_svg(A.view(s, me), {"narrow": True}))
    assert root.get("viewBox").split()[2] == str(W_NARROW)
    xs = []
    for g in groups(root):
        cell = g.get("data-cell")
        if cell.startswith(f"p{me}:L1:"):
            xs.append(float(g.get("transform").split("(")[1].split(",")[0]))
    assert len(xs) == 11 and min(xs) >= label_w and max(xs) + CW <= W_NARROW - 1


def test_pile_and_discard_groups_hold_only_their_card():
    """Issue 22: a caption inside a clickable group widened its box beyond the card (a click
    at the box's centre fell on the tray); the captions stand outside the groups."""
    s = A.new_game(seed=3, players=2)
    for narrow in (False, True):
        root = parse(render_svg(A.view(s, 0), {"narrow": narrow}))
        for g in groups(root):
            if g.get("data-cell") in ("pile", "discard"):
                words = [t.text for t in g.iter(NS + "text")]
                assert "PILE" not in words and "DISCARD" not in words, words
        caps = [t.text for t in root.iter(NS + "text") if t.get("class") == "cap"]
        assert "PILE" in caps and "DISCARD" in caps


def test_compact_tabs_only_on_a_desktop_with_three_or_more_seats():
    for players, narrow, tabs in ((2, False, 0), (3, False, 2), (4, False, 3), (3, True, 0)):
        s = A.new_game(seed=5, players=players)
        root = parse(render_svg(A.view(s, 0), {"compact": True, "narrow": narrow}))
        shown = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("mountain")]
        cells = [g.get("data-cell") for g in groups(root) if g.get("data-cell").startswith("show:")]
        assert len(cells) == tabs
        assert len(shown) == (2 if tabs else players)
        if tabs:   # the seat after the viewer by default; a tab's choice otherwise
            assert shown[1].get("data-player") == "1"
            root = parse(render_svg(A.view(s, 0), {"compact": True, "shown": players - 1}))
            shown = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("mountain")]
            assert shown[1].get("data-player") == str(players - 1)


def test_a_long_name_is_cut_to_the_room_its_pills_leave():
    s = A.new_game(seed=5, players=2)
    name = "Wolfgang Amadeus Mozart of Salzburg"
    for narrow, most in ((False, 30), (True, 10)):
        root = parse(render_svg(A.view(s, 0), {"names": [name, "B"], "narrow": narrow}))
        first = next(t for t in root.iter(NS + "text") if t.get("class") == "name")
        assert first.text.endswith("\u2026") and len(first.text) <= most, first.text


@pytest.mark.parametrize("narrow", [False, True])
def test_a_wide_name_ends_before_the_to_play_badge(narrow):
    """24 capital Ws (new-user run: on a phone they ran under TO PLAY): the name is cut by its
    measured width (``text_em``, 1.1 em a W in DejaVu Sans Bold), so its right end (42 units
    in, 17 or 24 px) stays left of the badge; "Player 1" is not cut."""
    from altibox.altitude.render import text_em
    s = A.new_game(seed=5, players=2)
    root = parse(render_svg(A.view(s, 0), {"names": ["W" * 24, "B"], "narrow": narrow}))
    first = next(t for t in root.iter(NS + "text") if t.get("class") == "name")
    badge = next(t for t in root.iter(NS + "text") if t.get("class") == "turn-t")
    left = min(float(r.get("x")) for r in root.iter(NS + "rect")
               if r.get("fill") and r.get("rx") and r.get("y") and r.get("width") and
               abs(float(r.get("x")) + float(r.get("width")) / 2 - float(badge.get("x"))) < 1)
    assert first.text.startswith("WWW") and first.text.endswith("\u2026")
    assert 42 + text_em(first.text) * (24 if narrow else 17) <= left, (first.text, left)
    plain = parse(render_svg(A.view(s, 0), {"names": ["Player 1", "B"], "narrow": narrow}))
    assert next(t for t in plain.iter(NS + "text") if t.get("class") == "name").text == "Player 1"
