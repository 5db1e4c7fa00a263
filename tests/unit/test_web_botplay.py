"""The page's bot driver (web.play.bots), seat choices in the form and links, and the turn
protocol with bot seats (web.play.turns)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from altibox import GAMES, bots
from web.play import bots as botplay
from web.play import seats
from web.links import routes
from web.html import screens
from web.play.session import Session
from web.play.turns import Turns


class FakeClock:
    """A clock that advances ``step`` seconds every time it is read."""

    def __init__(self, step: float):
        self.t = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.t += self.step
        self.reads += 1
        return self.t


def random_state(gid: str, plies: int, seed: int):
    rules = GAMES[gid]
    s = rules.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if rules.is_over(s):
            break
        s = rules.apply(s, rng.choice(rules.legal_moves(s)))
    return s


# ---------------------------------------------------------------- seats

def test_parse_seat_accepts_levels_with_or_without_bot_prefix():
    assert seats.parse_seat("person") == "person"
    assert seats.parse_seat(" Hard ") == "hard"
    assert seats.parse_seat("bot:easy") == "easy"
    assert seats.parse_seat("bot") == "medium"
    for bad in ("bot:person", "expert", "", None, 3):
        with pytest.raises(ValueError, match="person, random, easy, medium, hard"):
            seats.parse_seat(bad)


def test_link_seats_are_one_based_and_checked():
    assert routes.seats_request({"seat2": "bot:hard", "seed": "4"}, 2) == ["person", "hard"]
    assert routes.seats_request({}, 3) == ["person"] * 3
    with pytest.raises(ValueError, match="no seat 3 in a game of 2 players"):
        routes.seats_request({"seat3": "easy"}, 2)
    with pytest.raises(ValueError, match="seat1: a seat is one of"):
        routes.seats_request({"seat1": "genius"}, 2)


def test_seats_meta_names_bots_and_keeps_people_only_games_as_before():
    alto, altitude = GAMES["alto"].INFO, GAMES["altitude"].INFO
    assert seats.seats_meta(alto, 2, ["person", "person"]) == {}
    assert seats.seats_meta(alto, 2, ["person", "hard"]) == {"seats": ["person", "hard"]}
    assert seats.seats_meta(altitude, 3, ["person", "easy", "hard"], ["Ann", "Player 2", "Zed"]) == {
        "seats": ["person", "easy", "hard"], "names": ["Ann", "Bot 2 (easy)", "Zed"]}
    assert seats.seats_meta(altitude, 2, ["person"], ["Ann", "Bo"]) == {"names": ["Ann", "Bo"]}


def parse(html: str):
    return ET.fromstring(f"<root>{html}</root>")


@pytest.mark.parametrize("gid", ["alto", "altitude"])
def test_the_form_offers_person_or_bot_per_seat_and_a_rematch_keeps_them(gid):
    info = GAMES[gid].INFO
    root = parse(screens.setup_html(gid, {"players": 2, "seats": ["person", "hard"]}))
    selects = {s.get("name"): s for s in root.iter("select")}
    assert sorted(selects) == [f"seat{i + 1}" for i in range(max(info.players))]
    values = [o.get("value") for o in selects["seat1"].iter("option")]
    assert values == ["person", "random", "easy", "medium", "hard"]
    chosen = {name: [o.get("value") for o in sel.iter("option") if o.get("selected")] for name, sel in selects.items()}
    assert chosen["seat1"] == ["person"] and chosen["seat2"] == ["hard"]


def test_the_form_reads_back_seats_into_meta():
    players, _options, meta = screens.read_setup("alto", {"seat1": "person", "seat2": "medium"})
    assert players == 2 and meta == {"seats": ["person", "medium"]}
    players, _options, meta = screens.read_setup(
        "altitude", {"players": "2", "name1": "Ann", "name2": "", "seat2": "easy"})
    assert meta == {"seats": ["person", "easy"], "names": ["Ann", "Bot 2 (easy)"]}
    with pytest.raises(ValueError, match="a seat is one of"):
        screens.read_setup("alto", {"seat2": "grandmaster"})


# ---------------------------------------------------------------- the driver

@pytest.mark.parametrize("gid,plies", [("alto", 6), ("alto", 30), ("altitude", 10)])
def test_bot_turn_in_time_slices_plays_choose_moves_move(gid, plies):
    """However the search is sliced by time, the move is choose_move's for the bot seed."""
    state = random_state(gid, plies, seed=11)
    level = "medium" if gid == "alto" else "hard"  # Altitude's medium is not a search
    expected = str(bots.choose_move(gid, state, level, seed=botplay.bot_seed(11, plies)))
    for step in (0.0005, 0.004):  # a slice of 25 ms ends after ~50 or ~6 clock reads
        turn = botplay.BotTurn(gid, state, level, 11, plies, clock=FakeClock(step))
        assert turn.seat == GAMES[gid].current_player(state)
        while not turn.work(25.0):
            assert turn.slices < 100_000
        assert turn.move == expected
        assert turn.progress == 1.0
    assert turn.slices > 1  # the search really paused


