"""Boards in a host page (``static/embed.js``, issue 21): what the page's one Python answers.

Pure Python (no browser imports): the worker that ``embed.js`` starts loads ``py/`` and calls
:func:`handle` with each message of the page, as JSON text, and posts back the JSON text it
returns; everything else here is tested in CPython. The boards are the embed's own models:
:class:`web.play.boardmodel.BoardModel` (``pos=``, ``rec=``, a new game) and
:class:`web.play.sceneboard.SceneBoard` (``scene=``); neither reads or writes the player's saves.

Messages (``n`` is the page's number for one ``<altibox-board>`` element)::

    {"op": "open", "n": 1, "attrs": {"game": "alto", "pos": "…"}, "width": 640}
    {"op": "act", "n": 1, "cell": "b2" | null, "move": "b2c3" | null,
     "step": "first|prev|next|last" | null, "action": "reset" | null, "width": 640}
    {"op": "draw", "n": 1, "width": 380}     (drawn again: the element's width changed)
    {"op": "close", "n": 1}

Answer: ``{"n": 1, "html": "…", "events": [[type, detail], …], "quiet": "…" | null}`` where
``html`` is the board's whole inside (DESIGN.md §3 hooks: ``#board[data-game][data-position]
[data-ply]``, ``[data-cell]``, ``[data-move]``, ``#status``, ``[data-step]``) and each event is
one of ``altibox:ready`` (``{}``), ``altibox:move`` (``{ply, move, position}``; ``position``
is None for a game with hidden cards unless the board is a composed scene),
``altibox:solved`` (``{scene, index}``) and ``altibox:error`` (``{message}``, the board's html
is then the message). ``quiet`` is one line about attribute names we do not know (for the
console), or None. A message that cannot be read gets ``{"n": n, "events":
[["altibox:error", {"message": …}]]}``.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

from altibox import GAMES

from web.html.escape import esc
from web.links.codec import shown_text
from web.links.embed import EmbedError, parse_embed
from web.play.board import NARROW_BELOW
from web.play.boardmodel import BoardModel

#: attribute names of ``<altibox-board>`` (DESIGN.md §3): the embed parameters and ``src``
ATTRIBUTES = ("game", "pos", "rec", "ply", "scene", "lesson", "focus", "interactive", "controls",
              "theme", "caption", "seed", "players", "src")
#: attribute names that belong to the host page, never named as unknown
_PAGE_OWN = re.compile(r"(class|id|style|slot|hidden|title|lang|dir|tabindex|role|data-.*|aria-.*)")


def unknown_names(attrs: dict[str, str]) -> str | None:
    """One quiet line naming the attributes an ``<altibox-board>`` does not know (with a "did
    you mean" where one is close), or None. The page's own attributes (``class``, ``id``,
    ``style``, ``data-*``, ``aria-*``...) and the game's options (``first_player``...) are known.

    >>> unknown_names({"game": "alto", "poss": "x", "class": "wide"})
    'altibox-board: unknown attribute poss (did you mean pos?)'
    """
    module = GAMES.get(attrs.get("game", ""))
    known = list(ATTRIBUTES) + (list(module.OPTIONS) if module else [])
    parts = []
    for name in attrs:
        if name in known or _PAGE_OWN.fullmatch(name):
            continue
        close = difflib.get_close_matches(name, known, n=1)
        parts.append(f"{name} (did you mean {close[0]}?)" if close else name)
    if not parts:
        return None
    return f"altibox-board: unknown attribute{'s' if len(parts) > 1 else ''} {', '.join(parts)}"


def error_html(message: str, param: str = "", text: str = "") -> str:
    """The message shown in place of a board whose attributes cannot be used: what is wrong and
    the bad attribute quoted literally (escaped, cut visibly after 160 characters)."""
    why = message if re.match(r"\w+=", message) else message[:1].upper() + message[1:]
    quoted = (f'<p class="bad">The element says <code class="bad-text">{esc(param)}="{esc(shown_text(text))}"'
              f'</code></p>') if param else ""
    return (f'<div class="embed-error" role="alert"><h2>This board cannot be shown</h2>'
            f'<p class="why">{esc(why)}.</p>{quoted}</div>')


def status_html(words: str, seat: int | None, outcome: Any) -> str:
    """``#status``: the words, with ``data-turn`` while the game runs, else ``data-winners``
    and ``data-reason`` (DESIGN.md §3), as :func:`web.dom.nodes.show_status` writes it."""
    if outcome is None:
        hooks, cls = f' data-turn="{seat}"', f"turn seat-{seat}"
    else:
        winners = ",".join(str(w) for w in outcome.winners)
        hooks, cls = f' data-winners="{winners}" data-reason="{esc(outcome.reason)}"', "over"
    return f'<p class="wstatus status {cls}" id="status" role="status"{hooks}>{esc(words)}</p>'


def lesson_board(spec: Any) -> Any:
    """The :class:`web.play.sceneboard.LessonBoard` an embed's ``scene=`` or ``lesson=`` asks for
    (:class:`web.links.embed.EmbedSpec`): one of our scene ids, a scene or a lesson as JSON or
    ``z:`` (:mod:`web.links.lessons`).

    Raises:
        EmbedError: (param ``scene`` or ``lesson``) an unknown id, damaged text, or a scene that
            breaks the schema or whose claims are false.
    """
    from web.links import lessons
    from web.links.codec import LinkError
    from web.play.sceneboard import LessonBoard
    try:
        if spec.lesson is not None:
            lesson = lessons.read_lesson(spec.game, spec.lesson)
            return LessonBoard(lesson.scenes, lesson.title)
        return LessonBoard([lessons.read_scene(spec.game, spec.scene)])
    except LinkError as exc:
        raise EmbedError(str(exc), "lesson" if spec.lesson is not None else "scene", exc.text) from None


def scene_events(lesson: Any, before: tuple[str, int], move: str | None) -> list[list]:
    """The events of a click on a lesson's scene board (:class:`web.play.sceneboard.LessonBoard`):
    ``altibox:move`` when the learner's ``move`` (the ``data-move`` clicked) was a right step of
    the scene's line, then ``altibox:solved`` (``{scene, index}``) when that step ended the line.
    ``before`` is the board's ``(kind, step)`` before the click."""
    board = lesson.board
    if not move or board.step <= before[1]:
        return []
    events = [["altibox:move", move_detail(board, move)]]
    if board.solved and before[0] != "right":
        events.append(["altibox:solved", {"scene": board.scene.id, "index": lesson.index}])
    return events


