"""The page itself (DOM glue): its elements by id and its address's parameters."""

from __future__ import annotations

from web.dom import browser
from web.dom.nodes import is_null

from web.links import routes


def query_params() -> dict[str, str]:
    """The page address's parameters, as :func:`web.links.routes.parse_query` reads them, parsed by
    the browser (``URLSearchParams``: the same form decoding, without importing urllib.parse)."""
    return routes.first_values(browser.window.Array.from_(browser.window.URLSearchParams.new(browser.window.location.search)))


def by_id(name: str):
    """``browser.document.getElementById``."""
    return browser.document.getElementById(name)


def show_param_note(params: dict[str, str], after=None, inside=None) -> None:
    """One quiet line (``p#param-note.param-note``) naming the parameter names of the address
    that no page knows, with a "did you mean" (issue 20 point 6; the words are
    :func:`web.links.params.unknown_notice`'s). It goes right after the element ``after`` or at
    the end of ``inside``; nothing is added when every name is known. A line shown before (for
    the previous address of an in-site link or Back) is removed first."""
    from altibox import GAMES
    from web.links.params import unknown_notice

    old = by_id("param-note")
    if not is_null(old):
        old.remove()
    game = GAMES.get(params.get("game", ""))
    note = unknown_notice(params, game.OPTIONS if game is not None else {})
    if not note:
        return
    p = browser.document.createElement("p")
    p.id, p.className, p.textContent = "param-note", "param-note muted", note
    if after is not None:
        after.after(p)
    else:
        inside.appendChild(p)
