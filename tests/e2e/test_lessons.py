"""A teacher's page on another site with plain ``<iframe>`` embeds of scenes and lessons that
travel in the link (issue 20): a scene per game, a 3-scene lesson (wrong try, right move, Next),
a two-move line with a scripted reply, marks and arrows, bad scenes and lessons, the full
``page=lesson`` page with its lesson in the fragment, and misspelled parameter names.

The app is served at ``127.0.0.1``, the teacher's page at ``localhost`` (conftest's ``host``),
as in ``test_frames.py``.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from altibox import GAMES, alto
from altibox.core import scenes as S
from web.links.lessons import encode

from .driver import BOOT_TIMEOUT_MS, click_alto

ROOT = Path(__file__).resolve().parents[2]
POS = "ODr,ASr,DOr,ASw/DOw,SAw,ODw,DOr/DOw,ODr,ODr,ODr/sa,ODwr,DOw,DOw w m"
LINE = {"title": "Two in a row", "caption": "White to move, twice.", "position": POS,
        "ask": [{"moves": ["a3b2"], "wrong": "Try a3.", "result": "Flipped.", "reply": ["a2b1"]},
                {"moves": ["c2d2"], "wrong": "Now c2.", "result": "Done: both moves found."}],
        "marks": ["a3"], "arrows": [["a3", "b2"]]}


def _ours(game, sid):
    return next(s for s in json.loads((ROOT / f"py/altibox/{game}/scenes.json").read_text())["scenes"]
                if s["id"] == sid)


def _teacher_page(host, base_url_app, name, srcs):
    frames = "\n".join(f'<iframe src="{html.escape(base_url_app + q)}" title="Example {i}" width="900" '
                       f'height="700"></iframe>' for i, q in enumerate(srcs))
    return host.page(name, f"""<!doctype html><html lang="en"><meta charset="utf-8">