def move_detail(board: Any, move: str) -> dict:
    """``altibox:move``'s detail after ``move`` on ``board`` (a :class:`BoardModel` or a
    :class:`web.play.sceneboard.SceneBoard`): ``{ply, move, position}``, where ``position`` is the
    position text, or None for a game that hides cards unless the board is a composed scene (its
    public position then: no hand or bag order reaches the host page)."""
    if isinstance(board, BoardModel):
        position = None if board.module.INFO.hidden else board.module.to_position(board.state)
        return {"ply": board.ply, "move": move, "position": position}
    ply = board.step + sum(len(st.reply) for st in board.scene.line[:board.step])  # as its data-ply
    return {"ply": ply, "move": move, "position": board.ui_adapter.position(board.state)}


class HostBoard:
    """One ``<altibox-board>``: its model (a game or a scene), what to say under it, and the
    events its last change made.

    Raises:
        EmbedError: a bad attribute value (the message names it); ``lesson=`` (lessons in links
            come with the lessons issue).
    """

    def __init__(self, attrs: dict[str, str]):
        spec = parse_embed({k: str(v) for k, v in attrs.items() if k != "src"})
        self.game = spec.game
        self.theme = spec.theme
        self.caption = spec.caption
        self.lesson = None
        self.model = None
        if spec.scene is not None or spec.lesson is not None:
            self.lesson = lesson_board(spec)
        else:
            self.model = BoardModel.from_spec(spec)
        self.feedback, self.kind = "", ""

    def html(self, width: float | None = None) -> str:
        """The board's whole inside, drawn for an element ``width`` CSS px wide."""
        narrow = bool(width and width < NARROW_BELOW)
        if self.lesson is not None:
            self.lesson.board.ui["narrow"] = narrow
            inner = self.lesson.html(self.caption).replace('class="board scene-board',
                                                           'id="board" class="board scene-board', 1)
            return f'<div class="widget theme-{esc(self.theme)}" data-widget="{esc(self.game)}">{inner}</div>'
        v = self.model
        v.ui["narrow"] = narrow
        label = f"{v.module.INFO.name} board"
        words, seat = v.status()
        controls = f'<div class="wcontrols">{v.controls_html()}</div>' if v.controls else ""
        caption = f'<p class="wcaption">{esc(v.caption)}</p>' if v.caption else ""
        said = (f'<p class="wfeedback" data-kind="{self.kind}" role="status">{esc(self.feedback)}</p>'
                if self.feedback else "")
        return (f'<div class="widget theme-{esc(v.theme)}" data-widget="{esc(v.game_id)}">'
                f'<div class="wboard board" id="board" data-game="{esc(v.game_id)}" '
                f'data-position="{esc(v.position())}" data-ply="{v.ply}" '
                f'data-interactive="{1 if v.interactive else 0}" role="group" aria-label="{esc(label)}">'
                f'{v.board_svg()}</div>{status_html(words, seat, v.module.outcome(v.state))}'
                f'{controls}{caption}{said}</div>')


    def act(self, cell: str | None = None, move: str | None = None, step: str | None = None,
            action: str | None = None) -> list[list]:
        """A click (or Enter) on a ``data-cell``/``data-move``, a step-through button
        (``step``), the scene's "Try again" (``action="reset"``) or a lesson's Previous / Next
        (``action="prev-scene"``/``"next-scene"``). Returns the events it made.
        Raises ValueError for an unknown ``step``."""
        if self.lesson is not None:
            return self._scene_act(cell, move, action)
        v = self.model
        self.feedback, self.kind = "", ""
        if step:
            v.step(step)
            return []
        what, arg = v.click(cell, move)
        if what == "refused":
            self.feedback, self.kind = arg, "wrong"
        if what != "play":
            return []
        try:
            notation, _words = v.play(arg)
        except ValueError as exc:
            self.feedback, self.kind = f"That move is not allowed: {exc}", "wrong"
            return []
        return [["altibox:move", move_detail(v, notation)]]

    def _scene_act(self, cell, move, action) -> list[list]:
        board = self.lesson.board
        if action in ("prev-scene", "next-scene"):
            self.lesson.go("next" if action == "next-scene" else "prev")
            return []
        if action == "reset":
            board.reset()
            return []
        before = (board.kind, board.step)
        board.click(cell, move)
        return scene_events(self.lesson, before, move)


