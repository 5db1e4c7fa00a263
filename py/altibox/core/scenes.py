"""Scenes: rulebook examples as data, and the checker that proves each one (issues 11, 20).

A scene is a position with a caption, shown on a "How to play" page as a live board, in an
embed (``&scene=``) or in a lesson (``&lesson=``). It may ask the learner for a move, or for a
*line* of several moves: a wrong try gets feedback (the board stays as it was), the right
move is played, the opponent's scripted reply (if any) is played and shown, and a result
caption says what happened, step after step. A show-only scene (such as a scoring example)
states facts about its position (the scores, the winner) that the checker verifies.

Each game keeps its scenes in one file, ``py/altibox/<game>/scenes.json``, so a teacher can
write a new one without touching code; a teacher on the public site puts a scene or a whole
lesson in a link instead (``web.links.lessons``). Pure Python (CPython and Pyodide).

Scene schema (version 2; every schema-1 scene is a schema-2 scene)
------------------------------------------------------------------

.. code-block:: text

    {
      "schema": 2,                         # 1 or 2 (a file of schema 1 may not use the keys
      "game": "alto",                      #   marked "v2"); the game id; must match the package
      "scenes": [
        {
          "id": "move-and-flip",           # lowercase letters, digits and "-"; unique in the file
                                           #   (optional in a link: "scene")
          "title": "Move a disc and flip its tile",
          "caption": "White to move. ...", # what the learner reads above the board
          "position": "<position text>",   # EITHER a position (alto.to_position / from_position)
          "record": {...}, "ply": 12,      # OR a record (alto.to_record), shown after `ply` moves
                                           #    (default: every move)
          "options": {...},                # optional: options for from_position (e.g. tile_set)
          "viewer": 1,                     # optional: whose view the board shows (default: the
                                           #   player to move; a hidden-information game shows
                                           #   only what that seat may see)
          "names": ["Anna", "Tim"],        # optional: the players' names in words
          "ask": {                         # optional: the move the learner is asked to make
            "moves": ["a3b2"],             #   every move accepted as right (legal, non-empty)
            "wrong": "Not that one: ...",  #   feedback for any other legal move
            "hints": {"a3a4": "..."},      #   optional: feedback for particular wrong moves
            "result": "The tile flipped.", #   caption after the right move
            "expect": {"cell:a3": "do"},   #   optional: facts true after each right move
            "reply": ["c1c2"],             #   v2, optional: the opponent's scripted reply, played
                                           #   and shown after the right move (one or more moves)
            "prompt": "Move a3 to b2: ..." #   v2, optional: what the page says while this step is
          },                               #   asked (what to do now, why, what it costs)
          "ask": [{...}, {...}],           # v2: OR a line: a list of such steps, asked in turn;
                                           #   after each step's right move and reply the
                                           #   learner's seat must be to act again
          "marks": ["a3", "b2"],           # v2, optional: things to point at (the data-cell names
                                           #   of the game's board: cells, cards, slots, places)
          "arrows": [["a3", "b2"]],        # v2, optional: arrows from one thing to another
          "hide_hints": true,              # v2, optional: hide the page's own hints (READY
                                           #   badges, highlighted targets)
          "expect": {"scores": [20, 17]}   # optional: facts true in the position shown
        }
      ]
    }

A line in a game with hidden information: the position text fixes everything the line needs
(every hand, the draw pile in order), and the rules are pure functions of the state, so every
reply and every draw inside the line is the same each time; replies are shown from the
learner's seat, without a privacy screen.

Facts (:func:`facts`) are a flat ``{name: JSON value}`` dict, compared with ``==``:
``"to_move"`` (the seat to act, or null when the game is over), ``"over"``, ``"legal_count"``
(number of legal moves), ``"scores"`` (the outcome's scores once over, else the score pad's
running totals), ``"winners"`` and ``"reason"`` (once over), plus what the game adds through
``module.scene_facts(state)`` (Alto: ``"cell:a3"`` = that cell in APN).

A lesson (:func:`parse_lesson`) is ``{"schema": 1, "game": G, "title": …, "scenes": [scene, …]}``
(at most :data:`MAX_LESSON_SCENES` scenes; a scene without an id is named ``scene-N``).

:func:`load_scenes` reads and checks a game's file; :func:`check_scene` raises
:class:`SceneError` naming the scene and what is wrong with it (the one checker: for our files
and for scenes from links); :func:`start_state` builds the position a scene shows;
:func:`try_move` is what a board does with the learner's move at each step of the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from . import bounded

SCHEMA = 2
"""The newest scene schema (files and links may say 1 or 2)."""
SCHEMAS = (1, 2)
LESSON_SCHEMA = 1
MAX_LINE = 20
"""Most steps in a line."""
MAX_LESSON_SCENES = 50
"""Most scenes in a lesson."""
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_V1_KEYS = {"id", "title", "caption", "position", "record", "ply", "options", "viewer", "names",
            "ask", "expect"}
_V2_KEYS = {"marks", "arrows", "hide_hints"}
_SCENE_KEYS = _V1_KEYS | _V2_KEYS
_ASK_KEYS = {"moves", "wrong", "hints", "result", "expect", "reply", "prompt"}
_MAX_FRONTIER = 64  # positions a line is checked from (several right moves branch the line)


class SceneError(ValueError):
    """A scene file or scene that breaks the schema or whose claims are false.

    Attributes:
        scene: the id of the scene at fault, or ``None`` for the file as a whole.
    """

    def __init__(self, message: str, scene: str | None = None):
        super().__init__(f"scene {scene!r}: {message}" if scene else message)
        self.scene = scene


@dataclass(frozen=True)
class Ask:
    """One step a scene asks for (see the module docstring, ``"ask"``): the moves accepted as
    right, the feedback, the result, and the opponent's scripted ``reply`` (notations, played
    in turn after the right move; ``()`` for none), and the ``prompt`` shown while the step is
    asked (``""`` for none: the guided first game, ``altibox/<game>/learn.json``, says each one)."""

    moves: tuple[str, ...]
    wrong: str
    result: str
    hints: dict = field(default_factory=dict, hash=False)
    expect: dict = field(default_factory=dict, hash=False)
    reply: tuple[str, ...] = ()
    prompt: str = ""


@dataclass(frozen=True)
class Scene:
    """One scene of a game's scene file (see the module docstring for every field)."""

    game: str
    id: str
    title: str
    caption: str
    position: str | None = None
    record: dict | None = field(default=None, hash=False)
    ply: int | None = None
    options: dict = field(default_factory=dict, hash=False)
    viewer: int | None = None
    names: tuple[str, ...] | None = None
    ask: Ask | None = None
    expect: dict = field(default_factory=dict, hash=False)
    line: tuple[Ask, ...] = ()
    """Every step asked, in order (``line[0] is ask``; ``()`` for a show-only scene)."""
    marks: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()
    hide_hints: bool = False


