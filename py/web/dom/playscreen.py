"""The play screen (DOM glue): draws every hook of a table being played (DESIGN.md §3) from
its :class:`web.play.table.Table`, keeps the focus, shows notices and hints, saves, and turns
the table's answers to clicks and buttons into renders. One :class:`PlayScreen` is owned by
:class:`web.dom.app.App` (``app.playscreen``); the board input (:mod:`web.dom.boardinput`) and
the bot loop (:mod:`web.dom.botloop`) call it.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable, create_proxy, to_js
from web.dom import browser

from web.dom.nodes import is_null, show_status, target_of
from web.dom.page import by_id
from web.dom.patch import Patcher
from web.html import panels
from web.html.escape import esc
from web.play.storage import download_name, problem_notice


class PlayScreen:
    """The play screen's drawing and actions. ``app``: the page's :class:`web.dom.app.App`, read
    for the table on the screen (``app.table``, ``app.session``), its bot loop and board input,
    its storage and the save this tab last wrote (``app.last_saved``, written here)."""

    def __init__(self, app) -> None:
        self.app = app
        self.save_warned = False
        self.patcher = Patcher()  # redraws only the parts of the board that changed
        self._html_shown: dict[str, str] = {}  # put_html: what each panel shows
        self.paint = to_js([])  # click to the next frame painted, in ms, read by tests/bench.py
        browser.window.altiboxPaint = self.paint
        self.perf = to_js([])  # click-to-render times in ms, read by tests/bench.py
        browser.window.altiboxPerf = self.perf
        self._log_shown: list[tuple[str, str]] = []
        self.shown_at = 0.0      # performance.now() when the position shown was first drawn
        self._shown_key = None   # (session, ply) of that position
        self._proxies = []
        self._no_scroll = to_js({"preventScroll": True}, dict_converter=browser.window.Object.fromEntries)
        self._focus_pending = False
        self._focus_later = create_proxy(lambda *_: self.flush_focus())
        self._scroll_log = create_proxy(lambda *_: setattr(by_id("log"), "scrollTop", by_id("log").scrollHeight))

    def reset_log(self) -> None:
        """A new table is shown: the log is drawn from its first entry."""
        self._log_shown = []
        by_id("log").innerHTML = ""

    def render(self, announce: str | None = None, t0: float | None = None, hint_kept: bool = False) -> None:
        """Redraw the board and the panel from the session; all hooks change in this one call.
        ``hint_kept``: leave the "why not" message (``#hint``) up (it was just set)."""
        t = self.app.table
        s = t.session
        module, state, names = s.module, s.state, s.names
        board = by_id("board")
        had_focus = board.contains(browser.document.activeElement) and not is_null(browser.document.activeElement)
        t.ui["narrow"] = bool(self.app._narrow_query.matches)
        frame = t.frame()
        t.board.drawn = t.adapter.svg(frame)  # what clicks are checked against (issue 23)
        self.patcher.draw(board, t.board.drawn)
        board.setAttribute("data-position", t.adapter.position(state))
        board.setAttribute("data-ply", str(s.ply))
        board.removeAttribute("aria-busy")
        if t.shown(frame):
            self.save()
        out = module.outcome(state)
        words, seat = t.status()
        show_status(by_id("status"), words, seat, out)
        privacy = by_id("privacy")
        asked = t.privacy()
        was_hidden = bool(privacy.hidden)
        privacy.hidden = asked is None
        if asked is not None and was_hidden and t.adapter.explains:
            # the device changes hands: bring the "I am NAME" button into view (on a phone the
            # previous player was further down the board)
            privacy.scrollIntoView(True)
        if asked is not None:
            sentence, label = asked
            privacy.innerHTML = (f'<p>{esc(sentence)}</p>'
                                 f'<button type="button" class="primary" data-action="reveal">'
                                 f'{esc(label)}</button>')
        banner_text = t.adapter.banner(frame)
        banner = by_id("banner")
        banner.hidden = not banner_text
        if banner_text and banner.textContent != banner_text:
            banner.textContent = banner_text
        self.put_html(by_id("scores"), panels.scores_html(module, state, names))
        self.render_log(t.log_entries())
        if not hint_kept:
            self.hint(None)
        result = by_id("result")
        self.put_html(result, panels.result_html(module, state, names))
        result.hidden = out is None
        see = by_id("see-scores")
        if not is_null(see):
            see.hidden = out is None
        undo = by_id("undo")
        undo.disabled = not t.can_undo()
        undo.title = t.undo_title()
        by_id("redo").disabled = not t.can_redo()
        by_id("confirm").hidden = not t.needs_confirm()
        step, act = t.bar_action(frame), by_id("bar-act")
        if not is_null(act):
            act.hidden = step is None
            if step is not None:
                act.dataset.move, act.textContent = step
        if announce:
            by_id("announce").textContent = announce
        if self.app.input.keyboard:
            self.keep_focus()
        elif had_focus:
            # after a click, the focus follows in the next frame: focus() here would force the
            # browser to style and lay out the redrawn board inside the click (a forced
            # synchronous layout); a key pressed before that frame flushes it (flush_focus)
            if not self._focus_pending:
                self._focus_pending = True
                browser.window.requestAnimationFrame(self._focus_later)
        if t0 is not None:
            self.perf.push(browser.window.performance.now() - t0)
            # what a player feels: from the click to the next frame painted (tests/bench.py)
            browser.window.requestAnimationFrame(create_once_callable(lambda *_: browser.window.setTimeout(
                create_once_callable(lambda *_: self.paint.push(browser.window.performance.now() - t0)), 0)))
        key = (id(s), s.ply, id(s.state))
        if key != self._shown_key:
            self._shown_key = key
            self.shown_at = float(browser.window.performance.now())
        fast = by_id("botfast")
        if not is_null(fast):
            fast.hidden = not t.has_bots()
            fast.setAttribute("aria-pressed", "true" if self.app.bots.fast else "false")
        # scroll the log after layout, in the next frame: reading scrollHeight here would force
        # a synchronous layout of the whole page inside the click handler
        browser.window.requestAnimationFrame(self._scroll_log)
        bot_state = "thinking" if self.app.bots.running else "idle"
        if browser.document.documentElement.getAttribute("data-bot") != bot_state:
            browser.document.documentElement.dataset.bot = bot_state
        self.app.bots.kick()

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
            explain = getattr(self.app.table.adapter.module, "notation_help", None)
            log.insertAdjacentHTML("beforeend", panels.log_html(entries[keep:], first=keep + 1,
                                                                explain=explain))
        self._log_shown = list(entries)

    def flush_focus(self) -> bool:
        """Move the focus now if a click left it to the next frame; True if it did."""
        if not self._focus_pending:
            return False
        self._focus_pending = False
        if self.app.table is not None and browser.document.documentElement.getAttribute("data-screen") == "play":
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
            self.focus_cell(self.app.table.ui.get("focus"), opts)

    def focus_cell(self, cell: str | None, opts=None) -> None:
        board = by_id("board")
        active = browser.document.activeElement
        if cell and not is_null(active) and board.contains(active) \
                and active.getAttribute("data-cell") == cell:
            return  # still focused (its part of the board was not redrawn): no layout forced
        el = board.querySelector(f'[data-cell="{cell}"]') if cell else None
        if is_null(el):
            el = board.querySelector('[tabindex="0"]') or board.querySelector("[data-cell]")
        if not is_null(el):
            el.focus(opts)

    def notice(self, message: str, detail: str | None = None, download: str | None = None) -> None:
        """Show a message in ``#notice`` (and announce it); ``detail`` (technical words, e.g. a
        parser's) goes in a closed "Technical details" box under it, not announced.
        ``download``: the storage key of a damaged save (its backup copy, or the save left in
        place): a "Download the damaged save" button under the message gives it as a file
        (:meth:`download_save`; only the key is in the page, never the save's text)."""
        box = by_id("notice")
        box.querySelector(".text").textContent = message
        for old in (box.querySelector("details.detail"), box.querySelector(".notice-actions")):
            if not is_null(old):
                old.remove()
        if download and download_name(download):
            actions = browser.document.createElement("p")
            actions.className = "notice-actions"
            button = browser.document.createElement("button")
            button.type = "button"
            button.dataset.action = "download-save"
            button.dataset.key = download
            button.textContent = "Download the damaged save"
            actions.append(button)
            box.insertBefore(actions, box.querySelector(".dismiss"))
        if detail:
            more = browser.document.createElement("details")
            more.className = "detail"
            summary = browser.document.createElement("summary")
            summary.textContent = "Technical details"
            code = browser.document.createElement("code")
            code.textContent = detail
            more.append(summary, code)
            box.insertBefore(more, box.querySelector(".dismiss"))
        box.dataset.kind = ""
        box.hidden = False
        by_id("announce").textContent = message

    def notice_in_view(self) -> None:
        """When the screen just shown has a notice (a link's refused value, say) that something
        scrolled above the window's top (the guided game's target to click, a board), go back
        to the top of the page where it is read. New-user run, 1280x800: the notice of
        ``?game=altiplano&page=learn&step=abc`` sat 270 px above the window."""
        box = by_id("notice")
        if is_null(box) or box.hidden:
            return
        if float(box.getBoundingClientRect().top) < 0:
            browser.window.scrollTo(0, 0)

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
            framed = browser.document.documentElement.hasAttribute("data-frame")
            self.notice(problem_notice(self.app.storage.problem, framed))
            by_id("notice").dataset.kind = "storage"

    def save(self) -> None:
        t = self.app.table
        if t is None:
            return
        written = self.app.storage.write_save(t.session.game_id, t.record())
        if written is not None:
            self.app.last_saved = written
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
        """A click or Enter on the board: the table plays, (de)selects, or says why not."""
        t = self.app.table
        if t is None or is_null(target):
            return
        self.after_click(t.click(*target_of(target)), t0)

    def after_click(self, done, t0: float | None = None) -> None:
        """Show what a click did (:class:`web.play.table.Click`)."""
        if done.kind == "play":
            self.save()
            self.render(announce=done.text, t0=t0)
        elif done.kind == "refused":
            self.notice(done.text)
        elif done.kind == "wait":
            self.hint(done.text)
        elif done.kind == "tampered":  # not drawn by us: every part drawn again (issue 23)
            self.patcher.shown = None
            self.hint(done.text)
            self.render(hint_kept=True)
        elif done.kind == "hint":  # a why-not of the person to move: redraw, keep the hint
            self.hint(done.text)
            self.render(t0=t0, hint_kept=True)
        elif done.kind in ("select", "deselect", "cleared"):
            self.render(announce=done.text, t0=t0)

    def play_action(self, action: str, el) -> None:
        """The play screen's own buttons: the bar's step button (``#bar-act``: a click on the
        board's button of that move), "See the scores" (``#see-scores``), the player aid's
        opening and closing."""
        if action == "bar-act" and self.app.table is not None:
            move = str(el.dataset.move)
            self.after_click(self.app.table.clicked(move, move))
        elif action == "see-scores":
            self.show_result()
        elif action == "aid":
            self.open_aid(el)
        elif action == "close-aid":
            by_id("aid-dialog").close()
        elif action == "download-save":
            self.download_save(str(el.getAttribute("data-key")))

    def download_save(self, key: str) -> None:
        """Give the damaged save kept at ``key`` (``#notice``'s button) to the player as a file,
        its text exactly as it was stored (:func:`web.play.storage.download_name` names it).
        The text goes from storage into a ``blob:`` address only for the click: it is never
        written into the page."""
        name = download_name(key)
        text = self.app.storage.get(key) if name else None
        if text is None:
            self.notice("The damaged save is no longer in this browser's storage, so it cannot be downloaded.")
            return
        blob = browser.window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                             dict_converter=browser.window.Object.fromEntries))
        url = browser.window.URL.createObjectURL(blob)
        link = browser.document.createElement("a")
        link.href, link.download, link.hidden = url, name, True
        browser.document.body.append(link)
        link.click()
        link.remove()
        browser.window.setTimeout(create_once_callable(lambda *_: browser.window.URL.revokeObjectURL(url)), 1000)

    def show_result(self) -> None:
        """Bring the end panel (``#result``) and the score pad under it into view, and the focus
        to it (a keyboard or a screen reader follows): the bar's "See the scores" once the game
        is over. New-user run: on a phone the bar named the winner while the breakdown was
        ~2,900 px further down, under the board."""
        result = by_id("result")
        if is_null(result) or result.hidden:
            return
        # the panel at the top of the window, then the bar's result line too where the bar sits
        # in the page's flow just before the panel (Altiplano's sticky bar, once scrolled past,
        # and Alto's), not where it is fixed to the window's bottom (Altitude's)
        result.scrollIntoView(True)
        bar = browser.document.querySelector(".turnbar")
        if not is_null(bar):
            above = float(bar.getBoundingClientRect().top)
            if above < 0:
                browser.window.scrollBy(0, above)
        result.focus(self._no_scroll)

    def open_aid(self, opener) -> None:
        """Show the player aid (``#aid-dialog``: the game's turn summary, issue 22); Escape or
        Close shuts it and the focus goes back to the button that opened it (or "More")."""
        s = self.app.session
        dialog = by_id("aid-dialog")
        if s is None or is_null(dialog):
            return
        dialog.innerHTML = panels.aid_html(s.module)
        if not getattr(self, "_aid_bound", False):
            self._aid_bound = True
            proxy = create_proxy(self._aid_closed)
            self._proxies.append(proxy)
            dialog.addEventListener("close", proxy)
        self._aid_opener = opener
        if not dialog.open:
            dialog.showModal()
        dialog.querySelector('[data-action="close-aid"]').focus()

    def _aid_closed(self, _event=None) -> None:
        opener = getattr(self, "_aid_opener", None)
        if opener is None or is_null(opener) or opener.offsetParent is None or is_null(opener.offsetParent):
            opener = by_id("more")  # the menu item is gone with the menu (a phone)
        if not is_null(opener):
            opener.focus()

    def play(self, move: str, t0: float | None = None) -> None:
        """Play ``move`` (a drop, a bot's move) and show it."""
        self.after_click(self.app.table.play(move), t0)

    def act(self, said: str | None) -> None:
        """After Undo, Redo, End turn or "I am NAME": save and redraw (None: nothing done)."""
        if said is not None:
            self.save()
            self.render(announce=said)

    def undo(self) -> None:
        if self.app.table is not None:
            self.act(self.app.table.undo())

    def redo(self) -> None:
        if self.app.table is not None:
            self.act(self.app.table.redo())

    def end_turn(self) -> None:
        """The mover confirms their turn (``#confirm``)."""
        if self.app.table is not None:
            self.act(self.app.table.end_turn())

    def reveal(self) -> None:
        """The player to move says they hold the device: show their cards."""
        t = self.app.table
        said = t.reveal() if t is not None else None
        if said is not None:
            self.render(announce=said)
            shown = self.show_active_board()
            self.focus_cell(t.first_focus(), self._no_scroll if shown else None)

    def show_active_board(self) -> bool:
        """Bring the board of the player who took the device into view (issue 22) when it is
        not wholly in view above a sticky bar at the bottom (the phone's turn bar). False when
        the game names no such board."""
        sel = self.app.table.adapter.active_board(self.app.table.frame())
        el = by_id("board").querySelector(sel) if sel else None
        if el is None or is_null(el):
            return False
        box = el.getBoundingClientRect()
        bottom = float(browser.window.innerHeight)
        bar = browser.document.querySelector(".turnbar")
        if not is_null(bar) and browser.window.getComputedStyle(bar).position == "sticky":
            bottom -= float(bar.getBoundingClientRect().height)
        if box.top < 0 or box.bottom > bottom:
            el.scrollIntoView(True)
        return True
