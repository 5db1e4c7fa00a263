"""Altitude positions (spec §16) and records (DESIGN.md §2).

:func:`to_position` writes the position format of the package docstring (compact JSON, hidden
cards included: it is for saves and tests, never for another player's screen);
:func:`from_position` reads it and checks the numbered validity rules of
:data:`POSITION_RULES` (``PositionError.rule``). ``to_record``/``replay`` are bound to Altitude
by :func:`altibox.core.records_for`.

    >>> from altibox import altitude
    >>> s = altitude.new_game(seed=7, players=2)
    >>> to_position(from_position(to_position(s))) == to_position(s)
    True
"""

from __future__ import annotations

import json
from typing import Any

from .. import core
from ..core import PositionError, bounded, check_seed, non_default
from .cards import AVALANCHE, CABLE, NUM, ANIMAL, SB, get_deck
from .rules import (
    DEAL, DRAW, FINAL, GAME_ID, HAND, INFO, MAX_BASE, MAX_HEIGHT, OPTIONS, OVER, PHASES, PLAYERS,
    SETUP, State, _blank, _mountain_json, apply, new_game, resolve,
)

POSITION_SCHEMA = 1


def to_position(state: State) -> str:
    """The position as compact JSON text (package docstring, "Position format")."""
    obj = {
        "schema": POSITION_SCHEMA,
        "game": GAME_ID,
        "options": non_default(OPTIONS, state.options),
        "seed": state.seed,
        "players": state.players,
        "phase": state.phase,
        "current_player": state.current,
        "second_turn_pending": state.second_turn_pending,
        "consecutive_passes": state.consecutive_passes,
        "draw_pile": list(state.draw_pile),
        "drawn": state.drawn,
        "discard": list(state.discard),
        "hands": [list(h) for h in state.hands],
        "returned": [list(r) for r in state.returned],
        "base_dirs": list(state.base_dirs),
        "mountains": [_mountain_json(m) for m in state.mountains],
    }
    return json.dumps(obj, separators=(",", ":"))


