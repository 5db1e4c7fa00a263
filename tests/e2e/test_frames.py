"""Every page boots inside an iframe of another site (issue 11): cross-site, sandboxed, srcdoc.

The app is served at ``127.0.0.1`` (conftest's server); the host pages that frame it come from a
second tiny server addressed as ``localhost``, another *site*, so the frame is third-party (not
only cross-origin). Two browsers, two storage policies, both real, none simulated:

- the session browser (Playwright's Chromium flags, which turn storage partitioning off): a
  third-party frame gets no storage at all (``localStorage`` throws SecurityError, IndexedDB and
  Cache Storage are denied), as for a visitor who blocks third-party cookies;
- :func:`partitioned` (storage partitioning back on, Chrome's default): the frame gets its own
  storage, keyed by the host site, never the player's own saves.

Each test first checks that its frame really has the storage it is meant to have, so a change
of browser defaults cannot silently turn a test into a different one. Requests may go to the two
servers only; console errors and page errors fail the test (as in conftest's ``open_app``).
"""

from __future__ import annotations

import html
import json
import random
import urllib.request
from urllib.parse import urlsplit

import pytest

from altibox import altitude, alto

from .driver import (BOOT_TIMEOUT_MS, IDB_PROBE, STORAGE_PROBE, FrameGuard, altibox_keys,
                     click_alto, click_altitude, hand_cells, notice, origin_of, play_alto, reveal_if_asked,
                     saved_record, wait_ply)

SEED = 11


# ---------------------------------------------------------------- third-party storage blocked

def test_cross_site_frame_with_storage_blocked_plays_alto_and_says_nothing_is_saved(framed, host):
    page, frame = framed(f"?game=alto&new=1&seed={SEED}")
    assert origin_of(page.main_frame) == host.origin and origin_of(frame).startswith("http://127.0.0.1:")
    # the browser itself denies this third-party frame every storage
    assert frame.evaluate(STORAGE_PROBE) == "SecurityError"
    assert frame.evaluate(IDB_PROBE) == "UnknownError"
    html_el = frame.locator("html")
    assert html_el.get_attribute("data-storage") == "denied"  # PyScript's IndexedDB open failed
    assert html_el.get_attribute("data-frame") == ""
    assert html_el.get_attribute("data-boot") == "cold"
    words = notice(frame)
    assert "embedded in another site" in words and "nothing will be saved here" in words
    assert frame.locator("#notice").get_attribute("data-kind") == "storage"
    play_alto(frame, alto.new_game(seed=SEED), 6, random.Random(3))
    assert frame.locator("#log li").count() == 6
    assert frame.locator("#status").get_attribute("data-turn") == "0"  # Red, Red's 4th disc next


def test_cross_site_frame_plays_altitude_reveal_and_a_move(framed):
    seed = 424242
    page, frame = framed(f"?game=altitude&new=1&seed={seed}&players=2")
    assert frame.evaluate(STORAGE_PROBE) == "SecurityError"
    state = altitude.new_game(seed=seed, players=2)
    assert frame.locator("#privacy").is_visible() and hand_cells(frame) == []  # no hand before reveal
    reveal_if_asked(frame)
    assert hand_cells(frame) == sorted(state.hands[0])
    move = str(random.Random(2).choice(altitude.legal_moves(state)))
    click_altitude(frame, move)
    wait_ply(frame, 1)
    state = altitude.apply(state, move)
    assert frame.locator("#board").get_attribute("data-position") == altitude.public_position(state)
    frame.locator("#confirm").click()
    assert frame.locator("#privacy").is_visible() and hand_cells(frame) == []  # passed to seat 1
    assert "nothing will be saved here" in notice(frame)


def test_sandboxed_frame_with_an_opaque_origin_plays(framed):
    page, frame = framed(f"?game=alto&new=1&seed={SEED}", attrs='sandbox="allow-scripts"')
    assert origin_of(frame) == "null"  # module scripts load in CORS mode: serve.py sends ACAO *
    assert frame.evaluate(STORAGE_PROBE) == "SecurityError"
    assert frame.evaluate(IDB_PROBE) == "SecurityError"
    assert frame.locator("html").get_attribute("data-storage") == "denied"
    assert "nothing will be saved here" in notice(frame)
    play_alto(frame, alto.new_game(seed=SEED), 4, random.Random(3))