def test_a_slice_stops_at_its_deadline():
    state = random_state("alto", 6, seed=2)
    clock = FakeClock(0.001)  # every read: 1 ms later
    turn = botplay.BotTurn("alto", state, "hard", 2, 6, clock=clock)
    before = clock.reads
    assert turn.work(10.0) is False
    # a deadline of 10 ms is reached after about ten reads: the slice did not run the budget
    assert clock.reads - before <= 14
    assert 0.0 < turn.progress < 0.5


def test_bot_seed_depends_on_game_and_ply():
    assert botplay.bot_seed(7, 3) == "7/ply/3"
    assert botplay.bot_seed(7, 3) != botplay.bot_seed(7, 4) != botplay.bot_seed(8, 4)


def test_pace_counts_from_when_the_position_was_shown():
    assert botplay.wait_ms(1000.0, 1100.0, fast=False) == botplay.PACE_MS - 100.0
    assert botplay.wait_ms(1000.0, 1000.0 + botplay.PACE_MS + 5, fast=False) == 0.0
    assert botplay.wait_ms(1000.0, 1000.0, fast=True) == 0.0


def test_thinking_words():
    assert botplay.thinking_words("White", "hard") == "White (bot, hard) is thinking…"
    assert botplay.thinking_words("Bot 2 (easy)", "easy") == "Bot 2 (easy) is thinking…"


# ---------------------------------------------------------------- turns with bots

def play_bots_until_person(session: Session, turns: Turns) -> None:
    """Play bot moves as the page does (bot seed from the game seed and the ply)."""
    seed = session.record()["seed"]
    while (seat := turns.bot_to_move(session.states)) is not None:
        move = bots.choose_move(session.game_id, session.state, turns.seats[seat], botplay.bot_seed(seed, session.ply))
        session.play(move)
        turns.moved(session.states)


def test_alto_against_a_bot_never_asks_end_turn_and_undo_takes_back_the_reply():
    session = Session.new("alto", seed=5, meta={"seats": ["person", "easy"]})
    turns = Turns.restore(session.module, session.states, session.meta)
    rules = session.module
    for n in range(3):
        assert rules.current_player(session.state) == 0 and turns.bot_to_move(session.states) is None
        session.play(rules.legal_moves(session.state)[0])
        turns.moved(session.states)
        assert not turns.needs_confirm(session.states)
        assert turns.bot_to_move(session.states) == 1
        assert turns.viewer(session.states) == (None, False)   # the bot's turn: nothing to click
        play_bots_until_person(session, turns)
        assert session.ply == 2 * (n + 1)
    # Undo goes back past the bot's reply to the person's last decision
    assert turns.undo_target(session.states) == 4
    # while the bot thinks (the person just moved), Undo takes back the person's move
    session.play(rules.legal_moves(session.state)[0])
    turns.moved(session.states)
    assert turns.undo_target(session.states) == 6


def test_altitude_one_person_one_bot_end_turn_only_before_the_bots_draw():
    session = Session.new("altitude", seed=9, players=2, meta={"seats": ["person", "medium"]})
    turns = Turns.restore(session.module, session.states, session.meta)
    rules = session.module
    confirms = 0
    for _ in range(12):
        if rules.is_over(session.state):
            break
        play_bots_until_person(session, turns)
        assert turns.privacy(session.states) is None           # no pass-the-device screen
        viewer, _ = turns.viewer(session.states)
        assert viewer == 0                                     # only the person's own cards
        turns.saw(session.states, viewer)
        person_turn_start = session.ply
        while rules.current_player(session.state) == 0 and not turns.needs_confirm(session.states):
            session.play(rules.legal_moves(session.state)[0])
            turns.moved(session.states)
            if rules.is_over(session.state):
                break
        if rules.is_over(session.state):
            break
        # the person's turn ended before the bot's draw: End turn is asked (a chance event the
        # person must not see before deciding to keep the move), and undo is possible until then
        assert turns.needs_confirm(session.states) and turns.bot_to_move(session.states) is None
        assert turns.undo_target(session.states) is not None
        assert turns.undo_target(session.states) >= person_turn_start
        confirms += 1
        turns.end_turn(session.states)
        assert turns.bot_to_move(session.states) == 1
        play_bots_until_person(session, turns)
        assert not turns.needs_confirm(session.states)     # a bot's turn needs no End turn
        # undo never goes back past the bot's turn: its played card was shown to everyone
        target = turns.undo_target(session.states)
        assert target is None or target >= person_turn_start + 1
    assert confirms >= 3


