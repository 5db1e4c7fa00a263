"""Text made safe for HTML, and the players' names as typed (pure, shared by every screen and
panel, so that no HTML module has to import another for it)."""

from __future__ import annotations

from typing import Any

from altibox.core.svg import esc as svg_esc

from web.html.graphemes import cut

MAX_NAME = 24


def esc(text: Any) -> str:
    """HTML-escape any value's text (quotes included): ``&`` ``<`` ``>`` ``"`` ``'`` become
    ``&amp;`` ``&lt;`` ``&gt;`` ``&quot;`` ``&#x27;`` (what ``html.escape(text, quote=True)``
    writes, without importing the ``html`` module: its entity table costs ~50 ms of a cold start).

    >>> esc("Tim's <b>")
    'Tim&#x27;s &lt;b&gt;'
    """
    return svg_esc(text).replace("&#39;", "&#x27;")  # an "&" of the text is "&amp;" by then


def clean_name(value: Any) -> str:
    """One player name: text only (anything else gives ""), spaces folded, at most MAX_NAME
    user-perceived characters (an emoji with its skin tone, a family, a flag, a letter with its
    accent count as one and are never cut apart). Always escaped when shown."""
    return cut(" ".join(value.split()), MAX_NAME) if isinstance(value, str) else ""


def clean_names(raw: list[str], players: int) -> list[str]:
    """Player names as typed, one per seat; missing or blank names become "Player N"."""
    return [(clean_name(raw[i]) if i < len(raw) else "") or f"Player {i + 1}" for i in range(players)]
