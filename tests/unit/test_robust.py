"""Issue 23: never stuck, never a lost game — bounded input, backups read back, stale tabs,
tampered clicks, JSON null read as absent. (The property-based sweep is test_fuzz.py.)"""

import json

import pytest

from altibox import GAMES, alto
from altibox.core import RecordError, bounded
from web.play.guard import UNKNOWN_CLICK, drawn, newer_game
from web.play.rescue import broken_save_notice
from web.play.session import Session
from web.play.storage import MAX_BACKUPS, MemoryBackend, Storage, backup_key, save_key
from web.play.boardmodel import BoardModel as Viewer


def record(game="alto", moves=("@b2",), **fields):
    rec = {"schema": 1, "game": game, "players": 2, "options": {}, "seed": 21,
           "moves": list(moves), "start": None, "meta": {}}
    rec.update(fields)
    return rec


def storage(quota=None):
    backend = MemoryBackend(quota)
    clock = iter(range(1_000, 10_000))
    return Storage(lambda: backend, lambda: next(clock)), backend


# ------------------------------------------------------------ 1. bounded parsing


@pytest.mark.parametrize("text, words", [
    ("[" * 10_000, "nested too deeply"),
    ("[" * 100_000, "nested too deeply"),
    ('{"a":' * 70 + "1" + "}" * 70, "nested too deeply"),
    ("[" + "0," * 200_000 + "0]", "too many values"),
    ('"' + "x" * 3_000_000 + '"', "too long"),
    ("1e99999", "number too large"),
    ('{"seed": -1e400}', "number too large"),
    ("NaN", "not a JSON number"),
    ('"\\ud800"', "lone UTF-16 surrogate"),
    ('"\ud800"', "lone UTF-16 surrogate"),
])
def test_hostile_json_is_refused_in_words(text, words):
    with pytest.raises(bounded.BoundsError, match=words):
        bounded.loads(text)


def test_brackets_inside_strings_do_not_count_as_depth():
    deep_text = {"names": ["[" * 500, "{" * 500]}
    assert bounded.loads(json.dumps(deep_text)) == deep_text
    assert bounded.loads("[" * 64 + "]" * 64) == eval("[" * 64 + "]" * 64)  # noqa: S307 (the expected value)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("text", ["[" * 10_000, "1e99999", '{"a": "\\udc00"}', "{" * 100_000])
def test_a_hostile_save_is_a_record_error_of_every_game(game, text):
    """Repro of issue 23: ``localStorage["altibox:save:alto"] = "[" * 10000`` stopped the page."""
    with pytest.raises(RecordError) as err:
        Session.from_text(game, text)
    assert err.value.ply == 0


@pytest.mark.parametrize("game", ["altitude", "altiplano"])
def test_a_hostile_json_position_is_a_position_error(game):
    from altibox.core import PositionError
    for text in ("[" * 10_000, '{"seed": 1e99999}'):
        with pytest.raises(PositionError):
            GAMES[game].from_position(text)


def test_a_link_record_nested_too_deeply_is_a_link_error():
    from web.links.codec import LinkError, decode_record, encode_record
    with pytest.raises(LinkError, match="nested too deeply"):
        decode_record("{" + '"a":[' * 5000)
    deep = encode_record({"a": json.loads("[" * 60 + "]" * 60)})
    assert decode_record(deep)["a"] is not None


def test_hostile_settings_read_as_no_settings():
    s, backend = storage()
    for text in ("[" * 10_000, '{"bot_pace": 1e99999}', "{" * 100):
        backend.data["altibox:settings"] = text
        assert s.settings() == {}
    backend.data["altibox:settings"] = '{"bot_pace": "fast"}'
    assert s.settings() == {"bot_pace": "fast"}


# ------------------------------------------------------------ 2. no game is ever lost


