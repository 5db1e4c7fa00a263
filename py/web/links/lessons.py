"""Scenes and lessons carried in links (issue 20; DESIGN.md §3, URLs).

Pure Python, CPython-tested. ``&scene=`` is a scene id of the game's scene file
(``altibox/<game>/scenes.json``) or a scene itself; ``&lesson=`` is a lesson
(``{"schema": 1, "game": G, "title": …, "scenes": [scene, …]}``). A scene or lesson in a link
is JSON text or ``z:`` + base64url of its raw-deflated JSON (the ``rec=`` codec,
:mod:`web.links.codec`), with the link's ``game=`` as its game. Both may stand in the fragment
(``#lesson=…``), which never reaches the server: a link longer than :data:`MAX_QUERY_LINK`
characters (the usual limit of a CDN) puts them there (:func:`lesson_url`).

A scene from a link is proved as the scene tests prove our files
(:func:`altibox.core.scenes.check_scene`: valid position, asked moves legal, claims true); a
bad one raises :class:`LinkError` whose message says what is wrong and whose ``.text`` is the
text as given (the page quotes it).

    >>> sc = {"title": "T", "caption": "C", "position": "--,--,--,--/--,--wwwrwr,--,--rrr/--ww,--wr,--rw,sa/--r,od,od,-- w m",
    ...       "expect": {"over": True}}
    >>> text = encode(sc)
    >>> text.startswith("z:"), read_scene("alto", text).title
    (True, 'T')
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

from altibox.core import scenes as core_scenes

from web.links.codec import LinkError, decode_record, encode_record

MAX_QUERY_LINK = 8_000
"""Longest link that keeps its scene or lesson in the query; a longer one uses the fragment."""

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
FRAGMENT_KEYS = ("scene", "lesson")
"""Parameters read from the fragment (``#lesson=…``) as well as from the query."""


def encode(obj: dict) -> str:
    """A scene or lesson object as link text: ``z:`` + base64url of raw-deflated JSON."""
    return encode_record(obj)


def prove(scene: core_scenes.Scene) -> None:
    """The scene checker (:func:`altibox.core.scenes.check_scene`), and the marks and arrows
    against the board's drawing (:func:`web.play.sceneboard.check_pointers`).

    Raises:
        SceneError: the first claim that is false.
    """
    from web.play.sceneboard import check_pointers
    core_scenes.check_scene(scene)
    check_pointers(scene)


def read_scene(game: str, text: str) -> core_scenes.Scene:
    """The scene ``&scene=TEXT`` names or carries, proved under the rules.

    Args:
        game: the link's ``game=``.
        text: a scene id of the game's file, scene JSON, or ``z:`` + compressed scene JSON.
    Raises:
        LinkError: an unknown id (the known ones listed), damaged text, or a scene that breaks
            the schema or whose claims are false (the checker's words); ``.text`` is ``text``.
    """
    text = str(text)
    try:
        if _ID.fullmatch(text.strip()):
            scene = core_scenes.find_scene(game, text.strip())
        else:
            scene = core_scenes.parse_link_scene(game, decode_record(text, "scene"))
        prove(scene)
    except LinkError as exc:
        raise LinkError(str(exc), text) from None
    except core_scenes.SceneError as exc:
        raise LinkError(f"this scene cannot be shown: {exc}", text) from None
    return scene


def read_lesson(game: str, text: str) -> core_scenes.Lesson:
    """The lesson ``&lesson=TEXT`` carries (JSON or ``z:``), every scene proved.

    Raises:
        LinkError: damaged text, a lesson that breaks the schema, or a scene whose claims are
            false (the message names the scene by its number, 1-based); ``.text`` is ``text``.
    """
    text = str(text)
    try:
        lesson = core_scenes.parse_lesson(game, decode_record(text, "lesson"))
        for i, scene in enumerate(lesson.scenes, 1):
            try:
                prove(scene)
            except core_scenes.SceneError as exc:
                raise core_scenes.SceneError(f"scene {i} of the lesson: {exc}") from None
    except LinkError as exc:
        raise LinkError(str(exc), text) from None
    except core_scenes.SceneError as exc:
        raise LinkError(f"this lesson cannot be shown: {exc}", text) from None
    return lesson


def merge_fragment(params: dict[str, str], fragment_pairs) -> dict[str, str]:
    """``params`` (the query's) with ``scene``/``lesson`` taken from the fragment's
    ``(key, value)`` pairs where the query has none (keys spelled ``amp;X`` read as ``X``)."""
    out = dict(params)
    for key, value in fragment_pairs:
        key = str(key)
        while key.startswith("amp;"):
            key = key[4:]
        if key in FRAGMENT_KEYS and out.get(key, "") == "":
            out[key] = str(value)
    return out


def lesson_url(base: str, game: str, *, scene: dict | None = None, lesson: dict | None = None,
               embed: bool = False, extra: str = "") -> str:
    """The address of a scene or lesson: ``BASE?game=G[&embed=1|&page=lesson]&scene=…`` (or
    ``&lesson=…``), moved to the fragment (``#lesson=…``) when the link would be longer than
    :data:`MAX_QUERY_LINK` characters. ``extra`` is appended to the query as given (e.g.
    ``"&caption=…"``).
    """
    if (scene is None) == (lesson is None):
        raise ValueError("give exactly one of scene and lesson")
    name, obj = ("scene", scene) if scene is not None else ("lesson", lesson)
    query = f"?game={quote(game)}" + ("&embed=1" if embed else ("&page=lesson" if lesson is not None else ""))
    part = f"{name}={encode(obj)}"
    url = f"{base}{query}{extra}&{part}"
    if len(url) > MAX_QUERY_LINK:
        url = f"{base}{query}{extra}#{part}"
    return url


def canonical(obj: dict) -> str:
    """Canonical JSON of a scene or lesson (sorted keys, compact): "the same scene" means equal
    canonical JSON."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
