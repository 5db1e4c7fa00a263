"""A live scene board: one scene of a game drawn by its board adapter, in a page of several.

Pure Python (no browser imports), so the whole behaviour of a scene on the page is tested in
CPython; :mod:`web.dom.app` only swaps :meth:`SceneBoard.html` into the scene's ``<figure>`` and
passes clicks in. Each board keeps its own in-memory state: a scene never reads or writes the
player's saves.

The board is the game's own ``render_svg`` through :data:`web.play.adapters.BOARDS` (the same adapter
as the play screen), so the DOM hooks are those of DESIGN.md §3 inside the figure: every cell
group carries ``data-cell``, every clickable whole move ``data-move``; the board element
carries ``data-game``, ``data-position`` and ``data-ply`` (moves played in the scene).

A scene that asks for a move (``scene.ask``) is interactive until the right move is made: a
wrong try shows the feedback and keeps the position; the right one is played and the result
caption shown. A show-only scene is drawn as it is, with its outcome in words when it is over.
"""

from __future__ import annotations

from typing import Any

from altibox import GAMES
from altibox.core import scenes as core_scenes

from web.play.adapters import BOARDS, Frame
from web.play.board import BoardController
from web.html.escape import esc


class SceneBoard:
    """One scene on the page: its state, the selection, and what the learner was told.

    Attributes:
        scene: the :class:`altibox.core.scenes.Scene`.
        state: the position shown now (the scene's start, or after the right move).
        ui: the adapter's selection dict (``{"selected": ..., "focus": ...}``).
        feedback: the last thing said to the learner (``""`` at the start).
        kind: ``"ask"`` (waiting for the move), ``"wrong"`` (a wrong try was refused),
            ``"right"`` (the asked move was played) or ``"show"`` (a show-only scene).
        tries: wrong tries so far.
    """

    def __init__(self, scene: core_scenes.Scene):
        self.scene = scene
        self.module = GAMES[scene.game]
        self.ui_adapter = BOARDS[scene.game]
        self.start = core_scenes.start_state(scene)
        self.reset()

    def reset(self) -> None:
        """Back to the scene's start position (the "Try again" button)."""
        self.state = self.start
        self.ui: dict[str, Any] = {"selected": None, "focus": None}
        self.feedback = ""
        self.kind = "ask" if self.scene.ask else "show"
        self.tries = 0
        self.last: str | None = None

    @property
    def seat(self) -> int | None:
        """Whose view the board shows (the learner's seat)."""
        return core_scenes.viewer(self.scene, self.start)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in this scene: the scene's own, else the rules' seat names."""
        n = self.module.num_players(self.state)
        given = self.scene.names or ()
        return tuple(given[i] if i < len(given) else self.module.seat_name(self.state, i) for i in range(n))

    @property
    def interactive(self) -> bool:
        """True while the scene waits for the learner's move."""
        return self.kind in ("ask", "wrong")

    def frame(self) -> Frame:
        """What the board draws now (the learner's view; the last move marked)."""
        seat = self.seat
        last_player = None
        if self.last is not None:
            last_player = self.module.current_player(self.start)
        return Frame(view=self.module.view(self.state, seat), viewer=seat, ui=self.ui,
                     names=self.names, last=self.last, last_player=last_player)

    def click(self, cell: str | None, move: str | None) -> str | None:
        """A click on the board: ``move`` is the ``data-move`` clicked (or None), ``cell`` the
        ``data-cell``. Returns the text to announce, or None when nothing changed.

        A ``data-move`` tries that move (:meth:`try_move`); a cell selects or deselects it as
        on the play screen (:class:`web.play.board.BoardController`). A scene that is not waiting for a move ignores clicks.
        """
        if not self.interactive:
            return None
        if move:
            return self.try_move(move)
        what, _ = BoardController(self.ui_adapter, self.ui).click(self.frame(), cell, None)
        if what == "none":
            return None
        if what == "other":
            self.ui_adapter.select(self.ui, None)
            return "Nothing to play from there."
        return ""

    def try_move(self, move: str) -> str:
        """The learner plays ``move``: right (played, result shown) or wrong (refused, feedback
        shown, position kept). Returns the text shown.

        An illegal move (which the board never offers) is refused with the rules' reason.
        """
        self.ui_adapter.select(self.ui, None)
        try:
            right, text, after = core_scenes.try_move(self.scene, self.state, move)
        except ValueError as exc:
            self.kind, self.feedback = "wrong", f"That move is not allowed: {exc}"
            return self.feedback
        if right:
            self.state, self.kind, self.feedback, self.last = after, "right", text, move
        else:
            self.tries += 1
            self.kind, self.feedback = "wrong", text
        return self.feedback

    def outcome_words(self) -> str:
        """The result in words when the position shown is a finished game, else ``""``."""
        if not self.module.is_over(self.state):
            return ""
        return self.module.explain(self.state, None, list(self.names))

    def board_html(self) -> str:
        """The board element: adapter SVG inside ``<div class="board scene-board" data-game
        data-position data-ply data-interactive>``."""
        adapter = self.ui_adapter
        ply = 0 if self.last is None else 1
        return (f'<div class="board scene-board" data-game="{esc(self.scene.game)}" '
                f'data-position="{esc(adapter.position(self.state))}" data-ply="{ply}" '
                f'data-interactive="{1 if self.interactive else 0}">{adapter.svg(self.frame())}</div>')

    def html(self) -> str:
        """The inside of the scene's ``<figure>``: title, caption, board, feedback, buttons."""
        sc = self.scene
        if self.kind == "show":
            said = self.outcome_words()
        else:
            said = self.feedback
        kind = self.kind
        feedback = (f'<p class="scene-feedback" data-kind="{kind}" role="status">'
                    f'{esc(said)}</p>') if said else f'<p class="scene-feedback" data-kind="{kind}" role="status"></p>'
        again = ('<button type="button" class="scene-reset" data-scene-action="reset">Try again</button>'
                 if self.kind in ("right", "wrong") else "")
        return (f'<figcaption><strong class="scene-title">{esc(sc.title)}</strong> '
                f'<span class="scene-caption">{esc(sc.caption)}</span></figcaption>'
                f'{self.board_html()}{feedback}{again}')


def figure_html(board: SceneBoard) -> str:
    """A whole ``<figure class="scene" data-scene=ID data-kind=...>`` for ``board``."""
    return (f'<figure class="scene" data-scene="{esc(board.scene.id)}" data-kind="{board.kind}">'
            f'{board.html()}</figure>')
