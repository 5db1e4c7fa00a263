"""End-to-end fixtures: one Chromium for the whole session, the app served on a free port.

The browser is Debian's Chromium (``$ALTIBOX_CHROMIUM``, set by tests/run.sh, or
/usr/bin/chromium) launched through Playwright's ``executable_path``; where neither exists,
Playwright's own browser (``playwright install chromium``) is used.

Every test gets clean storage from :func:`open_app`, which fails the test on any request outside
the page's origin and on any console error or page error. An ``open_app`` of the app's own
site without its service worker reuses one browser context per test process (desktop, and one
for touch), emptied between tests (pages closed, local and session storage, IndexedDB, caches and
service workers cleared): its HTTP cache keeps Pyodide's compiled WebAssembly, so a boot costs
about half of a fresh context's. Its init scripts are added to each tab
the test opens through ``open_app`` (``page.add_init_script``), as a context's would be. Any other
``open_app`` gets a fresh context.

The service worker (static/boot/runtime.mjs) is switched off in those contexts through
``altibox:settings`` (``{"offline": false}``); tests/e2e/test_offline.py opts in with
``open_app(..., offline=True)``. The memory snapshot stays on in the shared contexts and between
tests (the Cache Storage entry ``altibox-snapshot``): later boots restore Python in ~1 s (suite
16-18 min instead of ~20); ``ALTIBOX_E2E_SNAPSHOT=0`` switches it off too (``{"snapshot": false,
"offline": false}``), as in every other context. A renderer crash at a page's start ("Target crashed", about once in two full runs,
with or without the snapshot) makes tests/run.sh run that test once more.

``host``, ``framed`` and ``partitioned`` open the app inside an iframe of another site
(tests/e2e/test_frames.py says how). The helpers behind these fixtures, and every helper that
drives a page, are in tests/e2e/driver.py.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests import browser as chromium

from .driver import BOOT_TIMEOUT_MS, E2E_SNAPSHOT, NO_BACKGROUND_WORK, SNAPSHOT_ONLY, PLAYWRIGHT_DISABLED, FrameGuard, Guard, Host, start_server

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, **chromium.launch_args()}


@pytest.fixture(scope="session")
def base_url_app():
    server, url = start_server()
    yield url
    server.shutdown()
    server.server_close()


#: run in a same-origin document between tests: what a test may have left in the shared context
CLEAR_ORIGIN = """async () => {
  localStorage.clear(); sessionStorage.clear();
  if (indexedDB.databases) for (const d of await indexedDB.databases()) indexedDB.deleteDatabase(d.name);
  if (self.caches) for (const k of await caches.keys()) if (k !== 'altibox-snapshot') await caches.delete(k);
  if (navigator.serviceWorker)
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
}"""


class SharedContext:
    """One browser context reused by the plain ``open_app`` calls of a test process. The
    ``request`` listener forwards to the running test's :class:`Guard` (``guard``)."""

    def __init__(self, browser, touch: bool):
        self.browser, self.touch = browser, touch
        self.context = None
        self.guard: Guard | None = None

    def get(self, guard: Guard):
        """The context, opened on first use; ``guard`` sees its requests until :meth:`reset`."""
        if self.context is None:
            self.context = self.browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                                    is_mobile=True) if self.touch else \
                self.browser.new_context(viewport={"width": 1100, "height": 900})
            self.context.on("request", lambda request: self.guard and self.guard.on_request(request))
            self.context.add_init_script(SNAPSHOT_ONLY if E2E_SNAPSHOT else NO_BACKGROUND_WORK)
        self.guard = guard
        return self.context

    def reset(self, base_url: str) -> None:
        """Close the test's pages and clear the origin's storage (a fresh context next time if
        that fails)."""
        self.guard = None
        if self.context is None:
            return
        try:
            for page in list(self.context.pages):
                page.close()
            page = self.context.new_page()
            page.goto(base_url + "static/manifest.webmanifest")
            page.evaluate(CLEAR_ORIGIN)
            page.close()
            self.context.clear_cookies()
        except Exception:
            self.close()

    def close(self) -> None:
        if self.context is not None:
            try:
                self.context.close()
            except Exception:
                pass
        self.context = None


