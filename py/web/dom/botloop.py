"""The bot scheduler's loop (DOM glue): runs the search the table asks for
(:meth:`web.play.table.Table.bot_turn`) in slices of at most ``web.play.bots.SLICE_MS``,
yielding to the browser between them (``asyncio.sleep``), so clicks (Undo, the log, New game)
are handled during a bot's turn. Any change of the position (a person's move, Undo, a reload,
another tab) makes the loop start over from the position shown, so a stale search never plays.
A mixin of :class:`web.dom.app.App`.
"""

from __future__ import annotations

import asyncio

from web.dom import browser

from web.dom.page import by_id
from web.play import bots as botplay


class BotLoop:
    """Bot moves on the play screen (state lives on :class:`web.dom.app.App`)."""

    def kick_bots(self) -> None:
        """Start the bot loop when a bot seat is to move and no loop runs."""
        t = self.table
        if t is None or self._bot_running or t.bot_to_move() is None:
            return
        self._bot_running = True
        browser.document.documentElement.dataset.bot = "thinking"
        asyncio.ensure_future(self._bot_loop())

    def _clock(self) -> float:
        return float(browser.window.performance.now()) / 1000.0

    async def _bot_loop(self) -> None:
        """Play bot moves while a bot is to move: search in slices, yield between them, wait
        for the pace, play. Starts over whenever the position shown changes under it."""
        job = None
        try:
            while True:
                t = self.table
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
                wait = botplay.wait_ms(self._shown_at, float(browser.window.performance.now()), self.bot_fast)
                if wait > 0:
                    await asyncio.sleep(min(wait, 100.0) / 1000.0)
                    continue
                self.bot_slices.push(job.longest_ms)
                move, job = job.move, None
                self.play(move)
                await asyncio.sleep(0)
        except Exception as exc:  # never a silent stop: say it, the person can reload
            self.notice(f"The bot could not move ({exc}). Reload the page to let it try again.")
            raise
        finally:
            self._bot_running = False
            browser.document.documentElement.dataset.bot = "idle"

    def toggle_bot_pace(self) -> None:
        """"Faster bots": bot moves show as soon as they are found (again: at a followable pace)."""
        self.bot_fast = not self.bot_fast
        settings = self.storage.settings()
        settings["bot_pace"] = "fast" if self.bot_fast else "normal"
        self.storage.write_settings(settings)
        fast = by_id("botfast")
        fast.setAttribute("aria-pressed", "true" if self.bot_fast else "false")
        by_id("announce").textContent = ("Bots now move as soon as they have chosen." if self.bot_fast
                                         else "Bots now move at a pace you can follow.")

