"""Altiplano in words: every text a person reads about the game (shared/rules/altiplano.md).

Pure functions of a state or a view; nothing here touches the DOM. The names are the rulebook's
(spec §2): goods, the seven locations, roles, extensions, orders, the crate, the bag, the
warehouse, the road track. A player's name comes from ``names`` (a list indexed by seat, e.g.
the page's player names); ``None`` or a missing entry falls back to the rules' seat name
(``"Player 1"`` … ``"Player 5"``).

* :func:`describe` — one move in words for the log (``public=True``: the words every player may
  read, which keep this round's planning placements secret, spec §19).
* :func:`prompt` — whose step it is and what to do.
* :func:`explain` — who won and why (the coin tie-break shown).
* :func:`scoreboard` — the box's score pad, per player.
* :func:`round_banner` — round, phase, start player, the final round and why (from a view).
* :func:`why_not` — why a click on a board cell plays nothing; :func:`public_position` — the
  position text every player may see (``data-position``).
* Names and tooltips of goods, locations, roles and extensions (what each does, from the house
  set): :func:`good_name`, :func:`good_tip`, :func:`location_name`, :func:`location_tip`,
  :func:`role_name`, :func:`role_tip`, :func:`extension_tip`, :func:`order_tip`,
  :func:`recipe_words`.
* The table's words, for ``render.py`` (from a view's seat, never a state): the options of a
  choice (:func:`option_words`, :func:`option_short`, :func:`choice_title`), the hint above the
  buttons (:func:`board_hint`), the buttons (:func:`button_words`), what a source does
  (:func:`source_title`, :func:`source_words`, :data:`PASSIVE_SHORT`) and what a move costs
  (:func:`move_cost`, :func:`cart_cost_words`).
"""

from __future__ import annotations

import json
from typing import Any

from altibox.core import Outcome

from . import data as _data
from .rules import (
    OPTIONS, PLAYERS, Move, State, _has_passive, _legal, _unlocked, action_turn, house_set_name, legal_moves,
    outcome as _outcome, owned_goods, parse_move, score_breakdown, seat_name, unscored_order_goods,
    view as _view,
)

# ----------------------------------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------------------------------

#: Display names of the locations (spec §2; the seed's "Port" is the Harbor).
LOCATION_NAMES = {"harbor": "Harbor", "farm": "Farm", "forest": "Forest", "mine": "Mine",
                  "road": "Road", "market": "Market", "village": "Village"}

#: Display names of the roles (spec §2; the seed's "lumberjack" / "merchant").
ROLE_NAMES = {"woodcutter": "Woodcutter", "fisherman": "Fisherman", "shepherd": "Shepherd",
              "miner": "Miner", "farmer": "Farmer", "trader": "Trader",
              "stonemason": "Stonemason"}

#: Phase names as the rulebook's round overview says them (spec §19).
PHASE_NAMES = {"roles": "Choosing roles", "draw": "Draw", "planning": "Planning",
               "actions": "Actions", "final_storage": "Final storage", "over": "Game over"}

_STOCK_WORDS = {"houses": "houses", "boats": "boats", "carts": "carts", "orders": "orders"}


def _stock_count(item: str, k: int) -> str:
    """``k`` of a location's stock item in words, singular for one: ``"1 cart"``, ``"2 houses"``,
    ``"1 fish"`` (goods names are uncounted)."""
    word = _STOCK_WORDS.get(item, item)
    return f"{k} {word[:-1] if k == 1 and item in _STOCK_WORDS else word}"


def coin_words(n: int) -> str:
    """``n`` coins in words, singular for one: ``"1 coin"``, ``"3 coins"``."""
    return f"{n} coin" if n == 1 else f"{n} coins"


def good_name(good: str) -> str:
    """The name of a good id (``"cloth"`` -> ``"cloth"``; ``"*"`` -> ``"any good but food"``;
    ``"coin"`` -> ``"coin"``). Goods names are used uncounted: "2 wood", "3 fish"."""
    if good == "*":
        return "any good but food"
    return str(good)


def location_name(loc: str) -> str:
    """``"harbor"`` -> ``"Harbor"``; unknown ids come back unchanged."""
    return LOCATION_NAMES.get(loc, str(loc))


def role_name(role: str | None) -> str:
    """``"trader"`` -> ``"Trader"``; ``None`` -> ``"no role yet"``."""
    if role is None:
        return "no role yet"
    return ROLE_NAMES.get(role, str(role).capitalize())


def _names(state_or_n: Any, names: list | None) -> list[str]:
    n = state_or_n if isinstance(state_or_n, int) else state_or_n.players
    out = []
    for i in range(n):
        given = names[i] if names is not None and i < len(names) else None
        given = str(given).strip() if given is not None else ""
        out.append(given or f"Player {i + 1}")
    return out


def player_name(state: State, player: int, names: list | None = None) -> str:
    """``names[player]`` when given and not blank, else the rules' seat name."""
    if names is not None and 0 <= player < len(names) and str(names[player] or "").strip():
        return str(names[player]).strip()
    return seat_name(state, player)


