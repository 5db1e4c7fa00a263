"""web.play.session: undo/redo, records with the redo stack, rejecting broken saves."""

import json

import pytest

from altibox import alto
from altibox.core import IllegalMoveError, RecordError
from web.play.session import Session


def play_n(session, n):
    for _ in range(n):
        session.play(alto.legal_moves(session.state)[0])


def test_undo_redo_and_the_record_keeps_the_undone_tail():
    s = Session.new("alto", seed=11)
    play_n(s, 18)  # 16 placements + 2 moves
    apn_18 = alto.to_position(s.state)
    moves = s.moves
    assert s.undo() and s.undo()
    assert s.ply == 16
    rec = s.record()
    assert rec["moves"] == moves[:16]
    assert rec["meta"]["redo"] == moves[16:]
    again = Session.from_text("alto", json.dumps(rec))
    assert again.redo == moves[16:] and again.ply == 16
    assert again.redo_move() and again.redo_move()
    assert alto.to_position(again.state) == apn_18
    assert not again.can_redo()


def test_a_new_move_clears_redo_unless_it_is_the_next_redo_move():
    s = Session.new("alto", seed=3)
    play_n(s, 4)
    first, second = s.moves[2], s.moves[3]
    s.undo(); s.undo()
    s.play(first)
    assert s.redo == [second]
    s.undo()
    other = next(m for m in alto.legal_moves(s.state) if str(m) != first)
    s.play(other)
    assert s.redo == []


def test_undo_works_after_the_game_has_ended():
    s = Session.new("alto", seed=5, options={"setup": "random"})
    while alto.outcome(s.state) is None:
        s.play(alto.legal_moves(s.state)[-1])
    end = s.ply
    assert s.undo() is not None and s.ply == end - 1
    assert alto.outcome(s.state) is None


def test_illegal_and_malformed_moves_are_refused_without_change():
    s = Session.new("alto", seed=1)
    s.play("@a1")
    with pytest.raises(IllegalMoveError):
        s.play("@a1")
    with pytest.raises(ValueError):
        s.play("zz")
    assert s.ply == 1 and s.moves == ["@a1"]


def test_a_record_with_an_illegal_move_names_the_ply():
    s = Session.new("alto", seed=2)
    play_n(s, 5)
    rec = s.record()
    rec["moves"][3] = rec["moves"][1]  # a cell already taken
    with pytest.raises(RecordError) as err:
        Session.from_record("alto", rec)
    assert err.value.ply == 4 and err.value.move == rec["moves"][3]


def test_garbage_text_is_a_record_error_at_ply_0():
    for text in ("{", "[]", '{"schema": 2}', "null"):
        with pytest.raises(RecordError) as err:
            Session.from_text("alto", text)
        assert err.value.ply == 0


def test_a_stale_redo_stack_is_dropped_with_a_note():
    s = Session.new("alto", seed=4)
    play_n(s, 2)
    rec = s.record()
    rec["meta"]["redo"] = [rec["moves"][0]]  # occupied cell: cannot be redone
    again = Session.from_record("alto", rec)
    assert again.redo == [] and again.notes


def test_a_record_whose_options_clash_with_the_header_is_a_record_error():
    s = Session.new("alto", seed=2)
    for options in ({"players": 3}, {"seed": 3}, {"first_player": "x"}, {"tile_set": 5}):
        rec = {**s.record(), "options": options}
        with pytest.raises(RecordError) as err:
            Session.from_record("alto", rec)
        assert err.value.ply == 0


