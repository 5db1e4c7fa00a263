"""The editor's board (issue 20 point 4): the scene's start position drawn as the learner sees
it, where a move the teacher plays is recorded rather than played. Pure Python.

It is a :class:`web.play.sceneboard.SceneBoard` (the same adapter drawing, the same one
:class:`web.play.board.BoardController` for clicks), always waiting for a move: the move goes
to ``on_move`` (the draft records it as asked, or as a wrong move with its feedback) and the
board stays at the start.
"""

from __future__ import annotations

from typing import Callable

from altibox.core import scenes as core_scenes

from web.html.escape import esc
from web.play.sceneboard import SceneBoard


class EditorBoard(SceneBoard):
    """The board of the editor: ``on_move(move) -> words`` records what the teacher plays.

    Args:
        scene: the scene being edited (parsed), shown at its start.
        on_move: called with a move's notation; returns the words to show (it may raise
            :class:`web.play.editor.EditorError`, which the page shows).
        state: the position to show instead of the start (a later step of a line, or where
            the opponent's reply is played); its player to move is the seat shown.
    """

    def __init__(self, scene: core_scenes.Scene, on_move: Callable[[str], str], state=None):
        self.on_move = on_move
        super().__init__(scene)
        if state is not None:
            self.start = self.state = state

    @property
    def seat(self) -> int | None:
        """The scene's viewer, else the player to move in the position shown."""
        if self.scene.viewer is not None:
            return self.scene.viewer
        return self.module.current_player(self.state)

    @property
    def interactive(self) -> bool:
        """Always: every legal move can be recorded (none once the game is over)."""
        return True

    def try_move(self, move: str) -> str:
        """Record ``move`` (the board stays at the scene's start)."""
        self.ui_adapter.select(self.ui, None)
        self.feedback = self.on_move(move)
        return self.feedback

    def board_html(self) -> str:
        """The board element ``#editor-board`` (``data-game``, ``data-position``, ``data-ply``
        0: nothing is played on it)."""
        return (f'<div id="editor-board" class="board scene-board editor-board" data-game="{esc(self.scene.game)}" '
                f'data-position="{esc(self.ui_adapter.position(self.state))}" data-ply="0" '
                f'data-interactive="1">{self._svg()}</div>')
