"""Bots in the page, end to end: a person against a bot (Alto to the end, Altitude for a few
turns), reload while the bot thinks, undo against the bot, the "Faster bots" control, clicks
during a bot's turn. Every bot move is checked against ``altibox.bots.choose_move`` with the
seed the page must use (``web.play.bots.bot_seed``): a game with bots replays exactly.
"""

from __future__ import annotations

import json
import random

from altibox import GAMES, altitude, alto, bots
from web.play.bots import bot_seed

from .driver import (check_hidden, choose, click_alto, click_altiplano, click_altitude, hand_cells, log_moves,
                     saved_record, wait_ply)

SEED = 7707
FAST = """
try { localStorage.setItem("altibox:settings", JSON.stringify({snapshot: false, offline: false, bot_pace: "fast"})); }
catch (e) {}
"""


ANNOUNCED = """
window.__announced = [];
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("announce");
  new MutationObserver(() => window.__announced.push(box.textContent))
    .observe(box, {childList: true, characterData: true, subtree: true});
});
"""


def bot_move(gid: str, state, level: str, ply: int) -> str:
    return str(bots.choose_move(gid, state, level, seed=bot_seed(SEED, ply)))


def test_alto_whole_game_against_a_bot_plays_choose_moves_moves(open_app):
    page = open_app(f"?game=alto&new=1&seed={SEED}&seat2=bot:easy", init_script=FAST)
    assert saved_record(page, "alto")["meta"]["seats"] == ["person", "easy"]
    assert page.locator("#botfast").is_visible()
    assert page.locator("#botfast").get_attribute("aria-pressed") == "true"
    state = alto.new_game(seed=SEED)
    rng = random.Random(3)
    ply = 0
    while not alto.is_over(state):
        assert alto.current_player(state) == 0
        move = str(rng.choice(alto.legal_moves(state)))
        click_alto(page, move)
        state = alto.apply(state, move)
        ply += 1
        if alto.is_over(state):
            wait_ply(page, ply)
            break
        # the bot (White) replies on its own, with choose_move's move for seed (game, ply)
        expected = bot_move("alto", state, "easy", ply)
        wait_ply(page, ply + 1)
        assert log_moves(page)[ply] == expected
        state = alto.apply(state, expected)
        ply += 1
        assert page.locator("#board").get_attribute("data-position") == alto.to_position(state)
        assert page.locator("#confirm").is_hidden()          # no End turn in Alto
    out = alto.outcome(state)
    assert page.locator("#status").get_attribute("data-winners") == ",".join(map(str, out.winners))
    assert saved_record(page, "alto")["moves"] == [str(m) for m in alto.to_record(state)["moves"]]


#: the status line and the number of move targets at the moment the page becomes ready
AT_READY = """new MutationObserver((_, mo) => {
  const html = document.documentElement;
  if (!html || !html.classList.contains("ready")) return;
  mo.disconnect();
  window.__atReady = [document.getElementById("status").innerText,
                      document.querySelectorAll("#board [data-move]").length];
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["class"]});"""


