"""web.links.routes: URL parameters into new-game requests, with clear errors."""

import pytest

from altibox import altiplano, alto
from web.links.routes import link_players, new_game_request, parse_query, seats_ignored_notice


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


@pytest.mark.parametrize("query, message", [
    ("role_selection=zzz", "role_selection=zzz is not one of: deal, draft"),
    ("first_player=x", "first_player=x is not a whole number"),
    ("first_player=7", "first_player=7 is not one of: 0, 1, 2, 3, 4"),
    ("role_selection=" + "d" * 50, "role_selection=" + "d" * 40 + "\u2026 is not one of: deal, draft"),
])
def test_a_bad_option_in_a_link_is_told_in_the_links_own_words(query, message):
    """The link's ``key=value`` as written, and what the game accepts (new-user run: the
    option machinery's "option 'role_selection' must be one of 'deal', 'draft', got 'zzz'")."""
    with pytest.raises(ValueError) as err:
        new_game_request(parse_query(query), altiplano)
    assert str(err.value) == message


@pytest.mark.parametrize("query", ["seed=1_000", "seed=%D9%A3", "seed=%20%207", "players=%202",
                                   "first_player=%D9%A1", "tile_set=OD"])
def test_only_plain_ascii_numbers_and_link_settable_options(query):
    with pytest.raises(ValueError):
        new_game_request(parse_query(query), alto)


def test_seats_in_a_link_without_new_are_never_silently_ignored():
    assert seats_ignored_notice({"game": "alto"}, 2, True) is None
    bad = seats_ignored_notice({"game": "alto", "seat2": "expert"}, 2, True)
    assert bad.startswith("This link cannot choose the seats: seat2: a seat is one of person, random, ")
    assert "'expert'" in bad and bad.endswith("Your saved game goes on; seats are chosen only when a "
                                              "new game starts (the link needs &new=1).")
    assert seats_ignored_notice({"seat3": "hard"}, 2, True).startswith(
        "This link cannot choose the seats: there is no seat 3 in a game of 2 players.")
    assert seats_ignored_notice({"seat2": "hard"}, 2, True) == (
        "The seats in this link apply only to a new game. Your saved game goes on; seats are "
        "chosen only when a new game starts (the link needs &new=1).")
    assert seats_ignored_notice({"seat2": "expert"}, 2, False).endswith(". Choose who plays below.")
    # the player count and the seed too (a new user's &players=9 was ignored without a word)
    assert seats_ignored_notice({"game": "altiplano", "players": "9"}, 2, True) == (
        "The player count in this link applies only to a new game. Your saved game goes on; it is "
        "used only when a new game starts (the link needs &new=1).")
    assert seats_ignored_notice({"players": "3", "seed": "4"}, 2, False) == (
        "The player count and seed in this link apply only to a new game. Choose the game below, "
        "or add &new=1 to the link to start it at once.")
    # a game option too, and a bad value says why (new-user run: &house_set=house_set_99 without
    # &new=1 was dropped without a word)
    from altibox import GAMES
    altiplano = GAMES["altiplano"]
    assert seats_ignored_notice({"game": "altiplano", "house_set": "house_set_12", "players": "3"}, 2, True,
                                altiplano) == (
        "The player count and option house_set in this link apply only to a new game. Your saved "
        "game goes on; they are used only when a new game starts (the link needs &new=1).")
    bad = seats_ignored_notice({"game": "altiplano", "house_set": "house_set_99"}, 2, True, altiplano)
    assert bad.startswith("house_set=house_set_99 names no version of the house set") and bad.endswith(
        ". The option house_set in this link applies only to a new game. Your saved game goes on; it is "
        "used only when a new game starts (the link needs &new=1).")
    assert seats_ignored_notice({"game": "altiplano", "role_selection": "zzz", "seat2": "hard"}, 2, False,
                                altiplano) == (
        "role_selection=zzz is not one of: deal, draft. The seats in this link apply only to a new "
        "game. Choose who plays below.")


def test_a_links_player_count_is_read_once_for_new_games_and_the_form():
    """``&players=`` as a new game (``new=1``) and the new-game form (without it) read it."""
    assert link_players({"players": "3"}, altiplano) == 3 and link_players({}, altiplano) is None
    assert link_players({"players": ""}, altiplano) is None
    for bad in ("9", "1", "3a", " 3", "03x"):
        with pytest.raises(ValueError, match=r"Altiplano is played by 2 to 5 players, not "):
            link_players({"players": bad}, altiplano)
    assert new_game_request({"players": "4"}, altiplano)[1] == 4


