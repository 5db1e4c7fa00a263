"""The guided first game (``?game=G&page=learn``, issue 22 point 1): the pure model of the page.

Pure Python (no browser imports), CPython-tested; :mod:`web.dom.learnpage` is its DOM glue. The
page leads the learner move by move through the game's own lesson file,
``altibox/<game>/learn.json`` (:func:`altibox.core.scenes.load_learn`): one scene that starts
from a record with a fixed seed and no moves, and asks a *line* of steps. Each step says what to
do now, why, and what it costs (its ``prompt``); the board is the game's own drawing through
:class:`web.play.sceneboard.SceneBoard`, so its targets are the board's own ``[data-cell]`` /
``[data-move]`` and a wrong click is refused with the step's feedback, the board left as it was.
The opponent's answers are the steps' scripted replies, told in the game's own log words (so
nothing hidden is shown).

At the end the learner plays on: :meth:`Guide.play_on_record` is the record of a normal game —
the lesson's record (the same seed, the same options) with every move played so far — with the
other seat a bot (``easy`` by default, or ``medium``) or a person. Replaying it from the seed
keeps Altitude's hands and Altiplano's bags exactly as the rules deal them, and as hidden.

A reload restarts at the step reached: the page keeps it in its address (``&step=N``, the
number it shows: "Step N of M"; ``&step=done`` at the end) and :meth:`Guide.restore` plays the
steps before it again (each step's first asked move and its
reply), which gives the very same position.
"""

from __future__ import annotations

import copy
import re

from altibox import GAMES
from altibox.core import scenes as core_scenes
from altibox.core.svg import unescape

from web.html.escape import esc
from web.play import pointers
from web.play.sceneboard import SceneBoard
from web.play.seats import PERSON, seats_meta

_TAG = re.compile(r"<(/?)([a-zA-Z][\w:-]*)([^<>]*?)(/?)>")
_CELL = re.compile(r'\sdata-cell="([^"]*)"')


def split_prompt(text: str) -> tuple[str, str]:
    """A step's prompt cut into what to do now and the rest (from its first "Why:", else its
    first "Cost:"), e.g. ``("Click Draw.", "Why: goods... Cost: nothing.")``; ``(text, "")``
    when it has neither. A phone shows the first part and the rest behind a "Why?" button."""
    for word in (" Why: ", " Cost: "):
        at = text.find(word)
        if at > 0:
            return text[:at], text[at + 1:]
    return text, ""


def cell_of_move(svg: str, move: str) -> str | None:
    """The ``data-cell`` a click on ``move``'s ``data-move`` lands in: the element's own, or
    that of the nearest group around it; None when the drawing has no such ``data-move``.

    >>> cell_of_move('<svg><g data-cell="a1"><rect data-move="@a1"/></g></svg>', "@a1")
    'a1'
    >>> cell_of_move('<svg><g data-cell="b2" data-move="b2c3"/></svg>', "b2c3"), cell_of_move("<svg/>", "x")
    ('b2', None)
    """
    key = f'data-move="{esc(move)}"'
    at = svg.find(key)
    if at < 0:
        return None
    stack: list[str | None] = []
    for m in _TAG.finditer(svg, 0, svg.find(">", at) + 1):
        closing, name, attrs, selfclose = m.groups()
        own = _CELL.search(attrs)
        if m.start() <= at < m.end():
            if own:
                return unescape(own.group(1))
            break
        if name == "g" and closing:
            if stack:
                stack.pop()
        elif name == "g" and not selfclose:
            stack.append(own.group(1) if own else None)
    return next((unescape(c) for c in reversed(stack) if c), None)

#: Who the learner may play on against: ``(value, label)``; the first is the default.
OPPONENTS = (("easy", "a bot (easy)"), ("medium", "a bot (medium)"), ("person", "a friend on this device"))


def has_guide(game: str) -> bool:
    """True when ``game`` has a guided first game (``altibox/<game>/learn.json``)."""
    try:
        return core_scenes.load_learn(game) is not None
    except (core_scenes.SceneError, KeyError):
        return False


#: ``&step=done``: every step of the line was played (the page offers "Play on from here")
DONE_STEP = "done"


#: said when the board is clicked once every step was played (new-user run: Altiplano's blue
#: "Draw 3 goods" did nothing at ``&step=done``, without a word): the guide plays no more moves,
#: the game played on does
PLAY_ON_FIRST = ("The guided part is over, so this board plays no more moves. To go on (this "
                 "move too), choose your opponent below, then Play on from here.")


