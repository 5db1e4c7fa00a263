"""Altiplano in words: log lines, prompts, results, the score pad, the round banner and the
tooltips (altibox.altiplano.words), with five player names."""

from __future__ import annotations

import json
import random

from altibox import altiplano as A
from altibox.altiplano import data
from altibox.altiplano import words as W

from altiplano_support import choose, give, load, moves, play, pos, scene, shelve

NAMES = ["Anna", "Tim", "Bo", "Chiara", "Kofi"]


def _five_at(seat: int, pawn: str = "farm") -> dict:
    d = scene(5, seed=2, pawn=None)
    d["current"] = seat
    d["seats"][seat]["pawn"] = pawn
    for i in range(seat):
        d["seats"][i]["passed"] = True
    return d


def _over(d: dict) -> A.State:
    d["phase"], d["current"], d["queue"] = "over", None, []
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "display", 1, 2, 2
    return load(d)


# ---------------------------------------------------------------------------------------------
# describe
# ---------------------------------------------------------------------------------------------

def test_describe_uses_the_names_of_five_players():
    s = load(_five_at(4, "farm"))
    assert W.describe(s, "pass", NAMES) == "Kofi passes"
    assert W.describe(s, "go:mine", NAMES) == "Kofi moves by cart to the Mine"
    assert W.describe(s, "pass") == "Player 5 passes"
    assert W.describe(s, "pass", ["", " ", "", "", "  "]) == "Player 5 passes"
    assert W.describe(s, "pass", NAMES[:2]) == "Player 5 passes"
    assert A.describe is W.describe


def test_describe_cart_costs_and_completing_an_order():
    d = scene(2, seed=1, pawn="market", coins=3)
    d["seats"][0]["carts"], d["seats"][0]["carts_used"] = 2, 1
    d["carts"] -= 1
    give(d, 0, "move", "food")
    give(d, 0, "market", "silver")
    for o in ("O5",):
        if o in d["orders"]:
            d["orders"].remove(o)
        else:
            d["removed"].remove(o)
            d["removed"].append(d["orders"].pop())
    d["supply"]["ore"] -= 1
    d["supply"]["stone"] -= 1
    d["seats"][0]["order"] = {"id": "O5", "delivered": ["ore", "stone"]}
    s = load(d)
    far = [m.text for m in A.legal_moves(s) if m.text.startswith("go:")][0]
    assert W.describe(s, far, NAMES).endswith(" (1 food)")
    assert W.describe(s, "deliver:silver:r1", NAMES) == (
        "Anna delivers silver to order O5 and completes it (10 VP, corn to warehouse row 1)")
    assert W.describe(s, "sell:silver", NAMES) == "Anna sells silver for 3 coins"


def test_public_words_keep_planning_secret():
    s = play(A.new_game(seed=7, players=2), "draw", "draw")
    place = [m.text for m in A.legal_moves(s) if ">" in m.text][0]
    good, sid = place.split(">")
    assert W.is_secret(s, place) and not W.is_secret(s, "done")
    assert W.describe(s, place, NAMES, public=True) == "Anna plans (secret until the Actions phase)"
    assert good in W.describe(s, place, NAMES)
    assert W.describe(s, "done", NAMES, public=True) == "Anna is done planning"
    assert not W.is_secret(A.new_game(seed=7, players=2), "draw")


# ---------------------------------------------------------------------------------------------
# prompt
# ---------------------------------------------------------------------------------------------

def test_prompts_in_every_phase():
    s = A.new_game(seed=7, players=5)
    sp = s.current
    assert W.prompt(s, NAMES) == f"{NAMES[sp]}: draw 4 goods from your bag"
    while s.phase == "draw":
        s = A.apply(s, "draw")
    assert W.prompt(s, NAMES) == f"{NAMES[sp]} plans: place goods on action spaces, then Done"
    while s.phase == "planning":
        s = A.apply(s, "done")
    assert W.prompt(s, NAMES) == (f"{NAMES[sp]}'s turn: put your pawn on any location (free) "
                                  "and act there, or pass")
    s = A.apply(s, "@mine")
    # nothing planned: no action is ready at the Mine
    assert W.prompt(s, NAMES) == (f"{NAMES[sp]}'s turn: nothing is ready at the Mine: move to a "
                                  "location with a ready action, or pass")
    d = scene(2, seed=1, pawn="village", coins=2)
    assert W.prompt(load(d), NAMES) == ("Anna's turn: act at the Village now, or move first: a "
                                        "turn is one location's actions")
    s = play(load(d), "cart")
    assert W.prompt(s, NAMES) == ("Anna's turn: you acted at the Village this turn: move on now "
                                  "and act there next turn, or end your turn")
    there = [loc for loc in s.ring if loc != "village"][0]
    s = play(s, "go:" + there)
    assert W.prompt(s, NAMES) == (f"Anna's turn: you acted at the Village this turn: act at the "
                                  f"{W.location_name(there)} next turn; end your turn")
    draft = A.new_game(seed=4, players=3, role_selection="draft")
    assert W.prompt(draft, NAMES) == f"{NAMES[draft.current]}: choose your role (7 left)"
    assert W.prompt(_over(scene(2)), NAMES) == ""


