#!/usr/bin/env python3
"""The one place that finds and launches Chromium for the tests and the benchmarks.

Used by ``tests/e2e/conftest.py`` (pytest-playwright's launch arguments), ``tests/bench.py``
(its own Playwright) and ``tests/run.sh`` (``python3 tests/browser.py`` prints the path of the
Chromium it will use, or exits 1 when there is none).

The browser is ``$ALTIBOX_CHROMIUM``, else Debian's ``/usr/bin/chromium`` (or
``chromium-browser``), launched through Playwright's ``executable_path``; where none exists,
Playwright's own browser (``playwright install chromium``) is the fallback.
"""

from __future__ import annotations

import os
import sys

CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")

# Chromium's background services try to reach Google; this machine has no network for them.
ARGS = ("--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-gpu", "--disable-quic")


def chromium_path() -> str | None:
    """The system Chromium to use, or None (then Playwright's own browser)."""
    for c in (os.environ.get("ALTIBOX_CHROMIUM"), *CANDIDATES):
        if c and os.access(c, os.X_OK):
            return c
    return None


def launch_args() -> dict:
    """Keyword arguments for ``playwright.chromium.launch`` (``--no-sandbox`` only as root)."""
    args = list(ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    out: dict = {"args": args}
    exe = chromium_path()
    if exe:
        out["executable_path"] = exe
    return out


def launch(playwright, **extra):
    """Launch Chromium with :func:`launch_args` (plus ``extra``) from a Playwright instance."""
    return playwright.chromium.launch(**{**launch_args(), **extra})


if __name__ == "__main__":
    path = chromium_path()
    if path is None:
        sys.exit(1)
    print(path)
