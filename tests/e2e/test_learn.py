"""The guided first game, ``?game=G&page=learn`` (issue 22 point 1), clicked through as a learner:
every step with the board's own ``[data-cell]``/``[data-move]`` targets, one wrong click (the
step's feedback, the board unchanged), a reload (back at the step reached), then "Play on from
here": a live saved game at the ply reached with the bot answering. Also: the links on the
landing cards and the How-to-play pages, and the confirm screen when a game is in progress."""

from __future__ import annotations

from altibox import GAMES, altiplano, altitude
from altibox.core import scenes as S
from web.play.learn import Guide, split_prompt

from .driver import BOOT_TIMEOUT_MS, click_altiplano, click_altitude, put_save, saved_record

BOARD = ".learn-board .scene-board"


def _board_ply(page) -> int:
    return int(page.locator(BOARD).get_attribute("data-ply"))


def _wait_step(page, step: int) -> None:
    page.wait_for_selector(f'.learn[data-step="{step}"]', state="attached")


def _click(page, game: str, state, move: str) -> None:
    if game == "alto":
        if move.startswith("@"):
            page.locator(f'{BOARD} [data-move="{move}"]').click()
        else:
            page.locator(f'{BOARD} [data-cell="{move[:2]}"]').click()
            page.locator(f'{BOARD} [data-move="{move}"]').click()
    elif game == "altitude":
        click_altitude(page, move, root=BOARD)
    else:
        click_altiplano(page, state, move, root=BOARD)


def _wrong(game: str, guide: Guide) -> str:
    """A legal move the first step does not ask for, which the board offers as one click."""
    step = guide.scene.line[0]
    if game == "altiplano":  # the first step asks only for Draw: try a wrong one at step 2 instead
        return ""
    legal = [str(m) for m in GAMES[game].legal_moves(guide.board.state)]
    return next(m for m in legal if m not in step.moves and (game == "alto" or m.startswith("R ")))


def _play_through(page, game: str, touch: bool = False) -> Guide:
    """Click every step of the game's guided line as the page asks; returns the pure guide
    that followed along (its state is the position shown)."""
    guide = Guide(game)
    module = GAMES[game]
    line = guide.scene.line
    for i, step in enumerate(line):
        _wait_step(page, i)
        assert page.locator("#learn-now").inner_text().startswith("Now:")
        assert split_prompt(step.prompt)[0][:40] in page.locator("#learn-now").inner_text()
        if i == (1 if game == "altiplano" else 0):
            # one wrong click: the step's feedback, the board as it was
            before = page.locator(BOARD).get_attribute("data-position")
            wrong = "glass>village" if game == "altiplano" else _wrong(game, guide)
            if game == "altitude":  # a wrong pair of cards to return
                page.locator(f'{BOARD} [data-cell="hand:55"]').click()
                page.locator(f'{BOARD} [data-move="R 55 62"]').click()
            else:
                _click(page, game, guide.board.state, wrong)
            fb = page.locator("#learn-feedback")
            page.wait_for_function("() => document.querySelector('#learn-feedback').dataset.kind === 'wrong'")
            said = fb.inner_text()
            assert said == step.hints.get(wrong, step.wrong) or said == step.wrong, said
            assert page.locator(BOARD).get_attribute("data-position") == before
            assert page.locator(".learn").get_attribute("data-step") == str(i)
        _click(page, game, guide.board.state, step.moves[0])
        guide.play(step.moves[0])
        _wait_step(page, i + 1)
        assert _board_ply(page) == len(guide.moves)
        if game == "alto":
            assert page.locator(BOARD).get_attribute("data-position") == module.to_position(guide.board.state)
        else:  # the public position only: no hand or bag order in the page
            assert page.locator(BOARD).get_attribute("data-position") == module.public_position(guide.board.state)
        assert step.result[:30] in page.locator("#learn-feedback").inner_text()
    return guide


def _play_on(page, game: str, guide: Guide, level: str = "easy") -> None:
    assert page.locator(".learn").get_attribute("data-done") == "1"
    page.locator(f'input[name="learn-opponent"][value="{level}"]').check()
    page.locator('[data-action="learn-play-on"]').click()
    ply = len(guide.moves)
    page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")
    assert page.locator("html").get_attribute("data-screen") == "play"
    assert "page=learn" not in page.url
    record = saved_record(page, game)
    assert record["moves"] == guide.play_on_record(level)["moves"] and record["seed"] == guide.scene.record["seed"]
    assert record["meta"]["seats"] == ["person", level]