def test_prompt_final_storage_and_draw_control():
    d = scene(2, seed=1, pawn="farm")
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "display", 1, 2, 2
    from altiplano_support import take_extension
    take_extension(d, "D1")
    d["seats"][0]["extensions"] = [["D1", 1]]
    give(d, 0, "crate", "silver")
    s = play(load(d), "pass", "pass")
    assert W.prompt(s, NAMES) == ("Anna: final storage \u2014 store up to 3 goods in your "
                                  "warehouse, then Done")


# ---------------------------------------------------------------------------------------------
# explain and the score pad
# ---------------------------------------------------------------------------------------------

def _tied(coins: list[int]) -> A.State:
    d = scene(len(coins), seed=1, pawn="farm")
    for i, c in enumerate(coins):
        give(d, i, "crate", "silver", "silver")
        d["seats"][i]["coins"] = c
    return _over(d)


def test_explain_winner_coin_tiebreak_and_shared_win():
    s = _tied([4, 9])
    assert W.explain(s, names=NAMES) == (
        "Anna and Tim are tied on 8 points; Tim wins the tie-break with 9 coins (Anna: 4).")
    s = _tied([9, 9])
    assert W.explain(s, names=NAMES) == "Anna and Tim are tied on 8 points and 9 coins and share the win."
    s = _tied([9, 9, 4])
    assert W.explain(s, names=NAMES) == (
        "Anna, Tim and Bo are tied on 8 points; Anna and Tim have the most coins (9) and share "
        "the win (Bo: 4).")
    d = scene(5, seed=1, pawn="farm")
    give(d, 3, "crate", "cloth")
    s = _over(d)
    assert W.explain(s, names=NAMES) == "Chiara wins with 4 points."
    assert W.explain(s) == "Player 4 wins with 4 points."
    assert W.explain(load(scene(2))) == ""


def test_scoreboard_of_the_worked_example_22_7():
    d = scene(2, seed=1, pawn="farm", coins=7)
    give(d, 0, "crate", "wood", "wood", "wood", "silver", "silver", "food", "food", "food", "food",
         "glass")
    shelve(d, 0, ["stone"] * 4, ["wool", "wool"])
    d["boats"].remove("fish")
    d["seats"][0]["boats"] = ["fish"]
    d["houses"].remove("silver")
    d["seats"][0]["houses"] = ["silver"]
    for g in ("ore", "silver", "stone", "ore"):  # O5's goods on its card, 1 ore on O9
        d["supply"][g] -= 1
    d["seats"][0]["completed_orders"] = ["O5"]
    d["seats"][0]["order"] = {"id": "O9", "delivered": ["ore"]}
    rest = [f"O{k}" for k in range(1, 17) if k not in (5, 9)]
    d["removed"], d["orders"] = rest[:6], rest[6:]
    s = _over(d)
    pad = W.scoreboard(s)[0]
    got = {p["key"]: (p["count"], p["points"]) for p in pad["parts"]}
    assert got == {"goods0": (4, 0), "goods1": (7, 7), "goods2": (0, 0), "goods3": (3, 9),
                   "goods4": (2, 8), "boats": (1, 2), "houses": (1, 4), "orders": (1, 10),
                   "house_bonus": (2, 2), "warehouse": (1, 1), "unfinished_order": (1, 0)}
    # the ore on the unfinished O9 scores 0 (spec §14, §16), and the pad says so by name
    assert pad["parts"][-1]["label"] == "Goods on an unfinished order"
    assert pad["parts"][-1]["words"] == "O9: ore"
    assert "unfinished_order" not in {p["key"] for p in W.scoreboard(s)[1]["parts"]}
    assert pad["total"] == 43 and pad["coins"] == 7
    assert pad["parts"][3]["label"] == "Goods worth\u00a03" and pad["parts"][3]["goods"] == ["wool", "glass"]
    assert [p["total"] for p in W.scoreboard(s)] == list(A.outcome(s).scores) == [43, 0]


def test_scoreboard_warehouse_rows_count_times_points_only_when_every_row_is_worth_the_same():
    """The house set's ``warehouse.row_points`` may differ per row: one complete row is
    "1 × v"; rows worth different points get no ``each`` (no "n × v" would be right)."""
    hs = load(scene(2)).hs
    vary = next(k for k in range(2, len(hs.wh_points) + 1) if len(set(hs.wh_points[:k])) > 1)
    goods = ["stone", "wool", "wood", "fish", "food", "ore", "cloth", "glass"]
    for full, each in ((1, hs.wh_points[0]), (vary, None)):
        d = scene(2, seed=1, pawn="farm")
        shelve(d, 0, *[[goods[r]] * hs.wh_len for r in range(full)])
        part = next(p for p in W.scoreboard(_over(d))[0]["parts"] if p["key"] == "warehouse")
        assert (part["count"], part["points"], part.get("each")) == (full, sum(hs.wh_points[:full]), each)
        assert part["unit"] == ("row", "rows")


def test_end_reason_names_what_ended_the_game():
    assert W.end_reason(load(scene(2))) == ""
    assert A.end_reason is W.end_reason
    assert W.end_reason(_over(scene(2))) == (
        "The game ended after round 2: the extension display could not be refilled.")
    d = scene(3, seed=1, pawn="farm")
    d["phase"], d["current"], d["queue"] = "over", None, []
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "empty:harbor", 1, 2, 2
    assert W.end_reason(load(d), NAMES) == (
        "The game ended after round 2: the Harbor is empty (no fish and no boats left).")


