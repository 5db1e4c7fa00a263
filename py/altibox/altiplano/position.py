"""Altiplano positions (JSON text), their validity rules, and records (DESIGN.md §2).

:func:`to_position` writes the whole state as compact JSON (seed included, so chance can
continue; hidden information included: for saves, tests and embeds, never for opponents);
:func:`from_position` reads it and :func:`check` enforces the numbered validity rules of
:data:`POSITION_RULES` (spec §21 invariants among them; ``PositionError.rule``).
``to_record``/``replay`` are bound to Altiplano by :func:`altibox.core.records_for`.

    >>> from altibox import altiplano
    >>> s = altiplano.new_game(seed=7, players=3)
    >>> to_position(from_position(to_position(s))) == to_position(s)
    True
"""

from __future__ import annotations

import json

from altibox import core
from altibox.core import PositionError, bounded

from . import data as _data
from .rules import (
    INFO, LOCATIONS, PHASES, UNNAMED, Player, State, _count, _counts, _resolve, _unlocked,
    apply, new_game, written_options,
)

#: The validity rules of a position (``PositionError.rule``), checked by :func:`from_position`
#: and :func:`check`.
POSITION_RULES = {
    1: "the text is a JSON object of format 'altiplano', version 1, with every field readable",
    2: "the header is valid: players 2-5, seed, options",
    3: "phase, turn, queue, round and end trigger are consistent",
    4: "goods are conserved (spec §21.1, §21.3)",
    5: "corn is never in a bag, crate, planning or action space (§21.4)",
    6: "carts are conserved; a player owns 1 to 4 carts (§21.5)",
    7: "each order is in exactly one place; an open order is incomplete (§21.7)",
    8: "action spaces hold what their spaces allow (§21.8); planning fits the open spaces",
    9: "warehouse rows are valid (§21.9)",
    10: "coins are never negative",
    11: "cards, extensions and the display are consistent (§21.6)",
    12: "roles: distinct, one per player (or being drafted)",
}


def _state_json(s: State) -> dict:
    hs = s.hs
    seats = []
    for p in s.ps:
        seats.append({
            "role": p.role, "coins": p.coins, "bag": _counts(hs, p.bag), "crate": _counts(hs, p.crate),
            "planning": _counts(hs, p.planning),
            "sources": {sid: {"goods": list(g), "coins": c, "fresh": list(fg), "fresh_coins": fc}
                        for sid, (g, c, fg, fc) in sorted(p.src.items())},
            "warehouse": [list(r) for r in p.wh], "extensions": [[e, r] for e, r in p.exts],
            "houses": list(p.houses), "boats": list(p.boats),
            "order": None if p.order is None else {"id": p.order[0], "delivered": list(p.order[1])},
            "completed_orders": list(p.done_orders), "road": p.road, "carts": p.carts,
            "carts_used": p.carts_used, "d7_used": p.d7_used, "cart_bought": p.cart_bought,
            "ext_bought": p.ext_bought, "pawn": p.pawn, "passed": p.passed,
            "pending_return": p.pending_return, "store_left": p.store_left,
        })
    acted, moved, tsrc, otk = s.turn
    return {
        "format": "altiplano", "version": 1, "seed": s.seed, "players": s.players,
        "options": written_options(s.options), "ring": list(s.ring), "round": s.round,
        "phase": s.phase, "start_player": s.start_player, "current": s.current,
        "queue": list(s.queue), "supply": _counts(hs, s.supply), "houses": list(s.houses),
        "boats": list(s.boats), "carts": s.carts, "orders": list(s.orders),
        "removed": list(s.removed), "pile": list(s.pile), "display": list(s.display),
        "gone": list(s.gone), "bought_any": s.bought_any, "trigger": s.trigger,
        "trigger_round": s.trigger_round, "final_round": s.final_round, "lost_corn": s.lost_corn,
        "roles_left": list(s.roles_left),
        "turn": {"acted": acted, "moved_after": moved, "source": tsrc, "order_taken": otk},
        "seats": seats,
    }


def to_position(state: State) -> str:
    """The whole state as compact JSON text (seed included, so chance can continue).

    The text includes hidden information; it is for saving, tests and embeds, not for opponents.
    """
    return json.dumps(_state_json(state), separators=(",", ":"), sort_keys=True)


