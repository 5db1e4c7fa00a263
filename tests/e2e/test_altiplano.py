"""Altiplano end to end: games played only by clicks on the DOM hooks of DESIGN §3.

The page is driven by clicking ``[data-action="reveal"]``, ``#confirm``, ``[data-cell]`` and
``[data-move]`` only. The moves are the engine's legal moves, chosen with a fixed RNG
(``altiplano_support.choose``); each is mapped to the DOM targets that play it (a direct
``data-move``, or a selected cell first: a good on a planning space, the coin pile, a location
with two ways there, a run with several variants, a Market good with several deals, a good of
final storage). The test keeps the engine state itself and checks the page against it after
every ply (``data-ply``, ``data-position``), and at every privacy screen and turn that nothing
hidden (spec §19) is anywhere in the DOM: no other seat's placements of the current Planning
phase (their notation or words), no face-down extension and no removed order, no seed.
"""

from __future__ import annotations

import random

import pytest

from altibox import altiplano as A
from altibox.altiplano import words as W
from altibox.altiplano.render import _house, _planning_list

from .driver import BOOT_TIMEOUT_MS, check_hidden, choose, click_altiplano, put_save, saved_record, wait_hint, wait_ply

CLICK_TIMEOUT_MS = 20_000  # a click's render takes well under a second even on a loaded machine
DOUBLE_CLICK_GAP_MS = 600  # longer than Chromium's double-click time (500 ms)
NAMES = ["Anna", "Tim", "Bo", "Chiara", "Kofi"]

def start(open_app, players: int, seed: int, viewport=None, names=True):
    query = f"?game=altiplano&new=1&seed={seed}&players={players}"
    page = open_app(query)
    if viewport:
        page.set_viewport_size(viewport)
    page.wait_for_selector('#board[data-ply="0"]', state="attached")
    if names:
        rec = saved_record(page, "altiplano")
        rec["meta"]["names"] = NAMES[:players]
        put_save(page, "altiplano", rec)
        page.reload()
        page.wait_for_selector("html.ready", state="attached")
        page.wait_for_selector('#board[data-ply="0"]', state="attached")
    page.set_default_timeout(CLICK_TIMEOUT_MS)
    return page


def play(page, states, rng, names, stop=lambda s: False, check_every=1, reloads=()):
    """Play on from ``states[-1]`` (shown; ``states`` from the start) until the game ends or
    ``stop(state)``; appends to ``states``. ``reloads``: phases in which to reload once
    (mid-phase), checking that the game resumes where it was."""
    todo = set(reloads)
    checks = 0
    while not A.is_over(states[-1]) and not stop(states[-1]):
        state = states[-1]
        ply = len(states) - 1
        if page.locator("#confirm").is_visible():
            check_hidden(page, states, None, names)
            page.locator("#confirm").click()
            continue
        if page.locator("#privacy").is_visible():
            assert page.locator("#status").inner_text().startswith("Pass the device to")
            check_hidden(page, states, None, names)
            page.locator('[data-action="reveal"]').click()
        if checks % check_every == 0 or state.phase == "planning":
            check_hidden(page, states, state.current, names)
        checks += 1
        if state.phase in todo and ply > 0 and state.moves[-1] not in ("draw", "done"):
            todo.discard(state.phase)
            reload_resumes(page, state, ply)
            continue
        move = str(choose(rng, state, 0.1))
        click_altiplano(page, state, move)
        wait_ply(page, ply + 1)
        states.append(A.apply(state, move))
        assert page.locator("#board").get_attribute("data-position") == A.public_position(states[-1])
    assert not todo, f"no reload happened in {todo}"
    return states[-1]


BOARD_DOM = """(() => {
  const svg = document.querySelector('#board svg').cloneNode(true);
  svg.removeAttribute('data-drawn');
  svg.querySelectorAll('.focus').forEach(e => e.remove());  // the keyboard focus outline
  return svg.outerHTML;
})()"""


