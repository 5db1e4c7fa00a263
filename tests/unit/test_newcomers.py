"""Issue 22 (what newcomers hit), the pure parts: the log's notation explained on hover."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from altibox import GAMES, altiplano, altitude, alto
from web.html import panels

from games_support import playout


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_notation_of_a_game_has_hover_words(game):
    module = GAMES[game]
    final = playout(game, 5, 2)[-1]
    seen = {str(m) for m in module.to_record(final)["moves"]}
    assert len(seen) > 10
    for move in seen:
        words = module.notation_help(move)
        assert words.startswith(move) and len(words) > len(move) + 15, (move, words)


def test_notation_words_name_the_parts():
    assert alto.notation_help("@c3") == "@c3: a placement, @ + the square (a disc put on c3)"
    assert "b2 to c3" in alto.notation_help("b2c3")
    assert altitude.notation_help("D 32 1.0") == (
        "D 32 1.0 — D h r.c: the drawn card kept, hand card h placed on the player’s own mountain; "
        "r.c = row . column, row 1 is the base")
    assert altitude.notation_help("R").startswith("R — R: setup, two cards returned")
    assert altitude.notation_help("pass").endswith("the player passes (or ends the final turn)")
    assert altiplano.notation_help("plan") == "plan — plan: a planning placement, secret until the Actions phase"
    assert altiplano.notation_help("village:r1:r2").startswith("village:r1:r2 — SOURCE[:CHOICE...]")
    assert altiplano.notation_help("wool>farm") == "wool>farm — GOOD>SOURCE: a good (or coin) planned onto an action space"


def test_log_items_carry_the_notation_words_as_hover_text():
    html = panels.log_html([("@c3", "Red places on c3"), ("b2c3", "White moves b2 to c3")], 4,
                           explain=alto.notation_help)
    items = ET.fromstring(f"<ol>{html}</ol>").findall("li")
    assert [li.get("data-ply") for li in items] == ["4", "5"]
    assert [li.find("code").get("title") for li in items] == [alto.notation_help("@c3"), alto.notation_help("b2c3")]
    assert ET.fromstring(f"<ol>{panels.log_html([('@c3', 'x')])}</ol>").find("li/code").get("title") is None


def _stranding_state():
    """Seed 29 played at random until a move of the player to move strands a hand card."""
    import random
    state, rng = altitude.new_game(seed=29, players=2), random.Random(29)
    while not altitude.stranded(state):
        state = altitude.apply(state, rng.choice(altitude.legal_moves(state)))
    return state


def test_altitude_marks_a_target_that_strands_a_hand_card_and_shows_the_base_width():
    """Issue 22: the 10th base column closes both base ends; a low card left in hand then has no
    place. The target says so before the click (a warning mark and its words); the move stays legal."""
    state = _stranding_state()
    me = state.current
    assert altitude.stranded(state) == {"A 1.-4": [29, 39], "A 1.6": [29, 39], "D 39 1.-4": [29], "D 39 1.6": [29]}
    after = altitude.apply(state, "A 1.-4")    # legal: the base is then 10 wide, no end slot
    opens = altitude.mountain_info(after, me).open
    assert not [o for o in opens if o[0] == 1 and o[1] in (-5, 6)]
    view = altitude.view(state, me)
    assert view["stranded"] == altitude.stranded(state)
    assert altitude.view(state, 1 - me)["stranded"] == {}
    root = ET.fromstring(altitude.render_svg(view, {}))
    ns = "{http://www.w3.org/2000/svg}"
    warned = {g.get("data-move") for g in root.iter(f"{ns}g") if g.get("data-move")
              and "no place on your mountain" in g.get("aria-label")}
    assert warned == {"A 1.-4", "A 1.6"}   # the drawn card's targets (no hand card selected)
    assert len([g for g in root.iter(f"{ns}g") if g.get("class") == "warn"]) == 2
    pills = ["".join(t.itertext()) for t in root.iter(f"{ns}text") if t.get("class") == "stat-t"]
    assert "Base 9/10" in pills and len([p for p in pills if p.startswith("Base ")]) == 2
    selected = ET.fromstring(altitude.render_svg(view, {"selected": 39}))
    assert {g.get("data-move") for g in selected.iter(f"{ns}g") if g.get("data-move")
            and "leaves 29 in your hand" in g.get("aria-label")} == {"D 39 1.-4", "D 39 1.6"}


def test_altitude_animal_points_badge_leaves_the_card_value_and_name_clear():
    """Issue 22: the end's "+1" badge of an animal (level 4 and up) covered its name ("Dahut")."""
    import re
    ns = "{http://www.w3.org/2000/svg}"
    for seed in range(40):
        end = playout("altitude", seed, 2)[-1]
        svg = altitude.render_svg(altitude.view(end, None), {})
        if 'class="scored"' in svg:
            break
    root = ET.fromstring(svg)
    slots = {}
    for g in root.iter(f"{ns}g"):
        if g.get("data-cell") and g.get("data-cell").startswith("p"):
            x, y = map(float, re.match(r"translate\(([-\d.]+),([-\d.]+)\)", g.get("transform")).groups())
            slots[(x, y)] = g
    badges = [g for g in root.iter(f"{ns}g") if g.get("class") == "scored"]
    assert badges
    for b in badges:
        bx, by = map(float, re.match(r"translate\(([-\d.]+),([-\d.]+)\)", b.get("transform")).groups())
        r = float(b.find(f"{ns}circle").get("r"))
        # the card it scores: the slot whose right edge is just left of the badge, level with it
        (cx, cy), _slot = min(slots.items(), key=lambda kv: abs(kv[0][0] + 58 - bx) + abs(kv[0][1] + 40 - by))
        assert by + r < cy + 56                 # above the species banner (y 56..76 of the card)
        assert bx - r > cx + 28 + 16            # right of the value (centred, 28 px digits)