def test_a_broken_save_keeps_its_player_count_when_it_can_still_be_read():
    from altibox import altiplano, altitude
    from web.play.rescue import broken_save_notice, broken_save_players

    record = {"schema": 1, "game": "altiplano", "players": 4, "options": {}, "seed": 5,
              "moves": ["no such move"], "start": None, "meta": {}}
    text = json.dumps(record)
    assert broken_save_players(altiplano, text) == 4
    assert broken_save_players(altiplano, text[:60]) == 4  # cut short: no longer JSON
    assert broken_save_players(altiplano, text.replace(" 4,", " 9,")) is None  # not a count it has
    assert broken_save_players(altiplano, json.dumps({**record, "players": True})) is None
    assert broken_save_players(altiplano, json.dumps({**record, "game": "alto"})) is None
    assert broken_save_players(altiplano, "{this is not json") is None
    assert broken_save_players(altiplano, "[1, 2]") is None
    assert broken_save_players(altitude, json.dumps({**record, "game": "altitude", "players": 1})) == 1
    # the sentence is for players: no parser words, says a copy was kept and what started
    words = broken_save_notice("Altiplano", True, 4)
    assert words == ("Your saved Altiplano game could not be read: the saved data is damaged or "
                     "comes from another version of Altibox. A copy of it was kept in this browser, "
                     "so nothing is lost; you can also download it as a file. A new game for 4 "
                     "players has started.")
    assert broken_save_notice("Altitude", True, 1).endswith("A new game for 1 player has started.")
    assert broken_save_notice("Alto", False, 2).endswith(
        "No copy of it fits in this browser's storage, so it has been left as it is; download it "
        "as a file before you start a new game, which will replace it.")


def test_a_saved_bot_of_an_unknown_level_plays_at_medium_and_the_player_is_told():
    from web.play.turns import Turns

    rec = Session.new("alto", seed=3, meta={"seats": ["person", "hard"]}).record()
    rec["meta"]["seats"] = ["person", "godlike"]
    s = Session.from_record("alto", rec)
    assert s.meta["seats"] == ["person", "medium"] and s.names == ["Red", "White"]
    assert Turns.restore(s.module, s.states, s.meta).seats == ["person", "medium"]
    assert s.notes == ["The saved bot level “godlike” for White is not recognised by this "
                       "version of Altibox: that bot plays at level medium."]
    assert s.record()["meta"]["seats"] == ["person", "medium"]  # the next save says so
    # a game where players type names: the bot's default name follows its level
    rec = Session.new("altitude", seed=3, players=3,
                      meta={"seats": ["person", "hard", "easy"], "names": ["Ann", "Bot 2 (hard)", "Eve"]}).record()
    rec["meta"].update(seats=["person", "godlike", "bot:x"], names=["Ann", "Bot 2 (godlike)", "Eve"])
    s = Session.from_record("altitude", rec)
    assert s.meta["seats"] == ["person", "medium", "medium"]
    assert s.names == ["Ann", "Bot 2 (medium)", "Eve"]
    assert s.notes == ["The saved bot levels “godlike” for seat 2, “bot:x” for Eve are not recognised "
                       "by this version of Altibox: those bots play at level medium."]
    # a default name of another level follows too; a typed name stays (new-user run: a save
    # edited to "godlike" played medium as "Bot 2 (hard)")
    rec["meta"].update(seats=["person", "godlike", "easy"], names=["Ann", "Bot 2 (hard)", "Eve"])
    s = Session.from_record("altitude", rec)
    assert s.names == ["Ann", "Bot 2 (medium)", "Eve"] and s.meta["seats"] == ["person", "medium", "easy"]
    rec["meta"].update(seats=["person", "godlike", "easy"], names=["Ann", "Robo", "Eve"])
    assert Session.from_record("altitude", rec).names == ["Ann", "Robo", "Eve"]
    # known levels: nothing changes, nothing said
    ok = Session.from_record("alto", Session.new("alto", seed=3, meta={"seats": ["hard", "person"]}).record())
    assert ok.notes == [] and ok.meta["seats"] == ["hard", "person"]