def reload_resumes(page, state, ply: int) -> None:
    """Reload: the same game at the same ply; mid-planning behind the privacy screen. Mid-
    actions, the board the page patched click after click (web.dom.patch) is the board drawn whole
    after the reload, element for element."""
    patched = page.evaluate(BOARD_DOM)
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_ply(page, ply)
    assert page.locator("#board").get_attribute("data-position") == A.public_position(state)
    if state.phase != "planning":  # (mid-planning the reload brings the privacy screen back)
        assert page.evaluate(BOARD_DOM) == patched
    if state.phase == "planning":
        assert page.locator("#privacy").is_visible()
        assert page.locator("#status").inner_text().startswith("Pass the device to")
    else:
        assert not page.locator("#privacy").is_visible()


def test_a_whole_two_player_game_by_clicks_to_the_score_pad(open_app):
    seed = 20261201
    page = start(open_app, 2, seed)
    names = NAMES[:2]
    states = [A.new_game(seed=seed, players=2)]
    rng = random.Random(7)
    banner = page.locator("#banner")
    assert banner.inner_text().startswith("Round 1 · Draw")
    state = play(page, states, rng, names, check_every=3, reloads=("planning", "actions"))
    out = A.outcome(state)
    assert out is not None
    # the scoring pad: one column per player, one row per category, totals = the engine's
    totals = page.locator("#scores [data-player][data-score]")
    assert [int(totals.nth(i).get_attribute("data-score")) for i in range(2)] == list(out.scores)
    heads = page.locator("#scores thead th").all_inner_texts()
    assert heads[1:] == names
    rows = page.locator("#scores tbody th[scope=row]").all_inner_texts()
    assert rows == [p["label"] for p in W.scoreboard(state)[0]["parts"]]
    coins = page.locator("#scores [data-coins]")
    assert [int(coins.nth(i).get_attribute("data-coins")) for i in range(2)] == \
        [b["coins"] for b in out.breakdown]
    status = page.locator("#status")
    assert status.get_attribute("data-winners") == ",".join(map(str, out.winners))
    assert status.get_attribute("data-reason") == out.reason
    # the end panel: why the game ended; who won only where the headline does not say it
    panel = page.locator("#result").inner_text()
    assert A.end_reason(state, names) in panel
    assert (W.explain(state, out, names) in panel) == (out.reason != "score")
    assert banner.inner_text().startswith("Game over")
    log = page.locator("#log li[data-move]")
    assert log.count() == len(state.moves)
    assert log.evaluate_all("els => els.map(e => e.dataset.move)") == list(state.moves)


def no_page_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_five_players_two_rounds_first_on_a_phone_then_on_a_desktop(open_app):
    seed = 5150
    page = start(open_app, 5, seed, viewport={"width": 390, "height": 844}, names=False)
    states = [A.new_game(seed=seed, players=5)]
    names = [A.seat_name(states[0], i) for i in range(5)]
    rng = random.Random(11)
    # the phone layout: the 360-wide board, no sideways scroll, the turn bar on screen (the page
    # redraws on the media query's change event, after set_viewport_size has returned)
    page.wait_for_selector("#board svg.narrow", state="attached")
    assert page.locator("#board svg").count() == 1
    assert no_page_scroll(page)
    play(page, states, rng, names, stop=lambda s: s.round == 1 and s.phase == "planning", check_every=3)
    assert page.locator("#privacy").is_visible() or page.locator("#confirm").is_visible()
    bar = page.locator(".turnbar").bounding_box()
    assert bar is not None and 0 <= bar["y"] and bar["y"] + bar["height"] <= 844 + 1
    play(page, states, rng, names, stop=lambda s: s.round == 2, check_every=3)
    assert no_page_scroll(page)
    assert page.locator("#banner").inner_text().startswith("Round 2 · Draw")
    # round 2 at desktop size: the wide board
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_selector("#board svg:not(.narrow)", state="attached")
    play(page, states, rng, names, stop=lambda s: s.round == 3, check_every=3)
    assert no_page_scroll(page)
    assert len(states) > 60
    log = page.locator("#log li[data-move]").evaluate_all("els => els.map(e => e.dataset.move)")
    assert log == list(states[-1].moves)  # every plan of rounds 1-2 is public once Actions began


