"""The "How to play" pages (``?game=G&page=rules``): short texts with live scene boards.

Pure Python (HTML text, CPython-testable). Each game's page is a list of sections written from
its rulebook and rules spec: components, setup, a turn, every action or marker, the end of the
game, scoring. A section may hold scenes (by id, from ``altibox/<game>/scenes.json``): the page
puts a ``<figure class="scene" data-scene=ID>`` there, which :mod:`web.app` fills with a live
board (:class:`web.scenes.SceneBoard`) under the page's one interpreter.

Blocks of a section: a ``str`` is a paragraph; a ``list`` of ``str`` is a bulleted list; the
token ``LEGEND`` puts the game's legend (``module.legend()``: symbol, name, what it does).
"""

from __future__ import annotations

from altibox import GAMES

from .screens import esc

LEGEND = "legend"

#: game id -> sections: (id, heading, blocks, scene ids)
PAGES: dict[str, list[tuple[str, str, list, list[str]]]] = {
    "alto": [
        ("goal", "The idea", [
            "Alto is a game for two: Red and White. The board is a 4 × 4 grid of square tiles; "
            "every tile holds a disc at the start. On your turn you move one disc, and the tile it "
            "leaves turns over, then disappears. Discs pile up into stacks. When no tile holds a "
            "disc any more, the game ends: the higher a disc sits in its stack, the more it scores.",
        ], []),
        ("components", "What is in the box", [
            ["16 square tiles. Each tile has two faces, a bright face and a black face, and each "
             "face shows one movement symbol.",
             "18 discs: 9 red and 9 white. Each player puts 8 on the board; the 9th stays beside "
             "the board to remind everyone of their colour and never scores."],
            "The four movement symbols (the letter is printed in the tile's corner too):",
            LEGEND,
            "On this board a tile flips to the other symbol of its pair: O and D tiles turn into "
            "each other, and so do A and S. Hover over a tile (or focus it) to read what it does now "
            "and what it turns into.",
        ], []),
        ("setup", "Setting up", [
            "The tiles are shuffled and laid out bright side up. Then the players take turns "
            "putting one of their discs on an empty tile until every tile holds exactly one disc. "
            "Red places first (here: choose who starts on the new-game form, or let the discs be "
            "placed at random).",
        ], ["placement"]),
        ("turn", "A turn", [
            "On your turn you must move exactly one disc: any disc, red or white, as the tile "
            "beneath it allows. Only the top disc of a stack moves, except on a stack tile (S), "
            "which moves the whole stack. The disc or stack always lands on top of whatever is on "
            "the destination: a stack, an empty tile, or a square whose tile is gone.",
            "Then the tile you moved from changes: a bright tile flips to its black side; a black "
            "tile is removed from the game. Discs left behind stay where they are.",
            "The rulebook's three examples, to play here (click a disc, then its destination):",
        ], ["move-and-flip", "any-colour", "move-and-remove", "move-to-empty"]),
        ("stuck", "Removed squares", [
            "A square without a tile has no symbol, so the discs on it can never move again. You "
            "can still move discs onto it: that is often how tall stacks are built safely.",
        ], []),
        ("end", "The end of the game", [
            "The game ends when no tile holds a disc: then nobody can move. Every tile left is "
            "black side up and empty, and all the discs stand on removed squares. A game lasts at "
            "most 32 moves after the placement.",
        ], []),
        ("scoring", "Scoring", [
            "A disc at level k scores k points: the bottom disc of a stack scores 1, the one on it "
            "2, and so on. Each player adds up their 8 discs. The higher total wins.",
            "On equal scores, the player with more discs at the highest level wins; if those "
            "counts are equal too, compare the next level down, and so on. Equal at every level: "
            "a draw.",
        ], ["scoring", "tie-break"]),
    ],
}


def has_page(game_id: str) -> bool:
    """True when ``game_id`` has a How-to-play page."""
    return game_id in PAGES


def howto_url(game_id: str) -> str:
    """The page's address relative to the site: ``?game=G&page=rules``."""
    return f"?game={game_id}&page=rules"


def _blocks_html(game_id: str, blocks: list) -> str:
    out = []
    for block in blocks:
        if block == LEGEND:
            out.append(legend_html(game_id))
        elif isinstance(block, list):
            out.append("<ul>" + "".join(f"<li>{esc(item)}</li>" for item in block) + "</ul>")
        else:
            out.append(f"<p>{esc(block)}</p>")
    return "".join(out)


def legend_html(game_id: str, compact: bool = False) -> str:
    """The game's legend as a list: one ``<li data-symbol=KEY>`` per symbol or marker with its
    icon (SVG from the game's render), name and what it does (``module.legend()``)."""
    module = GAMES[game_id]
    items = "".join(
        f'<li data-symbol="{esc(key)}">{icon}<span><strong>{esc(name)}</strong> — {esc(text)}</span></li>'
        for key, icon, name, text in module.legend())
    return f'<ul class="legend{" compact" if compact else ""}" data-game="{esc(game_id)}">{items}</ul>'


def howto_html(game_id: str, back: str | None = None) -> str:
    """The whole How-to-play page of ``game_id``.

    Args:
        back: the link back to the game screen (``?game=G``), or None to link to the start page.
    Returns:
        ``<article class="howto" data-game=G>`` with a contents list, one ``<section id=ID>``
        per part, and an empty ``<figure class="scene" data-scene=ID>`` for each scene.
    Raises:
        KeyError: the game has no page.
    """
    info = GAMES[game_id].INFO
    sections = PAGES[game_id]
    back_link = (f'<a class="button primary" data-nav="1" href="{esc(back)}">Back to the game</a>'
                 if back else f'<a class="button primary" data-nav="1" href="?game={esc(game_id)}">Play {esc(info.name)}</a>')
    toc = "".join(f'<li><a href="#howto-{esc(sid)}">{esc(head)}</a></li>' for sid, head, _b, _s in sections)
    parts = [f'<article class="howto" data-game="{esc(game_id)}">',
             f'<header class="howto-head"><h2>How to play {esc(info.name)}</h2>'
             f'<p class="muted">{esc(info.players_text)} · {esc(info.blurb)}</p>'
             f'<p class="actions">{back_link} <a class="button" href="./">All games</a></p>'
             f'<nav aria-label="Contents"><ol class="howto-toc">{toc}</ol></nav></header>']
    for sid, head, blocks, scene_ids in sections:
        figures = "".join(f'<figure class="scene" data-scene="{esc(s)}"></figure>' for s in scene_ids)
        if figures:
            figures = f'<div class="scenes">{figures}</div>'
        parts.append(f'<section id="howto-{esc(sid)}" class="howto-part"><h3>{esc(head)}</h3>'
                     f'{_blocks_html(game_id, blocks)}{figures}</section>')
    parts.append(f'<p class="actions">{back_link}</p></article>')
    return "".join(parts)


def scene_ids(game_id: str) -> list[str]:
    """Every scene id the page shows, in page order."""
    return [s for _sid, _h, _b, scenes in PAGES.get(game_id, []) for s in scenes]
