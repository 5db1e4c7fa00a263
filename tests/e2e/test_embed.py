"""Embed mode end to end (issue 11): a second site frames a board, bad links, saves untouched.

The app is served at ``127.0.0.1``; host pages come from ``localhost`` (another site), as in
tests/e2e/test_frames.py, with the same fixtures (conftest.py: one Chromium, one host server). Each
test boots Pyodide once or twice only: the run time stays modest.
"""

from __future__ import annotations

import json
import random
from urllib.parse import quote

import pytest

from altibox import altitude, alto
from web.links.codec import encode_record

from .driver import (IDB_PROBE, STORAGE_PROBE, altibox_keys, click_alto, click_altiplano, click_altitude, hand_cells,
                     origin_of, saved_record, wait_ply)


def alto_ending(seed: int = 11, left: int = 3, rng_seed: int = 4):
    """A random Alto game from ``seed``: (state ``left`` moves before its end, those moves, end state)."""
    rng = random.Random(rng_seed)
    states = [alto.new_game(seed=seed)]
    while not alto.is_over(states[-1]):
        states.append(alto.apply(states[-1], rng.choice(alto.legal_moves(states[-1]))))
    end = states[-1]
    return states[-1 - left], list(end.moves[-left:]), end


def altitude_game(seed: int = 5, players: int = 2, rng_seed: int = 2):
    rng = random.Random(rng_seed)
    state = altitude.new_game(seed=seed, players=players)
    while not altitude.is_over(state):
        state = altitude.apply(state, rng.choice(altitude.legal_moves(state)))
    return state


def status(frame):
    return frame.locator("#status")


def test_a_cross_site_frame_with_storage_blocked_plays_an_alto_position_to_its_end(framed, host):
    start, moves, end = alto_ending()
    pos = alto.to_position(start)
    page, frame = framed(f"?game=alto&embed=1&pos={quote(pos)}&caption={quote('Finish <this> game')}")
    assert origin_of(page.main_frame) == host.origin and frame.evaluate(STORAGE_PROBE) == "SecurityError"
    html_el = frame.locator("html")
    assert html_el.get_attribute("data-screen") == "embed" and html_el.get_attribute("data-storage") == "denied"
    # only the board: no header, no side panel, no new-game button
    assert frame.locator(".topbar").is_hidden() and frame.locator("#newgame").count() == 0
    assert frame.locator("#board").get_attribute("data-position") == pos
    assert frame.locator(".wcaption").inner_text() == "Finish <this> game"
    assert frame.locator(".wcontrols").is_hidden()  # a position has no moves to step through yet
    # the board fills the frame (1000×760): its SVG is at least as tall as 3/4 of it
    box = frame.locator("#board svg").bounding_box()
    assert box["height"] > 560 and box["width"] <= 1000
    for ply, move in enumerate(moves, 1):
        click_alto(frame, move, ply)
    out = alto.outcome(end)
    assert frame.locator("#board").get_attribute("data-position") == alto.to_position(end)
    assert status(frame).get_attribute("data-winners") == ",".join(map(str, out.winners))
    assert status(frame).get_attribute("data-reason") == out.reason
    # step back and forth over the moves just played
    controls = frame.locator(".wcontrols")
    assert controls.is_visible() and frame.locator(".wply").inner_text() == "Move 3 of 3"
    frame.locator('[data-step="first"]').click()
    wait_ply(frame, 0)
    assert frame.locator("#board").get_attribute("data-position") == pos
    frame.locator('[data-step="next"]').click()
    wait_ply(frame, 1)
    assert frame.locator("#board").get_attribute("data-position") == alto.to_position(alto.apply(start, moves[0]))
    # "Continue in Altibox" carries the game up to the ply shown
    href = frame.locator(".wopen").get_attribute("href")
    assert href.startswith("./?game=alto&rec=z:")


