"""Altiplano learned by playing it (issue 22) and shown one part at a time (issue 20 point 5):
the hot-seat flow passes the device at every change of person and never asks an extra End
turn; the status line says the turn rule; the phone ring names neighbours; ``focus=`` embeds
are readable at 480 x 600 with their feedback in view."""

from __future__ import annotations

import pytest

from altibox import altiplano as A
from altibox.altiplano import words as W

from .driver import BOOT_TIMEOUT_MS, NO_BACKGROUND_WORK, click_altiplano
from .readability import horizontal_overflow, smallest_texts

CLICK_TIMEOUT_MS = 20_000

#: the big board of the seat shown: its top edge in the viewport, and the viewport's height
BOARD_TOP = """() => { const b = document.querySelector('#board g.board');
  return b ? [b.getBoundingClientRect().top, window.innerHeight] : null; }"""


def take_device(page, state) -> None:
    """The pass-the-device screen names the person to act (never an End turn); take it."""
    who = A.seat_name(state, A.current_player(state))
    assert page.locator("#privacy").is_visible() and not page.locator("#confirm").is_visible()
    assert page.locator("#status").inner_text() == f"Pass the device to {who}"
    page.locator('[data-action="reveal"]').click()
    page.wait_for_selector("#privacy", state="hidden")


def test_hot_seat_passes_the_device_at_every_change_of_person_on_a_phone(open_app):
    """Two people on a phone: a pass screen before each draw, each planning (Done planning is
    the move, followed at once by the pass screen) and each turn of actions; the player's board
    is scrolled into view; the status says the turn rule; ring tiles name their neighbours in
    text of at least 11 px."""
    page = open_app("?game=altiplano&new=1&seed=5&players=2", touch=True)
    page.set_default_timeout(CLICK_TIMEOUT_MS)
    state = A.new_game(seed=5, players=2)
    passes = 0

    def play(move: str) -> None:
        nonlocal state
        ply = len(state.moves)
        click_altiplano(page, state, move)
        page.wait_for_selector(f'#board[data-ply="{ply + 1}"]', state="attached")
        state = A.apply(state, move)

    # the first drawer holds the device (the draw is public); then every change of person
    assert not page.locator("#privacy").is_visible()
    play("draw")
    while state.phase in ("draw", "planning"):
        take_device(page, state)
        passes += 1
        top, height = page.evaluate(BOARD_TOP)
        assert 0 <= top < height / 2  # the player's own board, brought into view
        play("draw" if state.phase == "draw" else "done")
    assert passes == 3 and state.phase == "actions"
    take_device(page, state)
    first = A.current_player(state)
    loc = state.ring[0]
    assert page.locator("#status").inner_text() == (
        f"{A.seat_name(state, first)}'s turn: put your pawn on any location (free) and act "
        "there, or pass")
    play(f"@{loc}")
    assert page.locator("#status").inner_text() == W.prompt(state)
    play("pass")
    assert A.current_player(state) != first
    take_device(page, state)
    # the ring on the phone: each tile names its neighbours, and no ring text is under 11 px
    k = 1
    tile = page.locator(f'#board [data-cell="loc:{state.ring[k]}"]')
    names = (W.location_name(state.ring[k - 1]), W.location_name(state.ring[k + 1]))
    assert f"{names[0]} \u00b7 {names[1]}" in tile.text_content()
    small = [t for t in smallest_texts(page) if t["text"] in
             {W.location_name(x) for x in state.ring} or "\u00b7" in t["text"]]
    assert small == []


@pytest.mark.parametrize("part", A.FOCUS_PARTS)
def test_focus_embed_is_readable_at_480_by_600(browser, base_url_app, part):
    """``focus=PART``: one part of the table, its smallest text at least 11 px at 480 x 600,
    no sideways scroll, and the feedback (the status line) in view without scrolling."""
    context = browser.new_context(viewport={"width": 480, "height": 600})
    context.add_init_script(NO_BACKGROUND_WORK)
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url_app + "?game=altiplano&embed=1&seed=4&players=2&focus=" + part)
        page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        label = page.locator("#board svg").get_attribute("aria-label")
        assert label.startswith("Altiplano: ")
        assert smallest_texts(page) == []
        assert horizontal_overflow(page) == 0
        box = page.locator("#status").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 600
        assert page.locator("#status").inner_text().strip() != "" and errors == []
    finally:
        context.close()
