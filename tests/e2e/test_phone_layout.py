"""Issue 22: Altitude on a 390×844 touch phone and a 1280×800 desktop, and labels that never run
into each other on a phone, in every game.

- every clickable Altitude target (``[data-cell]``, ``[data-move]``: slots, hand cards, the drawn
  card, the pile, the discard pile, setup cards) is at least 44 CSS px tall and 32 px wide on a
  390 px screen, an 11-column mountain included, and nothing scrolls sideways;
- the discard pile takes a real mouse click at its box's centre after a page loaded at 1280 px
  was narrowed to 390 px (its caption used to widen its box onto the tray's background);
- with 3 or 4 seats on a desktop every opponent's mountain is in the viewport or one click away
  (its tab, ``[data-cell="show:Q"]``), and the tab shows it;
- no two labels overlap (tests/e2e/labels.py) in Alto, Altitude (2 and 3 seats) and Altiplano.
"""

from __future__ import annotations

import random

import pytest

from altibox import altiplano, altitude, alto

from .driver import reveal_if_asked, saved_game_script, wait_ply
from .labels import collisions

TARGETS_JS = """() => [...document.querySelectorAll('#board [data-cell], #board [data-move]')].map(e => {
  const r = e.getBoundingClientRect();
  return {cell: e.dataset.cell || '', move: e.dataset.move || '', w: r.width, h: r.height,
          left: r.left, right: r.right};
}).filter(b => b.w > 0)"""


def _played(module, players: int, plies: int, seed: int = 11, **options):
    """A game of ``module`` ``plies`` random moves in (or at its end)."""
    state, rng = module.new_game(seed=seed, players=players, **options), random.Random(seed)
    while not module.is_over(state) and len(state.moves) < plies:
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    return state


def _wide_base(seed: int, players: int):
    """An Altitude game played towards wide bases until the seat to move has a base 9 cards
    wide: its mountain is drawn 11 columns wide (an open slot at each end), the widest there is."""
    state, rng = altitude.new_game(seed=seed, players=players), random.Random(seed)
    while True:
        moves = [str(m) for m in altitude.legal_moves(state)]
        base = [m for m in moves if m.split(" ")[0] in ("A", "D") and m.split(" ")[-1].startswith("1.")]
        state = altitude.apply(state, rng.choice(base or moves))
        me = altitude.current_player(state)
        cols = [c for (r, c) in state.mountains[me] if r == 1] if me is not None else []
        if state.phase != "setup" and cols and max(cols) - min(cols) + 1 == 9:
            return state


def _open_saved(open_app, game: str, state, module, touch=True, names=None):
    meta = {"names": names} if names else {}
    record = module.to_record(state, meta=meta) if meta else module.to_record(state)
    page = open_app(f"?game={game}", init_script=saved_game_script(game, record), touch=touch)
    wait_ply(page, len(state.moves))
    reveal_if_asked(page)
    return page


def _no_collisions(page, where: str) -> None:
    found = collisions(page)
    assert found == [], (where, found[:6])


def _targets(page) -> list[dict]:
    page.wait_for_selector("#board [data-cell]", state="attached")
    return page.evaluate(TARGETS_JS)


def _assert_touch_sized(page, where: str) -> int:
    boxes = _targets(page)
    small = [b for b in boxes if b["h"] < 44 or b["w"] < 32]
    assert not small, (where, small[:5])
    outside = [b for b in boxes if b["left"] < -0.5 or b["right"] > 390.5]
    assert not outside, (where, outside[:5])
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
    return len(boxes)


LONG_NAMES = ["Maximiliane", "Bartholomew", "Konstantin", "Wilhelmina"]


def test_altitude_touch_targets_and_labels_at_390(open_app):
    """Every target is touch-sized and no label runs into another, at the setup and in the
    middle of 2-, 3- and 4-seat games with the widest mountain there is (long names)."""
    # the setup: six hand cards to return two of, then the second card's choice
    page = open_app("?game=altitude&new=1&seed=5&players=2", touch=True)
    reveal_if_asked(page)
    assert _assert_touch_sized(page, "setup") >= 6 + 2 + 2   # 6 cards, 2 slots, pile, discard
    _no_collisions(page, "altitude setup")
    first = page.locator('#board [data-cell^="hand:"]').first
    first.click()
    page.wait_for_selector('#board [data-move^="R "]', state="attached")
    assert page.locator('#board [data-move^="R "]').count() == 5
    _assert_touch_sized(page, "setup, second card")
    _no_collisions(page, "altitude setup, one card chosen")
    # mid-game: the widest mountain (11 columns), 2 and 3 seats; 4 seats
    for state in (_wide_base(3, 2), _wide_base(4, 3), _played(altitude, 4, 40)):
        k = altitude.num_players(state)
        page = _open_saved(open_app, "altitude", state, altitude, names=LONG_NAMES[:k])
        me = altitude.current_player(state)
        cols = {c for (r, c) in state.mountains[me] if r == 1}
        n = _assert_touch_sized(page, f"{k} seats, ply {len(state.moves)}")
        _no_collisions(page, f"altitude {k} seats, ply {len(state.moves)}")
        assert n >= 4 + 1 + 2   # the hand, the drawn card, pile and discard at least
        if max(cols) - min(cols) + 1 == 9:
            slots = page.locator(f'#board .mountain[data-player="{me}"] [data-cell*=":L1:"]').count()
            assert slots == 11, slots   # 9 cards and an open slot at each end, all on screen


