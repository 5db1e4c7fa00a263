"""The one end-to-end driver: how the tests open the app, wait for the board, click a move and
play a game on, for every game, through the DOM hooks of DESIGN §3 only.

Every e2e module (and ``tests/bench.py``) takes its helpers from here; no test module imports
from another (``tests/unit/test_test_imports.py`` checks it). The pytest fixtures that use these
helpers (``open_app``, ``framed``, ``host``, ``partitioned``) are in ``tests/e2e/conftest.py``.

Waiting: a helper waits for a positive marker the page sets (``#board[data-ply]``, an
``html`` attribute, a text in ``#hint``), never for a fixed time.
"""

from __future__ import annotations

import html
import http.server
import json
import os
import random
import socketserver
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import serve
from altibox import altiplano, altitude, alto
from altibox.altiplano import words as altiplano_words
from altibox.altiplano.render import _display_goods, _house, _planning_list

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "unit"))
from altiplano_support import choose  # noqa: E402,F401  (the e2e tests' Altiplano move picker)

# ---------------------------------------------------------------- the app and its guard

def default_settings(settings: str) -> str:
    """An init script that sets ``altibox:settings`` to ``settings`` (a JS object literal) before
    any page script runs, unless the test set its own settings."""
    return ("try {\n  if (localStorage.getItem(\"altibox:settings\") === null)\n"
            f"    localStorage.setItem(\"altibox:settings\", JSON.stringify({settings}));\n}} catch (e) {{}}\n")


#: no service worker and no background snapshot worker (tests/e2e/test_offline.py opts in)
NO_BACKGROUND_WORK = default_settings("{snapshot: false, offline: false}")
#: the shared contexts of tests/e2e/conftest.py: no service worker, but the memory snapshot on,
#: so that every boot after the first of a test process restores Python (about 1 s) instead of
#: starting it (4-6 s): the start most visits get. On unless ALTIBOX_E2E_SNAPSHOT=0. A renderer
#: crash ("Target crashed") at a page's start was seen about once in two full runs with it and
#: without it alike (tests/run.sh runs such a test once more; docs/design.md).
SNAPSHOT_ONLY = default_settings("{offline: false}")
E2E_SNAPSHOT = os.environ.get("ALTIBOX_E2E_SNAPSHOT", "1") == "1"
#: Pyodide cold start is ~6 s here on 2 cores; leave a wide margin (a machine shared with other
#: heavy jobs can set ALTIBOX_BOOT_TIMEOUT_MS higher)
BOOT_TIMEOUT_MS = int(os.environ.get("ALTIBOX_BOOT_TIMEOUT_MS", "90000"))


