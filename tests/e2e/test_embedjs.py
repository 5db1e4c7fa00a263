"""``static/embed.js`` end to end (issue 21): ``<altibox-board>`` elements in a page of another site.

The host pages come from ``localhost`` and load ``embed.js`` from the app at ``127.0.0.1`` (another
site, as in tests/e2e/test_frames.py). Every board of a page is drawn in its element's open shadow
root by one Python in one worker; Playwright's CSS locators pierce open shadow roots, so the board
hooks of DESIGN.md §3 are found inside each element. The page records every ``altibox:*`` event.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from altibox import altiplano, altitude, alto

from .driver import BOOT_TIMEOUT_MS, NO_BACKGROUND_WORK, FrameGuard, click_alto, click_altiplano

SEED = 3
ROOT = Path(__file__).resolve().parents[2]
EVENTS = ("ready", "move", "solved", "error")
RECORDER = ("<script>window.ev = []; for (const t of %s) document.addEventListener('altibox:' + t, "
            "(e) => ev.push([t, e.target.id, e.detail]));</script>" % json.dumps(list(EVENTS)))


@pytest.fixture
def boards_page(browser, base_url_app, host):
    """``boards_page(body, viewport=(1280, 800), head="") -> (page, guard)``: a host page on
    ``localhost`` with ``embed.js`` from the app and ``body`` (the elements), loaded; requests may
    go to the two servers only, console and page errors fail the test; ``altibox:settings`` in the
    host page's storage turns the memory snapshot off (tests/bench_embed.py measures it)."""
    app_origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url_app))
    opened = []

    def _open(body: str, viewport=(1280, 800), head: str = ""):
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        guard = FrameGuard(app_origin, host.origin)
        context.on("request", guard.on_request)
        context.add_init_script(NO_BACKGROUND_WORK)  # no snapshot made after the boards are ready
        opened.append((context, guard))
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_pageerror)
        url = host.page(f"boards{len(opened)}.html", f"""<!doctype html><html lang="en"><meta charset="utf-8">
<link rel="icon" href="data:,">{head}<title>A lesson</title>{RECORDER}
<script src="{html.escape(base_url_app)}static/embed.js"></script>
<main style="max-width: 760px; margin: 0 auto"><h1>How to play</h1>{body}</main>""")
        page.goto(url)
        return page, guard

    yield _open
    for context, _guard in opened:
        context.close()
    for _context, guard in opened:
        guard.check()


def events(page, kind: str | None = None) -> list:
    return [e for e in page.evaluate("ev") if kind is None or e[0] == kind]


def wait_events(page, kind: str, n: int) -> list:
    page.wait_for_function("([k, n]) => ev.filter(e => e[0] === k).length >= n", arg=[kind, n])
    return events(page, kind)


def board(page, el_id: str):
    return page.locator(f"#{el_id} #board")


def fits(page, el_id: str) -> None:
    """The board is drawn at its element's width: nothing wider than it, no inner element that
    scrolls (overflow auto/scroll with more content than room)."""
    got = page.evaluate("""id => { const el = document.getElementById(id);
      const svg = el.shadowRoot.querySelector('#board svg').getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return [box.width, svg.width, svg.left - box.left, el.scrollWidth <= el.clientWidth,
              [...el.shadowRoot.querySelectorAll('*')].every((n) => { const st = getComputedStyle(n);
                const scrolls = /auto|scroll/.test(st.overflowX + st.overflowY);
                return !scrolls || (n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1); })]; }""",
                        el_id)
    width, svg_width, left, no_overflow, no_inner_scroll = got
    assert 0 < svg_width <= width + 0.5 and left >= 0 and no_overflow and no_inner_scroll, got