def test_a_sandboxed_frame_plays_an_altitude_record_to_its_end(framed):
    end = altitude_game()
    record = altitude.to_record(end)
    n = len(end.moves)
    page, frame = framed(f"?game=altitude&embed=1&rec={encode_record(record)}&ply={n - 2}",
                         attrs='sandbox="allow-scripts"')
    assert origin_of(frame) == "null" and frame.evaluate(IDB_PROBE) == "SecurityError"
    before = altitude.replay(record, upto=n - 2)
    assert frame.locator("#board").get_attribute("data-position") == altitude.public_position(before)
    assert frame.locator(".wply").inner_text() == f"Move {n - 2} of {n}"
    state = before
    for ply, move in enumerate(end.moves[-2:], n - 1):
        seat = altitude.current_player(state)
        assert hand_cells(frame) == sorted(state.hands[seat])  # the learner plays the seat to move
        click_altitude(frame, move)
        wait_ply(frame, ply)
        state = altitude.apply(state, move)
    out = altitude.outcome(end)
    assert status(frame).get_attribute("data-winners") == ",".join(map(str, out.winners))
    assert frame.locator("#board").get_attribute("data-position") == altitude.public_position(end)
    assert hand_cells(frame) == []  # game over: the public view


def test_a_phone_wide_altitude_frame_draws_the_narrow_mountain_with_readable_text(framed):
    """Issue 20 point 5: an Altitude embed in a 390 px frame uses the narrow drawing the full
    page uses on a phone (not the wide one scaled down): every text at least 11 CSS px, no
    sideways scrolling, the position the link names."""
    from .readability import horizontal_overflow, smallest_texts
    end = altitude_game()
    record = altitude.to_record(end)
    page, frame = framed(f"?game=altitude&embed=1&rec={encode_record(record)}&ply=30",
                         attrs='width="390" height="780"')
    frame.wait_for_selector("#board svg.altitude-board.narrow", state="attached")
    assert frame.locator("#board").get_attribute("data-position") == altitude.public_position(
        altitude.replay(record, upto=30))
    assert smallest_texts(frame) == []
    assert horizontal_overflow(frame) == 0


def test_a_cross_site_frame_plays_the_end_of_an_altiplano_record(framed):
    from altibox import altiplano
    rng = random.Random(6)
    state = altiplano.new_game(seed=6, players=2)
    while not altiplano.is_over(state):
        state = altiplano.apply(state, rng.choice(altiplano.legal_moves(state)))
    record = altiplano.to_record(state)
    n = len(state.moves)
    page, frame = framed(f"?game=altiplano&embed=1&rec={encode_record(record)}&ply={n - 2}")
    assert frame.evaluate(STORAGE_PROBE) == "SecurityError"
    before = altiplano.replay(record, upto=n - 2)
    assert frame.locator("#board").get_attribute("data-position") == altiplano.public_position(before)
    now = before
    for ply, move in enumerate(state.moves[-2:], n - 1):
        click_altiplano(frame, now, move)
        wait_ply(frame, ply)
        now = altiplano.apply(now, move)
        assert frame.locator("#board").get_attribute("data-position") == altiplano.public_position(now)
    out = altiplano.outcome(state)
    assert status(frame).get_attribute("data-winners") == ",".join(map(str, out.winners))


def test_a_look_only_embed_with_controls_offers_no_moves(framed):
    start, moves, end = alto_ending(left=5)
    record = alto.to_record(end)
    n = len(end.moves)
    page, frame = framed(f"?game=alto&embed=1&rec={quote(json.dumps(record))}&ply=2&interactive=0&theme=dark")
    assert frame.locator("html").get_attribute("data-theme") == "dark"
    assert frame.locator("#board").get_attribute("data-ply") == "2"
    assert frame.locator("#board [data-move]").count() == 0
    frame.locator('#board [data-cell="a1"]').click()
    assert frame.locator("#board").get_attribute("data-ply") == "2"
    frame.locator('[data-step="last"]').click()
    wait_ply(frame, n)
    assert frame.locator("#board").get_attribute("data-position") == alto.to_position(end)
    assert frame.locator('[data-step="next"]').is_disabled()


