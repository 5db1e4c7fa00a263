"""The play controller (web.play.table.Table), driven headless the way boardgame.io's testing
guide drives its Client: play, refuse with a reason, undo across the privacy barrier, bot turns,
double clicks, drag eligibility, reloads from the record. Every value comes from the rules."""

from __future__ import annotations

import json
import re

from altibox import GAMES, alto, bots
from web.play.bots import bot_seed
from web.play.seats import seats_meta
from web.play.session import Session
from web.play.table import ACTED_ONCE, Click, Table


def alto_in_movement(seed: int = 7) -> Table:
    """An Alto table whose placement is over (the first legal placement each time)."""
    t = Table(Session.new("alto", seed=seed))
    while t.frame().view["phase"] == "placement":
        assert t.click(None, t.frame().view["legal_moves"][0]).kind == "play"
    return t


def test_select_deselect_and_play_a_move_by_clicks():
    t = alto_in_movement()
    view = t.frame().view
    move = view["legal_moves"][0]
    source = move[:2]
    assert t.click(source, None).kind == "select"
    assert t.ui["selected"] == source and t.ui["just_selected"] == source
    assert t.click(source, None).kind == "deselect" and t.ui["selected"] is None
    assert t.click(source, None).kind == "select"
    ply = t.session.ply
    done = t.click(None, move)
    assert done.kind == "play" and done.move == move and t.session.ply == ply + 1
    assert done.text.startswith(t.session.log[-1][1])
    assert t.ui["selected"] is None and t.ui["focus"] == move[-2:]


def test_a_click_that_plays_nothing_says_why_in_the_rules_words():
    t = Table(Session.new("alto", seed=7))
    view = t.frame().view
    taken = "a1"
    expected = alto.why_not(view, taken, list(t.session.names), None)
    done = t.click(taken, None)
    assert done == Click("hint", "No disc can be placed on a1.") and done.text == expected
    assert t.session.ply == 0 and t.ui["focus"] == taken


def test_an_illegal_move_is_refused_with_the_reason_and_changes_nothing():
    t = Table(Session.new("alto", seed=7))
    t.click(None, "@b2")
    done = t.play("@b2")
    assert done.kind == "refused" and done.text.startswith("That move is not allowed: ")
    assert t.session.ply == 1 and t.session.last_move == "@b2"


def test_undo_redo_without_hidden_information_is_unlimited():
    t = alto_in_movement()
    assert t.session.ply == 16 and t.can_undo() and not t.can_redo()
    while t.can_undo():
        said = t.undo()
    assert said.startswith("Took back: Red places a disc on ") and t.session.ply == 0
    assert t.can_redo()
    assert t.redo().startswith("Replayed: Red places a disc on ") and t.session.ply == 1


def test_undo_never_crosses_the_privacy_barrier():
    t = Table(Session.new("altitude", seed=3, players=2))
    assert t.privacy() == ("Pass the device to Player 1. Their cards stay hidden until they are ready.",
                           "I am Player 1: show my cards")
    refused = t.click(None, None)
    assert refused.kind == "wait" and refused.text == "Pass the device to Player 1 first: they press “I am Player 1”."
    assert t.reveal() == ("Player 1: return 2 of your 6 cards to the pile, one click each; Player 1 draws the "
                          "second (draw 3), Player 2 the first (draw 4)")
    assert t.frame().viewer == 0
    move = t.frame().view["legal_moves"][0]
    assert t.click(None, move).kind == "play"
    assert t.needs_confirm() and t.can_undo()
    assert t.click(None, None).text == "End the turn first (End turn), or undo."
    assert t.end_turn() == "Pass the device to Player 2"
    assert not t.can_undo() and t.undo() is None and t.session.ply == 1
    assert t.privacy()[1] == "I am Player 2: show my cards"
    # the greyed-out Undo says why (issue 22: its tooltip said only "Undo (Ctrl+Z)")
    assert t.undo_title() == "Undo (Ctrl+Z): not while the device is passed to the next player"
    t.reveal()
    assert t.undo_title() == ("Undo (Ctrl+Z): closed. A finished step (a planning done, a turn ended) or "
                              "what a draw or a reveal showed cannot be taken back")
    assert Table(Session.new("alto", seed=7)).undo_title() == "Undo (Ctrl+Z): nothing to take back yet"
    t.click(None, t.frame().view["legal_moves"][0])
    assert t.can_undo() and t.undo_title() == "Undo (Ctrl+Z)"