def position_with_options(text: str, **options) -> str:
    """Position ``text`` on another version of the house set (``house_set=``, the only option it
    changes): what a How to play page shows a player whose game keeps an older version (the
    components' values of that version; the examples are checked again by their scene's claims).

    Goods and carts stay where the position has them; the supply takes or gives the difference
    between the two versions' totals for the position's player count, and the boats and houses
    no seat holds become the other version's, in the position's order where they are in both.

    >>> from altibox import altiplano
    >>> text = to_position(altiplano.new_game(seed=7, players=2))
    >>> from_position(position_with_options(text, house_set="house_set_12")).hs.name
    'house_set_12'

    Raises:
        PositionError: another option (rule 2), an unknown version (rule 2), or a position the
            other version cannot hold: a card it does not have, a supply below zero (the rule
            broken, as :func:`from_position` says).
    """
    from collections import Counter
    state = from_position(text)
    if set(options) - {"house_set"}:
        raise PositionError(f"bad header: only house_set can change, not {sorted(set(options) - {'house_set'})}", rule=2)
    try:
        new = _data.load(options.get("house_set", state.hs.name))
    except ValueError as exc:
        raise PositionError(f"bad header: {exc}", rule=2) from None
    d, old, n = json.loads(text), state.hs, state.players
    for g in set(new.supply(n)["goods"]) | set(old.supply(n)["goods"]):
        d["supply"][g] = d["supply"].get(g, 0) + new.supply(n)["goods"].get(g, 0) - old.supply(n)["goods"].get(g, 0)
    d["carts"] += new.supply(n)["carts"] - old.supply(n)["carts"]
    for key, cards in (("boats", new.boats_for(n)), ("houses", new.houses_for(n))):
        free = Counter(cards) - Counter(c for seat in d["seats"] for c in seat[key])
        kept = []
        for card in d[key]:
            if free[card] > 0:
                kept.append(card)
                free[card] -= 1
        d[key] = kept + list(free.elements())
    d["options"] = {**d.get("options", {}), "house_set": new.name}
    out = json.dumps(d, separators=(",", ":"), sort_keys=True)
    from_position(out)
    return out


def _goods_dict(hs, d, what) -> dict:
    if not isinstance(d, dict):
        raise TypeError(f"{what} must be an object")
    out = {}
    for g, n in d.items():
        if g not in hs.order or isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{what}: bad entry {g!r}: {n!r}")
        if n:
            out[g] = n
    return out


def _goods_tuple(hs, lst, what, canon=True) -> tuple:
    if not isinstance(lst, list) or any(g not in hs.order for g in lst):
        raise ValueError(f"{what}: bad goods list {lst!r}")
    return hs.canon(lst) if canon else tuple(lst)


def _int(v, what, lo=0, none=False):
    if none and v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise ValueError(f"{what} must be an integer >= {lo}, got {v!r}")
    return v


def _bool(v, what):
    if not isinstance(v, bool):
        raise ValueError(f"{what} must be true or false")
    return v