def start_server(site_dir: Path | None = None, prefix: str = "/"):
    """Serve the dev tree (or a built site under ``prefix``) on a free port in a thread.

    Returns ``(server, url)``; the caller shuts the server down."""
    serve.install_runtime(quiet=True)
    server = serve.make_server("127.0.0.1", 0, site_dir=site_dir, prefix=prefix, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"


class Guard:
    """Collects what must never happen: outside requests, console errors, page errors."""

    def __init__(self, origin: str):
        self.origin = origin
        self.outside: list[str] = []
        self.errors: list[str] = []

    def on_request(self, request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:")):
            return
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.outside.append(url)

    def on_console(self, msg) -> None:
        if msg.type == "error":
            self.errors.append(f"console: {msg.text} @ {msg.location.get('url')}")

    def on_pageerror(self, err) -> None:
        self.errors.append(f"pageerror: {err}")

    def check(self) -> None:
        """Fail (AssertionError) on any request outside the origin or any error in the page."""
        assert not self.outside, f"requests left the origin: {self.outside}"
        assert not self.errors, "errors in the page:\n" + "\n".join(self.errors)


# ---------------------------------------------------------------- another site framing the app

#: ``'allowed'``, or the name of the error reading ``localStorage`` throws
STORAGE_PROBE = """() => {
  try { localStorage.getItem('altibox:probe'); return 'allowed'; } catch (e) { return e.name; }
}"""
#: ``'allowed'``, or the name of the error opening an IndexedDB database gives
IDB_PROBE = """() => new Promise((resolve) => {
  try {
    const q = indexedDB.open('altibox-probe');
    q.onsuccess = () => { q.result.close(); resolve('allowed'); };
    q.onerror = (e) => { e.preventDefault(); resolve(q.error.name); };
  } catch (e) { resolve(e.name); }
})"""
# Playwright launches Chromium with these features off; the same list without
# ThirdPartyStoragePartitioning (a later --disable-features replaces the earlier one).
PLAYWRIGHT_DISABLED = ("AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,"
                       "HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
                       "AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,"
                       "AimEnabled,PreconnectToSearch")


class Host:
    """The embedding site: serves pages registered with :meth:`page` at ``http://localhost:PORT/``
    (another *site* than the app's ``127.0.0.1``, so a frame of the app is third-party)."""

    def __init__(self):
        self.pages: dict[str, bytes] = {}
        pages = self.pages

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                body = pages.get(self.path.split("?")[0])
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                body = body if body is not None else b"not found"
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://localhost:{self.server.server_address[1]}"

    def page(self, name: str, body: str) -> str:
        """Serve ``body`` (HTML) as ``/name``; returns its URL."""
        self.pages[f"/{name}"] = body.encode()
        return f"{self.origin}/{name}"

    def frame_page(self, name: str, src: str, attrs: str = "") -> str:
        """A rules-teaching page with one 1000×760 ``<iframe src=src attrs>``; returns its URL."""
        return self.page(name, f"""<!doctype html><html lang="en"><meta charset="utf-8">
<link rel="icon" href="data:,"><title>A rules-teaching page</title><h1>How to play</h1>
<iframe {attrs} src="{html.escape(src)}" title="Altibox" width="1000" height="760"></iframe>""")

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class FrameGuard(Guard):
    """:class:`Guard`, with the host site allowed too; keeps every URL requested."""

    def __init__(self, origin: str, host: str, allow_404: bool = False):
        super().__init__(origin)
        self.host = host
        self.allow_404 = allow_404
        self.requested: list[str] = []

    def on_request(self, request) -> None:
        self.requested.append(request.url)
        parts = urlsplit(request.url)
        if f"{parts.scheme}://{parts.netloc}" != self.host:
            super().on_request(request)

    def on_console(self, msg) -> None:
        if self.allow_404 and "status of 404" in msg.text:
            return
        super().on_console(msg)


def origin_of(frame) -> str:
    """The page's (or frame's) own origin, as its script sees it (``"null"`` when opaque)."""
    return frame.evaluate("origin")


def notice(frame) -> str:
    """The text of ``#notice`` ('' when it is hidden)."""
    box = frame.locator("#notice")
    return box.locator(".text").inner_text() if box.is_visible() else ""


# ---------------------------------------------------------------- storage

def altibox_keys(page) -> dict:
    """Every ``altibox:`` key of the page's ``localStorage`` with its value."""
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('altibox:'))"
                         ".map(k => [k, localStorage.getItem(k)]))")


def saved_record(page, game: str):
    """The record saved for ``game`` (``altibox:save:<game>``, parsed), or None."""
    text = page.evaluate(f"localStorage.getItem('altibox:save:{game}')")
    return None if text is None else json.loads(text)


def put_save(page, game: str, record) -> None:
    """Write ``record`` (a dict, or text as it is) as the save of ``game``."""
    text = record if isinstance(record, str) else json.dumps(record)
    page.evaluate(f"localStorage.setItem('altibox:save:{game}', {json.dumps(text)})")


def stored_script(items: dict[str, str]) -> str:
    """An init script that writes ``items`` (key -> text, as they are) into ``localStorage``
    before any page script runs, so that the page *starts* with them: one boot where opening the
    page, writing and reloading took two. Once per tab: a later reload or ``goto`` in that tab
    finds storage as the page left it (a ``sessionStorage`` mark, which the app never reads)."""
    return (f"try {{ if (!sessionStorage.getItem('altibox-test:stored')) {{"
            f" sessionStorage.setItem('altibox-test:stored', '1');"
            f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }} }}"
            f" catch (e) {{}}")