def test_a_broken_save_keeps_its_seats_when_they_can_still_be_read():
    from altibox import alto, altiplano
    from web.play.rescue import broken_save_seats, replacement_session

    record = {"schema": 1, "game": "altiplano", "players": 3, "options": {}, "seed": 5,
              "moves": ["no such move"], "start": None, "meta": {"seats": ["person", "hard", "person"]}}
    text = json.dumps(record)
    assert broken_save_seats(altiplano, text, 3) == ["person", "hard", "person"]
    cut = text[:-2]  # cut short: no longer JSON
    assert broken_save_seats(altiplano, cut, 3) == ["person", "hard", "person"]
    assert broken_save_seats(altiplano, text, 2) is None  # not the right length
    assert broken_save_seats(altiplano, text, None) is None
    for bad in (["person", "godlike", "person"], ["person", 3, "person"], "hard", None):
        assert broken_save_seats(altiplano, json.dumps({**record, "meta": {"seats": bad}}), 3) is None
    assert broken_save_seats(altiplano, json.dumps({**record, "game": "alto"}), 3) is None
    assert broken_save_seats(altiplano, json.dumps({**record, "meta": []}), 3) is None
    # the new game: a person against bots stays so (bots get their default names)
    s = replacement_session("altiplano", 3, ["person", "hard", "person"])
    assert s.module.num_players(s.state) == 3 and s.meta["seats"] == ["person", "hard", "person"]
    assert s.names[1] == "Bot 2 (hard)"
    s = replacement_session("alto", 2, ["easy", "person"])
    assert s.meta == {"seats": ["easy", "person"]} and s.names == ["Red", "White"]
    assert replacement_session("alto", 2, None).meta == {}
    assert replacement_session("altiplano", None, None).module.num_players(
        replacement_session("altiplano").state) == altiplano.INFO.default_players
    assert alto.INFO.default_players == 2


def test_a_broken_save_keeps_its_players_names_when_they_can_still_be_read():
    """Found by a new-user run: the new game that replaced a damaged save lost the names typed."""
    from altibox import altiplano
    from web.play.rescue import broken_save_names, replacement_session

    record = {"schema": 1, "game": "altiplano", "players": 3, "options": {}, "seed": 5,
              "moves": ["no such move"], "start": None,
              "meta": {"seats": ["person", "hard", "person"], "names": ["Ann", "Bot 2 (hard)", "  Bo  b "]}}
    text = json.dumps(record)
    assert broken_save_names(altiplano, text, 3) == ["Ann", "Bot 2 (hard)", "Bo b"]
    assert broken_save_names(altiplano, text[:-2], 3) == ["Ann", "Bot 2 (hard)", "Bo b"]  # no longer JSON
    assert broken_save_names(altiplano, text, 2) is None and broken_save_names(altiplano, text, None) is None
    for bad in (["Ann", 3, "Bo"], "Ann", None, ["x" * 30, "", "Bo"][:2]):
        assert broken_save_names(altiplano, json.dumps({**record, "meta": {"names": bad}}), 3) is None
    long = broken_save_names(altiplano, json.dumps({**record, "meta": {"names": ["x" * 30, " ", "Bo"]}}), 3)
    assert long == ["x" * 24, "Player 2", "Bo"]
    s = replacement_session("altiplano", 3, ["person", "hard", "person"], ["Ann", "Bot 2 (hard)", "Bo b"])
    assert s.meta == {"seats": ["person", "hard", "person"], "names": ["Ann", "Bot 2 (hard)", "Bo b"]}
    assert s.names == ["Ann", "Bot 2 (hard)", "Bo b"]
    s = replacement_session("altiplano", 2, None, ["Ann", "Tim"])  # people only: names, no seats
    assert s.meta == {"names": ["Ann", "Tim"]} and s.names == ["Ann", "Tim"]


def _v1_record(plies=60):
    """A game of Altiplano saved before house-set versions: its record names no house_set."""
    import os
    path = os.path.join(os.path.dirname(__file__), "data", "altiplano_v1_games.json")
    with open(path, encoding="utf-8") as fh:
        rec = json.load(fh)[0]["record"]
    assert "house_set" not in rec["options"]
    return {**rec, "moves": rec["moves"][:plies]}