def from_position(text: str, **options) -> State:
    """Read position text written by :func:`to_position`.

    ``options`` (if given) must agree with the options stored in the position. A position
    whose options do not name ``house_set`` (one written before house-set versions) is
    version 1 (:data:`~altibox.altiplano.rules.UNNAMED`).

    Raises:
        PositionError: the text is not a position (rule 1), a bad header (rule 2), or the
            position breaks a validity rule 3–12 (:data:`POSITION_RULES`).
    """
    try:
        d = bounded.loads(text, "the position")
    except (TypeError, ValueError):
        raise PositionError("not JSON text", rule=1) from None
    if not isinstance(d, dict) or d.get("format") != "altiplano" or d.get("version") != 1:
        raise PositionError("not an Altiplano position (format/version)", rule=1)
    try:
        players = d["players"]
        seed = core.check_seed(d["seed"])
        stored = d.get("options", {})
        if not isinstance(stored, dict):
            raise ValueError("options must be an object")
        opts = _resolve(players, {**UNNAMED, **stored})  # no house_set: version 1 (issue 18)
        given = _resolve(players, options) if options else None
        if given is not None:
            for k, v in options.items():
                if given[k] != opts[k]:
                    raise ValueError(f"option {k!r} differs from the position's")
    except (KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"bad header: {exc}", rule=2) from None
    hs = _data.load(opts["house_set"])
    try:
        s = State.__new__(State)
        s.seed, s.players, s.options, s.moves, s.start = seed, players, opts, (), text
        s.hs = hs
        s._S = hs.sources(opts["forest_cacao_mode"])
        s.ring = tuple(d["ring"])
        s.round = _int(d["round"], "round", 1)
        s.phase = d["phase"]
        s.start_player = _int(d["start_player"], "start_player")
        s.current = _int(d["current"], "current", none=True)
        s.queue = tuple(_int(x, "queue") for x in d["queue"])
        s.supply = _goods_dict(hs, d["supply"], "supply")
        s.houses = tuple(d["houses"])
        s.boats = tuple(d["boats"])
        s.carts = _int(d["carts"], "carts")
        s.orders = tuple(d["orders"])
        s.removed = tuple(d["removed"])
        s.pile = tuple(d["pile"])
        s.display = tuple(d["display"])
        s.gone = tuple(d["gone"])
        s.bought_any = _bool(d["bought_any"], "bought_any")
        s.trigger = d["trigger"]
        if s.trigger is not None and not isinstance(s.trigger, str):
            raise ValueError("trigger must be text or null")
        s.trigger_round = _int(d["trigger_round"], "trigger_round", 1, none=True)
        s.final_round = _int(d["final_round"], "final_round", 1, none=True)
        s.lost_corn = _int(d["lost_corn"], "lost_corn")
        s.roles_left = tuple(d["roles_left"])
        t = d["turn"]
        s.turn = (t["acted"], _bool(t["moved_after"], "turn"), t["source"], _bool(t["order_taken"], "turn"))
        seats = d["seats"]
        if not isinstance(seats, list) or len(seats) != players:
            raise ValueError("seats must list every player")
        ps = []
        for k, x in enumerate(seats):
            p = Player()
            p.role = x["role"]
            p.coins = x["coins"] if isinstance(x["coins"], int) and not isinstance(x["coins"], bool) else None
            if p.coins is None:
                raise ValueError("coins must be an integer")
            p.bag = _goods_dict(hs, x["bag"], "bag")
            p.crate = _goods_dict(hs, x["crate"], "crate")
            p.planning = _goods_dict(hs, x["planning"], "planning")
            src = {}
            if not isinstance(x["sources"], dict):
                raise ValueError("sources must be an object")
            for sid, e in x["sources"].items():
                g = _goods_tuple(hs, e["goods"], sid)
                fg = _goods_tuple(hs, e["fresh"], sid)
                c, fc = e["coins"], e["fresh_coins"]
                if any(isinstance(v, bool) or not isinstance(v, int) for v in (c, fc)):
                    raise ValueError("coins on a source must be integers")
                if g or fg or c or fc:
                    src[sid] = (g, c, fg, fc)
            p.src = src
            p.wh = tuple(_goods_tuple(hs, r, "warehouse row", canon=False) for r in x["warehouse"])
            p.exts = tuple((e, _int(r, "extension round", 1)) for e, r in x["extensions"])
            p.houses = tuple(x["houses"])
            p.boats = tuple(x["boats"])
            o = x["order"]
            p.order = None if o is None else (o["id"], _goods_tuple(hs, o["delivered"], "order"))
            p.done_orders = tuple(x["completed_orders"])
            p.road = _int(x["road"], "road")
            p.carts = _int(x["carts"], "carts")
            p.carts_used = _int(x["carts_used"], "carts_used")
            for f in ("d7_used", "cart_bought", "ext_bought", "passed", "pending_return"):
                setattr(p, f, _bool(x[f], f))
            p.pawn = x["pawn"]
            p.store_left = _int(x["store_left"], "store_left")
            ps.append(p)
        s.ps = tuple(ps)
        s._mut = None
        s._legal = s._sorted = None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise PositionError(f"malformed position: {exc!r}", rule=1) from None
    try:
        check(s)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:  # a value of the wrong kind
        raise PositionError(f"malformed position: {exc!r}", rule=1) from None
    return s


# ----------------------------------------------------------------------------------------------
# Validity / invariants (spec §21)
# ----------------------------------------------------------------------------------------------

