"""How-to-play pages end to end: reached from a game and from the landing page, live scene boards
(a wrong try refused with feedback, the right move played with its result), back to the game
with the game intact; one interpreter for the page."""

from __future__ import annotations

from altibox import altiplano, alto
from altibox.core import scenes as S

from .driver import go, saved_game_script


def scene(page, sid):
    return page.locator(f'figure.scene[data-scene="{sid}"]')


def scene_board(page, sid):
    return scene(page, sid).locator(".scene-board")


def test_alto_howto_from_a_game_and_back_with_the_game_intact(open_app):
    page = open_app("?game=alto&new=1&seed=11")
    page.locator('#board [data-move="@b2"]').click()
    page.wait_for_selector('#board[data-ply="1"]', state="attached")
    position = page.locator("#board").get_attribute("data-position")
    assert position == alto.to_position(alto.apply(alto.new_game(seed=11), "@b2"))
    # the legend is in the game panel: every symbol and mark, with its words
    keys = page.locator("#legend [data-symbol]").evaluate_all("els => els.map(e => e.dataset.symbol)")
    assert keys[:4] == ["A", "O", "D", "S"] and "removed" in keys

    page.locator("#howto-link").click()
    page.wait_for_selector('html[data-screen="rules"]', state="attached")
    assert "page=rules" in page.url
    assert page.locator(".howto h2").inner_text() == "How to play Alto"
    ids = page.locator("figure.scene").evaluate_all("els => els.map(e => e.dataset.scene)")
    assert {"move-and-flip", "move-and-remove", "move-to-empty", "scoring"} <= set(ids)
    # every board is live and drawn from its scene's position
    flip = S.find_scene("alto", "move-and-flip")
    assert scene_board(page, "move-and-flip").get_attribute("data-position") == flip.position
    assert page.locator("#rules figure.scene svg").count() == len(ids)

    # a wrong try: refused with feedback, the position unchanged
    scene_board(page, "move-and-flip").locator('[data-cell="a3"]').click()
    targets = scene_board(page, "move-and-flip").locator("[data-move]").evaluate_all(
        "els => els.map(e => e.dataset.move).sort()")
    assert targets == ["a3b2", "a3b4"]
    scene_board(page, "move-and-flip").locator('[data-move="a3b4"]').click()
    feedback = scene(page, "move-and-flip").locator(".scene-feedback")
    assert feedback.get_attribute("data-kind") == "wrong"
    assert "b2" in feedback.inner_text()
    assert scene_board(page, "move-and-flip").get_attribute("data-position") == flip.position

    # the right move: played, the result shown, the board no longer asks
    scene_board(page, "move-and-flip").locator('[data-cell="a3"]').click()
    scene_board(page, "move-and-flip").locator('[data-move="a3b2"]').click()
    page.wait_for_selector('figure.scene[data-scene="move-and-flip"][data-kind="right"]', state="attached")
    assert "flipped" in feedback.inner_text()
    after = "ODr,ASr,DOr,ASw/do,SAw,ODw,DOr/DOw,ODrw,ODr,ODr/sa,ODwr,DOw,DOw r m"
    assert scene_board(page, "move-and-flip").get_attribute("data-position") == after
    assert scene_board(page, "move-and-flip").get_attribute("data-interactive") == "0"
    # "Try again" puts it back
    scene(page, "move-and-flip").locator("[data-scene-action=reset]").click()
    assert scene_board(page, "move-and-flip").get_attribute("data-position") == flip.position

    # the scoring example shows the engine's result
    assert "20 against 17" in scene(page, "scoring").locator(".scene-feedback").inner_text()
    # one interpreter for the page: one PyScript script, no frames
    assert page.locator("iframe").count() == 0

    # back to the game: same position, same ply
    page.locator(".howto-head a[data-nav]", has_text="Back to the game").click()
    page.wait_for_selector('html[data-screen="play"]', state="attached")
    page.wait_for_selector('#board[data-ply="1"]', state="attached")
    assert page.locator("#board").get_attribute("data-position") == position
    # the browser's Back button returns to the page, Forward to the game
    page.go_back()
    page.wait_for_selector('html[data-screen="rules"]', state="attached")
    page.go_forward()
    page.wait_for_selector('html[data-screen="play"]', state="attached")
    assert page.locator("#board").get_attribute("data-position") == position


