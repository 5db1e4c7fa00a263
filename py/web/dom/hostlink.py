"""The embed frame's messages to the page that frames it (DOM glue, issue 21).

``static/embed.js`` falls back to one ``<iframe src="…?embed=1…">`` per board where the host
page's CSP forbids its worker. The frame then tells the page what happens, as the shadow-root
boards do with events: ``altibox:ready``, ``altibox:move`` (``{ply, move, position}``),
``altibox:solved`` (``{scene, index}``) and ``altibox:error`` (``{message}``).

Handshake: the frame says nothing until its parent window posts ``{"altibox": "hello"}``; from
then on it posts only to that message's origin (never to ``"*"``), answering ``{"altibox":
"hello"}`` first. Messages from any window other than the parent are ignored, and nothing the
page posts reaches a save: the frame only reads the hello. Messages sent before the hello wait
for it (embed.js says hello until it is answered).
"""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy, to_js

from web.dom import browser
from web.dom.nodes import is_null


class HostLink:
    """The frame's side of the handshake; :meth:`post` is a no-op outside a frame."""

    def __init__(self):
        self.origin: str | None = None
        self.pending: list[tuple[str, dict]] = []
        window = browser.window
        self.framed = not is_null(window.parent) and window.parent != window
        self._proxy = None
        if self.framed:
            self._proxy = create_proxy(self._on_message)
            window.addEventListener("message", self._proxy)

    def _on_message(self, event) -> None:
        data = event.data
        if event.source != browser.window.parent or is_null(data) or getattr(data, "altibox", None) != "hello":
            return
        if self.origin is None:
            self.origin = str(event.origin)
            self._send("hello", {})
            for kind, detail in self.pending:
                self._send(kind, detail)
            self.pending = []

    def _send(self, kind: str, detail: dict) -> None:
        # the detail as JSON text: None stays null (to_js would make it undefined)
        msg = to_js({"altibox": kind if kind == "hello" else f"altibox:{kind}", "json": json.dumps(detail)},
                    dict_converter=browser.window.Object.fromEntries)
        browser.window.parent.postMessage(msg, self.origin)

    def post(self, kind: str, detail: dict | None = None) -> None:
        """Tell the host page ``altibox:<kind>`` with ``detail`` (after its hello)."""
        if not self.framed:
            return
        if self.origin is None:
            self.pending.append((kind, detail or {}))
        else:
            self._send(kind, detail or {})