<link rel="icon" href="data:,"><title>My rules class</title><h1>Lesson</h1>{frames}""")


def _frames(page, n):
    page.wait_for_selector("iframe")
    frames = [page.locator("iframe").nth(i).element_handle().content_frame() for i in range(n)]
    for f in frames:
        f.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    return frames


def test_a_teacher_page_shows_a_scene_of_its_own_for_each_game(framed, host, base_url_app):
    scenes = {"alto": LINE,
              "altitude": {**_ours("altitude", "building"), "marks": ["p0:L1:0"]},
              "altiplano": {**_ours("altiplano", "farm"), "arrows": [["loc:market", "loc:village"]],
                            "hide_hints": True}}
    srcs = [f"?game={g}&embed=1&scene={encode(sc)}&caption=Homework%201" for g, sc in scenes.items()]
    url = _teacher_page(host, base_url_app, "own.html", srcs)
    page, _ = framed(None, page_url=url)
    for frame, (game, raw) in zip(_frames(page, 3), scenes.items()):
        sc = S.parse_link_scene(game, raw)
        want = GAMES[game].to_position(S.start_state(sc))
        board = frame.locator("#board")
        if game == "alto":
            assert board.get_attribute("data-position") == want
        assert frame.locator(".scene-title").inner_text() == raw["title"]
        assert frame.locator(".lesson-caption").inner_text() == "Homework 1"
        assert frame.locator("[data-mark]").count() == len(sc.marks)
        assert frame.locator("[data-arrow]").count() == len(sc.arrows)
        if sc.marks:
            assert f"Marked: {sc.marks[0]}." in frame.locator(".scene-pointers-words").inner_text()
    assert "READY" not in frame.locator("#board").inner_html()


def test_a_three_scene_lesson_with_a_line_is_solved_in_a_cross_site_frame(framed):
    flip = _ours("alto", "move-and-flip")
    lesson = {"schema": 1, "game": "alto", "title": "Moving in Alto",
              "scenes": [flip, LINE, _ours("alto", "scoring")]}
    page, frame = framed(f"?game=alto&embed=1&lesson={encode(lesson)}")
    board = frame.locator("#board")
    assert frame.locator(".lesson-counter").inner_text() == "1 of 3"
    assert frame.locator('[data-action="next-scene"]').is_disabled()
    assert frame.locator('[data-action="prev-scene"]').is_disabled()
    # a wrong try: the scene's hint, the board left at the asked position
    click_alto(frame, "a3b4")
    feedback = frame.locator(".scene-feedback")
    assert feedback.get_attribute("data-kind") == "wrong" and feedback.inner_text() == flip["ask"]["hints"]["a3b4"]
    assert board.get_attribute("data-position") == flip["position"]
    assert frame.locator('[data-action="next-scene"]').is_disabled()
    # the right move plays and shows the result; Next is offered
    click_alto(frame, "a3b2")
    frame.wait_for_selector('.scene-feedback[data-kind="right"]', state="attached")
    assert feedback.inner_text() == flip["ask"]["result"]
    assert board.get_attribute("data-position") == alto.to_position(alto.apply(alto.from_position(flip["position"]), "a3b2"))
    frame.locator('[data-action="next-scene"]').click()
    # scene 2: a two-move line with a scripted reply
    frame.wait_for_selector('.lesson-counter[data-index="1"]', state="attached")
    assert frame.locator(".lesson-counter").inner_text() == "2 of 3"
    assert frame.locator(".scene-title").inner_text() == LINE["title"]
    assert board.get_attribute("data-position") == POS
    click_alto(frame, "b1c1")
    assert feedback.inner_text() == "Try a3." and board.get_attribute("data-position") == POS
    click_alto(frame, "a3b2")
    frame.wait_for_selector('#board[data-step="1"]', state="attached")
    after_reply = alto.apply(alto.apply(alto.from_position(POS), "a3b2"), "a2b1")
    assert board.get_attribute("data-position") == alto.to_position(after_reply)
    assert "Reply: Red moves the white disc a2→b1" in feedback.inner_text()
    assert frame.locator('[data-action="next-scene"]').is_disabled()
    click_alto(frame, "c2d2")
    frame.wait_for_selector('.scene-feedback[data-kind="right"]', state="attached")
    assert feedback.inner_text() == "Done: both moves found."
    assert board.get_attribute("data-position") == alto.to_position(alto.apply(after_reply, "c2d2"))
    frame.locator('[data-action="next-scene"]').click()
    frame.wait_for_selector('.lesson-counter[data-index="2"]', state="attached")
    assert frame.locator(".scene-title").inner_text() == _ours("alto", "scoring")["title"]
    assert frame.locator('[data-action="next-scene"]').is_disabled()  # the last scene
    frame.locator('[data-action="prev-scene"]').click()
    frame.wait_for_selector('.lesson-counter[data-index="1"]', state="attached")
    assert feedback.get_attribute("data-kind") == "right"  # solved stays solved


def test_bad_scenes_and_lessons_get_a_message_that_quotes_them(framed):
    bad_scene = json.dumps({**LINE, "ask": {**LINE["ask"][0], "moves": ["a3a4"]}})
    page, frame = framed(f"?game=alto&embed=1&scene={bad_scene.replace('#', '%23')}")
    box = frame.locator(".embed-error")
    assert "asks for 'a3a4', which is not a legal move here" in box.inner_text()
    assert "scene={" in box.inner_text()
    page, frame = framed("?game=alto&embed=1&lesson=z:AAAA&captoin=x")
    assert "“captoin” (did you mean “caption”?)" in frame.locator(".param-note").inner_text()
    assert "The compressed lesson is cut short" in frame.locator(".embed-error").inner_text()


def test_the_full_lesson_page_reads_its_lesson_from_the_fragment_and_tells_typos(open_app):
    lesson = {"title": "Two scenes", "scenes": [_ours("alto", "scoring"), LINE]}
    page = open_app(f"?game=alto&page=lesson&contorls=1&amp;theme=dark#lesson={encode(lesson)}")
    assert page.locator(".lesson-title").inner_text() == "Two scenes"
    assert page.locator(".lesson-counter").inner_text() == "1 of 2"
    assert page.locator("html").get_attribute("data-theme") == "dark"  # amp;theme read as theme
    assert page.locator(".param-note").inner_text() == (
        "This link has a parameter this page does not know: “contorls” (did you mean “controls”?).")
    page.locator('[data-action="next-scene"]').click()
    page.wait_for_selector('.lesson-counter[data-index="1"]', state="attached")
    assert page.locator("#board").get_attribute("data-position") == POS
    page.locator('#board [data-cell="a3"]').click()
    page.locator('#board [data-move="a3b2"]').click()
    page.wait_for_selector('#board[data-step="1"]', state="attached")
    assert page.locator(".param-note").count() == 1  # the line stays as the board is drawn again


def test_a_replayed_game_shows_its_comments_and_plays_itself(framed):
    state = alto.new_game(seed=3)
    for move in ("@b2", "@c3", "@a1"):
        state = alto.apply(state, move)
    rec = alto.to_record(state, meta={"comments": {"0": "The empty board.", "2": "White answers in c3."}})
    page, frame = framed(f"?game=alto&embed=1&rec={encode(rec)}&ply=0&autoplay=1")
    assert frame.locator("#comment").inner_text() == "The empty board."
    assert frame.locator('[data-action="autoplay"]').get_attribute("aria-pressed") == "true"
    frame.wait_for_selector('#board[data-ply="2"]', state="attached", timeout=10_000)
    assert frame.locator("#comment").inner_text() == "White answers in c3."
    frame.wait_for_selector('#board[data-ply="3"]', state="attached", timeout=10_000)
    frame.wait_for_selector('[data-action="autoplay"][aria-pressed="false"]', state="attached")  # stops at the end
    assert frame.locator("#comment").is_hidden()
    frame.locator('[data-step="first"]').click()
    assert frame.locator("#comment").inner_text() == "The empty board."


def test_a_scene_link_without_page_opens_its_lesson_page_and_a_bad_one_says_why(open_app):
    """A full-page link with ``scene=`` and no ``page=`` (the embed link without ``embed=1``)
    shows the scene as a one-scene lesson page; a scene that is not there is said, quoted —
    never dropped for the new-game form."""
    page = open_app("?game=alto&scene=tie-break")
    assert page.locator("#board").get_attribute("data-position") == _ours("alto", "tie-break")["position"]
    page = open_app("?game=alto&scene=garbage")
    box = page.locator(".embed-error")
    assert "Alto has no scene 'garbage'" in box.inner_text() and "scene=garbage" in box.inner_text()
    assert page.locator("#setup").count() == 0 or not page.locator("#setup").is_visible()