def test_a_backup_that_does_not_fit_leaves_the_save_where_it_is():
    """Repro: with storage full, ``Storage.backup()`` removed the save even though its copy
    was never written."""
    broken = "x" * 900
    s, backend = storage(quota=1_500)
    backend.data[save_key("altitude")] = broken
    assert s.backup("altitude", broken) is None
    assert backend.data == {save_key("altitude"): broken}  # untouched, no half copy
    assert "left as it is" in broken_save_notice("Altitude", False, None)
    assert "nothing is lost" not in broken_save_notice("Altitude", False, None)


def test_a_backup_is_read_back_before_the_save_goes():
    class Liar(MemoryBackend):  # a store that accepts a write and keeps something else
        def setItem(self, key, value):  # noqa: N802
            super().setItem(key, value[:10] if ":backup:" in key else value)
    backend = Liar()
    s = Storage(lambda: backend, lambda: 5)
    backend.data[save_key("alto")] = "a broken save of forty characters......"
    assert s.backup("alto", backend.data[save_key("alto")]) is None
    assert list(backend.data) == [save_key("alto")]


def test_a_stray_backup_key_never_breaks_recovery():
    """Repro: ``altibox:backup:alto:notanumber`` made opening a broken save say "invalid literal
    for int()"."""
    s, backend = storage()
    stray = "altibox:backup:alto:notanumber"
    backend.data[stray] = "kept by hand"
    for i in range(MAX_BACKUPS + 2):
        backend.data[save_key("alto")] = f"broken {i}"
        assert s.backup("alto", f"broken {i}") is not None
    kept = sorted(k for k in backend.data if k.startswith("altibox:backup:alto:"))
    assert stray in kept and len(kept) == MAX_BACKUPS + 1
    assert backend.data[backup_key("alto", 1_006)] == "broken 6"
    assert save_key("alto") not in backend.data


def test_a_stale_form_never_overwrites_a_game_saved_since():
    """Repro: tab B's new-game form, drawn while nothing was saved, wiped the 4 plies tab A
    played meanwhile."""
    a = Session.new("alto", seed=21)
    for _ in range(4):
        a.play(alto.legal_moves(a.state)[0])
    stored = json.dumps(a.record())
    newer = newer_game("alto", stored, None)
    assert newer is not None and newer.ply == 4 and newer.moves == a.moves
    assert newer_game("alto", stored, stored) is None  # the game this tab shows: replace it
    assert newer_game("alto", None, stored) is None  # nothing to overwrite
    fresh = json.dumps(Session.new("alto", seed=3).record())
    assert newer_game("alto", fresh, None) is None  # 0 moves: nothing to lose
    assert newer_game("alto", "[" * 10_000, None) is None  # unreadable: recovery deals with it


# ------------------------------------------------------------ 3. tampered clicks


def test_a_clicked_attribute_counts_only_if_the_board_drew_it():
    s = Session.new("alto", seed=21)
    svg = alto.render_svg(alto.view(s.state, 0), {})
    assert drawn(svg, "data-cell", "a1") and drawn(svg, "data-cell", "d4")
    for bad in ("zz", "", "a1\" x=\"", "a" * 1000, None):
        assert not drawn(svg, "data-cell", bad)
    assert drawn(svg, "data-move", "@b2") and not drawn(svg, "data-move", "@zz")
    assert "Nothing was played" in UNKNOWN_CLICK


def test_altitude_hand_abc_is_not_a_drawn_cell():
    from altibox import altitude
    state = altitude.new_game(seed=4, players=2)
    svg = altitude.render_svg(altitude.view(state, 0), {"names": ["A", "B"]})
    card = str(altitude.legal_moves(state)[0]).split()[1]  # "R 108 64": a card of the hand
    assert drawn(svg, "data-cell", f"hand:{card}")
    assert not drawn(svg, "data-cell", "hand:abc")


# ------------------------------------------------------------ 4. null is absent


