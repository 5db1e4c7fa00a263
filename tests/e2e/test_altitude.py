"""Altitude end to end: whole games by clicks, the privacy screen, undo inside a turn, reloads."""

from __future__ import annotations

import random

from altibox import altitude

from .driver import click_altitude, hand_cells, play_altitude, reveal_if_asked, saved_record, wait_ply

SEED = 424242


def test_whole_two_player_game_by_clicks_with_privacy(open_app):
    page = open_app("?game=altitude")
    page.fill('input[name="name1"]', "Ann")
    page.fill('input[name="name2"]', "<b>Bob</b>")
    page.locator('[data-action="start"]').click()
    wait_ply(page, 0)
    record = saved_record(page, "altitude")
    assert record["players"] == 2 and record["meta"]["names"] == ["Ann", "<b>Bob</b>"]
    state = altitude.new_game(seed=record["seed"], players=2)
    assert "Pass the device to Ann" in page.locator("#status").inner_text()
    state, ply = play_altitude(page, state, random.Random(5))
    out = altitude.outcome(state)
    status = page.locator("#status")
    assert status.get_attribute("data-winners") == ",".join(map(str, out.winners))
    assert status.get_attribute("data-reason") == out.reason
    for p in (0, 1):
        assert page.locator(f'#scores [data-player="{p}"]').get_attribute("data-score") == str(out.scores[p])
    assert page.locator("#log li").count() == ply
    # names are text, never HTML
    assert page.locator("#scores b").count() == 0 and "<b>Bob</b>" in page.locator("#scores").inner_text()
    assert "Saint Bernards in hand" in page.locator("#scores").inner_text()


def test_solo_game_from_a_fixed_seed(open_app):
    page = open_app(f"?game=altitude&new=1&seed={SEED}&players=1")
    state = altitude.new_game(seed=SEED, players=1)
    assert not page.locator("#privacy").is_visible()
    state, _ = play_altitude(page, state, random.Random(2))
    out = altitude.outcome(state)
    assert page.locator('#scores [data-player="0"]').get_attribute("data-score") == str(out.scores[0])
    assert page.locator("#status").get_attribute("data-winners") == "0"


def test_undo_only_inside_the_open_turn_and_reload_resumes(open_app):
    page = open_app(f"?game=altitude&new=1&seed={SEED}&players=2")
    state = altitude.new_game(seed=SEED, players=2)
    rng = random.Random(9)
    for ply in range(1, 3):  # both setup choices
        reveal_if_asked(page)
        move = str(rng.choice(altitude.legal_moves(state)))
        click_altitude(page, move)
        wait_ply(page, ply)
        state = altitude.apply(state, move)
        page.locator("#confirm").click()
    reveal_if_asked(page)
    assert page.locator("#undo").is_disabled()  # the last turn was ended: no undo
    before = page.locator("#board").get_attribute("data-position")
    move = str(altitude.legal_moves(state)[0])
    click_altitude(page, move)
    wait_ply(page, 3)
    assert not page.locator("#undo").is_disabled()
    page.locator("#undo").click()
    wait_ply(page, 2)
    assert page.locator("#board").get_attribute("data-position") == before
    # back in the same turn, with the same drawn card: the draw is not undone
    assert page.locator('#board [data-cell="drawn"]').count() == 1
    click_altitude(page, move)
    wait_ply(page, 3)
    state = altitude.apply(state, move)
    page.locator("#confirm").click()
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 3)
    assert page.locator("#board").get_attribute("data-position") == altitude.public_position(state)
    assert page.locator("#privacy").is_visible() and hand_cells(page) == []
    assert page.locator("#log li").count() == 3
    assert page.locator("#log li").first.get_attribute("data-move") == "R"  # returned cards stay secret
    reveal_if_asked(page)
    assert hand_cells(page) == sorted(state.hands[altitude.current_player(state)])


def test_keyboard_play(open_app):
    page = open_app(f"?game=altitude&new=1&seed={SEED}&players=2")
    state = altitude.new_game(seed=SEED, players=2)
    page.locator('[data-action="reveal"]').focus()
    page.keyboard.press("Enter")
    move = str(altitude.legal_moves(state)[0])  # "R a b"
    _, a, b = move.split(" ")
    page.locator(f'#board [data-cell="hand:{a}"]').focus()
    page.keyboard.press("Enter")
    # the first card is chosen, not returned: the status asks for the second (issue 22)
    asked = altitude.prompt(state, selected=int(a)).split(": ", 1)[1]
    page.wait_for_function("t => document.getElementById('status').textContent.includes(t)",
                           arg=asked, timeout=60_000)
    page.locator(f'#board [data-move="{move}"]').focus()
    page.keyboard.press("Enter")
    wait_ply(page, 1)
    assert "keeps 4 cards" in page.locator("#announce").inner_text()


def test_reload_before_end_turn_keeps_undo_and_double_clicks_do_not_open_the_form(open_app):
    page = open_app(f"?game=altitude&new=1&seed={SEED}&players=2")
    state = altitude.new_game(seed=SEED, players=2)
    reveal_if_asked(page)
    move = str(altitude.legal_moves(state)[0])
    click_altitude(page, move)
    wait_ply(page, 1)
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 1)
    assert hand_cells(page) == [] and not page.locator("#undo").is_disabled()
    page.locator("#undo").click()
    wait_ply(page, 0)
    reveal_if_asked(page)
    click_altitude(page, move)
    wait_ply(page, 1)
    page.locator("#confirm").dblclick()
    assert page.locator("#privacy").is_visible()
    assert page.evaluate("document.documentElement.dataset.screen") == "play"