def _join(items: list[str], word: str = "and") -> str:
    items = [str(x) for x in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _hs(options: dict | None = None) -> _data.HouseSet:
    return _data.load(house_set_name(options))


def _mode(options: dict | None = None) -> str:
    return (options or {}).get("forest_cacao_mode", OPTIONS["forest_cacao_mode"][1])


# ----------------------------------------------------------------------------------------------
# Recipes and tooltips (from the house set, spec §9, §10, §13, §18)
# ----------------------------------------------------------------------------------------------

def _goods_words(goods) -> str:
    counts: dict = {}
    for g in sorted(goods, key=lambda g: g == "food"):  # food last: "alpaca + food"
        counts[g] = counts.get(g, 0) + 1
    return " + ".join((f"{n} {good_name(g)}" if n > 1 else good_name(g)) for g, n in counts.items())


def recipe_words(recipe: _data.Recipe, hs: _data.HouseSet | None = None) -> str:
    """One recipe in words, inputs then ``→`` then the effect (spec §7), e.g.
    ``"alpaca + food → wool"``, ``"cacao → food, cloth or glass (your choice)"``,
    ``"2 coins → glass"``, ``"2 stone → a house card"``, ``"1 good but food → warehouse"``.
    Card points come from ``hs``, the game's house set (default: the default version)."""
    r = recipe
    hs = hs or _hs()
    if r.ins:
        ins = _goods_words(r.ins)
        if r.store:
            n = len(r.ins)
            ins = f"{n} good{'s' if n > 1 else ''} (not food)"
    else:
        ins = f"{r.coins_in} coin{'s' if r.coins_in != 1 else ''} placed in planning"
    if r.gain:
        out = _goods_words(r.gain)
    elif r.choose:
        out = _join([good_name(g) for g in r.choose], "or") + " (your choice)"
    elif r.coins:
        out = coin_words(r.coins)
    elif r.road:
        out = "1 step down the road track"
    elif r.card == "house":
        out = f"a house card ({hs.house_vp} VP + {hs.bonus_vp} VP per good of its type)"
    elif r.card == "boat":
        out = f"a boat card ({hs.boat_vp} VP + its good)"
    elif r.store:
        out = "your warehouse"
    else:  # pragma: no cover - every house-set recipe has an effect
        out = "nothing"
    return f"{ins} \u2192 {out}"


def good_tip(good: str, options: dict | None = None) -> str:
    """A good's tooltip: its end value, its Market price and where it is made (H4, H5, §9).

    E.g. ``"wool: 3 VP at the end; sells for 1 coin at the Market; made at the Farm, extension
    B1 and extension D3."``
    """
    hs = _hs(options)
    if good == "coin":
        return ("coin: pays for orders, extensions and carts; worth no VP, but breaks a tie "
                "at the end")
    parts = [f"{good_name(good)}: {hs.values.get(good, 0)} VP at the end"]
    if good == "food":
        parts.append("pays for movement and feeds most recipes; cannot be sold at the Market "
                     "and is never stored in the warehouse")
    elif good == "corn":
        parts.append("never in your bag: gained on the road track and for completed orders, "
                     "and stored in your warehouse at once")
    if good in hs.prices:
        p = hs.prices[good]
        parts.append(f"sells for {p} coin{'s' if p != 1 else ''} at the Market")
    where = []
    for sid, src in hs.sources(_mode(options)).items():
        if any(good in r.gain or good in r.choose for r in src.recipes):
            if src.kind == "location":
                where.append(f"the {location_name(sid)}")
            elif src.kind == "role":
                where.append(f"the {role_name(sid)}'s role tile")
            else:
                where.append(f"extension {sid}")
    if where:
        parts.append("made at " + _join(where[:5]))
    return "; ".join(parts) + "."


def _prices_words(hs: _data.HouseSet) -> str:
    """The Market's sale prices (H5), e.g. ``"silver 3, glass 2, any other good 1 coin; food
    cannot be sold"`` (spec §9.3, H3: a Market space holds one non-food good)."""
    prices = list(hs.prices.values())
    common = max(sorted(set(prices)), key=prices.count)
    special = sorted(((p, g) for g, p in hs.prices.items() if p != common),
                     key=lambda pg: (-pg[0], hs.order[pg[1]]))
    unit = "coin" if common == 1 else "coins"
    if not special:
        return f"each {common} {unit}; {NO_FOOD_SALE}"
    return (", ".join(f"{g} {p}" for p, g in special)
            + f", any other good {common} {unit}; {NO_FOOD_SALE}")


#: Food on the Market (spec §9.3, H3: each Market space holds one non-food good).
NO_FOOD_SALE = "food cannot be sold"

#: Why a food cannot go on a Market space (spec §9.3, H3), said where it is planned.
NO_FOOD_MARKET = ("The Market takes no food: food cannot be sold or delivered (each Market "
                  "space holds one non-food good). Food pays for recipes and for movement.")

#: Why a food cannot go on a Village storage space (spec §9.2, §11: food cannot be stored).
NO_FOOD_STORE = ("The Village stores no food: food is never stored in the warehouse. Food pays "
                 "for recipes and for movement.")


def _location_recipes(loc: str, options: dict | None = None) -> list[str]:
    hs = _hs(options)
    src = hs.sources(_mode(options))[loc]
    lines = []
    if src.kind == "market":
        lines.append(f"each space takes one non-food good, sold ({_prices_words(hs)}) or "
                     "delivered to your open order")
        lines.append(f"take an order for {hs.order_price} coin (one open order at a time)")
        lines.append("buy an extension for its price + the display surcharge (one a round)")
        return lines
    for r in src.recipes:
        lines.append(recipe_words(r, hs))
    if loc == "village":
        lines.append(f"buy a cart for {hs.cart_price} coin (one a round, at most "
                     f"{hs.cart_slots} carts)")
    return lines


def location_tip(loc: str, options: dict | None = None) -> str:
    """A location's tooltip: its action spaces, what they do and what it stocks (§4, §9, H3).

    E.g. ``"Farm (2 action spaces): alpaca → food; alpaca + food → wool; wool + food → cloth.
    Stock: alpaca, wool, cloth."``
    """
    hs = _hs(options)
    spaces = hs.locations[loc]["spaces"]
    stock = [_STOCK_WORDS.get(x, x) for x in hs.locations[loc]["stock"]]
    return (f"{location_name(loc)} ({spaces} action spaces): "
            + "; ".join(_location_recipes(loc, options)) + ". Stock: " + ", ".join(stock) + ".")


def role_tip(role: str, options: dict | None = None, players: int | None = None) -> str:
    """A role's tooltip: location, recipe, starting goods and coins (spec §10, H2).

    ``players`` (2–5) gives that game's start where the house set's H1 row changes it (house
    set 10 on); without it the role's own start is given, followed by each player count that
    changes it, e.g. ``"… 2 coins (in a 2-player game: 1 coin)."``.
    """
    hs = _hs(options)
    r = hs.roles[role]
    src = hs.sources(_mode(options))[role]

    def start_words(start: dict | None, coins: int | None, sep: str = "; ") -> str:
        """``"glass + alpaca + 2 food; 2 coins"``, leaving out a part given as None."""
        said = [_goods_words([g for g, n in start.items() for _ in range(n)]) if start else None,
                coin_words(int(coins)) if coins is not None else None]
        return sep.join(w for w in said if w)

    if players is not None:
        said = start_words(hs.role_start(role, players), hs.role_coins(role, players))
    else:
        said = start_words(r["start"], int(r.get("coins", 0)))
        changed = [f"in a {n}-player game: " + start_words(over.get("start"), over.get("coins"), ", ")
                   for n, over in hs.role_overrides(role).items()]
        if changed:
            said += " (" + "; ".join(changed) + ")"
    return (f"{role_name(role)} (role, at the {location_name(r['location'])}, 1 action space): "
            + "; ".join(recipe_words(x, hs) for x in src.recipes)
            + f". Starting goods: {said}.")


_PASSIVE = {
    "final_storage": "final storage: after the last round, store up to {n} goods you own in "
                     "your warehouse",
    "draw_control": "draw control: in each Draw, draw {n} extra good, then put 1 good of your "
                    "choice back into the bag",
    "extra_cart": "one free extra cart move (up to 3 steps) each round",
}


def extension_effect(eid: str, options: dict | None = None) -> str:
    """What an extension does, in words (H9), e.g. ``"fish → cacao"``."""
    hs = _hs(options)
    e = hs.extensions[eid]
    if e.get("passive"):
        return _PASSIVE[e["passive"]].format(n=e.get("amount", 1))
    src = hs.sources(_mode(options))[eid]
    return "; ".join(recipe_words(r, hs) for r in src.recipes)


def extension_tip(eid: str, options: dict | None = None, price: int | None = None) -> str:
    """An extension's tooltip: letter, location, spaces, effect and price (spec §13, H8, H9).

    ``price`` is the price on the display (printed price + slot surcharge) when it lies there.
    """
    hs = _hs(options)
    e = hs.extensions[eid]
    spaces = int(e.get("spaces", 0))
    coin_spaces = int(e.get("coin_spaces", 0))
    room = []
    if spaces:
        room.append(f"{spaces} action space{'s' if spaces > 1 else ''}")
    if coin_spaces:
        room.append(f"{coin_spaces} coin space{'s' if coin_spaces > 1 else ''}")
    where = f"at the {location_name(e['location'])}"
    mark = f", {e['min_players']}+ players" if e.get("min_players", 2) > 2 else ""
    cost = hs.ext_price(eid)
    price_words = (f"costs {coin_words(price)} ({cost} printed + {price - cost} surcharge)"
                   if price is not None else f"printed price {coin_words(cost)}")
    return (f"Extension {eid} (letter {e['letter']}{mark}, {where}"
            + (", " + ", ".join(room) if room else "") + f"): {extension_effect(eid, options)}; "
            + price_words + ".")


def order_tip(oid: str, delivered: list | None = None, options: dict | None = None) -> str:
    """An order's tooltip: the goods it needs, its VP and what is still missing (spec §14)."""
    hs = _hs(options)
    goods, vp = hs.orders[oid]
    text = f"Order {oid}: deliver {_goods_words(goods)} at the Market for {vp} VP"
    if delivered:
        need = list(goods)
        for g in delivered:
            if g in need:
                need.remove(g)
        text += (f"; delivered {_goods_words(delivered)}, still needs "
                 f"{_goods_words(need) or 'nothing'}")
    return text + "."


def trigger_words(trigger: str | None, options: dict | None = None) -> str:
    """Why the end was triggered (spec §15): ``"empty:harbor"`` -> ``"the Harbor is empty (no
    fish and no boats left)"``; ``"display"`` -> ``"the extension display could not be
    refilled"``; ``None`` -> ``""``."""
    if not trigger:
        return ""
    if trigger == "display":
        return "the extension display could not be refilled"
    if trigger.startswith("empty:"):
        loc = trigger[6:]
        hs = _hs(options)
        stock = [_STOCK_WORDS.get(x, x) for x in hs.locations.get(loc, {}).get("stock", [])]
        return (f"the {location_name(loc)} is empty ({_join(['no ' + x for x in stock])} left)"
                if stock else f"the {location_name(loc)} is empty")
    return str(trigger)


#: a location with at most this many goods and cards left is said to be near empty
NEAR_EMPTY = 3


def _stock_left(view: dict, item: str) -> int:
    if item in ("houses", "boats", "orders"):
        return len(view.get(item) or [])
    if item == "carts":
        return int(view.get("carts") or 0)
    return int((view.get("supply") or {}).get(item, 0))


def end_warning(view: dict) -> str:
    """A warning before the end is triggered (spec §15), from a view, or ``""``.

    The end comes with (a) a location of ``empty_trigger_locations`` whose every good and card
    is gone — a location with one kind at 0 but others left is not empty — and (b) a display
    slot that cannot be refilled at the end of a round (§13.3: each round the display takes at
    least one tile from the pile: the cheapest tile leaves when nobody bought, else the bought
    ones are replaced). It warns:

    - of an empty location the rules have not yet seen (the next action triggers the end);
    - of locations with at most :data:`NEAR_EMPTY` goods and cards left, e.g. ``"Near the end:
      the Harbor has 2 left (2 fish). An empty location (every good and card of it gone) ends
      the game after this round and one more."``;
    - of an extension pile that leaves the last round at most two rounds away, naming it (at the
      latest: buying extensions brings it sooner).

    Nothing once the end is triggered (the banner says so then).
    """
    if view.get("final_round") is not None or view.get("phase") == "over":
        return ""
    opts = view.get("options") or {}
    hs = _hs(opts)
    locs = opts.get("empty_trigger_locations", OPTIONS["empty_trigger_locations"][1])
    low, empty = [], []
    for loc in view.get("ring") or []:
        if loc not in locs:
            continue
        items = [(x, _stock_left(view, x)) for x in hs.locations[loc]["stock"]]
        n = sum(k for _x, k in items)
        if n == 0:
            empty.append(f"the {location_name(loc)}")
        elif n <= NEAR_EMPTY:
            what = ", ".join(_stock_count(x, k) for x, k in items if k)
            low.append(f"the {location_name(loc)} has {n} left ({what})")
    if empty:
        return (f"The end is near: {_join(empty)} {'is' if len(empty) == 1 else 'are'} empty "
                "(every good and card of it gone): the next action triggers the end, then this "
                "round and one more are played.")
    if low:
        return (f"Near the end: {_join(low)}. An empty location (every good and card of it "
                "gone) ends the game after this round and one more.")
    pile = int((view.get("pile") or {}).get("count", 0))
    rnd = int(view.get("round") or 1)
    need = max(1, sum(1 for x in view.get("display") or [] if x is None))
    tiles = f"{pile} tile{'s' if pile != 1 else ''}"
    if pile < need:
        return (f"Near the end: the extension pile has {tiles} left, too few to refill the "
                f"display after this round, so round {rnd + 1} is the last.")
    if pile - need <= 0:
        return (f"Near the end: the extension pile has {tiles} left and each round takes at "
                f"least one to refill the display: round {rnd + 2} is the last at the latest "
                "(sooner if extensions are bought).")
    return ""


# ----------------------------------------------------------------------------------------------
# Moves in words (for the log)
# ----------------------------------------------------------------------------------------------

def _src_words(state: State, sid: str) -> str:
    if sid in LOCATION_NAMES:
        return f"the {LOCATION_NAMES[sid]}"
    if sid == "move":
        return "the movement spaces"
    if sid in state.hs.roles:
        return f"the {role_name(sid)} tile"
    return f"extension {sid}"


_SECRET = ("place", "coin", "unplace", "uncoin")


def is_secret(state: State, move: Move | str) -> bool:
    """True when ``move`` (legal in ``state``) is a planning placement — placing or taking
    back a good or coin during Planning. Other players may not learn it before the Actions
    phase begins (spec §19, hot-seat play); :func:`describe` with ``public=True`` hides it."""
    if state.phase != "planning":
        return False
    op = _legal(state).get(parse_move(move).text)
    return op is not None and op[0] in _SECRET


def describe(state: State, move: Move | str, names: list | None = None,
             public: bool = False) -> str:
    """Readable words for ``move`` played in ``state`` (for a game log), e.g.
    ``"Anna places alpaca on the Farm"`` or ``"Player 1 uses the Farm: food + alpaca -> gains
    wool"``.

    Args:
        names: player names by seat; ``None`` -> the rules' seat names.
        public: give only what every player may read now: a planning placement reads
            ``"Anna plans (secret until the Actions phase)"`` (spec §19).

    Raises:
        ValueError: malformed notation (an illegal move is still described from its text).
    """
    text = parse_move(move).text
    who = (player_name(state, state.current, names) if state.current is not None
           and state.phase != "over" else "Nobody")
    op = _legal(state).get(text) if state.phase != "over" else None
    if op is None:
        return f"{who}: {text}"
    kind = op[0]
    if public and state.phase == "planning" and kind in _SECRET:
        return secret_plan_words(who)
    hs = state.hs
    if kind == "role":
        return f"{who} chooses the {role_name(op[1])} role"
    if kind == "place":
        return f"{who} places {op[1]} on {_src_words(state, op[2])}"
    if kind == "coin":
        return f"{who} places a coin on {_src_words(state, op[1])}"
    if kind == "unplace":
        return f"{who} takes {op[1]} from {_src_words(state, op[2])} back to a planning space"
    if kind == "uncoin":
        return f"{who} takes a coin back from {_src_words(state, op[1])}"
    if kind == "draw":
        return f"{who} draws goods from the bag"
    if kind == "bag":
        return f"{who} returns {op[1]} to the bag"
    if kind == "done":
        return f"{who} is done" + (" planning" if state.phase == "planning" else "")
    if kind == "fstore":
        return f"{who} stores {op[1]} in warehouse row {op[2] + 1} (final storage)"
    if kind == "pawn":
        return f"{who} puts the pawn on the {location_name(op[1])}"
    if kind == "go":
        return f"{who} moves by cart to the {location_name(op[1])}{cart_cost(state)}"
    if kind == "step":
        return f"{who} steps to the {location_name(op[1])} for 1 food"
    if kind == "end":
        return f"{who} ends the turn"
    if kind == "pass":
        return f"{who} passes"
    if kind == "sell":
        return f"{who} sells {op[1]} for {coin_words(hs.prices[op[1]])}"
    if kind == "deliver":
        oid = state.ps[state.current].order[0]
        done = _completes(state, op[1])
        extra = ""
        if done:
            extra = (f" and completes it ({hs.orders[oid][1]} VP"
                     + (f", corn to warehouse row {op[2] + 1}" if op[2] is not None else "") + ")")
        return f"{who} delivers {op[1]} to order {oid}{extra}"
    if kind == "order":
        return f"{who} takes order {op[1]} for {hs.order_price} coin"
    if kind == "buy":
        return f"{who} buys extension {op[1]} for {coin_words(op[3])}"
    if kind == "cart":
        return f"{who} buys a cart for {hs.cart_price} coin"
    if kind == "run":
        _, sid, ri, arg = op
        r = state._S[sid].recipes[ri]
        goods = state.ps[state.current].src[sid][0]
        ins = _goods_words(goods) if goods else coin_words(r.coins_in)
        at = _src_words(state, sid)
        if r.gain:
            res = "gains " + " + ".join(r.gain)
        elif r.choose:
            res = f"gains {arg}"
        elif r.coins:
            res = f"gains {coin_words(r.coins)}"
        elif r.road:
            res = "builds a road" + (f" (corn to row {arg + 1})" if arg is not None else "")
        elif r.card:
            res = f"takes the {arg} {r.card}" if arg else f"takes no {r.card} (none left)"
        else:
            res = "stores " + ", ".join(f"{g} in row {x + 1}" for g, x in zip(goods, arg))
        return f"{who} uses {at}: {ins} \u2192 {res}"
    return f"{who}: {text}"  # pragma: no cover


def cart_cost(state: State) -> str:
    """What the next cart move of the player to act costs, as a suffix for words (spec §8):
    ``""`` (the free cart), ``" (free extra cart move, D7)"`` or ``" (1 food)"``."""
    p = state.ps[state.current]
    if p.carts_used == 0:
        return ""
    if not p.d7_used and _has_passive(state, p, "extra_cart"):
        return " (free extra cart move, D7)"
    return " (1 food)"


def _completes(state: State, good: str) -> bool:
    p = state.ps[state.current]
    if p.order is None:
        return False
    need = list(state.hs.orders[p.order[0]][0])
    for g in p.order[1]:
        need.remove(g)
    return need == [good]


# ----------------------------------------------------------------------------------------------
# Prompt, result, score pad, banner
# ----------------------------------------------------------------------------------------------

def prompt(state: State, names: list | None = None) -> str:
    """Whose step it is and what to do, in words (``""`` once the game is over), e.g.
    ``"Anna: draw 4 goods from your bag"``, ``"Anna plans: place goods on action spaces, then
    Done"``, ``"Tim's turn: move your pawn or act at the Mine"``."""
    if state.phase == "over" or state.current is None:
        return ""
    i = state.current
    who = player_name(state, i, names)
    p = state.ps[i]
    ph = state.phase
    if ph == "roles":
        return f"{who}: choose your role ({len(state.roles_left)} left)"
    if ph == "draw":
        if p.pending_return:
            return f"{who}: put 1 good back into your bag (draw control)"
        n = max(0, _unlocked(state, p) - sum(p.planning.values()))
        back = any(m.text != "draw" for m in legal_moves(state))
        first = " (you may take goods back now; after the Draw they stay put)" if back else ""
        if n == 0:
            return f"{who}: your planning spaces are full, nothing to draw: Draw goes on{first}"
        have = sum(p.bag.values()) + sum(p.crate.values())
        if have < n:  # the rest wait on action spaces (spec §6.1: the bag refills from the crate only)
            left = "nothing" if have == 0 else f"only {have}"
            placed = sum(len(e[0]) + len(e[2]) for e in p.src.values() if e)
            rest = ("the others" if have else "your goods") + (
                " wait on action spaces until you take them back" if placed else
                " are stored in your warehouse or delivered to orders: they do not come back")
            return f"{who}: draw {n} good{'s' if n != 1 else ''} — {left} in your bag and crate: {rest}{first}"
        return f"{who}: draw {n} good{'s' if n != 1 else ''} from your bag{first}"
    if ph == "planning":
        return f"{who} plans: place goods on action spaces, then Done"
    if ph == "final_storage":
        return (f"{who}: final storage \u2014 store up to {p.store_left} good"
                f"{'s' if p.store_left != 1 else ''} in your warehouse, then Done")
    # actions
    return f"{who}'s turn: {turn_rule(action_turn(state))}"


def turn_rule(turn: dict | None) -> str:
    """What the player to act may do now in the Actions phase and why not the rest (spec §6.3,
    §8: one location's actions a turn; moving is free before and after acting, but after
    acting, moving on ends this turn's actions), said before it costs an action. ``turn`` is
    ``rules.action_turn(state)`` (a view's ``"turn"``); ``""`` for ``None``.

    >>> turn_rule({"here": "farm", "acted": "farm", "moved_after": True, "may_act": False,
    ...            "may_move": True, "may_end": True})
    'you acted at the Farm this turn: move on now and act there next turn, or end your turn'
    >>> turn_rule({"here": "mine", "acted": None, "may_act": True, "may_move": False})
    'act at the Mine now, or pass (you cannot move on from here now)'
    """
    if not turn:
        return ""
    here, acted = turn.get("here"), turn.get("acted")
    if here is None:
        return "put your pawn on any location (free) and act there, or pass"
    at = location_name(here)
    if acted is not None:
        did = f"you acted at the {location_name(acted)} this turn"
        if here != acted:
            then = "move on now, or end your turn" if turn.get("may_move") else "end your turn"
            return f"{did}: act at the {at} next turn; {then}"
        if turn.get("may_act") and not turn.get("may_move"):  # issue 22: no "move on" then
            return f"{did}: act again here, or end your turn"
        if turn.get("may_act"):
            return (f"{did}: act again here, or move on now and act there next turn, or end "
                    "your turn")
        if turn.get("may_move"):
            return f"{did}: move on now and act there next turn, or end your turn"
        return f"{did}: end your turn"
    if turn.get("may_act") and not turn.get("may_move"):  # issue 22: no "move first" then
        return f"act at the {at} now, or pass (you cannot move on from here now)"
    if turn.get("may_act"):
        return f"act at the {at} now, or move first: a turn is one location's actions"
    if turn.get("may_move"):
        return f"nothing is ready at the {at}: move to a location with a ready action, or pass"
    return f"nothing is ready at the {at} and you cannot move: pass"


def explain(state: State, outcome: Outcome | None = None, names: list | None = None) -> str:
    """Who won and why, in words (spec §16); ``""`` while the game runs.

    ``"Anna wins with 43 points."``; a VP tie broken by coins:
    ``"Anna and Tim are tied on 43 points; Anna wins the tie-break with 9 coins (Tim: 4)."``;
    tied on both: ``"Anna and Tim are tied on 43 points and 9 coins and share the win."``
    """
    out = outcome or _outcome(state)
    if out is None:
        return ""
    nm = [player_name(state, i, names) for i in range(state.players)]
    best = max(out.scores)
    top = [i for i in range(state.players) if out.scores[i] == best]
    pts = f"{best} point{'s' if best != 1 else ''}"
    if out.reason == "score" or len(top) == 1:
        w = out.winners[0]
        return f"{nm[w]} wins with {pts}."
    coins = [out.breakdown[i]["coins"] if out.breakdown else 0 for i in range(state.players)]
    tied = _join([nm[i] for i in top])
    if out.reason == "coins":
        w = out.winners[0]
        others = "; ".join(f"{nm[i]}: {coins[i]}" for i in top if i != w)
        return (f"{tied} are tied on {pts}; {nm[w]} wins the tie-break with "
                f"{coins[w]} coin{'s' if coins[w] != 1 else ''} ({others}).")
    most = coins[out.winners[0]]
    cw = f"{most} coin{'s' if most != 1 else ''}"
    if len(out.winners) == len(top):
        return f"{tied} are tied on {pts} and {cw} and share the win."
    rest = "; ".join(f"{nm[i]}: {coins[i]}" for i in top if i not in out.winners)
    return (f"{tied} are tied on {pts}; {_join([nm[i] for i in out.winners])} have the most "
            f"coins ({most}) and share the win ({rest}).")


def scoreboard(state: State) -> list[dict[str, Any]]:
    """The score pad as in the box (spec §16), per player: ``{"total", "coins", "parts":
    [{"key", "label", "count", "points", "each"?, "goods"?}]}``.

    Rows: goods by value (one row per value 0–4: ``goods`` lists the types, ``count`` how many
    the player owns, ``each`` the value), boats,
    houses, completed orders, house bonuses, complete warehouse rows (the house set's
    ``warehouse.row_points`` may differ per row: ``each`` only when every complete row of that
    player is worth the same; ``unit`` names what ``count`` counts, ``("row", "rows")``, so that
    the pad can read ``"2 rows = 7"`` without a product), and, only for a player with goods on
    an unfinished order, ``unfinished_order`` (0 points; ``words`` names the order and its goods,
    ``"O10: glass + 2 cacao"``: they score nothing until it is complete). ``total`` equals
    ``outcome(state).scores[player]`` once the game is over (a live preview before); ``coins``
    is the tie-break. All of it is public (bag and crate contents are public as counts).
    """
    hs = state.hs
    by_value: dict[int, list[str]] = {}
    for g in hs.goods:
        by_value.setdefault(hs.values.get(g, 0), []).append(g)
    out = []
    for i, p in enumerate(state.ps):
        b = score_breakdown(state, i)
        owned = owned_goods(p)
        parts = []
        for v in sorted(by_value):
            n = sum(owned.get(g, 0) for g in by_value[v])
            parts.append({"key": f"goods{v}", "label": f"Goods worth\u00a0{v}", "goods": by_value[v],
                          "count": n, "points": n * v, "each": v})
        parts.append({"key": "boats", "label": "Boats", "count": len(p.boats),
                      "points": b["boats"], "each": hs.boat_vp})
        parts.append({"key": "houses", "label": "Houses", "count": len(p.houses),
                      "points": b["houses"], "each": hs.house_vp})
        parts.append({"key": "orders", "label": "Completed orders", "count": len(p.done_orders),
                      "points": b["orders"]})
        bonus_n = sum(owned.get(t, 0) for t in p.houses)
        parts.append({"key": "house_bonus", "label": "House bonuses", "count": bonus_n,
                      "points": b["house_bonus"], "each": hs.bonus_vp})
        rows = [hs.wh_points[r] for r, row in enumerate(p.wh) if len(row) >= hs.wh_len]
        wh = {"key": "warehouse", "label": "Complete warehouse rows", "count": len(rows),
              "points": b["warehouse"], "unit": ("row", "rows")}
        if rows and len(set(rows)) == 1:  # every complete row worth the same: "2 × 1 = 2"
            wh["each"] = rows[0]
        parts.append(wh)
        unscored = unscored_order_goods(state, i)
        if unscored:  # goods on an unfinished order score 0 (spec §14, §16): said, not just lost
            oid, on = unscored
            parts.append({"key": "unfinished_order", "label": "Goods on an unfinished order",
                          "count": len(on), "points": 0, "goods": sorted(set(on), key=hs.order.__getitem__),
                          "words": f"{oid}: {_goods_words(on)}"})
        total = sum(x["points"] for x in parts)
        out.append({"total": total, "coins": b["coins"], "parts": parts})
    return out


def end_reason(state: State, names: list | None = None) -> str:
    """Why the game ended (spec §15), one sentence for the end screen; ``""`` while it runs.

    ``"The game ended after round 17: the extension display could not be refilled."``
    """
    if state.phase != "over":
        return ""
    why = trigger_words(state.trigger, state.options)
    return (f"The game ended after round {state.round}: {why}." if why
            else f"The game ended after round {state.round}.")


def house_set_note(options: dict | None) -> str:
    """``""`` for a game on new games' house set; else one sentence that names the game's own
    version and new games' (issue 18: a saved or linked game keeps the version it started
    with; new-user run: nothing on the page said which one a game played), e.g.
    ``"This game keeps house set version 12 (new games use 13)."``. Raises ValueError for an
    unknown house set (:func:`altibox.altiplano.data.load`)."""
    name, default = house_set_name(options), OPTIONS["house_set"][1]
    if name == default:
        return ""
    own, new = (int(_data.load(n).raw.get("version", 1)) for n in (name, default))
    return f"This game keeps house set version {own} (new games use {new})."


def rule_figures(options: dict | None = None) -> dict[str, str]:
    """The numbers the How to play page quotes, in words, from the house set of ``options`` (a
    game's own: a page opened from a game on an older version says that version's), keyed as
    its texts name them: ``first_spaces``, ``planning_spaces``, ``start_goods`` ("4 to 7, by
    role and player count"), ``food_value``, ``top_goods`` ("4 for cloth and glass"),
    ``boat_points``, ``house_points``, ``house_bonus``, ``order_price``, ``cart_price``.

    >>> rule_figures()["top_goods"], rule_figures({"house_set": "house_set"})["top_goods"]
    ('4 for cloth and glass', '4 for cloth and silver')
    """
    hs = _hs(options)
    starts = {sum(hs.role_start(r, n).values()) for r in hs.roles for n in PLAYERS}
    low, high = min(starts), max(starts)
    top = max(hs.values.values())

    def points(n: int) -> str:
        return f"{n} point{'s' if n != 1 else ''}"
    return {"first_spaces": str(hs.unlocked(0)), "planning_spaces": str(hs.planning_spaces),
            "start_goods": f"{low} for every role" if low == high else f"{low} to {high}, by role and player count",
            "food_value": str(hs.values["food"]),
            "top_goods": f"{top} for {' and '.join(g for g in hs.goods if hs.values.get(g) == top)}",
            "boat_points": points(hs.boat_vp), "house_points": points(hs.house_vp), "house_bonus": str(hs.bonus_vp),
            "order_price": coin_words(hs.order_price), "cart_price": coin_words(hs.cart_price)}


def option_value_words(name: str, value: Any) -> str | None:
    """An option's value in words where the new-game form does not show it: ``house_set`` as
    its version, ``"house set version 12"``; ``None`` for any other option (or an unknown house
    set).

    >>> option_value_words("house_set", "house_set"), option_value_words("first_player", 1)
    ('house set version 1', None)
    """
    if name != "house_set":
        return None
    try:
        return f"house set version {int(_data.load(value).raw.get('version', 1))}"
    except (ValueError, TypeError):
        return None


def round_banner(view: dict, names: list | None = None) -> dict[str, Any]:
    """The round banner from a view (spec §19, §15): ``{"round", "phase", "title",
    "start_player", "final", "why", "warning", "text"}`` (``warning``: :func:`end_warning`,
    or ``None``).

    ``title`` e.g. ``"Round 5 · Planning"`` (once over ``"Game over after round 17"``, and
    ``text`` then says why: ``"Game over after round 17 (the extension display could not be
    refilled)"``); ``start_player`` a name; ``final`` is ``None``,
    ``"triggered"`` (the end is triggered: this round is finished, then one final round) or
    ``"final"`` (this is the final round); ``why`` says what triggered it; ``text`` is all of
    it in one line, ending with :func:`house_set_note` for a game on an older house set.
    """
    n = int(view["players"])
    nm = _names(n, names)
    rnd, ph = int(view["round"]), str(view["phase"])
    title = f"Round {rnd} \u00b7 {PHASE_NAMES.get(ph, ph)}"
    if ph == "over":
        title = f"Game over after round {rnd}"
    sp = nm[int(view["start_player"])]
    final = None
    why = trigger_words(view.get("trigger"), view.get("options"))
    fr = view.get("final_round")
    if fr is not None:
        final = "final" if rnd >= int(fr) else "triggered"
    text = title
    if ph != "over":
        text += f" \u00b7 start player: {sp}"
    elif why:  # the end screen says why the game ended (new-user run: it did not)
        text += f" ({why})"
    if final == "final" and ph != "over":
        text += f" \u00b7 Final round: {why}."
    elif final == "triggered":
        text += f" \u00b7 The end is near: {why}; after this round, round {fr} is the last."
    warning = end_warning(view) or None
    if warning:
        text += f" \u00b7 {warning}"
    note = house_set_note(view.get("options"))
    if note:
        text += f" \u00b7 {note}"
    return {"round": rnd, "phase": ph, "title": title, "start_player": sp, "final": final,
            "why": why or None, "warning": warning, "text": text}


def public_position(state: State) -> str:
    """The position as every player may see it, as compact JSON text (for ``#board``'s
    ``data-position`` in a hidden-information game): the public view (``view(state, None)``:
    bag and crate counts, no pile order, no removed orders, no planning placements of this
    round; it carries ``ply``). The same text whoever holds the device."""
    v = _view(state, None)
    v.pop("legal_moves", None)
    return json.dumps(v, separators=(",", ":"), sort_keys=True)


#: Why a click plays nothing while the page awaits End turn (what the step revealed stays
#: hidden until the mover ends the turn or undoes it).
END_TURN_FIRST = "End your turn first (End turn), or undo."


def _selected_good(view: dict, selected: str) -> str | None:
    """The good on the viewer's planning space ``plan:K`` (goods in the house set's order, as
    drawn), ``"coin"`` for ``coins``, else None."""
    if selected == "coins":
        return "coin"
    from ._render.moves import _planning_list  # the board's own layout of the spaces
    k = selected[5:] if selected.startswith("plan:") else ""
    me = view.get("player")
    if not k.isdigit() or me is None:
        return None
    goods = _planning_list(view["seats"][int(me)], _hs(view.get("options")))
    return goods[int(k) - 1] if 1 <= int(k) <= len(goods) else None


def _recipe_gap(recipe: _data.Recipe, goods: list[str]) -> list[str] | None:
    """The goods ``recipe`` still needs beyond ``goods`` (``[]``: exactly its inputs), or None
    when ``goods`` hold something it does not take (``"*"``: any good but food)."""
    need = list(recipe.ins)
    for g in sorted(goods, key=lambda g: g in need):  # concrete inputs first, then "*"
        if g in need:
            need.remove(g)
        elif g != "food" and "*" in need:
            need.remove("*")
        else:
            return None
    return need


def _cannot_run(recipe: _data.Recipe, view: dict) -> str:
    """Why a recipe whose inputs lie on its spaces cannot run now (spec §7, §12, §15)."""
    supply = view.get("supply") or {}
    out = [g for g in recipe.gain if int(supply.get(g, 0)) < list(recipe.gain).count(g)]
    if out:
        return f"the supply has no {good_name(out[0])} left"
    if recipe.store:
        return "your warehouse has no row that can take it (rows of one kind, started in order)"
    if recipe.road:
        return "your road marker is at the end of the road track"
    if recipe.card:
        return f"no {recipe.card} card it could give is left"
    return "the rules allow no run of it now"


def source_why_not(view: dict, sid: str, good_cell: bool = False) -> str:
    """Why the viewer's action source ``sid`` (a location, the role tile, an extension) does not
    run where the pawn stands, in the game's words (issue 22: "match no recipe" was said even
    where the recipe was ready, and never said what it needs): a good clicked on a source that
    can run names the action to click; otherwise what lies there against what its recipes need,
    e.g. ``"The Mine holds food: “2 food → stone” needs 1 more food. A recipe runs only when its
    action spaces hold exactly its inputs."``. ``good_cell``: the click was on one good of the
    source (``src:SID:K``)."""
    legal = list(view.get("legal_moves") or [])
    opts = view.get("options")
    hs = _hs(opts)
    title = source_title(sid, hs)
    runs = [m for m in legal if m == sid or m.startswith(sid + ":")]
    if runs:
        how = ", then choose how" if len(runs) > 1 else ""
        return (f"{'That good waits' if good_cell else 'It is ready'}: click the {title} card "
                f"(outlined in green) to run it{how}.")
    src = hs.sources(_mode(opts)).get(sid)
    seat = view["seats"][int(view["player"])]
    entry = (seat.get("sources") or {}).get(sid) or {}
    goods, coins = list(entry.get("goods") or ()), int(entry.get("coins") or 0)
    if sid == "market":
        if any(m.startswith(("sell:", "deliver:")) for m in legal):
            return "At the Market, click a good outlined in green to sell or deliver it."
        return ("No good on the Market's spaces can be sold or delivered now (food cannot; a "
                "delivery needs an open order that takes the good).")
    if src is None or not src.recipes:
        return f"The {title} has no action to run."
    rule = "A recipe runs only when its action spaces hold exactly its inputs."
    recipes = "; ".join(recipe_words(r, hs) for r in src.recipes)
    if not goods and not coins:
        return (f"Nothing lies on the {title}'s action spaces: its recipes take goods planned "
                f"there in the Planning phase ({recipes}).")
    held = _goods_words(goods) if goods else coin_words(coins)
    best = None  # (how many more it needs, the recipe, those words): the recipe nearest to run
    for r in src.recipes:
        if not r.ins:
            if not goods and coins:
                gap = r.coins_in - coins
                if gap == 0:
                    return f"The {title} holds {held}: it cannot run now ({_cannot_run(r, view)})."
                if gap > 0 and (best is None or gap < best[0]):
                    best = (gap, r, coin_words(gap))
            continue
        gap_goods = _recipe_gap(r, goods) if not coins else None
        if gap_goods == []:
            return (f"The {title} holds {held}, the inputs of \u201c{recipe_words(r, hs)}\u201d, "
                    f"but it cannot run now: {_cannot_run(r, view)}.")
        if gap_goods and (best is None or len(gap_goods) < best[0]):
            counts = {g: gap_goods.count(g) for g in dict.fromkeys(gap_goods)}
            best = (len(gap_goods), r, _join([f"{n} more " + ("good" + ("s" if n > 1 else "") + " (not food)"
                                                             if g == "*" else good_name(g))
                                             for g, n in counts.items()]))
    if best is not None:
        return (f"The {title} holds {held}: \u201c{recipe_words(best[1], hs)}\u201d needs "
                f"{best[2]}. {rule}")
    return f"The {title} holds {held}, which none of its recipes takes exactly ({recipes}). {rule}"


def _loc_why(ph: str, rest: str, pawn: Any, legal: set) -> str:
    """Why a click on the ring's location ``rest`` plays nothing (:func:`why_not`)."""
    if ph == "planning":
        return (f"The {location_name(rest)} on the ring is where pawns go in the Actions "
                "phase. In Planning, put goods on the action spaces of your own board "
                "(outlined in green).")
    if ph != "actions":
        return "Pawns move in the Actions phase."
    if pawn == rest:
        return f"Your pawn is already at the {location_name(rest)}."
    if any(m.startswith(("go:", "step:")) for m in legal):
        return (f"The {location_name(rest)} is not next to your pawn, and a step only "
                "reaches a neighbouring location.")
    return ("You cannot move now: no cart left this round and no food on your movement "
            "spaces (a cart moves up to 3 steps, once a round; a step costs 1 food).")


def stock_left_words(view: dict, loc: str) -> str:
    """What the ring's location ``loc`` has left, from a view (spec §17, H3: the stock of each
    location; a house or boat card's good is public), e.g. ``"Left at the Village: 5 house cards
    (wood, stone, ore, silver, fish), 6 carts."``; a tap on a location says it on a phone, where
    the stock's tooltip cannot be read."""
    hs = _hs(view.get("options"))
    parts = []
    for item in hs.locations.get(loc, {}).get("stock", []):
        k = _stock_left(view, item)
        if item == "houses" and k:
            parts.append(f"{k} house card{'s' if k != 1 else ''} ({', '.join(view['houses'])})")
        elif item == "boats" and k:
            parts.append(f"{_stock_count(item, k)} ({', '.join(view['boats'])})")
        else:
            parts.append(_stock_count(item, k))
    return f"Left at the {location_name(loc)}: {', '.join(parts)}." if parts else ""


def why_not(view: dict, cell: str, names: list | None = None, selected: str | None = None) -> str:
    """Why a click on the ``data-cell`` ``cell`` of the board (see ``render``) plays nothing,
    in words, from the view alone, e.g. ``"Your pawn is not at the Mine."`` or ``"It costs 7
    coins; you have 3."``. For the page's message when a click cannot do anything.

    ``selected`` is the cell selected before the click (``plan:K`` a good on a planning space,
    ``coins`` the coin pile, or None): in Planning, a click on an action space (``src:SID``)
    that cannot take it says so (its spaces are full, or no recipe there uses the good)."""
    nm = _names(int(view["players"]), names)
    ph, cur, me = view["phase"], view.get("current_player"), view.get("player")
    if ph == "over":
        return "The game is over."
    if me is None or me != cur:
        return f"It is {nm[cur]}'s turn." if cur is not None else "Nobody is to act."
    legal = set(view.get("legal_moves") or [])
    seat = view["seats"][me]
    hs = _hs(view.get("options"))
    kind, _, rest = str(cell).partition(":")
    pawn = seat.get("pawn")
    if kind == "loc":
        # what it has left first: a phone's bar shows two lines (new-user run: it was cut off)
        return f"{stock_left_words(view, rest)} {_loc_why(ph, rest, pawn, legal)}".strip()
    if kind in ("display", "order"):
        what = "extensions" if kind == "display" else "orders"
        good = _selected_good(view, selected) if ph == "planning" and selected else None
        if good is not None:
            # a good (or a coin) selected, then a card (issue 22: said nothing to a new user)
            thing = good_name(good)
            verb = "Extensions are bought" if kind == "display" else "Orders are taken"
            return (f"{verb} at the Market in the Actions phase, not planned on: put the {thing} "
                    "on an action space outlined in green.")
        if ph != "actions" or pawn != "market":
            verb = "Buy extensions" if kind == "display" else "Take orders"
            if ph == "actions":  # the pawn is elsewhere (new-user run: it named the phase only)
                where = f"at the {location_name(pawn)}" if pawn else "not on the ring yet"
                return f"{verb} at the Market: your pawn is {where}. Move it to the Market first."
            return f"{verb} at the Market, in the Actions phase."
        coins = int(seat.get("coins") or 0)
        if kind == "order":
            if seat.get("order"):
                return "You already have an open order: complete it first."
            if coins < hs.order_price:
                return f"An order costs {hs.order_price} coin; you have {coins}."
            return "You cannot take an order now."
        slot = next((s for s in view["display"] if s and s["id"] == rest), None)
        if slot is not None and coins < slot["price"]:
            return f"It costs {slot['price']} coins; you have {coins}."
        return ("You cannot buy it: one extension a round, never the same action twice or your "
                "role's action.")
    if kind == "plan":
        mine = view["seats"][int(view["player"])] if view.get("player") is not None else {}
        k = int(rest) if rest.isdigit() else 0
        if k > int(mine.get("open_planning_spaces") or hs.open_spaces):
            return (f"Planning space {k} is locked: moving up the Road track opens more "
                    "planning spaces.")
        if ph == "draw":
            return "First draw your goods; planning comes next."
        if ph == "planning" and _selected_good(view, f"plan:{k}") is None:
            return (f"Planning space {k} is empty: click a good on a filled planning space, then "
                    "an action space.")
        if ph == "planning":
            return ("No action space can take that good now (its spaces are full or no recipe "
                    "uses it).")
        return "Goods on planning spaces are placed in the Planning phase."
    if kind == "src":
        sid = rest.split(":", 1)[0]
        loc = hs.extensions[sid]["location"] if sid in hs.extensions else (
            hs.roles[sid]["location"] if sid in hs.roles else sid)
        if ph == "planning":
            if selected and selected.startswith(("plan:", "coins")):
                good = _selected_good(view, selected)
                if good == "food" and sid in ("market", "village"):
                    return NO_FOOD_MARKET if sid == "market" else NO_FOOD_STORE
                what = "a coin" if selected == "coins" else "that good"
                return (f"That action space cannot take {what} now: its spaces are full, or no "
                        f"recipe there uses it. The green outlines show where it can go.")
            if ":" in rest:
                return "Goods placed in an earlier round stay until the next Draw."
            return "Select a good on a planning space first (or a coin for a coin space)."
        if ph == "draw":
            return "In the Draw you may take goods back only onto free planning spaces."
        if ph == "actions":
            if sid == "move":
                return "Food here pays for movement: click a location on the ring."
            turn = view.get("turn") or {}
            acted = turn.get("acted")
            if acted is not None and (turn.get("moved_after") or acted != pawn):
                return (f"You acted at the {location_name(acted)} this turn, and a turn is one "
                        f"location's actions: act at the {location_name(pawn)} next turn "
                        "(end your turn now).")
            if pawn != loc:
                return f"Your pawn is not at the {location_name(loc)}."
            return source_why_not(view, sid, good_cell=":" in rest)
    if kind == "coins":
        return "Coins go on coin spaces during Planning; other costs are paid when you act."
    return "That shows the game; there is nothing to play there."


__all__ = [
    "LOCATION_NAMES", "ROLE_NAMES", "PHASE_NAMES", "good_name", "location_name", "role_name",
    "player_name", "cart_cost", "recipe_words", "good_tip", "location_tip", "role_tip",
    "extension_effect", "extension_tip", "order_tip", "trigger_words", "is_secret", "describe",
    "prompt", "turn_rule", "sale_note", "warehouse_rule", "choice_note", "display_price_words",
    "end_warning", "AIM_WORDS", "notation_help", "explain", "end_reason", "scoreboard", "round_banner",
    "why_not", "source_why_not", "public_position", "END_TURN_FIRST", "last_outlined",
]


# ---------------------------------------------------------------- legend (issue 11)

#: The legend's other marks: (icon key, name, what it does), after the goods (``good_tip``);
#: ``{order_price}``, ``{house_vp}``, ``{bonus_vp}`` and ``{boat_vp}`` are the house set's.
LEGEND_MARKS = (
    ("coin", "Coin", "pays for orders, extensions and carts; no points, but breaks a tie"),
    ("cart", "Cart", "moves your pawn up to 3 locations round the ring, once per round; the "
             "first is free, each further cart costs 1 food from the movement spaces"),
    ("pawn", "Pawn", "where you are: you act only at the location your pawn stands on"),
    ("order", "Order", "take one at the Market for {order_price} coin, deliver its goods there; "
              "complete: its points and 1 corn"),
    ("store", "Warehouse", "rows of one kind of good, started in order from the cheapest; a full "
              "row scores its points"),
    ("road", "Road", "stone + wood moves you down the road track: more goods drawn each round"),
    ("house", "House", "{house_vp} points, +{bonus_vp} per good of its kind you own at the end"),
    ("boat", "Boat", "{boat_vp} points and a good of its kind"),
    ("lock", "Locked", "a planning space the road track has not opened yet"),
)


def legend_items(options: dict | None = None) -> list[tuple[str, str, str]]:
    """Every good and mark of the board: ``[(icon key, name, what it does), ...]`` (goods with
    their value, price and where they are made, from :func:`good_tip`)."""
    goods = ("food", "corn", "wood", "stone", "ore", "wool", "cloth", "silver", "fish", "glass",
             "alpaca", "cacao")
    out = []
    for g in goods:
        tip = good_tip(g, options)
        name, _, rest = tip.partition(": ")
        out.append((g, name[:1].upper() + name[1:], rest))
    hs = _hs(options)
    values = {"order_price": hs.order_price, "house_vp": hs.house_vp, "bonus_vp": hs.bonus_vp,
              "boat_vp": hs.boat_vp}
    return out + [(key, name, text.format(**values)) for key, name, text in LEGEND_MARKS]


# ----------------------------------------------------------------------------------------------
# The table's words (drawn by render.py): options of a choice, hints, buttons, sources
# ----------------------------------------------------------------------------------------------
# These read a view's seat (``view["seats"][q]``, a dict) and the house set, never a state: the
# board is drawn from a view, so they never see what the viewer may not.

#: An extension's passive effect, short (``{n}``: its amount), beside its tile.
PASSIVE_SHORT = {"final_storage": "final storage: {n} goods",
                 "draw_control": "draw +{n}, put 1 back",
                 "extra_cart": "1 free extra cart move"}

#: The movement spaces' recipe words.
MOVEMENT_WORDS = ("food here pays for movement: a single step to a neighbouring location, or the "
                  "ride of a second cart (bought at the Village: each cart you own rides once a "
                  "round), costs 1 food each; your first cart's ride each round is free")


def unfinished_order_words(hs: _data.HouseSet, oid: str) -> str:
    """Why goods delivered to an order may score nothing (spec §14, §16), said before a
    delivery: ``"goods on an order score nothing until it is complete (its 14 VP)"``
    (new-user run: a player's VP fell from 21 to 13 after a delivery, without a word)."""
    return f"goods on an order score nothing until it is complete (its {hs.orders[oid][1]} VP)"


def order_need(hs: _data.HouseSet, order: dict) -> list[str]:
    """The goods an open order (a view's ``{"id", "delivered"}``) still needs, in the card's
    order (spec §11)."""
    need = list(hs.orders[order["id"]][0])
    for g in order.get("delivered", ()):
        if g in need:
            need.remove(g)
    return need


def source_title(sid: str, hs: _data.HouseSet) -> str:
    """The heading of an action source ``sid``: a location, ``"Movement"``, a role or
    ``"Extension B3"``."""
    if sid in LOCATION_NAMES:
        return location_name(sid)
    if sid == "move":
        return "Movement"
    if sid in hs.roles:
        return role_name(sid)
    return f"Extension {sid}"


def source_words(sid: str, src: _data.Source, hs: _data.HouseSet,
                 options: dict | None = None) -> str:
    """What action source ``sid`` does, in words: its recipes, or an extension's passive
    effect."""
    if sid == "move":
        return MOVEMENT_WORDS
    if src.kind == "market":
        return "; ".join(_location_recipes("market", options))
    if sid in hs.locations:
        return "; ".join(_location_recipes(sid, options))
    if src.passive:
        return extension_effect(sid, options)
    return "; ".join(recipe_words(r, hs) for r in src.recipes)


def cart_cost_words(seat: dict) -> str:
    """The cost of the next cart move of a view's ``seat`` (spec §8): ``"free cart"``,
    ``"extra cart: 1 food"`` or, with extension D7, free once a round."""
    if int(seat.get("carts_used") or 0) == 0:
        return "free cart"
    if "D7" in (seat.get("extensions") or []):
        return "extra cart: free once a round with D7, else 1 food"
    return "extra cart: 1 food"


def move_cost(mv: str, seat: dict) -> str:
    """The cost of a pawn move ``mv`` (``@LOC``, ``go:LOC``, ``step:LOC``) in a few words
    (spec §8), shown before it is paid, e.g. ``"cart: 1 food"``."""
    if mv.startswith("@"):
        return "free"
    if mv.startswith("step:"):
        return "step: 1 food"
    if int(seat.get("carts_used") or 0) == 0:
        return "cart: free"
    if "D7" in (seat.get("extensions") or []):
        return "cart: free/1 food"
    return "cart: 1 food"


def option_words(mv: str, seat: dict, hs: _data.HouseSet, sources: dict) -> str:
    """One legal move ``mv`` of a view's ``seat`` as a whole sentence (a button's accessible
    name, a choice's long words), e.g. ``"Sell wool for 2 coins"``. ``sources``: the house
    set's action sources (``hs.sources(forest_cacao_mode)``)."""
    if mv.startswith("@"):
        return f"Put your pawn on the {location_name(mv[1:])} (free)"
    if mv.startswith("go:"):
        return f"Cart to the {location_name(mv[3:])} ({cart_cost_words(seat)})"
    if mv.startswith("step:"):
        return f"Step to the {location_name(mv[5:])} (1 food)"
    if mv.startswith("sell:"):
        g = mv[5:]
        p = hs.prices.get(g, 0)
        return f"Sell {g} for {p} coin{'s' if p != 1 else ''}{sale_note(g, hs, ': ')}"
    if mv.startswith("deliver:"):
        parts = mv.split(":")
        g = parts[1]
        order = seat.get("order") if seat else None
        oid = order["id"] if order else "?"
        if len(parts) > 2:
            return f"Deliver {g} to order {oid}: completes it, corn to warehouse row {parts[2][1:]}"
        need = order_need(hs, order) if order else []
        if need == [g]:
            return f"Deliver {g} to order {oid}: completes it"
        if order:
            return f"Deliver {g} to order {oid} \u2014 {unfinished_order_words(hs, oid)}"
        return f"Deliver {g} to order {oid}"
    sid, _, rest = mv.partition(":")
    args = rest.split(":") if rest else []
    src = sources.get(sid)
    what = source_title(sid, hs)
    if src is None:
        return mv
    entry = (seat.get("sources") or {}).get(sid, {}) if seat else {}
    goods = list(entry.get("goods", ()))
    rec = None
    for r in src.recipes:
        rec = r
        if (r.card or r.store or r.road or r.choose) and args:
            break
    if args and args[0].startswith("r") and args[0][1:].isdigit():
        rows = [int(a[1:]) for a in args]
        if src.sid == "road" or (rec is not None and rec.road):
            return f"{what}: build a road, corn to warehouse row {rows[0]}"
        pairs = [f"{g} \u2192 row {r}" for g, r in zip(goods, rows)]
        return f"{what}: store " + ", ".join(pairs)
    if args:
        a = args[0]
        if any(r.card == "house" for r in src.recipes) and a in hs.house_types:
            return f"{what}: take the {a} house (+{hs.bonus_vp} VP per {a} at the end)"
        if any(r.card == "boat" for r in src.recipes) and a in hs.boat_goods:
            return f"{what}: take the {a} boat (gain 1 {a})"
        return f"{what}: take {a}"
    return f"{what}: run the action"


def option_short(mv: str, seat: dict, hs: _data.HouseSet,
                 sources: dict) -> tuple[str, str, str | None]:
    """``(group title, short button text, glyph or None)`` for one option ``mv`` of a choice
    panel, e.g. ``("The wool on the Market", "Sell: 2 coins", "coin")``."""
    if mv.startswith("@"):
        return "Put your pawn here", "Place (free)", None
    if mv.startswith("go:"):
        return (f"Go to the {location_name(mv[3:])}", "By cart (" +
                move_cost(mv, seat).split(": ", 1)[1] + ")", "cart")
    if mv.startswith("step:"):
        return f"Go to the {location_name(mv[5:])}", "One step (1 food)", "food"
    if mv.startswith("sell:") or mv.startswith("deliver:"):
        parts = mv.split(":")
        g = parts[1]
        group = f"The {g} on the Market"
        if parts[0] == "sell":
            p = hs.prices.get(g, 0)
            return group, f"Sell: {p} coin{'s' if p != 1 else ''}", "coin"
        order = seat.get("order") or {}
        oid = order.get("id", "?")
        if len(parts) > 2:
            return group, f"Complete {oid}, corn \u2192 row {parts[2][1:]}", "order"
        return group, f"Deliver to {oid}", "order"
    sid, _, rest = mv.partition(":")
    args = rest.split(":") if rest else []
    src = sources.get(sid)
    if src is None or not args:
        return source_title(sid, hs), "Run it", None
    if args[0].startswith("r") and args[0][1:].isdigit():
        rows = [a[1:] for a in args]
        if any(r.road for r in src.recipes):
            return "Build a road; the corn goes to", f"row {rows[0]}", "corn"
        goods = list(((seat.get("sources") or {}).get(sid) or {}).get("goods", ()))
        if len(set(goods)) <= 1:
            return f"Store the {goods[0] if goods else 'goods'} in", " + ".join(
                f"row {r}" for r in rows), "store"
        return "Store in your warehouse", ", ".join(f"{g}\u2192{r}" for g, r in zip(goods, rows)), \
            "store"
    a = args[0]
    if any(r.card == "house" for r in src.recipes) and a in hs.house_types:
        return f"Take a house ({hs.house_vp} VP + {hs.bonus_vp} VP per good of its type)", a, a
    if any(r.card == "boat" for r in src.recipes) and a in hs.boat_goods:
        return f"Take a boat ({hs.boat_vp} VP; you gain 1 good of its type)", a, a
    return f"{source_title(sid, hs)}: take one", a, a


def sale_note(good: str, hs: _data.HouseSet, lead: str = "") -> str:
    """What selling ``good`` at the Market does to the seller's goods (spec §9.3, rules
    ``sell``): the good goes to the seller's crate, so it stays theirs with its points, e.g.
    ``"the alpaca goes to your crate (you keep its 2 VP)"``; for a good worth nothing
    ``"the food goes to your crate"``. ``lead`` goes before the answer."""
    v = hs.values.get(good, 0)
    keep = f" (you keep its {v} VP)" if v else ""
    return f"{lead}the {good} goes to your crate{keep}"


def warehouse_rule(hs: _data.HouseSet) -> str:
    """The warehouse's row rule in one sentence (spec §11, H6), e.g. ``"A row holds one kind
    of good (corn fills any row); start row N only when rows 1 to N-1 hold a good. A full row of
    4 scores row 1: 1 VP … row 8: 8 VP."``"""
    pts = hs.wh_points
    return (f"A row holds one kind of good (corn fills any row); start a row only when the rows "
            f"above it hold a good. A full row of {hs.wh_len} scores row 1: {pts[0]} VP \u2026 "
            f"row {hs.wh_rows}: {pts[-1]} VP.")


def choice_note(moves: list[str], hs: _data.HouseSet, seat: dict | None = None) -> str:
    """The consequence said under the title of a choice panel, before the choice is made
    (issue 22), or ``""``: a Market good that may be sold says where it goes (:func:`sale_note`:
    to the crate, kept with its points), and, with ``seat`` (a view's seat, its open order), that
    a delivery that does not complete the order leaves the good scoring nothing until it is
    complete (:func:`unfinished_order_words`); storing in the warehouse states the row rule
    (:func:`warehouse_rule`)."""
    for mv in moves:
        if mv.startswith("sell:"):
            g = mv[5:]
            order = (seat or {}).get("order")
            deliver = [m for m in moves if m.split(":")[:2] == ["deliver", g]]
            if order and deliver and not any(m.count(":") > 1 for m in deliver) \
                    and order_need(hs, order) != [g]:
                return (f"Selling: {sale_note(g, hs)}; delivering puts it on order "
                        f"{order['id']} for good, and {unfinished_order_words(hs, order['id'])}.")
            return f"Selling: {sale_note(g, hs)}; delivering puts it on your order for good."
    if any(len(a) > 1 and a[0] == "r" and a[1:].isdigit() for mv in moves
           for a in mv.split(":")[1:]):
        return warehouse_rule(hs)
    return ""


def display_price_words(hs: _data.HouseSet) -> str:
    """The extension display's price rule (spec §13.2, H8), for the note under the display:
    ``"Price = printed (A:2 B:3 C:4 D:5) + slot (+0…+4): 2+1 costs 3. Unbought tiles slide to
    cheaper slots."``"""
    prices = sorted(hs.letter_prices.items())
    lp = " ".join(f"{k}:{v}" for k, v in prices)
    first, sc = int(prices[0][1]), hs.surcharges
    return (f"Price = printed ({lp}) + slot (+{sc[0]}\u2026+{sc[-1]}): {first}+{sc[1]} costs "
            f"{first + sc[1]}. Unbought tiles slide to cheaper slots.")


def choice_title(kind: str, key: str, hs: _data.HouseSet) -> str:
    """The heading of a choice panel: ``kind`` ``"loc"`` (how to go to location ``key``),
    ``"market"`` (what to do with good ``key`` on the Market) or ``"src"`` (which run of
    source ``key``)."""
    if kind == "loc":
        return f"How do you go to the {location_name(key)}?"
    if kind == "market":
        return f"Market: what do you do with the {key}?"
    return f"{source_title(key, hs)}: choose one"


#: What to aim for, said on the board in the first rounds' Draw (spec §16, issue 22).
AIM_WORDS = ("Aim: the most points at the end. Every good you own scores its value (bag, "
             "crate, board, warehouse; not goods on orders), plus houses, boats, completed "
             "orders and full warehouse rows; coins break a tie.")


def board_hint(view: dict, names: list[str], seat: dict, *, acting: bool,
               to_bag: bool = False, unplace: bool = False, can_act: bool = False,
               can_end: bool = False, selected_good: str | None = None,
               store_good: str | None = None, guided: bool = False) -> str:
    """The one-line hint above the buttons of the big board: what to click next.

    Args:
        view: the view drawn (its ``phase``, ``current_player``, ``player``).
        names: a name per seat (blanks already replaced).
        seat: the view's seat whose board is drawn big.
        acting: the viewer has legal moves; the flags say which kinds: ``to_bag`` (draw
            control), ``unplace`` (take-backs), ``can_act`` (an action, a market sale, an order
            or a purchase here), ``can_end`` (End turn).
        selected_good: the good (or ``"coin"``) picked on a planning space; ``store_good``:
            the good picked for final storage.
    
    ``guided``: drawn for the guided first game (``?page=learn``), where only the one target to
    click now is marked (orange, not the play screen's green outlines) and taking a placed
    good back is not part of the lesson: the hint names the mark and leaves take-backs out.
    """
    text = _board_hint(view, names, seat, acting=acting, to_bag=to_bag, unplace=unplace,
                       can_act=can_act, can_end=can_end, selected_good=selected_good,
                       store_good=store_good)
    if guided:
        text = text.replace(" (green)", " (marked in orange)").replace(
            " Click a placed good to take it back.", "")
    return text


def _board_hint(view: dict, names: list[str], seat: dict, *, acting: bool, to_bag: bool,
                unplace: bool, can_act: bool, can_end: bool, selected_good: str | None,
                store_good: str | None) -> str:
    ph = view["phase"]
    if not acting:
        if ph == "over":
            return "The game is over."
        cur = view.get("current_player")
        if cur is None:
            return ""
        who = names[cur]
        if view.get("player") is None:
            return f"{who} is to act. Hidden placements show when Actions begin."
        return f"Waiting for {who}."
    if ph == "roles":
        return "Choose your role on the table above."
    if ph == "draw":
        if int(view.get("round") or 1) <= 2 and not to_bag and not unplace:
            return "Draw fills your open planning spaces from the bag. " + AIM_WORDS
        if to_bag:
            return "Draw control: click a good on your planning spaces to put it back into the bag."
        if unplace:
            return "Optional: click goods or coins on action spaces to take them back first."
        return "Draw fills your open planning spaces from the bag."
    if ph == "planning":
        if selected_good == "coin":
            return "Now click a coin space (green) to place the coin."
        if selected_good:
            return f"Now click an action space (green) for the {selected_good}."
        return ("Click a good on a planning space, then an action space. Click a placed good "
                "to take it back.")
    if ph == "actions":
        rule = turn_rule(view.get("turn"))
        if rule:
            return rule[0].upper() + rule[1:] + "."
        if seat.get("pawn") is None:
            return "Put your pawn on any location of the ring (free)."
        here = location_name(seat["pawn"])
        if can_end:
            if can_act:
                return f"Act again at the {here} (green), move on, or end your turn."
            return "Move on if you like, then end your turn."
        if can_act:
            return f"Act at the {here} (green), go to another location, or pass."
        return f"Nothing to do at the {here}: go to another location, or pass."
    if ph == "final_storage":
        if store_good:
            return f"Click a warehouse row (green) for the {store_good}."
        return "Final storage: click one of your goods, then a warehouse row; Done when finished."
    return ""


def button_words(mv: str, seat: dict, phase: str, hs: _data.HouseSet) -> tuple[str, str]:
    """``(text, accessible label)`` of a step button: ``draw``, ``done``, ``end``, ``pass`` or
    ``cart`` (buy a cart), for the view's ``seat`` in ``phase``."""
    if mv == "draw":
        n = max(0, int(seat.get("open_planning_spaces") or 4)
                - sum((seat.get("planning") or {}).values()))
        if n == 0:
            return "Draw (nothing to draw)", "Draw (nothing to draw): go on, your planning spaces are full"
        text = f"Draw {n} good{'s' if n != 1 else ''}"
        return text, f"{text} from your bag"
    if mv == "done":
        if phase == "final_storage":
            return "Done storing", "Done storing: finish final storage"
        return "Done planning", "Done planning: your placements are final for this round"
    if mv == "end":
        return "End turn", "End turn: the next player acts"
    if mv == "pass":
        return "Pass", "Pass for the rest of the round"
    if mv == "cart":
        text = f"Buy a cart ({coin_words(hs.cart_price)})"
        return text, f"{text} at the Village"  # the price said once (issue 22)
    return mv, mv



#: What a move's notation means, by its shape (the package docstring's table): ``(test, text)``
#: rows, the first whose test the notation passes wins (issue 22: the log's hover text)
NOTATION_KEY = (
    (lambda m: m.startswith("role:"), "role:ROLE: a role chosen (draft)"),
    (lambda m: m == "draw", "draw: the open planning spaces filled from the bag"),
    (lambda m: m.endswith(">bag"), "GOOD>bag: a drawn good put back into the bag"),
    (lambda m: "<" in m, "GOOD<SOURCE: a good (or coin) taken back from an action space"),
    (lambda m: ">" in m, "GOOD>SOURCE: a good (or coin) planned onto an action space"),
    (lambda m: m == "plan", "plan: a planning placement, secret until the Actions phase"),
    (lambda m: m == "done", "done: planning declared done (final storage: finished)"),
    (lambda m: m.startswith("@"), "@LOCATION: the pawn put on its first location (free)"),
    (lambda m: m.startswith("go:"), "go:LOCATION: a move by cart"),
    (lambda m: m.startswith("step:"), "step:LOCATION: one step to a neighbouring location for 1 food"),
    (lambda m: m.startswith("sell:"), "sell:GOOD: a good sold at the Market"),
    (lambda m: m.startswith("deliver:"), "deliver:GOOD: a good delivered to the open order (rN: the row of the corn it gives)"),
    (lambda m: m.startswith("order:"), "order:ID: an order taken (1 coin)"),
    (lambda m: m.startswith("buy:"), "buy:ID: an extension bought (printed price + surcharge)"),
    (lambda m: m == "cart", "cart: a cart bought at the Village (1 coin)"),
    (lambda m: m == "end", "end: the turn ended"),
    (lambda m: m == "pass", "pass: the player passes for the rest of the round"),
    (lambda m: m.startswith("store:"), "store:GOOD:rN: a good stored in warehouse row N (final storage)"),
    (lambda m: True, "SOURCE[:CHOICE...]: the action of that location, role or extension run "
                     "with the goods on it (rN: a warehouse row, a word: a chosen good or type)"),
)


def notation_help(notation: str) -> str:
    """The hover text of a log entry's notation (issue 22): what its shape means, from
    :data:`NOTATION_KEY`.

    >>> notation_help("go:market")
    'go:market — go:LOCATION: a move by cart'
    """
    return f"{notation} — " + next(text for test, text in NOTATION_KEY if test(notation))


#: The notation the log shows for a planning placement still secret (spec §19).
SECRET_NOTATION = "plan"


def secret_plan_words(who: str) -> str:
    """The log's words for a planning placement of ``who`` still secret (spec §19)."""
    return f"{who} plans (secret until the Actions phase)"


def plans_in_secret(before: State, move: Move | str) -> bool:
    """True when ``move``, played in ``before``, is a planning placement or take-back, secret
    until the Actions phase (spec §19). The same answer as :func:`is_secret` for a legal move,
    without computing the legal moves: in Planning every move but ``done`` is one."""
    return before.phase == "planning" and str(move) != "done"


def last_outlined(view: dict, last: str | None, viewer: int | None,
                  last_player: int | None) -> str | None:
    """The last move the board outlines for ``viewer`` (None: the public view), given the
    notation ``last`` of the last move played, by ``last_player``, and the ``view`` drawn:
    ``last`` itself, or None while it is a placement of the current Planning phase made by
    another seat (secret until the Actions phase, spec §19). The Draw's ``draw`` and ``>bag``
    moves and ``done`` are public.

    >>> last_outlined({"phase": "planning"}, "corn>farm", 1, 0) is None
    True
    >>> last_outlined({"phase": "planning"}, "corn>farm", 0, 0)
    'corn>farm'
    """
    if last is None:
        return None
    if view.get("phase") == "planning" and last not in ("done", "draw") \
            and not last.endswith(">bag") and viewer != last_player:
        return None
    return last


def log_entry(before: State, move: Move | str, words: str, now: State,
              names: list | None = None) -> tuple[str, str]:
    """The game log's line ``(notation, words)`` for ``move`` played in ``before`` (described
    as ``words``), as everyone at the table may read it in ``now``: the placements of a
    Planning phase that has not ended read :func:`secret_plan_words` with the notation
    :data:`SECRET_NOTATION` (spec §19); everything else as played.

    >>> from altibox.altiplano import new_game
    >>> s = new_game(seed=3, players=2)
    >>> log_entry(s, "draw", "Player 1 draws", s)
    ('draw', 'Player 1 draws')
    """
    if now.phase == "planning" and before.round == now.round and plans_in_secret(before, move):
        who = player_name(before, before.current, names) if before.current is not None else "Someone"
        return SECRET_NOTATION, secret_plan_words(who)
    return str(move), words


# ---------------------------------------------------------------- the board's own words

#: Every text the Altiplano board shows or reads out (``render``), as ``str.format`` templates
#: keyed by what they name; :func:`board_words` fills one in. Labels (``aria-label``, hover
#: titles) begin in lower case, headings and pills as drawn.
BOARD_WORDS = {
    # the action board's header
    "you": " (you)",
    "no_role": "no role yet",
    "pill_to_act": "TO ACT",
    "pill_start": "START",
    "pill_passed": "PASSED",
    "pill_ready": "READY",
    "vp": "{vp} VP",
    "vp_label": "{vp} victory points so far (live score)",
    "vp_title": "Victory points if the game ended now",
    "action_board": "{name}: action board",
    # planning spaces
    "planning_spaces": "Planning spaces",
    "draws_a_round": "draws {n} a round",
    "empty": "empty",
    "locked_until": "locked until road step {step}",
    "plan_space": "planning space {k}: {what}",
    "road_step": "road {step}",
    "then_to_bag": " \u2014 put it back into the bag",
    "then_select": " \u2014 select it, then an action space",
    # action spaces
    "source": "{title}: {words}. On its spaces: {goods}",
    "nothing": "nothing",
    "source_coins": ", {n} coin{s}",
    "ready": ". Ready",
    "then_place": " \u2014 place the {good} here",
    "then_run": " \u2014 run it (choose how)",
    "then": " \u2014 {words}",
    "good_on": "{good} on {title}",
    "placed_earlier": " (placed in an earlier round)",
    "then_take_back": " \u2014 take it back to a planning space",
    "then_sell": " \u2014 sell or deliver (choose)",
    "then_ask": " \u2014 {words} (asks first)",
    "coin_on": "coin on {title}",
    "then_coin_back": " \u2014 take it back",
    "plus_coins": "+{n} coin",
    "role_tag": "{role} (role)",
    "extension_tag": "Extension {eid}",
    "movement": "Movement",
    "sell": "sell ",
    "or_deliver": " or deliver to order",
    "step_or_cart": "1 step or a 2nd cart's ride",
    "step_or_cart_short": "1 step or 2nd cart",
    # movement
    "go_here_cost": "Go here \u00b7 {cost}",
    "go_here_choice": "Go here \u00b7 cart or step",
    "go_here_choice_short": "Go \u00b7 cart or step",
    "go_here_idle": "Go here \u00b7 nothing to do",
    "go_here_idle_short": "Go \u00b7 nothing to do",
    "move_to": "move to the {loc}: {options}",
    "carts": "Carts {owned} \u00b7 used {used}",
    "cart_used": "used",
    "cart_free": "free",
    "cart_food": "1 food",
    "cart_used_label": "cart {k}: used this round",
    "cart_free_label": "cart {k}: free cart move",
    "cart_food_label": "cart {k}: cart move for 1 food",
    "cart_slot_empty": "cart slot {k}: empty (buy a cart at the Village)",
    # road track
    "road_label": "road track: step {pos} of {steps}; draws {n} goods a round. Build roads at "
                  "the Road with stone + wood.",
    "road_track": "Road track",
    "road_step_of": "step {pos}/{steps}",
    "one_corn": "1 corn",
    "road_number": "number: goods you draw each round",
    "road_corn": ": 1 corn into your warehouse",
    # bag, crate, warehouse
    "bag": "Bag \u00b7 {n}",
    "bag_odds": "odds of each draw",
    "bag_label": "your bag: {words}. The order of the draw is unknown.",
    "bag_empty": "empty: the next draw pours in the crate",
    "crate": "Crate \u00b7 {n}",
    "crate_odds": "odds after the pour",
    "crate_used": "used goods",
    "crate_label": "your crate (used goods): {words}. It is poured into the bag when the bag is "
                   "empty and more goods must be drawn.",
    "warehouse": "Warehouse",
    "full": "{n} full",
    "wh_row": "warehouse row {r} ({vp} VP when complete): {what}",
    "then_complete": " \u2014 complete",
    "then_store": " \u2014 store the {good} here",
    # orders, houses, boats
    "open_order": "Open order",
    "needs": "; needs {goods}",
    "no_order": "none (take one at the Market for {price} coin)",
    "no_order_short": "none ({price} coin at the Market)",
    "completed_orders": "Completed orders: {n}",
    "completed_vp": " ({vp} VP)",
    "houses_count": "Houses: {n} ({vp} VP)",
    "boats_count": "Boats: {n} ({vp} VP)",
    "house_tip": "house ({vp} VP + {bonus} VP per {good})",
    "boat_tip": "boat ({vp} VP; gave 1 {good})",
    # final storage
    "final_storage": "Final storage: {n} left \u2014 pick a good, then a row",
    "store_a": "store a {good} (final storage)",
    # another player's panel
    "other_players": "Other players",
    "state_to_act": "to act",
    "state_drawn": "drawn",
    "state_done_planning": "done planning",
    "state_passed": "passed",
    "state_start": "start player",
    "not_placed": "not placed",
    "other_label": "{name}: {role}, {vp} VP, {coins}; pawn: {pawn}; carts {used} of {carts} used; "
                   "draws {draws}; bag {bag}, crate {crate}; warehouse {rows} rows ({full} complete)",
    "other_order": "; order {oid}",
    "other_states": "; {states}",
    "vp_coins": "{vp} VP \u00b7 {coins}",
    "other_line": "Pawn: {pawn} \u00b7 carts {used}/{carts} used \u00b7 draws {draws}",
    "planning": "Planning:",
    "on_spaces": "On spaces:",
    "none": "none",
    "other_bits": "Bag {bag} \u00b7 Crate {crate} \u00b7 Warehouse {rows} rows ({full} full)",
    "order_needs": "Order {oid} needs",
    "houses_n": "houses {n}",
    "boats_n": "boats {n}",
    "orders_done_n": "orders done {n}",
    "ext_list": "ext {ids}",
    "no_cards": "no order, houses or boats",
    # the table: locations, round, supply
    "stock_houses": "house cards",
    "stock_houses_of": "house cards ({goods})",
    "stock_boats": "boat cards",
    "stock_boats_of": "boat cards ({goods})",
    "stock_carts": "carts",
    "stock_orders": "face-up orders",
    "stock_left": "{n} {what} left",
    "location": "{name}: stock {stock}",
    "location_next": "{name} (next to the {prev} and the {next}): stock {stock}",
    "neighbours": "\u2194 {prev} \u00b7 {next}",
    "role_at": "at the {loc}:",
    "table": "Altiplano table",
    "part": "Altiplano: {part}",
    "part_ring": "the ring of locations",
    "part_board": "the action board",
    "part_display": "the extension display",
    "part_orders": "the face-up orders",
    "part_warehouse": "the warehouse",
    "pawns": "; pawns: {names}",
    "then_move_here": " \u2014 move here: {options}",
    "idle_here": " \u2014 nothing to do there this round: no recipe of yours is ready there (a recipe "
                 "runs only when its action spaces hold exactly its inputs) and no deal is open",
    "cart_or_step": "cart or step",
    "round": "Round {n}",
    "final_round": "FINAL ROUND",
    "last_round": "LAST: ROUND {n}",
    "winner": "Winner: {names}",
    "shared_win": "Shared win: {names}",
    "start_player": "start player: {name}",
    "supply": "general supply: {food} food; coins are unlimited",
    "player_n": "Player {n}",
    "extension_display": "Extension display",
    "pile": "pile {n}",
    "pile_next": " \u00b7 next {letter}",
    "pile_label": "extension pile: {n} face-down tiles",
    "pile_letters": ", letters {letters}",
    "empty_slot": "empty slot (+{n})",
    "then_buy": " \u2014 buy it",
    "then_take_order": " \u2014 take it for {price} coin{s}",
    "orders": "Orders ({n} face up)",
    "no_orders": "no orders left",
    "the_table": "The table",
    "roles_draft": "Roles to choose (draft, counter-clockwise)",
    "role_start": "start",
    # recipes
    "plus_step": "+1 step",
    "to_warehouse": "warehouse",
}


def board_words(key: str, **fields: object) -> str:
    """The board's text ``key`` of :data:`BOARD_WORDS` with ``fields`` filled in.

    >>> board_words("plan_space", k=3, what="empty")
    'planning space 3: empty'

    Raises KeyError for an unknown key or a missing field."""
    return BOARD_WORDS[key].format(**fields) if fields else BOARD_WORDS[key]


# ---------------------------------------------------------------- the position editor (issue 20)

COMPOSE_CORN = "Corn never goes into a bag, a crate or a planning space."
_COMPOSE_PLACES = {"bag": "bag", "crate": "crate", "planning": "planning spaces",
                   "warehouse": "warehouse"}


def compose_no_seat(seat: Any) -> str:
    """A seat the position does not have (``seat`` 0-based, said 1-based)."""
    return f"There is no seat {seat + 1 if isinstance(seat, int) else seat!r} at this table."


def compose_no_good(good: str) -> str:
    """A good the house set does not have."""
    return f"There is no good called {good!r} in this game."


def compose_no_place(where: str) -> str:
    """A place of a seat the editor cannot fill with goods."""
    return f"Goods go into a bag, a crate or the planning spaces, not {where!r}."


def compose_no_location(loc: str) -> str:
    """A pawn location that is not on the ring."""
    return f"There is no location {loc!r} on the ring ({', '.join(LOCATION_NAMES.values())})."


def compose_supply_short(good: str, want: int, have: int) -> str:
    """Goods asked from the supply beyond what it holds (goods are conserved, spec §21.1)."""
    return (f"The supply has {have} {good_name(good)} left, not {want}: take some back from a "
            f"seat first.")


def compose_place_short(good: str, want: int, have: int, where: str) -> str:
    """More goods taken out of a seat's place than it holds."""
    return f"The {_COMPOSE_PLACES.get(where, where)} holds {have} {good_name(good)}, not {want}."


def compose_swap(where: str, card: str) -> str:
    """A display or order swap that names a card not waiting in the pile (or out of the game)."""
    if where == "display":
        return f"Extension {card!r} is not in the pile, so it cannot be put on the display."
    return f"Order {card!r} is not out of the game, so it cannot be made an open order."


# ---------------------------------------------------------------- newcomers (issue 22)

#: The player aid: Altiplano's turn structure, what ends the game and what scores, in at most 8
#: short lines (shown by the play screen's "Turn summary" button)
TURN_SUMMARY = (
    "A round: Draw, then Plan, then Actions (in turn, until everyone has passed).",
    "Draw: fill your open planning spaces from your bag.",
    "Plan: put goods (and coins) on the action spaces of locations, then Done planning; "
    "the others see it in the Actions phase. A recipe runs only with exactly its inputs.",
    "Actions: move your pawn (placing it is free; a cart: the first a round free, then 1 food; "
    "a step: 1 food) and act at one location a turn with the goods planned there.",
    "After acting, moving on ends that turn's actions: act there next turn. End turn, or Pass "
    "for the rest of the round.",
    "Goods are never used up: used and gained goods go to your crate, then your bag. Goods left "
    "on action spaces stay there until you take them back in a Draw.",
    "The end: a location runs empty or the extension pile cannot refill the display; one more "
    "round follows.",
    "Score: goods' values, houses (4), boats (2), orders, house bonuses and full warehouse rows; "
    "equal: the most coins.",
)


#: the turn bar's short step buttons on a phone (``#bar-act``): move -> visible text (its
#: accessible name), the status line says the rest ("…, then Done")
BAR_WORDS = {"draw": "Draw", "done": "Done", "end": "End turn"}
#: the turn bar's step when it is the only legal move (the status then says "…: pass")
BAR_ONLY_WORDS = {"pass": "Pass"}


def bar_step(legal: list[str]) -> tuple[str, str] | None:
    """``(move, short words)`` of the step the status asks for, for the turn bar (issue 22: on
    a phone the board's own button is below the fold), or None: Draw, Done or End turn when
    legal (:data:`BAR_WORDS`), Pass when it is the only legal move (nothing is ready where the
    pawn stands and it cannot move: the status says "pass").

    >>> bar_step(["end", "go:farm"]), bar_step(["pass"]), bar_step(["go:farm", "pass"])
    (('end', 'End turn'), ('pass', 'Pass'), None)
    """
    for move, text in BAR_WORDS.items():
        if move in legal:
            return move, text
    if len(legal) == 1 and legal[0] in BAR_ONLY_WORDS:
        return legal[0], BAR_ONLY_WORDS[legal[0]]
    return None


def nothing_planned(view: dict) -> bool:
    """True in the Planning phase when the viewer has placed nothing this round (no good and
    no coin on an action space is fresh): a Done planning now would leave the action spaces as
    they were, with the drawn goods still on the planning spaces."""
    seat_no = view.get("player")
    if view.get("phase") != "planning" or seat_no is None:
        return False
    sources = (view["seats"][int(seat_no)].get("sources") or {}).values()
    return not any(src.get("fresh") or src.get("fresh_coins") for src in sources)


def confirm_first(view: dict, move: str) -> str | None:
    """The words a first click on ``move`` shows instead of playing it, when the move has a
    consequence a newcomer does not expect (issue 22); a second click on it plays it. None:
    the move plays at once. Now: Done planning with nothing planned this round, or a plan that
    needs more locations than the pawn can reach; Pass while an action the viewer planned is
    ready where the pawn can still act (:func:`ready_unused`; new-user run: a Pass in round 1
    with fish planned on the Harbor ended the round at once, and a Pass cannot be undone).

    >>> confirm_first({"phase": "draw", "player": 0, "seats": [{}]}, "done") is None
    True
    """
    if move == "done" and nothing_planned(view):
        return ("Nothing planned this round: your drawn goods stay unused. Click Done again to "
                "confirm.")
    if move == "done":
        short = plan_reach(view)
        if short:
            # what to do first: a phone's bar shows two lines of it (new-user run: the end, "Click
            # Done again", was cut off and a second tap seemed to do nothing)
            return f"Click Done again to keep this plan, or change it. {short}"
    if move == "pass":
        ready = ready_unused(view)
        if ready:
            # what to do first: a phone's bar shows two lines of it (new-user run)
            return (f"Click Pass again to pass, or act first: {_join(ready)} "
                    f"{'is' if len(ready) == 1 else 'are'} ready to run and would stay unused "
                    "(a Pass ends your round).")
    return None


def ready_unused(view: dict) -> list[str]:
    """In the Actions phase, for the viewer to move: the actions the viewer planned that are
    ready (the goods or coins on their spaces are exactly a recipe's inputs, spec §6.2) and
    that the pawn can still run this round — at its location with the action among the legal
    moves, or at a location it may be placed on, ride or step to (a legal ``@``, ``go:`` or
    ``step:`` move). Each as words, e.g. ``"your Harbor action"``, ``"the Fisherman's
    action"``; empty in any other phase. Spec §6.3: a Pass ends the player's round."""
    me = view.get("player")
    if view.get("phase") != "actions" or me is None or me != view.get("current_player"):
        return []
    seat = view["seats"][me]
    legal = [str(m) for m in view.get("legal_moves") or []]
    hs = _hs(view.get("options"))
    S = hs.sources(_mode(view.get("options")))
    out = []
    for sid, entry in (seat.get("sources") or {}).items():
        src = S.get(sid)
        if src is None or not src.recipes or not entry:
            continue
        goods = hs.canon(entry.get("goods") or ())
        coins = int(entry.get("coins") or 0)
        ready = bool(src.exact.get(goods)) if goods and not coins else \
            bool(not goods and coins and src.coin_exact.get(coins))
        if not ready:
            continue
        here = seat.get("pawn") == src.loc and any(m == sid or m.startswith(sid + ":") for m in legal)
        there = any(m in (f"@{src.loc}", f"go:{src.loc}", f"step:{src.loc}") for m in legal)
        if here or there:
            out.append(_source_words(sid, src))
    return out


def _source_words(sid: str, src: Any) -> str:
    """An action source in words for the viewer: ``"your Harbor action"`` (a location's),
    ``"the Fisherman's action"`` (a role's), ``"extension A1"``."""
    if src.kind == "location":
        return f"your {location_name(sid)} action"
    if src.kind == "role":
        return f"the {role_name(sid)}'s action"
    return f"extension {sid}"


def plan_reach(view: dict) -> str | None:
    """In the Planning phase, the words that warn the viewer whose plan needs the pawn at more
    locations than it can reach this round, or None (spec §8, issue 22; new-user run: food
    planned for the Harbor, an action at the Market first, then no move left to reach it).

    Each location with goods or coins of the viewer on an action space (its own, the role's, an
    extension's) needs the pawn there once. The pawn covers, at most: where it stands (or, before
    its first placement, any one location: that placement is free), one more location per free
    cart move (the first cart of the round; extension D7's extra cart) and one more per food (or
    coin, with ``coin_can_pay_movement``) planned on the movement spaces. An upper bound: a cart
    goes at most 3 steps, so the warning is never wrong when it is given.

    >>> from altibox.altiplano import new_game, apply, view
    >>> s = new_game(seed=5, players=2)
    >>> while s.phase != "planning": s = apply(s, "draw")
    >>> plan_reach(view(s, s.current)) is None
    True
    """
    seat_no = view.get("player")
    if view.get("phase") != "planning" or seat_no is None:
        return None
    seat = view["seats"][int(seat_no)]
    options = view.get("options") or {}
    S = _hs(options).sources(_mode(options))  # each source's location (``loc``), passive
    sources = seat.get("sources") or {}
    need: list[str] = []
    for sid, src in sources.items():
        loc = S[sid].loc if (src.get("goods") or src.get("coins")) else None
        if loc and loc not in need:
            need.append(loc)
    move = sources.get("move") or {}
    paid = list(move.get("goods") or []).count("food")
    if options.get("coin_can_pay_movement", False):
        paid += int(move.get("coins") or 0)
    exts = seat.get("extensions") or []
    free = (1 if int(seat.get("carts") or 0) >= 1 else 0) + sum(
        1 for e in exts if S[e].passive == "extra_cart")
    pawn = seat.get("pawn")
    reach = (1 if pawn is None or pawn in need else 0) + free + paid
    if len(need) <= reach:
        return None
    where = _join([f"the {location_name(loc)}" for loc in need])
    stands = ("your pawn's first placement is free" if pawn is None
              else f"your pawn is at the {location_name(pawn)}")
    carts = ("the first cart move of the round is free" if free else "you have no cart")
    food = f"you planned {paid or 'none'}"
    return (f"Your plan needs your pawn at {len(need)} locations ({where}), but it can reach at "
            f"most {reach} this round: {stands}, {carts}, and every further move (a step to a "
            f"neighbour, or a second cart's ride) costs 1 food on the movement spaces ({food}). "
            f"Plan food on Movement, or fewer locations.")


#: the focused part of the table (``focus=`` of an embed) -> what it is called
PART_NAMES = {"ring": "the ring of locations", "board": "the player's board",
              "display": "the extension display", "orders": "the orders",
              "warehouse": "the warehouse"}


def part_prompt(state: State, names: list | None, part: str | None) -> str:
    """:func:`prompt` for a view that shows one part of the table only (``focus=``, issue 22):
    a step that is taken elsewhere (the Draw, the planning: on the player's board) is named
    without asking for a button this part does not have.

    >>> from altibox.altiplano import new_game
    >>> s = new_game(seed=5, players=2)
    >>> part_prompt(s, None, "display")
    'Player 1 draws goods from the bag (on their board, not shown here)'
    """
    words = prompt(state, names)
    if not part or part == "board" or not words:
        return words
    who = player_name(state, state.current, names)
    ph = state.phase
    if ph == "draw":
        return f"{who} draws goods from the bag (on their board, not shown here)"
    if ph == "planning":
        return f"{who} plans (on their board, not shown here)"
    if ph == "final_storage":
        return f"{who} stores goods in the warehouse (final storage)" if part == "warehouse" \
            else f"{who}: final storage (on their board, not shown here)"
    if ph == "roles":
        return f"{who} chooses a role (not shown here)"
    if part == "ring":
        return words
    return f"{who}'s turn in the Actions phase ({PART_NAMES.get(part, part)} shown here)"
