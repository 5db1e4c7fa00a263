"""Scenes: rulebook examples as data, and the checker that proves each one (issue 11).

A scene is a position with a caption, shown on a "How to play" page as a live board. It may
ask the learner for a move: a wrong try gets feedback (the board stays as it was), the right
move is played and a result caption says what happened. A show-only scene (such as a scoring
example) states facts about its position (the scores, the winner) that the checker verifies.

Each game keeps its scenes in one file, ``py/altibox/<game>/scenes.json``, so a teacher can
write a new one without touching code. Pure Python (CPython and Pyodide).

Scene file schema
-----------------

.. code-block:: text

    {
      "schema": 1,
      "game": "alto",                      # the game id; must match the package
      "scenes": [
        {
          "id": "move-and-flip",           # lowercase letters, digits and "-"; unique in the file
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
            "expect": {"cell:a3": "do"}    #   optional: facts true after each right move
          },
          "expect": {"scores": [20, 17]}   # optional: facts true in the position shown
        }
      ]
    }

Facts (:func:`facts`) are a flat ``{name: JSON value}`` dict, compared with ``==``:
``"to_move"`` (the seat to act, or null when the game is over), ``"over"``, ``"legal_count"``
(number of legal moves), ``"scores"`` (the outcome's scores once over, else the score pad's
running totals), ``"winners"`` and ``"reason"`` (once over), plus what the game adds through
``module.scene_facts(state)`` (Alto: ``"cell:a3"`` = that cell in APN).

:func:`load_scenes` reads and checks a game's file; :func:`check_scene` raises
:class:`SceneError` naming the scene and what is wrong with it; :func:`start_state` builds the
position a scene shows; :func:`try_move` is what a board does with the learner's move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from . import bounded

SCHEMA = 1
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_SCENE_KEYS = {"id", "title", "caption", "position", "record", "ply", "options", "viewer", "names",
               "ask", "expect"}
_ASK_KEYS = {"moves", "wrong", "hints", "result", "expect"}


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
    """The move a scene asks for (see the module docstring, ``"ask"``)."""

    moves: tuple[str, ...]
    wrong: str
    result: str
    hints: dict = field(default_factory=dict, hash=False)
    expect: dict = field(default_factory=dict, hash=False)


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
    ask = None
    if raw.get("ask") is not None:
        a = raw["ask"]
        if not isinstance(a, dict):
            raise SceneError("'ask' must be an object", sid)
        unknown = set(a) - _ASK_KEYS
        if unknown:
            raise SceneError(f"unknown key(s) in 'ask': {sorted(unknown)}", sid)
        moves = a.get("moves")
        if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
            raise SceneError("'ask.moves' must be a non-empty list of moves", sid)
        hints = a.get("hints") or {}
        if not isinstance(hints, dict) or not all(isinstance(k, str) and isinstance(v, str) and v
                                                  for k, v in hints.items()):
            raise SceneError("'ask.hints' maps moves to feedback texts", sid)
        ask = Ask(tuple(moves), _text(a, "wrong", sid), _text(a, "result", sid), dict(hints),
                  _facts_dict(a.get("expect"), "'ask.expect'", sid))
    return Scene(game, sid, title, caption, position, record, ply, dict(options), viewer, names, ask,
                 _facts_dict(raw.get("expect"), "'expect'", sid))


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
    hold; an asked scene is not over, the viewer is the player to move, every asked move is
    legal, every hint names a legal move that is not an asked one, and each asked move leads to
    a position where ``ask.expect`` holds.

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
    if scene.ask is None:
        return state
    if module.is_over(state):
        raise SceneError("asks for a move in a finished game", sid)
    if seat != module.current_player(state):
        raise SceneError(f"asks seat {seat} for a move, but seat {module.current_player(state)} is to act", sid)
    legal = {str(m) for m in module.legal_moves(state)}
    for move in scene.ask.moves:
        if move not in legal:
            raise SceneError(f"asks for {move!r}, which is not a legal move here", sid)
        after = module.apply(state, move)
        _check_facts(module, after, scene.ask.expect, f"after {move}", sid)
    for move in scene.ask.hints:
        if move not in legal or move in scene.ask.moves:
            raise SceneError(f"has a hint for {move!r}, which is not a legal wrong move", sid)
    return state


def parse_file(game: str, text: str) -> list[Scene]:
    """Every scene of a scene file's text, shape-checked (not yet proved: see :func:`check_scene`).

    Raises:
        SceneError: not JSON, a wrong schema or game, a bad scene, or a repeated id.
    """
    try:
        data = bounded.loads(text, "the scene file", max_chars=2_000_000)
    except ValueError as exc:
        raise SceneError(f"the scene file of {game} is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise SceneError(f"the scene file of {game} must be an object with \"schema\": {SCHEMA}")
    if data.get("game") != game:
        raise SceneError(f"the scene file of {game} says it is for {data.get('game')!r}")
    raw = data.get("scenes")
    if not isinstance(raw, list):
        raise SceneError(f"the scene file of {game} needs a list \"scenes\"")
    scenes = [parse_scene(game, r) for r in raw]
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


def try_move(scene: Scene, state, move: str) -> tuple[bool, str, Any]:
    """What a scene's board does with the learner's move ``move`` in ``state``.

    Returns:
        ``(right, text, new_state)``: an asked move is played (``right`` True, the result
        caption, the state after it); any other legal move is refused with its hint or the
        scene's feedback (``right`` False, the feedback, ``state`` unchanged); in a show-only
        scene every legal move is simply played (``right`` None, ``""``, the new state).

    Raises:
        ValueError: ``move`` is malformed or not legal (the rules' own message).
    """
    module = _module(scene.game)
    after = module.apply(state, move)  # raises for an illegal or malformed move
    if scene.ask is None:
        return None, "", after
    text = str(module.parse_move(move)) if not isinstance(move, str) else move
    if text in scene.ask.moves:
        return True, scene.ask.result, after
    return False, scene.ask.hints.get(text, scene.ask.wrong), state
