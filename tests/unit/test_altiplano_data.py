"""The Altiplano component data file (house set, spec §18): schema and the spec's totals."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from altibox.altiplano import data as D

HERE = os.path.dirname(__file__)
RAW = D.load_raw("house_set")
EFFECT_KEYS = set(D.EFFECTS)


def _validate(value, schema, root, path="$"):
    """A small JSON-Schema subset (type, enum, required, properties, additionalProperties,
    items, min/maxItems, min/maxProperties, minimum, maximum, anyOf, $ref). Returns errors."""
    errs = []
    if "$ref" in schema:
        node = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        return _validate(value, node, root, path)
    if "anyOf" in schema:
        if all(_validate(value, sub, root, path) for sub in schema["anyOf"]):
            errs.append(f"{path}: matches no alternative")
        return errs
    t = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "integer": int, "boolean": bool}
    if t and (not isinstance(value, types[t]) or (t == "integer" and isinstance(value, bool))):
        return [f"{path}: expected {t}, got {type(value).__name__}"]
    if "enum" in schema and value not in schema["enum"]:
        errs.append(f"{path}: {value!r} not in {schema['enum']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errs.append(f"{path}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errs.append(f"{path}: {value} > {schema['maximum']}")
    if isinstance(value, dict):
        for k in schema.get("required", ()):
            if k not in value:
                errs.append(f"{path}: missing {k!r}")
        if "minProperties" in schema and len(value) < schema["minProperties"]:
            errs.append(f"{path}: too few properties")
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            errs.append(f"{path}: too many properties")
        props = schema.get("properties", {})
        for k, v in value.items():
            if k in props:
                errs += _validate(v, props[k], root, f"{path}.{k}")
            elif schema.get("additionalProperties") is False:
                errs.append(f"{path}: unexpected {k!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                errs += _validate(v, schema["additionalProperties"], root, f"{path}.{k}")
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            errs.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errs.append(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for k, v in enumerate(value):
                errs += _validate(v, schema["items"], root, f"{path}[{k}]")
    return errs


@pytest.mark.parametrize("name", ["house_set", "house_set_2", "house_set_3", "house_set_4", "house_set_5", "house_set_6", "house_set_7", "house_set_8", "house_set_9", "house_set_10", "house_set_11", "house_set_12", "house_set_13"])
def test_file_matches_schema(name):
    with open(os.path.join(HERE, "data", "altiplano_house_set.schema.json"), encoding="utf-8") as fh:
        schema = json.load(fh)
    assert _validate(D.load_raw(name), schema, schema) == []


@pytest.mark.parametrize("name,version", [("house_set", 1), ("house_set_2", 2), ("house_set_3", 3),
                                          ("house_set_4", 4), ("house_set_5", 5),
                                          ("house_set_6", 6), ("house_set_7", 7), ("house_set_8", 8),
                                          ("house_set_9", 9), ("house_set_10", 10), ("house_set_11", 11),
                                          ("house_set_12", 12), ("house_set_13", 13)])
def test_every_version_matches_the_schema_names_its_version_and_keeps_the_box(name, version):
    """Issue 18: the option ``house_set`` names the file; each file says its version; the
    sourced box totals and the goods' order (which orders stored goods' rows in the notation)
    are the same in every version."""
    with open(os.path.join(HERE, "data", "altiplano_house_set.schema.json"), encoding="utf-8") as fh:
        schema = json.load(fh)
    raw = D.load_raw(name)
    assert _validate(raw, schema, schema) == []
    assert raw["version"] == version
    assert raw["goods"] == RAW["goods"] and raw["box_totals"] == RAW["box_totals"]
    assert D.load(name).name == name


def test_schema_validator_catches_errors():
    with open(os.path.join(HERE, "data", "altiplano_house_set.schema.json"), encoding="utf-8") as fh:
        schema = json.load(fh)
    bad = json.loads(json.dumps(RAW))
    bad["extensions"][0]["letter"] = "E"
    del bad["orders"][3]["vp"]
    errs = _validate(bad, schema, schema)
    assert any("letter" in e or "'E'" in e for e in errs) and any("vp" in e for e in errs)


def test_goods_and_box_totals():
    """§3.1: 209 goods tiles with the sourced per-type counts."""
    goods = RAW["box_totals"]["goods"]
    assert RAW["goods"] == list(goods)
    assert sum(goods.values()) == 209
    assert goods == {"food": 36, "corn": 25, "wood": 20, "stone": 20, "ore": 15, "wool": 15,
                     "cloth": 15, "silver": 15, "fish": 12, "glass": 12, "alpaca": 12, "cacao": 12}
    bt = RAW["box_totals"]
    assert (bt["carts"], bt["orders"], bt["houses"], bt["boats"], bt["extensions"]) == (15, 16, 10, 10, 28)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_supply_by_players_within_box(players):
    row = RAW["supply_by_players"][str(players)]
    box = RAW["box_totals"]["goods"]
    assert set(row["goods"]) == set(box)
    assert all(0 < row["goods"][g] <= box[g] for g in box)
    assert row["carts"] == 3 * players  # H1 DECISION: 3 per player (4p = 12 [SRC MM])
    assert row["orders"] == (10 if players <= 3 else 12)  # 16 - 6 or 16 - 4 [SRC SD]


def test_supply_sourced_cells_and_table():
    """H1: the sourced 4-player cells, 5 players = box totals, and the whole table."""
    t = {n: RAW["supply_by_players"][str(n)]["goods"] for n in (2, 3, 4, 5)}
    assert t[4]["wood"] == 18 and t[4]["cacao"] == 11 and RAW["supply_by_players"]["4"]["carts"] == 12
    assert t[5] == RAW["box_totals"]["goods"]
    for n, (ws, osw, cfag, corn) in {2: (12, 9, 7, 15), 3: (15, 11, 9, 19), 4: (18, 13, 11, 22),
                                     5: (20, 15, 12, 25)}.items():
        assert t[n]["wood"] == t[n]["stone"] == ws
        assert t[n]["ore"] == t[n]["cloth"] == t[n]["silver"] == t[n]["wool"] == osw
        assert t[n]["cacao"] == t[n]["fish"] == t[n]["alpaca"] == t[n]["glass"] == cfag
        assert t[n]["corn"] == corn and t[n]["food"] == 36


def test_roles():
    """H2: 7 roles, 1 space with a 1-input recipe, 4 starting goods each; the Miner is sourced."""
    roles = RAW["roles"]
    assert set(roles) == {"woodcutter", "fisherman", "shepherd", "miner", "farmer", "trader", "stonemason"}
    for rid, r in roles.items():
        assert r["spaces"] == 1 and len(r["recipes"]) == 1 and len(r["recipes"][0]["in"]) == 1
        assert sum(r["start"].values()) == 4, rid
        assert r["start"]["food"] == 2
    assert roles["miner"]["location"] == "mine"
    assert roles["miner"]["start"] == {"food": 2, "fish": 1, "ore": 1} and roles["miner"]["coins"] == 1
    assert roles["trader"]["coins"] == 2
    assert {rid: r["location"] for rid, r in roles.items()} == {
        "fisherman": "harbor", "shepherd": "farm", "woodcutter": "forest", "farmer": "forest",
        "miner": "mine", "stonemason": "village", "trader": "market"}


def test_locations_and_stock():
    """§4 step 3 stock table and H3 spaces."""
    locs = RAW["locations"]
    assert {k: v["stock"] for k, v in locs.items()} == {
        "farm": ["alpaca", "wool", "cloth"], "forest": ["wood", "cacao"],
        "mine": ["stone", "ore", "silver"], "harbor": ["fish", "boats"], "road": ["corn"],
        "village": ["houses", "carts"], "market": ["glass", "orders"]}
    assert {k: v["spaces"] for k, v in locs.items()} == {
        "farm": 2, "forest": 2, "mine": 2, "harbor": 2, "road": 2, "village": 2, "market": 3}
    stocked = [g for v in locs.values() for g in v["stock"] if g in RAW["goods"]]
    assert sorted(stocked) == sorted(set(RAW["goods"]) - {"food"})  # food is in the centre


def test_values_prices_warehouse_track_display_board():
    v = RAW["goods_values"]
    assert v["food"] == 0 and v["corn"] == v["wood"] == v["stone"] == 1
    assert v["fish"] == v["alpaca"] == v["cacao"] == v["ore"] == 2
    assert v["wool"] == v["glass"] == 3 and v["cloth"] == v["silver"] == 4
    p = RAW["market_prices"]
    assert p["silver"] == 3 and p["glass"] == 2
    assert all(p[g] == 1 for g in p if g not in ("silver", "glass")) and len(p) == 10
    assert RAW["warehouse"] == {"rows": 8, "row_length": 4, "row_points": [1, 2, 3, 4, 5, 6, 7, 8]}
    track = RAW["road_track"]
    assert [s.get("unlock") for s in track[0::2]] == [5, 6, 7, 8]
    assert all(s == {"corn": 1} for s in track[1::2]) and len(track) == 8
    assert RAW["display"]["surcharges"] == [0, 1, 2, 3, 4]
    assert RAW["display"]["prices"] == {"A": 2, "B": 3, "C": 4, "D": 5}
    assert RAW["action_board"] == {"planning_spaces": 8, "open_planning_spaces": 4, "cart_slots": 4,
                                   "movement_food_spaces": 3}


def test_extensions():
    """H9: 28 tiles, 7 per letter (4 unmarked + 3+, 4+, 5+), price by letter, in-play counts."""
    exts = RAW["extensions"]
    assert len({e["id"] for e in exts}) == 28
    for letter in "ABCD":
        group = [e for e in exts if e["letter"] == letter]
        assert len(group) == 7
        assert Counter(e["min_players"] for e in group) == {2: 4, 3: 1, 4: 1, 5: 1}
        assert all(e["price"] == RAW["display"]["prices"][letter] for e in group)
    for n, count in {2: 16, 3: 20, 4: 24, 5: 28}.items():
        assert sum(1 for e in exts if e["min_players"] <= n) == count
    by = {e["id"]: e for e in exts}
    assert by["C7"]["recipes"] == by["C1"]["recipes"] and by["C7"]["location"] == by["C1"]["location"]
    assert by["D1"]["passive"] == "final_storage" and by["D2"]["passive"] == "draw_control"
    assert by["D7"]["passive"] == "extra_cart"
    assert by["B7"]["coin_spaces"] == 2 and by["C6"]["coin_spaces"] == 1
    # each A tile copies one role's action (same location and recipe)
    roles = RAW["roles"]
    copies = {e["id"]: [rid for rid, r in roles.items()
                        if r["location"] == e["location"] and r["recipes"] == e["recipes"]]
              for e in exts if e["letter"] == "A"}
    assert copies == {"A1": ["fisherman"], "A2": ["shepherd"], "A3": ["woodcutter"], "A4": ["miner"],
                      "A5": ["farmer"], "A6": ["stonemason"], "A7": ["trader"]}
    goods = set(RAW["goods"]) | {"*"}
    for e in exts:
        for r in e["recipes"]:
            assert set(r.get("in", [])) <= goods and set(r.get("gain", [])) <= goods
            assert len(set(r) & EFFECT_KEYS) == 1
            assert len(r.get("in", [])) <= e["spaces"]


def test_orders_houses_boats():
    """H10: VP = sum of H4 values + 3, within the sourced 9–19; H11: one card per type."""
    v = RAW["goods_values"]
    orders = RAW["orders"]
    assert [o["id"] for o in orders] == [f"O{k}" for k in range(1, 17)]
    for o in orders:
        assert o["vp"] == sum(v[g] for g in o["goods"]) + 3
        assert 9 <= o["vp"] <= 19
        assert "food" not in o["goods"] and "corn" not in o["goods"]
    types = set(RAW["goods"]) - {"food", "corn"}
    assert sorted(h["type"] for h in RAW["houses"]) == sorted(types)
    assert sorted(b["good"] for b in RAW["boats"]) == sorted(types)
    assert RAW["card_values"] == {"house": 4, "boat": 2, "house_bonus_per_good": 1}


def test_recipes_of_locations_use_known_goods():
    goods = set(RAW["goods"]) | {"*"}
    for lid, loc in RAW["locations"].items():
        for r in loc["recipes"]:
            assert set(r.get("in", [])) <= goods and set(r.get("gain", [])) <= goods, lid
            assert len(r["in"]) <= loc["spaces"]


def test_loader_errors():
    with pytest.raises(ValueError):
        D.load("no_such_set")
    with pytest.raises(ValueError):
        D.load("../etc/passwd")
    hs = D.load()
    assert hs is D.load("house_set")  # cached
    assert hs.unlocked(0) == 4 and hs.unlocked(1) == 5 and hs.unlocked(3) == 6 and hs.unlocked(8) == 8
