"""Issue 23 through the page, by the DOM hooks of DESIGN.md §3 only: hostile saves (deep
nesting, 3 MB, ``1e99999``, lone surrogates), full storage, a stray backup key, a stale tab,
tampered ``data-cell``/``data-move`` clicks, and JSON null read as absent.

The page must always become ready, say what happened in ``#notice``/``#hint`` (never a
traceback: the fixture fails a test on any console or page error) and lose no game."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from altibox import alto

from .driver import altibox_keys as storage
from .driver import stored_script, wait_ply

SEED = 21
FULL = """
  Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
"""


def alto_record(moves, meta=None, **fields) -> dict:
    return {"schema": 1, "game": "alto", "players": 2, "options": {}, "seed": SEED,
            "moves": list(moves), "start": None, "meta": {} if meta is None else meta, **fields}


def first_moves(n: int) -> list[str]:
    state, out = alto.new_game(seed=SEED), []
    for _ in range(n):
        move = str(alto.legal_moves(state)[0])
        out.append(move)
        state = alto.apply(state, move)
    return out


# ------------------------------------------------------------ hostile saves


@pytest.mark.parametrize("game", ["alto", "altitude", "altiplano"])
def test_a_save_nested_100000_deep_still_lets_the_page_start(open_app, game):
    """Repro (issue 23): ``localStorage["altibox:save:alto"] = "[" * 10000`` — the page never
    became ready. Now the save is kept aside, said, and a new game starts."""
    text = "[" * 100_000
    page = open_app(f"?game={game}", init_script=stored_script({f"altibox:save:{game}": text}))
    wait_ply(page, 0)
    assert "could not be read" in page.locator("#notice .text").inner_text()
    assert "nested too deeply" in page.locator("#notice details.detail").text_content()
    backups = {k: v for k, v in storage(page).items() if k.startswith(f"altibox:backup:{game}:")}
    assert list(backups.values()) == [text]


@pytest.mark.parametrize("field, value, words", [
    ("seed", "1e99999", "number too large"),
    ("meta", '{"names": ["\\ud800", "Bob"]}', "lone UTF-16 surrogate"),
])
def test_a_save_with_an_unreadable_value_is_kept_aside(open_app, field, value, words):
    text = json.dumps(alto_record(first_moves(2))).replace(f'"{field}": ' + json.dumps(alto_record([])[field]),
                                                           f'"{field}": {value}', 1)
    assert value in text
    page = open_app("?game=alto", init_script=stored_script({"altibox:save:alto": text}))
    wait_ply(page, 0)
    assert words in page.locator("#notice details.detail").text_content()
    assert text in storage(page).values()


def test_a_3mb_save_whose_copy_does_not_fit_is_left_where_it_is(open_app):
    """Repro: "A copy of it was kept in this browser, so nothing is lost" — and no copy existed."""
    text = '{"schema": 1, "game": "alto", "moves": ["' + "x" * 3_000_000
    page = open_app("?game=alto", init_script=stored_script({"altibox:save:alto": text}))
    page.wait_for_selector("#setup-form", state="attached")
    said = page.locator("#notice .text").inner_text()
    assert "left as it is" in said and "nothing is lost" not in said and "has started" not in said
    kept = storage(page)
    assert kept["altibox:save:alto"] == text
    assert not [k for k in kept if k.startswith("altibox:backup:")]


def test_with_storage_full_a_newer_versions_save_is_never_replaced(open_app, browser):
    """Repro: with storage full, an Altitude save marked ``schema: 2`` was removed and replaced
    by a new game, with no backup."""
    text = json.dumps({"schema": 2, "game": "altitude", "players": 3, "options": {"first_player": 2}, "seed": 4,
                       "moves": [], "start": None, "meta": {"names": ["Ann", "Bo", "Cy"]}})
    # the save is written first, then storage is full for everything the page writes
    page = open_app("?game=altitude", init_script=stored_script({"altibox:save:altitude": text}) + FULL)
    page.wait_for_selector("#setup-form", state="attached")
    assert "left as it is" in page.locator("#notice .text").inner_text()
    # the form starts with what can still be read of it, and the save can be downloaded
    assert page.locator('#setup-form input[name="players"]:checked').get_attribute("value") == "3"
    assert page.locator('#setup-form input[name="first_player"]:checked').get_attribute("value") == "2"
    assert page.locator('#setup-form input[name="name2"]').input_value() == "Bo"
    with page.expect_download() as got:
        page.locator('#notice [data-action="download-save"]').click()
    assert got.value.suggested_filename == "altibox-altitude-damaged-save.json"
    with open(got.value.path(), encoding="utf-8") as fh:
        assert fh.read() == text
    assert storage(page)["altibox:save:altitude"] == text
    assert not [k for k in storage(page) if k.startswith("altibox:backup:")]


def test_a_stray_backup_key_never_breaks_recovery(open_app):
    """Repro: with ``altibox:backup:alto:notanumber`` stored, a broken save said "Something went
    wrong … invalid literal for int()"."""
    page = open_app("?game=alto", init_script=stored_script({"altibox:backup:alto:notanumber": "mine",
                                                             "altibox:save:alto": "{this is not json"}))
    wait_ply(page, 0)
    assert "A copy of it was kept" in page.locator("#notice .text").inner_text()
    kept = storage(page)
    assert kept["altibox:backup:alto:notanumber"] == "mine"
    assert "{this is not json" in kept.values()


