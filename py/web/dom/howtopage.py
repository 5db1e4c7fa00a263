"""The How-to-play page (DOM glue): its texts and live scene boards, one interpreter for every
board (each a :class:`web.play.sceneboard.SceneBoard` drawn into its ``<figure>``). One
:class:`HowToPage` is owned by :class:`web.dom.app.App`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from web.dom import browser

from altibox import GAMES

from web.dom.nodes import is_null
from web.dom.page import by_id
from web.dom.scenes import draw_scene, scene_event, scene_key_target
from web.html.escape import esc
from web.links import routes

if TYPE_CHECKING:
    from web.play.sceneboard import SceneBoard


class HowToPage:
    """The How-to-play screen and the ``page=`` routes.

    ``storage``: the page's :class:`web.play.storage.Storage` (is there a game to go back to?);
    ``narrow()``: is the window narrow (Altiplano's phone layout)?; ``set_url(query)``,
    ``screen(name)``, ``show_error(message)``: the App's; ``app``: handed to the scene editor's
    :class:`web.dom.editorpage.EditorScreen` when it is first opened. ``scene_boards``: the
    page's live boards by scene id."""

    def __init__(self, storage: Any, narrow: Callable[[], bool], set_url: Callable[[str], None],
                 screen: Callable[[str], None], show_error: Callable[[str], None], app: Any) -> None:
        self.storage = storage
        self.narrow = narrow
        self.set_url = set_url
        self.screen = screen
        self.show_error = show_error
        self.app = app
        self.editor_screen = None
        self.scene_boards: dict[str, SceneBoard] = {}
        self._learn = None

    @property
    def learn(self):
        """The guided first game's screen (:class:`web.dom.learnpage.LearnPage`), made when first
        used: its module is not compiled for a game's first screen (issue 19, start-up)."""
        if self._learn is None:
            from web.dom.learnpage import LearnPage
            self._learn = LearnPage(self.app, self.set_url, self.screen, self.show_error)
        return self._learn

    def show_page(self, game: str, params: dict[str, str]) -> None:
        """``&page=rules`` (How to play), ``&page=learn`` (the guided first game) or
        ``&page=editor`` (the scene editor, whose module
        :mod:`web.dom.editorpage` is loaded only here), or the message of a ``page=`` that
        names no page (issue 22: ``routes.unknown_page``)."""
        wrong = routes.unknown_page(params, GAMES[game].INFO.name)
        if wrong:
            self.show_error(wrong)
            return
        if params.get("page") == "editor":
            if self.editor_screen is None:
                from web.dom.editorpage import EditorScreen
                self.editor_screen = EditorScreen(self.app)
            self.editor_screen.show_editor(game, params)
        elif params.get("page") == "learn":
            self.learn.show_learn(game, params)
        elif game in routes.HOWTO_GAMES:
            self.show_rules(game, params)
        else:
            self.show_error(f"{GAMES[game].INFO.name} has no How-to-play page yet.")

    def show_rules(self, game: str, params: dict[str, str] | None = None) -> None:
        """The How-to-play page of ``game``: texts and live scene boards (one interpreter for
        every board: each board is a :class:`SceneBoard` drawn into its ``<figure>``). The saved
        game is not touched: "Back to the game" resumes it. ``params``: the address's; its
        :data:`~web.links.routes.HOWTO_OPTIONS` (a link from an Altiplano game on an older house
        set) make the page show that version's values: the legend, the texts' numbers and the
        examples (each proved again under it; one that cannot be shows new games' values and
        says so above it)."""
        from altibox.core.scenes import SceneError, find_scene, with_options

        from web.html import howto  # the pages' texts: compiled when a How-to page is first shown
        from web.play.sceneboard import SceneBoard
        info = GAMES[game].INFO
        t0 = browser.window.performance.now()
        options, wrong = routes.howto_options(params or {}, GAMES[game])
        has_save = self.storage.load_save(game) is not None
        root = by_id("rules")
        root.innerHTML = howto.howto_html(game, back=f"?game={game}" if has_save else None, options=options, said=wrong)
        self.scene_boards = {}
        for fig in root.querySelectorAll("figure[data-scene]"):
            sid = str(fig.getAttribute("data-scene"))
            try:
                scene = find_scene(game, sid)
                try:
                    scene = with_options(scene, options)
                except SceneError:  # this example does not fit that version: new games' values, said
                    fig.insertAdjacentHTML("beforebegin", f'<p class="warn">{esc(howto.example_note(game, options))}</p>')
                board = SceneBoard(scene)
            except Exception as exc:  # a broken scene file: say so in its place, keep the page
                fig.innerHTML = f'<p class="warn">This example cannot be shown: {esc(exc)}</p>'
                continue
            self.scene_boards[sid] = board
            self.render_scene(fig, board)
        # how long the page's Python took to build every live board (read by benchmarks)
        root.setAttribute("data-render-ms", f"{browser.window.performance.now() - t0:.1f}")
        browser.document.documentElement.dataset.game = game
        by_id("title").textContent = f"How to play {info.name}"
        browser.document.title = f"How to play · {info.name} · Altibox"
        self.set_url(routes.howto_url(game, options))
        self.screen("rules")
        browser.window.scrollTo(0, 0)

    def render_scene(self, fig, board: SceneBoard, announce: str | None = None, focus: str | None = None) -> None:
        """Redraw one scene's figure from its board (title, caption, board, feedback)."""
        board.ui["narrow"] = self.narrow()  # Altiplano's phone layout
        draw_scene(fig, board.html(), by_id("announce"), announce, focus)
        fig.setAttribute("data-kind", board.kind)

    def scene_event(self, target, keyboard: bool = False, repeat: bool = False) -> None:
        """A click (or Enter) inside a scene: reset, try a ``data-move``, or (de)select a cell.
        ``repeat``: the second or later click of a double click (for the guided game)."""
        if is_null(target):
            return
        fig = target.closest("figure[data-scene]")
        if is_null(fig):
            self.learn.learn_event(target, keyboard, repeat)  # the guided game shares #rules
            return
        board = self.scene_boards.get(str(fig.getAttribute("data-scene")))
        if board is None:
            return
        done = scene_event(board, target, keyboard)
        if done is not None:
            self.render_scene(fig, board, *done)

    def on_scene_click(self, event) -> None:
        self.scene_event(event.target, repeat=int(event.detail or 0) > 1)

    def on_scene_key(self, event) -> None:
        cell_el = scene_key_target(event)
        if cell_el is not None:
            event.preventDefault()
            self.scene_event(cell_el, keyboard=True)
