"""Alto rules: the rulebook's examples, perft, scoring, setup and the API (shared/rules/alto.md)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from altibox import GAMES, alto
from altibox.core import IllegalMoveError, Outcome

VECTORS = json.loads((Path(__file__).parent / "data" / "alto_vectors.json").read_text("utf-8"))
START_11_3 = VECTORS["moves_11_3_before"]["apn"]


def perft(state, depth):
    if depth == 0:
        return 1
    moves = alto.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(alto.apply(state, m), depth - 1) for m in moves)


# ------------------------------------------------------------------ module facts (DESIGN §2)

def test_module_facts():
    assert GAMES["alto"] is alto
    assert alto.NAME == "Alto"
    assert alto.PLAYERS == range(2, 3)
    assert set(alto.OPTIONS) == {"tile_set", "first_player", "setup"}
    assert alto.OPTIONS["first_player"] == (int, 0, (0, 1))
    assert alto.OPTIONS["setup"] == (str, "alternate", ("alternate", "random"))
    typ, default, choices = alto.OPTIONS["tile_set"]
    assert typ is list and choices is None
    assert [a + b for a, b in default] == ["OD"] * 6 + ["DO"] * 6 + ["AS"] * 2 + ["SA"] * 2
    assert alto.SYMBOL_NAMES == {"A": "all directions", "O": "orthogonal", "D": "diagonal", "S": "stack"}


# ------------------------------------------------------------------ §11 rulebook examples

@pytest.mark.parametrize("ex", VECTORS["examples"], ids=lambda e: e["id"])
def test_rulebook_move_examples(ex):
    before = alto.from_position(ex["before"])
    after = alto.apply(before, ex["move"])
    assert alto.to_position(after) == ex["after"]
    assert alto.to_position(before) == ex["before"]  # apply did not touch its input
    assert after.moves == (ex["move"],)
    assert alto.current_player(before) == 1 and alto.current_player(after) == 0


def test_example_11_1_tile_flips_and_disc_lands_on_red():
    s = alto.apply(alto.from_position(VECTORS["examples"][0]["before"]), "a3b2")
    a3, b2 = s.cell("a3"), s.cell("b2")
    assert (a3.tile, a3.bright, a3.active, a3.stack) == (("D", "O"), False, "O", "")
    assert b2.stack == "rw"


def test_example_11_2_tile_removed_disc_stays():
    s = alto.apply(alto.from_position(VECTORS["examples"][1]["before"]), "b3a3")
    assert s.cell("b3") == alto.Cell(None, False, "r")
    assert s.cell("a3").stack == "www"
    assert "b3a4" not in {str(m) for m in alto.legal_moves(s)}
    assert alto.sources(s).count("b3") == 0


def test_example_11_3_whole_stack_moves_in_order():
    s = alto.apply(alto.from_position(START_11_3), "c2d2")
    assert s.cell("d2") == alto.Cell(None, False, "rww")
    assert s.cell("c2") == alto.Cell(("S", "A"), False, "")
    assert s.cell("c2").active == "A"


def test_placement_example_10_7():
    ex = VECTORS["placement_example"]
    s = alto.from_position(ex["start"])
    for m in ex["moves"]:
        s = alto.apply(s, m)
    assert alto.to_position(s) == ex["after"]


# ------------------------------------------------------------------ §12 perft

@pytest.mark.parametrize("vec", VECTORS["perft"], ids=lambda v: v["id"])
def test_perft(vec):
    s = alto.from_position(vec["apn"])
    assert [perft(s, d) for d in (1, 2, 3)] == vec["counts"]


def test_sorted_moves_of_11_3():
    s = alto.from_position(START_11_3)
    assert [str(m) for m in alto.legal_moves(s)] == VECTORS["moves_11_3_before"]["moves"]


# ------------------------------------------------------------------ §13 scoring

def test_scoring_example_13_1():
    vec = VECTORS["scoring_13_1"]
    s = alto.from_position(vec["apn"])
    assert alto.current_player(s) is None and alto.legal_moves(s) == []
    out = alto.outcome(s)
    assert isinstance(out, Outcome)
    assert out.scores == (20, 17) == tuple(vec["scores"])
    assert out.winners == (0,) and out.reason == "score" and out.detail == {}
    assert [list(b) for b in out.breakdown] == vec["breakdown"]
    assert alto.scores(s) == (20, 17)
    # a finished game: moves played = F + 2R = 16 + R (§8)
    tiles = [c for c in s.cells if c.tile is not None]
    removed = 16 - len(tiles)
    black = sum(not c.bright for c in tiles)
    assert removed == vec["tiles_removed"]
    assert black + 2 * removed == 16 + removed == vec["moves_played"]


@pytest.mark.parametrize("vec", VECTORS["tiebreak"], ids=lambda v: v["id"])
def test_tiebreak_vectors(vec):
    out = alto.outcome(alto.from_position(vec["apn"]))
    assert out.scores == tuple(vec["scores"])
    assert out.winners == tuple(vec["winners"])
    assert out.reason == vec["reason"] and out.detail == vec["detail"]
    for counts, expected in zip(out.breakdown, (vec["red_levels"], vec["white_levels"])):
        assert sorted(k for k, n in enumerate(counts, 1) for _ in range(n)) == expected


def test_outcome_none_while_playing():
    assert alto.outcome(alto.new_game(seed=1)) is None
    assert alto.outcome(alto.from_position(START_11_3)) is None
    assert alto.scores(alto.from_position(START_11_3)) == (10, 13)


# ------------------------------------------------------------------ §6 setup

def spec_setup(seed, tile_set, first, setup):
    """A literal transcription of spec §6.7, independent of the engine."""
    rng = random.Random(f"{seed}/setup")
    tiles = list(tile_set)
    rng.shuffle(tiles)
    names = [f"{'abcd'[i % 4]}{i // 4 + 1}" for i in range(16)]
    grid = {names[i]: [tiles[i][0] + tiles[i][1], ""] for i in range(16)}
    if setup == "random":
        for k in range(16):
            colour = "rw"[first] if k % 2 == 0 else "rw"[1 - first]
            free = sorted(n for n in names if not grid[n][1])
            grid[rng.choice(free)][1] = colour
    rows = "/".join(",".join("".join(grid[c + r]) for c in "abcd") for r in "4321")
    return f"{rows} {'rw'[first]} {'m' if setup == 'random' else 'p'}"


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2**53 - 1])
@pytest.mark.parametrize("setup", ["alternate", "random"])
@pytest.mark.parametrize("first", [0, 1])
def test_setup_follows_spec_6_7(seed, setup, first):
    s = alto.new_game(seed=seed, first_player=first, setup=setup)
    assert alto.to_position(s) == spec_setup(seed, alto.DEFAULT_TILE_SET, first, setup)
    assert s.moves == () and s.start is None and s.seed == seed


GOLDEN = [
    # (seed, options, starting APN) -- pinned: a change here turns old saves into new games
    (7, {}, "OD,DO,DO,AS/DO,OD,OD,SA/SA,DO,DO,OD/DO,AS,OD,OD r p"),
    (7, {"setup": "random"},
     "ODw,DOr,DOw,ASr/DOr,ODr,ODw,SAw/SAr,DOw,DOr,ODw/DOw,ASr,ODr,ODw r m"),
    (20260101, {"setup": "random", "first_player": 1},
     "ODr,SAw,DOw,DOr/DOr,ODw,ODw,DOw/ASr,ODr,DOr,ODw/DOw,ODw,ASr,SAr w m"),
]


@pytest.mark.parametrize("seed,options,apn", GOLDEN)
def test_golden_seeds(seed, options, apn):
    assert alto.to_position(alto.new_game(seed=seed, **options)) == apn


def test_new_game_defaults_and_options():
    s = alto.new_game(seed=5)
    assert s.players == 2 and s.phase == alto.PLACEMENT and s.to_move == 0
    assert s.options == {"tile_set": alto.DEFAULT_TILE_SET, "first_player": 0, "setup": "alternate"}
    assert all(c.bright and c.stack == "" and c.tile is not None for c in s.cells)
    assert len(alto.legal_moves(s)) == 16
    fresh = alto.new_game()
    assert isinstance(fresh.seed, int) and 0 <= fresh.seed < 2**53
    r = alto.new_game(seed=5, setup="random", first_player="1")  # text from a URL is coerced
    assert r.phase == alto.MOVEMENT and r.to_move == 1 and r.options["first_player"] == 1
    assert sorted("".join(c.stack for c in r.cells)) == ["r"] * 8 + ["w"] * 8


def test_alternate_placement_then_first_player_moves():
    s = alto.new_game(seed=3, first_player=1)
    colours = []
    for k in range(16):
        assert s.phase == alto.PLACEMENT and s.to_move == (1 + k) % 2
        move = alto.legal_moves(s)[0]
        colours_before = "".join(c.stack for c in s.cells)
        s = alto.apply(s, move)
        colours.append(s.cell(move.dst).stack)
        assert len("".join(c.stack for c in s.cells)) == len(colours_before) + 1
    assert colours == ["w", "r"] * 8
    assert s.phase == alto.MOVEMENT and s.to_move == 1 and alto.current_player(s) == 1
    assert all(len(c.stack) == 1 for c in s.cells)


@pytest.mark.parametrize("bad", [
    {"tile_set": alto.DEFAULT_TILE_SET[:15]},
    {"tile_set": list(alto.DEFAULT_TILE_SET[:15]) + [("O", "X")]},
    {"tile_set": [("O", "D")] * 8 + [("D", "O")] * 8},  # faces O 16, D 16
    {"tile_set": "OD" * 16},
    {"tile_set": [("O", "D", "A")] + list(alto.DEFAULT_TILE_SET[1:])},
    {"first_player": 2},
    {"setup": "fixed"},
    {"colour": "red"},
])
def test_bad_options_rejected(bad):
    with pytest.raises(ValueError):
        alto.new_game(seed=1, **bad)


def test_custom_tile_set_accepted_and_normalised():
    custom = [["O", "D"]] * 12 + ["AS"] * 4  # faces: O 12, D 12, A 4, S 4
    s = alto.new_game(seed=9, tile_set=custom)
    assert s.options["tile_set"] == (("O", "D"),) * 12 + (("A", "S"),) * 4
    assert sorted(c.tile for c in s.cells) == sorted(s.options["tile_set"])


@pytest.mark.parametrize("kw", [{"seed": -1}, {"seed": 2**53}, {"seed": "7"}, {"seed": True},
                                {"seed": 1, "players": 3}, {"seed": 1, "players": 1}])
def test_bad_seed_or_players(kw):
    with pytest.raises(ValueError):
        alto.new_game(**kw)


# ------------------------------------------------------------------ API details

def test_seats_and_view():
    s = alto.new_game(seed=2)
    assert alto.num_players(s) == 2
    assert [alto.seat_name(s, p) for p in (0, 1)] == ["Red", "White"]
    with pytest.raises(ValueError):
        alto.seat_name(s, 2)
    # perfect information: every seat and a spectator see the same facts
    views = [alto.view(s, p) for p in (0, 1, None)]
    assert [v.pop("player") for v in views] == [0, 1, None]
    assert views[0] == views[1] == views[2]
    v = views[0]
    assert v["phase"] == "placement" and v["current_player"] == 0 and v["ply"] == 0
    assert [c["cell"] for c in v["cells"]] == list(alto.CELLS)
    assert all(c["bright"] and c["stack"] == "" for c in v["cells"])
    assert v["legal_moves"] == [str(m) for m in alto.legal_moves(s)] and len(v["legal_moves"]) == 16
    assert v["scores"] == [0, 0] and v["outcome"] is None
    with pytest.raises(ValueError):
        alto.view(s, 2)


@pytest.mark.parametrize("text", ["@c3", "b2c3", "a1d4", "@a1", "d4d3"])
def test_parse_move_round_trip(text):
    m = alto.parse_move(text)
    assert str(m) == text
    assert m == alto.parse_move(text) and hash(m) == hash(alto.parse_move(text))
    assert m.is_placement == text.startswith("@")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.dst = "a1"


@pytest.mark.parametrize("text", ["", "@", "@e1", "@a5", "c3", "b2-c3", "B2C3", " b2c3", "b2c3 ",
                                  "@c3c4", "a0a1", None, 23])
def test_parse_move_malformed(text):
    with pytest.raises(ValueError) as info:
        alto.parse_move(text)
    assert not isinstance(info.value, IllegalMoveError)


def test_apply_errors():
    s = alto.from_position(START_11_3)
    for text in ("a1a3", "d2d1", "c4c3", "@c4", "b2b2", "a1c3"):
        with pytest.raises(IllegalMoveError):
            alto.apply(s, text)
    with pytest.raises(ValueError) as info:
        alto.apply(s, "x9")
    assert not isinstance(info.value, IllegalMoveError)
    with pytest.raises(IllegalMoveError, match="no tile"):
        alto.apply(alto.apply(s, "c2d2"), "d2d1")
    p = alto.new_game(seed=1)
    with pytest.raises(IllegalMoveError):
        alto.apply(p, "a1a2")
    p2 = alto.apply(p, "@a1")
    with pytest.raises(IllegalMoveError, match="already holds"):
        alto.apply(p2, "@a1")
    final = alto.from_position(VECTORS["scoring_13_1"]["apn"])
    with pytest.raises(IllegalMoveError, match="over"):
        alto.apply(final, "b1a2")
    # a Move object works as well as its text
    assert alto.to_position(alto.apply(s, alto.parse_move("c2d2"))) == VECTORS["examples"][2]["after"]


def test_symbols_move_as_specified():
    # A: 8 neighbours, O: 4 orthogonal, D: 4 diagonal, S: 4 orthogonal with the whole stack
    apn = "ODr,ODw,od,DOr/DOr,ASrw,DOw,SAr/DOw,SAwr,DOr,ASw/ODw,ODr,ODw,do r m"
    s = alto.from_position(apn)
    assert alto.to_position(s) == apn
    assert [m.dst for m in alto.destinations(s, "b3")] == ["a2", "a3", "a4", "b2", "b4", "c2", "c3", "c4"]
    assert [m.dst for m in alto.destinations(s, "b2")] == ["a2", "b1", "b3", "c2"]
    assert [m.dst for m in alto.destinations(s, "a1")] == ["a2", "b1"]  # O from a corner
    assert [m.dst for m in alto.destinations(s, "d4")] == ["c3"]  # D from a corner
    after = alto.apply(s, "b2c2")
    assert after.cell("c2").stack == "rwr" and after.cell("b2").stack == ""
    after = alto.apply(s, "b3c4")
    assert after.cell("c4").stack == "w" and after.cell("b3").stack == "r"
    assert after.cell("b3").tile == ("A", "S") and after.cell("b3").active == "S"


def test_sources_and_destinations():
    s = alto.from_position(START_11_3)
    assert alto.sources(s) == ["a1", "a2", "a3", "a4", "b1", "b3", "b4", "c2", "c3", "d3", "d4"]
    assert [str(m) for m in alto.destinations(s, "c2")] == ["c2b2", "c2c1", "c2c3", "c2d2"]
    assert alto.destinations(s, "d2") == [] and alto.destinations(s, "b2") == []
    with pytest.raises(ValueError):
        alto.destinations(s, "e5")
    p = alto.new_game(seed=4)
    assert alto.sources(p) == [] and alto.destinations(p, "a1") == []


def test_describe():
    s = alto.from_position(START_11_3)
    assert alto.describe(s, "c2d2") == "White moves the stack of 3 (red, white, white) c2→d2; the tile flips"
    assert alto.describe(s, "b3a3") == "White moves the top disc (red) of 3 b3→a3; the tile flips"
    assert alto.describe(s, "c3d3") == "White moves the stack (one red disc) c3→d3; the tile is removed"
    assert alto.describe(s, "a4b3") == "White moves the red disc a4→b3; the tile flips"
    assert alto.describe(s, "a3a2") == "White moves the stack (one white disc) a3→a2; the tile flips"
    assert alto.describe(s, "d3c2") == "White moves the top disc (white) of 2 d3→c2; the tile flips"
    assert alto.describe(alto.new_game(seed=1), "@c3") == "Red places a disc on c3"
    ex2 = alto.from_position(VECTORS["examples"][1]["before"])
    assert alto.describe(ex2, "b3a3") == "White moves the top disc (white) of 2 b3→a3; the tile is removed"
    with pytest.raises(IllegalMoveError):
        alto.describe(s, "d2d1")


def test_state_is_immutable_and_hashable():
    s = alto.new_game(seed=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.to_move = 1
    t = alto.apply(s, "@a1")
    assert s.moves == () and t.moves == ("@a1",) and s.cell("a1").stack == ""
    assert hash(s) == hash(alto.new_game(seed=1)) and s == alto.new_game(seed=1)


def test_no_private_step_and_nothing_revealed():
    """Perfect information (spec §2): no private step, no ply reveals anything, so undo is
    unlimited; the facts say so too."""
    assert (alto.INFO.hidden, alto.INFO.chance, alto.INFO.seats) == (False, False, ("Red", "White"))
    s = alto.new_game(seed=4)
    rng = random.Random(4)
    while not alto.is_over(s):
        assert alto.private_step(s) is False
        nxt = alto.apply(s, rng.choice(alto.legal_moves(s)))
        assert alto.reveals(s, nxt) == frozenset()
        s = nxt
    assert alto.private_step(s) is False and alto.outcome(s) is not None