@dataclass(frozen=True)
class Lesson:
    """Scenes shown one at a time (``"lesson"`` in the module docstring)."""

    game: str
    title: str
    scenes: tuple[Scene, ...]


def _module(game: str):
    from altibox import GAMES  # late: altibox imports nothing from here
    try:
        return GAMES[game]
    except KeyError:
        raise SceneError(f"there is no game {game!r}") from None


def _text(raw: dict, key: str, sid: str | None, optional: bool = False) -> str | None:
    value = raw.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise SceneError(f"{key!r} must be a non-empty text", sid)
    return value


def _facts_dict(value: Any, where: str, sid: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise SceneError(f"{where} must be an object of facts", sid)
    return dict(value)


def parse_scene(game: str, raw: Any) -> Scene:
    """A :class:`Scene` from its JSON object (shape only; :func:`check_scene` checks the rules).

    Raises:
        SceneError: a missing or mistyped field, an unknown key, both or neither of
            ``position`` and ``record``.
    """
    if not isinstance(raw, dict):
        raise SceneError("every scene must be a JSON object")
    sid = raw.get("id")
    if not isinstance(sid, str) or not _ID.match(sid):
        raise SceneError(f"a scene id must be lowercase words joined by '-', not {sid!r}")
    unknown = set(raw) - _SCENE_KEYS
    if unknown:
        raise SceneError(f"unknown key(s) {sorted(unknown)}", sid)
    title, caption = _text(raw, "title", sid), _text(raw, "caption", sid)
    position, record = raw.get("position"), raw.get("record")
    if (position is None) == (record is None):
        raise SceneError("give exactly one of 'position' and 'record'", sid)
    if position is not None and not isinstance(position, str):
        raise SceneError("'position' must be the position text", sid)
    if record is not None and not isinstance(record, dict):
        raise SceneError("'record' must be a record object", sid)
    ply = raw.get("ply")
    if ply is not None and (record is None or not isinstance(ply, int) or isinstance(ply, bool) or ply < 0):
        raise SceneError("'ply' is a whole number of moves, and only with a record", sid)
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        raise SceneError("'options' must be an object", sid)
    viewer = raw.get("viewer")
    if viewer is not None and (not isinstance(viewer, int) or isinstance(viewer, bool)):
        raise SceneError("'viewer' must be a seat number", sid)
    names = raw.get("names")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
            raise SceneError("'names' must be a list of names", sid)
        names = tuple(names)
    line = _parse_line(raw.get("ask"), sid)
    marks = raw.get("marks") or []
    if not isinstance(marks, list) or not all(isinstance(m, str) and m for m in marks):
        raise SceneError("'marks' must be a list of names of things on the board (e.g. [\"a3\"])", sid)
    arrows = raw.get("arrows") or []
    if not isinstance(arrows, list) or not all(
            isinstance(a, list) and len(a) == 2 and all(isinstance(x, str) and x for x in a) for a in arrows):
        raise SceneError("'arrows' must be a list of [from, to] pairs (e.g. [[\"a3\", \"b2\"]])", sid)
    hide = raw.get("hide_hints", False)
    if not isinstance(hide, bool):
        raise SceneError("'hide_hints' must be true or false", sid)
    return Scene(game, sid, title, caption, position, record, ply, dict(options), viewer, names,
                 line[0] if line else None, _facts_dict(raw.get("expect"), "'expect'", sid),
                 line, tuple(marks), tuple((a, b) for a, b in arrows), hide)


def _parse_step(a: Any, sid: str, where: str) -> Ask:
    if not isinstance(a, dict):
        raise SceneError(f"{where} must be an object", sid)
    unknown = set(a) - _ASK_KEYS
    if unknown:
        raise SceneError(f"unknown key(s) in {where}: {sorted(unknown)}", sid)
    moves = a.get("moves")
    if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
        raise SceneError(f"{where}.moves must be a non-empty list of moves", sid)
    hints = a.get("hints") or {}
    if not isinstance(hints, dict) or not all(isinstance(k, str) and isinstance(v, str) and v
                                              for k, v in hints.items()):
        raise SceneError(f"{where}.hints maps moves to feedback texts", sid)
    reply = a.get("reply") or []
    if isinstance(reply, str):
        reply = [reply]
    if not isinstance(reply, list) or not all(isinstance(m, str) and m for m in reply):
        raise SceneError(f"{where}.reply must be a move or a list of moves", sid)
    prompt = _text(a, "prompt", sid, optional=True) or ""
    return Ask(tuple(moves), _text(a, "wrong", sid), _text(a, "result", sid), dict(hints),
               _facts_dict(a.get("expect"), f"{where}.expect", sid), tuple(reply), prompt)


def _parse_line(value: Any, sid: str) -> tuple[Ask, ...]:
    if value is None:
        return ()
    if isinstance(value, list):
        if not value or len(value) > MAX_LINE:
            raise SceneError(f"a line ('ask' as a list) has 1 to {MAX_LINE} steps, not {len(value)}", sid)
        return tuple(_parse_step(a, sid, f"'ask[{i}]'") for i, a in enumerate(value))
    if not isinstance(value, dict):
        raise SceneError("'ask' must be an object (one step) or a list of steps (a line)", sid)
    return (_parse_step(value, sid, "'ask'"),)


def start_state(scene: Scene):
    """The state a scene shows: its position, or its record replayed up to ``ply``.

    Raises:
        SceneError: the position or record is not valid under the rules (the game's own
            ``PositionError`` / ``RecordError`` message is kept).
    """
    module = _module(scene.game)
    try:
        if scene.position is not None:
            return module.from_position(scene.position, **scene.options)
        return module.replay(scene.record, upto=scene.ply)
    except (ValueError, TypeError) as exc:
        raise SceneError(f"its position is not valid: {exc}", scene.id) from None


def viewer(scene: Scene, state) -> int | None:
    """Whose view the board shows: ``scene.viewer``, else the player to move (the learner)."""
    if scene.viewer is not None:
        return scene.viewer
    return _module(scene.game).current_player(state)


def facts(module, state) -> dict[str, Any]:
    """The facts a scene may assert about ``state`` (see the module docstring)."""
    out: dict[str, Any] = {
        "to_move": module.current_player(state),
        "over": module.is_over(state),
        "legal_count": len(module.legal_moves(state)),
    }
    result = module.outcome(state)
    if result is not None:
        out["scores"] = list(result.scores)
        out["winners"] = list(result.winners)
        out["reason"] = result.reason
    else:
        out["scores"] = [part["total"] for part in module.scoreboard(state)]
    extra = getattr(module, "scene_facts", None)
    if extra is not None:
        out.update(extra(state))
    return out


def _check_facts(module, state, expect: dict, what: str, sid: str) -> None:
    if not expect:
        return
    have = facts(module, state)
    for key, want in expect.items():
        if key not in have:
            raise SceneError(f"{what}: there is no fact {key!r} (known: {', '.join(sorted(have))})", sid)
        if have[key] != want:
            raise SceneError(f"{what}: {key} is {have[key]!r}, not {want!r} as the scene says", sid)


def check_scene(scene: Scene):
    """Prove a scene under the rules and return the state it shows.

    Checks: the position is valid; the viewer is a seat of the game; a show-only scene's facts
    hold; at every step of an asked scene (after each right move of the step before and its
    scripted reply) the game is not over, the viewer is the player to move, every asked move
    is legal, every hint names a legal move that is not an asked one, each asked move leads to
    a position where the step's ``expect`` holds, and every reply move is legal in turn.
    (Marks and arrows name things of the drawing: the web layer checks them against it.)

    Raises:
        SceneError: naming the scene and the first claim that is false.
    """
    module = _module(scene.game)
    state = start_state(scene)
    sid = scene.id
    seat = viewer(scene, state)
    if seat is not None and not 0 <= seat < module.num_players(state):
        raise SceneError(f"viewer {seat} is not a seat of this game", sid)
    _check_facts(module, state, scene.expect, "the position shown", sid)
    if not scene.line:
        return state
    frontier = [state]
    for i, step in enumerate(scene.line):
        at = "" if len(scene.line) == 1 else f"step {i + 1}: "
        nxt = []
        for here in frontier:
            if module.is_over(here):
                raise SceneError(f"{at}asks for a move in a finished game", sid)
            if seat != module.current_player(here):
                raise SceneError(f"{at}asks seat {seat} for a move, but seat {module.current_player(here)} "
                                 f"is to act", sid)
            legal = {str(m) for m in module.legal_moves(here)}
            for move in step.moves:
                if move not in legal:
                    raise SceneError(f"{at}asks for {move!r}, which is not a legal move here", sid)
                after = module.apply(here, move)
                _check_facts(module, after, step.expect, f"{at}after {move}", sid)
                for reply in step.reply:
                    if module.is_over(after) or reply not in {str(m) for m in module.legal_moves(after)}:
                        raise SceneError(f"{at}the reply {reply!r} is not a legal move after {move}", sid)
                    after = module.apply(after, reply)
                nxt.append(after)
            for move in step.hints:
                if move not in legal or move in step.moves:
                    raise SceneError(f"{at}has a hint for {move!r}, which is not a legal wrong move", sid)
        frontier = nxt[:_MAX_FRONTIER]
    return state


def with_options(scene: Scene, options: dict) -> Scene:
    """``scene`` under other options of its game: its position rewritten by the game
    (``module.position_with_options``: Altiplano's house set, for a How to play page opened from
    a game on an older version) and proved again (:func:`check_scene`). ``{}``: the scene itself.

    Raises:
        SceneError: the game cannot rewrite a position, the scene starts from a record, the
            position cannot take those options, or a claim of the scene no longer holds.
    """
    if not options:
        return scene
    rewrite = getattr(_module(scene.game), "position_with_options", None)
    if rewrite is None or scene.position is None:
        raise SceneError("it cannot be shown with other options", scene.id)
    try:
        text = rewrite(scene.position, **options)
    except (ValueError, TypeError) as exc:
        raise SceneError(f"it cannot be shown with these options: {exc}", scene.id) from None
    moved = replace(scene, position=text, options={k: v for k, v in scene.options.items() if k not in options})
    check_scene(moved)
    return moved


def parse_file(game: str, text: str) -> list[Scene]:
    """Every scene of a scene file's text, shape-checked (not yet proved: see :func:`check_scene`).

    Raises:
        SceneError: not JSON, a wrong schema or game, a bad scene, or a repeated id.
    """
    try:
        data = bounded.loads(text, "the scene file", max_chars=2_000_000)
    except ValueError as exc:
        raise SceneError(f"the scene file of {game} is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("schema") not in SCHEMAS:
        raise SceneError(f"the scene file of {game} must be an object with \"schema\": {SCHEMA} (or 1)")
    if data.get("game") != game:
        raise SceneError(f"the scene file of {game} says it is for {data.get('game')!r}")
    raw = data.get("scenes")
    if not isinstance(raw, list):
        raise SceneError(f"the scene file of {game} needs a list \"scenes\"")
    scenes = [parse_scene(game, r) for r in raw]
    if data["schema"] == 1:
        for r, sc in zip(raw, scenes):
            newer = sorted(set(r) & _V2_KEYS) + (["a line of steps"] if isinstance(r.get("ask"), list) else []) + (
                ["ask.reply"] if any(st.reply for st in sc.line) else []) + (
                ["ask.prompt"] if any(st.prompt for st in sc.line) else [])
            if newer:
                raise SceneError(f"uses {', '.join(newer)}, which need \"schema\": 2", sc.id)
    seen: set[str] = set()
    for s in scenes:
        if s.id in seen:
            raise SceneError("the id is used twice", s.id)
        seen.add(s.id)
    return scenes


_CACHE: dict[str, list[Scene]] = {}


def load_scenes(game: str) -> list[Scene]:
    """The scenes of ``game`` from ``altibox/<game>/scenes.json`` (read once, then cached);
    ``[]`` when the game has no scene file.

    Raises:
        SceneError: the file breaks the schema (see :func:`parse_file`).
    """
    if game not in _CACHE:
        package = _module(game).__name__
        try:
            text = resources.files(package).joinpath("scenes.json").read_text(encoding="utf-8")
        except FileNotFoundError:
            text = None
        _CACHE[game] = [] if text is None else parse_file(game, text)
    return _CACHE[game]


def find_scene(game: str, scene_id: str) -> Scene:
    """The scene ``scene_id`` of ``game``.

    Raises:
        SceneError: no such game or scene (the message lists the known ids).
    """
    scenes = load_scenes(game)
    for s in scenes:
        if s.id == scene_id:
            return s
    known = ", ".join(s.id for s in scenes) or "none"
    raise SceneError(f"{_module(game).NAME} has no scene {scene_id!r} (scenes: {known})")


def load_learn(game: str) -> Scene | None:
    """The guided first game of ``game`` (issue 22): the one scene of
    ``altibox/<game>/learn.json``, a scene file of schema 2 whose scene starts from a record
    with a fixed seed and no moves and asks a line whose steps each say what to do now
    (``prompt``); None when the game has none. Shape-checked only: prove it with
    :func:`check_scene` (the unit tests do).

    Raises:
        SceneError: the file breaks the schema or holds other than one scene.
    """
    if game in _LEARN:
        return _LEARN[game]
    package = _module(game).__name__
    try:
        text = resources.files(package).joinpath("learn.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        text = None
    scenes = [] if text is None else parse_file(game, text)
    if text is not None and (len(scenes) != 1 or not scenes[0].line):
        raise SceneError(f"the guided game of {game} must be one scene that asks a line")
    _LEARN[game] = scenes[0] if scenes else None
    return _LEARN[game]


_LEARN: dict[str, Scene | None] = {}


def try_move(scene: Scene, state, move: str, step: int = 0) -> tuple[bool, str, Any]:
    """What a scene's board does with the learner's move ``move`` in ``state`` at ``step`` of
    its line (0 for the first or only step).

    Returns:
        ``(right, text, new_state)``: an asked move is played (``right`` True, the step's
        result caption, the state after it, before the scripted reply: see :func:`replies`);
        any other legal move is refused with its hint or the step's feedback (``right``
        False, the feedback, ``state`` unchanged); in a show-only scene every legal move is
        simply played (``right`` None, ``""``, the new state).

    Raises:
        ValueError: ``move`` is malformed or not legal (the rules' own message); ``step`` is
            not a step of the line (IndexError).
    """
    module = _module(scene.game)
    after = module.apply(state, move)  # raises for an illegal or malformed move
    if not scene.line:
        return None, "", after
    ask = scene.line[step]
    text = str(module.parse_move(move)) if not isinstance(move, str) else move
    if text in ask.moves:
        return True, ask.result, after
    return False, ask.hints.get(text, ask.wrong), state


def replies(scene: Scene, state, step: int = 0) -> list[tuple[str, Any]]:
    """The scripted reply after the right move of ``step``: ``[(move, state after it), …]``
    in order, from ``state`` (the position after the learner's move); ``[]`` for none.

    Raises:
        ValueError: a reply move is not legal there (the checker refuses such scenes).
    """
    module = _module(scene.game)
    out = []
    for move in scene.line[step].reply if scene.line else ():
        state = module.apply(state, move)
        out.append((move, state))
    return out


def parse_link_scene(game: str, raw: Any, default_id: str = "scene") -> Scene:
    """A scene given whole (from a link or a lesson): the scene object of the module docstring,
    with ``id`` optional (``default_id``) and, optionally, ``"schema"`` (1 or 2) and
    ``"game"`` (which must be ``game``, the link's). Shape only, like :func:`parse_scene`.

    Raises:
        SceneError: not an object, another schema or game, or what :func:`parse_scene` raises.
    """
    if not isinstance(raw, dict):
        raise SceneError("a scene must be a JSON object (“{…}”)")
    raw = dict(raw)
    schema = raw.pop("schema", SCHEMA)
    if schema not in SCHEMAS:
        raise SceneError(f"this scene says \"schema\": {schema!r}; this site reads schema 1 and {SCHEMA}")
    said = raw.pop("game", game)
    if said != game:
        raise SceneError(f"this scene is for {said!r}, but the link opens {game!r}")
    raw.setdefault("id", default_id)
    return parse_scene(game, raw)


def parse_lesson(game: str, raw: Any) -> Lesson:
    """A lesson object (``{"schema": 1, "game": G, "title": …, "scenes": [scene, …]}``) read
    and shape-checked; each scene as :func:`parse_link_scene` reads it (id ``scene-N`` by
    default, ids unique). Prove each scene with :func:`check_scene`.

    Raises:
        SceneError: a wrong schema or game, no title, no scenes or more than
            :data:`MAX_LESSON_SCENES`, a bad scene (its message says which, 1-based).
    """
    if not isinstance(raw, dict):
        raise SceneError("a lesson must be a JSON object (“{…}”)")
    unknown = set(raw) - {"schema", "game", "title", "scenes"}
    if unknown:
        raise SceneError(f"unknown key(s) in the lesson: {sorted(unknown)}")
    if raw.get("schema", LESSON_SCHEMA) != LESSON_SCHEMA:
        raise SceneError(f"this lesson says \"schema\": {raw.get('schema')!r}; this site reads schema {LESSON_SCHEMA}")
    if raw.get("game", game) != game:
        raise SceneError(f"this lesson is for {raw.get('game')!r}, but the link opens {game!r}")
    title = raw.get("title")
    if not isinstance(title, str) or not title.strip():
        raise SceneError("a lesson needs a \"title\" (a non-empty text)")
    items = raw.get("scenes")
    if not isinstance(items, list) or not items or len(items) > MAX_LESSON_SCENES:
        raise SceneError(f"a lesson needs a list \"scenes\" of 1 to {MAX_LESSON_SCENES} scenes")
    scenes = []
    seen: set[str] = set()
    for i, item in enumerate(items, 1):
        try:
            sc = parse_link_scene(game, item, f"scene-{i}")
        except SceneError as exc:
            raise SceneError(f"scene {i} of the lesson: {exc}") from None
        if sc.id in seen:
            raise SceneError(f"scene {i} of the lesson: the id {sc.id!r} is used twice")
        seen.add(sc.id)
        scenes.append(sc)
    return Lesson(game, title, tuple(scenes))
