"""Composing an Altitude position by hand (the editor, issue 20 point 4).

A teacher gives what the lesson is about — every seat's mountain, the hand of the seat to
move, the drawn card, the top of the discard pile, the size of the draw pile (and, for a line of
several moves, the cards on top of it), the phase — and :func:`compose` works out the rest of
the deck: the other seats' hands, the rest of the pile and the discard pile under its top card
take the cards not named, lowest ids first, so every card of the deck is in exactly one place
(validity rule 5). The result is checked by :func:`altibox.altitude.from_position`.

    >>> from altibox import altitude
    >>> text = compose(2, "draw", 0, [[{"row": 1, "col": 0, "card": 57}], []],
    ...                hand=[12, 30, 101, 109], drawn=64, discard_top=5, pile_size=40)
    >>> s = altitude.from_position(text)
    >>> s.hands[0], s.drawn, s.discard[-1], len(s.draw_pile), s.hands[1]
    ((12, 30, 101, 109), 64, 5, 40, (1, 2, 3, 4))
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from altibox.core import PositionError

from .cards import get_deck
from .position import POSITION_SCHEMA, from_position
from .rules import DRAW, FINAL, GAME_ID, HAND, OPTIONS, PLAYERS, resolve
from . import words


def compose(players: int, phase: str, current: int, mountains: list, hand: Iterable[int],
            drawn: int | None = None, discard_top: int | None = None,
            pile_size: int | None = None, pile_top: Iterable[int] = (),
            options: dict | None = None, seed: int | None = None) -> str:
    """The position text of a composed table (package docstring, "Position format").

    Args:
        players: 1 to 4. phase: ``"draw"`` or ``"final"``. current: the seat to move (0-based).
        mountains: per seat, a list of ``{"row", "col", "card"}`` (rows from 1, the base).
        hand: the card ids of the seat to move (4 in the draw phase, at most 4 later).
        drawn: the drawn card (the draw phase has one; ``None`` elsewhere).
        discard_top: the card on top of the discard pile (``None``: the discard pile holds
            only the cards left over, or is empty when nothing is).
        pile_size: cards in the draw pile (``None``: every card left over).
        pile_top: the cards on top of the draw pile, the next one drawn first.
        options: the game options (``deck``, ``include_dahut``, ...).
        seed: kept in the position (``None``: no chance is left to the seed).
    Returns:
        Position text that :func:`altibox.altitude.from_position` accepts.
    Raises:
        PositionError: what is wrong, in words (a card named twice, not in the deck, a pile
            larger than the cards left, or a rule of :data:`POSITION_RULES` broken).
    """
    if players not in PLAYERS or phase not in (DRAW, FINAL) or not 0 <= current < players:
        raise PositionError(words.COMPOSE_TABLE, rule=3)
    opts = resolve(dict(options or {}))
    deck = get_deck(opts["deck"], opts["include_dahut"])
    named: dict[int, str] = {}

    def take(cid, where):
        if cid not in deck.by_id:
            raise PositionError(words.compose_not_in_deck(cid, where), rule=5)
        if cid in named:
            raise PositionError(words.compose_twice(cid, named[cid], where), rule=5)
        named[cid] = where

    if len(mountains) != players:
        raise PositionError(words.COMPOSE_TABLE, rule=3)
    for q, m in enumerate(mountains):
        for e in m:
            take(e["card"], words.compose_place("mountain", q))
    hand = list(hand)
    for cid in hand:
        take(cid, words.compose_place("hand", current))
    if drawn is not None:
        take(drawn, words.compose_place("drawn", current))
    if discard_top is not None:
        take(discard_top, words.compose_place("discard", None))
    top = list(pile_top)
    for cid in top:
        take(cid, words.compose_place("pile", None))
    rest = [cid for cid in deck.ids if cid not in named]
    hands: list[list[int]] = [[] for _ in range(players)]
    hands[current] = hand
    for q in range(players):
        if q != current:
            hands[q], rest = rest[:HAND], rest[HAND:]
    more = len(rest) if pile_size is None else pile_size - len(top)
    if more < 0 or more > len(rest):
        raise PositionError(words.compose_pile(pile_size, len(top) + len(rest)), rule=5)
    pile = list(reversed(top + rest[:more]))  # bottom first: the next card drawn is the last
    discard = rest[more:] + ([] if discard_top is None else [discard_top])
    obj = {
        "schema": POSITION_SCHEMA, "game": GAME_ID,
        "options": {k: v for k, v in (options or {}).items() if k in OPTIONS},
        "seed": seed, "players": players, "phase": phase, "current_player": current,
        "second_turn_pending": False, "consecutive_passes": 0, "draw_pile": pile,
        "drawn": drawn, "discard": discard, "hands": hands, "returned": [[] for _ in range(players)],
        "base_dirs": [0] * players, "mountains": [list(m) for m in mountains],
    }
    text = json.dumps(obj, separators=(",", ":"))
    from_position(text)
    return text


def parts(text: str) -> dict[str, Any]:
    """What :func:`compose` takes, read from a position (to edit a scene's position or a
    shared game's): ``{"players", "phase", "current", "mountains", "hand", "drawn",
    "discard_top", "pile_size", "options", "seed"}``.

    Raises:
        PositionError: ``text`` is not a valid position, or is not in a phase a composed
            table can have (draw or final).
    """
    s = from_position(text)
    if s.phase not in (DRAW, FINAL):
        raise PositionError(words.COMPOSE_TABLE, rule=4)
    obj = json.loads(text)
    return {"players": s.players, "phase": s.phase, "current": s.current,
            "mountains": obj["mountains"], "hand": list(s.hands[s.current]), "drawn": s.drawn,
            "discard_top": s.discard[-1] if s.discard else None, "pile_size": len(s.draw_pile),
            "options": obj.get("options", {}), "seed": s.seed}
