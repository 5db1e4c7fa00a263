"""Board widgets: a live game board in any container element of the page (DOM glue).

A widget shows one board of one game, driven by its own in-memory game (a
:class:`web.play.boardmodel.BoardModel` around a :class:`web.play.session.Session`): it never reads or writes the
player's saves. Several widgets can live on one page under one interpreter (a How-to-play page
puts one per example); each has its own delegated ``click``/``keydown`` listener on its root,
wrapped once with ``create_proxy`` and released by :meth:`BoardWidget.destroy`.

Embed mode (``?game=G&embed=1``, :func:`embed_main`) is one widget filling the frame, or, with
``&scene=ID``, one scene of the game's scene file drawn by the How-to-play page's own
:class:`web.play.sceneboard.SceneBoard` (:class:`SceneEmbed`), or the message for a bad link.

API (for pages built on it, e.g. How-to-play scenes)::

    from web.play.boardmodel import BoardModel
    from web.dom.widget import BoardWidget

    viewer = BoardModel.from_position("alto", "OD,DO,.../... r m", interactive=True, caption="Move b2")
    # or BoardModel.from_record(game_id, record_dict, ply=3) / BoardModel.new(game_id, seed=7)
    w = BoardWidget(container_element, viewer,
                    check_move=lambda w, move: None if move == "b2c3" else "Not that one: try b2.",
                    on_move=lambda w, move, words: w.feedback(f"Right: {words}", "right"))
    w.feedback("text", kind)   # kind: "info" | "wrong" | "right"; "" hides it
    w.set_caption("text")
    w.viewer.reset(); w.render()   # back to the start ("try again")
    w.destroy()                 # remove listeners, release proxies

- ``check_move(widget, notation) -> str | None`` runs before a clicked move is played: a string
  refuses the move (the board stays as it was) and is shown as ``"wrong"`` feedback.
- ``on_move(widget, notation, words)`` runs after a move was played and the board redrawn.
- ``on_step(widget)`` runs after the step-through controls changed the ply shown.

DOM made inside ``container`` (the hooks of DESIGN.md §3, per widget)::

    <div class="widget theme-light|theme-dark" data-widget="<game>">
      <div class="wboard board" data-game data-position data-ply>  <svg>…</svg>  </div>
      <p class="wstatus status" role="status" data-turn | data-winners data-reason>…</p>
      <div class="wcontrols">[data-step=first|prev] <span class="wply">…</span> [data-step=next|last]</div>
      <p class="wcaption">…</p>   <p class="wfeedback" data-kind>…</p>
      <div class="sr-only" aria-live="polite"></div>
    </div>

``board_id``/``status_id`` give the board and status elements ids (embed mode uses ``board`` and
``status``, so the page-wide hooks ``#board[data-position]`` and ``#status`` hold there too).
"""

from __future__ import annotations

from typing import Any, Callable

from pyodide.ffi import create_proxy
from web.dom import browser

from altibox import GAMES

from web.links import routes
from web.links.embed import EmbedError, error_html, is_embed, parse_embed
from web.dom.nodes import is_null, move_focus, show_status, target_of
from web.dom.page import show_param_note
from web.dom.scenes import draw_scene, narrow, scene_event, scene_key_target
from web.play.board import ARROWS
from web.dom.patch import Patcher
from web.html.escape import esc
from web.play.boardmodel import BoardModel
from web.play.hostboards import lesson_board, move_detail, scene_events


