"""Altibox: the rules of Alto, Altitude and Altiplano as pure Python.

``GAMES`` maps a game id (used in URLs, records and storage keys) to its rules module. It lives
here, not in ``altibox.core``, so that the game modules can import the core without a cycle.
Every module exposes the same verbs (DESIGN.md §2).
"""

from . import alto
from . import altitude
from . import altiplano

GAMES = {
    "alto": alto,
    "altitude": altitude,
    "altiplano": altiplano,
}

__all__ = ["GAMES"]
