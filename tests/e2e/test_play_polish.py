"""A new-user run of the play page (mostly Altiplano), end to end at 390×844 and 1280×800:

- once a game is over, the turn bar offers "See the scores" (``#see-scores``, "↓ Scores" on a
  phone) where the end panel and the score pad are far below it: one tap shows the result line,
  the end panel and every total, in every game; a two-column desktop shows them beside the
  board and no such button;
- Altiplano: a card's READY badge takes the click of its ready source (the Village's storage
  opens its row choice from the badge);
- Altiplano on a phone: every ring tile names its neighbours after "↔", inside the tile;
- the start page's game cards: "How to play" never wraps alone onto a line of its own;
- Altiplano with the Legend open: the side panel fits the window (its end can be read).
"""

from __future__ import annotations

import random

import pytest

from altibox import altiplano, altitude, alto

from .driver import reveal_if_asked, saved_game_script, wait_ply

MODULES = {"alto": alto, "altitude": altitude, "altiplano": altiplano}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

#: the Total row's cells: each seen (the element drawn at its centre, inside the window)?
TOTALS_SEEN = """() => [...document.querySelectorAll('#scores tfoot tr:first-child [data-score]')].map(td => {
  const r = td.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return y >= 0 && y < innerHeight && !!hit && (hit === td || td.contains(hit));
})"""

#: is the element of this selector drawn at its box's centre, inside the window?
SEEN = """sel => { const e = document.querySelector(sel), r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2, hit = document.elementFromPoint(x, y);
  return y >= 0 && y < innerHeight && !!hit && (hit === e || e.contains(hit)); }"""


def _played(module, players: int, seed: int, stop=None):
    """A game of ``module`` played with random moves to its end (or until ``stop(state, moves)``)."""
    state, rng = module.new_game(seed=seed, players=players), random.Random(seed)
    while not module.is_over(state):
        moves = [str(m) for m in module.legal_moves(state)]
        if stop is not None and stop(state, moves):
            break
        state = module.apply(state, rng.choice(moves))
    return state


def _open(open_app, game: str, state, touch: bool, viewport=None):
    page = open_app(f"?game={game}", init_script=saved_game_script(game, MODULES[game].to_record(state)),
                    touch=touch)
    if viewport:
        page.set_viewport_size(viewport)
    wait_ply(page, len(state.moves))
    return page


@pytest.mark.parametrize("game,players,seed", [("altiplano", 2, 3), ("altiplano", 5, 3),
                                               ("alto", 2, 3), ("altitude", 4, 3)])
def test_see_the_scores_once_the_game_is_over_on_a_phone(open_app, game, players, seed):
    """New-user run: at the end of an Altiplano game on a phone the bar named the winner while
    the Game over panel and the score pad were ~2,900 px further down, with nothing leading
    there. The bar's "↓ Scores" (named "See the scores") shows them: the end panel at the top,
    the bar's result line still in view, every total seen; the focus on the panel."""
    module = MODULES[game]
    page = _open(open_app, game, _played(module, players, seed), touch=True)
    page.wait_for_selector("#status.over", state="attached")
    see = page.get_by_role("button", name="See the scores")
    assert see.count() == 1 and see.is_visible()
    assert see.locator(".see-short").inner_text() == "↓ Scores"   # what shows on a phone
    assert see.locator(".see-long").bounding_box()["width"] <= 1  # its words for assistive technology
    box = see.bounding_box()
    assert box["height"] >= 44 and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    if game == "altiplano":
        assert page.locator("#result").bounding_box()["y"] > 2000   # far below the bar
        assert page.locator(".turnbar").bounding_box()["height"] <= 64
    assert page.evaluate("() => { const s = document.querySelector('#status');"
                         " return s.scrollHeight <= s.clientHeight + 1; }")  # the result line whole
    see.click()
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'result'")
    top = page.locator("#result").bounding_box()["y"]
    assert 0 <= top <= 120, top
    assert page.evaluate(SEEN, "#result h2") and page.evaluate(SEEN, "#status")
    totals = page.evaluate(TOTALS_SEEN)
    assert len(totals) == players and all(totals), totals


def test_see_the_scores_is_for_games_over_and_one_column_only(open_app):
    """During play there is no "See the scores"; on a 1280×800 desktop the end panel sits beside
    the board under the status, so the bar offers none there either."""
    page = open_app("?game=altiplano&new=1&seed=3&players=2", touch=True)
    reveal_if_asked(page)
    assert page.locator("#see-scores").count() == 1 and page.locator("#see-scores").is_hidden()
    for game in ("altiplano", "alto", "altitude"):
        page = _open(open_app, game, _played(MODULES[game], 2, 3), touch=False, viewport=DESKTOP)
        page.wait_for_selector("#status.over", state="attached")
        assert page.locator("#result").is_visible() and page.locator("#see-scores").is_hidden(), game
        assert page.evaluate(SEEN, "#result h2"), game


