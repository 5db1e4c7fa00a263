"""The Altibox app in the browser: DOM wiring and the render of the page's hooks (DESIGN.md §3).

This module is the only one that touches the DOM. It moves strings and events between the page
and the pure modules: ``altibox`` (rules), :mod:`web.session` (states, undo/redo, records),
:mod:`web.turns` (who sees what, End turn, where undo stops), :mod:`web.games` (one board
adapter per game), :mod:`web.pages` (status, score pad, log), :mod:`web.screens` (landing, form,
errors), :mod:`web.storage`, :mod:`web.routes` and :mod:`web.botplay` (bot seats).

Bots: when a bot seat is to move, :meth:`App.kick_bots` starts one ``async`` loop that runs the
bot's search in slices of at most ``botplay.SLICE_MS`` and yields to the browser between them
(``asyncio.sleep``), so clicks (Undo, the log, New game) are handled during a bot's turn. Any
change of the position (a person's move, Undo, a reload, another tab) makes the loop start over
from the position shown, so a stale search never plays.

Events: one delegated ``click`` and one ``keydown`` listener on ``#board`` (the board root) and
one of each on ``document`` for buttons and forms, each wrapped once with ``create_proxy`` and
kept for the page's life. Targets are found with ``closest()``, so re-rendered elements need no
rebinding.
"""

from __future__ import annotations

import asyncio
import gc
from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from altibox import GAMES

from . import botplay, guard, howto, pages, routes, screens
from .dom import ARROWS, is_null, show_status
from .games import BOARDS, BoardUI, Frame
from .patch import Patcher
from .session import Session, broken_save_notice, broken_save_players, broken_save_seats, replacement_session
from .storage import Storage, problem_notice
from .turns import Turns, seat_kinds

if TYPE_CHECKING:  # loaded when first needed: start-up compiles only what a game screen uses
    from .scenes import SceneBoard
    from .widget import Embed

DRAG_PX = 8  # a press that moves this far (CSS px) is a drag, not a click
NARROW_BELOW = 760  # window width (CSS px) under which a board uses its phone layout



def query_params() -> dict[str, str]:
    """The page address's parameters, as :func:`web.routes.parse_query` reads them, parsed by
    the browser (``URLSearchParams``: the same form decoding, without importing urllib.parse)."""
    return routes.first_values(window.Array.from_(window.URLSearchParams.new(window.location.search)))


def by_id(name: str):
    """``document.getElementById``."""
    return document.getElementById(name)


