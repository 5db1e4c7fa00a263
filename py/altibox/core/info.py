"""Static facts about a game, as data (DESIGN.md §2, in the spirit of OpenSpiel's GameInfo).

Each game package exports ``INFO``, one frozen :class:`GameInfo`; the landing page, the new-game
form, records, bots and tests read it instead of hard-coding facts per game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FormField:
    """One choice of the new-game form.

    Attributes:
        name: ``"players"`` or the name of an option in the game's ``OPTIONS``.
        label: the question as the form shows it, e.g. ``"Who starts"``.
        choices: ``((value, label), ...)`` in the order shown; each value is valid for the
            option (or, for ``"players"``, a player count in ``GameInfo.players``).
    """

    name: str
    label: str
    choices: tuple[tuple[Any, str], ...]


@dataclass(frozen=True)
class GameInfo:
    """What is true of a game before any game starts.

    Attributes:
        id: the id used in URLs, records and storage keys (``"alto"``); the key in
            ``altibox.GAMES``.
        name: the game's name as people read it (``"Alto"``).
        players: the allowed player counts, e.g. ``range(2, 3)``.
        options: the options spec ``{name: (type, default, choices)}`` (``core.options``).
        chance: True when chance events happen after setup (Altitude's draws, Altiplano's bag
            draws); Alto's only chance is its setup, so False.
        hidden: True when some information is hidden from some seat (hands, bags, piles).
        blurb: one sentence for the landing page.
        players_text: the player counts in words, e.g. ``"1 to 4 players"``.
        default_players: the player count the new-game form starts with.
        seats: fixed seat names (Alto's ``("Red", "White")``), or ``None`` when players type
            their names.
        form: the options a player picks in the new-game form, in order (the rest keep their
            defaults and stay settable by URL).
        notation: one sentence on the move notation (optional).
    """

    id: str
    name: str
    players: range
    options: Mapping[str, tuple]
    chance: bool
    hidden: bool
    blurb: str
    players_text: str
    default_players: int
    seats: tuple[str, ...] | None
    form: tuple[FormField, ...]
    notation: str = ""
