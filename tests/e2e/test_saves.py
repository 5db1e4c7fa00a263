"""Broken saves, for every game with a page: backed up, explained, and a new game starts (a save
whose moves replay up to a bad one goes on from the move before it).

Each page starts with the save already in storage (``driver.stored_script``): one boot per test."""

from __future__ import annotations

import json

import pytest

from altibox import alto
from web.links.codec import encode_record
from web.play.adapters import BOARDS

from .driver import saved_record, stored_script

BROKEN = {
    "not JSON": ("{this is not json", "not valid JSON"),
    "another game's record": (json.dumps({"schema": 1, "game": "nonesuch", "players": 2, "options": {},
                                          "seed": 5, "moves": [], "start": None, "meta": {}}),
                              "for game 'nonesuch'"),
    "a header only": (json.dumps({"schema": 1}), "missing field"),
    "an unknown option": (None, "unknown option"),
}


def illegal_record(game: str, options: dict | None = None) -> str:
    """A record whose second move is no move of the game (``options``: the record's own, e.g.
    an unknown one, which breaks its header)."""
    from altibox import GAMES

    module = GAMES[game]
    state = module.new_game(seed=5, players=module.INFO.default_players)
    first = str(module.legal_moves(state)[0])
    return json.dumps({"schema": 1, "game": game, "players": module.INFO.default_players,
                       "options": options or {}, "seed": 5, "moves": [first, "no such move"],
                       "start": None, "meta": {}})


@pytest.mark.parametrize("game", sorted(BOARDS))
@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_save_is_backed_up_explained_and_a_new_game_starts(open_app, game, kind):
    text, words = BROKEN[kind]
    text = text if text is not None else illegal_record(game, {"nonesuch": 1})
    page = open_app(f"?game={game}", init_script=stored_script({f"altibox:save:{game}": text}))
    page.wait_for_selector('#board[data-ply="0"]', state="attached")
    # a sentence for players; the parser's or the replay's words only under "Technical details"
    sentence = page.locator("#notice .text").inner_text()
    assert sentence.startswith("Your saved ") and "could not be read" in sentence
    assert "A copy of it was kept in this browser" in sentence and words not in sentence
    assert page.locator('#notice [data-action="download-save"]').inner_text() == "Download the damaged save"
    assert words in page.locator("#notice details.detail").text_content()
    assert page.locator("#notice details.detail summary").inner_text() == "Technical details"
    keys = page.evaluate("Object.keys(localStorage).sort()")
    backups = [k for k in keys if k.startswith(f"altibox:backup:{game}:")]
    assert len(backups) == 1
    assert page.evaluate(f"localStorage.getItem('{backups[0]}')") == text
    fresh = saved_record(page, game)
    assert fresh["moves"] == [] and fresh["game"] == game


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_save_with_a_bad_move_goes_on_from_the_move_before_it(open_app, game):
    """New-user run: a long save whose last move was damaged was replaced by a new game. Now
    the moves before the bad one are replayed (here one), the whole save is kept in a backup
    key, the notice says so, and the game is saved as it goes on."""
    text = illegal_record(game)
    first = json.loads(text)["moves"][0]
    page = open_app(f"?game={game}", init_script=stored_script({f"altibox:save:{game}": text}))
    page.wait_for_selector('#board[data-ply="1"]', state="attached")
    sentence = page.locator("#notice .text").inner_text()
    assert sentence.startswith("Your saved ") and "could not be opened whole: move 2 cannot be played" in sentence
    assert sentence.endswith("so it goes on after move 1. A copy of the whole save was kept in this browser, so "
                             "nothing is lost; you can also download it as a file.")
    assert "ply 2" in page.locator("#notice details.detail").text_content()
    keys = page.evaluate("Object.keys(localStorage).sort()")
    backups = [k for k in keys if k.startswith(f"altibox:backup:{game}:")]
    assert [page.evaluate(f"localStorage.getItem('{k}')") for k in backups] == [text]
    assert saved_record(page, game)["moves"] == [first]