def check(state: State) -> None:
    """Check every validity rule and the invariants of spec §21 on ``state``.

    Used by :func:`from_position` and by the random-game tests after every move.

    Raises:
        PositionError: with ``rule`` 3–12 (:data:`POSITION_RULES`) for the first rule broken.
    """
    s = state
    hs = s.hs
    n = s.players
    S = s._S

    def bad(rule, msg):
        raise PositionError(msg, rule=rule)

    # rule 3: phase, turn and round consistency
    if s.phase not in PHASES:
        bad(3, f"unknown phase {s.phase!r}")
    if sorted(s.ring) != sorted(LOCATIONS):
        bad(3, "the ring must hold the 7 locations once each")
    if not 0 <= s.start_player < n:
        bad(3, "bad start player")
    if s.phase == "over":
        if s.current is not None:
            bad(3, "no current player once the game is over")
    else:
        if s.current is None or not 0 <= s.current < n:
            bad(3, "bad current player")
        if s.phase in ("roles", "draw", "planning", "final_storage"):
            if not s.queue or s.queue[0] != s.current or len(set(s.queue)) != len(s.queue) \
                    or any(not 0 <= q < n for q in s.queue):
                bad(3, "the queue must start with the current player")
        if s.phase == "actions" and s.ps[s.current].passed:
            bad(3, "the current player has passed")
    if (s.trigger is None) != (s.final_round is None) or (s.trigger is None) != (s.trigger_round is None):
        bad(3, "trigger, trigger_round and final_round go together")
    if s.trigger is not None:
        if s.final_round != s.trigger_round + 1:
            bad(3, "exactly one more round follows the trigger (§21.10)")
        if s.round > s.final_round:
            bad(3, "the game went past its final round (§21.10)")
    for i, p in enumerate(s.ps):
        if p.pending_return and not (s.phase == "draw" and s.current == i):
            bad(3, "a draw-control return is pending outside its draw step")
        if p.store_left and s.phase != "final_storage":
            bad(3, "final storage left outside the final storage phase")
        if p.pawn is not None and p.pawn not in LOCATIONS:
            bad(3, f"bad pawn location {p.pawn!r}")
    # rule 12: roles
    roles = [p.role for p in s.ps]
    if s.phase == "roles":
        if any(r is not None and r not in hs.roles for r in roles):
            bad(12, "unknown role")
        chosen = [r for r in roles if r is not None]
        if sorted(chosen + list(s.roles_left)) != sorted(hs.role_ids):
            bad(12, "roles chosen and left must be the 7 roles")
    elif any(r not in hs.roles for r in roles) or len(set(roles)) != n:
        bad(12, "every player needs a distinct role")
    # rule 4/5: goods
    totals = hs.supply(n)["goods"]
    count = dict(s.supply)
    count["corn"] = count.get("corn", 0) + s.lost_corn

    def add(g, k=1):
        count[g] = count.get(g, 0) + k

    for p in s.ps:
        for d in (p.bag, p.crate, p.planning):
            if d.get("corn"):
                bad(5, "corn in a bag, crate or planning space (§21.4)")
            for g, k in d.items():
                add(g, k)
        for sid, (goods, c, fg, fc) in p.src.items():
            for g in goods + fg:
                if g == "corn":
                    bad(5, "corn on an action space (§21.4)")
                add(g)
        for row in p.wh:
            for g in row:
                add(g)
        for o in p.done_orders:
            if o in hs.orders:
                for g in hs.orders[o][0]:
                    add(g)
        if p.order is not None:
            for g in p.order[1]:
                add(g)
    for g in hs.goods:
        if count.get(g, 0) != totals.get(g, 0):
            bad(4, f"{g} not conserved: {count.get(g, 0)} != {totals.get(g, 0)} (§21.1)")
    if any(v < 0 for v in s.supply.values()):
        bad(4, "negative supply")
    # rule 6: carts
    table = hs.supply(n)
    if s.carts + sum(p.carts for p in s.ps) != table["carts"] or s.carts < 0:
        bad(6, "carts not conserved")
    for p in s.ps:
        if not 1 <= p.carts <= hs.cart_slots:
            bad(6, "a player owns 1 to 4 carts (§21.5)")
        if p.carts_used > p.carts:
            bad(6, "more carts used than owned")
    # rule 7: orders
    all_orders = list(s.orders) + list(s.removed)
    for p in s.ps:
        all_orders += list(p.done_orders)
        if p.order is not None:
            all_orders.append(p.order[0])
    if sorted(all_orders) != sorted(hs.order_ids):
        bad(7, "the 16 orders must each be in exactly one place")
    if len(s.removed) != len(hs.order_ids) - table["orders"]:
        bad(7, "wrong number of removed orders")
    for p in s.ps:
        if p.order is not None:
            need = list(hs.orders[p.order[0]][0])
            for g in p.order[1]:
                if g not in need:
                    bad(7, "goods delivered that the order does not need")
                need.remove(g)
            if not need:
                bad(7, "a complete order is still open")
    # rule 8: action spaces
    pay_coin = s.options["coin_can_pay_movement"]
    for i, p in enumerate(s.ps):
        own = set(hs.loc_ids) | {"move"} | set(p.ext_ids())
        if p.role:
            own.add(p.role)
        for sid, (goods, c, fg, fc) in p.src.items():
            if sid not in own:
                bad(8, f"goods on a source the player does not have: {sid!r}")
            src = S[sid]
            if c < 0 or fc < 0:
                bad(10, "negative coins on a space")
            if (fg or fc) and s.phase != "planning":
                bad(8, "fresh placements outside planning")
            allg = hs.canon(goods + fg)
            used = len(allg) + (c + fc if sid == "move" else 0)
            if used > src.spaces or allg not in src.partial:
                bad(8, f"goods on {sid} break its spaces (§21.8)")
            if sid == "move":
                if (c or fc) and not pay_coin:
                    bad(8, "coins on movement spaces")
            elif c + fc > src.coin_spaces:
                bad(8, f"too many coins on {sid}")
        if _count(p.planning) > _unlocked(s, p) + (1 if p.pending_return else 0):
            bad(8, "more goods than open planning spaces")
    # rule 9: warehouse
    unique = s.options["unique_type_per_row"]
    for p in s.ps:
        if len(p.wh) > hs.wh_rows:
            bad(9, "too many warehouse rows")
        types = []
        for row in p.wh:
            if not row or len(row) > hs.wh_len or "food" in row:
                bad(9, "bad warehouse row")
            kinds = {g for g in row if g != "corn"}
            if len(kinds) > 1:
                bad(9, "two types in one warehouse row (§21.9)")
            types += list(kinds)
        if unique and len(types) != len(set(types)):
            bad(9, "a type in two rows with unique_type_per_row")
    # rule 10: coins
    if any(p.coins < 0 for p in s.ps):
        bad(10, "negative coins")
    # rule 11: extensions, display, cards
    in_play = [e for e, x in hs.extensions.items() if x["min_players"] <= n]
    where = list(s.pile) + [e for e in s.display if e is not None] + list(s.gone)
    for p in s.ps:
        where += list(p.ext_ids())
    if sorted(where) != sorted(in_play):
        bad(11, "every extension in play must be in exactly one place")
    if len(s.display) != hs.slots:
        bad(11, "the display has 5 slots")
    for p in s.ps:
        sigs = [S[e].signature for e in p.ext_ids()]
        if len(set(sigs)) != len(sigs) or (p.role in hs.roles and S[p.role].signature in sigs):
            bad(11, "duplicate extension or one equal to the role (§13.1)")
        this_round = sum(1 for _e, r in p.exts if r == s.round)
        if this_round > 1 or (this_round == 1) != p.ext_bought or any(r > s.round for _e, r in p.exts):
            bad(11, "at most one extension per round (§21.6)")
    if sorted(list(s.houses) + [h for p in s.ps for h in p.houses]) != sorted(hs.houses_for(len(s.ps))):
        bad(11, "house cards not conserved")
    if sorted(list(s.boats) + [b for p in s.ps for b in p.boats]) != sorted(hs.boats_for(len(s.ps))):
        bad(11, "boat cards not conserved")
    for p in s.ps:
        if not 0 <= p.road <= len(hs.track):
            bad(11, "bad road position")


