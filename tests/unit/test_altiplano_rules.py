"""Altiplano scenario tests: setup, draw, planning, every location recipe, movement, carts,
extensions, the display, orders, the warehouse, the road, the end and scoring
(shared/rules/altiplano.md; values from the house set, §18)."""

from __future__ import annotations

import json

import pytest

from altibox import altiplano as A
from altibox.core import IllegalMoveError, PositionError, RecordError

from altiplano_support import (actions_start, give, load, moves, play, pos, scene, shelve, strip,
                               take_extension, unplayed)


def seat(state, i=0):
    return state.ps[i]


def role(d, seat_role, other=None):
    """Give seat 0 ``seat_role`` (and move the other seats off it)."""
    taken = {seat_role}
    d["seats"][0]["role"] = seat_role
    spare = [r for r in ("fisherman", "shepherd", "woodcutter", "farmer", "miner", "stonemason", "trader")
             if r != seat_role]
    for x in d["seats"][1:]:
        if x["role"] in taken:
            x["role"] = next(r for r in spare if r not in taken and all(y["role"] != r for y in d["seats"]))
        taken.add(x["role"])


# ---------------------------------------------------------------------------------------------
# Setup (§4)
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players):
    s = A.new_game(seed=11, players=players)
    hs = s.hs
    assert sorted(s.ring) == sorted(A.LOCATIONS)
    assert s.phase == "draw" and s.round == 1 and s.current == 0 and s.start_player == 0
    assert len(s.orders) == (10 if players <= 3 else 12)
    assert len(s.removed) == (6 if players <= 3 else 4)
    in_play = 16 + 4 * (players - 2)
    assert len(s.display) == 5 and len(s.pile) == in_play - 5
    # the pile is D at the bottom ... A on top; the display was revealed from the top
    letters = [hs.extensions[e]["letter"] for e in s.display + s.pile]
    assert letters == sorted(letters)
    assert s.carts == 3 * players - players
    roles = [p.role for p in s.ps]
    assert len(set(roles)) == players
    table = hs.supply(players)["goods"]
    over = hs.supply(players).get("roles", {})  # the row's per-count starts (house set 10 on)
    for p in s.ps:
        start = over.get(p.role, {}).get("start", hs.roles[p.role]["start"])
        assert p.bag == start and p.coins == over.get(p.role, {}).get("coins", hs.roles[p.role]["coins"])
        assert p.carts == 1 and p.road == 0 and p.pawn is None and not p.planning
    for g, n in table.items():
        given = sum(p.bag.get(g, 0) for p in s.ps)
        assert s.supply.get(g, 0) == n - given
    A.check(s)


def test_setup_is_seeded():
    a, b = A.new_game(seed=5, players=4), A.new_game(seed=5, players=4)
    assert A.to_position(a) == A.to_position(b)
    rings = {A.new_game(seed=k, players=4).ring for k in range(10)}
    assert len(rings) > 5


def test_first_player_and_deal_order():
    s = A.new_game(seed=3, players=3, first_player=2)
    assert s.start_player == 2 and s.current == 2 and s.queue == (2, 0, 1)
    with pytest.raises(ValueError):
        A.new_game(seed=3, players=3, first_player=3)
    with pytest.raises(ValueError):
        A.new_game(seed=3, players=6)
    with pytest.raises(ValueError):
        A.new_game(seed=-1, players=2)
    with pytest.raises(ValueError):
        A.new_game(seed=1, players=2, turn_mode="wild")
    with pytest.raises(ValueError):
        A.new_game(seed=1, players=2, empty_trigger_locations=["moon"])


def test_role_draft():
    """§4.7 draft: counter-clockwise from the last player; the last chooser starts."""
    s = A.new_game(seed=3, players=3, role_selection="draft", first_player=1)
    assert s.phase == "roles" and s.queue == (0, 2, 1) and s.current == 0
    assert moves(s) == sorted(f"role:{r}" for r in s.hs.role_ids)
    s = play(s, "role:miner")
    assert seat(s, 0).role == "miner" and seat(s, 0).bag == {"food": 2, "fish": 1, "ore": 1}
    assert "role:miner" not in moves(s) and s.current == 2
    s = play(s, "role:trader", "role:shepherd")
    assert s.phase == "draw" and s.start_player == 1 and s.current == 1
    assert seat(s, 2).coins == 2 and seat(s, 1).role == "shepherd"
    A.check(s)


# ---------------------------------------------------------------------------------------------
# Draw (§6.1, test vectors DR1, DR2)
# ---------------------------------------------------------------------------------------------

def test_round_one_draw_takes_the_whole_bag():
    s = A.new_game(seed=8, players=2)
    before = dict(seat(s).bag)
    s = play(s, "draw")
    assert seat(s).planning == before and seat(s).bag == {} and s.current == 1
    s = play(s, "draw")
    assert s.phase == "planning" and s.current == 0


def _draw_scene(bag, crate, planning, road=0):
    d = pos(A.new_game(seed=2, players=2))
    strip(d, 0)
    give(d, 0, "bag", *bag)
    give(d, 0, "crate", *crate)
    give(d, 0, "planning", *planning)
    d["seats"][0]["road"] = road
    return load(d)


def test_draw_dr1_refills_from_crate():
    s = _draw_scene(["wood", "wood"], ["fish"] * 5, ["ore"])
    s = play(s, "draw")
    p = seat(s)
    assert sum(p.planning.values()) == 4 and p.planning["ore"] == 1
    assert p.planning.get("wood", 0) == 2  # the bag is emptied before the crate is poured
    assert sum(p.bag.values()) == 4 and p.crate == {}


def test_draw_dr2_runs_out():
    s = _draw_scene(["wood"], ["fish", "stone"], [], road=3)
    assert s.hs.unlocked(3) == 6
    s = play(s, "draw")
    p = seat(s)
    assert p.planning == {"wood": 1, "fish": 1, "stone": 1} and p.bag == {} and p.crate == {}


def test_draw_is_seeded_and_uniform_from_the_bag():
    s = _draw_scene(["wood", "stone", "ore", "fish", "glass", "cacao", "alpaca", "wool"], [], [])
    a, b = play(s, "draw"), play(s, "draw")
    assert seat(a).planning == seat(b).planning and sum(seat(a).planning.values()) == 4
    seen = set()
    for seed in range(30):
        d = pos(s)
        d["seed"] = seed
        seen.add(tuple(sorted(seat(play(load(d), "draw")).planning)))
    assert len(seen) > 10


def test_draw_returns_goods_from_action_spaces_first():
    d = pos(A.new_game(seed=2, players=2))
    strip(d, 0)
    give(d, 0, "farm", "alpaca")
    give(d, 0, "bag", "wood", "wood", "wood", "wood")
    s = load(d)
    assert "alpaca<farm" in moves(s)
    s = play(s, "alpaca<farm", "draw")
    p = seat(s)
    assert p.planning == {"alpaca": 1, "wood": 3} and p.bag == {"wood": 1} and "farm" not in p.src


def test_draw_control_extension_d2():
    """D2: draw one extra good, then return one of the player's choice to the bag."""
    d = pos(A.new_game(seed=2, players=2))
    strip(d, 0)
    d["pile"].remove("D2")
    d["seats"][0]["extensions"] = [["D2", 1]]
    d["round"] = 2
    give(d, 0, "bag", "wood", "wood", "wood", "wood", "wood")
    s = load(d)
    s = play(s, "draw")
    assert sum(seat(s).planning.values()) == 5 and seat(s).pending_return and s.current == 0
    assert moves(s) == ["wood>bag"]
    s = play(s, "wood>bag")
    assert sum(seat(s).planning.values()) == 4 and seat(s).bag == {"wood": 1} and s.current == 1