def test_drag_and_drop_why_not_and_the_keyboard(open_app):
    seed = 777
    page = start(open_app, 2, seed, names=False)
    state = A.new_game(seed=seed, players=2)
    states = [state]
    # both draw, the device passing between them (a pass screen, never End turn); the last
    # draw hands over to the first planner: the pass screen at once (issue 22)
    for k in range(2):
        if k:
            page.locator('[data-action="reveal"]').click()
        page.locator('#board [data-move="draw"]').first.click()
        states.append(A.apply(states[-1], "draw"))
        wait_ply(page, len(states) - 1)
        assert page.locator("#privacy").is_visible() and not page.locator("#confirm").is_visible()
    # a click on the board behind the privacy screen says what to do
    page.locator('#board [data-cell="loc:farm"]').first.click()
    me = states[-1].current
    hint = page.locator("#hint")
    assert hint.is_visible() and "Pass the device to" in hint.inner_text()
    page.locator('[data-action="reveal"]').click()
    assert not hint.is_visible()
    # a click that cannot act: a location in the Planning phase
    page.locator('#board [data-cell="loc:farm"]').first.click()
    assert hint.inner_text() == W.why_not(A.view(states[-1], me), "loc:farm")
    # drag a good from planning space 1 onto an action space that takes it
    view = A.view(states[-1], me)
    plan = _planning_list(view["seats"][me], _house(view))
    good = plan[0]
    move = next(m for m in view["legal_moves"] if m.startswith(good + ">"))
    sid = move.split(">", 1)[1]
    src = page.locator(f'#board [data-cell="plan:1"]')
    src.scroll_into_view_if_needed()
    a = src.bounding_box()
    b = page.locator(f'#board [data-cell="src:{sid}"]').bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    for k in range(1, 9):
        page.mouse.move(a["x"] + a["width"] / 2 + (b["x"] + 12 - a["x"] - a["width"] / 2) * k / 8,
                        a["y"] + a["height"] / 2 + (b["y"] + 12 - a["y"] - a["height"] / 2) * k / 8)
    page.mouse.up()
    states.append(A.apply(states[-1], move))
    wait_ply(page, len(states) - 1)
    assert page.locator("#log li[data-move]").last.get_attribute("data-move") == "plan"
    # the keyboard: Enter on a good selects it, Enter on a lit action space places it
    view = A.view(states[-1], me)
    plan = _planning_list(view["seats"][me], _house(view))
    k, good = next((k, g) for k, g in enumerate(plan, 1) if g is not None)  # space 1 emptied
    assert plan[0] is None  # the dragged good left the space it was dragged from
    move = next(m for m in view["legal_moves"] if m.startswith(good + ">"))
    page.locator(f'#board [data-cell="plan:{k}"]').focus()
    page.keyboard.press("Enter")
    target = page.locator(f'#board [data-move="{move}"]')
    assert target.count() >= 1
    target.first.focus()
    page.keyboard.press("Enter")
    states.append(A.apply(states[-1], move))
    wait_ply(page, len(states) - 1)
    assert page.locator("#board").get_attribute("data-position") == A.public_position(states[-1])
    # the log keeps both placements secret; the announcement told the planner what happened
    assert page.locator("#announce").inner_text().startswith(A.seat_name(states[-1], me))