def test_one_board_shows_a_picture_at_once_then_its_position_and_answers_clicks(boards_page):
    pos = alto.to_position(alto.new_game(seed=SEED))
    page, guard = boards_page(f'<altibox-board id="a" game="alto" pos="{html.escape(pos)}" '
                              f'caption="Place your first disc" class="wide" data-n="1"></altibox-board>')
    # before Python: a drawing of the game, its caption and "loading", in the element's shadow root
    loading = page.locator("#a .first .loading")
    if not events(page):
        assert "Alto" in loading.inner_text() and "loading" in loading.inner_text()
        assert page.locator("#a .first svg").count() == 1
        assert page.locator("#a .first .wcaption").inner_text() == "Place your first disc"
    assert wait_events(page, "ready", 1) == [["ready", "a", {}]]
    assert board(page, "a").get_attribute("data-position") == pos
    assert page.locator("#a .wcaption").inner_text() == "Place your first disc"
    assert page.locator("#a #status").get_attribute("data-turn") == "0"
    fits(page, "a")
    click_alto(page.locator("#a"), "@b2")
    after = alto.apply(alto.new_game(seed=SEED), "@b2")
    assert wait_events(page, "move", 1) == [["move", "a", {"ply": 1, "move": "@b2",
                                                           "position": alto.to_position(after)}]]
    assert board(page, "a").get_attribute("data-position") == alto.to_position(after)
    # the keyboard: an arrow moves the focus to the next cell, Enter places White's disc there
    page.locator('#a [data-cell="a1"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.getElementById('a').shadowRoot.activeElement.dataset.cell") == "b1"
    page.keyboard.press("Enter")
    after = alto.apply(after, "@b1")
    assert wait_events(page, "move", 2)[1] == ["move", "a", {"ply": 2, "move": "@b1",
                                                             "position": alto.to_position(after)}]
    # one Python for the page, loaded from our site: the runtime was fetched once
    assert sum(u.endswith("pyodide.asm.wasm") for u in guard.requested) == 1
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page, "a")
    assert events(page, "error") == []


def alto_lesson() -> str:
    """A lesson link (``z:``) of two of our Alto scenes: a move, then the placement."""
    from web.links import lessons
    raw = {s["id"]: s for s in json.loads((ROOT / "py/altibox/alto/scenes.json").read_text())["scenes"]}
    return lessons.encode({"schema": 1, "game": "alto", "title": "Moves",
                           "scenes": [raw["move-and-flip"], raw["placement"]]})


FOUR = f"""<altibox-board id="alto" game="alto" seed="{SEED}"></altibox-board><p>Altitude:</p>
<altibox-board id="altitude" game="altitude" seed="5" players="2"></altibox-board><p>Altiplano:</p>
<altibox-board id="altiplano" game="altiplano" seed="4" players="2"></altibox-board><p>An example:</p>
<altibox-board id="scene" game="alto" lesson="{alto_lesson()}" theme="dark"></altibox-board>"""


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)])
def test_four_boards_share_one_python_each_plays_and_the_scene_is_solved(boards_page, viewport):
    page, guard = boards_page(FOUR, viewport)
    # every board starts: the ones below the fold when they come near the viewport
    for el in ("alto", "altitude", "altiplano", "scene"):
        page.locator(f"#{el}").scroll_into_view_if_needed()
        # opened before the next scroll: four scrolls in one frame would show the observer only the last
        page.wait_for_function("id => document.getElementById(id)._opened === true", arg=el)
    ready = wait_events(page, "ready", 4)
    assert sorted(e[1] for e in ready) == ["altiplano", "altitude", "alto", "scene"]
    assert sum(u.endswith("pyodide.asm.wasm") for u in guard.requested) == 1  # one runtime, not four
    assert board(page, "alto").get_attribute("data-position") == alto.to_position(alto.new_game(seed=SEED))
    tstate = altitude.new_game(seed=5, players=2)
    assert board(page, "altitude").get_attribute("data-position") == altitude.public_position(tstate)
    pstate = altiplano.new_game(seed=4, players=2)
    assert board(page, "altiplano").get_attribute("data-position") == altiplano.public_position(pstate)
    assert page.locator("#scene .widget").get_attribute("class") == "widget theme-dark"
    for el in ("alto", "altitude", "altiplano", "scene"):
        fits(page, el)
    # a click on each
    click_alto(page.locator("#alto"), "@a1")
    card = sorted(tstate.hands[0])[0]
    page.locator(f'#altitude [data-cell="hand:{card}"]').click()
    target = page.locator("#altitude #board [data-move]").first
    move = target.get_attribute("data-move")
    target.click()
    pmove = str(altiplano.legal_moves(pstate)[0])
    click_altiplano(page.locator("#altiplano"), pstate, pmove)
    page.locator('#scene [data-cell="a3"]').click()
    page.locator('#scene [data-move="a3b2"]').click()
    moves = {e[1]: e[2] for e in wait_events(page, "move", 4)}
    assert moves["alto"] == {"ply": 1, "move": "@a1",
                             "position": alto.to_position(alto.apply(alto.new_game(seed=SEED), "@a1"))}
    assert moves["altitude"] == {"ply": 1, "move": move, "position": None}  # hidden cards: no position
    assert moves["altiplano"] == {"ply": 1, "move": pmove, "position": None}
    assert moves["scene"]["move"] == "a3b2" and moves["scene"]["position"] == \
        board(page, "scene").get_attribute("data-position")
    assert wait_events(page, "solved", 1) == [["solved", "scene", {"scene": "move-and-flip", "index": 0}]]
    page.locator('#scene [data-action="next-scene"]').click()  # the lesson's second scene
    page.locator('#scene [data-move="@c3"]').click()
    assert wait_events(page, "solved", 2)[1] == ["solved", "scene", {"scene": "placement", "index": 1}]
    assert board(page, "altitude").get_attribute("data-ply") == "1"
    assert board(page, "altiplano").get_attribute("data-position") == \
        altiplano.public_position(altiplano.apply(pstate, pmove))