# ---------------------------------------------------------------------------------------------
# Planning (§6.2)
# ---------------------------------------------------------------------------------------------

def _planning_scene(*planning, locked=(), road=0, seed=2):
    d = pos(A.new_game(seed=seed, players=2))
    for i in range(2):
        strip(d, i)
    d["phase"], d["queue"], d["current"] = "planning", [0, 1], 0
    give(d, 0, "planning", *planning)
    for sid, g in locked:
        give(d, 0, sid, g)
    d["seats"][0]["road"] = road
    return load(d)


def test_planning_places_only_where_a_recipe_can_follow():
    s = _planning_scene("alpaca", "food", "wool")
    ms = moves(s)
    assert {"alpaca>farm", "food>farm", "wool>farm", "food>mine", "food>move", "alpaca>market",
            "alpaca>village", "done"} <= set(ms)
    assert "wool>mine" not in ms and "food>market" not in ms and "alpaca>move" not in ms
    s = play(s, "alpaca>farm", "food>farm")
    assert seat(s).src["farm"] == ((), 0, ("food", "alpaca"), 0)  # canonical: the file's goods order
    assert not any(m.endswith(">farm") for m in moves(s))  # both farm spaces are full
    # goods placed this round may be moved again until done
    s = play(s, "alpaca<farm")
    assert seat(s).planning == {"alpaca": 1, "wool": 1}
    s = play(s, "done")
    assert s.current == 1


def test_locked_goods_cannot_move_in_planning():
    s = _planning_scene("food", locked=[("farm", "alpaca")])
    ms = moves(s)
    assert "alpaca<farm" not in ms and "food>farm" in ms
    s = play(s, "food>farm", "done", "done")
    assert s.phase == "actions" and seat(s).src["farm"][0] == s.hs.canon(["alpaca", "food"])


def test_planning_hidden_from_others_until_actions():
    s = _planning_scene("alpaca", "food")
    before = [unplayed(A.view(s, 1)), unplayed(A.view(s, None))]
    s2 = play(s, "alpaca>farm", "food>move")
    assert [unplayed(A.view(s2, 1)), unplayed(A.view(s2, None))] == before
    assert A.view(s2, None)["ply"] == A.view(s, None)["ply"] + 2
    assert A.view(s2, 0)["seats"][0]["sources"]["farm"]["fresh"] == ["alpaca"]
    s3 = play(s2, "done")
    assert A.view(s3, 1)["seats"][0]["planning"] == {"alpaca": 1, "food": 1}
    s4 = play(s3, "done")
    assert s4.phase == "actions"
    assert A.view(s4, 1)["seats"][0]["sources"] == {"farm": {"goods": ["alpaca"], "coins": 0},
                                                     "move": {"goods": ["food"], "coins": 0}}


def test_coins_on_market_extension_spaces():
    d = pos(A.new_game(seed=2, players=5))
    for i in range(5):
        strip(d, i)
    d["phase"], d["queue"], d["current"], d["round"] = "planning", [0, 1, 2, 3, 4], 0, 2
    take_extension(d, "B7")
    d["seats"][0]["extensions"] = [["B7", 1]]
    d["seats"][0]["coins"] = 3
    s = load(d)
    assert "coin>B7" in moves(s) and "coin>move" not in moves(s)
    s = play(s, "coin>B7", "coin>B7")
    assert "coin>B7" not in moves(s) and seat(s).coins == 1
    assert A.view(s, 1)["seats"][0]["coins"] == 3  # hidden until Actions
    s = play(s, "done", "done", "done", "done", "done")
    d = pos(s)
    d["seats"][0]["pawn"] = "market"
    s = load(d)
    glass = s.supply["glass"]
    assert "B7" in moves(s)
    s = play(s, "B7")
    assert s.supply["glass"] == glass - 1 and seat(s).crate == {"glass": 1} and seat(s).coins == 1
    assert "B7" not in seat(s).src


# ---------------------------------------------------------------------------------------------
# Location recipes (§9, vectors R1–R5) and the exact-match rule (§7)
# ---------------------------------------------------------------------------------------------

def run_at(loc, goods, move, role_=None, players=2, **opts):
    d = scene(players, seed=1, pawn=loc, **opts)
    if role_:
        role(d, role_)
    give(d, 0, loc, *goods)
    s = load(d)
    assert move in moves(s), moves(s)
    return s, play(s, move)


@pytest.mark.parametrize("loc,goods,move,gained", [
    ("farm", ["alpaca"], "farm", "food"),                   # R2
    ("farm", ["alpaca", "food"], "farm", "wool"),           # R1
    ("farm", ["wool", "food"], "farm", "cloth"),            # R3
    ("forest", ["food", "food"], "forest", "wood"),
    ("forest", ["cacao"], "forest:food", "food"),
    ("forest", ["cacao"], "forest:cloth", "cloth"),
    ("forest", ["cacao"], "forest:glass", "glass"),
    ("mine", ["food", "food"], "mine", "stone"),
    ("mine", ["ore", "food"], "mine", "silver"),
    ("harbor", ["fish", "food"], "harbor", "food"),
    ("harbor", ["fish", "fish"], "harbor", "stone"),
])
def test_location_recipes(loc, goods, move, gained):
    s, t = run_at(loc, goods, move)
    p = seat(t)
    expect = {}
    for g in goods + [gained]:
        expect[g] = expect.get(g, 0) + 1
    assert p.crate == expect  # inputs and outputs all go to the crate (§5)
    assert t.supply.get(gained, 0) == s.supply.get(gained, 0) - 1
    assert loc not in p.src
    assert t.turn[0] == loc and "end" in moves(t)


def test_forest_split_recipes_option():
    s, t = run_at("forest", ["cacao", "food"], "forest", forest_cacao_mode="split_recipes")
    assert seat(t).crate == {"food": 1, "glass": 1, "cacao": 1}
    s, t = run_at("forest", ["cacao", "cacao"], "forest", forest_cacao_mode="split_recipes")
    assert seat(t).crate == {"cloth": 1, "cacao": 2}
    s, t = run_at("forest", ["cacao"], "forest", forest_cacao_mode="split_recipes")
    assert seat(t).crate == {"food": 1, "cacao": 1}


@pytest.mark.parametrize("loc,goods", [
    ("farm", ["alpaca", "alpaca"]),   # R4: no recipe matches
    ("forest", ["food"]),             # half of food + food
    ("mine", ["ore"]),
    ("harbor", ["wood"]),
    ("road", ["stone"]),
    ("harbor", ["fish"]),
])
def test_exact_match_required(loc, goods):
    d = scene(2, seed=1, pawn=loc)
    # bypass planning's placement filter: the position may hold a partial recipe
    give(d, 0, loc, *goods)
    if loc == "farm":
        d["seats"][0]["sources"]["farm"]["goods"] = ["alpaca", "alpaca"]
    if goods == ["alpaca", "alpaca"]:
        with pytest.raises(PositionError) as err:  # alpaca + alpaca can never lie on the Farm
            load(d)
        assert err.value.rule == 8
        d["seats"][0]["sources"]["farm"]["goods"] = ["alpaca"]
        d["supply"]["alpaca"] += 1  # the second alpaca back to the supply
        s = load(d)
        assert "farm" in moves(s)  # a single alpaca does match alpaca -> food
        return
    s = load(d)
    assert not any(m == loc or m.startswith(loc + ":") for m in moves(s))


