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