def test_alto_bot_first_reload_while_thinking_undo_faster_and_clicks_during_its_turn(open_app):
    # the bot (Red, hard) moves first, at the normal pace
    page = open_app(f"?game=alto&new=1&seed={SEED}&seat1=hard", init_script=AT_READY)
    state = alto.new_game(seed=SEED)
    # read when the page became ready (the bot's move shows 900 ms after that at the earliest,
    # however slow the test machine is)
    status, targets = page.evaluate("window.__atReady")
    assert status.startswith("Red (bot, hard) is thinking")
    assert targets == 0                                         # nothing to click for the bot
    page.reload()                                               # reload while the bot thinks
    page.wait_for_selector("html.ready", state="attached")
    first = bot_move("alto", state, "hard", 0)
    wait_ply(page, 1)
    assert log_moves(page) == [first]
    state = alto.apply(state, first)
    page.wait_for_selector('html[data-bot="idle"]', state="attached")
    assert page.locator("#undo").is_disabled()                  # nothing of the person's to undo
    # the person moves; during the bot's turn, a click on the log and Undo are handled
    mine = str(alto.legal_moves(state)[0])
    click_alto(page, mine)
    wait_ply(page, 2)
    page.locator("#log li").first.click()
    page.locator("#undo").click()                               # takes back the person's move
    wait_ply(page, 1)
    assert log_moves(page) == [first]
    assert page.locator("#status").get_attribute("data-turn") == "1"
    # play again, this time let the bot answer; then Undo takes back the reply and the move
    click_alto(page, mine)
    state = alto.apply(state, mine)
    reply = bot_move("alto", state, "hard", 2)
    wait_ply(page, 3)
    assert log_moves(page) == [first, mine, reply]
    page.wait_for_selector('html[data-bot="idle"]', state="attached")
    page.locator("#undo").click()
    wait_ply(page, 1)
    assert log_moves(page) == [first]
    # redo replays the person's move, and the bot answers with the same move as before
    page.locator("#redo").click()
    wait_ply(page, 3)
    assert log_moves(page) == [first, mine, reply]
    # "Faster bots" is a toggle kept in the settings
    fast = page.locator("#botfast")
    assert fast.get_attribute("aria-pressed") == "false"
    fast.click()
    assert fast.get_attribute("aria-pressed") == "true"
    settings = json.loads(page.evaluate("localStorage.getItem('altibox:settings')"))
    assert settings["bot_pace"] == "fast"
    # a rematch keeps the seats
    page.locator("#newgame").click()
    page.wait_for_selector("#setup-form")
    assert page.locator('select[name="seat1"]').input_value() == "hard"
    assert page.locator('select[name="seat2"]').input_value() == "person"


def test_the_form_starts_a_game_against_a_bot(open_app):
    page = open_app("?game=alto", init_script=FAST)
    page.wait_for_selector("#setup-form")
    page.locator('select[name="seat2"]').select_option("random")
    page.locator('[data-action="start"]').click()
    page.wait_for_selector('html[data-screen="play"]', state="attached")
    record = saved_record(page, "alto")
    assert record["meta"]["seats"] == ["person", "random"]
    state = alto.replay(record)
    move = str(alto.legal_moves(state)[0])
    click_alto(page, move)
    wait_ply(page, 2)
    state = alto.apply(state, move)
    assert log_moves(page)[1] == str(bots.choose_move("alto", state, "random", seed=bot_seed(record["seed"], 1)))


def shown_cards(page) -> set[int]:
    return {int(c) for c in page.locator("#board [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")}


def test_altitude_one_person_against_a_bot(open_app):
    page = open_app(f"?game=altitude&new=1&seed={SEED}&players=2&seat2=medium", init_script=FAST)
    record = saved_record(page, "altitude")
    assert record["meta"]["seats"] == ["person", "medium"]
    assert record["meta"]["names"] == ["Player 1", "Bot 2 (medium)"]
    rng = random.Random(5)
    confirms = 0
    for _turn in range(4):
        state = altitude.replay(saved_record(page, "altitude"))
        if altitude.is_over(state):
            break
        page.wait_for_selector('html[data-bot="idle"]', state="attached")
        assert page.locator("#privacy").is_hidden()              # never a pass-the-device screen
        assert altitude.current_player(state) == 0
        # the person sees their own hand, never a card of the bot's hand
        assert hand_cells(page) == sorted(state.hands[0])
        assert not shown_cards(page) & set(state.hands[1])
        assert page.locator("#confirm").is_hidden()
        ply = len(saved_record(page, "altitude")["moves"])
        while altitude.current_player(state) == 0 and page.locator("#confirm").is_hidden():
            move = str(rng.choice(altitude.legal_moves(state)))
            click_altitude(page, move)
            ply += 1
            wait_ply(page, ply)
            state = altitude.apply(state, move)
            if altitude.is_over(state):
                break
        if altitude.is_over(state):
            break
        # the person's turn is over: End turn is asked before the bot's draw, Undo still works
        assert page.locator("#confirm").is_visible()
        assert not page.locator("#undo").is_disabled()
        assert page.locator("html").get_attribute("data-bot") != "thinking"
        page.locator("#confirm").click()
        confirms += 1
        # the bot plays its turn: choose_move's moves for this game and ply, no End turn of its own
        while altitude.current_player(state) == 1 and not altitude.is_over(state):
            expected = bot_move("altitude", state, "medium", ply)
            ply += 1
            wait_ply(page, ply)
            assert saved_record(page, "altitude")["moves"][-1] == expected
            state = altitude.apply(state, expected)
        assert page.locator("#confirm").is_hidden()
        assert not shown_cards(page) & set(state.hands[1])
    assert confirms >= 3