class BoardWidget:
    """One live board in ``container`` (see the module docstring for the API and the DOM).

    Args:
        container: the DOM element to fill (its content is replaced).
        viewer: the board's model (:class:`web.play.boardmodel.BoardModel`).
        board_id, status_id: ids for the board and status elements (None: no id).
        check_move, on_move, on_step: callbacks (module docstring).
        label: the board's accessible name (default: "<Game> board").
    """

    def __init__(self, container, viewer: BoardModel, *, board_id: str | None = None,
                 status_id: str | None = None,
                 check_move: Callable[["BoardWidget", str], str | None] | None = None,
                 on_move: Callable[["BoardWidget", str, str], Any] | None = None,
                 on_step: Callable[["BoardWidget"], Any] | None = None,
                 label: str | None = None):
        self.container = container
        self.viewer = viewer
        self.check_move = check_move
        self.on_move = on_move
        self.on_step = on_step
        self.keyboard = False
        self.patcher = Patcher()  # redraws only the parts of the board that changed
        game = viewer.game_id
        label = label or f"{viewer.module.INFO.name} board"
        bid = f' id="{esc(board_id)}"' if board_id else ""
        sid = f' id="{esc(status_id)}"' if status_id else ""
        cid = ' id="comment"' if board_id else ""  # embed mode: the page-wide #comment hook
        container.innerHTML = (
            f'<div class="widget theme-{esc(viewer.theme)}" data-widget="{esc(game)}">'
            f'<div class="wboard board"{bid} data-game="{esc(game)}" data-position="" data-ply="0" '
            f'role="group" aria-label="{esc(label)}"></div>'
            f'<p class="wstatus status"{sid} role="status"></p>'
            f'<div class="wcontrols" hidden></div>'
            f'<p class="wcaption"{"" if viewer.caption else " hidden"}>{esc(viewer.caption)}</p>'
            f'<p class="wcomment"{cid} hidden></p>'
            f'<p class="wfeedback" data-kind="" hidden></p>'
            f'<div class="sr-only wannounce" aria-live="polite"></div></div>')
        self.root = container.querySelector(".widget")
        self.board = self.root.querySelector(".wboard")
        self._proxies = []
        for kind, handler in (("click", self._on_click), ("keydown", self._on_key),
                              ("pointerdown", self._on_pointer)):
            proxy = create_proxy(handler)
            self._proxies.append((kind, proxy))
            self.root.addEventListener(kind, proxy)
        self.render()

    # ------------------------------------------------------------ rendering

    def _part(self, cls: str):
        return self.root.querySelector(f".{cls}")

    def render(self, announce: str | None = None) -> None:
        """Redraw the board, its hooks, status and controls from the viewer (one call)."""
        v = self.viewer
        had_focus = self.board.contains(browser.document.activeElement) and not is_null(browser.document.activeElement)
        width = self.root.clientWidth or browser.window.innerWidth
        v.ui["narrow"] = narrow(width)  # Altiplano's phone layout
        self.patcher.draw(self.board, v.board_svg())
        self.board.setAttribute("data-position", v.position())
        self.board.setAttribute("data-ply", str(v.ply))
        self.board.setAttribute("data-interactive", "1" if v.interactive else "0")
        words, seat = v.status()
        show_status(self._part("wstatus"), words, seat, v.module.outcome(v.state), "wstatus status")
        controls = self._part("wcontrols")
        controls.hidden = not v.controls
        if v.controls:
            had_step = browser.document.activeElement.getAttribute("data-step") if (
                not is_null(browser.document.activeElement) and controls.contains(browser.document.activeElement)) else None
            controls.innerHTML = v.controls_html()
            if not is_null(had_step):
                el = controls.querySelector(f'[data-step="{had_step}"]:not([disabled])') or \
                    controls.querySelector("[data-step]:not([disabled])")
                if not is_null(el):
                    el.focus()
        comment = self._part("wcomment")
        comment.textContent = v.comment()
        comment.hidden = not v.comment()
        if announce:
            self._part("wannounce").textContent = announce + (f" {v.comment()}" if v.comment() else "")
        self._autoplay_timer()
        if had_focus or self.keyboard:
            self._focus_cell(v.ui.get("focus"))

    def feedback(self, text: str, kind: str = "info") -> None:
        """Show ``text`` under the board (``kind``: "info", "wrong", "right"); "" hides it.
        Also announced to screen readers."""
        box = self._part("wfeedback")
        box.textContent = text
        box.dataset.kind = kind if text else ""
        box.hidden = not text
        if text:
            self._part("wannounce").textContent = text

    def set_caption(self, text: str) -> None:
        """Replace the caption ("" hides it)."""
        self.viewer.caption = text
        cap = self._part("wcaption")
        cap.textContent = text
        cap.hidden = not text

    AUTOPLAY_MS = 1600
    """Time each position is shown while autoplay runs."""

    def _autoplay_timer(self) -> None:
        """Keep one timer while autoplay runs (next move after :data:`AUTOPLAY_MS`); stop at the end."""
        v = self.viewer
        if v.autoplay and v.ply >= v.end:
            v.autoplay = False
            if v.controls:
                self._part("wcontrols").innerHTML = v.controls_html()
        if v.autoplay and getattr(self, "_timer", None) is None:
            if getattr(self, "_tick", None) is None:
                self._tick = create_proxy(self._on_tick)
            self._timer = browser.window.setTimeout(self._tick, self.AUTOPLAY_MS)

    def _on_tick(self, *_args) -> None:
        self._timer = None
        if self.viewer.autoplay:
            self.step("next")

    def toggle_autoplay(self) -> None:
        """The autoplay button: start stepping on by itself (from the start when at the end), or pause."""
        v = self.viewer
        v.autoplay = not v.autoplay
        if v.autoplay and v.ply >= v.end:
            v.step("first")
        if not v.autoplay and getattr(self, "_timer", None) is not None:
            browser.window.clearTimeout(self._timer)
            self._timer = None
        self.render(announce="Autoplay on." if v.autoplay else "Autoplay paused.")

    def destroy(self) -> None:
        """Remove the listeners and release their proxies (the DOM is left as it is)."""
        if getattr(self, "_timer", None) is not None:
            browser.window.clearTimeout(self._timer)
        for kind, proxy in self._proxies:
            self.root.removeEventListener(kind, proxy)
            proxy.destroy()
        self._proxies = []

    # ------------------------------------------------------------ actions

    def play(self, move: str) -> bool:
        """Play ``move`` as if clicked (``check_move`` first); True when it was played."""
        v = self.viewer
        if self.check_move is not None:
            refusal = self.check_move(self, move)
            if refusal:
                v.board_ui.select(v.ui, None)
                self.render()
                self.feedback(refusal, "wrong")
                return False
        try:
            notation, words = v.play(move)
        except ValueError as exc:
            self.render()
            self.feedback(f"That move is not allowed: {exc}", "wrong")
            return False
        self.feedback("")
        self.render(announce=f"{words}. {v.status()[0]}")
        if self.on_move is not None:
            self.on_move(self, notation, words)
        return True

    def step(self, where: str) -> None:
        """Step-through: ``"first"``, ``"prev"``, ``"next"``, ``"last"``."""
        if self.viewer.step(where):
            self.feedback("")
            entry = self.viewer.session.log[-1][1] if self.viewer.ply else "The start position."
            self.render(announce=entry)
            if self.on_step is not None:
                self.on_step(self)

    def _activate(self, target) -> None:
        what, arg = self.viewer.click(*target_of(target, self.board))
        if what == "play":
            self.play(arg)
        elif what in ("select", "deselect"):
            self.render()
        elif what == "refused":
            self.render()
            self.feedback(arg, "wrong")

    def _on_click(self, event) -> None:
        target = event.target
        if is_null(target):
            return
        if not is_null(target.closest('[data-action="autoplay"]')):
            self.toggle_autoplay()
            return
        step_el = target.closest("[data-step]")
        if not is_null(step_el):
            if not step_el.disabled:
                self.step(str(step_el.getAttribute("data-step")))
            return
        if self.board.contains(target):
            self._activate(target)

    def _on_pointer(self, event) -> None:
        self.keyboard = False

    def _on_key(self, event) -> None:
        target = event.target
        if is_null(target):
            return
        key = str(event.key)
        if key in ("ArrowLeft", "ArrowRight") and not is_null(target.closest("[data-step]")):
            event.preventDefault()  # step-through: arrows on the controls go back and forth
            self.step("prev" if key == "ArrowLeft" else "next")
            return
        if not self.board.contains(target):
            return
        self.keyboard = True
        cell_el = target.closest("[data-cell]")
        if is_null(cell_el):
            return
        if key in ("Enter", " "):
            event.preventDefault()
            self._activate(cell_el)
        elif key in ARROWS:
            event.preventDefault()
            move_focus(self.board, cell_el, *ARROWS[key], self.viewer.ui)
        elif key == "Escape" and self.viewer.board.clear():
            self.render()

    def _focus_cell(self, cell: str | None) -> None:
        el = self.board.querySelector(f'[data-cell="{cell}"]') if cell else None
        if is_null(el):
            el = self.board.querySelector('[tabindex="0"]')
        if not is_null(el):
            el.focus()


