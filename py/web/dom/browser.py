"""The page's ``document`` and ``window`` for the DOM glue, looked up on first use.

The modules of :mod:`web.dom` write ``browser.document`` and ``browser.window`` (``from web.dom
import browser``) instead of importing them from ``pyscript`` at their top: importing a module
then touches nothing of the page, so the worker that makes the memory snapshot (no page, no
``pyscript``: ``static/boot/snapshot-worker.mjs``) imports every module of the app, and a warm
start from the snapshot (``static/boot/runtime.mjs``) compiles and imports no module at all
before it draws the first screen. The first use of either name imports ``pyscript`` (on the
page) and keeps the object here; anywhere without ``pyscript`` the first use raises
``ModuleNotFoundError``.
"""

from __future__ import annotations

_NAMES = ("document", "window")


def __getattr__(name: str):
    """``browser.document`` and ``browser.window``: PyScript's, bound on first use (PEP 562)."""
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import pyscript

    value = getattr(pyscript, name)
    globals()[name] = value
    return value
