"""The README is for players first (issue 12): its options table must match the games' INFO,
its two commands stay at the top, and it points at no file a reader of the repository lacks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from altibox import GAMES

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _options_rows() -> dict[tuple[str, str], tuple[str, str]]:
    """``{(game, option): (default cell, values cell)}`` from the README's options table."""
    section = README.split("## Options (`&name=value`)", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[1].startswith("`"):
            rows[(cells[0], cells[1].strip("`"))] = (cells[2], cells[3])
    return rows


def _shown(value) -> str:
    """How the README writes a default: JSON-ish words in backquotes."""
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_is_documented_with_its_default(game_id):
    module = GAMES[game_id]
    rows = _options_rows()
    name = module.INFO.name
    documented = {opt for (g, opt) in rows if g == name}
    assert documented == set(module.OPTIONS), f"{name}: README options differ from OPTIONS"
    for opt, (typ, default, choices) in module.OPTIONS.items():
        default_cell, values_cell = rows[(name, opt)]
        if typ in (int, str, bool):  # settable by link: the default is written as it is typed
            assert default_cell == _shown(default), (name, opt, default_cell)
        else:
            assert "not settable by link" in values_cell, (name, opt)
        for choice in choices or ():
            if typ in (int, str):
                assert f"`{choice}`" in values_cell or (typ is int and "…" in values_cell), (name, opt, choice)


def test_player_counts_match_info():
    rows = _options_rows()
    _default, values = rows[("all", "players")]
    for module in GAMES.values():
        lo, hi = min(module.PLAYERS), max(module.PLAYERS)
        words = f"{module.INFO.name} {lo}" if lo == hi else f"{module.INFO.name} {lo}–{hi}"
        assert words in values
        assert f"{module.INFO.name} {module.INFO.default_players}" in _default


def test_two_commands_come_first():
    first_code = README.split("```sh\n", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in first_code.strip().splitlines()] == [
        "python3 serve.py", "bash tests/run.sh"]
    assert README.index("## Two commands") < README.index("## The games") < README.index("## Design notes")


def test_no_reference_to_files_outside_the_repository():
    assert not re.search(r"\.\./|shared/|DESIGN(\.md)?\b", README)
    for link in re.findall(r"\]\(([^)#]+)\)", README):
        if not link.startswith(("http://", "https://")):
            assert (ROOT / link).exists(), link


def test_one_figures_table():
    assert README.count("## Current figures") == 1
    # every table whose header row starts with "figure" or "start" (boot figures) is that one
    headers = re.findall(r"^\| (figure|start) \|", README, re.M)
    assert headers == ["figure"]