def test_the_new_game_form_works_in_a_blocked_frame(framed):
    """No save to resume (none can exist): the form, then a game started from it."""
    page, frame = framed("?game=alto")
    assert frame.locator("#setup").is_visible()
    frame.locator('[data-action="start"]').click()
    wait_ply(frame, 0)
    assert frame.locator("#board").get_attribute("data-game") == "alto"


# ---------------------------------------------------------------- the player's own saves

@pytest.mark.parametrize("mode", ["blocked", "partitioned"])
def test_a_framed_game_never_touches_the_players_own_saves(framed, open_app, base_url_app, mode, request):
    """The player's top-level saves (127.0.0.1 opened directly) are neither read nor written."""
    b = request.getfixturevalue("partitioned") if mode == "partitioned" else None
    page, frame = framed(f"?game=alto&new=1&seed={SEED}", browser_=b)
    context = page.context
    top = context.new_page()
    top.set_default_timeout(BOOT_TIMEOUT_MS)
    top.goto(base_url_app + "?game=alto&new=1&seed=5")
    top.wait_for_selector("html.ready", state="attached")
    click_alto(top, str(alto.legal_moves(alto.new_game(seed=5))[0]), 1)
    own = altibox_keys(top)
    assert json.loads(own["altibox:save:alto"])["seed"] == 5
    # the frame plays on; it resumes nothing of the player's game
    expected = "allowed" if mode == "partitioned" else "SecurityError"
    assert frame.evaluate(STORAGE_PROBE) == expected
    play_alto(frame, alto.new_game(seed=SEED), 3, random.Random(3))
    page.reload()
    frame = page.wait_for_selector("iframe").content_frame()
    frame.wait_for_selector("html.ready", state="attached")
    if mode == "partitioned":
        # the frame's own storage (keyed by the host site) kept the framed game, and only it
        saved = saved_record(frame, "alto")
        assert saved["seed"] == SEED and len(saved["moves"]) == 3
        assert notice(frame) == ""
    # the player's own saves: exactly as they were
    top.reload()
    top.wait_for_selector("html.ready", state="attached")
    assert altibox_keys(top) == own
    wait_ply(top, 1)


def test_partitioned_frame_opened_without_new_does_not_resume_the_players_game(framed, partitioned, base_url_app):
    page, frame = framed("?game=alto", browser_=partitioned)
    context = page.context
    top = context.new_page()
    top.set_default_timeout(BOOT_TIMEOUT_MS)
    top.goto(base_url_app + "?game=alto&new=1&seed=5")
    top.wait_for_selector("html.ready", state="attached")
    assert json.loads(altibox_keys(top)["altibox:save:alto"])["seed"] == 5
    page.reload()
    frame = page.wait_for_selector("iframe").content_frame()
    frame.wait_for_selector("html.ready", state="attached")
    assert frame.evaluate(STORAGE_PROBE) == "allowed"
    assert frame.locator("#setup").is_visible()  # the new-game form: the player's save is not seen


# ---------------------------------------------------------------- denied by a script, top level

DENY_IDB = {
    "open-throws": "IDBFactory.prototype.open = no;",  # as in a sandboxed frame
    "getter-throws": "Object.defineProperty(window, 'indexedDB', {get: no, configurable: true});",  # older Firefox
}


@pytest.mark.parametrize("idb", sorted(DENY_IDB))
def test_top_level_page_with_every_storage_denied_boots_and_plays(open_app, idb):
    """localStorage's getter, IndexedDB and caches all throw: PyScript still starts."""
    deny = f"""
      const no = () => {{ throw new DOMException('denied', 'SecurityError'); }};
      Object.defineProperty(window, 'localStorage', {{get: no}});
      Object.defineProperty(window, 'caches', {{get: no}});
      {DENY_IDB[idb]}
    """
    page = open_app(f"?game=alto&new=1&seed={SEED}", init_script=deny)
    assert page.locator("html").get_attribute("data-storage") == "denied"
    assert page.locator("html").get_attribute("data-frame") is None
    assert notice(page) == ("This browser's storage is not available, so this game will not be saved. "
                            "You can keep playing.")
    play_alto(page, alto.new_game(seed=SEED), 3, random.Random(3))


