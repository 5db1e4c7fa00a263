"""web.routes: URL parameters into new-game requests, with clear errors."""

import pytest

from altibox import alto
from web.routes import new_game_request, parse_query


def test_parse_query_plus_is_space_and_first_value_wins():
    q = parse_query("?game=alto&pos=a+b&game=x&empty=")
    assert q == {"game": "alto", "pos": "a b", "empty": ""}


def test_new_game_request_reads_seed_and_options():
    seed, players, options = new_game_request(
        parse_query("game=alto&new=1&seed=7&first_player=1&setup=random&junk=3"), alto)
    assert (seed, players, options) == (7, None, {"first_player": 1, "setup": "random"})


@pytest.mark.parametrize("query, words", [
    ("seed=-1", "seed"), ("seed=abc", "seed"), ("seed=9007199254740992", "seed"),
    ("players=3", "2 players"), ("first_player=2", "first_player"), ("setup=sideways", "setup"),
    ("first_player=red", "whole number"),
])
def test_bad_values_raise_value_error_naming_the_parameter(query, words):
    with pytest.raises(ValueError, match=words):
        new_game_request(parse_query(query), alto)


@pytest.mark.parametrize("query", ["seed=1_000", "seed=%D9%A3", "seed=%20%207", "players=%202",
                                   "first_player=%D9%A1", "tile_set=OD"])
def test_only_plain_ascii_numbers_and_link_settable_options(query):
    with pytest.raises(ValueError):
        new_game_request(parse_query(query), alto)