def test_howto_opened_directly_and_from_the_landing_page(open_app):
    page = open_app("")
    page.locator('.game-card[data-game-id="alto"] a.howto').click()
    page.wait_for_selector('html[data-screen="rules"]', state="attached")
    # a move scene by keyboard: Enter on the source, then on the destination
    board = scene_board(page, "move-to-empty")
    board.locator('[data-cell="c2"]').focus()
    page.keyboard.press("Enter")
    board.locator('[data-move="c2d2"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('figure.scene[data-scene="move-to-empty"][data-kind="right"]', state="attached")
    assert "--rww" in scene_board(page, "move-to-empty").get_attribute("data-position")
    # no save was made by the page
    assert page.evaluate("localStorage.getItem('altibox:save:alto')") is None
    page2 = open_app("?game=alto&page=rules", context=page.context)
    assert page2.locator("figure.scene").count() >= 6
    assert page2.locator(".howto-head a[data-nav]").first.inner_text() == "Play Alto"


def test_altitude_howto_from_a_game_and_back(open_app):
    page = open_app("?game=altitude&new=1&seed=11")
    page.wait_for_selector('#board[data-game="altitude"]', state="attached")
    position = page.locator("#board").get_attribute("data-position")
    ply = page.locator("#board").get_attribute("data-ply")
    keys = page.locator("#legend [data-symbol]").evaluate_all("els => els.map(e => e.dataset.symbol)")
    assert {"place", "replace", "remove", "discard", "avalanche", "sb"} <= set(keys)
    page.locator("#howto-link").click()
    page.wait_for_selector('html[data-screen="rules"]', state="attached")
    ids = page.locator("figure.scene").evaluate_all("els => els.map(e => e.dataset.scene)")
    assert {"building", "cable-car", "avalanche", "saint-bernard", "keep-drawn", "double-turn"} <= set(ids)
    # the building rule: a base slot is refused with feedback, the slot on 9 and 12 accepted
    board = scene_board(page, "building")
    assert board.locator("[data-move]").count() >= 3  # live targets for the drawn card
    board.locator('[data-move="A 1.2"]').click()
    assert scene(page, "building").locator(".scene-feedback").get_attribute("data-kind") == "wrong"
    assert "13 on top of 9 and 12" in scene(page, "building").locator(".scene-feedback").inner_text()
    board.locator('[data-move="A 2.0"]').click()
    page.wait_for_selector('figure.scene[data-scene="building"][data-kind="right"]', state="attached")
    assert '"card":13' in board.get_attribute("data-position").replace(" ", "")
    # the double turn: discard, and Anna plays again
    scene_board(page, "double-turn").locator('[data-move="B"]').click()
    page.wait_for_selector('figure.scene[data-scene="double-turn"][data-kind="right"]', state="attached")
    page.locator(".howto-head a[data-nav]").first.click()
    page.wait_for_selector('html[data-screen="play"]', state="attached")
    page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")
    assert page.locator("#board").get_attribute("data-position") == position


def test_altiplano_howto_from_a_game_and_back(open_app):
    page = open_app("?game=altiplano&new=1&seed=11")
    page.wait_for_selector('#board[data-game="altiplano"]', state="attached")
    position = page.locator("#board").get_attribute("data-position")
    ply = page.locator("#board").get_attribute("data-ply")
    keys = page.locator("#legend [data-symbol]").evaluate_all("els => els.map(e => e.dataset.symbol)")
    assert {"food", "alpaca", "cart", "order", "store"} <= set(keys)
    page.locator("#howto-link").click()
    page.wait_for_selector('html[data-screen="rules"]', state="attached")
    ids = page.locator("figure.scene").evaluate_all("els => els.map(e => e.dataset.scene)")
    assert {"draw", "farm", "cart", "order", "warehouse"} <= set(ids)
    farm = scene_board(page, "farm")
    farm.locator('[data-move="pass"]').first.click()
    assert scene(page, "farm").locator(".scene-feedback").get_attribute("data-kind") == "wrong"
    assert "Farm" in scene(page, "farm").locator(".scene-feedback").inner_text()
    farm.locator('[data-move="farm"]').first.click()
    page.wait_for_selector('figure.scene[data-scene="farm"][data-kind="right"]', state="attached")
    assert "wool" in scene(page, "farm").locator(".scene-feedback").inner_text()
    # a move with variants: select the Village's action, then choose the rows
    wh = scene_board(page, "warehouse")
    wh.locator('[data-cell="src:village"]').first.click()
    wh.locator('[data-move="village:r2:r2"]').first.click()
    page.wait_for_selector('figure.scene[data-scene="warehouse"][data-kind="right"]', state="attached")
    page.locator(".howto-head a[data-nav]").first.click()
    page.wait_for_selector('html[data-screen="play"]', state="attached")
    page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")
    assert page.locator("#board").get_attribute("data-position") == position


def test_altiplano_howto_from_a_game_on_an_older_house_set_shows_that_version(open_app):
    """New-user run: How to play opened from an Altiplano game on house set 12 showed version
    13's example boards and numbers. The link carries the game's version (only a version that
    is not new games'), the page says at its top which version it shows, and its examples are
    that version's: a 2-player Woodcutter starts with no fish in version 12 (one in 13)."""
    record = altiplano.to_record(altiplano.new_game(seed=11, players=2, house_set="house_set_12"))
    page = open_app("?game=altiplano", init_script=saved_game_script("altiplano", record))
    page.wait_for_selector('#board[data-game="altiplano"]', state="attached")
    position = page.locator("#board").get_attribute("data-position")
    link = page.locator("#howto-link")
    assert link.get_attribute("href") == "?game=altiplano&page=rules&house_set=house_set_12"
    link.click()
    page.wait_for_selector('html[data-screen="rules"]', state="attached")
    assert page.evaluate("location.search") == "?game=altiplano&page=rules&house_set=house_set_12"
    assert page.locator(".howto-version").inner_text() == (
        "This page shows the values of house set version 12, for a game that keeps it (new games use "
        "house set version 13): the legend, the numbers in the texts and the examples.")

    def woodcutter():
        tips = scene_board(page, "draw").locator("title").all_text_contents()
        return {t.split("Starting goods: ")[1] for t in tips if t.startswith("Woodcutter (role")}
    assert woodcutter() == {"stone + 3 food; 1 coin."}
    assert page.locator(".param-note").count() == 0  # house_set is a name the page knows
    # the examples still play: the draw is asked and played
    scene_board(page, "draw").locator('[data-move="draw"]').first.click()
    page.wait_for_selector('figure.scene[data-scene="draw"][data-kind="right"]', state="attached")
    # back to the game, intact; How to play without the link's version is new games'
    page.locator(".howto-head a[data-nav]").first.click()
    page.wait_for_selector('html[data-screen="play"]', state="attached")
    assert page.locator("#board").get_attribute("data-position") == position
    go(page, "?game=altiplano&page=rules")
    assert page.locator(".howto-version").count() == 0
    assert woodcutter() == {"stone + fish + 3 food; 1 coin."}
    go(page, "?game=altiplano&page=rules&house_set=house_set_99")  # a version it does not have: said
    assert page.locator(".howto-head .warn").inner_text().startswith(
        "house_set=house_set_99 names no version of the house set")
    assert woodcutter() == {"stone + fish + 3 food; 1 coin."}
