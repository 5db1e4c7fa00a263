"""Issue 12 in the pure web layer: defaults, rematch, "why not" words, one turn truth."""

from __future__ import annotations

import pytest

from altibox import altitude, alto
from web.html.escape import MAX_NAME
from web.links import routes
from web.play.adapters import BOARDS, Frame
from web.play.seats import seat_names
from web.play.session import Session


def test_altitude_link_without_players_starts_the_tables_usual_two():
    """?game=altitude&new=1&seed=11 and the form agree: 2 players, kept in INFO."""
    seed, players, options = routes.new_game_request(routes.parse_query("?game=altitude&new=1&seed=11"), altitude)
    assert (seed, players, options) == (11, None, {})
    session = Session.new("altitude", seed=seed, players=players, options=options)
    assert altitude.num_players(session.state) == 2 == altitude.INFO.default_players
    assert session.state.hands == altitude.new_game(seed=11, players=2).hands


def test_rematch_keeps_seats_names_and_options_with_a_new_deal():
    s = Session.new("altitude", seed=5, players=3,
                    options={"tiebreak": "most_cards_in_mountain", "first_player": 2},
                    meta={"names": ["Ann", "Bob", "Cy"], "seats": ["person", "person", "easy"]})
    again = s.rematch(seed=6)
    assert altitude.num_players(again.state) == 3 and again.names == ["Ann", "Bob", "Cy"]
    assert again.meta == {"names": ["Ann", "Bob", "Cy"], "seats": ["person", "person", "easy"]}
    assert again.state.options == s.state.options and again.state.options["first_player"] == 2
    assert again.ply == 0 and again.record()["seed"] == 6
    off = Session(  # an option no link or form can set (double turn switched off) survives too
        "altitude", altitude.new_game(seed=1, players=2, double_turn_height=None), {})
    assert off.rematch(seed=2).state.options["double_turn_height"] is None
    a = Session.new("alto", seed=3, options={"setup": "random", "first_player": 1})
    assert a.rematch(seed=4).state.options == a.state.options


# ---------------------------------------------------------------- why not (issue 12)

MOVEMENT = "DOr,DOw,do,ODr/SAw,ODwwr,asr,DOww/DOr,od,SArww,--/ODr,DOr,od,od w m"
FINAL = "--,--,--,--/--,--wwwrwr,--,--rrr/--ww,--wr,--rw,sa/--r,od,od,-- w m"


def alto_frame(apn, seat=None, selected=None):
    st = alto.from_position(apn)
    seat = alto.current_player(st) if seat is None else seat
    return Frame(view=alto.view(st, seat), viewer=seat, ui={"selected": selected},
                 names=("Ann", "Bob"))


def test_alto_why_not_words():
    ui = BOARDS["alto"]
    f = alto_frame(MOVEMENT)
    assert ui.why_not(f, "b2") == "b2 has no disc to move."
    assert ui.why_not(f, "d2") == "d2 is empty and has no tile."
    stuck = [c for c in alto.CELLS if c not in ui.selectable(f)
             and next(x for x in f.view["cells"] if x["cell"] == c)["stack"]]
    for c in stuck:
        assert ui.why_not(f, c).startswith(f"Nothing to play from {c}:") or "stay there for good" in ui.why_not(f, c)
    fs = alto_frame(MOVEMENT, selected="c2")
    dests = {m[2:] for m in fs.view["legal_moves"] if m.startswith("c2")}
    miss = next(c for c in alto.CELLS if c not in dests and c != "c2")
    assert ui.why_not(fs, miss, "c2") == (f"The disc on c2 cannot go to {miss}: its stack tile allows only "
                                    f"the highlighted squares.")
    assert ui.why_not(alto_frame(MOVEMENT, seat=0), "a1") == "It is Bob's turn."
    place = Frame(view=alto.view(alto.apply(alto.new_game(seed=7), "@c3"), 1), viewer=1, ui={},
                  names=("Ann", "Bob"))
    assert ui.why_not(place, "c3") == "c3 already holds a disc: place yours on a tile without a disc."
    over = alto.from_position(FINAL)
    assert ui.why_not(Frame(view=alto.view(over, None), viewer=None, ui={}), "b3") == "The game is over."