def test_a_position_in_a_full_page_link_is_read_or_refused_with_the_reason():
    """New-user run: ``?game=altiplano&pos=abc`` showed the new-game form without a word, while
    docs/teachers.md says Altitude and Altiplano refuse ``pos=`` with a message saying why."""
    from altibox import altitude
    from web.links.routes import link_position
    assert link_position({"game": "alto"}, alto) is None and link_position({"pos": ""}, altiplano) is None
    with pytest.raises(ValueError) as err:
        link_position(parse_query("game=altiplano&pos=abc"), altiplano)
    assert str(err.value) == (
        "Altiplano keeps cards hidden, so a link cannot give its position (pos=): a position text would show "
        "every hand and the draw pile. Share a game of Altiplano by its record (rec=, from Share / Embed) "
        "instead. The link says “pos=abc”.")
    with pytest.raises(ValueError, match="^Altitude keeps cards hidden.*The link says “pos={}”.$"):
        link_position({"pos": "{}"}, altitude)
    with pytest.raises(ValueError) as err:
        link_position(parse_query("game=alto&pos=OD,DO+r+m"), alto)
    assert str(err.value) == ("This link’s position is not a valid Alto position: rule 1: expected 4 rows "
                              "separated by '/', got 1. The link says “pos=OD,DO r m”.")
    with pytest.raises(ValueError, match=r"“pos=x{120}…\[180 more characters\]”\.$"):
        link_position({"pos": "x" * 300}, alto)
    # Alto's positions are public: a valid one is the start of a game
    state = alto.new_game(seed=3)
    for move in ("@b2", "@c3"):
        state = alto.apply(state, move)
    text = alto.to_position(state)
    assert alto.to_position(link_position({"pos": text}, alto)) == text


def test_a_refused_position_is_refused_like_a_refused_record_with_the_way_back():
    """New-user run: a truncated ``rec=`` was refused with no way back to the player's saved game.
    A refused ``pos=`` and a refused ``rec=`` now get the same screen: why (the link's text
    quoted), then "Resume my saved game" (the same game's address without the bad parameter)
    when there is a save, else "Start a new game"; whatever else the link asks (``new=1``,
    ``form=1``), nothing goes on behind it."""
    from web.html.screens import refused_link_html
    from web.links.routes import position_request
    why = ("Altiplano keeps cards hidden, so a link cannot give its position (pos=): a position text would show "
           "every hand and the draw pile. Share a game of Altiplano by its record (rec=, from Share / Embed) "
           "instead. The link says “pos=abc”.")
    for params in ({"pos": "abc"}, {"pos": "abc", "form": "1"}, {"pos": "abc", "new": "1", "seed": "4"}):
        assert position_request(params, altiplano) == (None, why)
    assert position_request({"game": "altiplano"}, altiplano) == (None, None)
    start, said = position_request({"pos": alto.to_position(alto.new_game(seed=2))}, alto)
    assert said is None and alto.to_position(start) == alto.to_position(alto.new_game(seed=2))
    saved = refused_link_html("alto", "This link cannot be continued: the compressed record is cut short "
                                      "(was the link copied whole?). The link says: rec=z:FYs<b>", 12)
    assert saved == (
        '<div class="setup refused-link"><h2>This link cannot be opened</h2><p>This link cannot be continued: '
        'the compressed record is cut short (was the link copied whole?). The link says: rec=z:FYs&lt;b&gt;</p>'
        '<p>Your saved game of Alto (12 moves played) is untouched.</p><p class="actions">'
        '<a class="button primary" data-nav="1" href="?game=alto">Resume my saved game</a> '
        '<a class="button" data-nav="1" href="./">All games</a></p></div>')
    assert "(1 move played)" in refused_link_html("alto", why, 1)
    none = refused_link_html("altiplano", why, None)
    assert ('<p>There is no game of Altiplano saved in this browser.</p><p class="actions"><a class="button '
            'primary" data-nav="1" href="?game=altiplano&amp;form=1">Start a new game</a>') in none
    assert "Resume" not in none
