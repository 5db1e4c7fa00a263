"""Alto Position Notation: from_position validity rules 1..7 and round trips (spec §10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altibox import alto
from altibox.core import PositionError

VECTORS = json.loads((Path(__file__).parent / "data" / "alto_vectors.json").read_text("utf-8"))

PLACEMENT_START = "SA,DO,OD,DO/AS,DO,OD,OD/AS,DO,OD,OD/OD,SA,DO,DO r p"
MOVEMENT = "DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,SArww,--/ODr,DOr,od,od w m"

SPEC_POSITIONS = sorted(
    {v["apn"] for v in VECTORS["perft"]}
    | {v["apn"] for v in VECTORS["tiebreak"]}
    | {e[k] for e in VECTORS["examples"] for k in ("before", "after")}
    | {VECTORS["placement_example"]["start"], VECTORS["placement_example"]["after"]}
    | {VECTORS["scoring_13_1"]["apn"]}
)


@pytest.mark.parametrize("apn", SPEC_POSITIONS)
def test_round_trip_spec_positions(apn):
    s = alto.from_position(apn)
    assert alto.to_position(s) == apn
    assert s.start == apn and s.moves == () and s.seed is None and s.players == 2
    again = alto.from_position(alto.to_position(s))
    assert alto.legal_moves(again) == alto.legal_moves(s)


def test_decoded_10_6():
    s = alto.from_position(MOVEMENT)
    assert s.to_move == 1 and s.phase == alto.MOVEMENT
    b3 = s.cell("b3")
    assert (b3.tile, b3.bright, b3.active, b3.stack) == (("O", "D"), True, "O", "wwr")
    c3 = s.cell("c3")
    assert (c3.tile, c3.bright, c3.active, c3.stack) == (("A", "S"), False, "S", "r")
    assert s.cell("d2") == alto.Cell(None, False, "")
    assert s.cells[0] == s.cell("a1") and s.cells[15] == s.cell("d4")
    assert len(alto.legal_moves(s)) == 28


def _replace_cell(apn: str, cell: str, new: str) -> str:
    board, rest = apn.split(" ", 1)
    rows = [r.split(",") for r in board.split("/")]
    rows[4 - int(cell[1])]["abcd".index(cell[0])] = new
    return "/".join(",".join(r) for r in rows) + " " + rest


# (rule, text) — each text breaks exactly the named rule first
BROKEN = [
    (1, MOVEMENT.replace(" w m", " w  m")),
    (1, MOVEMENT + " "),
    (1, " " + MOVEMENT),
    (1, MOVEMENT.replace(" w m", "\tw m")),
    (1, MOVEMENT.replace(" w m", " wm")),
    (1, "DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,SArww,-- w m"),          # 3 rows
    (1, MOVEMENT.replace("DOr,DOw,do,ODr/", "DOr,DOw,do/")),                # 3 cells
    (1, MOVEMENT.replace("DOr,DOw,do,ODr/", "DOr,DOw,do,ODr,OD/")),         # 5 cells
    (1, ""),
    (2, _replace_cell(MOVEMENT, "a4", "Dor")),                              # mixed case
    (2, _replace_cell(MOVEMENT, "a4", "DXr")),
    (2, _replace_cell(MOVEMENT, "a4", "DOb")),
    (2, _replace_cell(MOVEMENT, "a4", "")),
    (2, _replace_cell(MOVEMENT, "a4", "r")),
    (2, _replace_cell(MOVEMENT, "a4", "-r")),
    (2, _replace_cell(MOVEMENT, "a4", "DOR")),
    (3, MOVEMENT.replace(" w m", " b m")),
    (3, MOVEMENT.replace(" w m", " W m")),
    (3, MOVEMENT.replace(" w m", " w x")),
    (3, MOVEMENT.replace(" w m", " w M")),
    (4, _replace_cell(MOVEMENT, "d2", "od")),                               # a 7th O/D tile
    (4, _replace_cell(MOVEMENT, "d2", "SA")),                               # a 3rd S/A tile
    (4, _replace_cell(MOVEMENT, "d2", "OO")),                               # not in the set
    (5, _replace_cell(MOVEMENT, "d2", "--r")),                              # 9 red
    (5, _replace_cell(MOVEMENT, "d2", "--w")),                              # 9 white
    (6, _replace_cell(PLACEMENT_START, "a1", "od")),                        # black in placement
    (6, _replace_cell(PLACEMENT_START, "d1", "--")),                        # a removed tile
    (6, _replace_cell(PLACEMENT_START, "a1", "ODrw")),                      # two discs on a cell
    (6, "SAr,DOw,ODr,DOw/ASr,DOw,ODr,ODw/ASr,DOw,ODr,ODw/ODr,SAw,DOr,DOw w p"),  # 16 discs
    (6, "SAr,DOr,OD,DO/AS,DO,OD,OD/AS,DO,OD,OD/OD,SA,DO,DO w p"),           # 2 - 0
    (6, "SAr,DO,OD,DO/AS,DO,OD,OD/AS,DO,OD,OD/OD,SA,DO,DO r p"),            # red has more
    (7, MOVEMENT.replace("ODwwr", "ODww")),                                 # 7 red
    (7, _replace_cell(_replace_cell(MOVEMENT, "a4", "DO"), "d2", "--r")),  # a bright tile empty
    (7, "SA,DO,OD,DO/AS,DO,OD,OD/AS,DO,OD,OD/OD,SA,DO,DO r m"),             # no discs at all
]


@pytest.mark.parametrize("rule,text", BROKEN)
def test_validity_rules(rule, text):
    with pytest.raises(PositionError) as info:
        alto.from_position(text)
    assert info.value.rule == rule, str(info.value)
    assert isinstance(info.value, ValueError)
    assert f"rule {rule}" in str(info.value)


def test_rule_7_bright_empty_tile_named():
    text = _replace_cell(_replace_cell(MOVEMENT, "a4", "DO"), "d2", "--r")
    with pytest.raises(PositionError) as info:
        alto.from_position(text)
    assert info.value.rule == 7 and "a4" in str(info.value)


def test_every_rule_number_is_covered():
    assert {r for r, _ in BROKEN} == {1, 2, 3, 4, 5, 6, 7}


def test_rule_4_uses_the_configured_tile_set():
    custom = [("O", "D")] * 12 + [("A", "S")] * 4
    text = "OD,OD,OD,OD/OD,OD,OD,OD/OD,OD,OD,OD/AS,AS,AS,AS r p"
    s = alto.from_position(text, tile_set=custom)
    assert len(alto.legal_moves(s)) == 16
    with pytest.raises(PositionError) as info:
        alto.from_position(text)
    assert info.value.rule == 4


def test_placement_phase_turn_rules():
    # equal counts: either colour may be to place (first_player decides); fewer places next
    one_each = "SAr,DOw,OD,DO/AS,DO,OD,OD/AS,DO,OD,OD/OD,SA,DO,DO "
    assert alto.from_position(one_each + "w p").to_move == 1
    assert alto.from_position(one_each + "r p").to_move == 0
    s = alto.from_position("SAw,DO,OD,DO/AS,DO,OD,OD/AS,DO,OD,OD/OD,SA,DO,DO r p")
    assert [str(m) for m in alto.legal_moves(s)][:3] == ["@a1", "@a2", "@a3"] and len(alto.legal_moves(s)) == 15
    fifteen = "SAr,DOw,ODr,DOw/ASr,DOw,ODr,ODw/ASr,DOw,ODr,ODw/ODr,SAw,DOr,DO w p"
    s = alto.from_position(fifteen)
    s2 = alto.apply(s, "@d1")
    assert s2.phase == alto.MOVEMENT and s2.to_move == 0
    assert alto.to_position(s2) == fifteen.replace(",DO w p", ",DOw r m")


def test_bad_options_in_from_position():
    with pytest.raises(ValueError):
        alto.from_position(MOVEMENT, tile_set=[("O", "D")] * 16)
    with pytest.raises(ValueError):
        alto.from_position(MOVEMENT, first_player=5)