def test_two_sources_in_one_turn_r5():
    """R5: Farm alpaca + food and the shepherd role's food: both run in one turn."""
    d = scene(2, seed=1, pawn="farm")
    role(d, "shepherd")
    give(d, 0, "farm", "alpaca", "food")
    give(d, 0, "shepherd", "food")
    s = load(d)
    assert {"farm", "shepherd"} <= set(moves(s))
    s = play(s, "farm")
    assert "shepherd" in moves(s)
    s = play(s, "shepherd")
    assert seat(s).crate == {"alpaca": 2, "food": 2, "wool": 1}
    s = play(s, "end")
    assert s.current == 1


def test_one_source_turn_mode():
    d = scene(2, seed=1, pawn="farm", turn_mode="one_source")
    role(d, "shepherd")
    give(d, 0, "farm", "alpaca", "food")
    give(d, 0, "shepherd", "food")
    s = play(load(d), "farm")
    assert "shepherd" not in moves(s) and "end" in moves(s)


def test_movement_after_acting_ends_actions_for_the_turn():
    d = scene(2, seed=1, pawn="farm")
    role(d, "shepherd")
    give(d, 0, "farm", "alpaca", "food")
    give(d, 0, "mine", "food", "food")
    s = play(load(d), "farm", "go:mine")
    assert "mine" not in moves(s) and "end" in moves(s)


def test_role_recipe_trader():
    d = scene(2, seed=1, pawn="market", coins=0)
    role(d, "trader")
    give(d, 0, "trader", "silver")
    s = play(load(d), "trader")
    assert seat(s).coins == 2 and seat(s).crate == {"silver": 1}


def test_empty_output_option():
    d = scene(2, seed=1, pawn="mine", allow_action_with_empty_output=False)
    give(d, 0, "mine", "ore", "food")
    d["seats"][1]["crate"]["silver"] = d["supply"].pop("silver")
    s = load(d)
    assert "mine" not in moves(s)
    d = scene(2, seed=1, pawn="mine")
    give(d, 0, "mine", "ore", "food")
    d["seats"][1]["crate"]["silver"] = d["supply"].pop("silver")
    s = play(load(d), "mine")
    assert seat(s).crate == {"ore": 1, "food": 1}  # nothing gained, inputs still to the crate


# ---------------------------------------------------------------------------------------------
# Harbor boats and Village houses (H11)
# ---------------------------------------------------------------------------------------------

def test_boat_card_gives_its_good():
    s, t = run_at("harbor", ["wood", "wood"], "harbor:fish")
    assert seat(t).boats == ("fish",) and "fish" not in t.boats
    assert seat(t).crate == {"wood": 2, "fish": 1}
    assert sum(1 for m in moves(s) if m.startswith("harbor:")) == 10


def test_house_or_storage_with_two_stones():
    d = scene(2, seed=1, pawn="village")
    give(d, 0, "village", "stone", "stone")
    s = load(d)
    ms = moves(s)
    assert "village:silver" in ms and "village:r1:r1" in ms and "village:r1:r2" in ms
    t = play(s, "village:silver")
    assert seat(t).houses == ("silver",) and seat(t).crate == {"stone": 2} and "silver" not in t.houses
    t = play(s, "village:r1:r2")
    assert seat(t).wh == (("stone",), ("stone",)) and seat(t).crate == {}


def test_two_goods_stored_together_start_rows_in_either_order():
    # spec §9.2, §11, H6 fix that rows start in order and hold one type, not which of two
    # stored goods goes first (issue 18). The rows are written in the goods' house-set order
    # (wood before alpaca): village:r2:r1 puts alpaca in row 1, wood in row 2.
    s = A.new_game(seed=1000, players=2, house_set="house_set")  # the position (version 1)
    s = play(s, "draw", "draw", "done", "wood>village", "alpaca>village", "done", "pass", "@village")
    assert s.current == 1 and s.ps[1].src["village"][0] == ("wood", "alpaca")
    assert moves(s) == ["cart", "go:farm", "go:forest", "go:harbor", "go:market", "go:mine",
                        "go:road", "pass", "village:r1:r2", "village:r2:r1"]
    assert seat(play(s, "village:r1:r2"), 1).wh == (("wood",), ("alpaca",))
    t = play(s, "village:r2:r1")
    assert seat(t, 1).wh == (("alpaca",), ("wood",)) and "village" not in seat(t, 1).src
    assert A.describe(s, "village:r2:r1").endswith("stores wood in row 2, alpaca in row 1")


def test_storage_in_either_order_beside_started_rows_and_an_extension():
    # a started stone row, then B6 (an extension that stores 1 good) and the Village's two
    # spaces: every order of placing the goods is offered, rows still start in order
    d = scene(4, seed=1, pawn="village")
    d["round"] = 2
    take_extension(d, "B6")
    d["seats"][0]["extensions"] = [["B6", 1]]
    shelve(d, 0, ["stone"])
    give(d, 0, "village", "wood", "alpaca")
    give(d, 0, "B6", "ore")
    s = load(d)
    store = [m for m in moves(s) if m.startswith(("village:", "B6:"))]
    assert store == ["B6:r2", "village:r2:r3", "village:r3:r2"]
    t = play(s, "village:r3:r2")
    assert seat(t).wh == (("stone",), ("alpaca",), ("wood",))
    assert [m for m in moves(t) if m.startswith("B6:")] == ["B6:r4"]
    assert seat(play(t, "B6:r4")).wh == (("stone",), ("alpaca",), ("wood",), ("ore",))
    t = play(s, "B6:r2")
    assert [m for m in moves(t) if m.startswith("village:")] == ["village:r3:r4", "village:r4:r3"]
    assert seat(play(t, "village:r4:r3")).wh == (("stone",), ("ore",), ("alpaca",), ("wood",))


# ---------------------------------------------------------------------------------------------
# Movement (§8, vectors M1, M2)
# ---------------------------------------------------------------------------------------------

def test_first_pawn_placement_is_free_anywhere():
    s = actions_start(2, seed=1)
    assert moves(s) == sorted([f"@{loc}" for loc in s.ring] + ["pass"])
    s = play(s, "@mine")
    assert seat(s).pawn == "mine" and seat(s).carts_used == 0


def test_free_cart_reaches_every_location_m1():
    d = scene(2, seed=1, pawn="farm")
    s = load(d)
    goes = [m for m in moves(s) if m.startswith("go:")]
    assert len(goes) == 6
    s = play(s, "go:mine")
    assert seat(s).pawn == "mine" and seat(s).carts_used == 1
    assert not any(m.startswith(("go:", "step:")) for m in moves(s))


def test_second_cart_costs_food_m2():
    d = scene(2, seed=1, pawn="farm")
    d["seats"][0]["carts"], d["carts"] = 2, d["carts"] - 1
    give(d, 0, "move", "food")
    s = load(d)
    s = play(s, "go:mine", "go:harbor")
    p = seat(s)
    assert p.pawn == "harbor" and p.carts_used == 2 and "move" not in p.src and p.crate == {"food": 1}
    assert not any(m.startswith(("go:", "step:")) for m in moves(s))