def test_the_setup_status_says_the_first_returned_card_is_chosen_not_returned():
    """Issue 22: after one click of the setup the status and the hand bar agree (the first
    card is chosen, the second asked for), nothing is played, and a second click returns both."""
    t = Table(Session.new("altitude", seed=3, players=2))
    t.reveal()
    hand = list(t.session.state.hands[0])
    assert len(hand) == 6
    assert t.click(f"hand:{hand[0]}", None).kind == "select" and t.session.ply == 0
    assert t.status() == ("Player 1: first card chosen, not returned yet \u2014 now click the second", 0)
    assert "NOW THE SECOND CARD TO RETURN" in t.adapter.svg(t.frame())
    assert t.click(f"hand:{hand[0]}", None).kind == "deselect"
    assert t.status()[0].startswith("Player 1: return 2 of your 6 cards to the pile, one click each")
    t.click(f"hand:{hand[0]}", None)
    done = t.click(f"hand:{hand[1]}", f"R {hand[0]} {hand[1]}")
    assert done.kind == "play" and t.session.last_move == f"R {hand[0]} {hand[1]}"
    assert list(t.session.state.hands[0]) == hand[2:]


def test_a_reload_resumes_behind_the_privacy_screen_with_the_same_floor():
    t = Table(Session.new("altitude", seed=3, players=2))
    t.reveal()
    t.click(None, t.frame().view["legal_moves"][0])
    t.end_turn()
    again = Table(Session.from_text("altitude", json.dumps(t.record())))
    assert again.session.ply == 1 and again.status() == t.status() == ("Pass the device to Player 2", 1)
    assert again.privacy() == t.privacy() and not again.can_undo()
    assert again.record()["meta"]["turn"] == t.record()["meta"]["turn"]


def test_a_bot_seat_moves_with_the_seed_of_its_ply():
    meta = seats_meta(alto.INFO, 2, ["person", "easy"])
    t = Table(Session.new("alto", seed=11, meta=meta))
    assert t.has_bots() and t.bot_to_move() is None and t.bot_turn() is None
    t.click(None, t.frame().view["legal_moves"][0])
    assert t.bot_to_move() == 1
    assert t.click(None, t.frame().view.get("legal_moves", ["@a1"])[0]).text == \
        "Wait for White: the computer is choosing its move."
    assert t.status()[0] == "White (bot, easy) is thinking…"
    before = t.session.state
    job = t.bot_turn()
    assert t.is_current(job)
    while not job.work():
        pass
    expected = str(bots.choose_move("alto", before, "easy", seed=bot_seed(11, 1)))
    assert job.move == expected
    t.play(job.move)
    assert t.session.last_move == expected and not t.is_current(job) and t.bot_to_move() is None


def test_a_double_click_never_plays_for_the_next_player():
    t = Table(Session.new("alto", seed=7))
    assert t.clicked(None, "@b2").kind == "play"  # the first click passed the turn
    said = t.double_click(None, on_move=True)
    assert said.startswith("The turn has passed: that was a double click")
    assert t.double_click("c3", on_move=False) is None  # a cell that is no move: acts as ever
    t.clicked("a1", None)  # any other click that acts clears it
    assert t.double_click(None, on_move=True) is None


def test_a_double_clicks_second_click_after_a_play_the_board_refuses_says_double_click():
    """New-user run: a double click on Draw in a game of two people drew, and its second click,
    on the board now behind the pass-the-device screen, said "Pass the device to Player 2
    first" — a refusal meant for a click of its own. It says it was a double click instead,
    wherever it lands; a later single click still gets the refusal."""
    t = Table(Session.new("altiplano", seed=3, players=2))
    t.reveal()
    assert t.clicked("draw", "draw").kind == "play" and t.privacy() is not None
    for cell in (None, "loc:farm", "draw"):
        assert t.double_click(cell, on_move=False) == ACTED_ONCE
    assert t.double_click("draw", on_move=True, move="draw") == ACTED_ONCE
    assert "double click" in ACTED_ONCE and "Pass the device" not in ACTED_ONCE
    assert t.session.ply == 1
    done = t.clicked(None, None)  # a click of its own, later: the refusal, in words
    assert done.kind == "wait" and done.text.startswith("Pass the device to Player 2 first")
    # Altitude: a double click on a slot plays the card; End turn is awaited, not said
    a = Table(Session.new("altitude", seed=3, players=2))
    a.reveal()
    while not a.needs_confirm():
        view = a.frame().view
        move = view["legal_moves"][0]
        assert a.clicked(None, move).kind == "play", move
    assert a.double_click(None, on_move=False) == ACTED_ONCE
    # Alto: the next person may play at once, so a quick second tap acts as ever
    o = Table(Session.new("alto", seed=7))
    o.clicked(None, "@b2")
    assert o.double_click("c3", on_move=False) is None


