"""The README and docs/*.md send a reader only where something exists (issues 12 and 19).

- The README is for people and short: at most 250 lines, the serve and test commands in its
  first code block, then the games, and where the design notes live.
- docs/playing.md's options table matches the games' ``OPTIONS`` and ``INFO``.
- Every relative link (with its ``#anchor``), every repository path and every dotted module name
  written in code, and every URL parameter a reader is told to use, exists: a renamed file,
  module, heading or parameter fails here, not in a reader's hands.
- docs/figures.md keeps one table per subject and no dated history (git keeps it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from altibox import GAMES

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
PLAYING = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
FIGURES = (ROOT / "docs" / "figures.md").read_text(encoding="utf-8")


def _ids(path: Path) -> str:
    return str(path.relative_to(ROOT))


# ---------------------------------------------------------------- the README itself

def test_readme_is_short():
    lines = README.count("\n")
    assert lines <= 250, f"README.md has {lines} lines; move the detail into docs/"


def test_two_commands_come_first():
    first_code = README.split("```", 1)[1].split("```", 1)[0]
    assert first_code.startswith("sh\n")
    assert [line.split("#")[0].strip() for line in first_code[3:].strip().splitlines()] == [
        "python3 serve.py", "bash tests/run.sh"]
    assert README.index("## Two commands") < README.index("## The games") < README.index("## Design notes")


def test_every_game_names_its_how_to_play_url():
    games = README.split("## The games", 1)[1].split("\n## ", 1)[0]
    for gid, module in GAMES.items():
        section = games.split(f"### {module.INFO.name} ", 1)[1].split("\n### ", 1)[0]
        assert f"`?game={gid}&page=rules`" in section, gid


def test_the_readme_links_every_document():
    for doc in (ROOT / "docs").glob("*.md"):
        assert f"(docs/{doc.name})" in README, doc.name


# ---------------------------------------------------------------- options (docs/playing.md)

def _options_rows() -> dict[tuple[str, str], tuple[str, str]]:
    """``{(game, option): (default cell, values cell)}`` from docs/playing.md's options table."""
    section = PLAYING.split("## Options (`&name=value`)", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[1].startswith("`"):
            rows[(cells[0], cells[1].strip("`"))] = (cells[2], cells[3])
    return rows


def _shown(value) -> str:
    """How the docs write a default: JSON-ish words in backquotes."""
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_is_documented_with_its_default(game_id):
    module = GAMES[game_id]
    rows = _options_rows()
    name = module.INFO.name
    documented = {opt for (g, opt) in rows if g == name}
    assert documented == set(module.OPTIONS), f"{name}: docs/playing.md options differ from OPTIONS"
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


# ---------------------------------------------------------------- everything a reader is sent to

def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("Options (`&name=value`)")
    'options-namevalue'
    """
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of every heading of a Markdown text (code blocks skipped)."""
    return {slug(m) for m in re.findall(r"^#{1,6} (.+)$", _prose(text), re.M)}


def _prose(text: str) -> str:
    """``text`` without its fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


def _code(text: str) -> list[str]:
    """Every inline code span and every fenced block of ``text``."""
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.M | re.S)
    return blocks + re.findall(r"`([^`\n]+)`", _prose(text))


@pytest.mark.parametrize("doc", DOCS, ids=_ids)
def test_no_reference_to_files_outside_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    assert not re.search(r"\bshared/|\bDESIGN(\.md)?\b|/work/", text)


@pytest.mark.parametrize("doc", DOCS, ids=_ids)
def test_every_relative_link_and_anchor_exists(doc):
    text = doc.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", _prose(text))
    assert links or doc.name == "upstream-pyscript-iframe.md"
    for link in links:
        if link.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = link.partition("#")
        target = (doc.parent / path).resolve() if path else doc
        assert target.exists(), f"{doc.name}: {link} does not exist"
        assert target == ROOT or ROOT in target.parents, f"{doc.name}: {link} leaves the repository"
        if anchor:
            assert target.suffix == ".md", link
            assert anchor in anchors(target.read_text(encoding="utf-8")), f"{doc.name}: no heading for {link}"


#: a repository path written in code: under a top-level folder of ours, or one of our root files
_PATH = re.compile(r"^(?:(?:py|tests|static|docs|\.github|\.ci)/[\w./<>-]*|[\w-]+\.(?:py|js|html|toml|json|md))$")
_GENERATED = ("static/vendor/", "_site")  # made by serve.py (git-ignored)


def _paths(text: str) -> set[str]:
    out = set()
    for code in _code(text):
        for token in re.split(r"[\s(),;:=\"']+", code):
            token = token.rstrip(".")
            if _PATH.match(token) and not token.startswith(_GENERATED):
                out.add(token)
    return out


@pytest.mark.parametrize("doc", DOCS, ids=_ids)
def test_every_path_written_in_code_exists(doc):
    paths = _paths(doc.read_text(encoding="utf-8"))
    for path in paths:
        variants = [path.replace("<game>", g) for g in GAMES] if "<game>" in path else [path]
        for p in variants:
            if "/" not in p and not (ROOT / p).exists():
                continue  # a bare file name (e.g. a module named in its package's context)
            assert (ROOT / p).exists(), f"{doc.name}: {p} does not exist"


def test_the_path_check_sees_paths():
    assert _paths("run `tests/bench.py` and `py/altibox/<game>/scenes.json`:\n```sh\npython3 serve.py\n```\n") == {
        "tests/bench.py", "py/altibox/<game>/scenes.json", "serve.py"}


def _module_file(dotted: list[str]) -> Path | None:
    base = ROOT / "py" / Path(*dotted)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


@pytest.mark.parametrize("doc", DOCS, ids=_ids)
def test_every_dotted_module_name_exists(doc):
    """``web.botplay.bot_seed``, ``altibox.core.scenes``: the longest module prefix exists, and
    the name after it is defined or imported in that module."""
    for code in _code(doc.read_text(encoding="utf-8")):
        for name in re.findall(r"\b((?:altibox|web)(?:\.\w+)+)", code):
            parts = name.split(".")
            k = max((k for k in range(1, len(parts) + 1) if _module_file(parts[:k])), default=0)
            assert k, f"{doc.name}: no module {name}"
            if k < len(parts):
                source = _module_file(parts[:k]).read_text(encoding="utf-8")
                assert re.search(rf"\b{parts[k]}\b", source), f"{doc.name}: {name}: no {parts[k]} in {'.'.join(parts[:k])}"


def _literals() -> set[str]:
    """Every quoted string of our Python and of index.html: where the page reads its parameters."""
    out = set()
    for path in [*(ROOT / "py").rglob("*.py"), ROOT / "index.html"]:
        out |= set(re.findall(r"[\"']([\w:-]+)[\"']", path.read_text(encoding="utf-8")))
    return out


#: placeholders the docs use for "a game id" or "a value"
_PLACEHOLDERS = {"G", "ID", "N", "LEVEL", "KIND", "X"}


@pytest.mark.parametrize("doc", DOCS, ids=_ids)
def test_every_url_parameter_exists(doc):
    """``?game=alto&page=rules``, ``&seat2=hard``, ``&tiebreak=…``: the page reads that name
    (a string of our code, a game option or ``seatN``); a ``game=`` names a game and a ``page=``
    a page the code knows."""
    known = _literals()
    options = {opt for module in GAMES.values() for opt in module.OPTIONS}
    found = 0
    for code in _code(doc.read_text(encoding="utf-8")):
        for name, value in re.findall(r"[?&](\w+)=([\w:-]*)", code):
            found += 1
            assert name in known or name in options or re.fullmatch(r"seat(\d+|N)", name), \
                f"{doc.name}: no parameter {name!r}"
            if name == "game" and value and value not in _PLACEHOLDERS:
                assert value in GAMES, f"{doc.name}: no game {value!r}"
            if name == "page" and value and value not in _PLACEHOLDERS:
                assert value in known, f"{doc.name}: no page {value!r}"
    if doc.name in ("README.md", "playing.md", "teachers.md"):
        assert found, doc.name


# ---------------------------------------------------------------- figures

def test_figures_live_in_one_file_with_one_table_per_subject():
    assert not re.search(r"^\| (figure|start) \|", README, re.M), "figures belong in docs/figures.md"
    sections = re.split(r"^## ", FIGURES, flags=re.M)[1:]
    assert sections
    for section in sections:
        title = section.splitlines()[0]
        tables = re.findall(r"(?:^\|.*\n)+", section, re.M)
        assert len(tables) == 1, f"docs/figures.md: {title!r} has {len(tables)} tables"
    assert len({s.splitlines()[0] for s in sections}) == len(sections), "one section per subject"


def test_figures_keep_no_dated_history():
    months = "January|February|March|April|May|June|July|August|September|October|November|December"
    assert not re.search(rf"\b\d{{1,2}} ({months})\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b20\d\d\b", FIGURES)
    assert "before" not in FIGURES.lower().replace("before python", "")