def test_altitude_why_not_names_the_rule():
    from altitude_support import position, rows
    from altibox.altitude.cards import get_deck

    deck = get_deck("house", True)
    # player 0 has 61 and 38 side by side; the drawn card is 57: above them it is too low
    text = position(players=2, current=0, drawn=57, hands=[[5, 6, 7, 8], None],
                    mountains=[rows({1: [61, 38]}), rows({1: [70]})])
    st = altitude.from_position(text)
    view = altitude.view(st, 0)
    ui = BOARDS["altitude"]
    f = Frame(view=view, viewer=0, ui={"selected": None}, names=("Ann", "Bob"))
    assert "A 2.0" not in view["legal_moves"] and "A 1.2" in view["legal_moves"]
    assert ui.why_not(f, "p0:L2:0") == ("The 57 cannot go there: it must be higher than both cards "
                                        "under it (61 and 38).")
    # a hand card goes only on your own mountain
    f5 = Frame(view=view, viewer=0, ui={"selected": 5}, names=("Ann", "Bob"))
    assert ui.why_not(f5, "p1:L1:1") == "Only the drawn card may go on another player's mountain."
    assert ui.why_not(f, "pile").startswith("The pile is not clicked")
    assert ui.why_not(Frame(view=altitude.view(st, 1), viewer=1, ui={}, names=("Ann", "Bob")),
                      "p1:L1:1") == "It is Ann's turn."
    assert ui.why_not(Frame(view=view, viewer=0, withhold=True, ui={}, names=("Ann", "Bob")),
                      "p0:L1:2") == "End the turn first (End turn), or undo."
    assert deck.by_id[57].label == "57"
    # an avalanche or a Saint Bernard in hand: why, not only "no legal place" (new-user run)
    hold = altitude.from_position(position(players=2, current=0, drawn=57, hands=[[109, 117, 7, 8], None],
                                           mountains=[rows({1: [61, 38]}), rows({1: [70]})]))
    fh = Frame(view=altitude.view(hold, 0), viewer=0, ui={"selected": None}, names=("Ann", "Bob"))
    assert deck.by_id[109].kind == "avalanche" and deck.by_id[117].kind == "sb"
    assert not any(m.startswith(("D 109", "F2 117")) for m in fh.view["legal_moves"])
    assert ui.why_not(fh, "hand:109") == ("An avalanche in your hand cannot be played now: it goes only on "
                                          "another player's mountain, where only the drawn card may go until "
                                          "the pile is empty (then, in the final building, it may).")
    assert ui.why_not(fh, "hand:117") == ("A Saint Bernard cannot be played now: it removes an uncovered "
                                          "avalanche on your own mountain, and there is none.")


def test_altitude_log_names_places_as_the_board_shows_them():
    """Issue 12: no "column −4" (the board has no column labels)."""
    from altitude_support import position, rows

    text = position(players=2, current=0, drawn=57, hands=[[5, 6, 7, 8], None],
                    mountains=[rows({1: [13, None, 38, 40], 2: [None, None, 60]}), {}])
    st = altitude.from_position(text)
    d = lambda m: altitude.describe(st, m, ["Ann", "Bob"])  # noqa: E731
    assert d("A 1.-1") == "Ann places the drawn 57 on their mountain at the left end of the base"
    assert d("A 1.4") == "Ann places the drawn 57 on their mountain at the right end of the base"
    assert d("A 1.1") == "Ann places the drawn 57 on their mountain in the base between 13 and 38"
    assert d("C p1 1.0") == "Ann places the drawn 57 on Bob's mountain to start the base"
    assert d("D 5 2.2") == ("Ann keeps the drawn card and places 5 from their hand on their mountain "
                            "on top of 38 and 40 black grouse")
    assert d("E 1.3") == ("Ann replaces 40 black grouse in the base with the drawn 57; 40 black grouse "
                         "is discarded")
    assert "column" not in d("A 1.-1") + d("D 5 2.2")