# ---------------------------------------------------------------- embed mode

class Embed:
    """Embed mode (``?game=G&embed=1``): one widget filling the frame, or the message for a bad
    link. Never reads or writes the player's saves. Kept alive by :func:`embed_main`'s caller."""

    def __init__(self, params: dict[str, str], scene_factory: Callable | None = None):
        from web.dom.hostlink import HostLink
        self.widget: BoardWidget | None = None
        self.link = HostLink()  # events for a host page's embed.js (its iframe fallback)
        html = browser.document.documentElement
        html.dataset.screen = "embed"
        section = browser.document.getElementById("embed")
        play = browser.document.getElementById("play")
        if not is_null(play):
            play.remove()  # its #board/#status skeleton: the widget's carry those ids now
        try:
            spec = parse_embed(params)
            html.dataset.theme = spec.theme
            html.dataset.game = spec.game
            if spec.scene is not None or spec.lesson is not None:
                self.widget = (scene_factory or SceneEmbed)(section, spec)
            else:
                viewer = BoardModel.from_spec(spec)
                self.widget = BoardWidget(section, viewer, board_id="board", status_id="status",
                                          on_move=self._moved, on_step=self._stepped)
                self._link()
            self.widget.link = self.link
            self.link.post("ready")
            browser.document.title = f"{GAMES[spec.game].INFO.name} · Altibox"
        except EmbedError as exc:
            self.show_error(str(exc), exc.param, exc.text)
        except Exception as exc:  # never a blank frame, never a traceback
            self.show_error(f"something went wrong while reading this link ({type(exc).__name__}: {exc})")
        show_param_note(params, inside=browser.document.getElementById("embed"))

    def show_error(self, message: str, param: str = "", text: str = "") -> None:
        """The readable message inside the frame (the bad text quoted, escaped, cut visibly)."""
        browser.document.getElementById("embed").innerHTML = error_html(message, param, text)
        self.link.post("error", {"message": message})
        browser.document.documentElement.dataset.embedError = param or "link"
        browser.document.title = "Altibox: this board cannot be shown"

    def _link(self) -> None:
        """A small "open in Altibox" link under the board: continue this game in the full page."""
        w = self.widget
        if w is None:
            return
        a = w.root.querySelector(".wopen")
        if is_null(a):
            w.root.insertAdjacentHTML(
                "beforeend", '<p class="wopen-line"><a class="wopen" target="_blank" rel="noopener">'
                             'Continue in Altibox ↗</a></p>')
            a = w.root.querySelector(".wopen")
        a.setAttribute("href", "./" + w.viewer.share_query())

    def _moved(self, widget, move, words) -> None:
        self._link()
        self.link.post("move", move_detail(widget.viewer, move))

    def _stepped(self, widget) -> None:
        self._link()


