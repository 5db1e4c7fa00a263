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
caption shown. A scene that asks for a line (schema 2) plays each step's scripted reply after
the right move, shows it (from the learner's seat: no privacy screen) and asks the next step,
until the last. A show-only scene is drawn as it is, with its outcome in words when it is over.
A scene's marks and arrows are drawn over the board (:mod:`web.play.pointers`) and said in
words under it; ``hide_hints`` hides the page's own hints.
"""

from __future__ import annotations

from typing import Any

from altibox import GAMES
from altibox.core import scenes as core_scenes

from web.play import pointers
from web.play.adapters import BOARDS, Frame
from web.play.board import BoardController
from web.html.escape import esc
from web.play.guard import UNKNOWN_CLICK, click_drawn

#: A click on a board cell that plays nothing and selects nothing (the step's words follow).
NOTHING_THERE = "Nothing to play from there."


def _said_once(lines: list[str]) -> list[str]:
    """Log lines as sentences, a run of the same line said once with its count (a secret
    planning of four placements: "Player 2 plans (secret until the Actions phase) (4 times).")."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        n = 1
        while k + n < len(lines) and lines[k + n] == lines[k]:
            n += 1
        text = lines[k].rstrip(".")
        out.append(f"{text} ({n} times)." if n > 1 else f"{text}.")
        k += n
    return out


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
        step: the step of the line asked now (0-based; ``len(scene.line)`` once solved).
        replies: the scripted reply last played, in words (``""`` for none).
        guided: the guided first game's board (``web.play.learn.Guide``): the board's hint
            names its one orange mark (``ui["guided"]``), and a click that plays nothing is
            answered with the step's own words of what to do.
    """

    def __init__(self, scene: core_scenes.Scene, guided: bool = False):
        self.scene = scene
        self.guided = guided
        self.module = GAMES[scene.game]
        self.ui_adapter = BOARDS[scene.game]
        self.start = core_scenes.start_state(scene)
        self.reset()

    def reset(self) -> None:
        """Back to the scene's start position (the "Try again" button)."""
        self.state = self.start
        self.ui: dict[str, Any] = {"selected": None, "focus": None, "guided": self.guided}
        self.drawn_svg: str | None = None  # the board as last drawn (board_html)
        self.feedback = ""
        self.kind = "ask" if self.scene.ask else "show"
        self.tries = 0
        self.last: str | None = None
        self.last_player: int | None = None
        self.step = 0
        self.replies = ""

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
        return Frame(view=self.module.view(self.state, seat), viewer=seat, ui=self.ui,
                     names=self.names, last=self.last, last_player=self.last_player)

    def click(self, cell: str | None, move: str | None) -> str | None:
        """A click on the board: ``move`` is the ``data-move`` clicked (or None), ``cell`` the
        ``data-cell``. Returns the text to announce, or None when nothing changed.

        A ``data-move`` tries that move (:meth:`try_move`); a cell selects or deselects it as
        on the play screen (:class:`web.play.board.BoardController`). A scene that is not waiting for a move ignores clicks.
        """
        if not self.interactive:
            return None
        if not click_drawn(self.drawn_svg, cell, move or None):
            self.feedback = UNKNOWN_CLICK  # changed in the page (issue 23): nothing is played
            return self.feedback
        if move:
            return self.try_move(move)
        what, _ = BoardController(self.ui_adapter, self.ui).click(self.frame(), cell, None)
        if what == "none":
            return None
        if what == "other":
            # said on the page, not only announced (issue 22: a good put where the step does not
            # ask used to deselect silently): nothing played, and what the step asks instead
            self.ui_adapter.select(self.ui, None)
            self.kind = "wrong"
            self.feedback = NOTHING_THERE
            if self.guided and self.step < len(self.scene.line):  # the guide's step: what to do
                self.feedback += " " + self.scene.line[self.step].wrong
            return self.feedback
        return ""

    def try_move(self, move: str) -> str:
        """The learner plays ``move``: right (played, result shown) or wrong (refused, feedback
        shown, position kept). Returns the text shown.

        An illegal move (which the board never offers) is refused with the rules' reason.
        """
        self.ui_adapter.select(self.ui, None)
        try:
            right, text, after = core_scenes.try_move(self.scene, self.state, move, self.step)
        except ValueError as exc:
            self.kind, self.feedback = "wrong", f"That move is not allowed: {exc}"
            return self.feedback
        if right:
            mover = self.module.current_player(self.state)
            self.state, self.last, self.last_player = after, move, mover
            self.replies = self._play_replies()
            self.step += 1
            done = self.step >= len(self.scene.line)
            self.kind = "right" if done else "ask"
            self.feedback = " ".join(t for t in (text, self.replies, "" if done else "Your move again.") if t)
        elif right is None:  # a show-only scene: any legal move is simply played
            self.state, self.last = after, move
        else:
            self.tries += 1
            self.kind, self.feedback = "wrong", text
        return self.feedback

    def _play_replies(self) -> str:
        """Play the step's scripted reply (checked by the scene checker); its words, as every
        player may read them (the game's own log entry: nothing hidden is told)."""
        said = []
        for move, after in core_scenes.replies(self.scene, self.state, self.step):
            before = self.state
            player = self.module.current_player(before)
            words = self.module.describe(before, move, list(self.names))
            said.append(self.module.log_entry(before, move, words, after, list(self.names))[1])
            self.state, self.last, self.last_player = after, move, player
        return ("Reply: " + " ".join(_said_once(said))) if said else ""

    @property
    def solved(self) -> bool:
        """True once every step of the line was found (a show-only scene is never "solved")."""
        return self.kind == "right"

    def outcome_words(self) -> str:
        """The result in words when the position shown is a finished game, else ``""``."""
        if not self.module.is_over(self.state):
            return ""
        return self.module.explain(self.state, None, list(self.names))

    def board_html(self) -> str:
        """The board element: adapter SVG inside ``<div class="board scene-board" data-game
        data-position data-ply data-interactive>``."""
        adapter = self.ui_adapter
        ply = 0 if self.last is None else self.step + sum(len(st.reply) for st in self.scene.line[:self.step])
        sc = self.scene
        hide = " hide-hints" if sc.hide_hints else ""
        said = pointers.pointers_words(sc.marks, sc.arrows)
        words = f'<p class="scene-pointers-words">{esc(said)}</p>' if said else ""
        return (f'<div class="board scene-board{hide}" data-game="{esc(sc.game)}" '
                f'data-position="{esc(adapter.position(self.state))}" data-ply="{ply}" '
                f'data-step="{self.step}" data-interactive="{1 if self.interactive else 0}">{self._svg()}</div>'
                f'{words}')

    def _svg(self) -> str:
        self.drawn_svg = self.ui_adapter.svg(self.frame())  # what :meth:`click` checks clicks against
        sc = self.scene
        if sc.marks or sc.arrows or sc.hide_hints:
            return pointers.annotate(self.drawn_svg, sc.marks, sc.arrows, sc.hide_hints)
        return self.drawn_svg

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


def check_pointers(scene: core_scenes.Scene) -> None:
    """Check that every mark and arrow end names a thing the scene's board draws (a
    ``data-cell`` of the game's drawing, at the start position, in the learner's view).

    Raises:
        SceneError: naming the scene and the names the drawing does not have.
    """
    names = list(scene.marks) + [n for pair in scene.arrows for n in pair]
    if not names:
        return
    board = SceneBoard(scene)
    lost = pointers.missing(board.ui_adapter.svg(board.frame()), names)
    if lost:
        raise core_scenes.SceneError(f"marks and arrows name things the board does not show: {', '.join(lost)} "
                                     f"(use the data-cell names of the board, e.g. a cell like “a3”)", scene.id)


class LessonBoard:
    """A lesson on a page: one :class:`SceneBoard` at a time, "2 of 5", Previous / Next.

    Next is offered once the scene shown is solved or is show-only; Previous from the second
    scene on. A single scene is a lesson of one (no counter, no buttons).

    Attributes:
        title: the lesson's title (``""`` for a single scene).
        scenes: the :class:`altibox.core.scenes.Scene` list.
        index: the scene shown (0-based).
    """

    def __init__(self, scenes, title: str = ""):
        self.scenes = list(scenes)
        if not self.scenes:
            raise ValueError("a lesson needs at least one scene")
        self.title = title
        self.index = 0
        self._boards: dict[int, SceneBoard] = {}

    @property
    def board(self) -> SceneBoard:
        """The scene board shown (made when first shown; kept while the page lives)."""
        if self.index not in self._boards:
            self._boards[self.index] = SceneBoard(self.scenes[self.index])
        return self._boards[self.index]

    def can_next(self) -> bool:
        """True when Next is offered: a later scene exists and this one is solved or show-only."""
        b = self.board
        return self.index + 1 < len(self.scenes) and (b.solved or b.kind == "show")

    def go(self, where: str) -> bool:
        """``"next"`` or ``"prev"``; True when the scene shown changed."""
        if where == "next" and self.can_next():
            self.index += 1
            return True
        if where == "prev" and self.index > 0:
            self.index -= 1
            return True
        return False

    def counter(self) -> str:
        """"2 of 5" (``""`` for a single scene)."""
        return f"{self.index + 1} of {len(self.scenes)}" if len(self.scenes) > 1 else ""

    def html(self, caption: str = "") -> str:
        """The lesson's inside: its title and counter, the scene's figure, an extra
        ``caption`` line (the link's ``caption=``), Previous / Next."""
        from web.html.escape import esc as _esc
        head = ""
        if len(self.scenes) > 1 or self.title:
            head = (f'<header class="lesson-head"><strong class="lesson-title">{_esc(self.title)}</strong> '
                    f'<span class="lesson-counter" data-index="{self.index}">{_esc(self.counter())}</span></header>')
        extra = f'<p class="wcaption lesson-caption">{_esc(caption)}</p>' if caption else ""
        nav = ""
        if len(self.scenes) > 1:
            prev = "" if self.index > 0 else " disabled"
            nxt = "" if self.can_next() else " disabled"
            nav = (f'<nav class="lesson-nav"><button type="button" data-action="prev-scene"{prev}>← Previous</button>'
                   f'<button type="button" data-action="next-scene"{nxt}>Next →</button></nav>')
        return (f'<div class="lesson" data-scenes="{len(self.scenes)}" data-index="{self.index}">{head}'
                f'{figure_html(self.board)}{extra}{nav}</div>')