@pytest.fixture(scope="session")
def shared_contexts(browser):
    """``{touch: SharedContext}`` for this test process."""
    shared = {False: SharedContext(browser, False), True: SharedContext(browser, True)}
    yield shared
    for s in shared.values():
        s.close()


@pytest.fixture
def open_app(browser, base_url_app, shared_contexts):
    """``open_app(query="", base=None, init_script=None, context=None, offline=False,
    touch=False) -> page``.

    A clean context (the shared one, see above; a test's second one is fresh; or ``context``,
    one this fixture opened), page loaded and ready. ``base``
    overrides the site URL (e.g. a built site under a sub-path). ``offline=True`` leaves the
    service worker and the snapshot on (a new context only). The guard is checked at teardown;
    tests that expect an error message in the page still may not log console errors.
    """
    opened = []
    used: list[SharedContext] = []
    scripts: list[str] = []  # the init scripts given for the shared context, in order

    def _open(query: str = "", base: str | None = None, init_script: str | None = None, context=None,
              offline: bool = False, touch: bool = False):
        url = (base or base_url_app) + query
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        shared = next((s for s in used if s.context is context), None) if context is not None else None
        if context is None and base is None and not offline and shared_contexts[touch] not in used:
            shared = shared_contexts[touch]  # (a second device in the same test gets its own context)
            guard = Guard(origin)
            context = shared.get(guard)
            if shared not in used:
                used.append(shared)
            opened.append((context, guard))
        elif context is None:
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
            (scripts if shared is not None else []).append(init_script)
            if shared is None:
                context.add_init_script(init_script)
        page = context.new_page()
        if shared is not None:  # as a context's init script does, for every tab this test opens here
            for script in scripts:  # (the shared context itself stays clean for the next test)
                page.add_init_script(script)
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_pageerror)
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        return page

    yield _open
    shared_ones = {id(s.context) for s in used}
    for context, guard in opened:
        if id(context) not in shared_ones:
            context.close()
    for s in used:
        s.reset(base_url_app)
    for _context, guard in opened:
        guard.check()


# ---------------------------------------------------------------- another site framing the app

@pytest.fixture(scope="module")
def host():
    h = Host()
    yield h
    h.close()


@pytest.fixture(scope="module")
def partitioned(browser_type, browser_type_launch_args):
    """A second Chromium with third-party storage partitioning on, as Chrome ships it."""
    args = [*browser_type_launch_args.get("args", []), f"--disable-features={PLAYWRIGHT_DISABLED}"]
    b = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield b
    b.close()


@pytest.fixture
def framed(browser, base_url_app, host):
    """``framed(src_query, attrs="", browser=None, context=None, allow_404=False) -> (page, frame)``.

    Opens a host page (``localhost``) whose iframe loads the app (``127.0.0.1``) with
    ``src_query``, waits for ``html.ready`` in the frame and returns the top page and the frame.
    ``src_query=None`` returns the page without waiting (``attrs`` then holds the whole iframe).
    """
    app_origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url_app))
    opened = []
    count = iter(range(1000))

    def _open(src_query, attrs="", browser_=None, context=None, allow_404=False, page_url=None):
        if context is None:
            context = (browser_ or browser).new_context(viewport={"width": 1100, "height": 900})
            guard = FrameGuard(app_origin, host.origin, allow_404)
            context.on("request", guard.on_request)
            context.add_init_script(NO_BACKGROUND_WORK)
            opened.append((context, guard))
        else:
            guard = next(g for c, g in opened if c is context)
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_pageerror)
        url = page_url or host.frame_page(f"embed{next(count)}.html", base_url_app + src_query, attrs)
        page.goto(url)
        frame = page.wait_for_selector("iframe").content_frame()
        frame.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        return page, frame

    _open.guards = opened
    yield _open
    for context, _ in opened:
        context.close()
    for _, guard in opened:
        guard.check()
