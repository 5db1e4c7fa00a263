"""Bots never take back what they placed on their previous turn (issue 18).

Altitude: the hard bot replaced the card it had just placed, turn after turn (action E on the
same slot). The position below is game seed 20001 (2 players, hard on both seats, bot seeds
``"20001/<ply>"``), recorded with the bot before the fix: at plies 52, 54 and 56 player 0
played ``E 2.2`` three times in a row.
"""

from __future__ import annotations

import random

import pytest

from altibox import GAMES, bots
from altibox.bots import altitude as BT

ALT = GAMES["altitude"]

#: Game 20001's first 57 moves as the hard bot played them before the fix.
GAME_20001 = [
    "R 45 57", "R 21 92", "D 40 1.0", "D 27 1.0", "D 37 1.1", "D 21 1.1", "D 92 2.0", "D 52 2.0",
    "D 1 1.-1", "D 36 1.-1", "D 3 1.-2", "D 45 1.-2", "C p1 2.-2", "D 60 1.2", "D 57 1.-3",
    "A 1.-3", "D 5 1.2", "D 66 1.3", "D 72 1.3", "C p0 2.-2", "D 61 1.-4", "A 1.-4", "D 63 1.-5",
    "A 1.-5", "F2 118 p0 2.-2", "A 2.1", "D 76 2.-5", "A 1.-6", "A 2.-4", "A 3.0", "D 87 3.-5",
    "A 2.-1", "D 62 2.-3", "E 1.-5", "C p1 2.-6", "D 69 2.2", "D 83 3.-4", "C p0 2.-2",
    "D 82 3.-3", "C p0 1.-6", "D 84 4.-4", "E 1.-4", "A 2.-1", "D 71 2.-3", "E 1.3", "C p0 2.2",
    "C p1 2.-5", "D 42 2.-4", "E 2.0", "A 3.-4", "D 43 2.1", "E 2.-5", "E 2.2", "D 56 3.-5",
    "E 2.2", "D 90 4.-5", "E 2.2",
]


def _at(ply: int):
    s = ALT.new_game(seed=20001, players=2)
    for t in GAME_20001[:ply]:
        s = ALT.apply(s, t)
    return s


@pytest.mark.parametrize("ply", [54, 56])
def test_altitude_hard_does_not_replace_the_card_it_just_placed(ply):
    s = _at(ply)
    assert ALT.current_player(s) == 0
    assert BT.own_last_slot(s, 0) == "2.2"
    assert GAME_20001[ply] == "E 2.2"  # what hard played here before the fix
    assert "E 2.2" in [str(m) for m in ALT.legal_moves(s)]
    move = str(bots.choose_move("altitude", s, "hard", seed=f"20001/{ply}"))
    assert move != "E 2.2"
    for level in ("easy", "medium"):
        assert str(bots.choose_move("altitude", s, level, seed=f"20001/{ply}")) != "E 2.2"


def test_altitude_root_moves_leave_out_only_that_replacement():
    s = _at(56)
    legal = [str(m) for m in ALT.legal_moves(s)]
    kept = BT.root_moves(s, 0)
    assert set(legal) - set(kept) == {"E 2.2"}
    # player 1's last move (D 90 4.-5) filled its slot 4.-5; the other seat is read apart
    assert BT.own_last_slot(s, 1) == "4.-5"


def test_altitude_own_last_slot_follows_turn_order_and_double_turns():
    """Against the seat that really moved, over random games of 2 and 3 players in which
    mountains reach 5 rows (double turns, spec §10) and Saint Bernards remove cards."""
    checked = doubles = 0
    for seed in range(12):
        for players in (2, 3):
            s = ALT.new_game(seed=seed, players=players)
            rng = random.Random(seed)
            last = [None] * players
            prev = None
            while ALT.current_player(s) is not None:
                c = ALT.current_player(s)
                if s.phase == "draw":
                    if prev == c:
                        doubles += 1
                    prev = c
                    for q in range(players):
                        assert BT.own_last_slot(s, q) == last[q]
                        checked += 1
                moves = ALT.legal_moves(s)
                place = [m for m in moves if str(m)[0] in "ADE"]
                high = [m for m in place if not str(m).split()[-1].startswith("1.")]
                m = rng.choice(high if high and rng.random() < 0.7 else
                               place if place and rng.random() < 0.8 else moves)
                t = str(m).split()
                if s.phase == "draw":
                    last[c] = t[1] if t[0] in ("A", "E") else t[2] if t[0] == "D" else None
                s = ALT.apply(s, m)
    assert checked > 3000 and doubles > 20