#: The validity rules checked by :func:`from_position` (``PositionError.rule``).
POSITION_RULES = {
    1: "the text is a JSON object with schema 1 and game 'altitude'",
    2: "the options are valid",
    3: "every field is present with the right type; players 1-4; lists sized per player",
    4: "phase and current player agree (None only when over; setup order respected)",
    5: "every card of the deck is in exactly one place (pile, drawn, hands, mountains, discard, "
       "or returned during setup)",
    6: "hand sizes fit the phase (setup 6 or 4, draw 4, later at most 4); setup has empty "
       "mountains and discard",
    7: "drawn card only in the draw phase; second_turn_pending only in the draw phase; "
       "consecutive_passes in range",
    8: "mountain geometry: rows 1-10, upper cards on two supports, base span at most 10",
    9: "card rules on mountains: no Saint Bernard, upper numbered cards strictly above both "
       "supports and never on an avalanche, nothing but a cable car on an avalanche",
}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def from_position(text: str, **options: Any) -> State:
    """Read a position written by :func:`to_position` (package docstring, "Position format").

    Options given here override those stored in the position.

    Raises:
        PositionError: with ``.rule`` one of :data:`POSITION_RULES`.
    """
    try:
        obj = bounded.loads(text, "the position")
    except (TypeError, ValueError) as exc:
        raise PositionError(f"not JSON: {exc}", rule=1) from None
    if not isinstance(obj, dict) or obj.get("schema") != POSITION_SCHEMA or obj.get("game") != GAME_ID:
        raise PositionError("expected a JSON object with schema 1 and game 'altitude'", rule=1)
    pos_opts = obj.get("options", {})
    if not isinstance(pos_opts, dict):
        raise PositionError("options must be an object", rule=2)
    try:
        opts = resolve({**pos_opts, **options})
        deck = get_deck(opts["deck"], opts["include_dahut"])
    except ValueError as exc:
        raise PositionError(str(exc), rule=2) from None

    def need(key, check, what):
        if key not in obj or not check(obj[key]):
            raise PositionError(f"field {key!r} must be {what}", rule=3)
        return obj[key]

    n = need("players", lambda v: _is_int(v) and v in PLAYERS, "a player count from 1 to 4")
    if opts["first_player"] >= n:
        raise PositionError("first_player is not a player of this game", rule=2)
    seed = obj.get("seed")
    if seed is not None:
        try:
            check_seed(seed)
        except ValueError as exc:
            raise PositionError(str(exc), rule=3) from None
    phase = need("phase", lambda v: v in PHASES, "one of " + ", ".join(PHASES))
    cur = obj.get("current_player")
    stp = need("second_turn_pending", lambda v: isinstance(v, bool), "true or false")
    passes = need("consecutive_passes", _is_int, "a whole number")

    def ids(v):
        return isinstance(v, list) and all(_is_int(x) for x in v)

    def per_player(v, check):
        return isinstance(v, list) and len(v) == n and all(check(x) for x in v)

    pile = need("draw_pile", ids, "a list of card ids")
    drawn = obj.get("drawn")
    if drawn is not None and not _is_int(drawn):
        raise PositionError("field 'drawn' must be a card id or null", rule=3)
    discard = need("discard", ids, "a list of card ids")
    hands = need("hands", lambda v: per_player(v, ids), "a list of card-id lists, one per player")
    returned = obj.get("returned", [[] for _ in range(n)])
    if not per_player(returned, lambda r: ids(r) and len(r) in (0, 2)):
        raise PositionError("field 'returned' must hold, per player, [] or two card ids", rule=3)
    bdirs = obj.get("base_dirs", [0] * n)
    if not per_player(bdirs, lambda d: _is_int(d) and d in (-1, 0, 1)):
        raise PositionError("field 'base_dirs' must hold -1, 0 or 1 per player", rule=3)

    def entry(e):
        return (isinstance(e, dict) and set(e) == {"row", "col", "card"}
                and all(_is_int(e[k]) for k in e))

    mts = need("mountains", lambda v: per_player(v, lambda m: isinstance(m, list)
                                                 and all(entry(e) for e in m)),
               "per player a list of {row, col, card}")

    # rule 4: phase and current player
    if phase == OVER:
        if cur is not None:
            raise PositionError("current_player must be null once the game is over", rule=4)
    elif not (_is_int(cur) and 0 <= cur < n):
        raise PositionError("current_player must be a player of this game", rule=4)
    fp = opts["first_player"]
    if phase == SETUP:
        done = [bool(r) for r in returned]
        k = sum(done)
        order = [(fp + i) % n for i in range(n)]
        if k >= n or any(done[q] != (i < k) for i, q in enumerate(order)) or cur != order[k]:
            raise PositionError("setup choices go round from first_player; current_player must "
                                "be the next player to choose", rule=4)

    # rule 5: conservation
    seen: "dict[int, str]" = {}

    def put(cid, where):
        if cid not in deck.by_id:
            raise PositionError(f"card {cid} ({where}) is not in the {deck.name} deck", rule=5)
        if cid in seen:
            raise PositionError(f"card {cid} is both in {seen[cid]} and in {where}", rule=5)
        seen[cid] = where

    for cid in pile:
        put(cid, "the draw pile")
    if drawn is not None:
        put(drawn, "the drawn card")
    for cid in discard:
        put(cid, "the discard pile")
    for q in range(n):
        for cid in hands[q]:
            put(cid, f"hand {q}")
        for e in mts[q]:
            put(e["card"], f"mountain {q}")
        if phase == SETUP:
            for cid in returned[q]:
                put(cid, f"the cards returned by player {q}")
    if len(seen) != deck.size:
        missing = sorted(set(deck.ids) - set(seen))
        raise PositionError(f"cards missing: {missing[:10]}", rule=5)
    for q in range(n):
        for cid in returned[q]:
            if cid not in deck.by_id:
                raise PositionError(f"returned card {cid} is not in the deck", rule=5)

    # rule 6: hand sizes per phase
    for q in range(n):
        size = len(hands[q])
        if phase == SETUP:
            ok = size == (HAND if returned[q] else DEAL)
        elif phase == DRAW:
            ok = size == HAND
        else:
            ok = size <= HAND
        if not ok:
            raise PositionError(f"hand {q} holds {size} cards, which the {phase} phase forbids",
                                rule=6)
    if phase == SETUP and (discard or any(mts)):
        raise PositionError("during setup the mountains and the discard pile are empty", rule=6)

    # rule 7: turn fields
    if (drawn is not None) != (phase == DRAW):
        raise PositionError("a drawn card exists exactly in the draw phase", rule=7)
    if stp and phase != DRAW:
        raise PositionError("second_turn_pending is only for the draw phase", rule=7)
    limit = n if phase == OVER else (n - 1 if phase == FINAL else 0)
    if not 0 <= passes <= limit:
        raise PositionError(f"consecutive_passes must be from 0 to {limit} here", rule=7)

    # rules 8 and 9: mountains
    mountains = []
    for q in range(n):
        m = {}
        for e in mts[q]:
            r, c = e["row"], e["col"]
            if not 1 <= r <= MAX_HEIGHT or (r, c) in m:
                raise PositionError(f"mountain {q}: bad or repeated slot {r}.{c}", rule=8)
            m[(r, c)] = e["card"]
        base = [c for (r, c) in m if r == 1]
        if base and max(base) - min(base) + 1 > MAX_BASE:
            raise PositionError(f"mountain {q}: base wider than {MAX_BASE}", rule=8)
        for (r, c), cid in m.items():
            k = deck.kind[cid]
            if k == SB:
                raise PositionError(f"mountain {q}: a Saint Bernard at {r}.{c}", rule=9)
            if r == 1:
                continue
            if (r - 1, c) not in m or (r - 1, c + 1) not in m:
                raise PositionError(f"mountain {q}: the card at {r}.{c} lacks a support", rule=8)
            s1, s2 = m[(r - 1, c)], m[(r - 1, c + 1)]
            on_av = deck.kind[s1] == AVALANCHE or deck.kind[s2] == AVALANCHE
            if on_av and k != CABLE:
                raise PositionError(f"mountain {q}: only a cable car may rest on an avalanche "
                                    f"({r}.{c})", rule=9)
            if k in (NUM, ANIMAL) and not deck.value[cid] > max(deck.value[s1], deck.value[s2]):
                raise PositionError(f"mountain {q}: the card at {r}.{c} is not greater than "
                                    f"both supports", rule=9)
        mountains.append(m)

    st = _blank(seed, n, opts, deck)
    st.start = text
    st.phase = phase
    st.current = cur
    st.draw_pile = tuple(pile)
    st.drawn = drawn
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.mountains = tuple(mountains)
    st.discard = tuple(discard)
    st.second_turn_pending = stp
    st.consecutive_passes = passes
    st.returned = tuple(tuple(r) for r in returned)
    st.base_dirs = tuple(bdirs) if opts["base_direction"] == "fixed" else (0,) * n
    return st


to_record, replay = core.records_for(INFO, new_game, apply, from_position)


def scene_facts(state: State) -> dict[str, Any]:
    """Altitude's facts for scenes (:func:`altibox.core.scenes.facts`), per player Q:
    ``"height:Q"`` (spec §5), ``"hand_size:Q"``, ``"mountain:Q"`` (``{"r.c": card id}`` of every
    card of Q's mountain), plus ``"phase"``, ``"second_turn_pending"`` (spec §10),
    ``"discard_size"`` and ``"discard_top"`` (card id or None)."""
    from .rules import height  # local: rules is imported above only for the state type
    out: dict[str, Any] = {
        "phase": state.phase, "second_turn_pending": state.second_turn_pending,
        "discard_size": len(state.discard), "discard_top": state.discard[-1] if state.discard else None,
    }
    for q in range(state.players):
        out[f"height:{q}"] = height(state, q)
        out[f"hand_size:{q}"] = len(state.hands[q])
        out[f"mountain:{q}"] = {f"{r}.{c}": cid for (r, c), cid in sorted(state.mountains[q].items())}
    return out