def learn_url(game: str, step: int = 0, done: bool = False) -> str:
    """The guided page's address: ``?game=G&page=learn``, with ``&step=N`` from the second step
    on, where N is the number the page shows ("Step N of M", issue 22: ``step=2`` showed
    "Step 3"), and ``&step=done`` once every step was played. ``step``: the 0-based step reached
    (:attr:`Guide.step`).

    >>> learn_url("alto"), learn_url("alto", 2), learn_url("alto", 11, done=True)
    ('?game=alto&page=learn', '?game=alto&page=learn&step=3', '?game=alto&page=learn&step=done')
    """
    if done:
        return f"?game={game}&page=learn&step={DONE_STEP}"
    return f"?game={game}&page=learn" + (f"&step={step + 1}" if step else "")


def step_request(text: str | None, steps: int) -> tuple[int, str | None]:
    """The 0-based step an address's ``&step=`` asks for in a line of ``steps`` steps, and the
    notice to show when the link asks for a step the line does not have (new-user run:
    ``&step=999`` jumped to "All 15 steps done" without a word) or for no step number at all:
    such a link starts at step 1. ``done`` is past the last step; absent, empty and ``0`` are
    the first step, without a notice.

    >>> step_request("4", 15), step_request("done", 15), step_request(None, 15)
    ((3, None), (15, None), (0, None))
    >>> step_request("999", 15)
    (0, 'This link asks for step 999; the guided game has 15 steps. It starts at step 1.')
    >>> step_request("abc", 15)
    (0, 'This link asks for step “abc”, which is not a step number (1 to 15, or done). It starts at step 1.')
    """
    raw = (text or "").strip()
    if raw.lower() == DONE_STEP:
        return steps, None
    if raw == "":
        return 0, None
    shown = raw if len(raw) <= 20 else raw[:20] + "…"
    if not (raw.isascii() and raw.isdigit()):
        return 0, (f"This link asks for step “{shown}”, which is not a step number (1 to {steps}, or "
                   f"{DONE_STEP}). It starts at step 1.")
    n = int(raw) if len(raw) <= 20 else steps + 1
    if n > steps:
        return 0, (f"This link asks for step {shown}; the guided game has {steps} "
                   f"step{'s' if steps != 1 else ''}. It starts at step 1.")
    return max(0, n - 1), None


