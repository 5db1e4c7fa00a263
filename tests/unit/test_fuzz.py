"""Property-based sweep of every parser input can reach (issue 23): any text in, a game or one
of our ``ValueError`` errors out — never another exception, never a hang.

Records (saves and links), positions (every game's ``from_position``), scenes, link and query
parameters, embed parameters, settings, the new-game form, clicked cells and moves. Bounds:
hypothesis' ``deadline`` per example (a slow input fails the test, without any timing assert)
and inputs up to hostile sizes; the whole file runs in well under a minute.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from altibox import GAMES
from altibox.core import bounded
from altibox.core.scenes import parse_file, parse_scene
from web.html import screens
from web.links import routes
from web.links.embed import parse_embed
from web.play.guard import click_drawn, newer_game
from web.links.codec import decode_record, encode_record
from web.play.rescue import broken_save_names, broken_save_players, broken_save_seats
from web.play.session import Session
from web.play.storage import MemoryBackend, Storage
from web.play.boardmodel import BoardModel as Viewer

FUZZ = settings(max_examples=int(__import__("os").environ.get("FUZZ_EXAMPLES", 60)), deadline=2_000, suppress_health_check=[HealthCheck.too_slow],
                derandomize=not __import__("os").environ.get("FUZZ_RANDOM"))
GAME_IDS = sorted(GAMES)

# JSON values: scalars of every kind (huge and non-finite numbers, lone surrogates), nested
json_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                | st.text(max_size=20))  # what JSON can carry (non-finite numbers: see `nasty`)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)

# texts that look like what is attacked: JSON, deep brackets, huge numbers, cut records
nasty = st.sampled_from([
    "[" * 10_000, "{" * 5_000, '{"a":' * 3_000, "1e99999", "-1e99999", "NaN", "Infinity",
    "9" * 5_000, '"\\ud800"', '"\ud800"', "\x00", "[" * 63 + "]" * 63, '{"schema": 1}',
    '"' + "x" * 600_000 + '"', "", " ", "null", "[]", "{}",
])


def texts():
    return nasty | st.text(max_size=200) | json_values.map(json.dumps)


def valid_record(game: str, moves: int) -> dict:
    module = GAMES[game]
    session = Session.new(game, seed=7)
    for _ in range(moves):
        if module.is_over(session.state):
            break
        session.play(module.legal_moves(session.state)[0])
    return session.record()


RECORDS = {g: valid_record(g, 6) for g in GAME_IDS}


@st.composite
def mutated_records(draw):
    """A valid record with one field replaced by any JSON value (or null), or one move changed."""
    game = draw(st.sampled_from(GAME_IDS))
    rec = json.loads(json.dumps(RECORDS[game]))
    target = draw(st.sampled_from(["schema", "game", "players", "options", "seed", "moves", "start",
                                   "meta", "move", "meta.names", "meta.seats", "meta.redo", "meta.turn"]))
    value = draw(json_values)
    if target == "move" and rec["moves"]:
        rec["moves"][draw(st.integers(0, len(rec["moves"]) - 1))] = value
    elif target.startswith("meta."):
        rec["meta"] = {**(rec["meta"] or {}), target[5:]: value}
    else:
        rec[target] = value
    return game, rec


def refused_or(fn, *args, **kw):
    """``fn(*args)`` or None when it raised a ValueError (anything else fails the test)."""
    try:
        return fn(*args, **kw)
    except ValueError:
        return None


# ------------------------------------------------------------ records and saves


@FUZZ
@given(game=st.sampled_from(GAME_IDS), text=texts())
def test_any_save_text_is_a_game_or_a_value_error(game, text):
    session = refused_or(Session.from_text, game, text)
    assert session is None or session.game_id == game
    players = broken_save_players(GAMES[game], text)
    assert players is None or players in GAMES[game].PLAYERS
    seats = broken_save_seats(GAMES[game], text, players)
    assert seats is None or len(seats) == players
    names = broken_save_names(GAMES[game], text, players)
    assert names is None or (len(names) == players and all(isinstance(n, str) and n for n in names))
    assert newer_game(game, text, None) is None or session is not None


@FUZZ
@given(mutated_records())
def test_a_mutated_record_is_a_game_or_a_value_error(game_and_record):
    game, rec = game_and_record
    session = refused_or(Session.from_record, game, rec)
    if session is not None:  # what loads saves again and loads the same way
        again = Session.from_text(game, json.dumps(session.record()))
        assert again.moves == session.moves
    viewer = refused_or(Viewer.from_record, game, rec)
    assert (viewer is None) == (session is None) or rec.get("meta") not in (None, {})


@FUZZ
@given(text=texts() | json_values.map(lambda v: encode_record({"v": v})))
def test_any_rec_link_text_is_a_record_or_a_link_error(text):
    rec = refused_or(decode_record, text)
    assert rec is None or isinstance(rec, dict)


@FUZZ
@given(text=texts())
def test_bounded_loads_is_a_value_or_a_value_error(text):
    refused_or(bounded.loads, text)


# ------------------------------------------------------------ positions


apn_like = st.text(alphabet="abcd1234/,. -+RWrw*#x@0BWN", max_size=60)


@FUZZ
@given(game=st.sampled_from(GAME_IDS), text=texts() | apn_like)
def test_any_position_text_is_a_state_or_a_value_error(game, text):
    module = GAMES[game]
    state = refused_or(module.from_position, text)
    if state is not None:
        assert module.from_position(module.to_position(state)) is not None


@FUZZ
@given(game=st.sampled_from(["altitude", "altiplano"]), players=st.integers(2, 4), plies=st.sampled_from([0, 9]),
       index=st.integers(0, 1_000), deep=st.booleans(), value=json_values)
def test_a_mutated_json_position_is_a_state_or_a_value_error(game, players, plies, index, deep, value):
    """A real position (after ``plies`` moves) with one field, or one field of its first
    seat, replaced by any JSON value."""
    module = GAMES[game]
    state = module.new_game(seed=3, players=players)
    for _ in range(plies):
        state = module.apply(state, module.legal_moves(state)[0])
    obj = json.loads(module.to_position(state))
    seats = [v for v in obj.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    target = seats[0][0] if deep and seats else obj
    keys = sorted(target)
    target[keys[index % len(keys)]] = value
    refused_or(module.from_position, json.dumps(obj))


# ------------------------------------------------------------ scenes


@FUZZ
@given(game=st.sampled_from(GAME_IDS), raw=json_values)
def test_any_scene_is_a_scene_or_a_value_error(game, raw):
    refused_or(parse_scene, game, raw)
    refused_or(parse_scene, game, {"id": "x", "title": "t", "caption": "c", "start": raw})


@FUZZ
@given(game=st.sampled_from(GAME_IDS), text=texts())
def test_any_scene_file_is_scenes_or_a_value_error(game, text):
    refused_or(parse_file, game, text)


# ------------------------------------------------------------ links, queries, settings, forms


params = st.dictionaries(st.sampled_from(["game", "seed", "players", "pos", "rec", "ply", "interactive",
                                          "controls", "scene", "theme", "caption", "setup", "seat1",
                                          "seat2", "new", "first_player", "deck"]),
                         texts(), max_size=6)


@FUZZ
@given(game=st.sampled_from(GAME_IDS), query=params)
def test_any_query_is_read_or_refused_with_a_value_error(game, query):
    module = GAMES[game]
    request = refused_or(routes.new_game_request, query, module)
    refused_or(routes.seats_request, query, max(module.PLAYERS))
    routes.seats_ignored_notice(query, min(module.PLAYERS), True)
    spec = refused_or(parse_embed, {**query, "game": game, "embed": "1"})
    if spec is not None:
        refused_or(Viewer.from_spec, spec)
    if request is not None:
        seed, players, options = request
        refused_or(Session.new, game, seed=seed, players=players, options=options)


@FUZZ
@given(search=st.text(max_size=300))
def test_any_address_query_parses(search):
    assert isinstance(routes.parse_query("?" + search), dict)


@FUZZ
@given(text=texts())
def test_any_stored_settings_read_as_a_dict(text):
    backend = MemoryBackend()
    backend.data["altibox:settings"] = text
    assert isinstance(Storage(lambda: backend, lambda: 1).settings(), dict)


@FUZZ
@given(game=st.sampled_from(GAME_IDS), form=st.dictionaries(st.text(max_size=10), st.text(max_size=30), max_size=8))
def test_any_new_game_form_is_read_or_refused(game, form):
    read = refused_or(screens.read_setup, game, form)
    if read is not None:
        players, options, meta = read
        refused_or(Session.new, game, players=players, options=options, meta=meta)


# ------------------------------------------------------------ clicked cells and moves


VIEWERS = {}


def viewer_at(game: str, plies: int) -> Viewer:
    if (game, plies) not in VIEWERS:
        viewer = Viewer.new(game, seed=5)
        for _ in range(plies):
            if not viewer.module.is_over(viewer.state):
                viewer.play(str(viewer.module.legal_moves(viewer.state)[0]))
        VIEWERS[game, plies] = viewer
    return VIEWERS[game, plies]


attribute = st.text(max_size=12) | st.sampled_from(["zz", "hand:abc", "hand:", "drawn", "pile", "a1", "@c3",
                                                    "d4d5", "@zz", "hand:999999999999999999999"])


@settings(FUZZ, max_examples=120)
@given(game=st.sampled_from(GAME_IDS), plies=st.sampled_from([0, 3, 20]), cell=st.none() | attribute,
       move=st.none() | attribute)
def test_any_clicked_cell_or_move_is_refused_or_handled_and_the_board_still_draws(game, plies, cell, move):
    viewer = viewer_at(game, plies)
    ply, svg = viewer.ply, viewer.board_svg()
    what, arg = viewer.click(cell, move)
    assert what in ("play", "select", "deselect", "none", "refused")
    if what == "play":
        assert click_drawn(svg, cell, move)
        played = refused_or(viewer.play, arg)
        if played is not None:
            viewer.session.undo()
    assert viewer.ply == ply
    viewer.board_svg()  # never raises: the selection and focus hold only drawn cells
    viewer.board_ui.select(viewer.ui, None)
    viewer.ui["focus"] = None


@FUZZ
@given(game=st.sampled_from(GAME_IDS), text=attribute | texts())
def test_any_move_text_is_a_move_or_a_value_error(game, text):
    module = GAMES[game]
    state = viewer_at(game, 3).state
    refused_or(module.parse_move, text)
    refused_or(module.apply, state, text)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_fuzzed_records_are_real_games(game):
    """The sweep starts from real records (so a mutation is one step from a game)."""
    assert Session.from_text(game, json.dumps(RECORDS[game])).ply == 6