def test_scoreboard_totals_equal_the_outcome_in_random_games():
    for players in (2, 5):
        rng = random.Random(players)
        s = A.new_game(seed=50 + players, players=players)
        while not A.is_over(s):
            s = A.apply(s, choose(rng, s))
        pads = W.scoreboard(s)
        out = A.outcome(s)
        assert [p["total"] for p in pads] == list(out.scores)
        assert [p["coins"] for p in pads] == [b["coins"] for b in out.breakdown]
        for p in pads:
            assert sum(x["points"] for x in p["parts"]) == p["total"]
            for x in p["parts"]:
                if "each" in x:
                    assert x["points"] == x["count"] * x["each"]
        assert W.explain(s, names=NAMES)


# ---------------------------------------------------------------------------------------------
# banner and tooltips
# ---------------------------------------------------------------------------------------------

def test_round_banner():
    s = A.new_game(seed=7, players=5, first_player=3)
    b = W.round_banner(A.view(s, None), NAMES)
    assert b["title"] == "Round 1 \u00b7 Draw" and b["start_player"] == "Chiara"
    assert b["final"] is None and b["text"] == "Round 1 \u00b7 Draw \u00b7 start player: Chiara"
    d = scene(5, seed=1, pawn="farm")
    d["trigger"], d["trigger_round"], d["final_round"] = "empty:harbor", 1, 2
    b = W.round_banner(A.view(load(d), 0), NAMES)
    assert b["final"] == "triggered" and b["why"] == "the Harbor is empty (no fish and no boats left)"
    assert "after this round, round 2 is the last" in b["text"]
    d["trigger"], d["trigger_round"], d["final_round"], d["round"] = "display", 1, 2, 2
    b = W.round_banner(A.view(load(d), 0), NAMES)
    assert b["final"] == "final"
    # (a scene names no house set: version 1, which the banner says last)
    assert b["text"] == ("Round 2 \u00b7 Actions \u00b7 start player: Anna \u00b7 Final round: "
                         "the extension display could not be refilled. \u00b7 "
                         "This game keeps house set version 1 (new games use 13).")
    b = W.round_banner(A.view(_over(scene(2)), None), NAMES)
    # the end screen says why the game ended (new-user run: it only said "Game over after round 17")
    assert b["title"] == "Game over after round 2"
    assert b["text"] == ("Game over after round 2 (the extension display could not be refilled) \u00b7 "
                         "This game keeps house set version 1 (new games use 13).")
    # a game on an older house set says so (issue 18; new-user run: nothing on the page did)
    old = A.new_game(seed=7, players=2, house_set="house_set_12")
    assert W.round_banner(A.view(old, 0), NAMES)["text"] == (
        "Round 1 \u00b7 Draw \u00b7 start player: Anna \u00b7 "
        "This game keeps house set version 12 (new games use 13).")
    assert W.house_set_note(A.view(A.new_game(seed=7, players=2, house_set="house_set"), 0)["options"]) == (
        "This game keeps house set version 1 (new games use 13).")
    assert W.house_set_note(A.view(s, None)["options"]) == "" == W.house_set_note(None)


def test_tooltips_say_what_things_do():
    assert set(W.LOCATION_NAMES) == set(A.LOCATIONS)
    assert set(W.ROLE_NAMES) == set(A.rules._data.load().roles)
    assert W.good_tip("silver") == ("silver: 3 VP at the end; sells for 3 coins at the Market; "
                                    "made at the Mine and extension C2.")
    assert W.good_tip("food").startswith("food: 0 VP at the end; pays for movement")
    assert "never in your bag" in W.good_tip("corn")
    assert W.location_tip("farm") == ("Farm (2 action spaces): alpaca \u2192 food; alpaca + food "
                                      "\u2192 wool; wool + food \u2192 cloth. Stock: alpaca, "
                                      "wool, cloth.")
    assert "buy a cart for 1 coin" in W.location_tip("village")
    assert W.role_tip("miner") == ("Miner (role, at the Mine, 1 action space): food \u2192 ore. "
                                   "Starting goods: fish + ore + 2 food; 1 coin.")
    assert W.extension_tip("B7", price=5) == (
        "Extension B7 (letter B, 5+ players, at the Market, 2 coin spaces): 2 coins placed in "
        "planning \u2192 glass; costs 5 coins (3 printed + 2 surcharge).")
    assert W.extension_effect("D2").startswith("draw control")
    assert W.order_tip("O5") == "Order O5: deliver stone + ore + silver at the Market for 12 VP."
    assert W.order_tip("O9", ["ore"]).endswith(
        "for 17 VP; delivered ore, still needs ore + 2 silver.")
    split = {"forest_cacao_mode": "split_recipes"}
    assert "cacao + food \u2192 glass" in W.location_tip("forest", split)
    assert "cacao \u2192 food, cloth or glass (your choice)" in W.location_tip("forest")
    assert W.trigger_words("empty:village") == "the Village is empty (no houses and no carts left)"
    assert W.trigger_words(None) == ""