to_record, replay = core.records_for(INFO, new_game, apply, from_position, unnamed=UNNAMED)


def scene_facts(state) -> dict:
    """Altiplano's facts for scenes (:func:`altibox.core.scenes.facts`): ``"phase"``,
    ``"round"``, and per seat Q (from the position, spec §5): ``"planning:Q"``, ``"crate:Q"``
    (``{good: count}``), ``"pawn:Q"`` (a location or None), ``"carts_used:Q"``, ``"coins:Q"``,
    ``"order:Q"`` (the open order's id or None), ``"orders_done:Q"``, ``"warehouse:Q"`` (rows,
    each a list of goods), ``"road:Q"`` and ``"sources:Q"`` (``{source id: sorted goods}``)."""
    d = json.loads(to_position(state))
    out = {"phase": d["phase"], "round": d["round"]}
    for q, x in enumerate(d["seats"]):
        out[f"planning:{q}"] = x["planning"]
        out[f"crate:{q}"] = x["crate"]
        out[f"pawn:{q}"] = x["pawn"]
        out[f"carts_used:{q}"] = x["carts_used"]
        out[f"coins:{q}"] = x["coins"]
        out[f"order:{q}"] = x["order"]["id"] if x["order"] else None
        out[f"orders_done:{q}"] = len(x["completed_orders"])
        out[f"warehouse:{q}"] = x["warehouse"]
        out[f"road:{q}"] = x["road"]
        out[f"sources:{q}"] = {sid: sorted(e["goods"] + e["fresh"]) for sid, e in x["sources"].items()}
    return out