def test_a_good_dragged_by_touch_on_a_phone(open_app):
    """Touch drag and drop on a 390 x 844 touch screen (real touch input through the DevTools
    protocol, so the browser's own panning rules apply): a finger that starts on a good moves
    the good, it does not scroll the page."""
    seed = 777
    page = open_app(f"?game=altiplano&new=1&seed={seed}&players=2", touch=True)
    page.wait_for_selector('#board[data-ply="0"]', state="attached")
    page.set_default_timeout(CLICK_TIMEOUT_MS)
    states = [A.new_game(seed=seed, players=2)]
    for k in range(2):
        # two taps on the same spot within the double-tap time make a double click, whose
        # second click never plays for the next player (test_a_double_click_on_draw_draws_once)
        page.wait_for_timeout(DOUBLE_CLICK_GAP_MS)
        if k:
            page.locator('[data-action="reveal"]').tap()  # the second drawer takes the device
        page.locator('#board [data-move="draw"]').first.tap()
        states.append(A.apply(states[-1], "draw"))
        wait_ply(page, len(states) - 1)
    page.locator('[data-action="reveal"]').tap()  # no End turn: the pass screen at once
    me = states[-1].current
    view = A.view(states[-1], me)
    good = _planning_list(view["seats"][me], _house(view))[0]
    src = page.locator('#board [data-cell="plan:1"]')
    src.evaluate("el => el.scrollIntoView({block: 'start', behavior: 'instant'})")
    page.evaluate("window.scrollBy({top: -60, behavior: 'instant'})")
    a = src.bounding_box()
    height = page.viewport_size["height"]
    bar = page.locator("#status").bounding_box()["y"]  # the turn bar at the bottom of the phone
    targets = []
    for move in view["legal_moves"]:
        if move.startswith(good + ">"):
            box = page.locator(f'#board [data-cell="src:{move.split(">", 1)[1]}"]').first.bounding_box()
            if box and 0 < box["y"] and box["y"] + box["height"] < min(bar, height) - 4:
                targets.append((box["y"], move, box))
    assert targets, "an action space for the good is on the screen"
    _, move, b = min(targets)
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    scroll = page.evaluate("window.scrollY")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * k / 10, "y": y0 + (y1 - y0) * k / 10}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    states.append(A.apply(states[-1], move))
    wait_ply(page, len(states) - 1)
    assert page.evaluate("window.scrollY") == scroll  # the page did not pan under the finger
    assert page.locator("#board").get_attribute("data-position") == A.public_position(states[-1])
    assert page.locator("#log li[data-move]").last.get_attribute("data-move") == "plan"


@pytest.mark.parametrize("players", [2, 3])
def test_a_double_click_on_draw_draws_once(open_app, players):
    """A double click on Draw draws for the player to act, not also for the next player, whose
    Draw button appears under the pointer once the turn passed (in round 2 and later that player
    could first take goods back from the action spaces). The next single click acts normally.
    The second click says it was a double click, never "Pass the device to …" (new-user run, a
    game of two people: that refusal is for a click of its own)."""
    seed = 777
    page = start(open_app, players, seed, names=False)
    states = [A.new_game(seed=seed, players=players)]
    draw = page.locator('#board [data-move="draw"]').first
    draw.dblclick()
    states.append(A.apply(states[-1], "draw"))
    wait_ply(page, 1)
    # the second click was handled, and refused as a double click (the device now passes to
    # the next drawer, issue 22)
    wait_hint(page, "double click")
    board = page.locator("#board")
    assert board.get_attribute("data-ply") == "1"
    assert board.get_attribute("data-position") == A.public_position(states[-1])
    assert states[-1].phase == "draw" and states[-1].current != states[0].current
    assert page.locator("#status").get_attribute("data-turn") == str(states[-1].current)
    assert page.locator("#log li[data-move]").count() == 1
    why = page.locator("#hint").inner_text()  # why nothing happened
    assert why == ("That was a double click, so it acted once: the first click played, the "
                   "second did nothing."), why
    assert page.locator("#privacy").is_visible()
    # the next player takes the device; their own single click on Draw draws for them
    page.wait_for_timeout(DOUBLE_CLICK_GAP_MS)
    page.locator('[data-action="reveal"]').click()
    page.locator('#board [data-move="draw"]').first.click()
    states.append(A.apply(states[-1], "draw"))
    wait_ply(page, 2)
    assert board.get_attribute("data-position") == A.public_position(states[-1])