def test_why_not_explains_a_click_that_plays_nothing():
    d = scene(3, seed=1, pawn="farm", coins=1)
    s = load(d)
    v = A.view(s, 0)
    assert W.why_not(v, "loc:farm") == "Left at the Farm: 9 alpaca, 11 wool, 11 cloth. Your pawn is already at the Farm."
    assert W.stock_left_words(v, "village") == (
        f"Left at the Village: {len(v['houses'])} house cards ({', '.join(v['houses'])}), {v['carts']} carts.")
    assert W.why_not(v, "src:mine") == "Your pawn is not at the Mine."
    assert W.why_not(v, "display:" + s.display[0]) == (
        "Buy extensions at the Market: your pawn is at the Farm. Move it to the Market first.")
    assert W.why_not(v, "order:" + s.orders[0]) == (
        "Take orders at the Market: your pawn is at the Farm. Move it to the Market first.")
    assert W.why_not(A.view(s, 1), "loc:mine", NAMES) == "It is Anna's turn."
    s2 = play(s, "go:market")
    v2 = A.view(s2, 0)
    price = v2["display"][4]["price"]
    assert W.why_not(v2, "display:" + s2.display[4]) == f"It costs {price} coins; you have 1."
    assert W.why_not(v2, "bag") == "That shows the game; there is nothing to play there."
    p = play(A.new_game(seed=7, players=2), "draw", "draw")
    assert W.why_not(A.view(p, 0), "src:farm").startswith("Select a good on a planning space")
    assert W.why_not(A.view(A.new_game(seed=7, players=2), 0), "plan:1") == (
        "First draw your goods; planning comes next.")


def test_why_not_names_a_selected_good_or_coin_an_action_space_cannot_take():
    p = play(A.new_game(seed=2, players=2), "draw", "draw")
    me = p.current
    v = A.view(p, me)
    plan = A.render._planning_list(v["seats"][me], A.render._house(v))
    k = next(k for k, g in enumerate(plan, 1) if g != "food")  # food: its own words (below)
    good = plan[k - 1]
    legal = {str(m) for m in A.legal_moves(p)}
    spaces = sorted({m.split(">")[1] for m in legal if ">" in m})  # spaces some good may go on
    full = [sid for sid in spaces if f"{good}>{sid}" not in legal]
    assert full, f"some action space cannot take {good} now"
    cell = "src:" + full[0]
    assert W.why_not(v, cell, selected=f"plan:{k}") == (
        "That action space cannot take that good now: its spaces are full, or no recipe there "
        "uses it. The green outlines show where it can go.")
    assert W.why_not(v, cell, selected="coins").startswith("That action space cannot take a coin now")
    # nothing selected: the player is told to select a good first
    assert W.why_not(v, cell).startswith("Select a good on a planning space")
    assert W.END_TURN_FIRST == "End your turn first (End turn), or undo."


def test_food_cannot_be_planned_onto_the_market_and_the_page_says_so():
    # spec §9.3 / H3: each Market space holds one non-food good; §11: food is never stored
    p = play(A.new_game(seed=2, players=2), "draw", "draw")
    me = p.current
    v = A.view(p, me)
    plan = A.render._planning_list(v["seats"][me], A.render._house(v))
    assert plan[0] == "food"
    legal = {str(m) for m in A.legal_moves(p)}
    assert "food>market" not in legal and "food>village" not in legal
    assert "glass>market" in legal
    assert W.why_not(v, "src:market", selected="plan:1") == W.NO_FOOD_MARKET
    assert W.NO_FOOD_MARKET.startswith("The Market takes no food: food cannot be sold")
    assert W.why_not(v, "src:village", selected="plan:1") == W.NO_FOOD_STORE
    # a good the Market takes but cannot hold now keeps the general words
    alpaca = f"plan:{plan.index('alpaca') + 1}"
    assert not W.why_not(v, "src:mine", selected=alpaca).startswith("The Market")
    # the tooltip and the legend say it too (no "others 1 coin" that suggests food sells)
    tip = W.location_tip("market")
    assert "food cannot be sold" in tip and "others" not in tip
    assert "each space takes one non-food good" in tip
    food = dict((k, text) for k, _n, text in W.legend_items())["food"]
    assert "cannot be sold at the Market" in food


def test_a_planned_good_leaves_its_planning_space_empty_and_the_rest_stay_put():
    # a version-10 Farmer (3 food and a cacao; versions 11 and 12 start it with 4 food)
    p = play(A.new_game(seed=7, players=2, house_set="house_set_10"), "draw", "draw")
    me = p.current

    def slots(state):
        v = A.view(state, me)
        return A.render._planning_list(v["seats"][me], A.render._house(v))

    assert slots(p) == ["food", "food", "food", "cacao"]
    q = A.apply(p, "cacao>market")
    assert slots(q) == ["food", "food", "food", None]
    q = A.apply(q, "food>farm")
    # cacao did not slide onto space 3; of the three foods the first space emptied, the space
    # a player who takes the left one clicked (issue 22: the right one vanished)
    assert slots(q) == [None, "food", "food", None]
    v = A.view(q, me)
    assert W.why_not(v, "plan:4") == ("Planning space 4 is empty: click a good on a filled "
                                      "planning space, then an action space.")
    assert W.why_not(v, "plan:1").startswith("Planning space 1 is empty")
    # the board draws spaces 1 and 4 empty and keeps food on spaces 2 and 3
    svg = A.render_svg(v, {})
    assert 'data-cell="plan:4"' in svg
    # taking a good back puts it on a space of its kind again
    assert slots(A.apply(q, "cacao<market")) == [None, "food", "food", "cacao"]
    assert slots(A.apply(q, "food<farm")) == ["food", "food", "food", None]
    # the others see every drawn good on the planning spaces, packed: placements are secret
    pub = A.view(A.apply(q, "done"), None)["seats"][me]
    assert A.render._planning_list(pub, A.render._house(v)) == ["food", "food", "food", "cacao"]


