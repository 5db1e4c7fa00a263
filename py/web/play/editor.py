"""The scene and lesson editor's state (issue 20 point 4), pure Python, CPython-tested.

A :class:`Draft` is what the teacher is writing: one scene, or a lesson of several, each scene a
JSON object of the schema of :mod:`altibox.core.scenes` kept exactly as it will travel, so a
scene opened from a link and not changed comes back as the same canonical JSON (a record scene
stays a record scene). The editor page (:mod:`web.dom.editorpage`) only shows a draft and passes
the teacher's edits in:

- where it starts (:func:`open_draft`): a scene of our files (``&scene=ID``), a scene or lesson
  in the link (``&scene=``/``&lesson=``, JSON or ``z:``), a shared game at a ply (``&rec=``,
  ``&ply=``: "Make this a question"), a position (``&pos=``), or a new game;
- the texts (title, caption, feedback, result), the position (a composed one, checked by the
  engine), the asked move and particular wrong moves recorded by playing them on the board,
  the scenes of a lesson (add, remove, reorder);
- what comes out: :meth:`Draft.link` (an embed of the scene, or the lesson page; the fragment
  form ``#scene=``/``#lesson=`` when the query would pass
  :data:`web.links.lessons.MAX_QUERY_LINK` characters: :func:`web.links.lessons.lesson_url`),
  :meth:`Draft.snippet` (the ``<iframe>`` to paste) and :meth:`Draft.to_json` (the draft kept
  under ``altibox:editor:<game>``).

Every scene is proved by :func:`altibox.core.scenes.check_scene` (:meth:`Draft.problems`): the
teacher reads, in words, what is wrong, and nothing of the draft is lost meanwhile.
"""

from __future__ import annotations

import json
from typing import Any

from altibox import GAMES
from altibox.core import bounded
from altibox.core import scenes as core_scenes

from web.links.codec import LinkError, decode_record, iframe_snippet
from web.links.lessons import MAX_QUERY_LINK as LINK_LIMIT, lesson_url, merge_fragment, prove
from web.play import editorline as line

#: localStorage key prefix of a game's draft (DESIGN.md §3, Storage).
DRAFT_PREFIX = "altibox:editor:"
#: Longest draft read back from storage (characters).
MAX_DRAFT_CHARS = 400_000
#: The texts of a scene the teacher writes, and of its question.
SCENE_TEXTS = ("title", "caption")
ASK_TEXTS = ("wrong", "result", "prompt")
#: The optional texts of a step (schema 2): an empty one is left out of the scene.
OPTIONAL_TEXTS = ("prompt",)


class EditorError(ValueError):
    """A draft, link or edit the editor cannot take; the message says why in words."""


def draft_key(game: str) -> str:
    """The storage key of ``game``'s draft: ``altibox:editor:<game>``."""
    return f"{DRAFT_PREFIX}{game}"


def decode(text: str, what: str) -> dict:
    """A scene or lesson carried in a link: JSON text or ``z:`` + base64url raw deflate.

    Raises:
        EditorError: the text cannot be read (the message says why, naming ``what``).
    """
    try:
        return decode_record(text, what)
    except LinkError as exc:
        raise EditorError(str(exc)) from None


def file_scene(game: str, scene_id: str) -> dict:
    """The JSON object of scene ``scene_id`` of ``game``'s scene file, as written there, or of
    its guided first game (``learn.json``, id ``first-game``: its steps' prompts come along).

    Raises:
        EditorError: no such scene (the known ids are listed).
    """
    from importlib import resources
    module = GAMES[game]
    root = resources.files(module.__name__)
    raw = bounded.loads(root.joinpath("scenes.json").read_text(encoding="utf-8"), "the scene file",
                        max_chars=2_000_000)["scenes"]
    learn = root.joinpath("learn.json")
    guided = (bounded.loads(learn.read_text(encoding="utf-8"), "the guided game",
                            max_chars=2_000_000)["scenes"] if learn.is_file() else [])
    for scene in raw + guided:
        if scene.get("id") == scene_id:
            return scene
    raise EditorError(f"{module.NAME} has no scene {scene_id!r} (scenes: "
                      f"{', '.join(s['id'] for s in raw)})")


def new_scene(game: str, position: str | None = None, record: dict | None = None,
              ply: int | None = None, n: int = 1) -> dict:
    """A show-only scene to start from: ``position`` (text), a ``record`` shown after ``ply``
    moves, or else a new game's first position (seed 1)."""
    module = GAMES[game]
    scene: dict[str, Any] = {"id": f"scene-{n}", "title": f"Scene {n}",
                             "caption": "What happens here?"}
    if record is not None:
        scene["record"] = record
        if ply is not None:
            scene["ply"] = ply
    else:
        scene["position"] = position if position is not None else module.to_position(module.new_game(seed=1))
    return scene


