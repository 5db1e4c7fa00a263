"""Issue 22 (branch plano22): the turn bar on a phone, the step it asks for, the player aid, and
Altiplano's consequences said where the choice is made.

- On a 390×844 touch screen, in every game, the bar is at most 64 px high (96 with the "why
  not" line), its status is shown whole (nothing clipped), and the buttons that do not fit are
  behind a real "More" button (a popover menu) — Share / Embed among them.
- Altiplano's Draw / Done / End turn is in the bar (``#bar-act``): the step the status asks for
  is reachable without scrolling.
- "Done planning" with nothing planned says what it means and asks again; the second click plays.
- The player aid ("Turn summary") opens the game's turn summary (``TURN_SUMMARY`` of its
  ``words.py``), Escape closes it and the focus returns to the button.
- ``focus=display`` (an embed of one part) never asks for a Draw it does not show.
"""

from __future__ import annotations

import pytest

from altibox import GAMES
from altibox import altiplano as A

from .driver import BOOT_TIMEOUT_MS, click_altiplano, saved_game_script, wait_hint, wait_ply

PHONE = {
    "alto": "?game=alto&new=1&seed=5",
    "altitude": "?game=altitude&new=1&seed=5&players=2&seat1=person&seat2=person",
    "altiplano": "?game=altiplano&new=1&seed=5&players=2&seat1=person&seat2=person",
}

#: the status line's box against the text it holds: true when no line is cut off
STATUS_WHOLE = """() => { const s = document.querySelector('#status');
  return s.scrollHeight <= s.clientHeight + 1 && s.scrollWidth <= s.clientWidth + 1; }"""

#: every visible button of the bar: [id, text, accessible label, height, fully on screen]
BAR_BUTTONS = """() => [...document.querySelectorAll('.turnbar :is(button, .button)')]
  .filter(b => b.offsetParent !== null && !b.closest('[popover]'))
  .map(b => { const r = b.getBoundingClientRect();
    return [b.id, b.textContent.trim(), b.getAttribute('aria-label'), r.height,
            r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight]; })"""


def reveal(page) -> None:
    if page.locator("#privacy").is_visible():
        page.locator('[data-action="reveal"]').click()


def bar_height(page) -> float:
    return page.locator(".turnbar").bounding_box()["height"]


def test_phone_bar_every_game_status_whole_and_a_more_menu(open_app):
    """Each game at 390×844: the bar ≤ 64 px, status whole, every bar button on screen and at
    least 44 px tall, "More" a real button named "More" that opens a menu holding Share / Embed
    (which opens its dialog)."""
    page = open_app("", touch=True)
    for game, query in PHONE.items():
        page.goto(page.url.split("?")[0] + query)
        # the page's own HTML already says data-ply="0": wait for the game (its CSS needs
        # html[data-game], set at boot), not for the loading screen
        page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.locator("html").get_attribute("data-game") == game
        reveal(page)
        assert bar_height(page) <= 64, game
        assert page.evaluate(STATUS_WHOLE), (game, page.locator("#status").inner_text())
        buttons = page.evaluate(BAR_BUTTONS)
        ids = [b[0] for b in buttons]
        assert "more" in ids and "share" not in ids and "newgame" not in ids, (game, ids)
        assert all(b[3] >= 44 and b[4] for b in buttons), (game, buttons)
        more = page.get_by_role("button", name="More")
        assert more.count() == 1 and more.is_visible()
        assert page.locator("#share").is_hidden()
        more.click()
        page.wait_for_selector("#more-menu:popover-open", state="attached")
        for label in ("Share / Embed", "New game", "Turn summary"):
            item = page.locator("#more-menu").get_by_role("button", name=label)
            assert item.is_visible(), (game, label)
            box = item.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844
        page.locator("#share").click()
        page.wait_for_selector("#share-dialog[open]", state="attached")
        assert not page.evaluate("document.querySelector('#more-menu').matches(':popover-open')")
        page.keyboard.press("Escape")
        page.wait_for_selector("#share-dialog:not([open])", state="attached")