class App:
    """The page's controller: one instance for the page's life (see :func:`main`)."""

    def __init__(self) -> None:
        self.storage = Storage(lambda: window.localStorage, lambda: window.Date.now())
        self.game_id: str | None = None
        self.session: Session | None = None
        self.turns: Turns | None = None
        self.ui: dict = {"selected": None, "focus": None}
        self.board_ui: BoardUI | None = None
        self.pending: Session | None = None  # a new game waiting for the player's go-ahead
        self.last_saved: str | None = None
        self.save_warned = False
        self.keyboard = False  # was the last input a key? (where to put the focus after it)
        self.patcher = Patcher()  # redraws only the parts of the board that changed
        self.drawn_svg: str | None = None  # the board's svg as last drawn
        self._html_shown: dict[str, str] = {}  # put_html: what each panel shows
        self.paint = to_js([])  # click to the next frame painted, in ms, read by tests/bench.py
        window.altiboxPaint = self.paint
        self.perf = to_js([])  # click-to-render times in ms, read by tests/bench.py
        window.altiboxPerf = self.perf
        self._log_shown: list[tuple[str, str]] = []
        self._bot_running = False
        self._shown_at = 0.0     # performance.now() when the position shown was first drawn
        self._shown_key = None   # (session, ply) of that position
        self.bot_fast = self.storage.settings().get("bot_pace") == "fast"
        self.bot_slices = to_js([])  # longest slice of each bot move in ms, read by benchmarks
        window.altiboxBotSlices = self.bot_slices
        self.drag: dict | None = None  # a drag from a draggable cell: {"cell", "x", "y", "on"}
        self.skip_click = False  # the click that ends a drag is not a click
        self._turn_passed = None  # the state shown after a board click that passed the turn
        self._proxies = []
        self.scene_boards: dict[str, SceneBoard] = {}  # the How-to-play page's live boards
        board = by_id("board")
        rules = by_id("rules")
        for target, kind, handler, capture in (
                (board, "click", self.on_board_click, False), (board, "keydown", self.on_board_key, False),
                (rules, "click", self.on_scene_click, False), (rules, "keydown", self.on_scene_key, False),
                (window, "popstate", self.on_popstate, False),
                (document, "click", self.on_doc_click, False), (document, "keydown", self.on_doc_key, False),
                (document, "submit", self.on_submit, False), (document, "pointerdown", self.on_pointer, True),
                (board, "pointerdown", self.on_drag_start, False), (document, "pointermove", self.on_drag_move, False),
                (document, "pointerup", self.on_drag_end, False), (document, "pointercancel", self.on_drag_cancel, False),
                (window, "storage", self.on_storage, False)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            target.addEventListener(kind, proxy, capture)
        # a finger that lands on a good to drag must not scroll the page: only a touchmove
        # listener that is not passive can say so (CSS touch-action is not honoured on the
        # elements inside an <svg>); see on_drag_start
        self._on_touch_move = create_proxy(self.on_touch_move)
        self._not_passive = to_js({"passive": False}, dict_converter=window.Object.fromEntries)
        self._touch_el = None
        self._no_scroll = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
        self._focus_pending = False
        self._focus_later = create_proxy(lambda *_: self.flush_focus())
        self._scroll_log = create_proxy(lambda *_: setattr(by_id("log"), "scrollTop", by_id("log").scrollHeight))
        # boards with a phone layout (Altiplano's 360-unit svg) follow the width of the window
        self._narrow_query = window.matchMedia(f"(max-width: {NARROW_BELOW - 1}px)")
        self._on_narrow = create_proxy(self.on_narrow)
        try:
            self._narrow_query.addEventListener("change", self._on_narrow)
        except Exception:  # very old engines: no change events, the layout is chosen per render
            pass

    # ------------------------------------------------------------ routing

    def start(self) -> None:
        """Show the screen the URL asks for, then mark the page ready."""
        try:
            self.route(query_params())
        except Exception as exc:  # never a blank page, never stuck: the landing page says so
            try:
                self.session, self.pending = None, None
                self.show_landing()
                self.notice(guard.START_FAILED, detail=f"{type(exc).__name__}: {exc}")
            except Exception:
                self.show_error(f"Something went wrong while opening this page: {exc}")
            window.console.error(f"Altibox could not open this page: {type(exc).__name__}: {exc}")
        finally:
            document.documentElement.classList.add("ready")

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
        if params.get("page") == "rules":
            if howto.has_page(game):
                self.show_rules(game)
            else:
                self.show_error(f"{module.INFO.name} has no How-to-play page yet.")
            return
        saved, broken = self.load_saved(game, replaced=params.get("new") != "1" and params.get("rec", "") == "")
        if broken and not broken["kept"]:
            self.show_setup()  # no copy of the broken save fits: begin nothing over it (issue 23)
            return
        if params.get("rec", "") != "":
            self.open_link(game, params["rec"], saved)
            return
        if params.get("new") == "1":
            try:
                seed, players, options = routes.new_game_request(params, module)
                count = module.INFO.default_players if players is None else players
                seats = routes.seats_request(params, count)
                meta = botplay.seats_meta(module.INFO, count, seats)
                session = Session.new(game, seed=seed, players=players, options=options, meta=meta)
            except ValueError as exc:
                self.session = saved
                self.notice(f"This link cannot start a game: {exc}. Choose the options below instead.")
                self.show_setup()
                return
            if saved is not None and saved.ply > 0 and not module.is_over(saved.state):
                self.confirm_replace(saved, session)  # never lose a game in progress silently
                return
            self.begin(session)
            return
        if broken:
            self.begin(replacement_session(game, broken["players"], broken["seats"]))
            return
        resuming = saved is not None and params.get("form") != "1"
        seats_note = routes.seats_ignored_notice(
            params, module.num_players(saved.state) if saved is not None else module.INFO.default_players, resuming)
        if seats_note:
            self.notice(seats_note)
        if saved is not None:
            if params.get("form") == "1":
                self.session = saved
                self.show_setup()
                return
            self.show_play(saved)
            return
        if self.storage.problem:
            self.warn_storage()
        self.show_setup()

    def load_saved(self, game: str, replaced: bool = True) -> tuple[Session | None, dict | bool]:
        """The saved game of ``game``, replayed; ``(None, broken)`` when a save existed but could
        not be read or replayed: it is then moved to a backup key and the player is told in plain
        words (the parser's or the replay's words under "Technical details"). ``broken`` is
        ``{"players": N or None, "seats": [...] or None}``, what the broken save still shows (the
        new game that replaces it keeps them: ``session.replacement_session``);
        ``replaced``: the page goes on with that replacement (not a link's own new game), so the
        notice says its player count."""
        text = self.storage.load_save(game)
        if text is None:
            return None, False
        try:
            session = Session.from_text(game, text)
        except Exception as exc:  # RecordError, or anything a hostile save could provoke
            module = GAMES[game]
            kept = self.storage.backup(game, text)  # None: no copy fits, the save stays as it is
            players = broken_save_players(module, text)
            shown = players if replaced and players is not None and len(module.PLAYERS) > 1 else None
            self.notice(broken_save_notice(module.INFO.name, kept is not None, shown), detail=str(exc))
            return None, {"players": players, "seats": broken_save_seats(module, text, players),
                          "kept": kept is not None}
        self.last_saved = text  # what this tab has seen: begin() asks before replacing another
        for note in session.notes:
            self.notice(note)
        return session, False

    def open_link(self, game: str, text: str, saved: Session | None) -> None:
        """Play by link (``?game=G&rec=…``): continue the game the link carries on this device.

        The record is replayed under the rules: a tampered link (not JSON, damaged compression,
        an illegal move, another game) is refused with the reason and the bad text quoted. A game
        in progress here is never replaced without asking (the confirm-replace screen); a link
        that continues the saved game (the same start, the saved moves first) is taken at once.
        """
        from . import links, share
        module = GAMES[game]
        try:
            record = links.decode_record(text)
            record = share.shared_record(module, Session.from_record(game, record).state,
                                         record.get("meta") if isinstance(record.get("meta"), dict) else {})
            session = Session.from_record(game, record)
        except Exception as exc:  # LinkError, RecordError, or anything a hostile link provokes
            where = f" (move {exc.ply}: {exc.move})" if getattr(exc, "ply", 0) else ""
            self.show_error(f"This link cannot be continued: {exc}{where}. The link says: "
                            f"rec={links.shown_text(text, 120)}")
            return
        over = saved is not None and saved.module.is_over(saved.state)
        plan = share.link_plan(record, saved.record() if saved is not None else None, over)
        if plan == "same":
            self.show_play(saved)
            self.notice("This link shows the game you already have here.")
        elif plan == "replace":
            self.confirm_replace(saved, session, link_ply=session.ply)
        else:
            self.begin(session)
            played = f"{session.ply} move{'s' if session.ply != 1 else ''} played"
            self.notice(f"Continuing the game from the link ({played}). Make your move, then use "
                        f"Share / Embed to send the new link back.")

    def open_share(self) -> None:
        """The Share / Embed dialog: the link to continue this game, and two ``<iframe>`` snippets."""
        from . import share
        s = self.session
        if s is None:
            return
        addresses = share.share_links(share.site_base(str(window.location.href)), s.module, s.state, s.meta)
        dialog = by_id("share-dialog")
        dialog.innerHTML = share.share_html(s.module.INFO.name, bool(s.module.INFO.hidden), addresses, s.ply)
        if not dialog.open:
            dialog.showModal()
        by_id("share-link").focus()
        by_id("share-link").select()

    def copy(self, target_id: str) -> None:
        """Copy a field of the share dialog (selected first, so Ctrl+C works where copying is
        not allowed, e.g. some sandboxed frames)."""
        field = by_id(target_id)
        said = by_id("share-copied")
        if is_null(field) or is_null(said):
            return
        field.focus()
        field.select()
        try:
            done = bool(document.execCommand("copy"))
        except Exception:
            done = False
        said.textContent = "Copied." if done else "Selected: press Ctrl+C (⌘C on a Mac) to copy."

    def confirm_replace(self, saved: Session, new: Session, link_ply: int | None = None) -> None:
        """A new-game link opened over a game in progress: ask before replacing it."""
        self.pending = new
        self.session = saved
        by_id("setup").innerHTML = screens.confirm_replace_html(saved.module.INFO.name, saved.ply, link_ply)
        by_id("title").textContent = saved.module.INFO.name
        self.screen("setup")

    def set_url(self, query: str) -> None:
        """Replace the address bar's query without reloading (so a reload resumes)."""
        try:
            window.history.replaceState(None, "", query)
        except Exception:
            pass

    # ------------------------------------------------------------ screens

    def screen(self, name: str) -> None:
        document.documentElement.dataset.screen = name

    def show_landing(self) -> None:
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
        document.title = "Altibox"
        self.screen("landing")

    def show_error(self, message: str) -> None:
        by_id("error").innerHTML = screens.error_html(message)
        self.screen("error")

    def show_setup(self) -> None:
        info = GAMES[self.game_id].INFO
        values = {}
        s = self.session
        if s is not None and s.game_id == self.game_id:  # a rematch: same seats, names, options
            values = {**s.state.options, "players": s.module.num_players(s.state),
                      "names": list(s.names) if s.meta.get("names") else [],
                      "seats": seat_kinds(s.meta, s.module.num_players(s.state))}
        by_id("setup").innerHTML = screens.setup_html(self.game_id, values, replaces_save=s is not None,
                                                      back_to_game=s is not None and s.game_id == self.game_id)
        by_id("title").textContent = info.name
        document.title = f"New game · {info.name} · Altibox"
        self.set_url(f"?game={self.game_id}")
        self.screen("setup")

    def begin(self, session: Session) -> None:
        """Start playing a new session: save it and fix the URL so a reload resumes it. A game
        another tab saved since this one last read the save is never overwritten: the player is
        asked first (guard.newer_game compares at the moment of writing)."""
        stored = self.storage.load_save(session.game_id)
        newer = guard.newer_game(session.game_id, stored, self.last_saved)
        if newer is not None:
            self.last_saved = stored  # seen now: the go-ahead below replaces exactly this game
            self.confirm_replace(newer, session)
            self.notice(guard.NEWER_GAME)
            return
        self.set_url(f"?game={session.game_id}")
        self.show_play(session)
        self.save()

    def show_play(self, session: Session) -> None:
        self.session = session
        self.game_id = session.game_id
        self.board_ui = BOARDS[session.game_id]
        self.ui = {"selected": None, "focus": None}
        self.turns = Turns.restore(session.module, session.states, session.meta)
        if session.module.INFO.hidden:
            session.redo.clear()  # a redo stack would replay moves made with hidden cards
        self._log_shown = []
        by_id("log").innerHTML = ""
        info = session.module.INFO
        by_id("board").dataset.game = session.game_id
        document.documentElement.dataset.game = session.game_id
        by_id("title").textContent = info.name
        document.title = f"{info.name} · Altibox"
        self.set_url(f"?game={session.game_id}")
        howto_link = by_id("howto-link")
        if not is_null(howto_link):
            howto_link.hidden = not howto.has_page(session.game_id)
            howto_link.setAttribute("href", howto.howto_url(session.game_id))
        legend = by_id("legend")
        if not is_null(legend):
            has_legend = hasattr(session.module, "legend")
            legend.hidden = not has_legend
            legend.innerHTML = ('<summary>Legend: what the symbols mean</summary>'
                                + (howto.legend_html(session.game_id, compact=True) if has_legend else ""))
        self.screen("play")
        self.render()

    # ------------------------------------------------------------ How to play

    def show_rules(self, game: str) -> None:
        """The How-to-play page of ``game``: texts and live scene boards (one interpreter for
        every board: each board is a :class:`SceneBoard` drawn into its ``<figure>``). The saved
        game is not touched: "Back to the game" resumes it."""
        from altibox.core.scenes import find_scene

        from .scenes import SceneBoard
        info = GAMES[game].INFO
        t0 = window.performance.now()
        has_save = self.storage.load_save(game) is not None
        root = by_id("rules")
        root.innerHTML = howto.howto_html(game, back=f"?game={game}" if has_save else None)
        self.scene_boards = {}
        for fig in root.querySelectorAll("figure[data-scene]"):
            sid = str(fig.getAttribute("data-scene"))
            try:
                board = SceneBoard(find_scene(game, sid))
            except Exception as exc:  # a broken scene file: say so in its place, keep the page
                fig.innerHTML = f'<p class="warn">This example cannot be shown: {pages.esc(exc)}</p>'
                continue
            self.scene_boards[sid] = board
            self.render_scene(fig, board)
        # how long the page's Python took to build every live board (read by benchmarks)
        root.setAttribute("data-render-ms", f"{window.performance.now() - t0:.1f}")
        document.documentElement.dataset.game = game
        by_id("title").textContent = f"How to play {info.name}"
        document.title = f"How to play · {info.name} · Altibox"
        self.set_url(howto.howto_url(game))
        self.screen("rules")
        window.scrollTo(0, 0)

    def render_scene(self, fig, board: SceneBoard, announce: str | None = None, focus: str | None = None) -> None:
        """Redraw one scene's figure from its board (title, caption, board, feedback)."""
        board.ui["narrow"] = bool(self._narrow_query.matches)  # Altiplano's phone layout
        fig.innerHTML = board.html()
        fig.setAttribute("data-kind", board.kind)
        if announce:
            by_id("announce").textContent = announce
        if focus:
            el = fig.querySelector(f'[data-cell="{focus}"]')
            if is_null(el):
                el = fig.querySelector("[data-scene-action]")
            if not is_null(el):
                el.focus()

    def scene_event(self, target, keyboard: bool = False) -> None:
        """A click (or Enter) inside a scene: reset, try a ``data-move``, or (de)select a cell."""
        if is_null(target):
            return
        fig = target.closest("figure[data-scene]")
        if is_null(fig):
            return
        board = self.scene_boards.get(str(fig.getAttribute("data-scene")))
        if board is None:
            return
        if not is_null(target.closest("[data-scene-action]")):
            board.reset()
            self.render_scene(fig, board, "The example is back at its start.", focus=board.ui.get("focus") if keyboard else None)
            return
        move_el = target.closest("[data-move]")
        cell_el = target.closest("[data-cell]")
        move = None if is_null(move_el) else str(move_el.getAttribute("data-move"))
        cell = None if is_null(cell_el) else str(cell_el.getAttribute("data-cell"))
        said = board.click(cell, move)
        if said is None:
            return
        self.render_scene(fig, board, said or None, focus=cell if keyboard else None)

    def on_scene_click(self, event) -> None:
        self.scene_event(event.target)

    def on_scene_key(self, event) -> None:
        key = str(event.key)
        if key not in ("Enter", " ") or is_null(event.target):
            return
        cell_el = event.target.closest("[data-cell]")
        if is_null(cell_el):
            return
        event.preventDefault()
        self.scene_event(cell_el, keyboard=True)

    def navigate(self, href: str) -> None:
        """Follow an in-site link (``data-nav``) without reloading Python: push the address and
        show its screen (the saved game is read again from storage, so it is intact)."""
        try:
            window.history.pushState(None, "", href)
        except Exception:
            window.location.href = href
            return
        self.session = None
        self.route(query_params())

    def on_popstate(self, event) -> None:
        self.session = None
        self.route(query_params())

    # ------------------------------------------------------------ rendering

    def frame(self) -> Frame:
        """What the board shows now: whose view (or the public one) and the selection."""
        s, turns = self.session, self.turns
        viewer, withhold = turns.viewer(s.states)
        last_player = s.module.current_player(s.states[-2]) if s.ply else None
        turn = self.status()[1] if not s.module.is_over(s.state) else None
        return Frame(view=s.module.view(s.state, viewer), viewer=viewer, withhold=withhold,
                     ui=self.ui, names=tuple(s.names), last=s.last_move, last_player=last_player,
                     turn=turn)

    def status(self) -> tuple[str, int | None]:
        """``#status`` words and the seat whose turn the page shows (its dot)."""
        s = self.session
        bot = self.turns.bot_to_move(s.states)
        if bot is not None:
            return botplay.thinking_words(s.names[bot], self.turns.seats[bot]), bot
        return pages.turn_status(s.module, s.states, self.turns, s.names)

    def render(self, announce: str | None = None, t0: float | None = None, hint_kept: bool = False) -> None:
        """Redraw the board and the panel from the session; all hooks change in this one call.
        ``hint_kept``: leave the "why not" message (``#hint``) up (it was just set)."""
        s, turns, bui = self.session, self.turns, self.board_ui
        module, state, names = s.module, s.state, s.names
        board = by_id("board")
        had_focus = board.contains(document.activeElement) and not is_null(document.activeElement)
        self.ui["narrow"] = bool(self._narrow_query.matches)
        frame = self.frame()
        self.drawn_svg = bui.svg(frame)  # what clicks are checked against (guard.drawn)
        self.patcher.draw(board, self.drawn_svg)
        board.setAttribute("data-position", bui.position(state))
        board.setAttribute("data-ply", str(s.ply))
        board.removeAttribute("aria-busy")
        if not frame.withhold:
            floor = turns.floor
            turns.saw(s.states, frame.viewer)
            if turns.floor != floor:
                self.save()
        out = module.outcome(state)
        words, seat = self.status()
        show_status(by_id("status"), words, seat, out)
        privacy = by_id("privacy")
        who = turns.privacy(s.states)
        was_hidden = bool(privacy.hidden)
        privacy.hidden = who is None
        if who is not None and was_hidden and self.board_ui.explains:
            # the device changes hands: bring the "I am NAME" button into view (on a phone the
            # previous player was further down the board)
            privacy.scrollIntoView(True)
        if who is not None:
            sentence, label = bui.privacy_words(names[who])
            privacy.innerHTML = (f'<p>{pages.esc(sentence)}</p>'
                                 f'<button type="button" class="primary" data-action="reveal">'
                                 f'{pages.esc(label)}</button>')
        banner_text = bui.banner(frame)
        banner = by_id("banner")
        banner.hidden = not banner_text
        if banner_text and banner.textContent != banner_text:
            banner.textContent = banner_text
        self.put_html(by_id("scores"), pages.scores_html(module, state, names))
        self.render_log(bui.log_entries(s.states, s.log, names))
        if not hint_kept:
            self.hint(None)
        result = by_id("result")
        self.put_html(result, pages.result_html(module, state, names))
        result.hidden = out is None
        line = by_id("log-result")
        if not is_null(line):
            line.textContent = pages.result_line(module, state, names)
            line.hidden = out is None
        by_id("undo").disabled = not self.can_undo()
        by_id("redo").disabled = not self.can_redo()
        by_id("confirm").hidden = not turns.needs_confirm(s.states)
        if announce:
            by_id("announce").textContent = announce
        if self.keyboard:
            self.keep_focus()
        elif had_focus:
            # after a click, the focus follows in the next frame: focus() here would force the
            # browser to style and lay out the redrawn board inside the click (a forced
            # synchronous layout); a key pressed before that frame flushes it (flush_focus)
            if not self._focus_pending:
                self._focus_pending = True
                window.requestAnimationFrame(self._focus_later)
        if t0 is not None:
            self.perf.push(window.performance.now() - t0)
            # what a player feels: from the click to the next frame painted (tests/bench.py)
            window.requestAnimationFrame(create_once_callable(lambda *_: window.setTimeout(
                create_once_callable(lambda *_: self.paint.push(window.performance.now() - t0)), 0)))
        key = (id(s), s.ply, id(s.state))
        if key != self._shown_key:
            self._shown_key = key
            self._shown_at = float(window.performance.now())
        fast = by_id("botfast")
        if not is_null(fast):
            fast.hidden = not any(k != "person" for k in turns.seats)
            fast.setAttribute("aria-pressed", "true" if self.bot_fast else "false")
        # scroll the log after layout, in the next frame: reading scrollHeight here would force
        # a synchronous layout of the whole page inside the click handler
        window.requestAnimationFrame(self._scroll_log)
        bot_state = "thinking" if self._bot_running else "idle"
        if document.documentElement.getAttribute("data-bot") != bot_state:
            document.documentElement.dataset.bot = bot_state
        self.kick_bots()

    def put_html(self, el, html: str) -> None:
        """Set ``el``'s content to ``html`` unless it already shows exactly that (an unchanged
        panel is not parsed, styled and laid out again on every click)."""
        key = str(el.id)
        if self._html_shown.get(key) != html:
            el.innerHTML = html
            self._html_shown[key] = html

    def render_log(self, entries: list[tuple[str, str]]) -> None:
        """Bring ``#log`` to ``entries`` touching only what changed (usually one new item)."""
        log = by_id("log")
        shown = self._log_shown
        keep = 0
        while keep < min(len(shown), len(entries)) and shown[keep] == entries[keep]:
            keep += 1
        if keep == 0 and shown:
            log.innerHTML = ""
        else:
            while log.children.length > keep:
                log.lastElementChild.remove()
        if len(entries) > keep:
            log.insertAdjacentHTML("beforeend", pages.log_html(entries[keep:], first=keep + 1))
        self._log_shown = list(entries)

    def can_undo(self) -> bool:
        s = self.session
        return s is not None and self.board_ui.undo_target(self.turns, s.states) is not None

    def can_redo(self) -> bool:
        s = self.session
        if s is None or not s.can_redo():
            return False
        return self.turns.can_redo(s.states, self.turns.viewer(s.states)[0])

    def flush_focus(self) -> bool:
        """Move the focus now if a click left it to the next frame; True if it did."""
        if not self._focus_pending:
            return False
        self._focus_pending = False
        if self.session is not None and document.documentElement.getAttribute("data-screen") == "play":
            self.keep_focus(scroll=False)
        return True

    def keep_focus(self, scroll: bool = True) -> None:
        """After a keyboard action, put the focus where the next step is: the "show my cards"
        button, the End turn button, or the board (never lost to <body>). ``scroll=False``
        (after a click or a tap): the page does not move to show it."""
        opts = None if scroll else self._no_scroll
        privacy = by_id("privacy")
        if not privacy.hidden:
            privacy.querySelector("button").focus(opts)
        elif not by_id("confirm").hidden:
            by_id("confirm").focus(opts)
        else:
            self.focus_cell(self.ui.get("focus"), opts)

    def focus_cell(self, cell: str | None, opts=None) -> None:
        board = by_id("board")
        active = document.activeElement
        if cell and not is_null(active) and board.contains(active) \
                and active.getAttribute("data-cell") == cell:
            return  # still focused (its part of the board was not redrawn): no layout forced
        el = board.querySelector(f'[data-cell="{cell}"]') if cell else None
        if is_null(el):
            el = board.querySelector('[tabindex="0"]') or board.querySelector("[data-cell]")
        if not is_null(el):
            el.focus(opts)

    def notice(self, message: str, detail: str | None = None) -> None:
        """Show a message in ``#notice`` (and announce it); ``detail`` (technical words, e.g. a
        parser's) goes in a closed "Technical details" box under it, not announced."""
        box = by_id("notice")
        box.querySelector(".text").textContent = message
        old = box.querySelector("details.detail")
        if not is_null(old):
            old.remove()
        if detail:
            more = document.createElement("details")
            more.className = "detail"
            summary = document.createElement("summary")
            summary.textContent = "Technical details"
            code = document.createElement("code")
            code.textContent = detail
            more.append(summary, code)
            box.insertBefore(more, box.querySelector(".dismiss"))
        box.dataset.kind = ""
        box.hidden = False
        by_id("announce").textContent = message

    def hint(self, message: str | None) -> None:
        """Show (or, with None, clear) the in-page message under ``#status`` that says why a
        click did nothing; it is also announced."""
        box = by_id("hint")
        if is_null(box):
            return
        if message:
            box.textContent = message
            box.hidden = False
            by_id("announce").textContent = message
        elif not box.hidden:
            box.hidden = True
            box.textContent = ""

    def warn_storage(self) -> None:
        """Say once per failure streak that the game is not being saved."""
        if not self.save_warned:
            self.save_warned = True
            framed = document.documentElement.hasAttribute("data-frame")
            self.notice(problem_notice(self.storage.problem, framed))
            by_id("notice").dataset.kind = "storage"

    def save(self) -> None:
        s = self.session
        if s is None:
            return
        s.meta.pop("open_turn", None)  # older saves kept the open turn there
        s.meta["turn"] = self.turns.to_meta()
        written = self.storage.write_save(s.game_id, s.record())
        if written is not None:
            self.last_saved = written
            if self.save_warned:  # storage works again: take the warning back
                self.save_warned = False
                box = by_id("notice")
                if box.dataset.kind == "storage":
                    box.hidden = True
                    box.dataset.kind = ""
                by_id("announce").textContent = "The game is being saved again."
        else:
            self.warn_storage()

    # ------------------------------------------------------------ actions

    def activate(self, target, t0: float | None = None) -> None:
        """A click or Enter on the board: play a ``data-move``, or (de)select a ``data-cell``."""
        s = self.session
        if s is None or is_null(target):
            return
        move_el = target.closest("[data-move]")
        cell_el = target.closest("[data-cell]")
        move = None if is_null(move_el) else str(move_el.getAttribute("data-move"))
        cell = None if is_null(cell_el) else str(cell_el.getAttribute("data-cell"))
        if not guard.click_drawn(self.drawn_svg, cell, move):
            self.refuse_click()  # changed in the page, not drawn by us (issue 23)
            return
        frame = self.frame()
        bui = self.board_ui
        if frame.viewer is None or frame.withhold or s.module.is_over(s.state) \
                or frame.viewer != s.module.current_player(s.state) \
                or not self.turns.is_person(frame.viewer):
            if not bui.explains:
                return
            who = self.turns.privacy(s.states)
            bot = self.turns.bot_to_move(s.states)
            if s.module.is_over(s.state):
                why = "The game is over: Rematch, or start a new game."
            elif bot is not None:
                why = f"Wait for {s.names[bot]}: the computer is choosing its move."
            elif self.turns.needs_confirm(s.states):
                why = "End the turn first (End turn), or undo."
            elif who is not None:
                why = f"Pass the device to {s.names[who]} first: they press “I am {s.names[who]}”."
            else:
                why = bui.why_not(frame, cell)
            if why:
                self.hint(why)
            return
        if move is not None:
            self.play(move, t0)
            return
        if cell is None:
            return
        self.ui["focus"] = cell
        self.ui["just_selected"] = None
        if bui.is_selected(self.ui, cell):
            bui.select(self.ui, None)
            self.render(t0=t0)
        elif cell in bui.selectable(frame):
            bui.select(self.ui, cell)
            self.ui["just_selected"] = cell
            self.render(t0=t0)
        else:
            selected = self.ui.get("selected")
            why = bui.why_not(frame, cell, selected)
            if why:  # a click that plays nothing: say why in the page, keep the selection (issue 12)
                self.hint(why)
                self.render(t0=t0, hint_kept=True)
                return
            had = selected is not None
            bui.select(self.ui, None)
            words = pages.status_words(s.module, s.state, s.names)
            self.render(announce=None if had else f"Nothing to play from there. {words}", t0=t0)

    def refuse_click(self) -> None:
        """A clicked ``data-cell``/``data-move`` the board did not draw: say so in ``#hint``,
        drop the selection and draw the board again from the game (board and save in step)."""
        self.board_ui.select(self.ui, None)
        self.ui["focus"] = None
        self.patcher.shown = None  # every part drawn again: the changed element goes too
        self.hint(guard.UNKNOWN_CLICK)
        self.render(hint_kept=True)

    def play(self, move: str, t0: float | None = None) -> None:
        s = self.session
        try:
            notation, words = s.play(move)
        except ValueError as exc:
            self.notice(f"That move is not allowed: {exc}")
            return
        self.turns.moved(s.states)
        if not self.turns.is_person(s.module.current_player(s.states[-2])):
            # a bot's move is announced as the log shows it (Altiplano: a secret placement
            # reads "NAME plans", never what was placed where)
            words = self.board_ui.log_entries(s.states, s.log, s.names)[-1][1]
        self.board_ui.select(self.ui, None)
        self.ui["just_selected"] = None
        self.ui["focus"] = self.board_ui.focus_after(notation)
        self.save()
        self.render(announce=f"{words}. {self.status()[0]}", t0=t0)

    def undo(self) -> None:
        s, turns = self.session, self.turns
        target = self.board_ui.undo_target(turns, s.states) if s is not None else None
        if target is None:
            return
        taken = []
        while s.ply > target:
            taken.append(s.undo()[1])
        turns.undone(s.states)
        self.board_ui.select(self.ui, None)
        self.save()
        self.render(announce=f"Took back: {'; '.join(reversed(taken))}. {self.status()[0]}")

    def redo(self) -> None:
        s = self.session
        entry = s.redo_move() if self.can_redo() else None
        if entry:
            self.turns.moved(s.states)
            self.board_ui.select(self.ui, None)
            self.save()
            self.render(announce=f"Replayed: {entry[1]}. {self.status()[0]}")

    def end_turn(self) -> None:
        """The mover confirms their turn: no undo from here; the next player's cards stay hidden
        until they say they hold the device (the mover keeps it on a double turn or solo)."""
        s = self.session
        if s is None or not self.turns.needs_confirm(s.states):
            return
        self.turns.end_turn(s.states)
        s.redo.clear()
        self.save()
        self.render(announce=self.status()[0])

    def reveal(self) -> None:
        """The player to move says they hold the device: show their cards."""
        s = self.session
        if s is None or self.turns.privacy(s.states) is None:
            return
        self.turns.reveal(s.states)
        self.render(announce=self.status()[0])
        self.focus_cell(self.board_ui.first_focus(self.frame()))

    def start_from_form(self, form) -> None:
        fields = {}
        entries = window.FormData.new(form).entries()
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
            self.notice(f"Cannot start this game: {exc}")
            return
        self.begin(session)
        self.focus_cell(None)

    # ------------------------------------------------------------ bots

    def kick_bots(self) -> None:
        """Start the bot loop when a bot seat is to move and no loop runs."""
        s = self.session
        if s is None or self._bot_running or self.turns.bot_to_move(s.states) is None:
            return
        self._bot_running = True
        document.documentElement.dataset.bot = "thinking"
        asyncio.ensure_future(self._bot_loop())

    def _clock(self) -> float:
        return float(window.performance.now()) / 1000.0

    async def _bot_loop(self) -> None:
        """Play bot moves while a bot is to move: search in slices, yield between them, wait
        for the pace, play. Starts over whenever the position shown changes under it."""
        job = None
        try:
            while True:
                s = self.session
                if s is None or document.documentElement.dataset.screen != "play":
                    break
                seat = self.turns.bot_to_move(s.states)
                if seat is None:
                    break
                if job is None or job.session is not s or job.state is not s.state:
                    job = botplay.BotTurn(s.game_id, s.state, self.turns.seats[seat],
                                          s.record().get("seed"), s.ply, self._clock)
                    job.session, job.state = s, s.state
                    await asyncio.sleep(0)
                    continue
                if not job.work():
                    await asyncio.sleep(0)
                    continue
                wait = botplay.wait_ms(self._shown_at, float(window.performance.now()), self.bot_fast)
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
            document.documentElement.dataset.bot = "idle"

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

    # ------------------------------------------------------------ event handlers

    def on_board_click(self, event) -> None:
        if self.session is None:
            return
        t0 = window.performance.now()
        if self.skip_click is not False:  # the click that ends a drag and drop
            skip, self.skip_click = self.skip_click, False
            if float(event.timeStamp) - skip < 800:
                return
        # Every click acts on the board as it is now drawn: a quick second tap on the cell just
        # played acts again (a touch screen's "double click"). Two exceptions: the second click
        # of a double click on the source it just selected keeps the selection alive, and a
        # later click of a double click never plays a move for the next player when the first
        # click passed the turn (Altiplano: their Draw button shows where the first Draw was).
        if event.detail and int(event.detail) > 1 and not is_null(event.target):
            cell_el = event.target.closest("[data-cell]")
            if not is_null(cell_el) and self.ui.get("just_selected") == str(cell_el.getAttribute("data-cell")):
                return
            if self._turn_passed is not None and self._turn_passed is self.session.state \
                    and not is_null(event.target.closest("[data-move]")):
                self.hint("The turn has passed: that was a double click, so it did nothing. "
                          "Click again to play for the next player.")
                return
        s = self.session
        before = s.module.current_player(s.state)
        self.activate(event.target, t0)
        # set by the click that passed the turn, cleared by any other click that acts
        now = self.session
        self._turn_passed = now.state if now is s and \
            s.module.current_player(now.state) != before else None

    def on_board_key(self, event, target=None) -> None:
        if self.session is None:
            return
        key = str(event.key)
        self.keyboard = True
        if target is None:
            target = document.activeElement if self.flush_focus() else event.target
        cell_el = target.closest("[data-cell]") if not is_null(target) else None
        if key in ("Enter", " ") and not is_null(cell_el):
            event.preventDefault()
            self.activate(cell_el, window.performance.now())
        elif key in ARROWS and not is_null(cell_el):
            event.preventDefault()
            nxt = self.neighbour(cell_el, *ARROWS[key])
            if nxt is not None and guard.drawn(self.drawn_svg, "data-cell", str(nxt.getAttribute("data-cell"))):
                cell_el.setAttribute("tabindex", "-1")
                nxt.setAttribute("tabindex", "0")
                self.ui["focus"] = str(nxt.getAttribute("data-cell"))
                nxt.focus()
        elif key == "Escape" and self.ui["selected"] is not None:
            self.board_ui.select(self.ui, None)
            self.render()

    def neighbour(self, el, dx: int, dy: int):
        """The nearest ``[data-cell]`` from ``el`` in the arrow's direction (by screen position)."""
        r = el.getBoundingClientRect()
        cx, cy = r.left + r.width / 2, r.top + r.height / 2
        best, best_d = None, None
        for other in by_id("board").querySelectorAll("[data-cell]"):
            o = other.getBoundingClientRect()
            ox, oy = o.left + o.width / 2 - cx, o.top + o.height / 2 - cy
            along = ox * dx + oy * dy
            if along <= 1:
                continue
            across = abs(ox * dy - oy * dx)
            d = along + 2 * across
            if best_d is None or d < best_d:
                best, best_d = other, d
        return best

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
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "newgame" and self.game_id:
            self.show_setup()
        elif action == "rematch" and self.session is not None:
            self.begin(self.session.rematch())
            if self.keyboard:
                self.focus_cell(None)
        elif action == "dismiss":
            by_id("notice").hidden = True
        elif action == "confirm":
            self.end_turn()
        elif action == "start-pending" and self.pending is not None:
            session, self.pending = self.pending, None
            self.begin(session)
        elif action == "resume" and self.session is not None:
            event.preventDefault()  # the new-game form's Back is a link (?game=ID) for a new tab
            self.pending = None
            self.show_play(self.session)
        elif action == "reveal":
            self.reveal()
        elif action == "share":
            self.open_share()
        elif action == "copy":
            self.copy(str(action_el.getAttribute("data-copy")))
        elif action == "close-share":
            by_id("share-dialog").close()
        elif action == "bot-fast":
            self.toggle_bot_pace()

    def on_pointer(self, event) -> None:
        self.keyboard = False

    # drag and drop: press on a draggable cell (Altiplano: a good on a planning space), move,
    # release on a data-move target. Moving past DRAG_PX selects the cell (its targets light up);
    # a release anywhere else keeps the selection, so click-click goes on from there.

    def on_drag_start(self, event) -> None:
        self.drag = None
        if self.session is None or is_null(event.target) or int(event.button or 0) != 0:
            return
        cell_el = event.target.closest("[data-cell]")
        if is_null(cell_el):
            return
        cell = str(cell_el.getAttribute("data-cell"))
        frame = self.frame()
        can = frame.viewer is not None and frame.viewer == self.session.module.current_player(self.session.state) \
            and self.turns.is_person(frame.viewer) and cell in self.board_ui.draggable(frame)
        self.drag = {"cell": cell, "x": float(event.clientX), "y": float(event.clientY), "on": False,
                     "can": can}
        # A touch pointer is captured by the element it lands on, and that element is redrawn
        # when the drag starts (its targets light up): the pointer events of a captured pointer
        # would go to the detached element and never reach the document, so they are let go to
        # follow the finger. Touch events keep going to the element the touch started on (even
        # detached), so the listener that stops the page from scrolling is put on that element.
        target = event.target
        if target.hasPointerCapture(event.pointerId):
            target.releasePointerCapture(event.pointerId)
        self._drop_touch_listener()
        if can and str(event.pointerType) == "touch":
            target.addEventListener("touchmove", self._on_touch_move, self._not_passive)
            self._touch_el = target

    def on_touch_move(self, event) -> None:
        if self.drag is not None and self.drag["can"] and event.cancelable:
            event.preventDefault()

    def _drop_touch_listener(self) -> None:
        if self._touch_el is not None:
            self._touch_el.removeEventListener("touchmove", self._on_touch_move, self._not_passive)
            self._touch_el = None

    def on_drag_move(self, event) -> None:
        drag = self.drag
        if drag is None or drag["on"]:
            return
        if abs(float(event.clientX) - drag["x"]) + abs(float(event.clientY) - drag["y"]) < DRAG_PX:
            return
        if not drag["can"]:
            self.drag = None
            return
        bui = self.board_ui
        drag["on"] = True
        bui.select(self.ui, drag["cell"])
        self.ui["focus"] = drag["cell"]
        self.render()
        by_id("board").classList.add("dragging")

    def on_drag_end(self, event) -> None:
        drag, self.drag = self.drag, None
        self._drop_touch_listener()
        if drag is None or not drag["on"]:
            return
        t0 = window.performance.now()
        by_id("board").classList.remove("dragging")
        self.skip_click = float(event.timeStamp)
        el = document.elementFromPoint(event.clientX, event.clientY)
        move_el = None if is_null(el) else el.closest("#board [data-move]")
        if move_el is not None and not is_null(move_el):
            self.play(str(move_el.getAttribute("data-move")), t0)
        else:
            self.hint("Drop it on an action space outlined in green, or click one.")

    def on_drag_cancel(self, event) -> None:
        self._drop_touch_listener()
        if self.drag is not None and self.drag["on"]:
            by_id("board").classList.remove("dragging")
        self.drag = None

    def on_narrow(self, event=None) -> None:
        """The window crossed the phone width: draw the board in the other layout."""
        if self.session is not None and document.documentElement.dataset.screen == "play":
            self.render()

    def on_doc_key(self, event) -> None:
        if str(event.key) in ("Enter", " ", "Tab") or str(event.key).startswith("Arrow"):
            self.keyboard = True
        if self.session is None or document.documentElement.dataset.screen != "play":
            return
        board = by_id("board")
        if self.flush_focus() and not board.contains(event.target) \
                and board.contains(document.activeElement):
            # the key came before the frame that moves the focus onto the board: act there
            self.on_board_key(event, document.activeElement)
            return
        key = str(event.key).lower()
        if (event.ctrlKey or event.metaKey) and key == "z" and not event.shiftKey:
            event.preventDefault()
            self.undo()
        elif (event.ctrlKey or event.metaKey) and (key == "y" or (key == "z" and event.shiftKey)):
            event.preventDefault()
            self.redo()

    def on_storage(self, event) -> None:
        """Another tab changed our save: follow it rather than overwrite it later."""
        s = self.session
        if s is None or document.documentElement.dataset.screen != "play":
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
        self.notice("This game was played on in another tab or window; showing the latest position.")

    def on_submit(self, event) -> None:
        form = event.target
        if not is_null(form) and str(form.id) == "setup-form":
            event.preventDefault()
            self.start_from_form(form)


def main() -> App | Embed:
    """Create the app and show the screen the URL asks for (embed mode: only a board, see
    :mod:`web.widget`; the app, its saves and its listeners are never created there)."""
    search = str(window.location.search)
    if "embed" in search:  # the embed machinery loads only for an embed (embed_main decides)
        from .widget import embed_main
        embed = embed_main(search)
        if embed is not None:
            return embed
    app = App()
    app.start()
    # everything loaded so far lives as long as the page: keep it out of the garbage
    # collector's full passes (a pass over it cost up to ~8 ms inside a click)
    gc.collect()
    gc.freeze()
    return app