def test_the_board_outlines_a_planning_placement_only_for_its_planner():
    s = play(A.new_game(seed=7, players=2), "draw", "draw")
    me = s.current
    place = next(str(m) for m in A.legal_moves(s) if ">" in str(m) and not str(m).endswith(">bag"))
    after = A.apply(s, place)
    for viewer, shown in ((me, place), (1 - me, None), (None, None)):
        assert W.last_outlined(A.view(after, viewer), place, viewer, me) == shown
    # the Draw that opened Planning is public; so is everything in the Actions phase
    assert W.last_outlined(A.view(s, None), "draw", None, 1 - me) == "draw"
    assert W.last_outlined({"phase": "actions"}, place, None, me) == place
    assert W.last_outlined(A.view(s, me), None, me, None) is None


def test_describe_planning_and_roles():
    draft = A.new_game(seed=4, players=3, role_selection="draft")
    r = draft.roles_left[0]
    assert W.describe(draft, f"role:{r}", NAMES) == (
        f"{NAMES[draft.current]} chooses the {W.role_name(r)} role")
    d = pos(play(A.new_game(seed=7, players=2), "draw", "draw"))
    d["seats"][0]["role"], d["seats"][1]["role"] = "shepherd", "miner"
    for x in d["seats"]:
        for g, n in list(x["planning"].items()):
            d["supply"][g] = d["supply"].get(g, 0) + n
        x["planning"] = {}
    give(d, 0, "planning", "food", "alpaca")
    s = load(d)
    assert W.describe(s, "food>shepherd", NAMES) == "Anna places food on the Shepherd tile"
    assert W.describe(s, "alpaca>farm", NAMES) == "Anna places alpaca on the Farm"
    s2 = play(s, "alpaca>farm")
    assert W.describe(s2, "alpaca<farm", NAMES) == (
        "Anna takes alpaca from the Farm back to a planning space")
    assert W.describe(s2, "done", NAMES) == "Anna is done planning"


def test_public_position_hides_what_the_view_hides():
    s = play(A.new_game(seed=7, players=2), "draw", "draw")
    text = W.public_position(s)
    d = json.loads(text)
    assert d["ply"] == 2 and d["player"] is None and "legal_moves" not in d
    for e in s.pile:
        assert f'"{e}"' not in text
    place = [m.text for m in A.legal_moves(s) if ">" in m.text][0]
    s2 = A.apply(s, place)
    assert json.loads(W.public_position(s2)) == dict(d, ply=3)


def test_a_draw_with_full_planning_spaces_says_there_is_nothing_to_draw():
    """Round 2 after a round in which nobody placed a good: the 4 open planning spaces are still
    full, so the draw takes 0 goods; the prompt and the Draw button say so (not "draw 0")."""
    from altibox.altiplano.render import render_svg
    s = A.new_game(seed=7, players=2)
    while s.round == 1:
        legal = {str(m) for m in A.legal_moves(s)}
        s = A.apply(s, next(m for m in ("draw", "done", "pass", "end") if m in legal))
    assert s.phase == "draw" and sum(s.ps[s.current].planning.values()) == 4
    who = NAMES[s.current]
    assert W.prompt(s, NAMES) == f"{who}: your planning spaces are full, nothing to draw: Draw goes on"
    svg = render_svg(A.view(s, s.current), {"names": NAMES[:2]})
    assert "Draw (nothing to draw)" in svg and "Draw 0" not in svg


def test_the_tables_words_come_from_a_view():
    """The words render.py draws are words.py's, computed from a view's seat (spec §8 costs,
    the house set's prices)."""
    s = A.new_game(seed=7, players=2, house_set="house_set")
    v = A.view(s, s.current)
    seat = v["seats"][v["player"]]
    hs = data.load("house_set")
    # the name starts with the button's visible text (WCAG 2.5.3, issue 22)
    assert W.button_words("draw", seat, v["phase"], hs) == ("Draw 4 goods", "Draw 4 goods from your bag")
    for move in ("done", "end", "pass"):
        text, label = W.button_words(move, seat, "planning", hs)
        assert label.startswith(text), (text, label)
    assert W.board_hint(v, NAMES, seat, acting=True) == (
        "Draw fills your open planning spaces from the bag. " + W.AIM_WORDS)
    assert W.board_hint({**v, "round": 3}, NAMES, seat, acting=True) == (
        "Draw fills your open planning spaces from the bag.")
    assert W.board_hint(A.view(s, None), NAMES, seat, acting=False) == \
        f"{NAMES[s.current]} is to act. Hidden placements show when Actions begin."
    sources = hs.sources("one_cacao_choose_output")
    sv, wv = hs.values["silver"], hs.values["wool"]
    assert W.option_words("sell:silver", seat, hs, sources) == (
        f"Sell silver for 3 coins: the silver goes to your crate (you keep its {sv} VP)")
    assert W.option_words("sell:wool", seat, hs, sources) == (
        f"Sell wool for 1 coin: the wool goes to your crate (you keep its {wv} VP)")
    assert W.option_short("sell:wool", seat, hs, sources)[1] == "Sell: 1 coin"
    assert W.display_price_words(hs) == ("Price = printed (A:2 B:3 C:4 D:5) + slot (+0\u2026+4): "
                                         "2+1 costs 3. Unbought tiles slide to cheaper slots.")
    assert W.choice_note(["village:r1:r2"], hs) == W.warehouse_rule(hs) == (
        "A row holds one kind of good (corn fills any row); start a row only when the rows above "
        "it hold a good. A full row of 4 scores row 1: 1 VP \u2026 row 8: 8 VP.")
    assert W.choice_note(["sell:wool", "deliver:wool"], hs) == (
        f"Selling: the wool goes to your crate (you keep its {wv} VP); delivering puts it on your "
        "order for good.")
    assert W.choice_note(["go:farm", "step:farm"], hs) == ""
    # a delivery that leaves the order unfinished says that its goods score nothing till then
    o9 = {"order": {"id": "O9", "delivered": ["ore"]}}
    vp9 = hs.orders["O9"][1]
    assert W.choice_note(["deliver:wool", "sell:wool"], hs, o9) == (
        f"Selling: the wool goes to your crate (you keep its {wv} VP); delivering puts it on "
        f"order O9 for good, and goods on an order score nothing until it is complete (its {vp9} VP).")
    assert W.option_words("deliver:wool", o9, hs, sources) == (
        f"Deliver wool to order O9 \u2014 goods on an order score nothing until it is complete "
        f"(its {vp9} VP)")
    assert W.option_short("step:farm", seat, hs, sources) == ("Go to the Farm", "One step (1 food)", "food")
    assert W.move_cost("go:farm", {"carts_used": 0}) == "cart: free"
    assert W.move_cost("go:farm", {"carts_used": 1, "extensions": ["D7"]}) == "cart: free/1 food"
    assert W.choice_title("src", "move", hs) == "Movement: choose one"