def test_single_steps_cost_one_food_each():
    d = scene(2, seed=1, pawn="farm")
    give(d, 0, "move", "food", "food")
    d["seats"][0]["carts_used"] = 1
    s = load(d)
    ring = s.ring
    i = ring.index("farm")
    nbrs = sorted({ring[i - 1], ring[(i + 1) % 7]})
    assert [m for m in moves(s) if m.startswith(("go:", "step:"))] == [f"step:{n}" for n in nbrs]
    s = play(s, f"step:{nbrs[0]}")
    assert seat(s).crate == {"food": 1} and seat(s).src["move"][0] == ("food",)


def test_coins_pay_movement_option():
    d = scene(2, seed=1, pawn="farm", coins=2, coin_can_pay_movement=True)
    d["seats"][0]["carts_used"] = 1
    d["seats"][0]["sources"]["move"] = {"goods": [], "coins": 1, "fresh": [], "fresh_coins": 0}
    s = load(d)
    assert any(m.startswith("step:") for m in moves(s))
    s = play(s, [m for m in moves(s) if m.startswith("step:")][0])
    assert "move" not in seat(s).src and seat(s).coins == 2
    d["options"] = {}
    with pytest.raises(PositionError) as err:
        load(d)
    assert err.value.rule == 8


def test_extra_cart_extension_d7():
    d = scene(5, seed=1, pawn="farm")
    d["round"] = 2
    take_extension(d, "D7")
    d["seats"][0]["extensions"] = [["D7", 1]]
    s = load(d)
    s = play(s, "go:mine", "go:harbor")
    assert seat(s).pawn == "harbor" and seat(s).d7_used and seat(s).carts_used == 1
    assert not any(m.startswith("go:") for m in moves(s))


# ---------------------------------------------------------------------------------------------
# Carts (§9.2): 1 coin, 1 per round, 4 in total
# ---------------------------------------------------------------------------------------------

def test_buy_cart():
    d = scene(2, seed=1, pawn="village", coins=3)
    s = load(d)
    village = s.carts
    s = play(s, "cart")
    assert seat(s).carts == 2 and seat(s).coins == 2 and s.carts == village - 1 and seat(s).cart_bought
    assert "cart" not in moves(s)  # once per round


def test_cart_limits():
    d = scene(2, seed=1, pawn="village", coins=3)
    d["seats"][0]["carts"], d["carts"] = 4, d["carts"] - 3
    assert "cart" not in moves(load(d))  # at most 4
    d = scene(2, seed=1, pawn="village", coins=0)
    assert "cart" not in moves(load(d))  # must pay 1 coin
    d = scene(2, seed=1, pawn="village", coins=3)
    d["seats"][0]["cart_bought"] = True
    assert "cart" not in moves(load(d))


# ---------------------------------------------------------------------------------------------
# Extensions (§13): price, once per round, no duplicates, not the role's action
# ---------------------------------------------------------------------------------------------

def test_extension_price_is_printed_plus_surcharge():
    d = scene(2, seed=1, pawn="market", coins=20)
    s = load(d)
    assert s.display == ("A4", "A2", "A1", "A3", "B1")
    buys = {m: s._legal[m][3] for m in moves(s) if m.startswith("buy:")}
    assert buys == {"buy:A4": 2, "buy:A2": 3, "buy:A1": 4, "buy:A3": 5, "buy:B1": 7}
    t = play(s, "buy:A1")
    assert seat(t).coins == 16 and seat(t).exts == (("A1", 1),) and t.display[2] is None
    assert not any(m.startswith("buy:") for m in moves(t))  # one per round
    assert A.view(t, 1)["display"][4] == {"id": "B1", "price": 7, "surcharge": 4}


def test_extension_needs_enough_coins():
    d = scene(2, seed=1, pawn="market", coins=4)
    ms = [m for m in moves(load(d)) if m.startswith("buy:")]
    assert ms == ["buy:A1", "buy:A2", "buy:A4"]


def test_extension_not_the_role_action():
    d = scene(2, seed=1, pawn="market", coins=20)
    role(d, "miner")
    s = load(d)
    assert "buy:A4" not in moves(s) and "buy:A2" in moves(s)


def test_extension_no_duplicates():
    """C7 repeats C1: owning one forbids the other (5 players, where C7 is in play)."""
    d = scene(5, seed=1, pawn="market", coins=20)
    take_extension(d, "C1", "C7")
    d["seats"][0]["extensions"] = [["C1", 1]]
    d["display"][0], d["gone"] = "C7", d["gone"] + [d["display"][0]]
    d["round"] = 2
    s = load(d)
    assert s.display[0] == "C7" and "buy:C7" not in moves(s)
    d["seats"][0]["extensions"] = []
    d["gone"].append("C1")
    assert "buy:C7" in moves(load(d))


def test_bought_extension_used_from_next_planning():
    d = scene(2, seed=1, pawn="market", coins=20)
    s = play(load(d), "buy:A4", "pass", "pass")
    assert s.round == 2 and s.phase == "draw"
    s = play(s, "draw", "draw", "done")
    assert s.phase == "planning" and s.current == 0
    d = pos(s)
    give(d, 0, "planning", "food")
    s = load(d)
    assert "food>A4" in moves(s)


# ---------------------------------------------------------------------------------------------
# The display (§13.3, vectors X1–X4)
# ---------------------------------------------------------------------------------------------

def _end_round_with(display, bought, pile, players=2):
    d = scene(players, seed=1, pawn="farm")
    every = [e for e in d["display"] + d["pile"]]
    d["display"] = display
    d["pile"] = pile
    d["gone"] = [e for e in every if e not in display and e not in pile and e not in bought]
    # one extension per player per round: spread the bought ones over the seats (2 max here)
    for k, e in enumerate(bought):
        d["seats"][k]["extensions"] = [[e, 1]]
        d["seats"][k]["ext_bought"] = True
    d["bought_any"] = bool(bought)
    s = load(d)
    return play(s, "pass", "pass")


def test_display_x1_one_bought():
    s = _end_round_with(["A1", "A2", None, "A4", "B1"], ["A3"], ["B2", "B3", "B4"] + ["C1", "C2", "C3", "C4", "D1", "D2", "D3", "D4"])
    assert s.display == ("A1", "A2", "A4", "B1", "B2") and s.trigger is None and s.round == 2


def test_display_x2_none_bought():
    s = _end_round_with(["A1", "A2", "A3", "A4", "B1"], [], ["B2", "B3", "B4", "C1", "C2", "C3", "C4", "D1", "D2", "D3", "D4"])
    assert s.display == ("A2", "A3", "A4", "B1", "B2") and "A1" in s.gone and s.trigger is None


def test_display_x3_two_bought():
    s = _end_round_with([None, "A2", "A3", None, "B1"], ["A1", "A4"], ["B2", "B3", "B4", "C1", "C2", "C3", "C4", "D1", "D2", "D3"])
    assert s.display == ("A2", "A3", "B1", "B2", "B3") and s.trigger is None


def test_display_x4_cannot_refill_triggers_end():
    """X4 and END2: the top slot stays empty, the end is triggered, one more round is played."""
    s = _end_round_with(["A1", None, "A3", "A4", None], ["A2", "B1"], ["B2"])
    assert s.display == ("A1", "A3", "A4", "B2", None)
    assert s.trigger == "display" and s.trigger_round == 1 and s.final_round == 2 and s.round == 2
    s = play(s, "draw", "draw", "done", "done", "pass", "pass")
    assert A.is_over(s) and A.outcome(s) is not None and s.round == 2