JUNK = "<b>junk</b>&" + "ж" * 4990


@pytest.mark.parametrize("query, words, shown", [
    ("game=chess", "There is no game by that name here", "game=chess"),
    ("game=alto&pos=" + quote("OD,DO r m"), "This is not a valid Alto position", "pos=OD,DO r m"),
    ("game=altitude&pos=%7B%7D", "keeps cards hidden", "pos={}"),
    ("game=alto&rec=" + quote(json.dumps({**alto.to_record(alto.new_game(seed=1)), "moves": ["@a1", "@a1"]})),
     "move 2 (@a1) is refused", "rec={"),
    ("game=alto&rec=" + encode_record(alto.to_record(alto.apply(alto.new_game(seed=1), "@a1"))) + "&ply=99",
     "asks for move 99, but this record has only 1 move", "ply=99"),
    ("game=alto&scene=no-such-scene", "no scene", "scene=no-such-scene"),
    ("game=alto&pos=" + quote(JUNK), "not a valid Alto position", "pos=<b>junk</b>&жжж"),
])
def test_bad_parameters_show_a_readable_message_in_the_frame(framed, query, words, shown):
    page, frame = framed(f"?embed=1&{query}")
    box = frame.locator(".embed-error")
    assert box.is_visible()
    text = box.inner_text()
    assert words in text and shown in text
    assert "Traceback" not in text
    if "junk" in query:
        assert frame.locator(".embed-error b").count() == 0  # quoted literally, never as markup
        assert "…[4,842 more characters]" in text
        assert frame.locator(".bad-text").bounding_box()["height"] < 400
    assert frame.locator("html").get_attribute("data-embed-error")


def test_embeds_leave_the_players_saves_byte_identical(open_app, base_url_app):
    """Same origin, top level, storage available: an embed still neither reads nor writes saves."""
    page = open_app("?game=alto&new=1&seed=5")
    click_alto(page, "@b2", 1)
    click_alto(page, "@c3", 2)
    before = altibox_keys(page)
    assert json.loads(before["altibox:save:alto"])["moves"] == ["@b2", "@c3"]
    embed = open_app(f"?game=alto&embed=1&seed=5", context=page.context)
    click_alto(embed, "@a1", 1)
    click_alto(embed, "@a2", 2)
    click_alto(embed, "@a3", 3)
    embed2 = open_app("?game=alto&embed=1&rec=" + encode_record(alto.to_record(alto.new_game(seed=9))),
                      context=page.context)
    click_alto(embed2, "@d4", 1)
    assert altibox_keys(embed2) == before
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 2)


# ---------------------------------------------------------------- scenes in a frame

def test_a_scene_in_a_cross_site_frame_refuses_a_wrong_move_and_accepts_the_right_one(framed):
    from altibox.core import scenes as S
    flip = S.find_scene("alto", "move-and-flip")
    page, frame = framed("?game=alto&embed=1&scene=move-and-flip")
    assert frame.evaluate(STORAGE_PROBE) == "SecurityError"
    board = frame.locator("#board")
    assert board.get_attribute("data-position") == flip.position
    assert flip.caption in frame.locator(".scene-caption").inner_text()
    # a wrong try (the scene's hint for it), then the right move
    frame.locator('#board [data-cell="a3"]').click()
    frame.locator('#board [data-move="a3b4"]').click()
    feedback = frame.locator(".scene-feedback")
    assert feedback.get_attribute("data-kind") == "wrong" and feedback.inner_text() == flip.ask.hints["a3b4"]
    assert board.get_attribute("data-position") == flip.position
    frame.locator('#board [data-cell="a3"]').click()
    frame.locator('#board [data-move="a3b2"]').click()
    frame.wait_for_selector('.scene-feedback[data-kind="right"]', state="attached")
    assert frame.locator(".scene-feedback").inner_text() == flip.ask.result
    after = alto.apply(alto.from_position(flip.position), "a3b2")
    assert frame.locator("#board").get_attribute("data-position") == alto.to_position(after)


