"""Text made safe for HTML, and the players' names as typed (pure, shared by every screen and
panel, so that no HTML module has to import another for it)."""

from __future__ import annotations

from html import escape
from typing import Any

from web.html.graphemes import cut

MAX_NAME = 24


def esc(text: Any) -> str:
    """HTML-escape any value's text (quotes included)."""
    return escape(str(text), quote=True)


def clean_name(value: Any) -> str:
    """One player name: text only (anything else gives ""), spaces folded, at most MAX_NAME
    user-perceived characters (an emoji with its skin tone, a family, a flag, a letter with its
    accent count as one and are never cut apart). Always escaped when shown."""
    return cut(" ".join(value.split()), MAX_NAME) if isinstance(value, str) else ""


def clean_names(raw: list[str], players: int) -> list[str]:
    """Player names as typed, one per seat; missing or blank names become "Player N"."""
    return [(clean_name(raw[i]) if i < len(raw) else "") or f"Player {i + 1}" for i in range(players)]