class HostBoards:
    """Every board of one host page, by the page's number for it."""

    def __init__(self):
        self.boards: dict[int, HostBoard] = {}

    def message(self, msg: dict) -> dict:
        """Answer one message of the page (see the module docstring)."""
        n = msg.get("n")
        op = msg.get("op")
        width = msg.get("width")
        if op == "close":
            self.boards.pop(n, None)
            return {"n": n, "events": []}
        if op == "open":
            attrs = msg.get("attrs") or {}
            quiet = unknown_names(attrs)
            try:
                board = HostBoard(attrs)
            except EmbedError as exc:
                self.boards.pop(n, None)
                return {"n": n, "html": error_html(str(exc), exc.param, exc.text), "quiet": quiet,
                        "events": [["altibox:error", {"message": str(exc)}]]}
            self.boards[n] = board
            return {"n": n, "html": board.html(width), "quiet": quiet, "events": [["altibox:ready", {}]]}
        board = self.boards.get(n)
        if op not in ("act", "draw") or board is None:
            raise ValueError(f"unknown message {op!r}" if op not in ("act", "draw") else f"no board {n} to act on")
        if op == "draw":  # the element's width crossed the phone layout's line
            return {"n": n, "html": board.html(width), "events": []}
        events = board.act(msg.get("cell"), msg.get("move"), msg.get("step"), msg.get("action"))
        return {"n": n, "html": board.html(width), "events": events}


PAGE = HostBoards()
"""The boards of the page this Python serves (one worker, one page)."""


def handle(text: str) -> str:
    """The worker's entry: one message of the page as JSON text → the answer as JSON text.
    Never raises: an unexpected error becomes an ``altibox:error`` event of that board."""
    n = None
    try:
        msg = json.loads(text)
        n = msg.get("n")
        return json.dumps(PAGE.message(msg))
    except Exception as exc:  # the page must hear about it; a board never goes blank silently
        message = f"something went wrong in this board ({type(exc).__name__}: {exc})"
        return json.dumps({"n": n, "html": error_html(message), "events": [["altibox:error", {"message": message}]]})