# ---------------------------------------------------------------- share and play by link

def share_link(page) -> str:
    page.locator("#share").click()
    page.wait_for_selector("#share-dialog[open]", state="attached")
    link = page.input_value("#share-link")
    page.locator('[data-action="close-share"]').click()
    return link


def test_a_share_link_continues_the_game_in_a_fresh_context_and_comes_back(open_app, base_url_app):
    page = open_app("?game=alto&new=1&seed=5&first_player=1")
    for ply, move in enumerate(("@b2", "@c3", "@a1"), 1):
        click_alto(page, move, ply)
    page.locator("#share").click()
    page.wait_for_selector("#share-dialog[open]", state="attached")
    assert page.locator("#share-seed").count() == 0  # Alto hides nothing
    snippet = page.input_value("#share-embed-game")
    assert snippet.startswith(f'<iframe src="{base_url_app}?game=alto&amp;embed=1&amp;rec=z:')
    link = page.input_value("#share-link")
    page.locator('[data-action="close-share"]').click()
    assert link.startswith(base_url_app + "?game=alto&rec=z:") and len(link) < 200
    here = page.locator("#board").get_attribute("data-position")

    friend = open_app(link[len(base_url_app):])  # a fresh context: another device
    assert friend.locator("#board").get_attribute("data-position") == here
    assert friend.locator("#board").get_attribute("data-ply") == "3"
    assert "Continuing the game from the link (3 moves played)" in friend.locator("#notice").inner_text()
    assert "rec=" not in friend.url  # a reload resumes the saved copy
    saved = saved_record(friend, "alto")
    assert saved["moves"] == ["@b2", "@c3", "@a1"] and saved["options"] == {"first_player": 1}
    click_alto(friend, "@d4", 4)
    back = share_link(friend)

    # the new link continues the game saved here: taken at once, nothing asked
    page.goto(back)
    page.wait_for_selector('#board[data-ply="4"]', state="attached")
    assert page.locator("#board").get_attribute("data-position") == \
        friend.locator("#board").get_attribute("data-position")


def test_play_by_link_asks_before_replacing_a_game_and_refuses_tampered_links(open_app, base_url_app):
    page = open_app("?game=alto&new=1&seed=5")
    click_alto(page, "@b2", 1)
    click_alto(page, "@c3", 2)
    before = altibox_keys(page)
    other = alto.to_record(alto.apply(alto.new_game(seed=6), "@a1"))
    page.goto(base_url_app + "?game=alto&rec=" + encode_record(other))
    page.wait_for_selector('[data-action="start-pending"]')
    words = page.locator("#setup").inner_text()
    assert "continues a game of Alto at move 1" in words and "in progress here (move 2)" in words
    page.locator('[data-action="resume"]').click()
    wait_ply(page, 2)
    assert altibox_keys(page) == before
    # tampered: an illegal move, damaged compression
    bad = {**alto.to_record(alto.new_game(seed=5)), "moves": ["@b2", "@b2"]}
    page.goto(base_url_app + "?game=alto&rec=" + quote(json.dumps(bad)))
    page.wait_for_selector('html[data-screen="error"]', state="attached")
    text = page.locator("#error").inner_text()
    assert "This link cannot be continued" in text and "move 2: @b2" in text and 'rec={"schema": 1' in text
    page.goto(base_url_app + "?game=alto&rec=z:" + encode_record(other)[2:-6])
    page.wait_for_selector('html[data-screen="error"]', state="attached")
    assert "compressed record" in page.locator("#error").inner_text()
    assert altibox_keys(page) == before
    # Altitude's dialog says plainly that the link carries the seed
    page.goto(base_url_app + "?game=altitude&new=1&seed=8&players=2")
    page.wait_for_selector("html.ready", state="attached")
    page.locator("#share").click()
    assert "This link carries the game’s seed" in page.locator("#share-seed").inner_text()
