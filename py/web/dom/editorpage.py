"""The scene and lesson editor page (DOM glue, issue 20 point 4): ``?game=G&page=editor``.

One :class:`EditorScreen` per page, made the first time the editor is asked for (the rest of
the app never imports it). The draft is a :class:`web.play.editor.Draft` (pure);
this module only draws it (:mod:`web.html.editor`), passes the teacher's edits in, keeps the
draft under ``altibox:editor:<game>`` after every edit, and draws the board the teacher plays
on (:class:`web.play.editorboard.EditorBoard`) and the learner's preview
(:class:`web.play.sceneboard.SceneBoard`). Events: one delegated ``click``, ``input`` and
``submit`` listener on ``#editor``, each wrapped once with ``create_proxy`` and kept for the
page's life.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from web.dom import browser

from web.dom.nodes import is_null, target_of
from web.dom.page import by_id
from web.dom.scenes import scene_event


class EditorScreen:
    """The editor screen of the page.

    Attributes:
        app: the page's :class:`web.dom.app.App` (storage, address bar, screens).
        editor: the :class:`web.play.editor.Draft`; editor_mode: ``"ask"``, ``"hint"`` or
            ``"compose"``; editor_square: the square picked to compose (Alto); editor_hint:
            the feedback typed for the next wrong move; editor_board, editor_preview: the
            boards drawn.
    """

    def __init__(self, app: Any):
        self.app = app
        self.editor: Any = None
        self._proxies = []
        root = by_id("editor")
        for kind, handler in (("click", self.on_editor_click), ("input", self.on_editor_input),
                              ("submit", self.on_editor_submit)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            root.addEventListener(kind, proxy)

    def show_editor(self, game: str, params: dict[str, str]) -> None:
        """Open the editor: the scene or lesson of the link, else the draft kept on this device
        (a draft that cannot be read is backed up and said, never dropped), else a new scene."""
        from web.play.editor import Draft, EditorError, draft_key, open_draft
        fragment = str(browser.window.location.hash or "")
        by_link = any(params.get(k) for k in ("scene", "lesson", "rec", "pos")) or any(
            f"{k}=" in fragment for k in ("scene", "lesson"))
        kept = self.app.storage.get(draft_key(game))
        said, draft = "", None
        if by_link:
            try:
                draft = open_draft(game, params, fragment)
            except EditorError as exc:
                said = f"This link cannot be edited: {exc}"
            if draft is not None and kept and kept != draft.to_json():
                self.app.storage.backup(f"editor-{game}", kept)  # the draft it replaces is kept aside
        if draft is None and kept:
            try:
                draft = Draft.from_json(game, kept)
            except EditorError as exc:
                where = self.app.storage.backup(f"editor-{game}", kept)
                kept_words = f" It was kept under “{where}”." if where else ""
                said = " ".join(x for x in (said, f"{exc}{kept_words}") if x)
        if draft is None:
            draft = open_draft(game, {})
        self.editor, self.editor_mode, self.editor_square, self.editor_hint = draft, "ask", None, ""
        self.editor_board = self.editor_preview = None
        self.save_draft()
        browser.document.documentElement.dataset.game = game
        by_id("title").textContent = "Scene editor"
        browser.document.title = f"Scene editor · {draft.game} · Altibox"
        self.app.set_url(f"?game={game}&page=editor")
        self.render_editor(said)
        self.app.screen("editor")

    def save_draft(self) -> None:
        """Keep the draft under ``altibox:editor:<game>`` (storage denied: the page says so)."""
        from web.play.editor import draft_key
        if not self.app.storage.set(draft_key(self.editor.game), self.editor.to_json()):
            self.say_editor("Your draft cannot be kept on this device (storage is full or denied): "
                            "copy the link before you leave.")

    def say_editor(self, words: str) -> None:
        el = by_id("editor-said")
        if not is_null(el):
            el.textContent = words
        if words:
            by_id("announce").textContent = words

    def render_editor(self, said: str = "") -> None:
        """Draw the whole editor from the draft."""
        from altibox.core.scenes import parse_scene
        from web.html import editor as html
        from web.play.editorboard import EditorBoard
        from web.play.editorcompose import position_of
        draft = self.editor
        problems = draft.problems()
        try:
            shown = draft.step_state(replies=self.editor_mode == "reply") if self.editor_mode != "compose" else None
            board = EditorBoard(parse_scene(draft.game, draft._shape(draft.scene)), self.editor_record, shown)
            board.ui["narrow"] = bool(self.app._narrow_query.matches)
            if self.editor_mode == "compose" and self.editor_square:
                board.ui["focus"] = self.editor_square
            board_html = board.board_html()
        except ValueError as exc:  # an invalid position (EditorError, SceneError): said in words
            board, board_html = None, f'<p class="warn" id="editor-board">This position cannot be shown: {html.esc(exc)}</p>'
        self.editor_board = board
        try:
            position = position_of(draft) if board is not None else draft.scene.get("position")
            compose = html.compose_html(draft, position, self.editor_square)
        except ValueError:
            compose = html.compose_html(draft, None, None)
        root = by_id("editor")
        root.innerHTML = html.editor_html(draft, self.editor_mode, board_html, self.preview_html(problems),
                                          self.outputs_html(problems), compose, problems)
        self.say_editor(said)

    def preview_html(self, problems: list[str]) -> str:
        from altibox.core.scenes import parse_scene
        from web.html.escape import esc
        from web.play.sceneboard import SceneBoard, figure_html
        if problems[self.editor.index]:
            self.editor_preview = None
            return f'<p class="muted">The preview shows once the scene is right: {esc(problems[self.editor.index])}</p>'
        self.editor_preview = SceneBoard(parse_scene(self.editor.game, self.editor.scene))
        self.editor_preview.ui["narrow"] = bool(self.app._narrow_query.matches)
        return figure_html(self.editor_preview)

    def outputs_html(self, problems: list[str]) -> str:
        from web.html import editor as html
        from web.links.share import site_base
        base = site_base(str(browser.window.location.href))
        return html.outputs_html(self.editor.link(base), self.editor.snippet(base), problems, self.editor.index)

    def refresh_editor(self) -> None:
        """After a text edit: the link, snippet, problems and preview (the fields keep focus)."""
        problems = self.editor.problems()
        by_id("editor-out").innerHTML = self.outputs_html(problems)
        by_id("editor-preview").innerHTML = self.preview_html(problems)

    def editor_record(self, move: str) -> str:
        """A move played on the editor's board: recorded as asked, or as a wrong move with the
        feedback written above the board (Feedback mode)."""
        from web.play.editor import EditorError
        if self.editor_mode == "hint" and not self.editor_hint.strip():
            raise EditorError("Write the feedback first, then play the wrong move it answers.")
        if self.editor_mode == "reply":
            return self.editor.record_reply(move)
        return self.editor.record_move(move, self.editor_hint if self.editor_mode == "hint" else None)

    def editor_point(self, cell: str) -> None:
        """Mark mode: mark or unmark ``cell``. Arrow mode: the first click picks where the arrow
        starts, the second where it ends."""
        if self.editor_mode == "mark":
            self.editor_changed(self.editor.toggle_mark(cell))
        elif self.editor_square is None:
            self.editor_square = cell
            self.say_editor(f"The arrow starts at {cell}: click where it ends.")
        else:
            start, self.editor_square = self.editor_square, None
            self.editor_changed(self.editor.toggle_arrow(start, cell))

    def editor_changed(self, said: str) -> None:
        self.save_draft()
        self.render_editor(said)

    # ------------------------------------------------------------ events

    def on_editor_click(self, event) -> None:
        from web.play.editor import EditorError
        target = event.target
        if is_null(target) or self.editor is None:
            return
        try:
            button = target.closest("[data-editor]")
            if not is_null(button):
                self.editor_action(str(button.getAttribute("data-editor")), button)
                return
            if not is_null(target.closest("#editor-preview")) and self.editor_preview is not None:
                done = scene_event(self.editor_preview, target)
                if done is not None:  # the same preview board, redrawn (a wrong try, the result)
                    from web.play.sceneboard import figure_html
                    by_id("editor-preview").innerHTML = figure_html(self.editor_preview)
                    if done[0]:
                        by_id("announce").textContent = done[0]
                return
            if is_null(target.closest("#editor-board")) or self.editor_board is None:
                return
            cell, move = target_of(target)
            if self.editor_mode in ("mark", "arrow") and cell:
                self.editor_point(cell)
                return
            if self.editor_mode == "compose":
                if cell:
                    self.editor_square = cell
                    self.render_editor(f"Square {cell}: choose its tile and discs below." if self.editor.game == "alto"
                                       else "Use the forms below the board to compose the position.")
                return
            said = self.editor_board.click(cell, move)
            if said is None:
                return
            if move:
                self.editor_changed(said)
            else:
                by_id("editor-board-wrap").innerHTML = self.editor_board.board_html()
                if said:
                    self.say_editor(said)
        except EditorError as exc:
            self.say_editor(str(exc))

    def editor_action(self, action: str, button) -> None:
        draft = self.editor
        if action == "mode":
            self.editor_mode, self.editor_square = str(button.getAttribute("data-mode")), None
            self.render_editor({"ask": "Play the move the learner must find (again: take it back).",
                                "hint": "Write the feedback, then play the wrong move it answers.",
                                "reply": "Play the opponent's reply after this step's right move.",
                                "mark": "Click what to mark (again: unmark).",
                                "arrow": "Click where an arrow starts, then where it ends.",
                                "compose": "Click a square, or use the forms below the board."}.get(self.editor_mode, ""))
            return
        if action == "copy":
            self.app.copy("editor-snippet", "editor-said")
            return
        said = ""
        if action == "select":
            draft.select(int(button.getAttribute("data-index")))
            said = f"Editing scene {draft.index + 1}."
        elif action == "add":
            draft.add_scene()
            said = f"Scene {draft.index + 1} added: it starts from the position of the scene before."
        elif action == "remove":
            draft.remove_scene()
            said = "Scene removed." if len(draft.scenes) else ""
        elif action in ("up", "down"):
            draft.move_scene(-1 if action == "up" else 1)
            said = f"This scene is now number {draft.index + 1}."
        elif action == "step":
            draft.select_step(int(button.getAttribute("data-index")))
            said = f"Editing step {draft.step + 1}."
        elif action == "add-step":
            said = draft.add_step()
            self.editor_mode = "ask"
        elif action == "remove-step":
            draft.remove_step()
            said = "Step removed."
        elif action == "unmark":
            said = draft.toggle_mark(str(button.getAttribute("data-move")))
        elif action == "unarrow":
            said = draft.toggle_arrow(*str(button.getAttribute("data-move")).split(" ", 1))
        elif action == "hide-hints":
            draft.set_hide_hints(not draft.scene.get("hide_hints"))
            said = "The page's hints are hidden in this scene." if draft.scene.get("hide_hints") else "The page's hints are shown."
        elif action == "unask":
            said = draft.record_move(str(button.getAttribute("data-move")))
        elif action == "unhint":
            said = draft.record_move(str(button.getAttribute("data-move")), "")
        else:
            return
        self.editor_changed(said)

    def on_editor_input(self, event) -> None:
        target = event.target
        if is_null(target) or self.editor is None or is_null(target.closest("[data-edit]")):
            return
        name, value = str(target.getAttribute("data-edit")), str(target.value)
        if name == "hint-text":
            self.editor_hint = value
            return
        self.editor.set_text(name, value)
        self.save_draft()
        self.refresh_editor()

    def on_editor_submit(self, event) -> None:
        from web.play.editor import EditorError
        from web.play.editorcompose import apply_form
        form = event.target
        if is_null(form) or self.editor is None or is_null(form.closest("[data-compose]")):
            return
        event.preventDefault()
        fields = {str(k): str(v) for k, v in browser.window.Array.from_(browser.window.FormData.new(form))}
        try:
            said = apply_form(self.editor, str(form.getAttribute("data-compose")), fields)
        except EditorError as exc:  # the form keeps what was typed; the draft is unchanged
            self.say_editor(f"Not changed: {exc}")
            return
        self.editor_changed(said)
