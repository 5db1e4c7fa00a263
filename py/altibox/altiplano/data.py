"""The Altiplano component data (the house set), loaded from one JSON file (spec §18).

All printed data — goods, supplies by player count, roles, location recipes, extensions, orders,
houses, boats, values, prices, warehouse, road track, display — lives in
``altiplano/<name>.json`` (default ``house_set.json``). This module reads it and precomputes what
the rules need (action sources with their exact-match tables); no component data is hard-coded in
Python, so a published set can replace the file without code changes (spec §18 "Where it lives").

The file is found next to this module (``os.path.dirname(__file__)``), which works in CPython and
in Pyodide alike (the files are plain files in both); when the package is imported from a zip,
``importlib.resources`` reads it instead.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from typing import Any

_NAME_RE = re.compile(r"^[a-z0-9_]+$")
_CACHE: dict[str, "HouseSet"] = {}

#: Recipe effect keys (spec §7): exactly one is present besides ``in``/``coins_in``/``mode``.
EFFECTS = ("gain", "choose", "coins", "road", "card", "store")


class Recipe:
    """One recipe ``inputs -> effect`` of an action source (spec §7).

    Attributes:
        ins: canonical tuple of input goods; ``"*"`` stands for any non-food good.
        coins_in: coins that must lie on the source's coin spaces (Market extensions, spec §9.3).
        gain: goods gained from the supply into the crate.
        choose: goods of which the player gains one of their choice.
        coins: coins gained from the bank.
        road: steps advanced on the road track.
        card: ``"house"`` or ``"boat"``: take one such card of the player's choice.
        store: the inputs go into the warehouse instead of the crate.
    """

    __slots__ = ("ins", "coins_in", "gain", "choose", "coins", "road", "card", "store", "key")

    def __init__(self, raw: dict, order: dict[str, int]):
        self.ins = tuple(sorted(raw.get("in", ()), key=lambda g: order.get(g, 99)))
        self.coins_in = int(raw.get("coins_in", 0))
        self.gain = tuple(sorted(raw.get("gain", ()), key=order.__getitem__))
        self.choose = tuple(raw.get("choose", ()))
        self.coins = int(raw.get("coins", 0))
        self.road = int(raw.get("road", 0))
        self.card = raw.get("card")
        self.store = bool(raw.get("store", False))
        self.key = json.dumps({k: raw[k] for k in sorted(raw) if k not in ("mode", "note", "source")},
                              sort_keys=True)


class Source:
    """An action source of a player's board: a location section, the role tile, an extension or
    the movement food spaces (spec §5, §7).

    Attributes:
        sid: the source id used in notation (location id, role id, extension id or ``"move"``).
        kind: ``"location"``, ``"role"``, ``"extension"``, ``"market"`` or ``"move"``.
        loc: the location where it is used (``None`` for ``"move"``).
        spaces: number of goods spaces; coin_spaces: number of coin spaces.
        recipes: tuple of :class:`Recipe`.
        partial: every canonical goods tuple that may lie on the spaces (a sub-multiset of some
            recipe's inputs) — placements outside it could never run, so planning refuses them.
        exact: canonical goods tuple -> indexes of the recipes it matches exactly (spec §7).
        coin_exact: coins on the coin spaces -> indexes of coin-only recipes.
        passive: ``"final_storage"``, ``"draw_control"``, ``"extra_cart"`` or ``None``.
        signature: what "the same action" means for the no-duplicate and not-your-role rules.
    """

    __slots__ = ("sid", "kind", "loc", "spaces", "coin_spaces", "recipes", "partial", "exact",
                 "coin_exact", "passive", "amount", "signature")


class HouseSet:
    """The loaded component data with derived tables. Read-only; shared by all states.

    Raises ``ValueError`` (from :func:`load`) when the file is missing or malformed.
    """

    def __init__(self, name: str, raw: dict):
        self.name = name
        self.raw = raw
        self.goods: tuple[str, ...] = tuple(raw["goods"])
        self.order = {g: i for i, g in enumerate(self.goods)}
        #: goods that may lie in a warehouse / on the Market: everything but food and corn.
        self.nonfood: tuple[str, ...] = tuple(g for g in self.goods if g not in ("food", "corn"))
        self.values: dict[str, int] = dict(raw["goods_values"])
        self.prices: dict[str, int] = dict(raw["market_prices"])
        wh = raw["warehouse"]
        self.wh_rows, self.wh_len = int(wh["rows"]), int(wh["row_length"])
        self.wh_points = tuple(wh["row_points"])
        self.track = tuple(raw["road_track"])
        disp = raw["display"]
        self.slots = int(disp["slots"])
        self.surcharges = tuple(disp["surcharges"])
        self.letter_prices = dict(disp["prices"])
        self.locations: dict[str, dict] = raw["locations"]
        self.loc_ids = tuple(self.locations)
        self.roles: dict[str, dict] = raw["roles"]
        self.role_ids = tuple(self.roles)
        self.extensions: dict[str, dict] = {e["id"]: e for e in raw["extensions"]}
        self.orders: dict[str, tuple[tuple[str, ...], int]] = {
            o["id"]: (self.canon(o["goods"]), int(o["vp"])) for o in raw["orders"]}
        self.order_ids = tuple(o["id"] for o in raw["orders"])
        self.house_types = tuple(h["type"] for h in raw["houses"])
        self.boat_goods = tuple(b["good"] for b in raw["boats"])
        cv = raw["card_values"]
        self.house_vp, self.boat_vp, self.bonus_vp = cv["house"], cv["boat"], cv["house_bonus_per_good"]
        ab = raw["action_board"]
        self.planning_spaces = int(ab["planning_spaces"])
        self.open_spaces = int(ab["open_planning_spaces"])
        self.cart_slots = int(ab["cart_slots"])
        self.move_spaces = int(ab["movement_food_spaces"])
        self.cart_price = int(self.locations["village"].get("cart_price", 1))
        self.order_price = int(self.locations["market"].get("order_price", 1))
        self._sources: dict[tuple, dict[str, Source]] = {}

    # -- helpers -------------------------------------------------------------------------------
    def canon(self, goods) -> tuple[str, ...]:
        """Goods as a canonical tuple (sorted in the file's goods order)."""
        return tuple(sorted(goods, key=self.order.__getitem__))

    def supply(self, players: int) -> dict:
        """The H1 row for ``players``: ``{"goods": {...}, "carts": n, "orders": n}`` (and
        ``"boats": n`` where the row sets the boat count, ``"houses": [type, ...]`` where it names
        the house cards)."""
        return self.raw["supply_by_players"][str(players)]

    def boats_for(self, players: int) -> tuple[str, ...]:
        """The boat cards (their goods) in a ``players``-player game: the first ``boats`` of the
        file's ``boats`` list when the H1 row sets ``boats`` (spec §18 H1/H11: the count per
        player count is a DECISION; house set 7 on), else every boat."""
        n = self.supply(players).get("boats")
        return self.boat_goods if n is None else self.boat_goods[:int(n)]

    def houses_for(self, players: int) -> tuple[str, ...]:
        """The house cards (their good types) in a ``players``-player game, in the file's order
        (spec §18 H1/H11: the cards per player count are a DECISION): the types the H1 row lists
        under ``houses`` where it lists them (house set 12 on), else every house."""
        kept = self.supply(players).get("houses")
        return self.house_types if kept is None else tuple(t for t in self.house_types if t in kept)

    def _role_row(self, role: str, players: int) -> dict:
        """What the ``players`` H1 row sets for ``role`` (``{"coins": n, "start": {...}}``, only
        the keys it sets; empty where it sets nothing)."""
        return self.supply(players).get("roles", {}).get(role, {})

    def role_coins(self, role: str, players: int) -> int:
        """Coins the role starts with in a ``players``-player game (spec §18 H2): the H1 row's
        ``roles.<role>.coins`` where the row sets it (house set 10 on), else the role's own."""
        return int(self._role_row(role, players).get("coins", self.roles[role].get("coins", 0)))

    def role_start(self, role: str, players: int) -> dict[str, int]:
        """Goods the role starts with in a ``players``-player game, ``{good: count}`` (spec §10,
        H2): the H1 row's ``roles.<role>.start`` where the row sets it, else the role's own."""
        return dict(self._role_row(role, players).get("start", self.roles[role]["start"]))

    def role_overrides(self, role: str) -> dict[int, dict]:
        """The player counts whose H1 row changes the role's start: ``{players: {"coins": n,
        "start": {...}}}`` (only the keys the row sets); empty for every role before house set 10."""
        rows = (int(k) for k in self.raw["supply_by_players"] if k.isdigit())
        return {n: dict(self._role_row(role, n)) for n in sorted(rows) if self._role_row(role, n)}

    def unlocked(self, road: int) -> int:
        """Open planning spaces for a marker ``road`` steps down the track (spec §12, H7)."""
        return self.open_spaces + sum(1 for step in self.track[:road] if "unlock" in step)

    def ext_price(self, eid: str) -> int:
        """Printed price of an extension (H8: by letter; the file also carries it per tile)."""
        e = self.extensions[eid]
        return int(e.get("price", self.letter_prices[e["letter"]]))

    # -- action sources ------------------------------------------------------------------------
    def sources(self, forest_mode: str) -> dict[str, Source]:
        """Every action source (locations, roles, extensions, ``move``) for a forest mode."""
        key = (forest_mode,)
        if key not in self._sources:
            out: dict[str, Source] = {}
            for lid, loc in self.locations.items():
                recipes = [r for r in loc.get("recipes", ()) if r.get("mode", forest_mode) == forest_mode]
                if loc.get("market"):
                    out[lid] = self._source(lid, "market", lid, loc["spaces"], 0,
                                            [{"in": ["*"] * loc["spaces"], "market": True}], None, 0)
                    out[lid].recipes = ()
                else:
                    out[lid] = self._source(lid, "location", lid, loc["spaces"], 0, recipes, None, 0)
            for rid, role in self.roles.items():
                out[rid] = self._source(rid, "role", role["location"], role["spaces"], 0,
                                        role["recipes"], None, 0)
            for eid, e in self.extensions.items():
                out[eid] = self._source(eid, "extension", e["location"], e.get("spaces", 0),
                                        e.get("coin_spaces", 0), e.get("recipes", ()),
                                        e.get("passive"), e.get("amount", 0))
            out["move"] = self._source("move", "move", None, self.move_spaces, 0,
                                       [{"in": ["food"] * self.move_spaces, "move": True}], None, 0)
            out["move"].recipes = ()
            self._sources[key] = out
        return self._sources[key]

    def _expand(self, ins: tuple) -> list[tuple]:
        opts = [self.nonfood if g == "*" else (g,) for g in ins]
        return [self.canon(c) for c in itertools.product(*opts)]

    def _source(self, sid, kind, loc, spaces, coin_spaces, raw_recipes, passive, amount) -> Source:
        s = Source()
        s.sid, s.kind, s.loc, s.spaces, s.coin_spaces = sid, kind, loc, int(spaces), int(coin_spaces)
        s.passive, s.amount = passive, int(amount)
        recipes = tuple(Recipe(r, self.order) for r in raw_recipes)
        s.recipes = recipes
        partial: set[tuple] = {()}
        exact: dict[tuple, list[int]] = {}
        coin_exact: dict[int, list[int]] = {}
        for i, r in enumerate(recipes):
            if r.ins:
                for full in set(self._expand(r.ins)):
                    exact.setdefault(full, []).append(i)
                    for k in range(len(full) + 1):
                        partial.update(itertools.combinations(full, k))
            elif r.coins_in:
                coin_exact.setdefault(r.coins_in, []).append(i)
        if kind in ("market", "move"):
            for raw in raw_recipes:
                for full in set(self._expand(tuple(raw["in"]))):
                    for k in range(len(full) + 1):
                        partial.update(itertools.combinations(full, k))
        s.partial = frozenset(partial)
        s.exact = {k: tuple(v) for k, v in exact.items()}
        s.coin_exact = {k: tuple(v) for k, v in coin_exact.items()}
        s.signature = (loc, tuple(sorted(r.key for r in recipes)), passive)
        return s


def data_path(name: str) -> str:
    """Path of the data file ``name`` (without ``.json``) inside this package."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".json")


def versions() -> list[str]:
    """The house sets this package holds, newest first: ``["house_set_13", …, "house_set_2",
    "house_set"]`` (the data files ``house_set.json`` = version 1 and ``house_set_<n>.json``)."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        names = [f[:-5] for f in os.listdir(here) if re.fullmatch(r"house_set(_[0-9]+)?\.json", f)]
    except OSError:
        return []
    return sorted(names, key=lambda n: -int(n.rsplit("_", 1)[1]) if n != "house_set" else 0)


def load_raw(name: str = "house_set") -> dict[str, Any]:
    """The raw JSON object of a data file.

    Raises:
        ValueError: a bad name, a missing file or invalid JSON.
    """
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise ValueError(f"bad house set name {name!r}")
    try:
        try:
            with open(data_path(name), encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            # imported from a zip (zipimport): read the file through importlib.resources
            from importlib import resources
            text = resources.files(__package__).joinpath(name + ".json").read_text(encoding="utf-8")
        return json.loads(text)
    except (OSError, FileNotFoundError, ModuleNotFoundError, TypeError):
        known = versions()
        # said to players (a link's house_set=): no file names (new-user run: it read as a
        # developer's message)
        have = f"; the versions are {', '.join(known)} (version 1)" if known else ""
        raise ValueError(f"house_set={name} names no version of the house set (the components' "
                         f"values){have}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"component data file {name!r} is not valid JSON: {exc}") from None


def load(name: str = "house_set") -> HouseSet:
    """The :class:`HouseSet` named ``name`` (cached).

    Raises:
        ValueError: the file is missing or malformed.
    """
    hs = _CACHE.get(name)
    if hs is None:
        raw = load_raw(name)
        try:
            hs = HouseSet(name, raw)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"component data file {name!r} is malformed: {exc!r}") from None
        _CACHE[name] = hs
    return hs