NULL_META = [
    ("meta", None),
    ("names", {"names": [None, "Bob"]}),
    ("names-null", {"names": None}),
    ("seats", {"seats": [None, None]}),
    ("seats-null", {"seats": None}),
    ("redo", {"redo": None}),
    ("turn", {"turn": None}),
    ("all", {"names": [None, "Bob"], "seats": [None, None], "redo": None, "turn": None}),
]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("field, meta", NULL_META, ids=[f for f, _ in NULL_META])
def test_null_in_meta_reads_as_the_default(game, field, meta):
    module = GAMES[game]
    plain = Session.new(game, seed=21)
    plain.play(module.legal_moves(plain.state)[0])
    rec = {**plain.record(), "meta": meta}
    s = Session.from_text(game, json.dumps(rec))
    assert s.ply == 1 and s.moves == plain.moves and s.notes == [] and s.redo == []
    assert s.names == plain.names[:1] + (["Bob"] if field in ("names", "all") else plain.names[1:])
    assert None not in s.record()["meta"].values()
    # the embed reads the same record the same way
    viewer = Viewer.from_record(game, rec)
    assert viewer.session.ply == 1 and viewer.session.names == s.names


@pytest.mark.parametrize("game", sorted(GAMES))
def test_null_options_read_as_the_default_options(game):
    plain = Session.new(game, seed=21)
    rec = {**plain.record(), "options": None}
    s = Session.from_text(game, json.dumps(rec))
    # a record that names no house set is Altiplano's version 1 (issue 18); else the defaults
    expected = {**plain.state.options, **({"house_set": "house_set"} if game == "altiplano" else {})}
    assert s.state.options == expected and s.notes == []
    assert Viewer.from_record(game, rec).session.state.options == expected


def test_a_link_with_null_meta_is_continued_like_an_embed_shows_it():
    from web.links.codec import decode_record, encode_record
    rec = decode_record(encode_record(record(meta=None)))
    assert Session.from_record("alto", rec).moves == ["@b2"]
    assert Viewer.from_record("alto", rec).session.moves == ["@b2"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_attribute_a_board_draws_is_recognised_as_drawn(game):
    """The guard never refuses a real click: every ``data-cell``/``data-move`` value of the
    boards of a whole game (as the page reads it back: unescaped) counts as drawn."""
    import html
    import random
    import re
    viewer = Viewer.new(game, seed=8)
    module, rnd, checked = viewer.module, random.Random(8), 0
    while not module.is_over(viewer.state) and viewer.ply < 400:
        if viewer.ply % 7 == 0:
            svg = viewer.board_svg()
            for attr in ("data-cell", "data-move"):
                for raw in re.findall(attr + r'="([^"]*)"', svg):
                    assert drawn(svg, attr, html.unescape(raw)), (attr, raw)
                    checked += 1
        viewer.play(str(rnd.choice(module.legal_moves(viewer.state))))
    assert checked > 50


def test_an_embed_refuses_a_tampered_cell_and_stays_drawable():
    """Repro: ``data-cell="zz"`` went into the selection's focus, and every render after it
    raised (``render_svg``: not a cell)."""
    viewer = Viewer.new("alto", seed=21)
    viewer.board_svg()
    assert viewer.click("zz", None) == ("refused", UNKNOWN_CLICK)
    assert viewer.click(None, "@zz") == ("refused", UNKNOWN_CLICK)
    assert viewer.ui["focus"] is None and viewer.ply == 0
    assert 'data-cell="a1"' in viewer.board_svg()
    assert viewer.click(None, "@b2") == ("play", "@b2")


def test_a_scene_refuses_a_tampered_cell():
    from altibox.core.scenes import load_scenes
    from web.play.sceneboard import SceneBoard
    scene = next(s for s in load_scenes("alto") if s.ask)
    board = SceneBoard(scene)
    board.html()
    assert board.click("zz", None) == UNKNOWN_CLICK
    assert board.ui["focus"] is None and board.state is board.start
    assert 'data-cell="a1"' in board.html()
