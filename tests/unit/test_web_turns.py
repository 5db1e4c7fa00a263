"""web.play.turns: the turn protocol — privacy screen, End turn, where undo stops — on a toy game
whose every move draws a hidden card for the seat that acts next, and on the real games."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from web.play.seats import seat_kinds, unknown_levels
from web.play.turns import Turns


@dataclass(frozen=True)
class ToyState:
    players: int
    current: int | None
    ply: int = 0
    double_at: frozenset = frozenset()   # plies after which the mover plays again
    public_at: frozenset = frozenset()   # plies that turn up a card for everyone
    length: int = 6


def toy(hidden: bool = True):
    """A game module where each ply draws a private card for the next seat (Altitude-like)."""

    def apply(s, _move="x"):
        ply = s.ply + 1
        nxt = s.current if ply in s.double_at else (s.current + 1) % s.players
        return ToyState(s.players, None if ply >= s.length else nxt, ply, s.double_at, s.public_at, s.length)

    def reveals(before, after):
        if after.ply in after.public_at:
            return frozenset({None})
        return frozenset() if after.current is None or not hidden else frozenset({after.current})

    return SimpleNamespace(
        INFO=SimpleNamespace(hidden=hidden), apply=apply, reveals=reveals,
        num_players=lambda s: s.players, current_player=lambda s: s.current,
        is_over=lambda s: s.current is None, private_step=lambda s: hidden and s.current is not None,
        turn_ended=lambda b, a: True,  # every move is a whole turn, as in Altitude
    )


def play(module, turns, states, n=1):
    for _ in range(n):
        states.append(module.apply(states[-1]))
        turns.moved(states)


def test_two_people_privacy_end_turn_and_undo_only_inside_the_open_turn():
    m = toy()
    states = [ToyState(2, 0)]
    t = Turns(m, ["person", "person"])
    assert t.privacy(states) == 0 and t.viewer(states) == (None, False)
    assert t.undo_target(states) is None
    t.reveal(states)
    assert t.privacy(states) is None and t.viewer(states) == (0, False)
    play(m, t, states)
    # the mover's step ended: End turn awaited, the board shows the public view (the device
    # may change hands before End turn), and the mover may undo
    assert t.needs_confirm(states) and t.viewer(states) == (None, False)
    assert t.undo_target(states) == 0
    t.end_turn(states)
    assert not t.needs_confirm(states) and t.floor == 1
    assert t.privacy(states) == 1 and t.undo_target(states) is None
    t.reveal(states)
    assert t.viewer(states) == (1, False)
    t.saw(states, 1)
    assert t.floor == 1


def test_solo_has_no_privacy_screen_no_end_turn_and_the_next_draw_is_the_barrier():
    m = toy()
    states = [ToyState(1, 0)]
    t = Turns(m, ["person"])
    assert t.privacy(states) is None and t.viewer(states) == (0, False)
    play(m, t, states)
    # no End turn, and the player's own cards (with the next draw) are shown at once
    assert not t.needs_confirm(states) and t.viewer(states) == (0, False)
    t.saw(states, 0)                       # the page drew the next card: undo cannot cross it
    assert t.floor == 1 and t.undo_target(states) is None


def test_a_double_turn_asks_to_end_the_first_turn_without_passing_the_device():
    m = toy()
    states = [ToyState(2, 0, double_at=frozenset({1}))]
    t = Turns(m, ["person", "person"])
    t.reveal(states)
    play(m, t, states)
    assert m.current_player(states[-1]) == 0 and t.needs_confirm(states)
    t.end_turn(states)
    assert t.privacy(states) is None and t.viewer(states) == (0, False)


def test_against_a_bot_the_bots_move_is_a_barrier_and_needs_no_privacy():
    m = toy()
    states = [ToyState(2, 0)]
    t = Turns(m, ["person", "medium"])
    assert t.privacy(states) is None and t.viewer(states) == (0, False)
    play(m, t, states)
    assert t.needs_confirm(states) and t.bot_to_move(states) is None  # the bot waits for End turn
    t.end_turn(states)
    assert t.bot_to_move(states) == 1 and t.viewer(states) == (0, False)
    play(m, t, states)                       # the bot's move draws the person's next card
    assert not t.needs_confirm(states) and t.viewer(states) == (0, False)
    t.saw(states, 0)
    assert t.floor == 2 and t.undo_target(states) is None


def test_perfect_information_undo_is_unlimited_and_goes_back_past_the_bots_reply():
    m = toy(hidden=False)
    states = [ToyState(2, 0, length=10)]
    t = Turns(m, ["person", "easy"])
    play(m, t, states, 4)
    assert not t.needs_confirm(states) and t.viewer(states) == (0, False)
    assert t.undo_target(states) == 2        # the person's move and the bot's reply
    play(m, t, states)                       # the person moved; the bot has not replied yet
    assert t.undo_target(states) == 4
    people = Turns(m, ["person", "person"])
    assert people.undo_target(states) == 4


def test_a_card_turned_up_for_everyone_is_a_barrier_at_once():
    m = toy(hidden=False)
    states = [ToyState(2, 0, public_at=frozenset({3}), length=10)]
    t = Turns(m, ["person", "person"])
    play(m, t, states, 4)
    assert t.floor == 3 and t.undo_target(states) == 3
    for _ in range(1):
        states.pop()
    t.undone(states)
    assert t.undo_target(states) is None


def test_a_draw_hidden_from_everyone_is_no_barrier_until_its_owner_is_shown_it():
    m = toy()
    states = [ToyState(3, 0)]
    t = Turns(m, ["person", "person", "person"])
    t.reveal(states)
    play(m, t, states)
    t.saw(states, 0)  # seat 0 sees nothing new: the card drawn was for seat 1
    assert t.floor == 0 and t.undo_target(states) == 0


def test_restore_reads_the_saved_protocol_safely():
    m = toy()
    states = [ToyState(2, 0)]
    t = Turns(m, ["person", "person"])
    t.reveal(states)
    play(m, t, states)
    meta = {"turn": t.to_meta(), "seats": ["person", "person"]}
    again = Turns.restore(m, states, meta)
    assert again.open and again.floor == 0 and again.shown is None
    # an unreadable entry never opens more undo than the position shown
    for bad in ({"turn": {"floor": -3, "open": "yes"}}, {"turn": "x"}, {}):
        r = Turns.restore(m, states, bad)
        assert r.floor == 1 and not r.open
    old = Turns.restore(m, states, {"open_turn": True})
    assert old.open and old.floor == 0


def test_seat_kinds_never_let_a_broken_entry_make_the_computer_play():
    assert seat_kinds({"seats": ["person", "hard"]}, 2) == ["person", "hard"]
    assert seat_kinds({"seats": [3, None]}, 2) == ["person", "person"]
    assert seat_kinds({"seats": [["hard"], {"hard": 1}]}, 2) == ["person", "person"]
    assert seat_kinds({"seats": "hard"}, 3) == ["person"] * 3
    assert seat_kinds({}, 1) == ["person"]


def test_a_bot_level_this_version_does_not_know_stays_a_bot_at_medium():
    """A save from another version naming an unknown level keeps that seat a bot (medium, the
    level of a bare ``&seat2=bot``), never silently a person; unknown_levels says which."""
    meta = {"seats": ["person", "godlike"]}
    assert seat_kinds(meta, 2) == ["person", "medium"]
    assert unknown_levels(meta, 2) == [(1, "godlike")]
    assert unknown_levels({"seats": ["person", "hard", 3]}, 3) == []
    assert unknown_levels({"seats": ["godlike"] * 3}, 2) == [(0, "godlike"), (1, "godlike")]
    assert unknown_levels({"seats": "godlike"}, 2) == [] and unknown_levels([], 2) == []


# ---------------------------------------------------------------- the real games

def test_altitude_two_people_every_turn_ends_with_end_turn_and_the_device_is_passed():
    from altibox import altitude

    states = [altitude.new_game(seed=7, players=2)]
    t = Turns(altitude, ["person", "person"])
    for _ply in range(12):
        seat = altitude.current_player(states[-1])
        assert t.privacy(states) == seat and t.viewer(states) == (None, False)
        t.reveal(states)
        assert t.viewer(states) == (seat, False)
        t.saw(states, seat)
        assert t.undo_target(states) is None          # the drawn card has been seen
        states.append(altitude.apply(states[-1], altitude.legal_moves(states[-1])[0]))
        t.moved(states)
        assert t.needs_confirm(states) and t.viewer(states) == (None, False)
        assert t.undo_target(states) == len(states) - 2
        t.end_turn(states)


def test_altitude_solo_never_passes_the_device_and_undo_stops_at_each_draw():
    from altibox import altitude

    states = [altitude.new_game(seed=3, players=1)]
    t = Turns(altitude, ["person"])
    for _ply in range(10):
        assert t.privacy(states) is None and t.viewer(states) == (0, False)
        t.saw(states, 0)
        states.append(altitude.apply(states[-1], altitude.legal_moves(states[-1])[-1]))
        t.moved(states)
        if altitude.is_over(states[-1]):
            break
        # acted: no End turn; the next card is shown at once and undo cannot cross that draw
        assert not t.needs_confirm(states) and t.viewer(states) == (0, False)
        t.saw(states, 0)
        assert t.undo_target(states) is None and t.floor == len(states) - 1


def test_altiplano_passes_the_device_at_every_change_of_person_and_never_asks_end_turn():
    """Issue 22: Altiplano's own moves end its steps (``draw``, ``done``, ``end``, ``pass``):
    no End turn after them, undo stops there, and the privacy screen shows at every change of
    person, the public draw and Actions included; planning stays private."""
    from altibox import altiplano

    states = [altiplano.new_game(seed=5, players=2)]
    t = Turns(altiplano, ["person", "person"])

    def step(move):
        states.append(altiplano.apply(states[-1], move))
        t.moved(states)
        assert not t.needs_confirm(states)  # never an extra End turn

    def take_device():
        seat = altiplano.current_player(states[-1])
        assert t.privacy(states) == seat and t.viewer(states) == (None, False)
        t.reveal(states)
        assert t.privacy(states) is None and t.viewer(states) == (seat, False)

    # the draw phase: the first drawer holds the device (a public step: no pass screen), each
    # next drawer takes it first; each draw is a barrier at once
    assert t.privacy(states) is None and t.viewer(states) == (0, False)
    step("draw")
    while states[-1].phase == "draw":
        take_device()
        step("draw")
        assert t.floor == len(states) - 1
    assert states[-1].phase == "planning"
    planner = altiplano.current_player(states[-1])
    take_device()
    place = next(str(m) for m in altiplano.legal_moves(states[-1]) if ">" in str(m))
    step(place)
    assert t.undo_target(states) == len(states) - 2  # a placement may be taken back
    step("done")
    # "done" is the move that ends the step: committed, and the device passes at once
    other = altiplano.current_player(states[-1])
    assert other != planner and t.floor == len(states) - 1 and t.undo_target(states) is None
    take_device()
    step("done")
    # the last "done" shows every plan; the start player takes the device for the Actions
    assert states[-1].phase == "actions" and t.floor == len(states) - 1
    first = altiplano.current_player(states[-1])
    take_device()
    step("pass")
    assert altiplano.current_player(states[-1]) != first
    # a reload before a public step: nothing is hidden there, no pass screen
    again = Turns.restore(altiplano, states, {"turn": t.to_meta(), "seats": ["person", "person"]})
    assert again.privacy(states) is None
    take_device()
    # with one person and a bot there is nobody to pass the device to
    solo = Turns(altiplano, ["person", "easy"])
    assert solo.privacy([altiplano.new_game(seed=5, players=2)]) is None


def test_altitude_solo_undo_works_where_no_card_is_drawn():
    """Solo final building draws nothing: each placement may be taken back, the game's last
    move may not (the final score shows every card)."""
    from altibox import altitude

    states = [altitude.new_game(seed=11, players=1)]   # seed 11 keeps 3 final moves
    t = Turns(altitude, ["person"])
    while states[-1].phase != "final":
        t.saw(states, 0)
        legal = altitude.legal_moves(states[-1])
        states.append(altitude.apply(states[-1], next((m for m in legal if str(m).startswith("A ")), legal[0])))
        t.moved(states)
        assert not t.needs_confirm(states)
    t.saw(states, 0)
    undone = 0
    while not altitude.is_over(states[-1]):
        states.append(altitude.apply(states[-1], altitude.legal_moves(states[-1])[0]))
        t.moved(states)
        t.saw(states, 0)
        if altitude.is_over(states[-1]):
            assert t.undo_target(states) is None
        else:
            assert t.undo_target(states) == len(states) - 2
            undone += 1
    assert undone >= 1