def test_a_double_click_on_the_source_just_selected_keeps_it():
    t = alto_in_movement()
    source = t.frame().view["legal_moves"][0][:2]
    t.clicked(source, None)
    assert t.double_click(source, on_move=False) == "" and t.ui["selected"] == source


def test_only_the_person_to_move_may_drag_and_only_what_the_game_lets_go():
    t = alto_in_movement()
    assert not t.may_drag(t.frame().view["legal_moves"][0][:2])  # Alto: click, click
    p = Table(Session.new("altiplano", seed=3, players=2))
    assert not p.may_drag("coins")  # behind the privacy screen: nobody's view
    p.reveal()
    frame = p.frame()
    assert frame.view["phase"] == "draw"
    assert p.may_drag("coins") == ("coins" in p.adapter.draggable(frame))


def _person_step(t: Table, pick) -> None:
    """One step of a person at ``t``: take the device (privacy screen), end the turn, or click
    the legal move ``pick(legal_moves)`` (it must play)."""
    if t.privacy() is not None:
        t.reveal()
    elif t.needs_confirm():
        t.end_turn()
    else:
        assert t.click(None, pick(t.frame().view["legal_moves"])).kind == "play"


def test_every_game_with_a_board_plays_by_clicks_alone():
    for game, plies in (("alto", 400), ("altitude", 400), ("altiplano", 80)):
        module = GAMES[game]
        t = Table(Session.new(game, seed=5, players=module.INFO.default_players))
        for _ in range(plies):
            if module.is_over(t.session.state):
                break
            _person_step(t, lambda moves: moves[len(moves) // 2])
        if game == "altiplano":
            assert t.session.ply >= 40 and t.refusal() in (None, "End your turn first (End turn), or undo.")
            continue
        assert module.is_over(t.session.state), game
        assert t.refusal() == "The game is over: Rematch, or start a new game."


def test_an_altitude_bot_move_is_outlined_for_the_person_watching():
    """Issue 22: the slot of the bot's last move carries the "last" outline on the person's
    board, as Alto's last move does (the frame's ``last``/``last_player``)."""
    meta = seats_meta(GAMES["altitude"].INFO, 2, ["person", "easy"])
    t = Table(Session.new("altitude", seed=5, players=2, meta=meta))
    while True:
        if t.bot_to_move() is not None:
            job = t.bot_turn()
            while not job.work():
                pass
            t.play(job.move)
            if t.session.last_move.split()[0] != "R":
                break
        else:
            _person_step(t, lambda moves: moves[0])
    frame = t.frame()
    assert t.session.last_move == "C p0 1.-1"   # the bot's drawn card, on the person's base
    assert (frame.viewer, frame.last, frame.last_player) == (0, "C p0 1.-1", 1)
    svg = t.adapter.svg(frame)
    slot = re.findall(r'<g class="slot [a-z]+" (transform="translate\([^)]*\)")[^>]*data-cell="p0:L1:-1"', svg)
    assert len(slot) == 1 and svg.count('class="last"') == 1
    ring = svg.index(f'<g {slot[0]} pointer-events="none">')   # the markers drawn over that slot
    assert 'class="last"' in svg[ring:svg.find("<g transform=", ring + 1)]


def test_an_altitude_tab_shows_a_mountain_at_any_time_until_the_next_move():
    """Issue 22: with 3 seats on a desktop the opponents are behind tabs under the tray; a tab
    click changes only what is shown (even behind the pass-the-device screen, where nobody may
    play), and the choice lasts until a move changes the board: then the mountain the last move
    changed is shown."""
    t = Table(Session.new("altitude", seed=3, players=3))
    svg = t.adapter.svg(t.frame())   # the privacy screen: the public view, seat 0 first
    assert 'data-cell="show:1"' in svg and 'data-cell="show:2"' in svg
    assert svg.count('class="mountain') == 2 and 'data-player="1"' in svg   # the seat after 0
    assert t.click("show:2", None).kind == "select" and t.session.ply == 0
    svg = t.adapter.svg(t.frame())
    assert '<g class="mountain" data-player="2"' in svg and 'data-player="1" aria-label' not in svg
    assert re.search(r'data-cell="show:2"[^>]*aria-pressed="true"', svg)
    t.reveal()
    t.click(None, t.frame().view["legal_moves"][0])   # seat 0 returns two cards
    t.end_turn()
    t.reveal()
    svg = t.adapter.svg(t.frame())   # seat 1 to play: seat 0 played last, its mountain shown
    assert svg.count('class="mountain') == 2 and '<g class="mountain" data-player="0"' in svg
    t.ui["narrow"] = True            # a phone: every mountain, no tabs
    svg = t.adapter.svg(t.frame())
    assert svg.count('class="mountain') == 3 and "show:" not in svg
