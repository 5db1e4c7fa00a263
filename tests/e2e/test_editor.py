"""The scene and lesson editor end to end (issue 20 point 4): opened by link for scenes of our
own files in each game and for a lesson, ``#editor-link`` gives back the same scene; a question
recorded by playing on the board, feedback for a wrong move, a composed square, the learner's
preview, the draft kept over a reload and a corrupted draft said and kept aside; reached from
Share / Embed with the position shown."""

from __future__ import annotations

import json
from importlib import resources
from urllib.parse import parse_qsl, urlsplit

import pytest

from altibox import GAMES, alto
from web.links.codec import encode_record
from web.play.editor import canonical, decode

from .driver import altibox_keys


def file_scene(game, sid):
    text = resources.files(GAMES[game].__name__).joinpath("scenes.json").read_text(encoding="utf-8")
    return next(s for s in json.loads(text)["scenes"] if s["id"] == sid)


def carried(page) -> tuple[str, dict]:
    href = page.locator("#editor-link").get_attribute("href")
    parts = urlsplit(href)
    params = dict(parse_qsl(parts.query)) | dict(parse_qsl(parts.fragment))
    name = "lesson" if "lesson" in params else "scene"
    return name, decode(params[name], name)


@pytest.mark.parametrize("game,sid", [("alto", "tie-break"), ("altitude", "avalanche"), ("altiplano", "order")])
def test_a_scene_of_our_files_round_trips_through_the_editor(open_app, game, sid):
    page = open_app(f"?game={game}&page=editor&scene={sid}")
    page.wait_for_selector('html[data-screen="editor"]', state="attached")
    name, scene = carried(page)
    assert name == "scene" and canonical(scene) == canonical(file_scene(game, sid))
    assert page.locator("#editor-problems").get_attribute("data-count") == "0"
    assert "embed=1" in page.locator("#editor-snippet").input_value()
    # the board the teacher plays on shows the scene's position
    assert page.locator("#editor-board").get_attribute("data-game") == game


def test_a_lesson_round_trips_and_reorders(open_app):
    scenes = [file_scene("alto", s) for s in ("placement", "move-and-flip", "scoring")]
    lesson = {"schema": 1, "game": "alto", "title": "Three steps", "scenes": scenes}
    page = open_app(f"?game=alto&page=editor&lesson={encode_record(lesson)}")
    name, back = carried(page)
    assert name == "lesson" and canonical(back) == canonical(lesson)
    page.locator('[data-editor="select"][data-index="2"]').click()
    page.locator('[data-editor="up"]').click()
    _, back = carried(page)
    assert [s["id"] for s in back["scenes"]] == ["placement", "scoring", "move-and-flip"]


def test_write_a_question_by_playing_it(open_app):
    page = open_app("?game=alto&page=editor")
    board = page.locator("#editor-board")
    start = alto.to_position(alto.new_game(seed=1))
    assert board.get_attribute("data-position") == start
    # the asked move: played on the board, which stays at the start
    board.locator('[data-move="@b2"]').click()
    page.wait_for_function("document.querySelector('#editor-said').textContent.includes('@b2 is asked')")
    assert page.locator("#editor-board").get_attribute("data-position") == start
    # a particular wrong move with its feedback
    page.locator('[data-editor="mode"][data-mode="hint"]').click()
    page.locator('[data-edit="hint-text"]').fill("The corner gives away the centre.")
    page.locator('#editor-board [data-move="@a1"]').click()
    page.wait_for_function("document.querySelector('#editor-said').textContent.includes('Feedback for @a1')")
    page.locator('[data-edit="caption"]').fill("Red places first. Where?")
    _, scene = carried(page)
    assert scene["caption"] == "Red places first. Where?"
    assert scene["ask"]["moves"] == ["@b2"] and scene["ask"]["hints"] == {"@a1": "The corner gives away the centre."}
    # the learner's preview: the wrong move gets its feedback, the right one the result
    preview = page.locator("#editor-preview")
    preview.locator('[data-move="@a1"]').click()
    assert preview.locator(".scene-feedback").inner_text() == "The corner gives away the centre."
    preview.locator('[data-move="@b2"]').click()
    assert preview.locator(".scene-feedback").get_attribute("data-kind") == "right"

    # the draft survives a reload
    href = page.locator("#editor-link").get_attribute("href")
    assert json.loads(altibox_keys(page)["altibox:editor:alto"])["scenes"][0]["ask"]["moves"] == ["@b2"]
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert page.locator("#editor-link").get_attribute("href") == href

    # composing: a red disc on c3 in the placement phase while Red is still to move breaks rule 6, said in words
    page.locator('[data-editor="mode"][data-mode="compose"]').click()
    page.locator('#editor-board [data-cell="c3"]').click()
    form = page.locator('form[data-compose="alto-square"]')
    assert "Square c3" in form.inner_text()
    form.locator('input[name="discs"]').fill("r")
    form.locator('button[type="submit"]').click()
    page.wait_for_function("document.querySelector('#editor-said').textContent.includes('Square c3 set')")
    assert page.locator("#editor-problems").get_attribute("data-count") == "1"
    assert "rule 6" in page.locator("#editor-problems").inner_text()

    # a corrupted draft: said, and kept aside, never dropped
    page.evaluate("localStorage.setItem('altibox:editor:alto', '{broken')")
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert "cannot be read" in page.locator("#editor-said").inner_text()
    kept = [k for k, v in altibox_keys(page).items() if k.startswith("altibox:backup:editor-alto:") and v == "{broken"]
    assert len(kept) == 1


def test_make_this_a_question_from_share_embed(open_app):
    page = open_app("?game=alto&new=1&seed=11")
    page.locator('#board [data-move="@b2"]').click()
    page.wait_for_selector('#board[data-ply="1"]', state="attached")
    shown = page.locator("#board").get_attribute("data-position")
    page.locator("#share").click()
    page.locator("#share-question").click()
    page.wait_for_selector('html[data-screen="editor"]', state="attached")
    page.wait_for_selector("#editor-board", state="attached")
    assert page.locator("#editor-board").get_attribute("data-position") == shown
    _, scene = carried(page)
    assert scene["position"] == shown