def test_an_altiplano_save_without_house_set_stays_version_1_after_reloads_moves_and_links():
    """Issue 18: a saved or linked game never changes under a player's feet."""
    from altibox import altiplano
    from web.links.embed import parse_embed
    from web.links.codec import decode_record, encode_record
    from web.play.storage import MemoryBackend, Storage
    from web.play.boardmodel import BoardModel as Viewer

    backend = MemoryBackend()
    store = Storage(lambda: backend, lambda: 0)
    backend.setItem("altibox:save:altiplano", json.dumps(_v1_record()))
    s = Session.from_text("altiplano", store.load_save("altiplano"))
    assert s.state.options["house_set"] == "house_set" and s.state.hs.name == "house_set"
    s.play(altiplano.legal_moves(s.state)[0])
    store.write_save("altiplano", s.record())
    saved = json.loads(store.load_save("altiplano"))
    assert saved["options"] == {"house_set": "house_set"} and len(saved["moves"]) == 61
    again = Session.from_text("altiplano", store.load_save("altiplano"))
    assert again.state.options["house_set"] == "house_set"
    assert altiplano.to_position(again.state) == altiplano.to_position(s.state)
    assert again.undo() and again.record()["options"] == {"house_set": "house_set"}
    # by link (play by link and embeds): the record's own version
    link = decode_record(encode_record(_v1_record()))
    assert Session.from_record("altiplano", link).state.options["house_set"] == "house_set"
    view = Viewer.from_spec(parse_embed({"game": "altiplano", "embed": "1", "rec": encode_record(_v1_record())}))
    assert view.session.state.options["house_set"] == "house_set"
    # a new game is version 13 and its save says so
    new = Session.new("altiplano", seed=3)
    assert new.record()["options"] == {"house_set": "house_set_13"}
    # a game saved while version 2 was new games' default stays version 2 (10 boats, fish 2 VP)
    v2 = Session.new("altiplano", seed=3, options={"house_set": "house_set_2"})
    v2.play(altiplano.legal_moves(v2.state)[0])
    store.write_save("altiplano", v2.record())
    back = Session.from_text("altiplano", store.load_save("altiplano"))
    assert back.record()["options"] == {"house_set": "house_set_2"}
    assert (back.state.hs.values["fish"], len(back.state.boats)) == (2, 10)


def test_a_save_with_a_bad_move_goes_on_from_the_move_before_it():
    """New-user run: a 300-move save whose last move was damaged was replaced by a new game.
    A save whose header replays but whose move k does not goes on after move k - 1, with its
    names and seats (its undone moves dropped); a bad header, text that is not JSON, or a save
    that replays whole is not salvaged."""
    from altibox import altiplano
    from web.play.rescue import salvage_session, salvaged_save_notice

    s = altiplano.new_game(seed=5, players=3)
    for m in ("draw", "draw", "draw"):
        s = altiplano.apply(s, m)
    meta = {"names": ["Ann", "Tim", "Bo"], "seats": ["person", "medium", "easy"], "redo": ["x"]}
    record = altiplano.to_record(s, meta=meta)
    record["moves"] = list(record["moves"]) + ["no such move", "draw"]
    session, bad_ply, bad_move = salvage_session("altiplano", json.dumps(record))
    assert (session.ply, bad_ply, bad_move) == (3, 4, "no such move")
    assert session.moves == ["draw", "draw", "draw"] and session.names == ["Ann", "Tim", "Bo"]
    assert session.meta["seats"] == ["person", "medium", "easy"] and "redo" not in session.meta
    assert altiplano.to_position(session.state) == altiplano.to_position(s)
    assert salvaged_save_notice("Altiplano", 4) == (
        "Your saved Altiplano game could not be opened whole: move 4 cannot be played (the saved "
        "data is damaged or comes from another version of Altibox), so it goes on after move 3. A "
        "copy of the whole save was kept in this browser, so nothing is lost; you can also "
        "download it as a file.")
    assert salvaged_save_notice("Alto", 1).endswith("so it starts again from its first move. A copy "
                                                    "of the whole save was kept in this browser, so "
                                                    "nothing is lost; you can also download it as a file.")
    first = salvage_session("altiplano", json.dumps({**record, "moves": ["pass"]}))
    assert first is not None and first[0].ply == 0 and first[1] == 1
    assert salvage_session("altiplano", json.dumps({**record, "options": {"nonesuch": 1}})) is None
    assert salvage_session("altiplano", json.dumps(record)[:80]) is None
    assert salvage_session("altiplano", json.dumps({**record, "moves": ["draw"]})) is None
    assert salvage_session("altiplano", "[1, 2]") is None
    # a move that is not text (a number) is a bad move too, not a bad header
    number = salvage_session("altiplano", json.dumps({**record, "moves": ["draw", "draw", 42, "draw"]}))
    assert number is not None and (number[0].ply, number[1], number[2]) == (2, 3, "42")
    early = salvage_session("altiplano", json.dumps({**record, "moves": ["draw", "pass", 42]}))
    assert early is not None and (early[0].ply, early[1]) == (1, 2)


