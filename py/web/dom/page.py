"""The page itself (DOM glue): its elements by id and its address's parameters."""

from __future__ import annotations

from web.dom import browser

from web.links import routes


def query_params() -> dict[str, str]:
    """The page address's parameters, as :func:`web.links.routes.parse_query` reads them, parsed by
    the browser (``URLSearchParams``: the same form decoding, without importing urllib.parse)."""
    return routes.first_values(browser.window.Array.from_(browser.window.URLSearchParams.new(browser.window.location.search)))


def by_id(name: str):
    """``document.getElementById``."""
    return browser.document.getElementById(name)


def param_note(params: dict[str, str], where, position: str = "afterend") -> None:
    """One quiet line (``p.param-note``, ``#param-note``) naming the parameter names the page does
    not know (:func:`web.links.params.unknown_notice`), put at ``position`` of the element
    ``where`` (``insertAdjacentElement``); nothing when every name is known."""
    from altibox import GAMES
    from web.links.params import unknown_notice
    game = GAMES.get(params.get("game", ""))
    note = unknown_notice(params, game.OPTIONS if game is not None else {})
    if note:
        p = browser.document.createElement("p")
        p.id, p.className, p.textContent = "param-note", "param-note muted", note
        where.insertAdjacentElement(position, p)