class Guide:
    """The guided game of one game: its scene board, the moves played, and what to say.

    Attributes:
        scene: the lesson's :class:`altibox.core.scenes.Scene`.
        board: the :class:`web.play.sceneboard.SceneBoard` shown.
        moves: every move played so far, the learner's and the scripted replies, in order
            (notations: the record's moves after the lesson's own).
        opponent: the opponent chosen for playing on (a value of :data:`OPPONENTS`).

    Raises:
        SceneError: the game has no guided game, or its lesson file is broken.
    """

    def __init__(self, game: str):
        scene = core_scenes.load_learn(game)
        if scene is None:
            raise core_scenes.SceneError(f"{GAMES[game].INFO.name} has no guided first game yet")
        self.game = game
        self.module = GAMES[game]
        self.scene = scene
        self.opponent = OPPONENTS[0][0]
        self.why_open = False  # the phone's "Why?" opened (kept from step to step)
        self.restart()

    def restart(self) -> None:
        """Back to the first step (the page's "Start again")."""
        self.board = SceneBoard(self.scene, guided=True)
        self.moves: list[str] = []
        self._targets: dict = {}
        self._advanced = False  # the last click played a step (see :meth:`click`)

    # ------------------------------------------------------------ progress

    @property
    def step(self) -> int:
        """The step asked now (0-based; ``steps`` once the line is done)."""
        return self.board.step

    @property
    def steps(self) -> int:
        """How many steps the line has."""
        return len(self.scene.line)

    @property
    def done(self) -> bool:
        """True once every step was played: the learner plays on from here."""
        return self.board.step >= self.steps

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self.board.seat

    def restore(self, step: int) -> int:
        """Play the first ``step`` steps again (a reload at ``&step=N``), each with its first
        asked move and its reply; returns the step reached (``step`` clamped to the line)."""
        self.restart()
        for _ in range(max(0, min(step, self.steps))):
            self.play(self.scene.line[self.board.step].moves[0])
        return self.step

    def play(self, move: str) -> str:
        """Try ``move`` at the step asked (a ``data-move`` clicked); returns the words shown.
        A right move is kept in :attr:`moves` with its scripted reply."""
        before = self.board.step
        said = self.board.try_move(move)
        self._note(before, move)
        return said

    def click(self, cell: str | None, move: str | None, repeat: bool = False) -> str | None:
        """A click on the board (``move``: the ``data-move``, ``cell``: the ``data-cell``), as on
        a scene board (:meth:`web.play.sceneboard.SceneBoard.click`); None when nothing changed.

        ``repeat``: the click is the second (or later) of a double click (the DOM event's
        ``detail`` > 1). When the click before it played a step, it is ignored (None): a
        double click on a one-click step (Altiplano's Draw) plays that step once and keeps its
        result in view, instead of counting as a wrong click on the next step. Once every step
        was played, a click on the board plays nothing and says so (:data:`PLAY_ON_FIRST`)."""
        if repeat and self._advanced:
            return None
        if self.done:  # the board still shows the next move's buttons: say where they work
            self._advanced = False
            if not (cell or move):
                return None
            self.board.feedback = PLAY_ON_FIRST
            return self.board.feedback
        before = self.board.step
        said = self.board.click(cell, move)
        if move:
            self._note(before, move)
        self._advanced = self.board.step > before
        return said

    def _note(self, before: int, move: str) -> None:
        if self.board.step > before:
            played = str(self.module.parse_move(move))
            self.moves.append(played)
            self.moves.extend(self.scene.line[before].reply)

    # ------------------------------------------------------------ playing on

    def play_on_record(self, opponent: str | None = None) -> dict:
        """The record of the game to play on (DESIGN.md §2): the lesson's record (same seed,
        players and options) with :attr:`moves`, and ``meta.seats``: the learner a person,
        every other seat ``opponent`` (a bot level, or ``"person"``: then no seats are written,
        as for a game of people), and, in a game where players type names, ``meta.names``: each
        seat's default name (:func:`web.play.seats.seats_meta`: "Player 1", "Bot 2 (medium)").

        Raises:
            ValueError: ``opponent`` is not one of :data:`OPPONENTS`.
        """
        kind = opponent or self.opponent
        if kind not in {value for value, _ in OPPONENTS}:
            raise ValueError(f"play on against one of {', '.join(v for v, _ in OPPONENTS)}, not {kind!r}")
        record = copy.deepcopy(self.scene.record)
        record["moves"] = list(record.get("moves") or []) + list(self.moves)
        players = int(record.get("players") or self.module.num_players(self.board.start))
        kinds = [PERSON if i == self.seat else kind for i in range(players)]
        # the seats' default names, as a new game against a bot writes them ("Bot 2 (medium)";
        # new-user run: the bot played on was "Player 2" in the score, status and log)
        record["meta"] = seats_meta(self.module.INFO, players, kinds)
        return record

    # ------------------------------------------------------------ the page

    def target(self, svg: str) -> str | None:
        """The ``data-cell`` to click now for the step asked, drawn as ``svg``: the one that
        plays the asked move when the board shows it, else the one whose selection makes the
        board show it (a good to plan, a hand card, a disc to move); None when done. Only this
        target is marked on the page: the board's other highlights are hidden."""
        if self.done:
            return None
        b = self.board
        asked = self.scene.line[self.step].moves
        for move in asked:
            cell = cell_of_move(svg, move)
            if cell is not None:
                return cell
        key = (self.step, str(b.ui.get("selected")))
        if key not in self._targets:
            self._targets[key] = self._selection_target(asked)
        return self._targets[key]

    def _selection_target(self, asked) -> str | None:
        b = self.board
        adapter = b.ui_adapter
        words = " ".join(asked)
        cells = sorted(adapter.selectable(b.frame()),
                       key=lambda c: (not any(part and part in words for part in c.split(":")[1:] or [c]), c))
        kept = dict(b.ui)
        try:
            for cell in cells:
                adapter.select(b.ui, cell)
                svg = adapter.svg(b.frame())
                if any(cell_of_move(svg, m) is not None for m in asked):
                    return cell
        finally:
            b.ui.clear()
            b.ui.update(kept)
        return None

    def feedback(self) -> str:
        """What was said after the last click: the step's result and the opponent's reply in
        words, or why a wrong click was refused ("Your move again." left out: the next step
        says what to do)."""
        return self.board.feedback.replace(" Your move again.", "")

    def board_html(self) -> str:
        """The board element (``div.board.scene-board``, as a scene board draws it: the game's
        own svg, ``data-position`` (the public position), ``data-ply``, ``data-interactive``),
        with the board's own highlights hidden and the target to click now marked
        (``[data-mark]``; ``data-target`` names it)."""
        b = self.board
        svg = b.ui_adapter.svg(b.frame())
        b.drawn_svg = svg  # what clicks are checked against
        target = self.target(svg)
        shown = pointers.annotate(svg, [target] if target else [], [], hide_hints=True)
        return (f'<div class="board scene-board hide-hints" data-game="{esc(self.game)}" '
                f'data-position="{esc(b.ui_adapter.position(b.state))}" data-ply="{len(self.moves)}" '
                f'data-step="{self.step}" data-interactive="{1 if b.interactive else 0}" '
                f'data-target="{esc(target or "")}">{shown}</div>')

    def progress(self) -> str:
        """"Step 3 of 15", or "All 15 steps done"."""
        if self.done:
            return f"All {self.steps} steps done"
        return f"Step {self.step + 1} of {self.steps}"

    def now_text(self) -> str:
        """What to do now: the step's prompt (or the scene caption when a step has none), or,
        once done, the invitation to play on."""
        if self.done:
            return ("That was the guided part. Play on from this very position: choose your "
                    "opponent below, then Play on from here. The game is saved like any other.")
        return self.scene.line[self.step].prompt or self.scene.caption

    def _now_html(self) -> str:
        """What to do now (``#learn-now``) and, where the prompt says why and what it costs,
        that part (``#learn-why``): on a wide screen both show; on a phone the second hides
        behind the "Why?" button (``[data-action="learn-why"]``, ``aria-expanded``), which keeps
        the sticky bar short (issue 22)."""
        now, why = split_prompt(self.now_text())
        if not why:
            return f'<p class="learn-now" id="learn-now"><strong>Now:</strong> {esc(now)}</p>'
        open_ = "true" if self.why_open else "false"
        return (f'<p class="learn-now" id="learn-now"><strong>Now:</strong> {esc(now)} '
                f'<button type="button" class="learn-why-toggle" data-action="learn-why" '
                f'aria-expanded="{open_}" aria-controls="learn-why">Why?</button></p>'
                f'<p class="learn-why" id="learn-why"{"" if self.why_open else " hidden"}>{esc(why)}</p>')

    def toggle_why(self) -> bool:
        """Open or close the phone's "Why?" part; returns True when it is open now."""
        self.why_open = not self.why_open
        return self.why_open

    def html(self) -> str:
        """The page's inside (``<div class="learn">``): title, progress, what to do now, the
        feedback, the board (``.scene-board`` with ``data-position``, ``data-ply`` and the
        board's own ``[data-cell]``/``[data-move]``), and the buttons (Start again; at the end
        the opponent choice and ``[data-action="learn-play-on"]``)."""
        b = self.board
        kind = b.kind if b.feedback else ""
        feedback = (f'<p class="scene-feedback learn-feedback" id="learn-feedback" data-kind="{esc(kind)}" '
                    f'role="status">{esc(self.feedback())}</p>')
        play_on = ""
        if self.done:
            options = "".join(
                f'<label class="learn-opponent"><input type="radio" name="learn-opponent" value="{esc(v)}"'
                f'{" checked" if v == self.opponent else ""}> {esc(label)}</label>' for v, label in OPPONENTS)
            play_on = (f'<fieldset class="learn-playon"><legend>Play on against</legend>{options}</fieldset>'
                       f'<p class="actions"><button type="button" class="primary" data-action="learn-play-on">'
                       f'Play on from here</button></p>')
        restart = ('<button type="button" class="learn-restart" data-action="learn-restart">Start again</button>'
                   if self.step or self.moves else "")
        name = self.module.INFO.name
        return (f'<div class="learn" data-game="{esc(self.game)}" data-step="{self.step}" '
                f'data-steps="{self.steps}" data-done="{1 if self.done else 0}">'
                f'<header class="learn-head"><h2>{esc(self.scene.title)}</h2>'
                f'<p class="learn-progress" data-step="{self.step}">{esc(self.progress())}</p></header>'
                f'<div class="learn-bar">{self._now_html()}{feedback}{play_on}</div>'
                f'<div class="learn-board" role="group" aria-label="{esc(name)} board, guided game">'
                f'{self.board_html()}</div>'
                f'<p class="learn-foot">{restart} <a class="button" data-nav="1" href="?game={esc(self.game)}&amp;page=rules">'
                f'How to play {esc(name)}</a></p></div>')
