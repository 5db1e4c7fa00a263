"""A game's legend (symbols and markers, each with its icon, name and meaning), shown in the
play screen's "Legend" box and in the How-to-play page's components section.

Pure Python (HTML text, CPython-testable); its own module so that the play screen does not
compile the How-to-play pages' texts (:mod:`web.html.howto`) at start-up (issue 19).
"""

from __future__ import annotations

from altibox import GAMES

from web.html.escape import esc


def legend_html(game_id: str, compact: bool = False, options: dict | None = None) -> str:
    """The game's legend as a list: one ``<li data-symbol=KEY>`` per symbol or marker with its
    icon (SVG from the game's render), name and what it does (``module.legend(options)``:
    a game in progress passes its own options, so an Altiplano game of house-set version 1
    shows version 1's values; the How to play page passes the options it shows: none, the
    default version, unless it was opened from a game on an older one)."""
    module = GAMES[game_id]
    items = "".join(
        f'<li data-symbol="{esc(key)}">{icon}<span><strong>{esc(name)}</strong> — {esc(text)}</span></li>'
        for key, icon, name, text in module.legend(options))
    return f'<ul class="legend{" compact" if compact else ""}" data-game="{esc(game_id)}">{items}</ul>'