def test_the_static_landing_page_matches_the_games():
    """Issue 12: index.html shows the game cards before Python; they must say what Python's
    landing page says (id, name, players, blurb, a Play link per game with a page)."""
    import re
    from pathlib import Path

    from altibox import GAMES
    from web.play.adapters import BOARDS

    html = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")
    landing = html.split('<section id="landing"', 1)[1].split("</section>", 1)[0]
    ids = re.findall(r'data-game-id="([a-z]+)"', landing)
    assert ids == list(GAMES)
    for gid in ids:
        card = landing.split(f'data-game-id="{gid}"', 1)[1].split("</li>", 1)[0]
        info = GAMES[gid].INFO
        assert f"<h2>{info.name}</h2>" in card and info.players_text in card and info.blurb in card
        assert (f'data-play="1" href="?game={gid}&amp;form=1"' in card) == (gid in BOARDS)
        from web.links.routes import HOWTO_GAMES  # issue 11: every game with a page links its How to play
        assert (f'href="?game={gid}&amp;page=rules">How to play</a>' in card) == (gid in HOWTO_GAMES)
    assert '<script src="./static/boot/landing.js"></script>' in landing


def test_name_fields_have_no_utf16_maxlength_and_names_are_cut_on_whole_characters():
    """Issue 12: a form ``maxlength`` counts UTF-16 units and would split 👨‍👩‍👧‍👦; the form has
    none, and the name read from it is cut on grapheme clusters (web/html/graphemes.py)."""
    from web.html import screens
    from web.html.graphemes import graphemes

    form = screens.setup_html("altitude")
    assert "maxlength" not in form and 'name="name1"' in form
    assert f'title="up to {MAX_NAME} characters: a longer name is cut"' in form  # said, not silent
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
    _players, _options, meta = screens.read_setup(
        "altitude", {"players": "2", "name1": "v" * (MAX_NAME - 1) + family + "tail", "name2": ""})
    assert meta["names"][0] == "v" * (MAX_NAME - 1) + family
    assert len(graphemes(meta["names"][0])) == MAX_NAME


@pytest.mark.parametrize("game_id,players", [("alto", 2), ("altitude", 1), ("altitude", 3), ("altiplano", 2)])
def test_every_game_ends_with_one_result_and_why_it_ended(game_id, players):
    """Issue 12 and a new-user run: at the end the headline (``#status``) says who won and the
    scores; the end panel says why the game ended and, where the headline does not say it (a
    tie, its tie-break, a solo game), why it was decided, never the result a second time."""
    import random

    from altibox import GAMES
    from web.html import panels as pages

    m = GAMES[game_id]
    st, rng = m.new_game(seed=4, players=players), random.Random(4)
    while not m.is_over(st):
        assert pages.result_why(m, st) == "" and m.end_reason(st) == "" and pages.result_html(m, st) == ""
        st = m.apply(st, rng.choice(m.legal_moves(st)))
    # the end panel says why the game ended, for every game (new-user run: Altiplano did not)
    ended = m.end_reason(st)
    panel = pages.result_html(m, st)
    assert ended.startswith("The game ended") and f'<p class="ended">{ended}</p>' in panel
    out = m.outcome(st)
    why = pages.result_why(m, st)
    if out.reason == "score" and players > 1:  # "X wins with N points" would say it twice
        assert why == "" and 'class="why"' not in panel
        assert m.explain(st, out, seat_names(m, st)) not in panel
    else:
        assert why == m.explain(st, out, seat_names(m, st)) and '<p class="why">' in panel
