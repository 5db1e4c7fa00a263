"""Helpers for the Altitude tests: build positions by hand (no tests here).

House deck ids (altibox.altitude.cards): numbered cards 1-100 (id = value; 10..90 animals,
95 the Dahut), cable cars 101-108, avalanches 109-116, Saint Bernards 117-120.
"""

from __future__ import annotations

import json

from altibox import altitude

CC = list(range(101, 109))
AV = list(range(109, 117))
SBS = list(range(117, 121))
ALL = list(range(1, 121))
PLAIN = [v for v in range(1, 101) if v % 10 != 0 and v != 95]  # non-animal numbered cards


def mountain(*cards_by_slot) -> dict:
    """``mountain(((1, 0), 9), ((1, 1), 12))`` -> {(1, 0): 9, (1, 1): 12}."""
    return dict(cards_by_slot)


def rows(spec: "dict[int, list]") -> dict:
    """``rows({1: [5, 7, 9], 2: [AV[0], CC[0]]})``: row r's cards from column 0 rightwards."""
    out = {}
    for r, cards in spec.items():
        for c, cid in enumerate(cards):
            if cid is not None:
                out[(r, c)] = cid
    return out


def position(players=2, phase="draw", current=0, drawn=None, hands=None, mountains=None,
             discard=(), pile=None, second_turn_pending=False, passes=0, options=None,
             returned=None, base_dirs=None, fill_hands=True) -> str:
    """A position text: unspecified hands are filled with unused plain cards (4 each in the
    draw phase, if ``fill_hands``); every unused card goes to the pile (draw/setup) or the
    discard pile (final/over) unless ``pile`` is given."""
    mountains = [dict(m) for m in (mountains or [{} for _ in range(players)])]
    while len(mountains) < players:
        mountains.append({})
    hands = [list(h) if h is not None else None for h in (hands or [None] * players)]
    while len(hands) < players:
        hands.append(None)
    used = set(discard)
    if drawn is not None:
        used.add(drawn)
    if pile is not None:
        used |= set(pile)
    for m in mountains:
        used |= set(m.values())
    for h in hands:
        if h:
            used |= set(h)
    spare = [c for c in PLAIN if c not in used]
    for i, h in enumerate(hands):
        if h is None:
            h = []
            if fill_hands and phase in ("draw",):
                while len(h) < 4:
                    h.append(spare.pop(0))
            hands[i] = h
            used |= set(h)
    opts = options or {}
    deck = altitude.get_deck(opts.get("deck", "house"), opts.get("include_dahut", True))
    rest = [c for c in deck.ids if c not in used]
    discard = list(discard)
    if pile is None:
        if phase in ("final", "over"):
            pile = []
            discard += rest
        else:
            pile = rest
    else:
        discard += rest
    obj = {
        "schema": 1, "game": "altitude", "options": dict(options or {}), "seed": None,
        "players": players, "phase": phase, "current_player": current,
        "second_turn_pending": second_turn_pending, "consecutive_passes": passes,
        "draw_pile": list(pile), "drawn": drawn, "discard": discard, "hands": hands,
        "returned": returned or [[] for _ in range(players)],
        "base_dirs": base_dirs or [0] * players,
        "mountains": [[{"row": r, "col": c, "card": cid} for (r, c), cid in sorted(m.items())]
                      for m in mountains],
    }
    return json.dumps(obj)


def state(**kw) -> altitude.State:
    """``altitude.from_position(position(**kw))``; options may be given as ``options=``."""
    return altitude.from_position(position(**kw))


def legal(st) -> "set[str]":
    """The legal moves as a set of notation strings."""
    return {str(m) for m in altitude.legal_moves(st)}