# ---------------------------------------------------------------------------------------------
# Orders (§14)
# ---------------------------------------------------------------------------------------------

def test_take_order_for_one_coin_and_only_one_open():
    d = scene(2, seed=1, pawn="market", coins=3)
    s = load(d)
    orders = [m for m in moves(s) if m.startswith("order:")]
    assert orders == sorted(f"order:{o}" for o in s.orders)
    s = play(s, "order:O5")
    assert seat(s).order == ("O5", ()) and seat(s).coins == 2 and "O5" not in s.orders
    assert not any(m.startswith("order:") for m in moves(s))


def test_deliver_over_several_turns_and_corn_on_completion():
    d = scene(2, seed=1, pawn="market", coins=3)
    d["seats"][0]["order"] = {"id": "O5", "delivered": []}
    d["orders"].remove("O5")
    give(d, 0, "market", "ore", "stone")
    s = load(d)
    assert {"deliver:ore", "deliver:stone", "sell:ore", "sell:stone"} <= set(moves(s))
    s = play(s, "deliver:ore", "deliver:stone", "end", "pass")
    assert seat(s).order == ("O5", ("stone", "ore"))
    assert seat(s).crate == {}  # delivered goods leave the cycle
    d = pos(s)
    give(d, 0, "market", "silver")
    s = load(d)
    corn = s.supply["corn"]
    assert "deliver:silver:r1" in moves(s) and "deliver:silver" not in moves(s)
    s = play(s, "deliver:silver:r1")
    p = seat(s)
    assert p.order is None and p.done_orders == ("O5",) and p.wh == (("corn",),)
    assert s.supply["corn"] == corn - 1
    # take a new order in the same turn (orders_same_turn)
    assert any(m.startswith("order:") for m in moves(s))


def test_orders_same_turn_false():
    d = scene(2, seed=1, pawn="market", coins=3, orders_same_turn=False)
    give(d, 0, "market", "ore")
    s = play(load(d), "order:O5")
    assert "deliver:ore" not in moves(s) and "sell:ore" in moves(s)


def test_sell_prices():
    d = scene(2, seed=1, pawn="market", coins=0)
    give(d, 0, "market", "silver", "glass", "wood")
    s = play(load(d), "sell:silver", "sell:glass", "sell:wood")
    assert seat(s).coins == 6 and seat(s).crate == {"silver": 1, "glass": 1, "wood": 1}


# ---------------------------------------------------------------------------------------------
# Warehouse (§11, vectors W1–W4)
# ---------------------------------------------------------------------------------------------

def test_warehouse_w1_first_good_row_1():
    d = scene(2, seed=1, pawn="village")
    give(d, 0, "village", "wood")
    s = load(d)
    assert [m for m in moves(s) if m.startswith("village")] == ["village:r1"]


def test_warehouse_w2_start_rows_in_order():
    d = scene(2, seed=1, pawn="village")
    shelve(d, 0, ["wood"], ["stone"])
    give(d, 0, "village", "ore")
    s = load(d)
    assert [m for m in moves(s) if m.startswith("village")] == ["village:r3"]
    d = scene(2, seed=1, pawn="village")
    shelve(d, 0, ["wood"], ["stone"])
    give(d, 0, "village", "wood")
    assert [m for m in moves(load(d)) if m.startswith("village")] == ["village:r1", "village:r3"]


def test_warehouse_w3_corn_completes_a_row():
    d = scene(2, seed=1, pawn="road")
    shelve(d, 0, ["wood", "wood", "wood"])
    d["seats"][0]["road"] = 1  # the next step gives corn
    give(d, 0, "road", "stone", "wood")
    s = load(d)
    assert [m for m in moves(s) if m.startswith("road")] == ["road:r1", "road:r2"]
    s = play(s, "road:r1")
    assert seat(s).wh == (("wood", "wood", "wood", "corn"),) and seat(s).road == 2
    assert A.score_breakdown(s, 0)["warehouse"] == 1


def test_warehouse_w4_no_food_and_unique_option():
    d = scene(2, seed=1, pawn="village")
    give(d, 0, "village", "food")
    with pytest.raises(PositionError):
        load(d)  # food can never lie on the Village storage spaces
    d = scene(2, seed=1, pawn="village", unique_type_per_row=True)
    shelve(d, 0, ["wood", "wood", "wood", "wood"])
    give(d, 0, "village", "wood")
    assert not any(m.startswith("village") for m in moves(load(d)))
    d["options"] = {}
    assert "village:r2" in moves(load(d))


def test_warehouse_corn_lost_when_full():
    d = scene(2, seed=1, pawn="road")
    shelve(d, 0, *[["wood"] * 4 for _ in range(2)], *[["stone"] * 4 for _ in range(2)],
           *[["ore"] * 4 for _ in range(2)], *[["cloth"] * 4 for _ in range(2)])
    d["seats"][0]["road"] = 1
    give(d, 0, "road", "stone", "wood")
    s = load(d)
    assert [m for m in moves(s) if m.startswith("road")] == ["road"]
    s = play(s, "road")
    assert s.lost_corn == 1


# ---------------------------------------------------------------------------------------------
# Road track (§12, vectors RD1, RD2)
# ---------------------------------------------------------------------------------------------

def test_road_rd1_unlocks_space_5():
    s, t = run_at("road", ["stone", "wood"], "road")
    assert seat(t).road == 1 and t.hs.unlocked(1) == 5
    assert seat(t).crate == {"stone": 1, "wood": 1}
    d = pos(t)
    give(d, 0, "bag", *["fish"] * 6)
    t = play(load(d), "end", "pass", "pass")
    t = play(t, "draw") if t.current == 0 else play(t, "draw", "draw")
    assert sum(seat(t, 0).planning.values()) == 5


def test_road_rd2_end_of_track():
    d = scene(2, seed=1, pawn="road")
    d["seats"][0]["road"] = 8
    give(d, 0, "road", "stone", "wood")
    assert "road" not in moves(load(d))


def test_road_b5_extension():
    d = scene(3, seed=1, pawn="road")
    d["round"] = 2
    take_extension(d, "B5")
    d["seats"][0]["extensions"] = [["B5", 1]]
    give(d, 0, "B5", "stone", "stone")
    s = play(load(d), "B5")
    assert seat(s).road == 1


# ---------------------------------------------------------------------------------------------
# End of the game (§15, END1, END2) and final storage
# ---------------------------------------------------------------------------------------------

def test_end1_empty_harbor_triggers_one_more_round():
    d = scene(2, seed=1, pawn="harbor")
    # leave 1 fish and only the fish boat in the Harbor
    x = d["seats"][1]
    x["crate"]["fish"] = d["supply"]["fish"] - 1
    d["supply"]["fish"] = 1
    x["boats"] = [b for b in d["boats"] if b != "fish"]
    d["boats"] = ["fish"]
    give(d, 0, "harbor", "wood", "wood")  # the last boat brings the last fish
    s = load(d)
    assert s.trigger is None
    s = play(s, "harbor:fish")
    assert s.supply.get("fish", 0) == 0
    assert s.trigger == "empty:harbor" and s.trigger_round == 1 and s.final_round == 2
    s = play(s, "end", "pass", "pass")
    assert s.round == 2 and s.phase == "draw"
    s = play(s, "draw", "draw", "done", "done", "pass")
    assert not A.is_over(s)
    s = play(s, "pass")
    assert A.is_over(s) and s.round == 2 and A.current_player(s) is None and A.legal_moves(s) == []
    with pytest.raises(IllegalMoveError):
        A.apply(s, "pass")


