"""Composing positions by hand (issue 20 point 4): the pure models behind the editor, one per
game (alto.compose, altitude.compose, altiplano.compose), each checked by the engine."""

from __future__ import annotations

import json

import pytest

from altibox import altiplano, altitude, alto
from altibox.alto import compose as alto_compose
from altibox.altitude import compose as altitude_compose
from altibox.altiplano import compose as altiplano_compose
from altibox.core import PositionError
from altibox.core.scenes import load_scenes, start_state

ALTO_START = "SA,DO,OD,OD/AS,DO,OD,DO/OD,OD,DO,DO/OD,DO,AS,SA r p"


def test_alto_square_tile_faces_and_removed():
    text = alto_compose.set_square(ALTO_START, "a1", "od", "")
    assert text.split(" ")[0].split("/")[3].split(",")[0] == "od"
    assert alto_compose.check(alto_compose.set_square(ALTO_START, "a1", "do", "")).rule == 4  # one DO too many
    # black side up in the placement phase breaks rule 6, said by the engine
    assert alto_compose.check(text).rule == 6
    moved = alto_compose.set_turn(text, "w", "m")
    assert moved.endswith(" w m")
    assert alto_compose.check(moved).rule == 7  # movement needs 8 discs of each colour


def test_alto_composed_movement_position_plays():
    cells, _, _ = alto_compose.squares(ALTO_START)
    text = ALTO_START
    for i, cell in enumerate(sorted(cells)):
        text = alto_compose.set_square(text, cell, cells[cell], "rw"[i % 2])
    text = alto_compose.set_square(text, "a1", "--", "rw")
    text = alto_compose.set_square(text, "a2", cells["a2"].lower(), "")  # black side up, empty
    text = alto_compose.set_turn(text, 1, "m")
    assert alto_compose.check(text) is None
    state = alto.from_position(text)
    assert state.to_move == 1 and alto.to_position(state) == text
    assert len(alto.legal_moves(state)) > 0


def test_alto_bad_edits_are_said():
    with pytest.raises(ValueError, match="no square 'e5'"):
        alto_compose.set_square(ALTO_START, "e5", "OD", "")
    with pytest.raises(ValueError, match="not a tile"):
        alto_compose.set_square(ALTO_START, "a1", "XY", "")
    with pytest.raises(ValueError, match="red"):
        alto_compose.set_square(ALTO_START, "a1", "OD", "rx")
    assert [apn for apn, _ in alto_compose.tile_choices()] == ["OD", "od", "DO", "do", "AS", "as", "SA", "sa", "--"]


def test_altitude_rest_of_deck_worked_out():
    text = altitude_compose.compose(
        3, "draw", 1, [[{"row": 1, "col": 0, "card": 57}], [{"row": 1, "col": 0, "card": 109}], []],
        hand=[12, 30, 101, 117], drawn=64, discard_top=5, pile_size=20, pile_top=[99, 98])
    s = altitude.from_position(text)
    assert s.hands[1] == (12, 30, 101, 117) and s.drawn == 64 and s.discard[-1] == 5
    assert len(s.draw_pile) == 20 and s.draw_pile[-2:] == (98, 99)  # 99 is drawn next
    assert len(s.hands[0]) == len(s.hands[2]) == 4
    # 120 cards: 2 on mountains, 4+4+4 in hands, drawn, 20 in the pile -> 88 in the discard
    assert len(s.discard) == 120 - 2 - 12 - 1 - 20
    assert altitude.current_player(s) == 1 and len(altitude.legal_moves(s)) > 0


@pytest.mark.parametrize("kwargs,words", [
    (dict(hand=[12, 30, 101, 57]), "both in the mountain of seat 1 and in the hand of seat 1"),
    (dict(hand=[12, 30, 101, 500]), "no card 500"),
    (dict(hand=[12, 30, 101, 102], pile_size=200), "cannot hold 200 cards"),
    (dict(hand=[12, 30, 101], drawn=64), "hand 0 holds 3 cards"),
])
def test_altitude_bad_tables_are_said(kwargs, words):
    args = dict(players=2, phase="draw", current=0, mountains=[[{"row": 1, "col": 0, "card": 57}], []],
                drawn=64)
    args.update(kwargs)
    with pytest.raises(PositionError, match=words):
        altitude_compose.compose(**args)


def test_altitude_parts_of_every_scene_compose_back_to_a_valid_table():
    done = 0
    for scene in load_scenes("altitude"):
        text = altitude.to_position(start_state(scene))
        try:
            p = altitude_compose.parts(text)
        except PositionError:
            continue  # a finished game is not a composed table
        s = altitude.from_position(altitude_compose.compose(**p))
        before = altitude.from_position(text)
        assert s.mountains == before.mountains and s.hands[s.current] == before.hands[before.current]
        assert len(s.draw_pile) == len(before.draw_pile) and s.drawn == before.drawn
        done += 1
    assert done == 7


def _new(players=2):
    return altiplano.to_position(altiplano.new_game(seed=7, players=players))


def test_altiplano_goods_come_from_and_go_to_the_supply():
    text = _new()
    before = altiplano.from_position(text)
    text = altiplano_compose.move_goods(text, 1, "crate", "ore", 3)
    text = altiplano_compose.move_goods(text, 0, "bag", "food", -4)  # the Farmer's 4 food
    s = altiplano.from_position(text)
    assert s.ps[1].crate["ore"] == 3 and s.supply["ore"] == before.supply["ore"] - 3
    assert s.ps[0].bag.get("food", 0) == 0 and s.supply["food"] == before.supply["food"] + 4


def test_altiplano_supply_and_places_bound_the_changes():
    text = _new()
    with pytest.raises(PositionError, match="supply has 7 alpaca left, not 9"):
        altiplano_compose.move_goods(text, 0, "crate", "alpaca", 9)
    with pytest.raises(PositionError, match="bag holds 4 food, not 5"):
        altiplano_compose.move_goods(text, 0, "bag", "food", -5)
    with pytest.raises(PositionError, match="no seat 3"):
        altiplano_compose.move_goods(text, 2, "bag", "food", 1)


def test_altiplano_seat_display_orders_and_warehouse():
    text = _new(3)
    text = altiplano_compose.set_seat(text, 2, coins=9, road=2, pawn="mine")
    text = altiplano_compose.set_warehouse(text, 0, [["wood", "wood"], ["stone"]])
    d = json.loads(text)
    shown = d["display"][0]
    waiting = d["pile"][0]
    text = altiplano_compose.swap_display(text, 0, waiting)
    out = json.loads(text)["removed"][0]
    text = altiplano_compose.swap_order(text, 1, out)
    s = altiplano.from_position(text)
    p = s.ps[2]
    assert (p.coins, p.road, p.pawn) == (9, 2, "mine")
    assert [list(r) for r in s.ps[0].wh] == [["wood", "wood"], ["stone"]]
    assert s.display[0] == waiting and shown in s.pile
    assert s.orders[1] == out and s.supply["wood"] == json.loads(_new(3))["supply"]["wood"] - 2
    with pytest.raises(PositionError, match="no location 'moon'"):
        altiplano_compose.set_seat(text, 0, pawn="moon")
    with pytest.raises(PositionError, match="not in the pile"):
        altiplano_compose.swap_display(text, 0, shown * 0 + "Z9")
