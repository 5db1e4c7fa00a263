"""Broken saves, for every game with a page: backed up, explained, and a new game starts (a save
whose moves replay up to a bad one goes on from the move before it).

Each page starts with the save already in storage (``driver.stored_script``): one boot per test."""

from __future__ import annotations

import json

import pytest

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
    assert sentence.startswith("Your saved ") and "could not be opened" in sentence
    assert "A copy of it was kept in this browser" in sentence and words not in sentence
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
    assert sentence.endswith("so it goes on after move 1. A copy of the whole save was kept in this browser, so nothing is lost.")
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
    assert page.locator("#notice .text").inner_text().endswith("A new game for 4 players has started.")
    assert "JSON" not in page.locator("#notice .text").inner_text()
    fresh = saved_record(page, "altiplano")
    assert fresh["players"] == 4 and fresh["moves"] == []
    assert fresh["meta"].get("names") == (None if cut else names)
    if not cut:
        assert "Ann" in page.locator("#scores").inner_text()
    keys = page.evaluate("Object.keys(localStorage)")
    backups = [k for k in keys if k.startswith("altibox:backup:altiplano:")]
    assert [page.evaluate(f"localStorage.getItem('{k}')") for k in backups] == [text]


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