def test_empty_trigger_locations_option():
    d = scene(2, seed=1, pawn="harbor", empty_trigger_locations=["road"])
    x = d["seats"][1]
    x["crate"]["fish"] = d["supply"]["fish"] - 1
    d["supply"]["fish"] = 1
    x["boats"] = [b for b in d["boats"] if b != "fish"]
    d["boats"] = ["fish"]
    give(d, 0, "harbor", "wood", "wood")
    s = play(load(d), "harbor:fish")
    assert s.supply.get("fish", 0) == 0 and not s.boats
    assert s.trigger is None


def test_second_trigger_changes_nothing():
    s = _end_round_with(["A1", None, "A3", "A4", None], ["A2", "B1"], ["B2"])
    d = pos(s)
    assert d["final_round"] == 2
    s = play(s, "draw", "draw", "done", "done")
    s = play(s, "pass", "pass")
    assert A.is_over(s)


def test_final_storage_d1():
    d = scene(2, seed=1, pawn="farm")
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "display", 1, 2, 2
    take_extension(d, "D1")
    d["seats"][0]["extensions"] = [["D1", 1]]
    give(d, 0, "crate", "silver", "silver", "food")
    give(d, 0, "bag", "wool")
    s = play(load(d), "pass", "pass")
    assert s.phase == "final_storage" and s.current == 0
    assert set(moves(s)) == {"done", "store:silver:r1", "store:wool:r1"}
    s = play(s, "store:silver:r1", "store:silver:r1")
    assert set(moves(s)) == {"done", "store:wool:r2"}
    s = play(s, "store:wool:r2")
    assert A.is_over(s) and seat(s).wh == (("silver", "silver"), ("wool",))
    assert seat(s).crate == {"food": 1} and seat(s).bag == {}


# ---------------------------------------------------------------------------------------------
# Scoring (§16, vector 22.7 worked by hand; END3 ties)
# ---------------------------------------------------------------------------------------------

def _over(d):
    d["phase"], d["current"], d["queue"] = "over", None, []
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "display", 1, 2, 2
    return load(d)


def test_final_scoring_example_22_7():
    d = scene(2, seed=1, pawn="farm", coins=7)
    give(d, 0, "crate", "wood", "wood", "wood", "silver", "silver", "food", "food", "food", "food", "glass")
    shelve(d, 0, ["stone"] * 4, ["wool", "wool"])
    d["boats"].remove("fish")
    d["seats"][0]["boats"] = ["fish"]
    d["houses"].remove("silver")
    d["seats"][0]["houses"] = ["silver"]
    for oid in ("O5", "O9"):
        (d["orders"] if oid in d["orders"] else d["removed"]).remove(oid)
    d["orders"].append("O2")  # keep 10 face up / 6 removed
    d["removed"] = [o for o in d["removed"] if o != "O2"] + (["O13"] if "O13" not in d["removed"] else [])
    d["orders"] = [o for o in d["orders"] if o not in d["removed"]]
    for g in ("ore", "silver", "stone", "ore"):  # O5's goods on the card, and 1 ore on O9
        d["supply"][g] -= 1
    d["seats"][0]["completed_orders"] = ["O5"]
    d["seats"][0]["order"] = {"id": "O9", "delivered": ["ore"]}
    # balance removed/face-up to the spec counts
    all_ids = [f"O{k}" for k in range(1, 17)]
    rest = [o for o in all_ids if o not in ("O5", "O9")]
    d["removed"], d["orders"] = rest[:6], rest[6:]
    s = _over(d)
    pad = A.score_breakdown(s, 0)
    # goods: wood 3x1 + silver 2x4 + food 4x0 + glass 1x3 + stone 4x1 + wool 2x3 = 3+8+0+3+4+6 = 24
    assert pad["goods"] == 24
    assert pad["boats"] == 2 and pad["houses"] == 4  # 1 boat, 1 house
    assert pad["orders"] == 10                          # O5 completed; O9 open with its ore: 0
    assert pad["house_bonus"] == 2                      # 2 silver x 1 silver house
    assert pad["warehouse"] == 1                        # row 1 complete, row 2 not
    assert pad["total"] == 43 and pad["coins"] == 7
    out = A.outcome(s)
    assert out.scores == (43, 0) and out.winners == (0,) and out.reason == "score"
    assert out.breakdown[0]["total"] == 43


def test_tie_broken_by_coins_then_shared_end3():
    d = scene(2, seed=1, pawn="farm")
    give(d, 0, "crate", "silver", "silver")
    give(d, 1, "crate", "silver", "silver")
    d["seats"][0]["coins"], d["seats"][1]["coins"] = 4, 9
    out = A.outcome(_over(d))
    assert out.scores == (8, 8) and out.winners == (1,) and out.reason == "coins"
    d["seats"][0]["coins"] = 9
    out = A.outcome(_over(d))
    assert out.winners == (0, 1) and out.reason == "shared" and not out.decided


# ---------------------------------------------------------------------------------------------
# API: notation, purity, positions, records, view, describe
# ---------------------------------------------------------------------------------------------

def test_parse_move_and_errors():
    for text in ("draw", "done", "pass", "end", "cart", "alpaca>farm", "coin<B7", "@mine",
                 "go:road", "step:farm", "farm", "forest:glass", "village:r1:r2", "village:silver",
                 "sell:glass", "deliver:ore:r3", "order:O12", "buy:C4", "store:wool:r2",
                 "role:miner", "wood>bag", "B7"):
        assert str(A.parse_move(text)) == text
    for bad in ("", "go", "farm::", "Farm", "buy:c4", "alpaca>>farm", "move", 7):
        with pytest.raises(ValueError):
            A.parse_move(bad)
    s = A.new_game(seed=1, players=2)
    with pytest.raises(IllegalMoveError):
        A.apply(s, "done")
    with pytest.raises(ValueError):
        A.apply(s, "not a move")


def test_legal_moves_sorted_and_apply_pure():
    d = scene(2, seed=1, pawn="market", coins=20)
    give(d, 0, "market", "ore", "glass")
    s = load(d)
    ms = moves(s)
    assert ms == sorted(ms) and len(ms) == len(set(ms))
    text = A.to_position(s)
    for m in A.legal_moves(s):
        A.apply(s, m)
    assert A.to_position(s) == text