def test_a_game_shows_the_values_of_its_own_house_set(monkeypatch, request):
    """Issue 18: a version-1 game keeps version 1's values in its legend, tooltips and score
    pad while version 13 (here with wool made worth 9 to tell them apart) is the default, which
    the How to play page (no options) shows."""
    from altibox.altiplano import data as D
    from altibox.altiplano._render import context as RC, formulas as RF
    raw = D.load_raw("house_set_13")
    raw["goods_values"]["wool"] = 9
    monkeypatch.setitem(D._CACHE, "house_set_13", D.HouseSet("house_set_13", raw))
    caches = [(cache, dict(cache)) for cache in (RC._TIPS, RF._FORMULAS)]  # shared by name: emptied, then restored

    def restore():
        for cache, kept in caches:
            cache.clear()
            cache.update(kept)
    request.addfinalizer(restore)
    for cache, _kept in caches:
        cache.clear()
    d1, d2 = scene(2, seed=1, house_set="house_set"), scene(2, seed=1, house_set="house_set_13")
    for d in (d1, d2):
        give(d, 0, "crate", "wool", "wool")
    v1, v2 = load(d1), load(d2)
    assert (v1.hs.name, v2.hs.name) == ("house_set", "house_set_13")
    assert A.good_tip("wool", v1.options).startswith("wool: 3 VP at the end")
    assert A.good_tip("wool", v2.options).startswith("wool: 9 VP at the end")
    assert A.good_tip("wool").startswith("wool: 9 VP at the end")
    shown, kept = ({key: text for key, _icon, _name, text in A.legend(opts)} for opts in (None, v1.options))
    assert shown["wool"].startswith("9 VP") and kept["wool"].startswith("3 VP")
    assert "wool: 3 VP at the end" in A.render_svg(A.view(v1, 0), None)
    assert "wool: 9 VP at the end" in A.render_svg(A.view(v2, 0), None)
    assert A.score_breakdown(v1, 0)["goods"] == 6 and A.score_breakdown(v2, 0)["goods"] == 18
    pad1, pad2 = A.scoreboard(v1)[0], A.scoreboard(v2)[0]
    assert pad1["total"] == 6 and pad2["total"] == 18
    assert any(p.get("each") == 3 and "wool" in p.get("goods", ()) for p in pad1["parts"])


def test_one_coin_is_singular_on_the_board():
    """'1 coin', never '1 coins': the other players' panels read a seat's coins through
    words.coin_words (spec §16: coins break ties)."""
    assert (W.coin_words(0), W.coin_words(1), W.coin_words(3)) == ("0 coins", "1 coin", "3 coins")
    s = A.new_game(seed=7, players=2)
    coins = [p.coins for p in s.ps]
    svg = A.render_svg(A.view(s, 0), None)
    assert f"{W.coin_words(coins[1])};" in svg and " 1 coins" not in svg


def test_the_turn_rule_is_said_before_it_costs_an_action():
    """Spec §6.3: one location's actions a turn; after acting, moving on ends them. The rules'
    ``action_turn`` and the words say so in the status, the hint and the why-not."""
    d = scene(2, seed=1, pawn="village", coins=2)
    give(d, 0, "market", "wool")
    s = load(d)
    assert A.rules.action_turn(s) == {"here": "village", "acted": None, "moved_after": False,
                                      "may_act": True, "may_move": True, "may_end": False,
                                      # nothing planned at these: a move there is warned (issue 22)
                                      "idle": ["mine", "road", "harbor", "forest", "farm"]}
    s = play(s, "cart")  # an action at the Village
    s = play(s, "go:market")
    turn = A.view(s, 0)["turn"]
    # the free cart is used and no food is on the movement spaces: no move left either
    assert turn == {"here": "market", "acted": "village", "moved_after": True, "may_act": False,
                    "may_move": False, "may_end": True,
                    "idle": ["village", "mine", "road", "harbor", "forest", "farm"]}
    assert "sell:wool" not in moves(s)  # the wool at the Market waits for the next turn
    v = A.view(s, 0)
    assert W.why_not(v, "src:market") == (
        "You acted at the Village this turn, and a turn is one location's actions: act at the "
        "Market next turn (end your turn now).")
    hint = W.board_hint(v, NAMES, v["seats"][0], acting=True, can_end=True)
    assert hint == "You acted at the Village this turn: act at the Market next turn; end your turn."
    s = play(s, "end")
    assert A.view(s, 0)["turn"]["acted"] is None and A.rules.action_turn(
        play(A.new_game(seed=1, players=2), "draw")) is None