class Draft:
    """A scene, or a lesson of scenes, being written.

    Attributes:
        game: the game id. title: the lesson's title. lesson: True when it is a lesson (opened
        with ``&lesson=`` or grown to more than one scene). scenes: the scenes' JSON objects.
        index: the scene being edited (0-based).
    """

    def __init__(self, game: str, scenes: list[dict], title: str = "", lesson: bool = False,
                 index: int = 0):
        if game not in GAMES:
            raise EditorError(f"There is no game called {game!r}.")
        if not scenes or not all(isinstance(s, dict) for s in scenes):
            raise EditorError("A draft needs at least one scene, each a JSON object.")
        self.game, self.scenes = game, scenes
        self.title = title or (scenes[0].get("title") if isinstance(scenes[0].get("title"), str) else "") or "Lesson"
        self.lesson = lesson or len(scenes) > 1
        self.index = min(max(0, int(index)), len(scenes) - 1)
        self.step = 0  # the step of the current scene's line being edited

    # ---------------------------------------------------------------- storage

    def to_json(self) -> str:
        """The draft as stored under :func:`draft_key`."""
        return json.dumps({"schema": 1, "game": self.game, "title": self.title,
                           "lesson": self.lesson, "index": self.index, "scenes": self.scenes},
                          separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, game: str, text: str) -> "Draft":
        """A draft read back from storage.

        Raises:
            EditorError: not JSON, another game's draft, or no scenes (the caller keeps the
                text: nothing is lost).
        """
        try:
            data = bounded.loads(text, "the draft", max_chars=MAX_DRAFT_CHARS)
        except ValueError as exc:
            raise EditorError(f"The saved draft cannot be read: {exc}") from None
        if not isinstance(data, dict) or data.get("schema") != 1 or data.get("game") != game:
            raise EditorError(f"The saved draft is not a draft of {GAMES[game].NAME}.")
        title = data.get("title")
        try:
            return cls(game, data.get("scenes"), title if isinstance(title, str) else "",
                       bool(data.get("lesson")), data.get("index") if isinstance(data.get("index"), int) else 0)
        except EditorError as exc:
            raise EditorError(f"The saved draft cannot be used: {exc}") from None

    # ---------------------------------------------------------------- the scene being edited

    @property
    def scene(self) -> dict:
        """The JSON object of the scene being edited."""
        return self.scenes[self.index]

    def set_text(self, name: str, value: str) -> None:
        """Set the lesson's ``title``, or a text of the current scene: ``id``, ``title``,
        ``caption``, or of its question: ``wrong``, ``result``, ``prompt`` (what the page says
        while the step is asked: Now / Why / Cost, schema 2; a question is added when needed).
        An empty text is kept as written (the checker says it is missing), but an empty
        ``prompt`` is left out (it is optional)."""
        value = str(value)
        if name == "lesson-title":
            self.title = value
        elif name in SCENE_TEXTS or name == "id":
            self.scene[name] = value
        elif name in ASK_TEXTS:
            step = line.step_dict(self.scene, min(self.step, len(self.steps())))
            if name in OPTIONAL_TEXTS and not value.strip():
                step.pop(name, None)
            else:
                step[name] = value
        else:
            raise EditorError(f"There is no text {name!r} in a scene.")

    def set_position(self, text: str) -> None:
        """Show position ``text`` in the current scene (a record it replaced is dropped, with
        its ``ply``); its question and facts stay, for the checker to prove again."""
        scene = self.scene
        scene.pop("record", None)
        scene.pop("ply", None)
        scene["position"] = text

    def start_state(self):
        """The state the current scene shows (its position, or its record at its ply).

        Raises:
            EditorError: the position or record is not valid (the engine's words).
        """
        # only what places the board: the question, texts and pointers are checked by problems()
        where = {k: v for k, v in self.scene.items() if k in ("position", "record", "ply", "options")}
        try:
            return core_scenes.start_state(core_scenes.parse_scene(
                self.game, {"id": "scene", "title": "-", "caption": "-", **where}))
        except core_scenes.SceneError as exc:
            raise EditorError(str(exc)) from None

    def _shape(self, scene: dict) -> dict:
        """The scene as the parser reads it (steps still without an asked move left out)."""
        return line.shaped(scene)

    def _line(self, fn, *args):
        try:
            return fn(*args)
        except line.LineError as exc:
            raise EditorError(str(exc)) from None

    def steps(self) -> list[dict]:
        """The steps of the current scene's question (``[]``: show-only)."""
        return line.steps(self.scene)

    def step_state(self, replies: bool = False):
        """The position of the step being edited (``replies``: after its first right move and
        its replies so far, where the opponent's next reply is played).

        Raises:
            EditorError: the scene's position is not valid, or an earlier step has no move.
        """
        return self._line(line.state_at, GAMES[self.game], self.start_state(), self.scene, self.step, replies)

    def record_move(self, move: str, hint: str | None = None) -> str:
        """A move played on the editor's board at the step being edited: the asked move (one
        more right answer; played again, taken back), or with ``hint`` the feedback for that
        particular wrong move. Returns what the page says.

        Raises:
            EditorError: the move is not legal there.
        """
        return self._line(line.record, GAMES[self.game], self.step_state(), self.scene, self.step, move, hint)

    def record_reply(self, move: str) -> str:
        """The opponent's scripted reply after the step's right move (schema 2: a line).

        Raises:
            EditorError: the step has no asked move yet, or the reply is not legal.
        """
        return self._line(line.record_reply, GAMES[self.game], self.step_state(replies=True), self.scene,
                          self.step, move)

    def add_step(self) -> str:
        """Ask one more move after this step's right move and replies (a line, schema 2)."""
        if not (self.steps() and self.steps()[self.step].get("moves")):
            raise EditorError("Record this step's asked move first; then the next step starts after it.")
        self.step = len(self.steps())
        line.step_dict(self.scene, self.step)
        return f"Step {self.step + 1}: play the move the learner must find next."

    def select_step(self, k: int) -> None:
        """Edit step ``k`` of the line (0-based, kept in range)."""
        self.step = min(max(0, int(k)), max(0, len(self.steps()) - 1))

    def remove_step(self) -> None:
        """Remove the step being edited (and so the line after it stays as it is)."""
        left = self.steps()
        if left:
            del left[self.step]
            line.set_steps(self.scene, left)
        self.select_step(self.step)

    def set_comment(self, ply: int, text: str) -> str:
        """The comment shown at ``ply`` when the scene's record is replayed move by move
        (``record.meta.comments``, ``{"<ply>": text}``, ply 0 the start); an empty text removes
        it.

        Raises:
            EditorError: the scene shows a position, not a record, or ``ply`` is not one of its
                moves.
        """
        record = self.scene.get("record")
        if not isinstance(record, dict):
            raise EditorError("Comments are for a scene made from a game (a record), move by move.")
        moves = len(record.get("moves") or [])
        if not 0 <= ply <= moves:
            raise EditorError(f"This game has moves 0 (the start) to {moves}, not {ply}.")
        meta = record.setdefault("meta", {})
        comments = meta.setdefault("comments", {})
        if text.strip():
            comments[str(ply)] = text
            return f"Comment on move {ply} kept."
        comments.pop(str(ply), None)
        if not comments:
            meta.pop("comments")
        return f"Comment on move {ply} removed."

    def replay_link(self, base: str) -> str | None:
        """For a record scene: the embed that replays its game move by move from the start, with
        its comments (``&rec=…&ply=0&controls=1&interactive=0``); else None."""
        from web.links.codec import embed_query
        record = self.scene.get("record")
        if not isinstance(record, dict):
            return None
        return base + embed_query(self.game, record=record, ply=0, interactive=False, controls=True)

    def toggle_mark(self, name: str) -> str:
        """Mark a thing of the board (its ``data-cell``), or unmark it (schema 2)."""
        return line.toggle_mark(self.scene, name)

    def toggle_arrow(self, start: str, end: str) -> str:
        """An arrow between two things of the board, or no more arrow there (schema 2)."""
        return self._line(line.toggle_arrow, self.scene, start, end)

    def set_hide_hints(self, on: bool) -> None:
        """Hide the page's own hints in this scene (schema 2 ``hide_hints``), or show them."""
        if on:
            self.scene["hide_hints"] = True
        else:
            self.scene.pop("hide_hints", None)

    def clear_question(self) -> None:
        """Make the current scene show-only (its question dropped)."""
        self.scene.pop("ask", None)

    def problems(self) -> list[str]:
        """What is wrong with each scene, in words (``""`` for a scene proved as a scene from a
        link is: :func:`web.links.lessons.prove`, the rules' checker and the marks and arrows
        against the board), and a repeated id."""
        out = []
        seen: set = set()
        for i, scene in enumerate(self.scenes, 1):
            try:
                prove(core_scenes.parse_link_scene(self.game, scene, f"scene-{i}"))
                sid = scene.get("id")
                out.append(f"The id {sid!r} is used by an earlier scene." if sid is not None and sid in seen else "")
                seen.add(sid)
            except (core_scenes.SceneError, ValueError, TypeError) as exc:
                out.append(str(exc))
        return out

    # ---------------------------------------------------------------- the lesson

    def add_scene(self) -> None:
        """A new scene after the current one, from the current scene's position; it is then
        edited, and the draft is a lesson."""
        n = len(self.scenes) + 1
        ids = {s.get("id") for s in self.scenes}
        while f"scene-{n}" in ids:
            n += 1
        try:
            position = GAMES[self.game].to_position(self.start_state())
        except EditorError:
            position = None
        self.scenes.insert(self.index + 1, new_scene(self.game, position, n=n))
        self.index += 1
        self.step = 0
        self.lesson = True

    def remove_scene(self) -> None:
        """Remove the current scene (the last one stays)."""
        if len(self.scenes) > 1:
            del self.scenes[self.index]
            self.step = 0
            self.index = min(self.index, len(self.scenes) - 1)

    def move_scene(self, delta: int) -> None:
        """Move the current scene ``delta`` places (-1: earlier, 1: later), staying in range."""
        j = min(max(0, self.index + delta), len(self.scenes) - 1)
        self.scenes.insert(j, self.scenes.pop(self.index))
        self.index = j

    def select(self, index: int) -> None:
        """Edit scene ``index`` (0-based, kept in range)."""
        self.index = min(max(0, int(index)), len(self.scenes) - 1)
        self.step = 0

    # ---------------------------------------------------------------- what comes out

    def payload(self) -> tuple[str, dict]:
        """``("scene", the scene)`` or ``("lesson", {"schema": 1, "game", "title", "scenes"})``."""
        if self.lesson:
            return "lesson", {"schema": 1, "game": self.game, "title": self.title, "scenes": self.scenes}
        return "scene", self.scene

    def link(self, base: str, embed: bool = False) -> str:
        """The address of what is edited: a scene as an embed (``?game=G&embed=1&scene=z:…``), a
        lesson as its page (``?game=G&page=lesson&lesson=z:…``, or an embed with ``embed``).
        Over :data:`LINK_LIMIT` characters the scene or lesson goes in the fragment."""
        name, obj = self.payload()
        if name == "scene":
            return lesson_url(base, self.game, scene=obj, embed=True)
        return lesson_url(base, self.game, lesson=obj, embed=embed)

    def snippet(self, base: str) -> str:
        """The ``<iframe>`` a teacher pastes into a page."""
        name, obj = self.payload()
        title = obj.get("title") or GAMES[self.game].NAME
        return iframe_snippet(self.link(base, embed=True), f"{GAMES[self.game].NAME}: {title}")