def saved_game_script(game: str, record: dict) -> str:
    """An init script that puts ``record`` in the save of ``game`` before the page starts."""
    return (f"try {{ localStorage.setItem('altibox:save:{game}', {json.dumps(json.dumps(record))}); }}"
            f" catch (e) {{}}")


# ---------------------------------------------------------------- the board, every game

def wait_ply(page, ply: int) -> None:
    """Wait until the board shows the position after ``ply`` moves (``#board[data-ply]``)."""
    page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")


def position(page) -> str | None:
    """The position text the board shows (``#board[data-position]``)."""
    return page.locator("#board").get_attribute("data-position")


def log_moves(page) -> list[str]:
    """The ``data-move`` of every ``#log li``, in order."""
    return page.locator("#log li").evaluate_all("els => els.map(e => e.dataset.move)")


def wait_hint(page, words: str) -> None:
    """Wait until ``#hint`` (why a click did nothing) contains ``words``."""
    page.wait_for_function(
        "words => { const h = document.querySelector('#hint'); return !!h && h.textContent.includes(words); }",
        arg=words)


def go(page, query: str, ready: bool = True) -> None:
    """Show the screen of ``query`` the way the site's in-page links do (the address pushed,
    ``popstate``): no second boot. The app routes in the ``popstate`` handler, so the screen is
    drawn when this returns; ``ready``: also wait for ``html.ready``."""
    page.evaluate("q => { history.pushState(null, '', q); dispatchEvent(new PopStateEvent('popstate')); }", query)
    if ready:
        page.wait_for_selector("html.ready", state="attached")


def click_move(page, game: str, state, move: str, root: str = "#board") -> None:
    """Play ``move`` (legal in ``state``, shown on the board element ``root``) by clicks, in any
    game: :func:`click_alto`, :func:`click_altitude` or :func:`click_altiplano`."""
    if game == "alto":
        click_alto(page, move, root=root)
    elif game == "altitude":
        click_altitude(page, move, root)
    else:
        click_altiplano(page, state, move, root)


# ---------------------------------------------------------------- Alto

def click_alto(page, move: str, ply_after: int | None = None, root: str = "#board") -> None:
    """Play an Alto ``move`` by clicks only: a free tile during placement; source then
    destination after (on the board element ``root``); then wait for ``ply_after`` when given."""
    if move.startswith("@"):
        page.locator(f'{root} [data-cell="{move[1:]}"][data-move="{move}"]').click()
    else:
        page.locator(f'{root} [data-cell="{move[:2]}"]').click()
        page.locator(f'{root} [data-move="{move}"]').click()
    if ply_after is not None:
        wait_ply(page, ply_after)


def play_alto(page, state, n: int, rng: random.Random | None = None):
    """Play ``n`` moves of Alto on from ``state`` (the position shown) by clicks: random legal
    moves from ``rng``, or each time the first legal move without one. Checks the board against
    the engine before and after every move; returns the engine's state."""
    ply = len(state.moves)
    assert position(page) == alto.to_position(state)
    for _ in range(n):
        moves = alto.legal_moves(state)
        move = str(rng.choice(moves) if rng else moves[0])
        ply += 1
        click_alto(page, move, ply)
        state = alto.apply(state, move)
        assert position(page) == alto.to_position(state)
    return state


# ---------------------------------------------------------------- Altitude

def hand_cells(page) -> list[int]:
    """The card ids of the hand cells in the DOM (``[data-cell^="hand:"]``), sorted."""
    return sorted(int(c.split(":")[1]) for c in
                  page.locator('#board [data-cell^="hand:"]').evaluate_all("els => els.map(e => e.dataset.cell)"))


def reveal_if_asked(page) -> None:
    """Take the device at a pass-the-device screen (after checking it hides every hand)."""
    if page.locator("#privacy").is_visible():
        assert hand_cells(page) == [] and page.locator('#board [data-cell="drawn"]').count() == 0
        page.locator('[data-action="reveal"]').click()