def _village_storage(state, moves) -> bool:
    return state.phase == "actions" and len([m for m in moves if m.startswith("village:")]) > 1


@pytest.mark.parametrize("touch", [False, True])
def test_a_click_on_the_ready_badge_opens_the_villages_row_choice(open_app, touch):
    """New-user run: the Village's READY storage took no click on its badge; only the card's
    body opened the choice of warehouse rows. A real click at the badge's centre opens it."""
    state = _played(altiplano, 2, 2, stop=_village_storage)
    runs = {m for m in map(str, altiplano.legal_moves(state)) if m.startswith("village:")}
    assert len(runs) > 1
    page = _open(open_app, "altiplano", state, touch=touch, viewport=None if touch else DESKTOP)
    reveal_if_asked(page)
    card = page.locator('#board [data-part="card:village"]')
    card.scroll_into_view_if_needed()
    badge = card.locator("text", has_text="READY")
    assert badge.count() == 1
    assert badge.evaluate("t => t.closest('[data-cell]').dataset.cell") == "ready:village"
    b = badge.bounding_box()
    if touch:
        page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    else:
        page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    page.wait_for_selector('#board [data-cell^="choice:"][data-move]', state="attached")
    offered = set(page.locator('#board [data-cell^="choice:"][data-move]').evaluate_all(
        "els => els.map(e => e.dataset.move)"))
    assert offered == runs


def test_the_phone_ring_names_every_neighbour_pair_after_an_arrow_inside_its_tile(open_app):
    """New-user run: on a phone the Mine's and the Market's neighbours lacked the "↔" the other
    locations showed (seed 6 deals the Mine between the Forest and the Harbor). Every tile's
    line starts with it and stays inside the tile."""
    page = open_app("?game=altiplano&new=1&seed=6&players=2", touch=True)
    lines = page.evaluate("""() => [...document.querySelectorAll('#board [data-cell^="loc:"]')].map(g => {
      const tile = g.querySelector('rect.tile').getBoundingClientRect();
      const t = [...g.querySelectorAll('text')].find(t => t.textContent.includes(' \u00b7 '));
      const r = t.getBoundingClientRect();
      return [g.dataset.cell, t.textContent, r.left >= tile.left && r.right <= tile.right - 2];
    })""")
    assert len(lines) == 7
    assert all(text.startswith("\u2194 ") and inside for _cell, text, inside in lines), lines
    assert ["loc:mine", "\u2194 Forest \u00b7 Harbor", True] in lines


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_how_to_play_never_sits_alone_on_a_line_of_a_game_card(open_app, viewport):
    """New-user run: every start-page card's "How to play" wrapped alone onto a line of its own
    (centred under Play and Guided first game). Play fills the first line; the guided game and
    How to play share the second."""
    page = open_app("")
    page.set_viewport_size(viewport)
    rows = page.evaluate("""() => [...document.querySelectorAll('#landing .game-card .actions')].map(a => {
      const card = a.getBoundingClientRect();
      return [...a.children].map(c => { const r = c.getBoundingClientRect();
        return [c.textContent.trim(), Math.round(r.top), r.left >= card.left - 1 && r.right <= card.right + 1]; });
    })""")
    assert len(rows) == 3
    for row in rows:
        tops = {text: top for text, top, _inside in row}
        assert list(tops) == ["Play", "Guided first game", "How to play"], row
        assert tops["How to play"] == tops["Guided first game"] > tops["Play"], row
        assert all(inside for _t, _top, inside in row), row


def test_the_side_panel_with_the_legend_open_fits_the_window(open_app):
    """New-user run: Altiplano at 1280×800 with the Legend open: the side panel, which scrolls
    on its own, ran past the window's bottom, so its last lines could not be read. Scrolled to
    its end at the top of the page, the panel and the Legend's last line are inside the window."""
    page = open_app("?game=altiplano&new=1&seed=5&players=2")
    page.set_viewport_size(DESKTOP)
    reveal_if_asked(page)
    page.locator("#legend summary").click()
    page.evaluate("() => { scrollTo(0, 0); const s = document.querySelector('.side'); s.scrollTop = s.scrollHeight; }")
    page.wait_for_function("() => document.querySelector('.side').scrollTop > 0")
    got = page.evaluate("""() => { const s = document.querySelector('.side').getBoundingClientRect();
      const items = document.querySelectorAll('#legend li');
      const last = items[items.length - 1].getBoundingClientRect();
      return [scrollY, s.bottom, last.bottom, innerHeight]; }""")
    scroll_y, side_bottom, last_bottom, height = got
    assert scroll_y == 0 and side_bottom <= height and last_bottom <= height, got
    # the page scrolled down the tall board: the panel stays whole in the window
    page.evaluate("scrollTo(0, 700)")
    page.wait_for_function("scrollY >= 600")
    box = page.locator(".side").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
