"""Seeded random Alto games checking every invariant of spec §14 after every ply.

What every game must do (sorted legal moves, records, views, errors) is checked by
``test_contract.py``; here only Alto's own invariants.
"""

from __future__ import annotations

import random

import pytest

from altibox import alto


def check_invariants(s: alto.State, movement_moves: int) -> None:
    """Spec §14, invariants 1-6 and 8 (7 is checked around apply in play_game)."""
    cells = s.cells
    red = sum(c.stack.count("r") for c in cells)
    white = sum(c.stack.count("w") for c in cells)
    legal = alto.legal_moves(s)
    tiles = [c for c in cells if c.tile is not None]
    black = sum(not c.bright for c in tiles)
    removed = 16 - len(tiles)
    if s.phase == alto.PLACEMENT:
        # 1 and 2
        assert red <= 8 and white <= 8 and abs(red - white) <= 1
        assert removed == 0 and black == 0
        assert all(len(c.stack) <= 1 for c in cells)
        assert red + white == len(s.moves)  # games here start from a seed
        assert len(legal) == 16 - red - white
    else:
        # 1, 3, 4
        assert red == 8 and white == 8
        assert all(c.stack for c in tiles if c.bright)
        assert movement_moves == black + 2 * removed <= 32
    # 5
    some_tile_holds = any(c.stack for c in tiles)
    assert bool(legal) == (s.phase == alto.PLACEMENT or some_tile_holds)
    # sources/destinations agree with the legal moves
    if s.phase == alto.MOVEMENT:
        assert alto.sources(s) == sorted({m.src for m in legal})
        for src in alto.sources(s):
            assert alto.destinations(s, src) == [m for m in legal if m.src == src]
    out = alto.outcome(s)
    if not legal:
        # 6
        assert alto.current_player(s) is None
        assert all(not c.bright and not c.stack for c in tiles)
        assert movement_moves == 16 + removed
        # 8: scores from levels, breakdown sums, tie-break vs descending-list comparison
        levels = {"r": [], "w": []}
        for c in cells:
            for k, colour in enumerate(c.stack, 1):
                levels[colour].append(k)
        scores = (sum(levels["r"]), sum(levels["w"]))
        assert out.scores == scores == alto.scores(s)
        for p, counts in enumerate(out.breakdown):
            assert sum(k * n for k, n in enumerate(counts, 1)) == scores[p]
            assert sum(counts) == 8
        assert len(out.breakdown[0]) == len(out.breakdown[1]) == max(len(c.stack) for c in cells)
        if scores[0] != scores[1]:
            assert out.reason == "score" and out.winners == ((0,) if scores[0] > scores[1] else (1,))
        else:
            a, b = sorted(levels["r"], reverse=True), sorted(levels["w"], reverse=True)
            expected = (0,) if a > b else (1,) if b > a else (0, 1)
            assert out.winners == expected
            assert out.reason == ("draw" if a == b else "tiebreak")
            if a != b:
                k = out.detail["level"]
                assert out.breakdown[0][k - 1] != out.breakdown[1][k - 1]
                assert out.breakdown[0][k:] == out.breakdown[1][k:]
    else:
        assert out is None and alto.current_player(s) == s.to_move


def play_game(i: int) -> tuple[alto.State, int]:
    """Game ``i``: seed i, setup alternating by parity, first player by i // 2; moves from Random(i)."""
    setup = "alternate" if i % 2 == 0 else "random"
    first = (i // 2) % 2
    s = alto.new_game(seed=i, setup=setup, first_player=first)
    rng = random.Random(i)
    movement_moves = 0
    check_invariants(s, movement_moves)
    while True:
        legal = alto.legal_moves(s)
        if not legal:
            break
        before_apn = alto.to_position(s)
        before_moves = s.moves
        move = rng.choice(legal)
        was_movement = s.phase == alto.MOVEMENT
        nxt = alto.apply(s, move if rng.random() < 0.5 else str(move))
        # 7: apply is pure; APN round trip keeps the position and its legal moves
        assert alto.to_position(s) == before_apn and s.moves == before_moves
        assert nxt.moves == before_moves + (str(move),)
        assert nxt.to_move == 1 - s.to_move
        apn = alto.to_position(nxt)
        back = alto.from_position(apn)
        assert alto.to_position(back) == apn
        assert alto.legal_moves(back) == alto.legal_moves(nxt)
        movement_moves += was_movement
        s = nxt
        check_invariants(s, movement_moves)
    # the phase count of moves matches the moves played
    assert len(s.moves) == movement_moves + (16 if setup == "alternate" else 0)
    return s, movement_moves


def run_games(n: int) -> dict:
    stats = {"games": 0, "moves": 0, "draws": 0, "tiebreaks": 0, "red": 0}
    for i in range(n):
        s, moves = play_game(i)
        out = alto.outcome(s)
        stats["games"] += 1
        stats["moves"] += moves
        stats["draws"] += out.reason == "draw"
        stats["tiebreaks"] += out.reason == "tiebreak"
        stats["red"] += out.winners == (0,)
    return stats


def test_1000_random_games():
    stats = run_games(1000)
    assert stats["games"] == 1000
    # every game has between 16 and 32 movement moves (spec §8: 16 + R, R <= 16)
    assert 16 * 1000 <= stats["moves"] <= 32 * 1000
    # both tie-break and score results occur in such a sample (spec §8: ties ~10 %)
    assert stats["tiebreaks"] > 0 and stats["red"] > 0


def test_game_0_is_reproducible():
    a, _ = play_game(0)
    b, _ = play_game(0)
    assert a.moves == b.moves and alto.to_position(a) == alto.to_position(b)
    assert len(a.moves) >= 16 + 16


@pytest.mark.slow
def test_20000_random_games():
    stats = run_games(20000)
    assert stats["games"] == 20000
    assert stats["draws"] > 0 and stats["tiebreaks"] > stats["draws"]