def test_altiplano_a_person_and_a_bot_play_a_round(open_app):
    from altibox import altiplano as A
    page = open_app(f"?game=altiplano&new=1&seed={SEED}&players=2&seat2=easy", init_script=FAST + ANNOUNCED)
    page.set_default_timeout(60_000)
    rec = saved_record(page, "altiplano")
    names = rec["meta"]["names"]
    assert rec["meta"]["seats"] == ["person", "easy"] and names == ["Player 1", "Bot 2 (easy)"]
    rng = random.Random(3)
    asked = 0
    checked = 0
    while True:
        page.wait_for_selector('html[data-bot="idle"]', state="attached")
        rec = saved_record(page, "altiplano")
        states = [A.replay(rec, upto=0)]
        for m in rec["moves"]:
            states.append(A.apply(states[-1], m))
        # every bot move is choose_move's for the game seed and ply
        for k in range(checked, len(rec["moves"])):
            if A.current_player(states[k]) == 1:
                assert rec["moves"][k] == str(bots.choose_move("altiplano", states[k], "easy", bot_seed(SEED, k)))
        checked = len(rec["moves"])
        state = states[-1]
        if state.round >= 2 or A.is_over(state):
            break
        assert page.locator("#privacy").is_hidden()          # never a pass-the-device screen
        assert page.locator("#confirm").is_hidden()          # never End turn (issue 22)
        assert A.current_player(state) == 0
        check_hidden(page, states, 0, names)                 # nothing of the bot's planning
        ply = len(rec["moves"])
        click_altiplano(page, state, str(choose(rng, state, 0.1)))
        page.wait_for_selector(f'#board:not([data-ply="{ply}"])', state="attached")
        asked += 1
    assert state.round == 2 and asked >= 4
    # the bot's secret placements were never announced (screen readers read #announce aloud)
    from altibox.altiplano import words as W
    from altibox.altiplano import plans_in_secret

    heard = "\n".join(page.evaluate("window.__announced"))
    secret = [W.describe(states[k], m, names) for k, m in enumerate(rec["moves"])
              if A.current_player(states[k]) == 1 and plans_in_secret(states[k], m)]
    assert secret and heard
    assert not [w for w in secret if w in heard]


def test_altitude_bots_only_watched_to_the_end_answer_clicks_during_their_turns(open_app):
    page = open_app(f"?game=altitude&new=1&seed={SEED}&players=2&seat1=random&seat2=easy")
    # a click during the bots' turns is handled: "Faster bots" switches on while they play
    page.wait_for_selector('html[data-bot="thinking"]', state="attached")
    page.locator("#log").click()
    page.locator("#botfast").click()
    assert page.locator("#botfast").get_attribute("aria-pressed") == "true"
    page.wait_for_selector("#status[data-winners]", state="attached", timeout=600_000)
    assert page.locator("#confirm").is_hidden() and page.locator("#privacy").is_hidden()
    record = saved_record(page, "altitude")
    state = altitude.replay(record, upto=0)
    for k, move in enumerate(record["moves"]):
        level = ("random", "easy")[altitude.current_player(state)]
        assert move == bot_move("altitude", state, level, k), f"ply {k + 1}"
        state = altitude.apply(state, move)
    out = altitude.outcome(state)
    assert page.locator("#status").get_attribute("data-winners") == ",".join(map(str, out.winners))