def test_altiplano_one_person_two_bots_a_round_without_privacy_screens():
    """Altiplano, a person and two bots: never a pass-the-device screen, the person's own view
    always, bots never wait for End turn, and End turn is asked only when the person's step
    ends before a bot's private step (its draw or planning)."""
    session = Session.new("altiplano", seed=4, players=3, meta={"seats": ["person", "easy", "random"]})
    turns = Turns.restore(session.module, session.states, session.meta)
    rules = session.module
    rng = random.Random(2)
    asked = 0
    phases = set()
    while session.state.round < 3 and not rules.is_over(session.state):
        assert turns.privacy(session.states) is None
        assert turns.viewer(session.states)[0] == 0
        phases.add(session.state.phase)
        if turns.bot_to_move(session.states) is not None:
            play_bots_until_person(session, turns)
            continue
        assert not turns.needs_confirm(session.states)
        turns.saw(session.states, 0)
        move = rng.choice([m for m in rules.legal_moves(session.state) if "<" not in str(m)]
                          or rules.legal_moves(session.state))
        session.play(move)
        turns.moved(session.states)
        if rules.current_player(session.state) != 0:  # the person's step ended with their move
            asked += 1
            assert not turns.needs_confirm(session.states) and turns.undo_target(session.states) is None
    assert session.state.round == 3 and {"planning", "actions"} <= phases
    assert asked >= 4


def _form_fields(html: str) -> dict[str, str]:
    """What the browser would submit from a new-game form as drawn: checked radios, text
    fields, each select's selected option."""
    root = parse(html)
    fields = {}
    for inp in root.iter("input"):
        if inp.get("type") == "radio":
            if inp.get("checked"):
                fields[inp.get("name")] = inp.get("value")
        else:
            fields[inp.get("name")] = inp.get("value") or ""
    for sel in root.iter("select"):
        chosen = [o.get("value") for o in sel.iter("option") if o.get("selected")]
        fields[sel.get("name")] = chosen[0] if chosen else "person"
    return fields


def test_a_rematch_form_names_a_seat_after_its_new_kind_and_keeps_typed_names():
    """New-user run: a saved Altiplano game with a medium and an easy bot; the form (form=1)
    changed seat 2 to a hard bot and seat 3 to a person, and the new game had a hard bot named
    "Bot 2 (medium)" and a person named "Bot 3 (easy)"."""
    meta = seats.seats_meta(GAMES["altiplano"].INFO, 3, ["person", "medium", "easy"],
                            ["Player 1", "Player 2", "Player 3"])
    assert meta["names"] == ["Player 1", "Bot 2 (medium)", "Bot 3 (easy)"]
    s = Session.new("altiplano", seed=3, players=3, meta=meta)
    values = {**s.state.options, "players": 3, "names": list(s.names),
              "seats": seats.seat_kinds(s.meta, 3)}  # what App.show_setup pre-fills
    fields = _form_fields(screens.setup_html("altiplano", values, replaces_save=True, back_to_game=True))
    assert [fields[f"name{i}"] for i in (1, 2, 3)] == ["", "", ""]  # default names: placeholders
    # each placeholder is the name the seat gets for its kind (second new-user run: "Player 2"
    # under a hard bot); the page updates it when the kind changes (App.on_doc_change)
    html = screens.setup_html("altiplano", values, replaces_save=True, back_to_game=True)
    assert re.findall(r'name="name\d" [^>]*placeholder="([^"]*)"', html) == [
        "Player 1", "Bot 2 (medium)", "Bot 3 (easy)", "Player 4", "Player 5"]  # (4 and 5: for 5 players)
    assert [fields[f"seat{i}"] for i in (1, 2, 3)] == ["person", "medium", "easy"]
    fields.update(seat2="hard", seat3="person")
    players, _options, meta = screens.read_setup("altiplano", fields)
    assert players == 3
    assert meta == {"seats": ["person", "hard", "person"], "names": ["Player 1", "Bot 2 (hard)", "Player 3"]}
    # a form that still carries the old default names (an older page, a browser's autofill)
    fields.update(name1="Player 1", name2="Bot 2 (medium)", name3="Bot 3 (easy)")
    assert screens.read_setup("altiplano", fields)[2]["names"] == ["Player 1", "Bot 2 (hard)", "Player 3"]
    fields.update(seat2="person", seat3="person")  # people only: no seats, default names all the same
    assert screens.read_setup("altiplano", fields)[2] == {"names": ["Player 1", "Player 2", "Player 3"]}
    # names a person typed are kept, whatever the seat becomes
    typed = {**values, "names": ["Ann", "Robo", "Eve"], "seats": ["person", "medium", "easy"]}
    fields = _form_fields(screens.setup_html("altiplano", typed))
    assert [fields[f"name{i}"] for i in (1, 2, 3)] == ["Ann", "Robo", "Eve"]
    fields.update(seat2="hard", seat3="person")
    assert screens.read_setup("altiplano", fields)[2] == {
        "seats": ["person", "hard", "person"], "names": ["Ann", "Robo", "Eve"]}