def test_a_bad_attribute_gives_an_error_event_and_a_message_in_place_of_the_board(boards_page):
    page, _guard = boards_page('<altibox-board id="bad" game="alto" theme="purple" colour="red"></altibox-board>'
                               '<altibox-board id="nogame" game="chess"></altibox-board>')
    logged = []
    page.on("console", lambda m: logged.append(m.text))
    errors = wait_events(page, "error", 2)
    assert ["error", "bad", {"message": "theme= must be light or dark"}] in errors
    assert any(e[1] == "nogame" and "there is no game by that name" in e[2]["message"] for e in errors)
    assert page.locator("#bad .embed-error").inner_text().startswith("This board cannot be shown")
    assert 'theme="purple"' in page.locator("#bad .bad-text").inner_text()
    assert page.locator("#bad #board").count() == 0 and events(page, "ready") == []
    # the unknown attribute name is said in one quiet line under the board, not only in the console
    assert page.locator("#bad .param-note").inner_text() == "altibox-board: unknown attribute colour"


def test_where_the_pages_csp_forbids_workers_each_board_is_a_frame_that_still_sends_events(boards_page):
    """The fallback: one ``<iframe>`` of ``?embed=1`` per board; its events come by postMessage
    (after embed.js's hello, to the host page's origin only) and are the same as in a shadow root."""
    pos = alto.to_position(alto.new_game(seed=SEED))
    page, guard = boards_page(f'<altibox-board id="a" game="alto" pos="{html.escape(pos)}"></altibox-board>'
                              '<altibox-board id="s" game="alto" scene="move-and-flip"></altibox-board>',
                              head="""<meta http-equiv="Content-Security-Policy" content="worker-src 'none'">""")
    ready = wait_events(page, "ready", 2)
    assert sorted(e[1] for e in ready) == ["a", "s"]
    assert page.evaluate("AltiboxEmbed.status()[0].boot") == "frames"
    frame = page.locator("#a iframe").content_frame
    assert frame.locator("#board").get_attribute("data-position") == pos
    click_alto(frame, "@c3")
    after = alto.apply(alto.new_game(seed=SEED), "@c3")
    assert wait_events(page, "move", 1) == [["move", "a", {"ply": 1, "move": "@c3",
                                                           "position": alto.to_position(after)}]]
    scene = page.locator("#s iframe").content_frame
    scene.locator('[data-cell="a3"]').click()
    scene.locator('[data-move="a3b2"]').click()
    assert wait_events(page, "solved", 1) == [["solved", "s", {"scene": "move-and-flip", "index": 0}]]
    # the browser's own report of the refused worker is expected here, nothing else
    guard.errors = [e for e in guard.errors if "Content Security Policy" not in e]
