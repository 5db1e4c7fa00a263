"""End-to-end fixtures: one Chromium for the whole session, the app served on a free port.

The browser is Debian's Chromium (``$ALTIBOX_CHROMIUM``, set by tests/run.sh, or
/usr/bin/chromium) launched through Playwright's ``executable_path``; where neither exists,
Playwright's own browser (``playwright install chromium``) is used.

Every test gets a fresh browser context (clean storage) from :func:`open_app`, which fails the
test on any request outside the page's origin and on any console error or page error.

The service worker and the background snapshot worker (static/boot/runtime.mjs) are switched off
in those contexts through ``altibox:settings`` (``{"snapshot": false, "offline": false}``), so
that no test pays for caching 13 MB or starting a second Python; tests/e2e/test_offline.py opts
in with ``open_app(..., offline=True)``.
"""

from __future__ import annotations

import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import serve
from tests import browser as chromium

# set before any page script runs, unless the test set its own settings
NO_BACKGROUND_WORK = """
try {
  if (localStorage.getItem("altibox:settings") === null)
    localStorage.setItem("altibox:settings", JSON.stringify({snapshot: false, offline: false}));
} catch (e) {}
"""
BOOT_TIMEOUT_MS = 90_000  # Pyodide cold start is ~6 s here on 2 cores; leave a wide margin
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, **chromium.launch_args()}


def start_server(site_dir: Path | None = None, prefix: str = "/"):
    """Serve the dev tree (or a built site under ``prefix``) on a free port in a thread."""
    serve.install_runtime(quiet=True)
    server = serve.make_server("127.0.0.1", 0, site_dir=site_dir, prefix=prefix, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"


@pytest.fixture(scope="session")
def base_url_app():
    server, url = start_server()
    yield url
    server.shutdown()
    server.server_close()


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
        assert not self.outside, f"requests left the origin: {self.outside}"
        assert not self.errors, "errors in the page:\n" + "\n".join(self.errors)


@pytest.fixture
def open_app(browser, base_url_app):
    """``open_app(query="", base=None, init_script=None, context=None, offline=False,
    touch=False) -> page``.

    A fresh context (or ``context``, one this fixture opened), page loaded and ready. ``base``
    overrides the site URL (e.g. a built site under a sub-path). ``offline=True`` leaves the
    service worker and the snapshot on (a new context only). The guard is checked at teardown;
    tests that expect an error message in the page still may not log console errors.
    """
    opened = []

    def _open(query: str = "", base: str | None = None, init_script: str | None = None, context=None,
              offline: bool = False, touch: bool = False):
        url = (base or base_url_app) + query
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        if context is None:
            # touch=True: a phone with a touch screen (390 x 844), as for tapping and dragging
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                          is_mobile=True) if touch else \
                browser.new_context(viewport={"width": 1100, "height": 900})
            guard = Guard(origin)
            context.on("request", guard.on_request)
            if not offline:
                context.add_init_script(NO_BACKGROUND_WORK)
            opened.append((context, guard))
        else:
            guard = next(g for c, g in opened if c is context)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_pageerror)
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        return page

    yield _open
    for context, guard in opened:
        context.close()
    for _context, guard in opened:
        guard.check()