def test_position_round_trip_and_errors():
    s = actions_start(3, seed=4)
    text = A.to_position(s)
    t = A.from_position(text)
    assert A.to_position(t) == text and t.start == text and t.moves == ()
    assert moves(t) == moves(s)
    with pytest.raises(PositionError) as e:
        A.from_position("{nope")
    assert e.value.rule == 1
    d = json.loads(text)
    d["supply"]["wood"] += 1
    with pytest.raises(PositionError) as e:
        A.from_position(json.dumps(d))
    assert e.value.rule == 4
    d = json.loads(text)
    d["seats"][0]["bag"]["corn"] = 1
    d["supply"]["corn"] -= 1
    with pytest.raises(PositionError) as e:
        A.from_position(json.dumps(d))
    assert e.value.rule == 5
    d = json.loads(text)
    d["seats"][0]["carts"] = 5
    d["carts"] -= 4
    with pytest.raises(PositionError) as e:
        A.from_position(json.dumps(d))
    assert e.value.rule == 6
    d = json.loads(text)
    d["players"] = 9
    with pytest.raises(PositionError) as e:
        A.from_position(json.dumps(d))
    assert e.value.rule == 2
    d = json.loads(text)
    d["seats"][0]["coins"] = -1
    with pytest.raises(PositionError) as e:
        A.from_position(json.dumps(d))
    assert e.value.rule == 10
    d = json.loads(text)
    d["seats"][1]["role"] = d["seats"][0]["role"]
    with pytest.raises(PositionError) as e:
        A.from_position(json.dumps(d))
    assert e.value.rule == 12
    with pytest.raises(PositionError):
        A.from_position(text, turn_mode="one_source")


def test_record_round_trip_and_tamper():
    s = A.new_game(seed=9, players=3, turn_mode="one_source")
    s = play(s, "draw", "draw", "draw", "done")
    rec = A.to_record(s, meta={"names": ["a", "b", "c"]})
    assert rec["game"] == "altiplano"
    assert rec["options"] == {"house_set": "house_set_13", "turn_mode": "one_source"}
    assert rec["moves"] == ["draw", "draw", "draw", "done"] and rec["seed"] == 9
    assert A.to_position(A.replay(rec)) == A.to_position(s)
    rec["moves"][3] = "pass"
    with pytest.raises(RecordError) as e:
        A.replay(rec)
    assert e.value.ply == 4 and e.value.move == "pass"
    # a game started from a position replays from its start text
    t = A.from_position(A.to_position(s))
    t2 = play(t, "done")
    rec = A.to_record(t2)
    assert rec["start"] == A.to_position(s)
    assert A.to_position(A.replay(rec)) == A.to_position(t2)


def test_view_hides_pile_order_and_removed_orders():
    s = A.new_game(seed=6, players=2)
    v = A.view(s, 0)
    text = json.dumps(v)
    for e in s.pile:
        assert f'"{e}"' not in text
    for o in s.removed:
        assert f'"{o}"' not in text
    assert v["pile"] == {"count": len(s.pile), "letters": {"B": 3, "C": 4, "D": 4}}
    d = pos(s)
    d["pile"] = list(reversed(d["pile"]))
    assert A.view(load(d), 0) == v
    assert "bag" in v["seats"][1] and isinstance(v["seats"][1]["bag"], dict)
    with pytest.raises(ValueError):
        A.view(s, 2)


def test_describe_words():
    d = scene(2, seed=1, pawn="farm")
    give(d, 0, "farm", "alpaca", "food")
    s = load(d)
    assert A.describe(s, "farm") == "Player 1 uses the Farm: alpaca + food \u2192 gains wool"
    assert A.describe(s, "go:mine") == "Player 1 moves by cart to the Mine"
    assert A.describe(s, "pass") == "Player 1 passes"
    assert A.seat_name(s, 1) == "Player 2" and A.num_players(s) == 2


def _golden(name):
    import os
    with open(os.path.join(os.path.dirname(__file__), "data", name), encoding="utf-8") as fh:
        return json.load(fh)


def _naming_v1(text):
    """An old position text as it is written now: the same, with house_set named (issue 18)."""
    d = json.loads(text)
    assert "house_set" not in d["options"]
    d["options"]["house_set"] = "house_set"
    return json.dumps(d, separators=(",", ":"), sort_keys=True)


def test_golden_records_replay_to_pinned_positions():
    """Seed -> setup and draws are pinned: a refactor must not turn old saves into new games.
    The records name no house set: version 1 (issue 18)."""
    for g in _golden("altiplano_golden.json"):
        rec = g["record"]
        assert "house_set" not in rec["options"]
        assert list(A.new_game(seed=rec["seed"], players=rec["players"]).ring) == g["ring"]
        s = A.replay(rec)
        assert s.options["house_set"] == "house_set"
        assert A.to_position(s) == _naming_v1(g["position"])
        # the old position text (no house_set) reads as version 1 too, and writes it
        back = A.from_position(g["position"])
        assert back.options["house_set"] == "house_set"
        assert A.to_position(back) == A.to_position(s)


def test_version_1_games_written_before_versions_replay_exactly():
    """Issue 18 point 5: whole games (hard and medium bots; houses, boats, orders, warehouse
    rows) written by the code before house-set versions (commit 1c33e10;
    tests/unit/data/altiplano_v1_games.json, records without house_set) replay to the same
    final position text and the same outcome, and are written back naming version 1."""
    for g in _golden("altiplano_v1_games.json"):
        rec = g["record"]
        s = A.replay(rec)
        assert A.to_position(s) == _naming_v1(g["position"])
        o = A.outcome(s)
        assert (json.loads(json.dumps([o.scores, o.winners, o.reason, o.breakdown]))
                == [g["outcome"][k] for k in ("scores", "winners", "reason", "breakdown")])
        again = A.to_record(s)
        assert again["options"] == {"house_set": "house_set", **rec["options"]}
        assert again["moves"] == rec["moves"]
        assert A.to_position(A.replay(json.loads(json.dumps(again)))) == A.to_position(s)