@pytest.mark.parametrize("cut", [False, True])
def test_the_new_game_keeps_the_broken_saves_player_count(open_app, cut):
    """A broken 4-player Altiplano save (an unknown option; or cut short, no longer JSON): the
    new game is for 4 players with the save's names (when still whole), the broken text is kept
    whole in a backup key."""
    record = json.loads(illegal_record("altiplano", {"nonesuch": 1}))
    names = ["Ann", "Tim", "Bo", "Kofi"]
    record = {**{k: v for k, v in record.items() if k != "meta"}, "meta": {"names": names}, "players": 4}
    text = json.dumps(record)
    text = text[:70] if cut else text
    assert '"players": 4' in text and ('"names"' in text) != cut
    page = open_app("?game=altiplano", init_script=stored_script({"altibox:save:altiplano": text}))
    page.wait_for_selector('#board[data-ply="0"]', state="attached")
    said = page.locator("#notice .text").inner_text()
    assert said.endswith("A new game for 4 players has started." if cut else "A new game for 4 players has "
                         "started, keeping what could still be read from the damaged save: the players' names.")
    assert "JSON" not in page.locator("#notice .text").inner_text()
    fresh = saved_record(page, "altiplano")
    assert fresh["players"] == 4 and fresh["moves"] == []
    assert fresh["meta"].get("names") == (None if cut else names)
    if not cut:
        assert "Ann" in page.locator("#scores").inner_text()
    keys = page.evaluate("Object.keys(localStorage)")
    backups = [k for k in keys if k.startswith("altibox:backup:altiplano:")]
    assert [page.evaluate(f"localStorage.getItem('{k}')") for k in backups] == [text]


def test_a_damaged_saves_new_game_keeps_its_options_says_so_and_offers_the_copy(open_app):
    """New-user run: a damaged save of a drafted-roles game on house set 12 was replaced by a
    game with dealt roles on house set 13, the notice said only "A new game for 2 players has
    started", and its copy under ``altibox:backup:`` could not be had from the page. Now the
    new game keeps the options, players and names that can still be read (here the save is cut
    short inside its meta), the notice says what happened and what was kept, the copy downloads
    as a file holding exactly the damaged text, and the notice can be dismissed."""
    record = {"schema": 1, "game": "altiplano", "players": 3,
              "options": {"role_selection": "draft", "house_set": "house_set_12"}, "seed": 5,
              "moves": ["draw"], "start": None, "meta": {"names": ["Ann", "Bo", "Cy"], "seats": ["per"]}}
    text = json.dumps(record)
    text = text[:text.index('"seats"')]  # cut short: no longer JSON
    page = open_app("?game=altiplano", init_script=stored_script({"altibox:save:altiplano": text}))
    page.wait_for_selector('#board[data-ply="0"]', state="attached")
    said = page.locator("#notice .text").inner_text()
    assert said == ("Your saved Altiplano game could not be read: the saved data is damaged or comes from "
                    "another version of Altibox. A copy of it was kept in this browser, so nothing is lost; "
                    "you can also download it as a file. A new game for 3 players has started, keeping what "
                    "could still be read from the damaged save: the players' names, “Roles: Draft them "
                    "(advanced variant)” and house set version 12.")
    fresh = saved_record(page, "altiplano")
    assert fresh["options"] == {"role_selection": "draft", "house_set": "house_set_12"}
    assert fresh["players"] == 3 and fresh["meta"]["names"] == ["Ann", "Bo", "Cy"] and fresh["moves"] == []
    assert "choose" in page.locator("#status").inner_text().lower()  # roles are drafted, not dealt
    assert "house set version 12" in page.locator("#banner").inner_text()
    button = page.locator('#notice [data-action="download-save"]')
    assert button.inner_text() == "Download the damaged save"
    assert text not in page.content()  # the page holds the key, never the save's text
    with page.expect_download() as got:
        button.click()
    download = got.value
    assert download.suggested_filename.startswith("altibox-altiplano-damaged-save-")
    with open(download.path(), encoding="utf-8") as fh:
        assert fh.read() == text
    page.locator('#notice [data-action="dismiss"]').click()
    assert page.locator("#notice").is_hidden()


