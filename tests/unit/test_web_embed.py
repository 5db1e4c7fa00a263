"""Embed mode and links (issue 11): z: record encoding, embed parameters, the widget's model.

web.links.codec, web.links.embed and web.play.boardmodel are pure: every check here runs in CPython.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from altibox import altitude, alto
from web.links.embed import EmbedError, MAX_CAPTION, error_html, parse_embed
from web.links.codec import LinkError, decode_record, embed_query, encode_record, iframe_snippet, share_query, shown_text
from web.links.routes import parse_query
from web.play.boardmodel import BoardModel

START7 = "OD,DO,DO,AS/DO,OD,OD,SA/SA,DO,DO,OD/DO,AS,OD,OD r p"  # alto.new_game(seed=7), golden


def alto_game(seed: int = 7, plies: int | None = None, rng_seed: int = 1):
    """A random Alto game from ``seed``: ``plies`` moves, or to its end."""
    rng = random.Random(rng_seed)
    state = alto.new_game(seed=seed)
    while not alto.is_over(state) and (plies is None or len(state.moves) < plies):
        state = alto.apply(state, rng.choice(alto.legal_moves(state)))
    return state


# ---------------------------------------------------------------- links

def test_z_encoding_round_trips_a_whole_game_and_is_url_safe_and_short():
    state = alto_game()
    record = alto.to_record(state, meta={"names": ["Ann", "Bé"]})
    text = encode_record(record)
    assert text.startswith("z:")
    assert set(text[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode_record(text) == record
    plain = json.dumps(record, separators=(",", ":"))
    assert len(text) < len(plain) * 0.75  # compressed: shorter than the JSON it carries
    # the format is the documented one: base64url (no padding) of raw deflate (wbits=-15)
    raw = base64.urlsafe_b64decode(text[2:] + "=" * (-len(text[2:]) % 4))
    assert json.loads(zlib.decompress(raw, -15)) == record
    assert alto.to_position(alto.replay(decode_record(text))) == alto.to_position(state)


def test_plain_json_records_are_read_too():
    record = alto.to_record(alto_game(plies=3))
    assert decode_record(json.dumps(record)) == record
    assert decode_record(" " + json.dumps(record, indent=1).replace("\n", " ")) == record  # '+' became ' '


@pytest.mark.parametrize("text, words", [
    ("hello", "JSON text"),
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON text"),
    ('"x"', "JSON text"),
    ("z:@@@@", "damaged"),
    ("z:A", "damaged"),
    ("z:AAAA", "cut short"),
    ("z:" + encode_record({"a": 1})[2:-3], "cut short|damaged"),
    ("z:" + base64.urlsafe_b64encode(zlib.compress(b"[1]")[2:-4]).decode().rstrip("="), "JSON object"),
    ("{" + "x" * 250_000, "too long"),
])
def test_bad_record_text_is_refused_with_a_reason(text, words):
    with pytest.raises(LinkError, match=words) as info:
        decode_record(text)
    assert info.value.text == text


def test_a_deflate_bomb_is_refused():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(b'{"a":"' + b"0" * 5_000_000 + b'"}') + packer.flush()
    text = "z:" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert len(text) < 10_000
    with pytest.raises(LinkError, match="more than 200,000"):
        decode_record(text)


def test_share_and_embed_queries_parse_back():
    record = alto.to_record(alto_game(plies=6))
    q = parse_query(share_query("alto", record))
    assert q["game"] == "alto" and decode_record(q["rec"]) == record
    pos = alto.to_position(alto_game(plies=20))
    q = parse_query(embed_query("alto", pos=pos, interactive=False, theme="dark", caption="A & B <c>"))
    assert q == {"game": "alto", "embed": "1", "pos": pos, "interactive": "0", "theme": "dark",
                 "caption": "A & B <c>"}
    spec = parse_embed(q)
    assert (spec.pos, spec.interactive, spec.theme, spec.caption) == (pos, False, "dark", "A & B <c>")


def test_iframe_snippet_escapes_the_address():
    snippet = iframe_snippet('https://x.example/?game=alto&embed=1&caption="hi"', "Alto <board>")
    assert snippet.startswith('<iframe src="https://x.example/?game=alto&amp;embed=1&amp;caption=&quot;hi&quot;"')
    assert 'title="Alto &lt;board&gt;"' in snippet


def test_shown_text_cuts_visibly():
    assert shown_text("abc") == "abc"
    assert shown_text("j" * 5000) == "j" * 160 + "…[4,840 more characters]"


# ---------------------------------------------------------------- embed parameters

def test_defaults_and_flags():
    spec = parse_embed(parse_query("game=alto&embed=1&seed=7"))
    assert (spec.game, spec.pos, spec.record, spec.ply, spec.interactive, spec.controls, spec.theme) == \
        ("alto", None, None, None, True, None, "light")
    assert spec.new == (7, None, {})
    spec = parse_embed(parse_query("game=alto&embed=1&rec=" + encode_record(alto.to_record(alto_game(plies=4)))
                                   + "&ply=2&controls=1&interactive=0"))
    assert (spec.ply, spec.controls, spec.interactive, len(spec.record["moves"])) == (2, True, False, 4)


def test_a_long_caption_is_cut_and_spaces_folded():
    spec = parse_embed({"game": "alto", "caption": "  a \n b " + "c" * 400})
    assert spec.caption.startswith("a b c") and spec.caption.endswith("…") and len(spec.caption) == MAX_CAPTION


JUNK = "<script>alert(1)</script>" + "%" * 4975


@pytest.mark.parametrize("query, param, words", [
    ({}, "game", "names no game"),
    ({"game": "chess"}, "game", "no game by that name"),
    ({"game": JUNK}, "game", "no game by that name"),
    ({"game": "altitude", "pos": "{}"}, "pos", "keeps cards hidden.*rec="),
    ({"game": "altiplano", "pos": "{}"}, "pos", "keeps cards hidden"),
    ({"game": "alto", "rec": JUNK}, "rec", "JSON text"),
    ({"game": "alto", "rec": "z:" + "A" * 4997}, "rec", "damaged"),
    ({"game": "alto", "pos": "x", "rec": "{}"}, "rec", "only one of"),
    ({"game": "alto", "ply": "3"}, "ply", "needs rec="),
    ({"game": "alto", "rec": "{}", "ply": "-1"}, "ply", "whole number"),
    ({"game": "alto", "rec": "{}", "ply": "9" * 5000}, "ply", "whole number"),
    ({"game": "alto", "interactive": "yes"}, "interactive", "0 or 1"),
    ({"game": "alto", "controls": "2"}, "controls", "0 or 1"),
    ({"game": "alto", "theme": "blue"}, "theme", "light or dark"),
    ({"game": "alto", "seed": "x"}, "seed", "seed must be"),
    ({"game": "alto", "players": "5"}, "players", "2 players"),
])
def test_bad_parameters_raise_embed_error_with_the_bad_text(query, param, words):
    with pytest.raises(EmbedError, match=words) as info:
        parse_embed({"embed": "1", **query})
    assert info.value.param == param
    assert info.value.text == query.get(param, "")


@pytest.mark.parametrize("query, param, words", [
    ({"pos": "junk" + "x" * 4996}, "pos", "not a valid Alto position"),
    ({"pos": START7.replace(" r p", " r q")}, "pos", "not a valid Alto position"),
    ({"rec": json.dumps({**alto.to_record(alto_game(plies=4)), "moves": ["@b2", "@b2"]})}, "rec",
     "move 2 \\(@b2\\) is refused"),
    ({"rec": json.dumps({**alto.to_record(alto_game(plies=4)), "game": "altitude"})}, "rec", "header"),
    ({"rec": json.dumps({"schema": 1})}, "rec", "missing field"),
    ({"rec": encode_record(alto.to_record(alto_game(plies=4))), "ply": "5"}, "ply", "only 4 moves"),
    ({"rec": encode_record(alto.to_record(alto_game(plies=4))), "ply": "999999999"}, "ply", "only 4 moves"),
])
def test_bad_positions_and_records_are_refused_when_the_board_is_built(query, param, words):
    spec = parse_embed({"game": "alto", "embed": "1", **query})
    with pytest.raises(EmbedError, match=words) as info:
        BoardModel.from_spec(spec)
    assert info.value.param == param
    assert info.value.text == query[param]


def test_error_html_quotes_the_bad_text_escaped_and_cut():
    out = error_html("there is no game by that name here", "game", JUNK)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out and "<script>" not in out
    assert "…[4,840 more characters]" in out
    assert "There is no game by that name here." in out
    assert "empty <code>game=</code>" in error_html("x", "game", "")


# ---------------------------------------------------------------- the widget's model

def test_a_record_is_shown_at_a_ply_and_stepped_through():
    state = alto_game()
    record = alto.to_record(state)
    n = len(state.moves)
    v = BoardModel.from_record("alto", record, ply=3)
    assert (v.ply, v.end, v.controls) == (3, n, True)
    assert v.position() == alto.to_position(alto.replay(record, upto=3))
    assert v.step("next") and v.ply == 4
    assert v.step("last") and v.position() == alto.to_position(state)
    assert not v.step("next")
    assert v.step("first") and v.position() == START7
    assert not v.step("prev")
    assert 'data-ply="0"' in v.controls_html() and "Start of" in v.controls_html()
    v.goto(n)
    assert v.status()[0].startswith(("Red wins", "White wins", "Draw")) and v.legal_moves() == []
    with pytest.raises(ValueError):
        v.step("sideways")


def test_playing_the_records_next_move_keeps_the_tail_and_another_move_drops_it():
    state = alto_game(plies=10)
    v = BoardModel.from_record("alto", alto.to_record(state), ply=4)
    v.play(state.moves[4])
    assert (v.ply, v.end) == (5, 10)
    other = next(m for m in v.legal_moves() if m != state.moves[5])
    v.play(other)
    assert (v.ply, v.end) == (6, 6)


def test_clicks_select_a_source_then_play_a_destination():
    state = alto_game(plies=16)  # placement done: movement phase
    v = BoardModel.from_position("alto", alto.to_position(state))
    src = alto.sources(state)[0]
    dest = str(alto.destinations(state, src)[0])
    assert v.click("a1" if src != "a1" and "a1" not in alto.sources(state) else None, None) == ("none", None)
    assert v.click(src, None) == ("select", src)
    assert f'data-move="{dest}"' in v.board_svg()
    assert v.click(dest[2:], dest) == ("play", dest)
    notation, words = v.play(dest)
    assert notation == dest and v.ply == 1 and v.ui["selected"] is None
    assert v.position() == alto.to_position(alto.apply(state, dest))


def test_a_look_only_board_offers_no_moves():
    state = alto_game(plies=2)
    v = BoardModel.from_position("alto", alto.to_position(state), interactive=False)
    assert "data-move" not in v.board_svg()  # placement: free tiles would carry data-move
    assert v.click("a1", "@a1") == ("none", None)
    with pytest.raises(ValueError, match="looking only"):
        v.play("@a1")
    assert BoardModel.from_position("alto", alto.to_position(state)).board_svg().count("data-move=") == 14


def test_new_game_viewer_and_reset():
    v = BoardModel.new("alto", seed=7)
    assert v.position() == START7 and not v.controls
    v.play("@b2")
    v.play("@c3")
    assert v.controls and v.ply == 2
    v.reset()
    assert v.ply == 0 and v.position() == START7


def test_hidden_information_boards_show_the_seat_to_move_or_the_public_view():
    state = altitude.new_game(seed=3, players=2)
    for _ in range(2):
        state = altitude.apply(state, altitude.legal_moves(state)[0])
    record = altitude.to_record(state)
    look = BoardModel.from_record("altitude", record, interactive=False)
    assert look.viewer_seat() is None
    assert look.position() == altitude.public_position(state)
    play = BoardModel.from_record("altitude", record)
    seat = altitude.current_player(state)
    assert play.viewer_seat() == seat
    assert play.frame().view == altitude.view(state, seat)
    with pytest.raises(EmbedError, match="keeps cards hidden"):
        BoardModel.from_position("altitude", altitude.to_position(state))


def test_share_and_embed_queries_of_a_viewer_rebuild_the_same_board():
    state = alto_game(plies=12)
    v = BoardModel.from_record("alto", alto.to_record(state), ply=7)
    again = BoardModel.from_spec(parse_embed(parse_query(v.embed_query())))
    assert (again.ply, again.end, again.position()) == (7, 12, v.position())
    pos_only = BoardModel.from_spec(parse_embed(parse_query(v.embed_query(whole=False))))
    assert (pos_only.ply, pos_only.position()) == (0, v.position())
    shared = parse_query(v.share_query())
    assert alto.to_position(alto.replay(decode_record(shared["rec"]))) == v.position()


def test_altiplano_boards_show_the_public_position_and_step_through():
    from altibox import altiplano
    rng = random.Random(4)
    state = altiplano.new_game(seed=4, players=3)
    for _ in range(30):
        state = altiplano.apply(state, rng.choice(altiplano.legal_moves(state)))
    record = altiplano.to_record(state)
    v = BoardModel.from_record("altiplano", record, ply=10, interactive=False)
    assert (v.ply, v.end, v.viewer_seat()) == (10, 30, None)
    assert v.position() == altiplano.public_position(altiplano.replay(record, upto=10))
    assert v.step("last") and v.position() == altiplano.public_position(state)
    play = BoardModel.from_record("altiplano", record)
    assert play.viewer_seat() == altiplano.current_player(state)
    assert play.legal_moves() == [str(m) for m in altiplano.legal_moves(state)]
    with pytest.raises(EmbedError, match="keeps cards hidden"):
        parse_embed({"game": "altiplano", "pos": altiplano.to_position(state)})


def test_a_message_starting_with_a_parameter_keeps_its_lower_case_name():
    from web.links.embed import error_html
    html = error_html("ply= must be a whole number of moves (0 for the start)", "ply", "-5")
    assert "<p class=\"why\">ply= must be a whole number of moves (0 for the start).</p>" in html
    assert "<p class=\"why\">Unknown game.</p>" in error_html("unknown game")


def test_altiplano_focus_shows_one_part_of_the_table():
    """DESIGN §3 / issue 20 point 5: ``focus=ring|board|display|orders|warehouse`` draws that
    part alone; a bad part, or focus= for another game, is a clear message."""
    from web.play.boardmodel import BoardModel
    from web.links.routes import parse_query as pq
    spec = parse_embed(pq("?game=altiplano&embed=1&seed=4&players=2&focus=ring"))
    assert spec.focus == "ring"
    model = BoardModel.from_spec(spec)
    svg = model.board_svg()
    assert 'aria-label="Altiplano: the ring of locations"' in svg
    assert svg.count('data-cell="loc:') == 7 and 'data-cell="plan:' not in svg
    assert 'data-cell="display:' not in svg and 'data-cell="seat:' not in svg
    for bad, words in (("?game=altiplano&embed=1&focus=bag", "focus= must be one of ring, board, "
                        "display, orders, warehouse"),
                       ("?game=alto&embed=1&focus=ring", "focus= shows one part of Altiplano's table")):
        try:
            parse_embed(pq(bad))
        except EmbedError as exc:
            assert str(exc).startswith(words) and exc.param == "focus"
        else:
            raise AssertionError(bad)