class SceneEmbed:
    """``&scene=`` or ``&lesson=`` in embed mode (and the full ``page=lesson``): a scene of the
    game's scene file or one carried in the link, or a lesson of several, drawn by
    :class:`web.play.sceneboard.LessonBoard` (the How-to-play page's scene board, one scene at
    a time, Previous / Next), filling the frame: the caption, the board, feedback on a wrong
    try and the result after the right one.

    Raises:
        EmbedError: (param ``scene`` or ``lesson``) an unknown id, damaged text, or a scene
            that breaks the schema or whose claims are false (:mod:`web.links.lessons`).
    """

    def __init__(self, section, spec):
        self.lesson = lesson_board(spec)
        self.caption = spec.caption
        self.section = section
        self.keyboard = False
        self._proxies = []
        for kind, handler in (("click", self._on_click), ("keydown", self._on_key)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            section.addEventListener(kind, proxy)
        self.render()

    @property
    def board(self):
        """The scene board shown now."""
        return self.lesson.board

    def render(self, announce: str | None = None, focus: str | None = None) -> None:
        """Redraw the scene; its board element is ``#board`` (DESIGN.md §3 hooks)."""
        self.board.ui["narrow"] = narrow(self.section.clientWidth or browser.window.innerWidth)  # Altiplano's phone layout
        html = self.lesson.html(self.caption).replace('class="scene"', 'class="scene embed-scene"', 1).replace(
            'class="board scene-board', 'id="board" class="board scene-board', 1)
        note = self.section.querySelector(".param-note")  # the link's typo line stays
        draw_scene(self.section, html, browser.document.getElementById("announce"), announce, focus)
        if not is_null(note):
            self.section.appendChild(note)

    def _event(self, target, keyboard: bool = False) -> None:
        if is_null(target):
            return
        nav = target.closest("[data-action]")
        if not is_null(nav) and str(nav.getAttribute("data-action")) in ("prev-scene", "next-scene"):
            if self.lesson.go("next" if str(nav.getAttribute("data-action")) == "next-scene" else "prev"):
                self.render(f"Scene {self.lesson.counter()}: {self.board.scene.title}")
            return
        board = self.board
        before = (board.kind, board.step)
        done = scene_event(board, target, keyboard)
        if done is not None:
            self.render(*done)
        link = getattr(self, "link", None)
        if link is not None:  # a host page's embed.js (its iframe fallback)
            for kind, detail in scene_events(self.lesson, before, target_of(target)[1]):
                link.post(kind.removeprefix("altibox:"), detail)

    def _on_click(self, event) -> None:
        self._event(event.target)

    def _on_key(self, event) -> None:
        cell_el = scene_key_target(event)
        if cell_el is not None:
            event.preventDefault()
            self._event(cell_el, keyboard=True)


def embed_main(search: str, scene_factory: Callable | None = None, fragment: str = "") -> Embed | None:
    """If ``search`` (``location.search``) asks for embed mode or a lesson page
    (``page=lesson``, or a ``scene=``/``lesson=`` link without ``page=``), build it and return it; ``fragment`` (``location.hash``) may carry
    ``scene=``/``lesson=`` (:func:`web.links.lessons.merge_fragment`)."""
    from web.links.lessons import merge_fragment
    params = merge_fragment(routes.parse_query(search), routes.parse_query(fragment.lstrip("#")).items())
    if not is_embed(params) and "page" not in params and ("scene" in params or "lesson" in params):
        params["page"] = "lesson"  # a scene or lesson link without page=: its lesson page, never dropped
    if not is_embed(params) and params.get("page") != "lesson":
        return None
    try:
        return Embed(params, scene_factory)
    finally:
        browser.document.documentElement.classList.add("ready")
