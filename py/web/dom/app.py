"""The Altibox app in the browser: the page's entry point, routing and screens (DOM glue).

:class:`App` moves strings and events between the page and the pure packages: ``altibox``
(rules), :mod:`web.play` (the table being played: :class:`web.play.table.Table`, sessions,
turns, seats, bots, storage), :mod:`web.html` (screens, panels) and :mod:`web.links`. Its parts
live in one module each, objects the App owns, each given what it needs: ``app.playscreen``
(:mod:`web.dom.playscreen`: drawing the play screen, saves, notices, its actions), ``app.input``
(:mod:`web.dom.boardinput`: clicks, keys, drag and drop), ``app.bots`` (:mod:`web.dom.botloop`:
the bot scheduler's loop), ``app.howto`` (:mod:`web.dom.howtopage`: How to play, the ``page=``
routes, the editor of :mod:`web.dom.editorpage`), ``app.links`` (:mod:`web.dom.linkopen`: play by
link, and the screen of a refused ``rec=`` or ``pos=``).

Events: one delegated ``click`` and one ``keydown`` listener on ``#board`` (the board root) and
one of each on ``document`` for buttons and forms, each wrapped once with ``create_proxy`` and
kept for the page's life. Targets are found with ``closest()``, so re-rendered elements need no
rebinding.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable, create_proxy
from web.dom import browser

from altibox import GAMES

from web.dom.boardinput import BoardInput
from web.dom.botloop import BotLoop
from web.dom.howtopage import HowToPage
from web.dom.linkopen import LinkOpener
from web.dom.nodes import is_null
from web.dom.page import by_id, query_params, show_param_note
from web.dom.playscreen import PlayScreen
from web.html.legend import legend_html
from web.links import routes
from web.play.adapters import BOARDS
from web.play import guard
from web.play.board import NARROW_BELOW
from web.play.seats import default_name, seat_kinds, seats_meta
from web.play.rescue import open_save, replacement_session
from web.play.session import Session
from web.play.storage import Storage
from web.play.table import Table

if TYPE_CHECKING:  # loaded when first needed: start-up compiles only what a game screen uses
    from web.dom.widget import Embed


class App:
    """The page: one instance for the page's life (see :func:`main`)."""

    def __init__(self) -> None:
        self.storage = Storage(lambda: browser.window.localStorage, lambda: browser.window.Date.now())
        self.game_id: str | None = None
        self.session: Session | None = None  # the game in progress (also behind the new-game form)
        self.table: Table | None = None  # the game on the play screen
        self.pending: Session | None = None  # a new game waiting for the player's go-ahead
        self.last_saved: str | None = None
        self.playscreen = PlayScreen(self)  # draws the play screen, saves, notices, hints, actions
        screen = self.playscreen
        self.bots = BotLoop(lambda: self.table, lambda: screen.shown_at, screen.play, screen.notice, self.storage)
        self.input = BoardInput(lambda: self.table, screen)  # clicks, keys, drag and drop; .keyboard
        self.links = LinkOpener(self)  # play by link (rec=), and a refused rec= or pos=
        self._proxies = []
        self.howto = HowToPage(self.storage, lambda: bool(self._narrow_query.matches), self.set_url, self.screen,
                               self.show_error, self)
        board, rules, doc, win, inp = by_id("board"), by_id("rules"), browser.document, browser.window, self.input
        for target, kind, handler, capture in (
                (board, "click", inp.on_board_click, False), (board, "keydown", inp.on_board_key, False),
                (rules, "click", self.howto.on_scene_click, False), (rules, "keydown", self.howto.on_scene_key, False),
                (win, "popstate", self.on_popstate, False),
                (doc, "click", self.on_doc_click, False), (doc, "keydown", inp.on_doc_key, False),
                (doc, "submit", self.on_submit, False), (doc, "change", self.on_doc_change, False),
                (doc, "pointerdown", inp.on_pointer, True),
                (board, "pointerdown", inp.on_drag_start, False), (doc, "pointermove", inp.on_drag_move, False),
                (doc, "pointerup", inp.on_drag_end, False), (doc, "pointercancel", inp.on_drag_cancel, False),
                (win, "storage", self.on_storage, False)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            target.addEventListener(kind, proxy, capture)
        # boards with a phone layout (Altiplano's 360-unit svg) follow the width of the window
        self._narrow_query = browser.window.matchMedia(f"(max-width: {NARROW_BELOW - 1}px)")
        self._on_narrow = create_proxy(self.input.on_narrow)
        try:
            self._narrow_query.addEventListener("change", self._on_narrow)
        except Exception:  # very old engines: no change events, the layout is chosen per render
            pass

    # ------------------------------------------------------------ routing

    def start(self) -> None:
        """Show the screen the URL asks for, then mark the page ready."""
        try:
            params = query_params()
            self.route(params)
            show_param_note(params, after=by_id("notice"))
            self.playscreen.notice_in_view()
        except Exception as exc:  # never a blank page, never stuck: the landing page says so
            try:  # the landing page with a notice
                self.session = self.pending = None
                self.show_landing()
                self.playscreen.notice(guard.START_FAILED, detail=f"{type(exc).__name__}: {exc}")
            except Exception:
                self.show_error(f"Something went wrong while opening this page: {exc}")
            browser.window.console.error(f"Altibox could not open this page: {type(exc).__name__}: {exc}")
        finally:
            browser.document.documentElement.classList.add("ready")

    def route(self, params: dict[str, str]) -> None:
        game = params.get("game")
        if not game:
            self.show_landing()
            return
        if game not in GAMES:
            self.show_error(f"There is no game called “{game}” here.")
            return
        module = GAMES[game]
        if game not in BOARDS:
            self.show_error(f"{module.INFO.name} cannot be played in the browser yet: its rules are "
                            f"ready, its page is still being built.")
            return
        self.game_id = game
        if params.get("page") in ("rules", "editor", "learn") or routes.unknown_page(params, module.INFO.name):
            self.howto.show_page(game, params)
            return
        saved, broken = self.load_saved(game, replaced=params.get("new") != "1" and params.get("rec", "") == "")
        if broken and not broken["kept"]:
            # no copy of the broken save fits: begin nothing over it (issue 23); the form starts
            # with what could still be read of it
            self.show_setup({**broken["options"], "names": broken["names"] or [], "seats": broken["seats"] or [],
                             **({"players": broken["players"]} if broken["players"] is not None else {})})
            return
        if params.get("rec", "") != "":
            self.links.open_record(game, params["rec"], saved)
            return
        start, refused = (None, None) if broken else routes.position_request(params, module)
        if refused:  # refused with the reason; the way back to the saved game offered, nothing replaced
            self.links.refuse(game, refused, saved)
            return
        if params.get("new") == "1" or start is not None:  # (Alto: a new game from the link's position)
            try:
                seed, players, options = routes.new_game_request(params, module)
                count = module.INFO.default_players if players is None else players
                seats = routes.seats_request(params, count)
                meta = seats_meta(module.INFO, count, seats)
                session = (Session(game, start, meta) if start is not None else
                           Session.new(game, seed=seed, players=players, options=options, meta=meta))
            except ValueError as exc:
                self.session = saved
                self.playscreen.notice(f"This link cannot start a game: {exc}. Choose the options below instead.")
                self.show_setup()
                return
            if saved is not None and saved.ply > 0 and not module.is_over(saved.state):
                self.confirm_replace(saved, session)  # never lose a game in progress silently
                return
            self.begin(session)
            return
        if broken:
            self.begin(replacement_session(game, broken["players"], broken["seats"], broken["names"],
                                           broken["options"]))
            return
        resuming = saved is not None and params.get("form") != "1"
        seats_note = routes.seats_ignored_notice(
            params, module.num_players(saved.state) if saved is not None else module.INFO.default_players, resuming,
            module)
        if seats_note:
            self.playscreen.notice(seats_note)
        try:  # the new-game form starts with the link's player count (issue 18 new-user run)
            link_players = routes.link_players(params, module)
        except ValueError as exc:
            link_players = None
            self.playscreen.notice(f"{exc}: the link's player count is not used.")
        if saved is not None:
            if params.get("form") == "1":
                self.session = saved
                self.show_setup()
                return
            self.show_play(saved)
            return
        if self.storage.problem:
            self.playscreen.warn_storage()
        self.show_setup({"players": link_players} if link_players is not None else None)

    def load_saved(self, game: str, replaced: bool = True) -> tuple[Session | None, dict | bool]:
        """The saved game of ``game``, opened by :func:`web.play.session.open_save` (replayed; or
        up to a bad move; or backed up and ``(None, broken)``), its notices shown."""
        text = self.storage.load_save(game)
        if text is None:
            return None, False
        session, broken, notices, seen = open_save(self.storage, game, text, replaced)
        for said in notices:
            self.playscreen.notice(said.words, detail=said.detail, download=said.download)
        self.last_saved = seen or self.last_saved  # what this tab has seen: begin() asks before replacing another
        return session, broken

    def open_share(self) -> None:
        """The Share / Embed dialog: the link to continue this game, and two ``<iframe>`` snippets."""
        from web.links import share
        s = self.session
        if s is None:
            return
        addresses = share.share_links(share.site_base(str(browser.window.location.href)), s.module, s.state, s.meta)
        dialog = by_id("share-dialog")
        dialog.innerHTML = share.share_html(s.module.INFO.name, bool(s.module.INFO.hidden), addresses, s.ply)
        if not dialog.open:
            dialog.showModal()
        by_id("share-link").focus()
        by_id("share-link").select()

    def copy(self, target_id: str, said_id: str = "share-copied") -> None:
        """Copy a field of the share dialog or the editor, saying so in ``said_id`` (selected
        first, so Ctrl+C works where copying is not allowed, e.g. some sandboxed frames)."""
        field = by_id(target_id)
        said = by_id(said_id)
        if is_null(field) or is_null(said):
            return
        field.focus()
        field.select()
        try:
            done = bool(browser.document.execCommand("copy"))
        except Exception:
            done = False
        said.textContent = "Copied." if done else "Selected: press Ctrl+C (⌘C on a Mac) to copy."

    def confirm_replace(self, saved: Session, new: Session, link_ply: int | None = None) -> None:
        """A new-game link opened over a game in progress: ask before replacing it."""
        from web.html import screens  # the landing, form and error screens: not compiled for a game's first screen
        self.pending = new
        self.session = saved
        by_id("setup").innerHTML = screens.confirm_replace_html(saved.module.INFO.name, saved.ply, link_ply)
        by_id("title").textContent = saved.module.INFO.name
        self.screen("setup")

    def set_url(self, query: str) -> None:
        """Replace the address bar's query without reloading (so a reload resumes)."""
        try:
            browser.window.history.replaceState(None, "", query)
        except Exception:
            pass

    # ------------------------------------------------------------ screens

    def screen(self, name: str) -> None:
        browser.document.documentElement.dataset.screen = name

    def show_landing(self) -> None:
        from web.html import screens
        saved, finished = {}, {}
        for gid in BOARDS:
            text = self.storage.load_save(gid)
            saved[gid] = None
            if text is not None:
                try:
                    session = Session.from_text(gid, text)
                except Exception:  # a broken save is dealt with (backed up) when that game opens
                    continue
                saved[gid] = session.ply
                finished[gid] = session.module.is_over(session.state)
        by_id("landing").innerHTML = screens.landing_html(saved, finished)
        by_id("title").textContent = ""
        browser.document.title = "Altibox"
        self.screen("landing")

    def show_error(self, message: str) -> None:
        from web.html import screens
        by_id("error").innerHTML = screens.error_html(message)
        self.screen("error")

    def show_setup(self, prefill: dict | None = None) -> None:
        """The new-game form; ``prefill``: values it starts with when there is no game to
        rematch (e.g. a link's ``{"players": 3}``)."""
        from web.html import screens
        info = GAMES[self.game_id].INFO
        values = dict(prefill or {})
        s = self.session
        if s is not None and s.game_id == self.game_id:  # a rematch: same seats, names, options
            values = {**s.state.options, "players": s.module.num_players(s.state),
                      "names": list(s.names) if s.meta.get("names") else [],
                      "seats": seat_kinds(s.meta, s.module.num_players(s.state))}
        by_id("setup").innerHTML = screens.setup_html(self.game_id, values, replaces_save=s is not None,
                                                      back_to_game=s is not None and s.game_id == self.game_id)
        by_id("title").textContent = info.name
        browser.document.title = f"New game · {info.name} · Altibox"
        self.set_url(f"?game={self.game_id}")
        self.screen("setup")

    def begin(self, session: Session) -> None:
        """Start playing a new session: save it and fix the URL so a reload resumes it. Another
        tab's newer game is never overwritten: asked first (guard.newer_game, at writing)."""
        stored = self.storage.load_save(session.game_id)
        newer = guard.newer_game(session.game_id, stored, self.last_saved)
        if newer is not None:
            self.last_saved = stored  # seen now: the go-ahead below replaces exactly this game
            self.confirm_replace(newer, session)
            self.playscreen.notice(guard.NEWER_GAME)
            return
        self.set_url(f"?game={session.game_id}")
        self.show_play(session)
        self.playscreen.save()

    def show_play(self, session: Session) -> None:
        self.session = session
        self.game_id = session.game_id
        self.table = Table(session)
        self.playscreen.reset_log()
        info = session.module.INFO
        by_id("board").dataset.game = session.game_id
        browser.document.documentElement.dataset.game = session.game_id
        by_id("title").textContent = info.name
        browser.document.title = f"{info.name} · Altibox"
        self.set_url(f"?game={session.game_id}")
        howto_link = by_id("howto-link")
        if not is_null(howto_link):
            howto_link.hidden = session.game_id not in routes.HOWTO_GAMES
            # a game on an older house set: the page shows that version's values
            howto_link.setAttribute("href", routes.howto_url(session.game_id, session.state.options))
        by_id("editor-open").setAttribute("href", f"?game={session.game_id}&page=editor")  # the scene editor
        legend = by_id("legend")
        if not is_null(legend):
            has_legend = hasattr(session.module, "legend")
            legend.hidden = not has_legend
            # the game's own options: a version-1 Altiplano game shows version 1's values
            items = legend_html(session.game_id, compact=True,
                                options=session.state.options) if has_legend else ""
            legend.innerHTML = '<summary>Legend: what the symbols mean</summary>' + items
        self.screen("play")
        self.playscreen.render()

    def navigate(self, href: str) -> None:
        """Follow an in-site link (``data-nav``) without reloading Python: push the address and
        show its screen (the saved game is read again from storage, so it is intact)."""
        try:
            browser.window.history.pushState(None, "", href)
        except Exception:
            browser.window.location.href = href
            return
        self.session = self.table = None
        self.route(params := query_params())
        show_param_note(params, after=by_id("notice"))  # (and the previous address's line goes)

    def on_popstate(self, event) -> None:
        self.session = self.table = None
        self.route(params := query_params())
        show_param_note(params, after=by_id("notice"))

    # ------------------------------------------------------------ buttons, forms, other tabs

    def on_doc_change(self, event) -> None:
        """A seat's Person / Bot choice in the new-game form: its name field's placeholder shows
        the name the seat gets when none is typed (``web.play.seats.default_name``)."""
        el = event.target
        if is_null(el) or not el.matches("#setup-form select.seat-kind"):
            return
        seat = str(el.name)[4:]  # "seat2" -> "2" (1-based, as the form's "name2")
        field = browser.document.querySelector(f'#setup-form input[name="name{seat}"]')
        if not is_null(field):
            field.placeholder = default_name(int(seat) - 1, str(el.value))

    def on_doc_click(self, event) -> None:
        target = event.target
        if is_null(target):
            return
        nav = target.closest("a[data-nav]")
        if not is_null(nav) and not (event.ctrlKey or event.metaKey or event.shiftKey or event.button):
            event.preventDefault()
            self.navigate(str(nav.getAttribute("href")))
            return
        action_el = target.closest("[data-action]")
        if is_null(action_el):
            return
        if event.detail and int(event.detail) > 1:
            return  # the 2nd click of a double click: the buttons may have moved under it
        action = str(action_el.getAttribute("data-action"))
        if action == "undo":
            self.playscreen.undo()
        elif action == "redo":
            self.playscreen.redo()
        elif action == "newgame" and self.game_id:
            self.show_setup()
        elif action == "rematch" and self.session is not None:
            self.begin(self.session.rematch())
            if self.input.keyboard:
                self.playscreen.focus_cell(None)
        elif action == "dismiss":
            by_id("notice").hidden = True
        elif action == "confirm":
            self.playscreen.end_turn()
        elif action == "start-pending" and self.pending is not None:
            session, self.pending = self.pending, None
            self.begin(session)
        elif action == "resume" and self.session is not None:
            event.preventDefault()  # the new-game form's Back is a link (?game=ID) for a new tab
            self.pending = None
            session, self.last_saved = guard.latest(self.session, self.storage.load_save(self.session.game_id),
                                                    self.last_saved)
            self.show_play(session)
        elif action == "reveal":
            self.playscreen.reveal()
        elif action == "share":
            self.open_share()
        elif action == "copy":
            self.copy(str(action_el.getAttribute("data-copy")))
        elif action == "close-share":
            by_id("share-dialog").close()
        elif action == "bot-fast":
            self.bots.toggle_pace()
        else:
            self.playscreen.play_action(action, action_el)

    def start_from_form(self, form) -> None:
        from web.html import screens
        fields = {}
        entries = browser.window.FormData.new(form).entries()
        while True:
            item = entries.next()
            if item.done:
                break
            key, value = item.value
            fields.setdefault(str(key), str(value))
        try:
            players, options, meta = screens.read_setup(self.game_id, fields)
            session = Session.new(self.game_id, players=players, options=options, meta=meta)
        except ValueError as exc:
            self.playscreen.notice(f"Cannot start this game: {exc}")
            return
        self.begin(session)
        self.playscreen.focus_cell(None)

    def on_storage(self, event) -> None:
        """Another tab changed our save: follow it rather than overwrite it later."""
        s = self.session
        if s is None or browser.document.documentElement.dataset.screen != "play":
            return
        if not self.storage.available:
            return  # not our store: Chromium sends a frame whose storage is blocked the top level's events
        if str(event.key) != f"altibox:save:{s.game_id}" or is_null(event.newValue):
            return
        text = str(event.newValue)
        if text == self.last_saved:
            return
        try:
            session = Session.from_text(s.game_id, text)
        except Exception:
            return  # the other tab's save is broken: keep ours, it will be saved on the next move
        self.last_saved = text
        self.show_play(session)
        self.playscreen.notice("This game was played on in another tab or window; showing the latest position.")

    def on_submit(self, event) -> None:
        form = event.target
        if not is_null(form) and str(form.id) == "setup-form":
            event.preventDefault()
            self.start_from_form(form)


def main() -> App | Embed:
    """Create the app and show the screen the URL asks for (embed mode: only a board, see
    :mod:`web.dom.widget`; the app, its saves and its listeners are never created there)."""
    search = str(browser.window.location.search)
    if "embed" in search or "lesson" in search or "scene" in search:  # the embed machinery loads only for an embed
        from web.dom.widget import embed_main    # or a lesson page (embed_main decides)
        embed = embed_main(search, fragment=str(browser.window.location.hash))
        if embed is not None:
            return embed
    app = App()
    app.start()
    # everything loaded so far lives as long as the page: keep it out of the garbage
    # collector's full passes (a pass over it cost up to ~8 ms inside a click), once the first
    # screen is shown (the collection itself takes ~100 ms of a cold start)
    browser.window.setTimeout(create_once_callable(lambda *_: (gc.collect(), gc.freeze())), 300)
    return app