def click_altitude(page, move: str, root: str = "#board") -> None:
    """Play one Altitude move by clicks: pick the hand card it uses, if any, then its target
    (on the board element ``root``: ``#board``, or the editor's ``#editor-board``)."""
    toks = move.split(" ")
    if toks[0] in ("R", "D", "F2", "H", "V", "S"):
        page.locator(f'{root} [data-cell="hand:{toks[1]}"]').click()
    owner = altitude_move_owner(move)
    if owner is not None and page.locator(f'{root} .mountain[data-player="{owner}"]').count() == 0:
        page.locator(f'{root} [data-cell="show:{owner}"]').click()   # behind its tab (issue 22)
        page.wait_for_selector(f'{root} .mountain[data-player="{owner}"]', state="attached")
    page.locator(f'{root} [data-move="{move}"]').first.click()


def altitude_move_owner(move: str) -> int | None:
    """The seat whose mountain an Altitude move targets when it names one (``C p1 …``,
    ``F1 p1 …``, ``F2 c p1 …``, ``V c p1 …``, ``S c p1 …``), else None (the mover's own)."""
    toks = move.split(" ")
    i = {"C": 1, "F1": 1, "F2": 2, "V": 2, "S": 2}.get(toks[0])
    return int(toks[i][1:]) if i is not None and len(toks) > i and toks[i].startswith("p") else None


def play_altitude(page, state, rng, check_privacy=True, max_plies=10_000):
    """Play Altitude on from ``state`` (shown at ply 0) by clicks, random legal moves from
    ``rng``, to the end or ``max_plies``: every privacy screen taken, End turn pressed, the
    public position checked after every move and (``check_privacy``) exactly the mover's own
    cards in the DOM. Returns ``(state, plies played)``."""
    ply = 0
    while altitude.outcome(state) is None and ply < max_plies:
        reveal_if_asked(page)
        me = altitude.current_player(state)
        if check_privacy:
            # exactly this player's own cards are in the DOM, nobody else's
            assert hand_cells(page) == sorted(state.hands[me])
        move = str(rng.choice(altitude.legal_moves(state)))
        click_altitude(page, move)
        ply += 1
        wait_ply(page, ply)
        state = altitude.apply(state, move)
        assert position(page) == altitude.public_position(state)
        if altitude.outcome(state) is None:
            if altitude.num_players(state) == 1:
                # alone: no End turn and nothing hidden; the next card is shown at once and is
                # the undo barrier (issue 12)
                assert page.locator("#confirm").is_hidden()
                if check_privacy:
                    assert hand_cells(page) == sorted(state.hands[0])
                if state.phase == "draw":
                    assert page.locator('#board [data-cell="drawn"]').count() == 1
                    assert page.locator("#undo").is_disabled()
                continue
            # the turn is open: with several people the hand goes face down at once
            if check_privacy:
                assert hand_cells(page) == []
            assert page.locator('#board [data-cell="drawn"]').count() == 0
            page.locator("#confirm").click()
    return state, ply


# ---------------------------------------------------------------- Altiplano

def select_cell(view: dict, move: str) -> str:
    """The Altiplano ``data-cell`` to select before ``move`` (legal for ``view``'s viewer) shows
    as a ``data-move``: a good on a planning space, the coin pile, a location with two ways there,
    a run with several variants, a Market good with several deals, a good of final storage."""
    seat = view["seats"][view["player"]]
    if move.startswith(("@", "go:", "step:")):
        return "loc:" + move.split(":", 1)[-1].lstrip("@")
    if move.startswith(("sell:", "deliver:")):
        good = move.split(":")[1]
        goods = _display_goods(seat["sources"]["market"]["goods"])
        return f"src:market:{goods.index(good) + 1}"
    if move.startswith("store:"):
        return "own:" + move.split(":")[1]
    if ">" in move:
        good = move.split(">", 1)[0]
        if good == "coin":
            return "coins"
        plan = _planning_list(seat, _house(view))
        return f"plan:{plan.index(good) + 1}"
    return "src:" + move.split(":", 1)[0]


