"""Links that bring a game into the full page (DOM glue): play by link (``?game=G&rec=…``)
and the screen that refuses a link whose ``rec=`` or ``pos=`` cannot be used.

One :class:`LinkOpener` is owned by :class:`web.dom.app.App` (``app.links``). A refused link
never touches the player's saves: its screen says why (the bad text quoted) and offers the way
back to the player's own game of that game (``?game=G``: "Resume my saved game"), or, with no
save here, "Start a new game" (:func:`web.html.screens.refused_link_html`).
"""

from __future__ import annotations

from typing import Any

from web.dom import browser

from altibox import GAMES

from web.dom.page import by_id
from web.play.session import Session


class LinkOpener:
    """Opens a link's game, or refuses the link. ``app``: the page's :class:`web.dom.app.App`
    (its screens, :meth:`~web.dom.app.App.begin`, ``confirm_replace`` and the play screen's
    notices)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def open_record(self, game: str, text: str, saved: Session | None) -> None:
        """Play by link (``?game=G&rec=…``): continue the game the link carries on this device.

        The record is replayed under the rules: a tampered or truncated link (not JSON, damaged
        or cut-short compression, an illegal move, another game) is refused (:meth:`refuse`)
        with the reason and the bad text quoted. A game in progress here is never replaced
        without asking (the confirm-replace screen); a link that continues the saved game (the
        same start, the saved moves first) is taken at once.
        """
        from web.links import codec as links
        from web.links import share
        app, module = self.app, GAMES[game]
        try:
            record = links.decode_record(text)
            record = share.shared_record(module, Session.from_record(game, record).state,
                                         record.get("meta") if isinstance(record.get("meta"), dict) else {})
            session = Session.from_record(game, record)
        except Exception as exc:  # LinkError, RecordError, or anything a hostile link provokes
            where = f" (move {exc.ply}: {exc.move})" if getattr(exc, "ply", 0) else ""
            self.refuse(game, f"This link cannot be continued: {exc}{where}. The link says: "
                              f"rec={links.shown_text(text, 120)}", saved)
            return
        over = saved is not None and saved.module.is_over(saved.state)
        plan = share.link_plan(record, saved.record() if saved is not None else None, over)
        if plan == "same":
            app.show_play(saved)
            app.playscreen.notice("This link shows the game you already have here.")
        elif plan == "replace":
            app.confirm_replace(saved, session, link_ply=session.ply)
        else:
            app.begin(session)
            played = f"{session.ply} move{'s' if session.ply != 1 else ''} played"
            app.playscreen.notice(f"Continuing the game from the link ({played}). Make your move, then use "
                                  f"Share / Embed to send the new link back.")

    def refuse(self, game: str, message: str, saved: Session | None) -> None:
        """The screen of a link whose ``rec=`` or ``pos=`` cannot be used: ``message`` (why,
        with the link's text quoted), then the way on: "Resume my saved game" when ``saved``
        (the player's game of ``game`` in this browser, untouched), else "Start a new game"."""
        from web.html import screens  # not compiled for a game's first screen
        name = GAMES[game].INFO.name
        by_id("error").innerHTML = screens.refused_link_html(game, message, saved.ply if saved is not None else None)
        by_id("title").textContent = name
        browser.document.title = f"{name} · Altibox"
        self.app.screen("error")