def test_open_save_replays_salvages_or_backs_up_a_save():
    """web.play.session.open_save, what the page does with a save text (DESIGN §4 storage
    keys): a whole save replays with no backup; one with a bad move is backed up and goes on,
    written back; one with a bad header is backed up and described for the new game."""
    from altibox import alto
    from web.play.rescue import open_save
    from web.play.storage import Storage

    data: dict = {}

    class Local:
        def getItem(self, k): return data.get(k)
        def setItem(self, k, v): data[k] = str(v)
        def removeItem(self, k): data.pop(k, None)
        @property
        def length(self): return len(data)
        def key(self, i): return list(data)[i] if i < len(data) else None

    storage = Storage(lambda: Local(), lambda: 1000)
    record = {"schema": 1, "game": "alto", "players": 2, "options": {}, "seed": 5,
              "moves": ["@a1", "@b1"], "start": None, "meta": {"names": ["Ann", "Bo"]}}
    whole = json.dumps(record)
    session, broken, notices, seen = open_save(storage, "alto", whole)
    assert (session.ply, broken, notices, seen) == (2, False, [], whole) and data == {}
    bad = json.dumps({**record, "moves": ["@a1", "@b1", "@a1"]})
    session, broken, notices, seen = open_save(storage, "alto", bad)
    assert session.moves == ["@a1", "@b1"] and broken is False
    assert notices[0][0].startswith("Your saved Alto game could not be opened whole: move 3 cannot be played")
    assert "ply 3" in notices[0][1] and data["altibox:backup:alto:1000"] == bad
    assert notices[0].download == "altibox:backup:alto:1000"  # the page offers the copy as a file
    assert json.loads(data["altibox:save:alto"])["moves"] == ["@a1", "@b1"] and seen == data["altibox:save:alto"]
    header = json.dumps({**record, "options": {"players": 3}})
    session, broken, notices, seen = open_save(storage, "alto", header)
    assert session is None and seen is None
    assert broken == {"players": 2, "seats": None, "names": ["Ann", "Bo"], "options": {}, "kept": True}
    assert "A copy of it was kept in this browser" in notices[0][0]
    assert notices[0].download == "altibox:backup:alto:1001" and data[notices[0].download] == header
    assert alto.INFO.name == "Alto"


