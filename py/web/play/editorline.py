"""The question of a scene in the editor (issue 20 points 2–4): the asked move of each step of
a line, the feedback for particular wrong moves, the opponent's scripted replies, and the
marks and arrows a scene points with — edits of a scene's JSON object, pure Python.

A scene asks one step (``"ask": {...}``, schema 1) or a line of steps (``"ask": [{...}, ...]``,
schema 2 of :mod:`altibox.core.scenes`); :func:`set_steps` writes one step as an object, so a
schema-1 scene opened in the editor and not given a second step travels unchanged. The
position of step ``k`` is the scene's start after the first right move and the replies of every
step before it (:func:`state_at`).
"""

from __future__ import annotations

from typing import Any

DEFAULT_WRONG = "Not that one. Look again."
DEFAULT_RESULT = "Well done."


class LineError(ValueError):
    """An edit of the question that cannot be made; the message says why in words."""


def steps(scene: dict) -> list[dict]:
    """The steps of ``scene``'s question (``[]``: a show-only scene)."""
    ask = scene.get("ask")
    if ask is None:
        return []
    return ask if isinstance(ask, list) else [ask]


def set_steps(scene: dict, line: list[dict]) -> None:
    """Write ``line`` as the scene's question: none, one step as an object, or a list."""
    if not line:
        scene.pop("ask", None)
    else:
        scene["ask"] = line[0] if len(line) == 1 else line


def shaped(scene: dict) -> dict:
    """The scene as the checker reads it: steps still without an asked move left out."""
    line = [s for s in steps(scene) if isinstance(s, dict) and s.get("moves")]
    if len(line) == len(steps(scene)):
        return scene
    out = {k: v for k, v in scene.items() if k != "ask"}
    set_steps(out, line)
    return out


def step_dict(scene: dict, k: int) -> dict:
    """Step ``k`` of the question, made when ``k`` is the next one (defaults for its texts)."""
    line = steps(scene)
    if k == len(line):
        line.append({})
    step = line[k]
    step.setdefault("moves", [])
    step.setdefault("wrong", DEFAULT_WRONG)
    step.setdefault("result", DEFAULT_RESULT)
    set_steps(scene, line)
    return step


def _play(module, state, move: str) -> tuple[str, Any]:
    try:
        text = str(module.parse_move(move))
        return text, module.apply(state, text)
    except ValueError as exc:
        raise LineError(f"{move} cannot be played here: {exc}") from None


def state_at(module, start, scene: dict, k: int, replies: bool = False):
    """The position of step ``k`` (``replies``: after its first right move and replies so far).

    Raises:
        LineError: an earlier step without an asked move, or a move that is no longer legal.
    """
    state = start
    line = steps(scene)
    for i, step in enumerate(line[:k + 1] if replies else line[:k]):
        if not step.get("moves"):
            raise LineError(f"Step {i + 1} has no asked move yet: play it first.")
        state = _play(module, state, step["moves"][0])[1]
        for reply in step.get("reply", []):
            state = _play(module, state, reply)[1]
    return state


def record(module, state, scene: dict, k: int, move: str, hint: str | None = None) -> str:
    """``move`` played at step ``k`` (in ``state``): one more right answer (played again: taken
    back), or with ``hint`` the feedback for that wrong move (an empty hint removes it).
    Returns what the page says."""
    text = _play(module, state, move)[0]
    step = step_dict(scene, k)
    if hint is not None:
        if text in step["moves"]:
            raise LineError(f"{text} is an asked move: take it back before giving it feedback.")
        if hint.strip():
            step.setdefault("hints", {})[text] = hint
            return f"Feedback for {text} kept."
        step.get("hints", {}).pop(text, None)
        if not step.get("hints"):
            step.pop("hints", None)
        return f"Feedback for {text} removed."
    if text in step["moves"]:
        step["moves"].remove(text)
        if not step["moves"] and not step.get("reply") and k == len(steps(scene)) - 1:
            set_steps(scene, steps(scene)[:k])
        return f"{text} is no longer asked."
    step.get("hints", {}).pop(text, None)
    step["moves"].append(text)
    return f"{text} is asked: the learner must play it."


def record_reply(module, state, scene: dict, k: int, move: str) -> str:
    """``move`` played by the opponent after step ``k``'s right move (``state``: after it and the
    replies so far): one more scripted reply; the last reply played again is taken back."""
    step = step_dict(scene, k)
    said = step.get("reply", [])
    text = _play(module, state, move)[0] if not said or said[-1] != move else move
    if said and said[-1] == text:
        said.pop()
        if not said:
            step.pop("reply")
        return f"The reply {text} is taken back."
    step.setdefault("reply", []).append(text)
    return f"The opponent replies {text}."


def toggle_mark(scene: dict, name: str) -> str:
    """Mark ``name`` (a ``data-cell`` of the board), or unmark it."""
    marks = scene.setdefault("marks", [])
    if name in marks:
        marks.remove(name)
        if not marks:
            scene.pop("marks")
        return f"{name} is no longer marked."
    marks.append(name)
    return f"{name} is marked."


def toggle_arrow(scene: dict, start: str, end: str) -> str:
    """An arrow from ``start`` to ``end`` (``data-cell`` names), or no more arrow there."""
    if start == end:
        raise LineError("An arrow goes from one thing to another: click a second one.")
    arrows = scene.setdefault("arrows", [])
    if [start, end] in arrows:
        arrows.remove([start, end])
        if not arrows:
            scene.pop("arrows")
        return f"The arrow {start} → {end} is removed."
    arrows.append([start, end])
    return f"Arrow {start} → {end} added."