def _learner_moves_then_bot_answers(page, game: str, guide: Guide) -> None:
    """The learner makes one more move in the live game; the bot answers (the ply grows past it)."""
    module = GAMES[game]
    state = module.replay(guide.play_on_record())
    ply = len(guide.moves)
    if game == "alto":
        move = str(module.legal_moves(state)[0])
        page.locator(f'#board [data-cell="{move[:2]}"]').click()
        page.locator(f'#board [data-move="{move}"]').click()
    elif game == "altitude":
        move = "B"
        click_altitude(page, move)
    else:
        move = "draw"
        click_altiplano(page, state, move)
    page.wait_for_selector(f'#board[data-ply="{ply + 1}"]', state="attached")
    if game != "alto":
        confirm = page.locator("#confirm")
        if confirm.is_visible():
            confirm.click()
    page.wait_for_function(f"() => +document.querySelector('#board').dataset.ply > {ply + 1}",
                           timeout=BOOT_TIMEOUT_MS)


def test_alto_guided_game_then_play_on_against_the_bot(open_app):
    page = open_app("?game=alto&page=learn")
    assert page.locator("html").get_attribute("data-screen") == "learn"
    assert "Step 1 of 11" in page.locator(".learn-progress").inner_text()
    guide = _play_through(page, "alto")
    assert "All 11 steps done" in page.locator(".learn-progress").inner_text()
    _play_on(page, "alto", guide)
    _learner_moves_then_bot_answers(page, "alto", guide)


def test_altitude_guided_game_reload_keeps_the_step_then_play_on(open_app):
    page = open_app("?game=altitude&page=learn")
    guide = _play_through(page, "altitude")
    # a reload comes back at the step reached (kept in the address)
    assert "step=done" in page.url
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    _wait_step(page, guide.steps)
    assert page.locator(BOARD).get_attribute("data-position") == altitude.public_position(guide.board.state)
    # the learner's own hand is shown, never the opponent's
    mine = sorted(guide.board.state.hands[0])
    shown = sorted(int(c.split(":")[1]) for c in page.locator(f'{BOARD} [data-cell^="hand:"]').evaluate_all(
        "els => els.map(e => e.dataset.cell)"))
    assert shown == mine
    _play_on(page, "altitude", guide)
    _learner_moves_then_bot_answers(page, "altitude", guide)


def test_altiplano_guided_round_then_play_on_asks_before_replacing_a_game(open_app):
    page = open_app("?game=altiplano&page=learn")
    guide = _play_through(page, "altiplano")
    pos = altiplano.public_position(guide.board.state)
    assert '"round":2' in pos.replace(" ", "")
    # a game in progress here: Play on asks first (the saved game is never replaced silently)
    other = GAMES["altiplano"].to_record(GAMES["altiplano"].apply(
        GAMES["altiplano"].new_game(seed=9, players=2), "draw"))
    put_save(page, "altiplano", other)
    page.locator('input[name="learn-opponent"][value="easy"]').check()
    page.locator('[data-action="learn-play-on"]').click()
    page.wait_for_selector('[data-action="start-pending"]')
    assert "Play on from the guided game?" in page.locator("#setup").inner_text()
    assert saved_record(page, "altiplano")["seed"] == 9
    page.locator('[data-action="start-pending"]').click()
    page.wait_for_selector(f'#board[data-ply="{len(guide.moves)}"]', state="attached")
    assert saved_record(page, "altiplano")["moves"] == guide.play_on_record()["moves"]
    _learner_moves_then_bot_answers(page, "altiplano", guide)


