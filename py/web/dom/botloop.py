"""The bot scheduler's loop (DOM glue): runs the search the table asks for
(:meth:`web.play.table.Table.bot_turn`) in slices of at most ``web.play.bots.SLICE_MS``,
yielding to the browser between them (``asyncio.sleep``), so clicks (Undo, the log, New game)
are handled during a bot's turn. Any change of the position (a person's move, Undo, a reload,
another tab) makes the loop start over from the position shown, so a stale search never plays.
One :class:`BotLoop` is owned by :class:`web.dom.app.App`.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from pyodide.ffi import to_js
from web.dom import browser

from web.dom.page import by_id
from web.play import bots as botplay


class BotLoop:
    """Bot moves on the play screen.

    ``table()``: the table on the play screen (or None); ``shown_at()``: ``performance.now()``
    when the position shown was first drawn (the pace counts from there); ``play(move)`` plays
    a move as a click would; ``notice(text)`` says what went wrong; ``storage``: the page's
    :class:`web.play.storage.Storage` (the "Faster bots" setting). ``running``: a loop runs;
    ``fast``: bot moves show as soon as found; ``slices``: the longest slice of each bot move in
    ms (``window.altiboxBotSlices``, read by benchmarks)."""

    def __init__(self, table: Callable[[], Any], shown_at: Callable[[], float], play: Callable[[str], None],
                 notice: Callable[[str], None], storage: Any) -> None:
        self.table = table
        self.shown_at = shown_at
        self.play = play
        self.notice = notice
        self.storage = storage
        self.running = False
        self.fast = storage.settings().get("bot_pace") == "fast"
        self.slices = to_js([])
        browser.window.altiboxBotSlices = self.slices

    def kick(self) -> None:
        """Start the bot loop when a bot seat is to move and no loop runs."""
        t = self.table()
        if t is None or self.running or t.bot_to_move() is None:
            return
        self.running = True
        browser.document.documentElement.dataset.bot = "thinking"
        asyncio.ensure_future(self._loop())

    def _clock(self) -> float:
        return float(browser.window.performance.now()) / 1000.0

    async def _loop(self) -> None:
        """Play bot moves while a bot is to move: search in slices, yield between them, wait
        for the pace, play. Starts over whenever the position shown changes under it."""
        job = None
        try:
            while True:
                t = self.table()
                if t is None or browser.document.documentElement.dataset.screen != "play":
                    break
                if t.bot_to_move() is None:
                    break
                if job is None or job.table is not t or not t.is_current(job):
                    job = t.bot_turn(self._clock)
                    job.table = t
                    await asyncio.sleep(0)
                    continue
                if not job.work():
                    await asyncio.sleep(0)
                    continue
                wait = botplay.wait_ms(self.shown_at(), float(browser.window.performance.now()), self.fast)
                if wait > 0:
                    await asyncio.sleep(min(wait, 100.0) / 1000.0)
                    continue
                self.slices.push(job.longest_ms)
                move, job = job.move, None
                self.play(move)
                await asyncio.sleep(0)
        except Exception as exc:  # never a silent stop: say it, the person can reload
            self.notice(f"The bot could not move ({exc}). Reload the page to let it try again.")
            raise
        finally:
            self.running = False
            browser.document.documentElement.dataset.bot = "idle"

    def toggle_pace(self) -> None:
        """"Faster bots": bot moves show as soon as they are found (again: at a followable pace)."""
        self.fast = not self.fast
        settings = self.storage.settings()
        settings["bot_pace"] = "fast" if self.fast else "normal"
        self.storage.write_settings(settings)
        fast = by_id("botfast")
        fast.setAttribute("aria-pressed", "true" if self.fast else "false")
        by_id("announce").textContent = ("Bots now move as soon as they have chosen." if self.fast
                                         else "Bots now move at a pace you can follow.")
