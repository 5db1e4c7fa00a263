"""The SVG kit every renderer shares (``altibox.core.svg``): one escaper, one number format, one
way to write the hooks of DESIGN.md §3, one seat palette — the same colours as the page's turn
dots in ``static/css/altibox.css``."""

from __future__ import annotations

import re
from pathlib import Path

from altibox.core import svg

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "altibox.css"


def test_esc_escapes_the_five_characters():
    assert svg.esc("""Tim's "A&B" <g>""") == "Tim&#39;s &quot;A&amp;B&quot; &lt;g&gt;"
    assert svg.esc(12) == "12"


def test_num_rounds_to_two_decimals():
    assert [svg.num(x) for x in (297.784, 12.0, 0.125, -0.004, 100, 2.5)] == \
        ["297.78", "12", "0.12", "0", "100", "2.5"]


def test_target_writes_the_hooks_in_one_order():
    assert svg.target("plan:1", "planning space 1: food") == \
        ' data-cell="plan:1" aria-label="planning space 1: food"'
    assert svg.target("loc:farm", "Farm", "@farm") == \
        ' data-cell="loc:farm" data-move="@farm" role="button" tabindex="0" aria-label="Farm"'
    assert svg.target("a1", "a1: empty", tabindex="-1") == \
        ' data-cell="a1" role="button" tabindex="-1" aria-label="a1: empty"'
    assert svg.target("seat:1", "Tim's board", button=True).endswith(
        'role="button" tabindex="0" aria-label="Tim&#39;s board"')


def test_the_seat_palette_is_the_turn_dots_of_the_page():
    css = CSS.read_text(encoding="utf-8")
    dots = dict(re.findall(r'html\[data-game="altiplano"\]\) \.status\.seat-(\d)::before \{ '
                           r'background: (#[0-9a-f]{6})', css))
    assert [dots[str(i)] for i in range(5)] == list(svg.SEAT)
    assert len(svg.SEAT) == len(svg.SEAT_TINT) == len(set(svg.SEAT)) == 5