def test_the_end_is_warned_before_it_is_triggered():
    """Spec §15: an empty location (or a display that cannot be refilled) triggers the end; the
    banner warns while a location is nearly empty, and says the final round once triggered."""
    d = scene(2, seed=1)
    v = A.view(load(d), 0)
    assert W.end_warning(v) == "" and W.round_banner(v)["warning"] is None
    # a view with 2 fish and no boats left at the Harbor
    v = {**v, "supply": {**v["supply"], "fish": 2}, "boats": []}
    warn = ("Near the end: the Harbor has 2 left (2 fish). An empty location (every good and "
            "card of it gone) ends the game after this round and one more.")
    assert W.end_warning(v) == warn and W.round_banner(v)["text"].endswith(warn + " \u00b7 This game keeps house set version 1 (new games use 13).")
    d["trigger"], d["trigger_round"], d["final_round"] = "display", 1, 2
    assert W.end_warning(A.view(load(d), 0)) == ""


def _farm_scene(wool_left: int, alpaca_left: int = 0) -> dict:
    """Seat 0 at the Farm with alpaca + food on its spaces (alpaca + food -> wool takes a wool
    from the Farm's stock); the Farm's other goods moved to seat 1's crate."""
    d = scene(2, seed=1, pawn="farm")
    give(d, 0, "farm", "alpaca", "food")
    for g, keep in (("alpaca", alpaca_left), ("cloth", 0), ("wool", wool_left)):
        n = d["supply"].get(g, 0) - keep
        d["supply"][g] -= n
        if not d["supply"][g]:
            del d["supply"][g]
        d["seats"][1]["crate"][g] = d["seats"][1]["crate"].get(g, 0) + n
    return d


def test_the_end_warning_follows_the_empty_location_trigger():
    """Spec §15 (a), option ``empty_trigger_locations``: a location is empty when every good and
    card stocked on it is gone. The Farm at 0 alpaca with wool left is not empty (no warning of
    it); its last wool warns; taking it triggers the end, which the banner then says."""
    many = A.view(load(_farm_scene(wool_left=8)), 0)
    assert many["supply"].get("alpaca", 0) == 0
    assert W.end_warning(many) == ""                         # 0 alpaca, 8 wool: not near empty
    s = load(_farm_scene(wool_left=1))
    v = A.view(s, 0)
    assert W.end_warning(v) == (
        "Near the end: the Farm has 1 left (1 wool). An empty location (every good and card of "
        "it gone) ends the game after this round and one more.")
    assert "farm" in moves(s)
    after = A.apply(s, "farm")                                # alpaca + food -> the last wool
    assert (after.trigger, after.final_round) == ("empty:farm", 2)
    b = W.round_banner(A.view(after, 0))
    assert b["final"] == "triggered" and b["warning"] is None
    assert b["text"].endswith("The end is near: the Farm is empty (no alpaca, no wool and no "
                              "cloth left); after this round, round 2 is the last." + " \u00b7 This game keeps house set version 1 (new games use 13).")
    # a location left out of empty_trigger_locations never warns
    d = _farm_scene(wool_left=1)
    d["options"]["empty_trigger_locations"] = [x for x in A.rules.LOCATIONS if x != "farm"]
    assert W.end_warning(A.view(load(d), 0)) == ""
    # an empty location the rules have not checked yet (an edited view): the next action ends it
    empty = {**v, "supply": {k: n for k, n in v["supply"].items() if k != "wool"}}
    assert W.end_warning(empty).startswith("The end is near: the Farm is empty (every good and "
                                           "card of it gone): the next action triggers the end")


def test_the_end_warning_counts_the_extension_pile():
    """Spec §13.3, §15 (b): each round takes at least one tile from the pile (the cheapest tile
    leaves or a bought one is replaced); when a slot cannot be refilled, one more round."""
    d = scene(2, seed=1)
    v = A.view(load(d), 0)
    r = v["round"]
    pile = lambda n: {**v, "pile": {"count": n, "letters": {}}}  # noqa: E731
    assert W.end_warning(pile(2)) == ""
    assert W.end_warning(pile(1)) == (
        "Near the end: the extension pile has 1 tile left and each round takes at least one to "
        f"refill the display: round {r + 2} is the last at the latest (sooner if extensions are "
        "bought).")
    assert W.end_warning(pile(0)).endswith(f"so round {r + 1} is the last.")
    two_bought = {**pile(1), "display": [None, None] + v["display"][2:]}
    assert W.end_warning(two_bought).startswith("Near the end: the extension pile has 1 tile "
                                                "left, too few to refill the display")
    # the rules agree: a pile of 0 with nothing bought triggers the end at the round's end
    d["gone"], d["pile"] = d["gone"] + d["pile"], []
    s = load(d)
    while s.round == r:
        s = A.apply(s, "pass")
    assert (s.trigger, s.final_round) == ("display", r + 1)