# ---------------------------------------------------------------- srcdoc

def served_index(base_url_app) -> str:
    with urllib.request.urlopen(base_url_app) as r:
        return r.read().decode()


@pytest.mark.parametrize("with_base", [False, True], ids=["copied-page", "with-base"])
def test_srcdoc_frame_says_to_embed_by_address(framed, host, base_url_app, with_base):
    doc = served_index(base_url_app)
    if with_base:  # the page's files then load from the app's server, cross-origin
        doc = doc.replace("<head>", f'<head><base href="{base_url_app}">', 1)
    url = host.page(f"srcdoc-{with_base}.html", '<!doctype html><link rel="icon" href="data:,"><title>host</title>'
                    f'<iframe srcdoc="{html.escape(doc)}" width="900" height="600"></iframe>')
    page, frame = framed(None, page_url=url, allow_404=not with_base)
    assert frame.url == "about:srcdoc"
    message = frame.locator("#srcdoc")
    assert message.is_visible()
    assert "needs its own address" in message.inner_text() and "<iframe src=" in message.inner_text()
    for other in ("#landing", "#setup", "#error", "#play"):  # with or without our stylesheet
        assert frame.locator(other).is_hidden(), other
    frame.wait_for_load_state("load")  # every module script (PyScript's core.js too) has run
    frame.wait_for_load_state("networkidle")  # nothing more is loading: PyScript would have asked for its config
    guard = framed.guards[-1][1]
    if with_base:
        # our files came from the app's site (the start module, the preloaded core.js), yet
        # PyScript never ran: it would have fetched its config for the <script type="py">
        assert any(u.endswith("/static/boot/start.mjs") for u in guard.requested)
        assert any(u.endswith("/static/vendor/pyscript/core.js") for u in guard.requested)
    assert not any("pyscript.toml" in u for u in guard.requested)
    assert frame.locator("html").get_attribute("data-boot") is None


# ---------------------------------------------------------------- the snapshot in frames

def test_two_embeds_in_partitioned_storage_make_one_snapshot_and_then_start_from_it(
        partitioned, base_url_app, host):
    """With storage (partitioned), embeds get the fast start too; two of them on one page make
    one snapshot between them (a Web Lock), not one Python start each; no service worker."""
    app_origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url_app))
    guard = FrameGuard(app_origin, host.origin)
    context = partitioned.new_context(viewport={"width": 1100, "height": 900})
    context.on("request", guard.on_request)
    # two games, so that the frames (one storage partition) do not share a save
    src = [html.escape(base_url_app + q) for q in ("?game=alto&new=1&seed=1", "?game=altitude&new=1&seed=2")]
    url = host.page("two-embeds.html", '<!doctype html><link rel="icon" href="data:,"><title>two</title>'
                    f'<iframe src="{src[0]}"></iframe><iframe src="{src[1]}"></iframe>')
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_pageerror)
        page.goto(url)
        frames = [el.content_frame() for el in page.locator("iframe").element_handles()]
        for frame in frames:
            frame.wait_for_selector("html.ready", state="attached")
            assert frame.evaluate(STORAGE_PROBE) == "allowed" and frame.evaluate("document.documentElement.dataset.boot") == "cold"
        for frame in frames:  # made 2 s after ready and idle, then a whole Python start
            frame.wait_for_selector("html[data-snapshot]", state="attached", timeout=180_000)
        fates = sorted(f.evaluate("document.documentElement.dataset.snapshot") for f in frames)
        assert fates in (["off", "saved"], ["saved", "saved"]), fates
        assert sum(u.endswith("/static/boot/snapshot-worker.mjs") for u in guard.requested) == 1
        assert not any(u.endswith("/sw.js") for u in guard.requested)  # no service worker from a frame
        page.reload()
        frames = [el.content_frame() for el in page.locator("iframe").element_handles()]
        for frame, game in zip(frames, ("alto", "altitude")):
            frame.wait_for_selector("html.ready", state="attached")
            assert frame.evaluate("document.documentElement.dataset.boot") == "snapshot"
            assert frame.locator("#board").get_attribute("data-game") == game
        assert frames[0].locator("#board").get_attribute("data-position") == alto.to_position(alto.new_game(seed=1))
    finally:
        context.close()
    guard.check()
