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