def click_altiplano(page, state, move: str, root: str = "#board") -> None:
    """Play the Altiplano ``move`` (legal in ``state``, whose seat to act is shown) by clicks:
    its own ``data-move`` when the board shows one, else :func:`select_cell` first, then the
    ``data-move`` that appears (on the target or in the choice panel); on the board element
    ``root`` (``#board``, or the editor's ``#editor-board``). A move the game asks about first
    (``altiplano.confirm_first``: Done planning with nothing planned) is clicked twice, the
    second time once ``#hint`` says what it means."""
    target = page.locator(f'{root} [data-move="{move}"]')
    view = altiplano.view(state, state.current)
    if target.count() == 0:
        cell = select_cell(view, move)
        page.locator(f'{root} [data-cell="{cell}"]').first.click()
        target = page.locator(f'{root} [data-move="{move}"]')
    target.first.click()
    ask = altiplano.confirm_first(view, move)
    if ask and root == "#board" and page.locator('html[data-screen="play"]').count():
        wait_hint(page, ask)
        page.locator(f'{root} [data-move="{move}"]').first.click()


#: every attribute value and text node of the document, raw (no HTML escaping in the way),
#: except the log (earlier rounds' placements are public there; checked on its own)
ALL_TEXT = """() => {
  const out = [];
  const walk = (n) => {
    if (n.nodeType === 3) { out.push(n.nodeValue); return; }
    if (n.nodeType !== 1 || n.id === "log") return;
    for (const a of n.attributes) out.push(a.name + "=" + a.value);
    for (const c of n.childNodes) walk(c);
  };
  walk(document.documentElement);
  return out.join("\\n") + "\\n";
}"""


def current_plans(states: list) -> list[int]:
    """The plies (1-based) of the Planning phase under way that place or take back something."""
    state = states[-1]
    out = []
    if state.phase != "planning":
        return out
    for k in range(len(states) - 1, 0, -1):
        before = states[k - 1]
        if before.phase != "planning" or before.round != state.round:
            break
        if state.moves[k - 1] != "done":
            out.append(k)
    return out


def secrets(states: list, viewer: int | None, names: list[str]) -> list[str]:
    """Strings that must not be in the DOM while ``viewer`` (None: nobody) is shown: the words
    of every other seat's placements of the current Planning phase, the face-down extensions,
    the removed orders, the seed."""
    state = states[-1]
    out = [f'"seed":{state.seed}', f'"seed": {state.seed}']
    for eid in state.pile:
        out += [f"=display:{eid}\n", f'"{eid}"']
    for oid in state.removed:
        out += [f"=order:{oid}\n", f"order {oid} ", f"order {oid}.", f'"{oid}"']
    for k in current_plans(states):
        before = states[k - 1]
        if before.current != viewer:
            out.append(altiplano_words.describe(before, state.moves[k - 1], names))
    return out


def check_hidden(page, states: list, viewer: int | None, names: list[str]) -> None:
    """Assert that nothing ``viewer`` may not see (:func:`secrets`) is anywhere in the DOM, and
    that the log names no placement of the Planning phase under way."""
    text = page.evaluate(ALL_TEXT)
    leaks = [s for s in secrets(states, viewer, names) if s in text]
    where = [line for line in text.split("\n") if any(s in line for s in leaks)]
    assert not leaks, f"hidden information in the DOM (viewer {viewer}): {leaks[:5]} in {where[:3]}"
    # the log names no placement of the Planning phase under way (everyone's hidden alike)
    plans = current_plans(states)
    if plans:
        logged = page.locator("#log li[data-move]").evaluate_all(
            "els => els.map(e => [e.dataset.move, e.textContent])")
        assert len(logged) == len(states) - 1
        for k in plans:
            move, words = logged[k - 1]
            who = names[states[k - 1].current]
            assert move == "plan" and f"{who} plans (secret until the Actions phase)" in words, words