def test_the_logs_notation_is_explained():
    """Issue 22: each notation of the log has a tooltip saying what its form means."""
    assert W.notation_help("wool>farm") == ("wool>farm — GOOD>SOURCE: a good (or coin) planned onto "
                                            "an action space")
    assert W.notation_help("go:mine") == "go:mine — go:LOCATION: a move by cart"
    assert W.notation_help("village:r1:r2").startswith("village:r1:r2 — SOURCE[:CHOICE...]")
    assert W.notation_help("plan") == "plan — plan: a planning placement, secret until the Actions phase"
    rng = random.Random(3)
    s = A.new_game(seed=3, players=3)
    forms = set()
    for _ in range(400):
        if A.is_over(s):
            break
        m = choose(rng, s)
        tip = W.notation_help(m.text)
        assert tip.startswith(f"{m.text} — ") and len(tip) > 20
        forms.add(tip.split(" — ")[1].split(":")[0])
        s = A.apply(s, m)
    assert len(forms) >= 8


def test_a_draw_from_a_short_bag_says_where_the_other_goods_are():
    """New-user run (issue 22): with their goods left on action spaces, "Draw 5 goods" drew
    nothing, silently. Spec §6.1: the draw takes from the bag, refilled from the crate only;
    goods on action spaces come back only when taken back. The prompt says how many there are."""
    s = A.new_game(seed=7, players=2)
    i = s.current
    p = s.ps[i]
    assert s.phase == "draw" and sum(p.planning.values()) == 0
    who = NAMES[i]
    p.bag, p.crate = {"wool": 1}, {"food": 1}
    p.src = {"forest": (("cacao", "food"), 0, (), 0)}
    back = " (you may take goods back now; after the Draw they stay put)"
    assert W.prompt(s, NAMES) == (f"{who}: draw 4 goods \u2014 only 2 in your bag and crate: the others "
                                  f"wait on action spaces until you take them back{back}")
    p.bag, p.crate = {}, {}
    assert W.prompt(s, NAMES) == (f"{who}: draw 4 goods \u2014 nothing in your bag and crate: your goods "
                                  f"wait on action spaces until you take them back{back}")
    # none on action spaces: the goods are where they never come back from (issue 22)
    s = A.new_game(seed=7, players=2)  # a fresh state: the legal moves are computed once
    s.ps[i].bag, s.ps[i].crate = {}, {"food": 1}
    assert W.prompt(s, NAMES) == (f"{who}: draw 4 goods \u2014 only 1 in your bag and crate: the others "
                                  f"are stored in your warehouse or delivered to orders: they do not "
                                  f"come back")
    s.ps[i].bag = {"wool": 2, "food": 2}
    assert W.prompt(s, NAMES) == f"{who}: draw 4 goods from your bag"


def test_the_end_warning_counts_one_card_in_the_singular():
    """'1 cart', '1 boat', never '1 carts' (new-user run: "the Village has 3 left (2 houses, 1
    carts)"); goods names stay uncounted ('1 fish'). The Village stocks houses and carts, the
    Harbor fish and boats (house set 12, H3)."""
    v = A.view(A.new_game(seed=3, players=3), 0)
    village = {**v, "houses": v["houses"][:2], "carts": 1}
    assert W.end_warning(village).startswith("Near the end: the Village has 3 left (2 houses, 1 cart).")
    harbor = {**v, "boats": v["boats"][:1], "supply": {**v["supply"], "fish": 1}}
    assert W.end_warning(harbor).startswith("Near the end: the Harbor has 2 left (1 fish, 1 boat).")


def test_pass_asks_first_while_a_planned_action_is_ready_and_reachable():
    """New-user run: a Pass in round 1 ended the round at once with goods planned (a Pass
    cannot be undone). Spec §6.3: Pass ends the player's round; while an action the player
    planned is ready (§6.2: the goods are exactly a recipe's inputs) and the pawn can still
    run it, the first click on Pass asks. Seed 1, 2 players: food on the Farm (not a recipe
    alone), the Farmer's tile and 2 food on the Mine (both ready)."""
    s = A.new_game(seed=1, players=2)
    for m in ("draw", "draw", "food>farm", "food>mine", "food>mine", "food>farmer", "done",
              "food>farm", "done"):
        s = A.apply(s, m)
    v = A.view(s, s.current)
    assert W.ready_unused(v) == ["the Farmer's action", "your Mine action"]
    assert W.confirm_first(v, "pass") == (
        "Click Pass again to pass, or act first: the Farmer's action and your Mine action are "
        "ready to run and would stay unused (a Pass ends your round).")
    s = A.apply(A.apply(s, "@farm"), "farmer")                 # the Farmer's action is run
    v = A.view(s, s.current)
    assert W.ready_unused(v) == ["your Mine action"] and W.confirm_first(v, "end") is None
    assert W.ready_unused(A.view(s, 1 - s.current)) == []      # not the viewer's turn
    other = A.apply(A.new_game(seed=2, players=2), "draw")      # nothing planned: Pass plays at once
    while other.phase != "actions":
        other = A.apply(other, "draw" if other.phase == "draw" else "done")
    assert W.confirm_first(A.view(other, other.current), "pass") is None