def test_altitude_pass_button_is_a_touch_target(open_app):
    state = _played(altitude, 2, 10 ** 6)   # to the end, then back to the first final pass
    record = altitude.to_record(state)
    ply = next(k for k, m in enumerate(record["moves"]) if m == "pass")
    state = altitude.replay(record, upto=ply)
    page = _open_saved(open_app, "altitude", state, altitude)
    box = page.locator('#board [data-move="pass"]').bounding_box()
    assert box["height"] >= 44 and box["width"] >= 32, box


def test_altitude_discard_pile_takes_a_click_after_narrowing_the_window(open_app):
    state = _played(altitude, 2, 2, seed=7)   # both setups done: the first draw
    assert "B" in [str(m) for m in altitude.legal_moves(state)]
    page = open_app("?game=altitude", init_script=saved_game_script("altitude", altitude.to_record(state)))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()   # loaded at 1280 px
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 2)
    reveal_if_asked(page)
    page.wait_for_selector("#board svg.altitude-board:not(.narrow)", state="attached")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("#board svg.altitude-board.narrow", state="attached")
    discard = page.locator('#board [data-cell="discard"][data-move="B"]')
    discard.scroll_into_view_if_needed()
    box = discard.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                        " const c = e && e.closest('[data-cell]'); return c ? c.dataset.cell : null; }", [x, y])
    assert hit == "discard"
    page.mouse.click(x, y)
    wait_ply(page, 3)
    assert page.locator("#log li").last.get_attribute("data-move") == "B"


@pytest.mark.parametrize("players", [3, 4])
def test_altitude_every_opponent_on_a_desktop_screen_or_one_click_away(open_app, players):
    state = _played(altitude, players, 30 if players == 3 else 40)
    page = _open_saved(open_app, "altitude", state, altitude, touch=False,
                       names=["Anna", "Tim", "Bo", "Eve"][:players])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("window.scrollTo(0, 0)")
    me = altitude.current_player(state)
    for q in range(players):
        if q == me:
            continue
        panel = page.locator(f'#board .mountain[data-player="{q}"]')
        if panel.count():
            box = panel.bounding_box()
            assert box["y"] >= 0 and box["y"] < 800, (q, box)   # its header at least on screen
        tab = page.locator(f'#board [data-cell="show:{q}"]')
        assert tab.count() == 1, q
        tbox = tab.bounding_box()
        assert 0 <= tbox["y"] and tbox["y"] + tbox["height"] <= 800, (q, tbox)
    # a tab shows its mountain, at once, under the tabs; nothing is played
    other = next(q for q in range(players) if q != me and
                 page.locator(f'#board .mountain[data-player="{q}"]').count() == 0)
    page.locator(f'#board [data-cell="show:{other}"]').click()
    page.wait_for_selector(f'#board .mountain[data-player="{other}"]', state="attached")
    assert page.locator(f'#board [data-cell="show:{other}"]').get_attribute("aria-pressed") == "true"
    assert page.locator("#board .mountain").count() == 2
    assert page.locator("#board").get_attribute("data-ply") == str(len(state.moves))
    box = page.locator(f'#board .mountain[data-player="{other}"]').bounding_box()
    assert box["y"] < 800


def test_no_colliding_labels_on_a_phone_in_every_game(open_app):
    """Alto in play and at its end, Altitude at the end of a 3-seat game (every hand and the
    points shown), Altiplano at its start and in a 3-seat game (Altitude in play: above)."""
    for plies in (20, 10 ** 6):
        page = _open_saved(open_app, "alto", _played(alto, 2, plies), alto)
        _no_collisions(page, f"alto ply {plies}")
    page = _open_saved(open_app, "altitude", _played(altitude, 3, 10 ** 6, seed=5), altitude,
                       names=LONG_NAMES[:3])
    _no_collisions(page, "altitude, 3 seats, the end")
    for players, plies in ((2, 0), (3, 30)):
        page = _open_saved(open_app, "altiplano", _played(altiplano, players, plies), altiplano)
        _no_collisions(page, f"altiplano {players} seats, ply {plies}")