def test_a_game_on_an_older_house_set_says_so_and_keeps_it(open_app):
    """Issue 18: a linked or saved game keeps the house set it names, and the banner says which
    (new-user run: only the save knew). New games' version says nothing."""
    page = open_app("?game=altiplano&new=1&seed=5&players=2&house_set=house_set_12")
    page.set_default_timeout(CLICK_TIMEOUT_MS)
    note = "This game keeps house set version 12 (new games use 13)."
    assert W.house_set_note({"house_set": "house_set_12"}) == note
    banner_ends = "n => { const b = document.querySelector('#banner'); return !!b && b.textContent.trim().endsWith(n); }"
    page.wait_for_function(banner_ends, arg=note)
    assert saved_record(page, "altiplano")["options"] == {"house_set": "house_set_12"}
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    page.wait_for_function(banner_ends, arg=note)
    fresh = start(open_app, 2, 5, names=False)
    fresh.wait_for_function(banner_ends, arg="start player: Player 1")
    assert "house set" not in fresh.locator("#banner").inner_text()
    assert saved_record(fresh, "altiplano")["options"] == {"house_set": "house_set_13"}


def _plan_beyond_the_pawn():
    """A 2-player game in round 2's Planning phase whose player to plan has put goods on two
    sources at two locations away from the pawn, nothing on Movement: Done planning asks first
    (``words.plan_reach``). As tests/unit/test_player_aid.py finds one."""
    for seed in range(5, 40):
        s, rng = A.new_game(seed=seed, players=2), random.Random(seed)
        while not (s.round >= 2 and s.phase == "planning"):
            s = A.apply(s, str(choose(rng, s, 0.2)))
        me = s.current
        seat = A.view(s, me)["seats"][me]
        if seat["pawn"] is None or seat["sources"]:
            continue
        locs: set[str] = set()
        for _ in range(2):
            for m in map(str, A.legal_moves(s)):
                if ">" not in m or m.startswith("coin") or m.endswith(">move"):
                    continue
                sid = m.split(">")[1]
                loc = s._S[sid].loc
                if loc and loc != seat["pawn"] and loc not in locs:
                    s = A.apply(s, m)
                    locs.add(loc)
                    break
        if len(locs) == 2 and W.plan_reach(A.view(s, me)):
            return s
    raise AssertionError("no round-2 plan with two locations away from the pawn in seeds 5-39")


def test_a_double_click_on_done_planning_keeps_the_warning_in_view(open_app):
    """New-user run: a plan needing the pawn in more places than it can reach; the first click
    on Done planning warns, the second of a double click does not confirm, and its words
    ("read the words above") came alone, the warning gone. Both now show, in the window."""
    s = _plan_beyond_the_pawn()
    warning = W.plan_reach(A.view(s, s.current))
    page = open_app("?")
    page.set_viewport_size({"width": 1280, "height": 800})
    put_save(page, "altiplano", A.to_record(s))
    page.goto(page.url.split("?")[0] + "?game=altiplano")
    page.wait_for_selector(f'#board[data-ply="{len(s.moves)}"]', state="attached")
    if page.locator('[data-action="reveal"]').is_visible():
        page.locator('[data-action="reveal"]').click()
    page.locator('#board [data-move="done"]').first.dblclick()
    wait_hint(page, "did not confirm")
    hint = page.locator("#hint")
    text = hint.inner_text()
    assert warning in text and text.endswith(
        "That was a double click, so it did not confirm: read the words above, then click once more to confirm."), text
    # the warning comes first, on its own line(s), and the whole hint is in the window
    assert text.index(warning) < text.index("That was a double click")
    hint.scroll_into_view_if_needed()
    box = hint.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    assert page.locator("#board").get_attribute("data-ply") == str(len(s.moves))  # nothing confirmed
