"""web.html.panels: the frame around the board, built from the rules (Alto score pad, status, log)."""

import xml.etree.ElementTree as ET

import pytest

from altibox import alto
from web.html import panels as pages
from web.html import screens
from web.html.escape import MAX_NAME
from web.play import seats

T1 = "do,--r,--,--/--,--wrw,--rr,--/--w,sa,--wwwr,--rr/od,--ww,--r,do r m"
SCORING = "--,--,--,--/--,--wwwrwr,--,--rrr/--ww,--wr,--rw,sa/--r,od,od,-- w m"


def parse(fragment):
    return ET.fromstring(f"<root>{fragment}</root>")


def test_scores_table_matches_the_rulebook_example():
    state = alto.from_position(SCORING)
    root = parse(pages.scores_html(alto, state))
    totals = {td.get("data-player"): td.get("data-score") for td in root.iter("td") if td.get("data-score")}
    assert totals == {"0": "20", "1": "17"}
    rows = [tr for tr in root.iter("tr") if tr.find("th") is not None and tr.find("th").text == "Level 2"]
    assert [td.text for td in rows[0].findall("td")] == ["2 × 2 = 4", "3 × 2 = 6"]
    # a row worth 1 a piece still shows its sum, not a bare number that reads as a count
    level1 = [p for p in alto.scoreboard(state)[0]["parts"] if p["label"] == "Level 1"][0]
    rows = [tr for tr in root.iter("tr") if tr.find("th") is not None and tr.find("th").text == "Level 1"]
    assert rows[0].findall("td")[0].text == f"{level1['count']} × 1 = {level1['count']}"


def test_status_and_result_words():
    state = alto.from_position(SCORING)
    assert pages.status_words(alto, state) == "Red wins 20–17"
    # a plain win on points: the headline (#status) says it; the end panel does not repeat it
    assert "scores more points" not in pages.result_html(alto, state)
    tie = alto.from_position(T1)
    assert "more discs at level 4 (1 against 0)" in pages.result_html(alto, tie)
    start = alto.new_game(seed=7)
    assert pages.status_words(alto, start) == "Red to place a disc (8 left)"
    assert pages.result_html(alto, start) == ""


def test_log_items_carry_the_notation_and_escape_text():
    html = pages.log_html([("@c3", "Red places a disc on c3"), ("a1b2", "<b>x</b> & y")])
    root = parse(html)
    items = root.findall("li")
    assert [li.get("data-move") for li in items] == ["@c3", "a1b2"]
    assert "<b>" not in html and "&lt;b&gt;" in html


def test_landing_lists_every_game_and_resume_only_for_saves():
    root = parse(screens.landing_html({"alto": 12}))
    cards = {li.get("data-game-id") for li in root.iter("li")}
    assert {"alto", "altitude", "altiplano"} <= cards
    resume = [a for a in root.iter("a") if a.get("data-resume")]
    assert [a.get("data-resume") for a in resume] == ["alto"]
    assert "(move 12)" in "".join(resume[0].itertext())
    assert not [a for a in parse(screens.landing_html({})).iter("a") if a.get("data-resume")]


def test_setup_form_offers_each_choice_with_the_default_checked():
    root = parse(screens.setup_html("alto"))
    radios = [i for i in root.iter("input")]
    assert {(i.get("name"), i.get("value")) for i in radios} == {
        ("first_player", "0"), ("first_player", "1"), ("setup", "alternate"), ("setup", "random")}
    assert {(i.get("name"), i.get("value")) for i in radios if i.get("checked") is not None} == {
        ("first_player", "0"), ("setup", "alternate")}


def test_names_from_a_save_are_text_only_and_capped():
    from altibox import altitude

    state = altitude.new_game(seed=1, players=2)
    assert seats.seat_names(altitude, state, [1, 2]) == ["Player 1", "Player 2"]
    assert seats.seat_names(altitude, state, "abc") == ["Player 1", "Player 2"]
    assert seats.seat_names(altitude, state, {"a": 1}) == ["Player 1", "Player 2"]
    assert seats.seat_names(altitude, state, ["W" * 100, "  Bo   b "]) == ["W" * MAX_NAME, "Bo b"]


def test_a_rematch_form_keeps_players_names_and_options():
    root = parse(screens.setup_html("altitude", {"players": 3, "names": ["Ann", "<Bo>"], "first_player": 2}))
    checked = {(i.get("name"), i.get("value")) for i in root.iter("input") if i.get("checked") is not None}
    assert checked == {("players", "3"), ("first_player", "2")}
    names = {i.get("name"): i.get("value") for i in root.iter("input") if i.get("type") == "text"}
    assert names == {"name1": "Ann", "name2": "<Bo>", "name3": "", "name4": ""}