def test_new_games_use_house_set_version_13_and_always_name_it():
    s = A.new_game(seed=5, players=2)
    assert s.options["house_set"] == "house_set_13" and s.hs.name == "house_set_13"
    assert A.to_record(s)["options"] == {"house_set": "house_set_13"}
    assert json.loads(A.to_position(s))["options"] == {"house_set": "house_set_13"}
    assert A.view(s, 0)["options"] == {"house_set": "house_set_13"}
    assert A.view(s, None)["options"] == {"house_set": "house_set_13"}
    v1 = A.new_game(seed=5, players=2, house_set="house_set")
    assert v1.hs.name == "house_set" and A.view(v1, 0)["options"] == {"house_set": "house_set"}
    # a record naming a version keeps it; a record naming none is version 1
    rec = A.to_record(play(s, "draw"))
    assert A.replay(rec).options["house_set"] == "house_set_13"
    # a save from when version 2 was the default keeps version 2: its 10 boats, its fish worth 2
    old = A.to_record(play(A.new_game(seed=5, players=2, house_set="house_set_2"), "draw"))
    kept = A.replay(json.loads(json.dumps(old)))
    assert (kept.hs.name, kept.hs.values["fish"], len(kept.boats)) == ("house_set_2", 2, 10)
    assert (s.hs.values["fish"], len(s.boats)) == (3, 9)
    # a save from when version 7 was the default keeps version 7: at 3 players its 9 boats hold
    # the alpaca boat where versions 8 to 11 hold the cacao boat
    old7 = A.to_record(play(A.new_game(seed=5, players=3, house_set="house_set_7"), "draw"))
    kept7 = A.replay(json.loads(json.dumps(old7)))
    assert (kept7.hs.name, "alpaca" in kept7.boats, "cacao" in kept7.boats) == ("house_set_7", True, False)
    # a save from when version 11 was the default keeps version 11: at 3 players its Harbor
    # holds 9 boats and its Village all 10 houses where versions 12 and 13 hold 10 boats and 5 houses
    old11 = A.replay(json.loads(json.dumps(A.to_record(play(A.new_game(seed=5, players=3, house_set="house_set_11"), "draw")))))
    s3 = A.new_game(seed=5, players=3)
    assert [(g.hs.name, len(g.boats), len(g.houses)) for g in (old11, s3)] == [
        ("house_set_11", 9, 10), ("house_set_13", 10, 5)]
    assert s3.houses == ("wood", "stone", "ore", "silver", "fish")
    # a save from when version 8 was the default keeps version 8: at 4 players 13 ore and 12
    # silver in the supply where versions 9 to 11 have 14 and 13 (versions 12 and 13: 13 ore)
    old8 = A.to_record(play(A.new_game(seed=5, players=4, house_set="house_set_8"), "draw"))
    kept8 = A.replay(json.loads(json.dumps(old8)))
    s4 = A.new_game(seed=5, players=4)

    def ore_silver(state) -> tuple:
        return tuple(state.hs.supply(4)["goods"][g] for g in ("ore", "silver"))
    assert (kept8.hs.name, ore_silver(kept8)) == ("house_set_8", (13, 12))
    assert (s4.hs.name, ore_silver(s4)) == ("house_set_13", (13, 13))
    # a save from when version 9 was the default keeps version 9: its 2-player Trader starts
    # with 2 coins where versions 10 to 13 start it with 1
    old9 = A.replay(json.loads(json.dumps(A.to_record(play(A.new_game(seed=2, players=2, house_set="house_set_9"), "draw")))))
    new12 = play(A.new_game(seed=2, players=2), "draw")
    assert [(g.hs.name, g.ps[0].role, g.ps[0].coins) for g in (old9, new12)] == [
        ("house_set_9", "trader", 2), ("house_set_13", "trader", 1)]
    # a save from when version 10 was the default keeps version 10: a 2-player game's Harbor
    # holds 8 boats where versions 11 to 13 hold 9 (the cacao boat), their supply 8 cacao, not 6
    old10 = A.replay(json.loads(json.dumps(A.to_record(play(A.new_game(seed=2, players=2, house_set="house_set_10"), "draw")))))
    assert [(g.hs.name, len(g.boats), g.hs.supply(2)["goods"]["cacao"]) for g in (old10, new12)] == [
        ("house_set_10", 8, 8), ("house_set_13", 9, 6)]
    del rec["options"]["house_set"]
    assert A.replay(rec).options["house_set"] == "house_set"
    # a position naming a version must agree with options given to read it
    with pytest.raises(PositionError) as info:
        A.from_position(A.to_position(s), house_set="house_set")
    assert info.value.rule == 2
    with pytest.raises(ValueError, match="names no version of the house set") as bad:
        A.new_game(seed=5, players=2, house_set="house_set_99")
    # the message lists the versions there are, newest first (new-user run: it read as a
    # program's error and named none)
    assert str(bad.value).startswith("house_set=house_set_99 names no version of the house set (the components' values); the versions are house_set_13, house_set_12, house_set_11, house_set_10, house_set_9,")
    assert "file" not in str(bad.value)
    assert str(bad.value).endswith("house_set_2, house_set (version 1)")


def test_spectator_view_hides_planning_too():
    s = _planning_scene("alpaca", "food")
    before = A.view(s, None)
    assert unplayed(A.view(play(s, "alpaca>farm"), None)) == unplayed(before)
    assert before["player"] is None and all("pending_return" not in x for x in before["seats"])


def test_describe_every_legal_move():
    d = scene(2, seed=1, pawn="market", coins=20)
    give(d, 0, "market", "ore", "glass")
    s = load(d)
    words = [A.describe(s, m) for m in A.legal_moves(s)]
    assert all(w.startswith("Player 1 ") for w in words)
    assert "Player 1 sells glass for 2 coins" in words
    assert "Player 1 buys extension A1 for 4 coins" in words
    assert "Player 1 takes order O5 for 1 coin" in words


def test_new_round_passes_start_player_and_resets_carts():
    d = scene(3, seed=1, pawn="farm")
    d["seats"][0]["carts_used"] = 1
    s = load(d)
    s = play(s, "pass", "@mine", "pass", "@farm")
    assert s.current == 2 and s.phase == "actions"
    s = play(s, "go:mine")
    assert "end" not in moves(s)  # movement alone is not a turn: act or pass
    s = play(s, "pass")
    assert s.round == 2 and s.phase == "draw" and s.start_player == 1 and s.queue == (1, 2, 0)
    assert all(p.carts_used == 0 and not p.passed for p in s.ps)
    assert s.ps[1].pawn == "mine" and s.ps[2].pawn == "mine"


def test_turn_order_skips_passed_players():
    d = scene(3, seed=1, pawn="village", coins=2)
    d["seats"][1]["pawn"] = d["seats"][2]["pawn"] = "farm"
    s = play(load(d), "cart", "end")
    assert s.current == 1
    s = play(s, "pass", "pass")
    assert s.current == 0 and s.round == 1
    s = play(s, "pass")
    assert s.round == 2


def test_draw_return_limited_by_free_planning_spaces():
    d = pos(A.new_game(seed=2, players=2))
    strip(d, 0)
    give(d, 0, "farm", "alpaca")
    give(d, 0, "planning", "wood", "wood", "wood", "wood")
    s = load(d)
    assert moves(s) == ["draw"]


# ---------------------------------------------------------------- private steps, reveals

def test_only_planning_is_private_and_what_each_step_reveals():
    s = A.new_game(seed=7, players=3)
    assert s.phase == "draw" and not A.private_step(s)
    drawn = A.apply(s, "draw")
    assert A.reveals(s, drawn) == {None}          # the draw order was hidden from everyone
    assert A.view(drawn, None)["seats"][0]["planning"] == A.view(drawn, 1)["seats"][0]["planning"]
    s = play(drawn, "draw", "draw")
    assert s.phase == "planning" and A.private_step(s)
    place = next(m for m in moves(s) if ">" in m and not m.startswith("coin"))
    placed = A.apply(s, place)
    assert A.reveals(s, placed) == frozenset() and A.private_step(placed)
    # the others do not see the placement; its player does
    good, src = place.split(">")
    assert src not in A.view(placed, None)["seats"][0]["sources"]
    assert src not in A.view(placed, 1)["seats"][0]["sources"]
    assert good in A.view(placed, 0)["seats"][0]["sources"][src]["goods"]
    s = play(placed, "done", "done")
    assert s.phase == "planning" and A.private_step(s)
    actions = A.apply(s, "done")                  # the last "done" shows every plan
    assert actions.phase == "actions" and not A.private_step(actions)
    assert A.reveals(s, actions) == {None}
    assert good in A.view(actions, None)["seats"][0]["sources"][src]["goods"]
    # everybody passes: the round ends, the cheapest extension leaves and one comes up
    s = play(actions, "pass", "pass")
    pile = len(s.pile)
    nxt = A.apply(s, "pass")
    assert nxt.round == 2 and nxt.phase == "draw" and len(nxt.pile) == pile - 1
    assert A.reveals(s, nxt) == {None}
    assert A.reveals(actions, A.apply(actions, "pass")) == frozenset()


def test_roles_draft_is_public():
    s = A.new_game(seed=3, players=2, role_selection="draft")
    assert s.phase == "roles" and not A.private_step(s)
    nxt = A.apply(s, moves(s)[0])
    assert A.reveals(s, nxt) == frozenset()