def test_a_broken_saves_new_game_keeps_the_options_that_can_still_be_read():
    """New-user run: a damaged save of a drafted-roles, house-set-12 Altiplano game was replaced
    by a game with dealt roles on house set 13, and the notice said only that a new game for 2
    players had started. Its options are read (whole JSON, or text cut short inside them), each
    kept only where the rules accept it; the notice names what was kept, and offers the copy."""
    from altibox import altiplano, altitude, alto
    from web.play.rescue import broken_save_options, kept_option_words, open_save, replacement_session
    from web.play.storage import MemoryBackend, Storage

    record = {"schema": 1, "game": "altiplano", "players": 3,
              "options": {"role_selection": "draft", "house_set": "house_set_12", "first_player": 2},
              "seed": 5, "moves": ["no such move"], "start": None,
              "meta": {"names": ["Ann", "Bo", "Cy"], "seats": ["person", "hard", "person"]}}
    text = json.dumps(record)
    whole = {"role_selection": "draft", "house_set": "house_set_12", "first_player": 2}
    assert broken_save_options(altiplano, text, 3) == whole
    cut = text[:text.index('"first_player"') + 17]  # cut inside the last option: it is dropped
    assert cut.endswith('"first_player": 2') and broken_save_options(altiplano, cut + "}", 3) == whole
    assert broken_save_options(altiplano, cut, 3) == {"role_selection": "draft", "house_set": "house_set_12"}
    assert broken_save_options(altiplano, text[:text.index('"house_set"') + 16], 3) == {"role_selection": "draft"}
    assert broken_save_options(altiplano, text[:40], 3) == {}  # cut before its options
    # only what the rules accept: an unknown option, a bad value, an unknown version, a first
    # player who is not in a 2-player game
    odd = {**record, "options": {"nonesuch": 1, "role_selection": "auction", "house_set": "house_set_99",
                                 "first_player": 2, "turn_mode": "one_source"}}
    assert broken_save_options(altiplano, json.dumps(odd), 2) == {"turn_mode": "one_source"}
    assert broken_save_options(altiplano, json.dumps({**record, "game": "alto"}), 3) == {}
    assert broken_save_options(altiplano, json.dumps({**record, "options": [1]}), 3) == {}
    assert broken_save_options(altiplano, '{"options": {"house_set": "house_set_12", "x": [[[[', 3) == {
        "house_set": "house_set_12"}
    assert broken_save_options(alto, json.dumps({**record, "game": "alto", "options": {"setup": "random"}}),
                               None) == {"setup": "random"}
    assert broken_save_options(altitude, "not json at all", 2) == {}
    # in words: the form's own words, the house set's version; a default is not named
    assert kept_option_words(altiplano, {**whole, "turn_mode": "all_at_location"}) == [
        "“Roles: Draft them (advanced variant)”", "house set version 12", "“Who starts: Player 3”"]
    assert kept_option_words(altiplano, {"house_set": "house_set_13", "role_selection": "deal"}) == []
    # the new game keeps them
    s = replacement_session("altiplano", 3, None, ["Ann", "Bo", "Cy"], whole)
    assert s.state.options["role_selection"] == "draft" and s.state.options["house_set"] == "house_set_12"
    assert s.record()["options"] == {"first_player": 2, "role_selection": "draft", "house_set": "house_set_12"}
    assert s.names == ["Ann", "Bo", "Cy"] and s.state.phase != altiplano.new_game(seed=1, players=3).phase
    # what the page does: the notice says what could not be read, that a copy was kept, what
    # the new game keeps; the copy is the save's text, offered for download
    backend = MemoryBackend()
    storage = Storage(lambda: backend, lambda: 7000)
    session, broken, notices, seen = open_save(storage, "altiplano", cut)
    assert session is None and broken["options"] == {"role_selection": "draft", "house_set": "house_set_12"}
    assert broken["players"] == 3 and broken["names"] is None
    assert notices[0].words == (
        "Your saved Altiplano game could not be read: the saved data is damaged or comes from another "
        "version of Altibox. A copy of it was kept in this browser, so nothing is lost; you can also "
        "download it as a file. A new game for 3 players has started, keeping what could still be read "
        "from the damaged save: “Roles: Draft them (advanced variant)” and house set version 12.")
    assert backend.data[notices[0].download] == cut and notices[0].download == "altibox:backup:altiplano:7000"
    _, _, notices, _ = open_save(storage, "altiplano", json.dumps({**record, "options": {"nonesuch": 1}}))
    assert notices[0].words.endswith("A new game for 3 players has started, keeping what could still be "
                                     "read from the damaged save: the players' names and the same bot.")
    _, _, notices, _ = open_save(storage, "altiplano", cut, replaced=False)  # a link's game starts instead
    assert notices[0].words.endswith("download it as a file. A new game has started.")
    # no copy fits: the save stays where it is, and it is what the page offers
    full = MemoryBackend(quota=len("altibox:save:altiplano") + len(cut))
    full.data["altibox:save:altiplano"] = cut
    _, broken, notices, _ = open_save(Storage(lambda: full, lambda: 1), "altiplano", cut)
    assert broken["kept"] is False and notices[0].download == "altibox:save:altiplano"


def test_a_damaged_saves_file_is_named_after_its_game_and_time():
    from web.play.storage import download_name

    assert download_name("altibox:backup:alto:1735689600000") == "altibox-alto-damaged-save-2025-01-01-000000.json"
    assert download_name("altibox:backup:altiplano:notanumber") == "altibox-altiplano-damaged-save.json"
    assert download_name("altibox:save:altitude") == "altibox-altitude-damaged-save.json"
    for other in ("altibox:settings", "altibox:editor:alto", "altibox:backup::5", "other:save:alto", ""):
        assert download_name(other) is None
    assert download_name("altibox:backup:alto:" + "9" * 19) == "altibox-alto-damaged-save.json"  # no such date