def open_draft(game: str, params: dict[str, str], fragment: str = "") -> Draft:
    """The draft a link to the editor opens (``params``: the query; ``fragment``: the address
    after ``#``, whose ``scene=``/``lesson=`` count where the query has none).

    Raises:
        EditorError: a scene or lesson that cannot be read, a scene id our files do not have,
            a record that cannot be replayed (the message quotes what is wrong).
    """
    from urllib.parse import parse_qsl
    params = merge_fragment(params, parse_qsl(fragment.lstrip("#"), keep_blank_values=True))
    module = GAMES[game]
    if params.get("lesson"):
        lesson = decode(params["lesson"], "lesson")
        scenes = lesson.get("scenes")
        if lesson.get("game", game) != game or not isinstance(scenes, list) or not scenes:
            raise EditorError(f"A lesson of {module.NAME} needs \"game\": {game!r} and a list of scenes.")
        title = lesson.get("title") if isinstance(lesson.get("title"), str) else ""
        return Draft(game, scenes, title, lesson=True)
    text = params.get("scene", "")
    if text:
        if text.lstrip().startswith(("{", "z:")):
            return Draft(game, [decode(text, "scene")])
        return Draft(game, [file_scene(game, text)])
    if params.get("rec"):
        record = decode(params["rec"], "record")
        ply = params.get("ply", "")
        upto = int(ply) if ply.isdigit() else None
        try:
            state = module.replay(record, upto=upto)
        except ValueError as exc:
            raise EditorError(f"The game in this link cannot be replayed: {exc}") from None
        if module.INFO.hidden:  # a shared game never travels as a position: the scene keeps the record
            return Draft(game, [new_scene(game, record=record, ply=upto)])
        return Draft(game, [new_scene(game, module.to_position(state))])
    if params.get("pos"):
        return Draft(game, [new_scene(game, params["pos"])])
    return Draft(game, [new_scene(game)])