def test_altiplano_phone_step_button_done_asks_first_and_the_bar_with_a_notice(open_app):
    """Altiplano at 390×844: the Draw of the status is in the bar (on screen, no scrolling) and
    plays the draw; "Done" with nothing planned puts its meaning in #hint and asks again (bar
    ≤ 96 px with it); the second click plays it; the bar's button plays End turn too."""
    page = open_app(PHONE["altiplano"], touch=True)
    state = A.new_game(seed=5, players=2)
    act = page.locator("#bar-act")
    assert act.inner_text() == "Draw" and act.get_attribute("data-move") == "draw"
    assert "draw 4 goods" in page.locator("#status").inner_text()
    box = act.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844
    for ply in (1, 2):      # both draws (the second after the pass-the-device screen)
        act.click()
        wait_ply(page, ply)
        state = A.apply(state, "draw")
        reveal(page)
    assert state.phase == "planning"
    assert act.inner_text() == "Done"
    ask = A.confirm_first(A.view(state, state.current), "done")
    assert ask == ("Nothing planned this round: your drawn goods stay unused. Click Done again to "
                   "confirm.")
    act.click()
    wait_hint(page, "Click Done again to confirm")
    assert page.locator("#board").get_attribute("data-ply") == "2"   # nothing played yet
    assert bar_height(page) <= 96
    assert page.evaluate(STATUS_WHOLE)
    act.click()
    wait_ply(page, 3)
    state = A.apply(state, "done")
    # the next person plans one good first: then Done plays at once, without a question
    reveal(page)
    move = next(str(m) for m in A.legal_moves(state) if ">" in str(m) and not str(m).startswith("coin"))
    click_altiplano(page, state, move)
    wait_ply(page, 4)
    state = A.apply(state, move)
    assert A.confirm_first(A.view(state, state.current), "done") is None
    act.click()
    wait_ply(page, 5)
    assert page.locator("#hint").is_hidden()


def test_altiplano_free_placement_on_an_idle_location_is_warned_on_the_target(open_app):
    """The Actions phase's free pawn placement: a location where the player could do nothing
    says so on the target itself (its name and tooltip), before the click."""
    state = A.new_game(seed=5, players=2)
    while state.phase != "actions":
        state = A.apply(state, "draw" if state.phase == "draw" else "done")
    idle = A.rules.idle_locations(state)
    assert idle and set(idle) <= set(state.ring)
    busy = [loc for loc in state.ring if loc not in idle]
    record = A.to_record(state)
    page = open_app("?game=altiplano", init_script=saved_game_script("altiplano", record))
    reveal(page)
    words = A.words.board_words("idle_here")
    for loc in idle:
        g = page.locator(f'#board [data-cell="loc:{loc}"][data-move="@{loc}"]')
        assert words in g.get_attribute("aria-label")
        assert words in g.locator("title").first.text_content()
    for loc in busy:
        g = page.locator(f'#board [data-cell="loc:{loc}"]')
        assert words not in (g.get_attribute("aria-label") or "")


@pytest.mark.parametrize("game", list(PHONE))
def test_player_aid_opens_closes_and_gives_the_focus_back(open_app, game):
    """The "Turn summary" button (name = its text) opens a dialog with the game's turn summary
    (≤ 8 lines, from its words.py); Escape closes it, the focus returns to the button; so does
    Close."""
    page = open_app(PHONE[game])
    reveal(page)
    button = page.get_by_role("button", name="Turn summary", exact=True)
    assert button.count() == 1 and button.inner_text() == "Turn summary"
    button.click()
    page.wait_for_selector("#aid-dialog[open]", state="attached")
    lines = page.locator("#aid-dialog li").all_inner_texts()
    assert lines == list(GAMES[game].TURN_SUMMARY) and 3 <= len(lines) <= 8
    assert page.locator("#aid-title").inner_text() == f"Turn summary: {GAMES[game].INFO.name}"
    page.keyboard.press("Escape")
    page.wait_for_selector("#aid-dialog:not([open])", state="attached")
    assert page.evaluate("document.activeElement.id") == "aid-open"
    button.click()
    page.locator('#aid-dialog [data-action="close-aid"]').click()
    page.wait_for_selector("#aid-dialog:not([open])", state="attached")
    assert page.evaluate("document.activeElement.id") == "aid-open"


def test_focus_display_status_asks_for_nothing_it_does_not_show(open_app):
    """``focus=display``: the draw is named as happening on the player's board, not asked for."""
    page = open_app("?game=altiplano&embed=1&focus=display&seed=5&players=2")
    status = page.locator("#status").inner_text()
    state = A.new_game(seed=5, players=2)
    assert status == A.part_prompt(state, None, "display")
    assert "on their board, not shown here" in status and "draw 4 goods" not in status


def test_player_aid_is_one_tap_on_a_phone(open_app):
    """Issue 22: the turn summary was two taps on a phone (More, then Turn summary); now a "?"
    in the bar opens it, named "Turn summary", and the bar stays ≤ 64 px."""
    page = open_app(PHONE["altiplano"], touch=True)
    reveal(page)
    aid = page.locator(".turnbar").get_by_role("button", name="Turn summary", exact=True)
    assert aid.count() == 1 and aid.is_visible() and aid.locator(".aid-q").is_visible()
    assert aid.locator(".aid-words").bounding_box()["width"] <= 1   # the words: for the name only
    box = aid.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 32 and box["y"] + box["height"] <= 844
    assert bar_height(page) <= 64
    aid.tap()
    page.wait_for_selector("#aid-dialog[open]", state="attached")
    assert page.locator("#aid-title").inner_text() == "Turn summary: Altiplano"
    assert page.locator("#aid-dialog li").all_inner_texts() == list(GAMES["altiplano"].TURN_SUMMARY)
