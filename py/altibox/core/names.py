"""Seat names in texts: the players' own names where given, else the rules' seat names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def seat_names(defaults: Sequence[str], names: Any = None) -> list[str]:
    """One name per seat, for the ``names=`` argument of every game's words functions.

    Args:
        defaults: the rules' seat names (``seat_name(state, p)`` for every seat).
        names: the players' names, one per seat, or ``None``. An entry that is not text, or
            only spaces, or missing, falls back to the rules' seat name (names come from saves
            and forms, so they are not trusted).

    Returns:
        ``len(defaults)`` names.

    >>> seat_names(["Player 1", "Player 2", "Player 3"], ["Ann", " ", 7])
    ['Ann', 'Player 2', 'Player 3']
    """
    given = list(names) if isinstance(names, (list, tuple)) else []
    out = []
    for p, default in enumerate(defaults):
        name = given[p] if p < len(given) else None
        out.append(name.strip() if isinstance(name, str) and name.strip() else default)
    return out