def test_the_guided_game_is_offered_on_the_landing_cards_and_how_to_play(open_app):
    page = open_app("")
    for game in ("alto", "altitude", "altiplano"):
        link = page.locator(f'.game-card[data-game-id="{game}"] a.learn-link')
        assert link.inner_text() == "Guided first game"
        assert link.get_attribute("href") == f"?game={game}&page=learn"
    page.locator('.game-card[data-game-id="altiplano"] a.learn-link').click()
    page.wait_for_selector(".learn")
    assert S.load_learn("altiplano").title in page.locator(".learn h2").inner_text()
    page.go_back()
    page.wait_for_selector('html[data-screen="landing"]', state="attached")  # the cards drawn again
    page.locator('.game-card[data-game-id="alto"] a.howto').click()
    page.wait_for_selector("article.howto")
    page.locator(".howto-head a.learn-link").click()
    page.wait_for_selector('.learn[data-game="alto"]')
    assert page.locator(".learn-progress").inner_text() == "Step 1 of 11"


def test_the_guided_page_fits_a_phone(open_app):
    page = open_app("?game=altiplano&page=learn", touch=True)
    page.wait_for_selector(".learn")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator(f'{BOARD} [data-move="draw"]').click()
    _wait_step(page, 1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # what to do now is on screen, in the sticky bar, readable
    box = page.locator("#learn-now").bounding_box()
    assert box is not None and 0 <= box["y"] < 844 and box["width"] <= 390
    assert page.evaluate("parseFloat(getComputedStyle(document.querySelector('#learn-now')).fontSize)") >= 11


def test_the_guided_bar_is_compact_on_a_phone(open_app):
    """Issue 22: on a 390×844 phone the sticky bar showed Now, Why and Cost (~1/3 of the
    screen); now it shows what to do now, and why / what it costs behind a "Why?" button."""
    page = open_app("?game=altiplano&page=learn", touch=True)
    page.wait_for_selector(".learn")
    heights = []
    for i, move in enumerate(("draw", "glass>market")):
        _wait_step(page, i)
        bar = page.locator(".learn-bar")
        heights.append(bar.bounding_box()["height"])
        assert page.locator("#learn-why").is_hidden()
        if i == 0:
            page.locator(f'{BOARD} [data-move="{move}"]').click()
    assert max(heights) <= 160, heights
    toggle = page.get_by_role("button", name="Why?")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    page.wait_for_selector("#learn-why:not([hidden])", state="attached")
    assert page.locator("#learn-why").inner_text().startswith("Why:")
    assert page.get_by_role("button", name="Why?").get_attribute("aria-expanded") == "true"
    # a wide screen shows everything and no toggle, beside the board: never over it
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.locator("#learn-why").is_visible() and toggle.is_hidden()
    for scroll in (0, 900):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        bar, board = page.locator(".learn-bar").bounding_box(), page.locator(BOARD).bounding_box()
        assert bar["x"] >= board["x"] + board["width"], (bar, board)
        assert 0 <= bar["y"] and bar["y"] + bar["height"] <= 800, bar  # in view while the board scrolls


def test_a_double_click_on_the_altiplano_draw_plays_it_once_and_shows_its_result(open_app):
    """A new user's double click on the guided game's Draw (a one-click step): the draw is
    played once (Step 2, ply 2: the draw and Player 2's reply), its result stays in view, and
    nothing is counted as a wrong click on step 2."""
    page = open_app("?game=altiplano&page=learn")
    guide = Guide("altiplano")
    step = guide.scene.line[0]
    page.locator(f'{BOARD} [data-move="draw"]').dblclick()
    _wait_step(page, 1)
    page.wait_for_timeout(300)   # the second click has been handled (one Python task later)
    guide.play(step.moves[0])
    assert _board_ply(page) == len(guide.moves) == 2
    fb = page.locator("#learn-feedback")
    assert fb.get_attribute("data-kind") != "wrong"
    assert fb.inner_text().startswith(step.result[:30])
    assert page.locator(".learn").get_attribute("data-step") == "1"


def test_a_link_to_a_step_the_guide_does_not_have_says_so_and_starts_at_step_1(open_app):
    """New-user run: ``&step=999`` jumped to "All 15 steps done" without a word."""
    page = open_app("?game=altiplano&page=learn&step=999")
    _wait_step(page, 0)
    assert page.locator(".learn-progress").inner_text() == "Step 1 of 15"
    assert page.locator("#notice").is_visible()
    assert page.locator("#notice .text").inner_text() == (
        "This link asks for step 999; the guided game has 15 steps. It starts at step 1.")
    assert "step=" not in page.url
