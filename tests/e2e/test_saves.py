"""Broken saves, for every game with a page: backed up, explained, and a new game starts."""

from __future__ import annotations

import json

import pytest

from web.games import BOARDS

BROKEN = {
    "not JSON": ("{this is not json", "not valid JSON"),
    "another game's record": (json.dumps({"schema": 1, "game": "nonesuch", "players": 2, "options": {},
                                          "seed": 5, "moves": [], "start": None, "meta": {}}),
                              "for game 'nonesuch'"),
    "a header only": (json.dumps({"schema": 1}), "missing field"),
    "an illegal move": (None, "ply 2"),
}


def illegal_record(game: str) -> str:
    """A record whose second move repeats the first, which no game allows."""
    from altibox import GAMES

    module = GAMES[game]
    state = module.new_game(seed=5, players=module.INFO.default_players)
    first = str(module.legal_moves(state)[0])
    return json.dumps({"schema": 1, "game": game, "players": module.INFO.default_players,
                       "options": {}, "seed": 5, "moves": [first, "no such move"],
                       "start": None, "meta": {}})


@pytest.mark.parametrize("game", sorted(BOARDS))
@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_save_is_backed_up_explained_and_a_new_game_starts(open_app, game, kind):
    text, words = BROKEN[kind]
    text = text if text is not None else illegal_record(game)
    page = open_app(f"?game={game}")
    page.evaluate(f"localStorage.setItem('altibox:save:{game}', {json.dumps(text)})")
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    page.wait_for_selector('#board[data-ply="0"]', state="attached")
    notice = page.locator("#notice").inner_text()
    assert "could not be loaded" in notice and words in notice
    keys = page.evaluate("Object.keys(localStorage).sort()")
    backups = [k for k in keys if k.startswith(f"altibox:backup:{game}:")]
    assert len(backups) == 1
    assert page.evaluate(f"localStorage.getItem('{backups[0]}')") == text
    fresh = json.loads(page.evaluate(f"localStorage.getItem('altibox:save:{game}')"))
    assert fresh["moves"] == [] and fresh["game"] == game