# ------------------------------------------------------------ a stale tab


def test_a_stale_new_game_form_never_wipes_the_game_another_tab_played(open_app):
    """Repro: tab B opened the form while nothing was saved; tab A played 4 plies; B's Start
    replaced them with a fresh game, no backup, and A jumped back to ply 0."""
    b = open_app("?game=alto")
    b.wait_for_selector("#setup-form", state="attached")
    a = open_app(f"?game=alto&new=1&seed={SEED}", context=b.context)
    moves = first_moves(4)
    for ply, move in enumerate(moves, 1):
        a.locator(f'#board [data-move="{move}"]').click()
        wait_ply(a, ply)
    b.locator('#setup-form [data-action="start"]').click()
    b.wait_for_selector('[data-action="start-pending"]')
    assert "another tab" in b.locator("#notice .text").inner_text()
    assert json.loads(storage(b)["altibox:save:alto"])["moves"] == moves
    assert a.locator("#board").get_attribute("data-ply") == "4"
    # Resume: tab B shows tab A's game; asking again and saying yes replaces it
    b.locator('[data-action="resume"]').click()
    wait_ply(b, 4)


# ------------------------------------------------------------ tampered clicks


def test_a_tampered_alto_cell_is_refused_and_undo_keeps_board_and_save_in_step(open_app):
    """Repro: ``data-cell="zz"`` raised a ValueError (PyScript's red traceback), then Undo moved
    the save but not the board."""
    page = open_app(f"?game=alto&new=1&seed={SEED}")
    for ply, move in enumerate(first_moves(3), 1):
        page.locator(f'#board [data-move="{move}"]').click()
        wait_ply(page, ply)
    page.evaluate("document.querySelector('#board [data-cell=\"a1\"]').setAttribute('data-cell', 'zz')")
    page.locator('#board [data-cell="zz"]').click()
    page.wait_for_selector("#hint:not([hidden])")
    assert "not understood" in page.locator("#hint").inner_text()
    assert page.locator('#board [data-cell="a1"]').count() == 1  # drawn again from the game
    page.locator('[data-action="undo"]').click()
    wait_ply(page, 2)
    record = json.loads(storage(page)["altibox:save:alto"])
    assert len(record["moves"]) == 2
    assert page.locator("#board").get_attribute("data-position") == \
        alto.to_position(alto.replay(record))


def test_a_tampered_alto_move_is_refused(open_app):
    page = open_app(f"?game=alto&new=1&seed={SEED}")
    page.evaluate("document.querySelector('#board [data-move=\"@b2\"]').setAttribute('data-move', '@zz')")
    page.locator('#board [data-move="@zz"]').click()
    page.wait_for_selector("#hint:not([hidden])")
    assert "not understood" in page.locator("#hint").inner_text()
    assert page.locator("#board").get_attribute("data-ply") == "0"
    assert json.loads(storage(page)["altibox:save:alto"])["moves"] == []


def test_a_tampered_altitude_hand_card_is_refused(open_app):
    """Repro: Altitude raised on ``hand:abc``."""
    page = open_app("?game=altitude&new=1&seed=4")
    if page.locator("#privacy").is_visible():
        page.locator('[data-action="reveal"]').click()
    page.wait_for_selector('#board [data-cell^="hand:"]', state="attached")
    page.evaluate("document.querySelector('#board [data-cell^=\"hand:\"]').setAttribute('data-cell', 'hand:abc')")
    page.locator('#board [data-cell="hand:abc"]').click()
    page.wait_for_selector("#hint:not([hidden])")
    assert "not understood" in page.locator("#hint").inner_text()
    assert page.locator('#board [data-cell="hand:abc"]').count() == 0


# ------------------------------------------------------------ null is absent


@pytest.mark.parametrize("fields", [
    {"meta": {"names": [None, "Bob"], "seats": [None, None], "redo": None, "turn": None}},
    {"meta": None},
    {"options": None},
], ids=["meta-fields", "meta", "options"])
def test_null_is_read_as_absent_in_a_save(open_app, fields):
    """Repro: such a save was set aside as damaged and a new game started."""
    text = json.dumps({**alto_record(first_moves(3)), **fields})
    page = open_app("?game=alto", init_script=stored_script({"altibox:save:alto": text}))
    wait_ply(page, 3)
    assert page.locator("#notice").is_hidden()
    assert not [k for k in storage(page) if k.startswith("altibox:backup:")]
    if "names" in json.dumps(fields):
        assert "Bob" in page.locator("#scores").inner_text()


def test_a_link_with_null_meta_is_continued_as_an_embed_shows_it(open_app):
    """Repro: a link with ``meta: null`` was refused in the full page but shown as an embed."""
    rec = json.dumps(alto_record(first_moves(2), meta=None)).replace('"meta": {}', '"meta": null')
    assert '"meta": null' in rec
    embed = open_app(f"?game=alto&embed=1&rec={quote(rec)}")
    embed.wait_for_selector('[data-ply="2"]', state="attached")
    page = open_app(f"?game=alto&rec={quote(rec)}")
    wait_ply(page, 2)
