"""Fast start and offline play: the memory snapshot (static/boot/) and the service worker (sw.js).

Every test serves its own copy of the built site under a sub-path (as on GitHub Pages) and opts
in to the background work that the other e2e tests switch off (``open_app(..., offline=True)``).
Boot modes are read from ``<html data-boot="snapshot|cold">`` and ``data-snapshot="saved"``.
"""

from __future__ import annotations

import random
import shutil

import pytest

import serve
from altibox import alto

from .driver import click_alto, play_alto, position, start_server, wait_ply

SEED = 4242
QUERY = f"?game=alto&new=1&seed={SEED}"
SNAPSHOT_MS = 120_000  # the worker starts 2 s after ready + idle, then needs a whole Python start


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("offline") / "site"
    serve.build(out)
    return out


@pytest.fixture
def site(built, tmp_path):
    """A fresh copy of the built site on its own server: (dir, url, server)."""
    out = tmp_path / "site"
    shutil.copytree(built, out)
    server, url = start_server(site_dir=out, prefix="/altibox/")
    yield out, url, server
    server.shutdown()
    server.server_close()


def boot(page) -> str:
    return page.evaluate("document.documentElement.dataset.boot")


def wait_snapshot(page) -> None:
    page.wait_for_selector('html[data-snapshot="saved"]', state="attached", timeout=SNAPSHOT_MS)


def revisit(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html.ready", state="attached")


def snapshot_keys(page) -> list[str]:
    return page.evaluate("caches.open('altibox-snapshot').then(c => c.keys()).then(k => k.map(r => r.url))")


def test_second_visit_restores_from_the_snapshot_and_plays(open_app, site):
    _, url, _ = site
    page = open_app(QUERY, base=url, offline=True)
    assert boot(page) == "cold"
    wait_snapshot(page)
    keys = snapshot_keys(page)
    build = page.evaluate("document.querySelector('meta[name=altibox-build]').content")
    assert keys == [f"{url}snapshot/314.0.7/{build}"]
    revisit(page, url + "?game=alto")
    assert boot(page) == "snapshot"
    wait_ply(page, 0)
    play_alto(page, alto.from_position(position(page)), 3)
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert boot(page) == "snapshot"
    wait_ply(page, 3)  # the saved game (localStorage) resumes: no game state came from the snapshot


# A damaged entry (its digest no longer matches) and a foreign one (right size and digest, but
# not a Pyodide snapshot of ours) are both dropped; Python starts normally and makes a new one.
CORRUPT = {
    "damaged": """async (key) => {
        const c = await caches.open('altibox-snapshot');
        const res = await c.match(key);
        const bytes = new Uint8Array(await res.arrayBuffer());
        bytes[bytes.length >> 1] ^= 0xff;
        await c.put(key, new Response(bytes, {headers: res.headers}));
    }""",
    "foreign": """async (key) => {
        const c = await caches.open('altibox-snapshot');
        const bytes = new Uint8Array(1 << 20).map((_, i) => (i * 7919) & 255);
        const hex = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
                               b => b.toString(16).padStart(2, '0')).join('');
        await c.put(key, new Response(bytes, {headers: {'x-size': String(bytes.length), 'x-sha256': hex}}));
    }""",
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_a_corrupted_snapshot_is_ignored_and_replaced(open_app, site, kind):
    _, url, _ = site
    page = open_app(QUERY, base=url, offline=True)
    wait_snapshot(page)
    [key] = snapshot_keys(page)
    page.evaluate(CORRUPT[kind], key)
    revisit(page, url + "?game=alto")
    assert boot(page) == "cold"  # the bad entry was not used, and the player saw no error
    assert page.locator("#notice").is_hidden()
    play_alto(page, alto.from_position(position(page)), 1)
    wait_snapshot(page)  # ... and a good one replaced it
    assert snapshot_keys(page) == [key]
    revisit(page, url + "?game=alto")
    assert boot(page) == "snapshot"
    wait_ply(page, 1)


def test_without_cache_storage_python_starts_normally(open_app, site):
    _, url, _ = site
    page = open_app(QUERY, base=url, offline=True, init_script="delete window.caches;")
    assert boot(page) == "cold"
    play_alto(page, alto.from_position(position(page)), 1)
    assert page.evaluate("document.documentElement.dataset.snapshot") in (None, "off")


def test_offline_after_the_first_visit_the_site_reloads_and_a_whole_game_plays(open_app, site):
    _, url, server = site
    page = open_app(QUERY, base=url, offline=True)
    wait_snapshot(page)
    assert page.evaluate("navigator.serviceWorker.ready.then(r => r.active.state)") == "activated"
    server.shutdown()  # the origin is gone: only the service worker can answer now
    server.server_close()
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert boot(page) == "snapshot"
    page.goto(url + f"?game=alto&new=1&seed={SEED + 1}")  # a navigation, not only a reload
    page.wait_for_selector("html.ready", state="attached")
    state = alto.new_game(seed=SEED + 1)
    rng = random.Random(5)
    ply = 0
    while alto.outcome(state) is None:
        move = str(rng.choice(alto.legal_moves(state)))
        ply += 1
        click_alto(page, move, ply)
        state = alto.apply(state, move)
    out = alto.outcome(state)
    assert page.locator("#status").get_attribute("data-winners") == ",".join(map(str, out.winners))
    assert page.locator("#board").get_attribute("data-position") == alto.to_position(state)


def test_a_new_build_invalidates_the_old_snapshot_and_says_an_update_is_ready(open_app, site):
    out, url, _ = site
    page = open_app(QUERY, base=url, offline=True)
    wait_snapshot(page)
    page.evaluate("navigator.serviceWorker.ready")
    [old_key] = snapshot_keys(page)
    old = page.evaluate("document.querySelector('meta[name=altibox-build]').content")
    new = "f" * len(old)
    for name in ("index.html", "sw.js"):  # a new deploy: another build id in the shell and sw.js
        path = out / name
        path.write_text(path.read_text().replace(old, new))
    # the next visit still runs the old build (from the service worker's cache), from its own
    # snapshot, while the new one installs; then the page says an update is ready
    revisit(page, url + "?game=alto")
    assert boot(page) == "snapshot"
    page.wait_for_selector('html[data-update="ready"]', state="attached", timeout=60_000)
    assert "update" in page.locator("#notice").inner_text().lower()
    # the visit after runs the new build: the old snapshot is not used, a new one replaces it
    revisit(page, url + "?game=alto")
    assert page.evaluate("document.querySelector('meta[name=altibox-build]').content") == new
    assert boot(page) == "cold"
    wait_snapshot(page)
    assert snapshot_keys(page) == [old_key.replace(old, new)]
    revisit(page, url + "?game=alto")
    assert boot(page) == "snapshot"
