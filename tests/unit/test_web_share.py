"""The Share / Embed dialog and play by link (issue 11), pure parts: web.links.share, web.links.codec."""

from __future__ import annotations

import doctest
import html
import random
import re

import pytest

import web.links.codec
import web.play.boardmodel
from altibox import altitude, alto
from web.links.embed import parse_embed
from web.links.codec import decode_record
from web.links.routes import parse_query
from web.html.screens import confirm_replace_html
from web.links.share import link_plan, share_html, share_links, shared_record, site_base
from web.play.boardmodel import BoardModel

BASE = "https://example.org/altibox/"


def play(module, state, n, rng_seed=1):
    rng = random.Random(rng_seed)
    for _ in range(n):
        if module.is_over(state):
            break
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    return state


@pytest.mark.parametrize("module", [web.links.codec, web.play.boardmodel])
def test_doctests_of_the_link_modules(module):
    assert doctest.testmod(module).failed == 0


def test_site_base_drops_query_and_fragment():
    assert site_base("https://example.org/altibox/?game=alto&rec=z:x#top") == "https://example.org/altibox/"
    assert site_base("http://127.0.0.1:8000/") == "http://127.0.0.1:8000/"


def test_shared_record_keeps_names_and_seats_only():
    state = play(alto, alto.new_game(seed=3), 5)
    rec = shared_record(alto, state, {"names": ["A", "B"], "seats": ["person", "easy"], "turn": {"floor": 2},
                                      "redo": ["a1b2"]})
    assert rec["meta"] == {"names": ["A", "B"], "seats": ["person", "easy"]}
    assert rec["moves"] == list(state.moves) and rec["seed"] == 3


def test_share_links_rebuild_the_same_game_and_positions():
    state = play(alto, alto.new_game(seed=3), 20)
    links = share_links(BASE, alto, state, {"names": ["Ann", "Bob"]})
    assert all(v.startswith(BASE + "?game=alto&") for v in links.values())
    q = parse_query(links["link"][len(BASE):])
    rec = decode_record(q["rec"])
    assert alto.to_position(alto.replay(rec)) == alto.to_position(state) and rec["meta"]["names"] == ["Ann", "Bob"]
    pos = BoardModel.from_spec(parse_embed(parse_query(links["embed_position"][len(BASE):])))
    assert (pos.position(), pos.ply, pos.interactive) == (alto.to_position(state), 0, True)
    whole = BoardModel.from_spec(parse_embed(parse_query(links["embed_game"][len(BASE):])))
    assert (whole.ply, whole.end, whole.interactive, whole.controls) == (0, 20, False, True)
    assert whole.position() == alto.to_position(alto.new_game(seed=3))


def test_hidden_games_share_by_record_and_say_the_link_carries_the_seed():
    state = play(altitude, altitude.new_game(seed=8, players=2), 6)
    links = share_links(BASE, altitude, state)
    assert "pos=" not in links["embed_position"] and "rec=z:" in links["embed_position"]
    v = BoardModel.from_spec(parse_embed(parse_query(links["embed_position"][len(BASE):])))
    assert v.position() == altitude.public_position(state) and not v.controls
    out = share_html("Altitude", True, links, 6)
    assert "This link carries the game’s seed" in out and "everything this Altitude game keeps hidden" in out
    assert "seed" not in share_html("Alto", False, share_links(BASE, alto, alto.new_game(seed=1)), 0)


def test_share_html_escapes_the_snippets_and_names_the_fields():
    state = play(alto, alto.new_game(seed=3), 4)
    links = share_links(BASE, alto, state)
    out = share_html("Alto", False, links, 4)
    for field in ('id="share-link"', 'id="share-embed-position"', 'id="share-embed-game"',
                  'data-copy="share-link"', 'data-action="close-share"', "(4 moves so far)"):
        assert field in out
    snippet = html.unescape(re.search(r'<textarea id="share-embed-game"[^>]*>(.*?)</textarea>', out).group(1))
    assert snippet.startswith("<iframe src=") and "&amp;embed=1" in snippet  # an attribute, escaped once
    assert html.unescape(re.search(r'src="([^"]*)"', snippet).group(1)) == links["embed_game"]


def test_link_plan():
    s0 = alto.new_game(seed=3)
    s5 = play(alto, s0, 5)
    s8 = play(alto, s0, 8)
    other = play(alto, alto.new_game(seed=4), 3)
    r = alto.to_record
    assert link_plan(r(s5), None, False) == "new"
    assert link_plan(r(s5), r(s5), False) == "same"
    assert link_plan(r(s8), r(s5), False) == "extends"
    assert link_plan(r(s5), r(s8), False) == "replace"  # the link is behind the game here
    assert link_plan(r(other), r(s5), False) == "replace"
    assert link_plan(r(other), r(s5), True) == "new"  # the game here is over: nothing to lose
    assert link_plan(r(other), r(s0), False) == "new"  # no move made here yet


def test_confirm_replace_words_for_a_link():
    out = confirm_replace_html("Alto", 7, link_ply=12)
    assert "continues a game of Alto at move 12" in out and "in progress here (move 7)" in out
    assert 'data-action="start-pending"' in out and 'data-action="resume"' in out
    assert "starts a new game" in confirm_replace_html("Alto", 7)


def test_the_embed_snippets_propose_a_size_that_fits_and_altiplano_offers_focus():
    """Issue 22 / 20.5: Altiplano's whole table needs a wide frame; one part (focus=) fits
    480 x 600; the dialog says how to show one part."""
    from altibox import altiplano
    from web.links.share import embed_size
    state = altiplano.new_game(seed=2, players=2)
    links = share_links(BASE, altiplano, state)
    out = share_html("Altiplano", True, links, 0)
    assert 'width="760" height="900"' in html.unescape(out)
    assert "&amp;focus=ring</code>" in out and "board, display, orders, warehouse" in out
    assert "make the frame 480×600" in out
    assert embed_size(links["embed_position"] + "&focus=board") == (480, 600)
    alto_out = share_html("Alto", False, share_links(BASE, alto, alto.new_game(seed=1)), 0)
    assert 'width="480" height="560"' in html.unescape(alto_out) and "focus=" not in alto_out