@pytest.mark.parametrize("bad", ["rec", "pos"])
def test_a_refused_link_offers_the_saved_game_or_a_new_one(open_app, base_url_app, bad):
    """New-user run: a play-by-link address whose record was cut short (a chat app trimmed it)
    was refused clearly, but the page offered no way back to the player's own game: only a list
    of games. A refused ``rec=`` (and, the same way, a refused ``pos=``) now offers "Resume my
    saved game" (the same game's address without the bad parameter) when there is a save, else
    "Start a new game"; the save is untouched."""
    state = alto.new_game(seed=5)
    for move in ("@b2", "@c3"):
        state = alto.apply(state, move)
    mine = alto.to_record(alto.apply(state, "@a1"))
    link = (f"?game=alto&rec={encode_record(alto.to_record(state))[:-12]}" if bad == "rec"
            else "?game=alto&pos=OD,DO+r+m")
    page = open_app(link, init_script=stored_script({"altibox:save:alto": json.dumps(mine)}))
    page.wait_for_selector('html[data-screen="error"]', state="attached")
    why = page.locator("#error p").first.inner_text()
    assert why.startswith("This link cannot be continued: the compressed record is cut short (was the link "
                          "copied whole?). The link says: rec=z:" if bad == "rec" else
                          "This link’s position is not a valid Alto position:")
    assert page.locator("#error h2").inner_text() == "This link cannot be opened"
    assert page.locator("#error p").nth(1).inner_text() == "Your saved game of Alto (3 moves played) is untouched."
    resume = page.locator("#error .actions .primary")
    assert resume.inner_text() == "Resume my saved game" and resume.get_attribute("href") == "?game=alto"
    assert saved_record(page, "alto")["moves"] == mine["moves"]
    resume.click()
    page.wait_for_selector('#board[data-ply="3"]', state="attached")
    assert page.evaluate("location.search") == "?game=alto"
    assert saved_record(page, "alto")["moves"] == mine["moves"]
    # with no game of Alto saved here, a new one is offered
    page.evaluate("localStorage.removeItem('altibox:save:alto')")
    page.goto(base_url_app + link)
    page.wait_for_selector('html[data-screen="error"]', state="attached")
    assert page.locator("#error p").nth(1).inner_text() == "There is no game of Alto saved in this browser."
    new = page.locator("#error .actions .primary")
    assert new.inner_text() == "Start a new game" and new.get_attribute("href") == "?game=alto&form=1"
    new.click()
    page.wait_for_selector("#setup-form", state="visible")
    assert saved_record(page, "alto") is None


def test_an_altiplano_save_without_house_set_keeps_version_1_after_a_move(open_app):
    """Issue 18: a save written before house-set versions (no ``house_set`` in its options) is
    version 1; after a move in the page the saved record names version 1, not the new default."""
    record = {"schema": 1, "game": "altiplano", "players": 2, "options": {}, "seed": 5,
              "moves": ["draw"], "start": None, "meta": {}}
    page = open_app("?game=altiplano", init_script=stored_script({"altibox:save:altiplano": json.dumps(record)}))
    page.wait_for_selector('#board[data-ply="1"]', state="attached")
    if page.locator("#privacy").is_visible():
        page.locator('[data-action="reveal"]').click()
    page.locator('#board [data-move="draw"]').first.click()
    page.wait_for_selector('#board[data-ply="2"]', state="attached")
    saved = json.loads(page.evaluate("localStorage.getItem('altibox:save:altiplano')"))
    assert saved["options"] == {"house_set": "house_set"} and saved["moves"] == ["draw", "draw"]
