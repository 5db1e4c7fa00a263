"""Alto records: to_record / replay (DESIGN.md §2, spec §10.5)."""

from __future__ import annotations

import json

import pytest

from altibox import alto
from altibox.core import RecordError, loads

MOVEMENT = "DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,SArww,--/ODr,DOr,od,od w m"


def first_moves(state, n):
    for _ in range(n):
        state = alto.apply(state, alto.legal_moves(state)[0])
    return state


def test_record_shape_and_round_trip():
    s = first_moves(alto.new_game(seed=12), 20)
    rec = alto.to_record(s, meta={"names": ["Ann", "Tim"]})
    assert rec == {
        "schema": 1, "game": "alto", "players": 2, "options": {}, "seed": 12,
        "moves": list(s.moves), "start": None, "meta": {"names": ["Ann", "Tim"]},
    }
    assert rec["moves"][:3] == ["@a1", "@a2", "@a3"] and len(rec["moves"]) == 20
    back = alto.replay(loads(json.dumps(rec)))
    assert alto.to_position(back) == alto.to_position(s) and back.moves == s.moves
    assert back == s


def test_only_non_default_options_stored():
    s = alto.new_game(seed=3, first_player=1, setup="random")
    rec = alto.to_record(s)
    assert rec["options"] == {"first_player": 1, "setup": "random"}
    assert rec["moves"] == []  # random placements are setup, not moves
    s = first_moves(s, 5)
    back = alto.replay(json.loads(json.dumps(alto.to_record(s))))
    assert alto.to_position(back) == alto.to_position(s)
    assert back.options == s.options


def test_custom_tile_set_round_trip():
    custom = [("O", "D")] * 12 + [("S", "A")] * 4
    s = first_moves(alto.new_game(seed=8, tile_set=custom, setup="random"), 3)
    rec = json.loads(json.dumps(alto.to_record(s)))
    assert rec["options"]["tile_set"] == [["O", "D"]] * 12 + [["S", "A"]] * 4
    back = alto.replay(rec)
    assert alto.to_position(back) == alto.to_position(s)
    # the same tiles given as the default set are not stored
    default = alto.new_game(seed=8, tile_set=[list(p) for p in alto.DEFAULT_TILE_SET])
    assert alto.to_record(default)["options"] == {}


def test_record_from_position():
    s = alto.apply(alto.from_position(MOVEMENT), "c2d2")
    rec = alto.to_record(s)
    assert rec["seed"] is None and rec["start"] == MOVEMENT and rec["moves"] == ["c2d2"]
    back = alto.replay(rec)
    assert alto.to_position(back) == "DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,sa,--rww/ODr,DOr,od,od r m"


def _rec(**changes):
    rec = alto.to_record(first_moves(alto.new_game(seed=21), 18))
    rec.update(changes)
    return rec


def test_illegal_move_names_the_ply():
    rec = _rec()
    rec["moves"][17] = rec["moves"][16]  # the same movement twice: its source has moved on
    with pytest.raises(RecordError) as info:
        alto.replay(rec)
    assert info.value.ply == 18 and info.value.move == rec["moves"][16]


def test_placement_on_taken_tile_names_the_ply():
    with pytest.raises(RecordError) as info:
        alto.replay(_rec(moves=["@b2", "@c3", "@b2"]))
    assert (info.value.ply, info.value.move) == (3, "@b2")
    assert "already holds" in str(info.value)


def test_malformed_move_names_the_ply():
    with pytest.raises(RecordError) as info:
        alto.replay(_rec(moves=["@b2", "b2-c3"]))
    assert (info.value.ply, info.value.move) == (2, "b2-c3")


@pytest.mark.parametrize("changes", [
    {"game": "altitude"}, {"schema": 2}, {"players": 3}, {"seed": -1}, {"seed": 2**53},
    {"seed": "21"}, {"seed": 2.5}, {"seed": True}, {"options": {"setup": "fixed"}},
    {"options": {"tile_set": [["O", "D"]] * 16}}, {"options": {"colour": "red"}},
    {"moves": "@b2"}, {"seed": None, "start": None},
])
def test_bad_header_rejected(changes):
    with pytest.raises(RecordError) as info:
        alto.replay(_rec(**changes))
    assert info.value.ply == 0 and info.value.move is None


def test_tampered_start_rejected():
    base = alto.to_record(alto.apply(alto.from_position(MOVEMENT), "c2d2"))
    bad = dict(base, start=MOVEMENT.replace("ODwwr", "ODwwrr"))  # a 9th red disc
    with pytest.raises(RecordError) as info:
        alto.replay(bad)
    assert info.value.ply == 0 and "rule 5" in str(info.value)
    # a start that is valid but does not allow the recorded move
    moved = dict(base, start=MOVEMENT.replace("SArww,--", "sarww,--"))  # c2 black: active A
    assert alto.replay(dict(moved, moves=["c2d1"])).cell("d1").stack == "w"
    with pytest.raises(RecordError) as info:
        alto.replay(dict(moved, moves=["c2c1", "b4c4"]))
    assert info.value.ply == 2 and info.value.move == "b4c4"


def test_moves_are_checked_against_the_seeded_tiles():
    # golden seed 7 puts a D/O tile, bright (active D), on a1 (test_alto_rules.GOLDEN)
    placements = [str(m) for m in alto.legal_moves(alto.new_game(seed=7))]
    assert len(placements) == 16
    ok = alto.replay({"schema": 1, "game": "alto", "players": 2, "options": {}, "seed": 7,
                      "moves": placements + ["a1b2"], "start": None, "meta": {}})
    assert ok.cell("b2").stack == "wr" and ok.cell("a1") == alto.Cell(("D", "O"), False, "")
    with pytest.raises(RecordError) as info:
        alto.replay({"schema": 1, "game": "alto", "players": 2, "options": {}, "seed": 7,
                     "moves": placements + ["a1a2"], "start": None, "meta": {}})
    assert (info.value.ply, info.value.move) == (17, "a1a2")
    assert "diagonal" in str(info.value)