def test_the_setup_form_reads_back_into_players_options_and_names():
    assert screens.read_setup("alto", {"first_player": "1", "setup": "random"}) == (
        2, {"first_player": 1, "setup": "random"}, {})
    players, options, meta = screens.read_setup(
        "altitude", {"players": "3", "first_player": "2", "name1": " Ann  Lee ", "name2": "", "name3": "<b>"})
    assert (players, options) == (3, {"first_player": 2})
    assert meta == {"names": ["Ann Lee", "Player 2", "<b>"]}
    with pytest.raises(ValueError, match="Player 4 cannot start a game of 3 players"):
        screens.read_setup("altitude", {"players": "3", "first_player": "3"})
    with pytest.raises(ValueError, match="not '9'"):
        screens.read_setup("altitude", {"players": "9"})
    with pytest.raises(ValueError):
        screens.read_setup("alto", {"setup": "upside-down"})


def test_every_game_with_a_page_has_a_form_from_its_facts():
    from altibox import GAMES
    from web.play.adapters import BOARDS

    for gid in BOARDS:
        info = GAMES[gid].INFO
        root = parse(screens.setup_html(gid))
        legends = [lg.text for lg in root.iter("legend")]
        assert [f.label for f in info.form] == [lg for lg in legends if lg not in ("Names", "Who plays")]
        assert ("Who plays" in legends) == (info.seats is not None)
        assert ("Names" in legends) == (info.seats is None)


def _swap_colours(apn: str) -> str:
    cells, rest = apn.split(" ", 1)
    return cells.translate(str.maketrans("rw", "wr")) + " " + rest


def test_headline_scores_in_rank_order_with_names_and_the_ways_on():
    """Issue 12: "White wins 18–17", never "17–18"; Rematch and New game at the end."""
    state = alto.from_position(_swap_colours(SCORING))
    assert alto.outcome(state).scores == (17, 20)
    assert pages.status_words(alto, state) == "White wins 20–17"
    assert pages.status_words(alto, state, ["Ann", "Bob"]) == "Bob wins 20–17"
    root = parse(pages.result_html(alto, state, ["Ann", "Bob"]))
    assert root.find("h2").text == "Game over"
    assert [b.get("data-action") for b in root.iter("button")] == ["rematch", "newgame"]
    # a plain win on points reads once, in the headline (who and by how much): the end panel
    # says why the game ended, not who won again (new-user run: three times on a phone)
    assert pages.result_why(alto, state) == ""
    assert root.find("p[@class='ended']").text == (
        "The game ended: no tile holds a disc any more, so no disc can move.")
    assert root.find("p[@class='why']") is None
    assert "Bob" not in "".join(root.itertext()) and "20" not in "".join(root.itertext())
    assert pages.result_why(alto, alto.new_game(seed=7)) == ""
    tie = alto.from_position(T1)
    assert pages.status_words(alto, tie) == "Red wins on the tie-break 14–14"
    # a tie: the panel says how it was broken
    why = parse(pages.result_html(alto, tie)).find("p[@class='why']").text
    assert why == pages.result_why(alto, tie) == alto.explain(tie, alto.outcome(tie), ["Red", "White"])
    assert why.startswith("Scores are tied at 14.")


def test_altitude_three_tied_on_points_every_tied_player_is_explained():
    """Issue 12: tiebreak=most_cards_in_mountain, 4 players, three tied: the one the tie-break
    leaves out is named with their card count, in the status line and the result line."""
    from altibox import altitude
    from altitude_support import rows

    # heights 2, 2, 2 (3 points: levels 2 + empty hand 1), the last player 1 level (2 points)
    a = rows({1: [5, 7], 2: [9]})
    b = rows({1: [6, 8, 10], 2: [11, 12]})
    c = rows({1: [13, 14, 15], 2: [16, 17]})
    d = rows({1: [18]})
    st = _over_altitude(altitude, [a, b, c, d], {"tiebreak": "most_cards_in_mountain"})
    out = altitude.outcome(st)
    assert out.scores == (3, 3, 3, 2) and out.winners == (1, 2) and out.reason == "shared"
    names = ["Anna", "Tim", "Bo", "Eve"]
    assert pages.status_words(altitude, st, names) == "Tim and Bo share the win: Tim 3, Bo 3, Anna 3, Eve 2"
    assert altitude.end_reason(st, names) == ("The game ended: the draw pile ran out, then every "
                                              "player passed in a row in the final building.")
    line = pages.result_why(altitude, st, names)
    assert line in pages.result_html(altitude, st, names)
    assert line.endswith("Anna, Tim and Bo are tied on 3 points; Tim and Bo share the win with the most "
                         "cards in their mountains (Anna 3, Tim 5 and Bo 5).")


def _over_altitude(altitude, mountains, options):
    import json

    from altitude_support import position

    text = position(players=len(mountains), phase="over", current=None, mountains=mountains,
                    hands=[[] for _ in mountains], options=options)
    return altitude.from_position(text)


def test_the_setup_forms_back_returns_to_the_game_in_progress():
    back = parse(screens.setup_html("alto")).find(".//a[@class='button']")
    assert back.get("href") == "./" and back.get("data-action") is None
    back = parse(screens.setup_html("alto", replaces_save=True, back_to_game=True)).find(".//a[@class='button']")
    assert back.get("href") == "?game=alto" and back.get("data-action") == "resume"
    assert back.text == "Back to the game"
