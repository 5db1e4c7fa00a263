"""The executable contract of DESIGN.md §2, run over every game of ``altibox.GAMES``.

In the spirit of OpenSpiel's random-simulation conformance test: seeded random games are played
through the public API only, and after every ply the rules of the contract are checked —
notation round trips, sorted unique legal moves, ``apply`` never mutating its input (compared
with a deep snapshot taken before the call), ``is_over``/``outcome``/``current_player``
agreeing, JSON-able views, the public view and every seat's view blind to what that seat cannot
see (``games_support.hidden_variant``), positions and records surviving a JSON round trip,
``replay(record, upto=k)`` equal to the position after k plies, every view carrying the shared
header (``check_header``), and the error types of §2 on
malformed, illegal and tampered input. Each game's own spec invariants live in its own tests.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import random

import pytest

from altibox import GAMES
from altibox.core import (FormField, GameInfo, IllegalMoveError, Move, Outcome, PositionError,
                          RecordError, coerce_option, loads)

from games_support import hidden_variant, playout, snapshot, view_json

GAME_IDS = list(GAMES)

#: DESIGN.md §2: every game module exposes these (functions, then data).
FUNCTIONS = ("new_game", "num_players", "seat_name", "current_player", "legal_moves", "apply",
             "outcome", "parse_move", "view", "to_position", "from_position", "to_record",
             "replay", "is_over", "private_step", "reveals", "undo_barrier", "log_entry")
#: words.py and render.py: every text a person reads, and the board
WORDS = ("describe", "prompt", "explain", "scoreboard", "render_svg")
DATA = ("GAME_ID", "INFO", "NAME", "PLAYERS", "OPTIONS", "Move", "State", "POSITION_RULES")
#: the package shape of DESIGN.md §2
SUBMODULES = ("rules", "position", "words", "render")

#: Parts of the shape still on another branch: (game, submodule or "names"). A strict xfail:
#: once the part lands, the test passes, xfail turns it into a failure, and the entry goes.
PENDING: dict = {}  # (game id, part) -> reason, for parts a game does not have yet


def _pending(game_id: str, part: str):
    reason = PENDING.get((game_id, part))
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


# ------------------------------------------------------------------------------ shape and facts

@pytest.mark.parametrize("game_id,sub", [
    pytest.param(g, sub, marks=_pending(g, sub)) for g in GAME_IDS for sub in SUBMODULES])
def test_package_shape(game_id, sub):
    module = GAMES[game_id]
    assert module.__doc__ and len(module.__doc__) > 400, "the package docstring says what kind of game"
    assert importlib.util.find_spec(f"{module.__name__}.{sub}") is not None, f"{game_id}/{sub}.py"
    mod = importlib.import_module(f"{module.__name__}.{sub}")
    assert mod.__doc__


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_name_of_the_contract(game_id):
    module = GAMES[game_id]
    for name in FUNCTIONS:
        fn = getattr(module, name)
        assert callable(fn) and fn.__doc__, f"{game_id}.{name} with a docstring"
    for name in DATA:
        assert hasattr(module, name), f"{game_id}.{name}"
    assert issubclass(module.Move, Move)
    assert isinstance(module.POSITION_RULES, dict) and all(
        isinstance(k, int) and isinstance(v, str) for k, v in module.POSITION_RULES.items())
    doc = module.__doc__.lower()
    assert "notation" in doc and "position" in doc and "player" in doc
    # record functions bound by core.records_for: the documented signatures
    assert list(inspect.signature(module.to_record).parameters) == ["state", "meta"]
    assert list(inspect.signature(module.replay).parameters) == ["record", "upto"]


@pytest.mark.parametrize("game_id", [
    pytest.param(g, marks=_pending(g, "names")) for g in GAME_IDS])
def test_words_and_board_names(game_id):
    module = GAMES[game_id]
    for name in WORDS:
        fn = getattr(module, name)
        assert callable(fn) and fn.__doc__, f"{game_id}.{name} with a docstring"
    for name in ("describe", "prompt", "explain"):
        assert "names" in inspect.signature(getattr(module, name)).parameters, name
    state = module.new_game(seed=1, players=module.INFO.default_players)
    for seat in (None, 0):
        svg = module.render_svg(module.view(state, seat))
        assert svg.startswith("<svg") and svg.endswith("</svg>")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_info(game_id):
    module = GAMES[game_id]
    info = module.INFO
    assert isinstance(info, GameInfo)
    assert info.id == module.GAME_ID == game_id
    assert (module.NAME, module.PLAYERS, module.OPTIONS) == (info.name, info.players, info.options)
    assert module.OPTIONS is info.options
    assert isinstance(info.players, range) and len(info.players) >= 1
    assert info.default_players in info.players
    assert str(min(info.players)) in info.players_text and str(max(info.players)) in info.players_text
    assert isinstance(info.chance, bool) and isinstance(info.hidden, bool)
    assert info.blurb.endswith(".") and len(info.blurb) > 30
    state = module.new_game(seed=1, players=info.default_players)
    if info.seats is not None:
        assert len(info.seats) == max(info.players)
        assert [module.seat_name(state, p) for p in range(module.num_players(state))] == list(info.seats)
    names = [f.name for f in info.form]
    assert len(names) == len(set(names))
    for field in info.form:
        assert isinstance(field, FormField) and field.label and field.choices
        values = [v for v, _label in field.choices]
        assert len(values) == len(set(values)) and all(label for _v, label in field.choices)
        if field.name == "players":
            assert values == list(info.players)
        else:
            assert field.name in info.options
            for v in values:
                assert coerce_option(info.options, field.name, v) == v
                assert coerce_option(info.options, field.name, str(v)) == v  # as a form sends it
    with pytest.raises(AttributeError):
        info.name = "x"


# ------------------------------------------------------------------------------ random games

def _cases():
    out = []
    for g in GAME_IDS:
        info = GAMES[g].INFO
        for n in info.players:
            seeds = {"alto": (0, 1, 2, 3), "altitude": (0, 1)}.get(g, (0,))
            for seed in seeds:
                options = {}
                if g == "alto" and seed % 2:
                    options = {"setup": "random", "first_player": 1}
                if g == "altiplano" and n == 3:
                    options = {"role_selection": "draft"}
                out.append(pytest.param(g, n, seed, options, id=f"{g}-{n}p-seed{seed}"))
    return out


_GAMES_PLAYED: dict = {}


def _played(game_id, players, seed, options):
    key = (game_id, players, seed, json.dumps(options, sort_keys=True))
    if key not in _GAMES_PLAYED:
        _GAMES_PLAYED[key] = playout(game_id, seed, players, options)
    return _GAMES_PLAYED[key]


def _seats(module, state):
    return [None, *range(module.num_players(state))]


#: the header every view carries (issue 19): the same keys, meanings and types for every game
HEADER = ("game", "players", "player", "current_player", "phase", "ply", "legal_moves", "outcome")


def check_header(module, state, seat, view: dict) -> None:
    """``view`` (``module.view(state, seat)``) carries the shared header with the values of the
    rules API: its game, the player count, the viewing seat (``None``: the public view), the
    seat to act, a phase name, the moves played, the legal moves — all of them in the view of
    the seat to act; none in the other views of a game with hidden information — and the
    outcome as ``Outcome.to_json()``."""
    missing = [k for k in HEADER if k not in view]
    assert not missing, f"{module.GAME_ID}: the view lacks {missing}"
    assert view["game"] == module.GAME_ID
    assert view["players"] == module.num_players(state)
    assert view["player"] == seat
    assert view["current_player"] == module.current_player(state)
    assert isinstance(view["phase"], str) and view["phase"]
    assert view["ply"] == len(module.to_record(state)["moves"])
    out = module.outcome(state)
    assert view["outcome"] == (None if out is None else out.to_json())
    legal = [str(m) for m in module.legal_moves(state)]
    if seat is not None and seat == module.current_player(state):
        assert view["legal_moves"] == legal
    elif module.INFO.hidden:
        assert view["legal_moves"] == []
    else:  # nothing is hidden: every seat and a spectator see what the seat to act may do
        assert view["legal_moves"] == legal


@pytest.mark.parametrize("game_id,players,seed,options", _cases())
def test_random_game_keeps_the_contract(game_id, players, seed, options):
    module = GAMES[game_id]
    info = module.INFO
    states = _played(game_id, players, seed, options)
    stride = max(1, len(states) // 120)  # the costly checks on about 120 plies per game
    seen_moves: set[str] = set()
    revealed = private = variants_differ = 0
    for k, state in enumerate(states):
        heavy = k % stride == 0 or k == len(states) - 1
        legal = module.legal_moves(state)
        texts = [str(m) for m in legal]
        # legal moves: sorted by notation, unique, each its own notation's parse
        assert texts == sorted(set(texts))
        assert legal == sorted(legal)
        for m in legal:
            assert isinstance(m, module.Move) and module.parse_move(str(m)) == m
            assert hash(module.parse_move(str(m))) == hash(m)
        seen_moves.update(texts)
        # is_over agrees with outcome, current_player and legal_moves
        over = module.is_over(state)
        out = module.outcome(state)
        assert over == (out is not None) == (module.current_player(state) is None) == (not legal)
        if not over:
            assert module.current_player(state) in range(players)
        assert module.num_players(state) == players
        assert isinstance(module.private_step(state), bool)
        private += module.private_step(state)
        if over or not info.hidden:
            assert module.private_step(state) is False
        # the error types of §2 on illegal input here
        illegal = sorted(seen_moves - set(texts))
        if illegal:
            with pytest.raises(IllegalMoveError):
                module.apply(state, illegal[k % len(illegal)])
        if heavy:
            # views: JSON-able; the public view and each seat's view blind to hidden changes
            for seat in _seats(module, state):
                text = view_json(module, state, seat)
                assert json.loads(text) == module.view(state, seat)
                check_header(module, state, seat, json.loads(text))
            for seat in _seats(module, state):
                other = hidden_variant(game_id, state, seat, seed=k)
                if other is None:
                    continue
                assert module.view(other, seat) == module.view(state, seat), (k, seat)
                variants_differ += module.to_position(other) != module.to_position(state)
            # positions survive a JSON round trip, with the same legal moves
            pos = module.to_position(state)
            back = module.from_position(pos, **options) if game_id == "alto" else module.from_position(pos)
            assert module.to_position(back) == pos
            assert [str(m) for m in module.legal_moves(back)] == texts
            assert module.is_over(back) == over
        if k + 1 < len(states):
            # apply never mutates its input: a deep snapshot taken before the call
            nxt = states[k + 1]
            move = nxt.moves[-1]
            before = snapshot(state)
            before_pos = module.to_position(state)
            again = module.apply(state, module.parse_move(move) if k % 2 else move)
            assert snapshot(state) == before, f"apply mutated its input at ply {k}"
            assert module.to_position(state) == before_pos
            assert module.to_position(again) == module.to_position(nxt)
            assert [str(m) for m in module.legal_moves(state)] == texts
            # reveals: seats (or None for everyone) that saw something nobody had
            shown = module.reveals(state, nxt)
            assert isinstance(shown, frozenset)
            assert all(x is None or x in range(players) for x in shown)
            if not info.hidden:
                assert shown == frozenset()
            revealed += bool(shown)
    # a whole game of a game with hidden information has private steps and reveals
    if info.hidden:
        assert private > 0 and revealed > 0 and variants_differ > 0
    # apply after the end
    final = states[-1]
    with pytest.raises(IllegalMoveError):
        module.apply(final, sorted(seen_moves)[0])
    out = module.outcome(final)
    assert isinstance(out, Outcome) and len(out.scores) == players
    assert out.winners and all(out.scores[w] == max(out.scores) for w in out.winners)
    assert len(out.breakdown) == players
    assert json.loads(json.dumps(out.to_json())) == out.to_json()
    _check_records(module, states, options)


def _check_records(module, states, options):
    final = states[-1]
    n = len(states) - 1
    record = module.to_record(final, meta={"names": ["A", "B"]})
    assert record["game"] == module.GAME_ID and record["players"] == module.num_players(final)
    # non-default options, and those the game always names (Altiplano's house_set, issue 18)
    unnamed = getattr(module, "UNNAMED", {})
    assert record["options"] == {**{k: final.options[k] for k in unnamed},
                                 **{k: v for k, v in options.items() if v != module.OPTIONS[k][1]}}
    text = json.dumps(record)
    record = loads(text)
    assert module.to_position(module.replay(record)) == module.to_position(final)
    assert module.outcome(module.replay(record)) == module.outcome(final)
    # replay(record, upto=k) is the position after k plies
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
        assert module.to_position(module.replay(record, upto=k)) == module.to_position(states[k])
    for bad in (-1, n + 1, True, "3", 1.5):
        with pytest.raises(ValueError):
            module.replay(record, upto=bad)
    # a tampered move is refused as a whole, naming its ply
    k = n // 2
    legal_there = {str(m) for m in module.legal_moves(states[k])}
    wrong = next(m for m in record["moves"] if m not in legal_there) \
        if any(m not in legal_there for m in record["moves"]) else "?!"
    tampered = {**record, "moves": record["moves"][:k] + [wrong] + record["moves"][k + 1:]}
    with pytest.raises(RecordError) as info:
        module.replay(tampered)
    assert info.value.ply == k + 1 and info.value.move == wrong
    for field, value in (("game", "chess"), ("schema", 2), ("players", 99), ("seed", -1),
                         ("moves", "all"), ("options", {"colour": "blue"})):
        with pytest.raises(RecordError) as info:
            module.replay({**record, field: value})
        assert info.value.ply == 0
    # a game that began from a position records it, and replays from it
    mid = states[n // 2]
    start = module.from_position(module.to_position(mid), **options) if module.GAME_ID == "alto" \
        else module.from_position(module.to_position(mid))
    cur = start
    for move in final.moves[n // 2:]:
        cur = module.apply(cur, move)
    rec2 = json.loads(json.dumps(module.to_record(cur)))
    assert rec2["start"] == module.to_position(mid)
    assert module.to_position(module.replay(rec2)) == module.to_position(final)


# ------------------------------------------------------------------------------ bad input

@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("text", ["", " ", "??", "@", "x y z", "A 0.0.0", "pass pass", None, 7,
                                  ["draw"]])
def test_malformed_notation_is_a_plain_value_error(game_id, text):
    module = GAMES[game_id]
    with pytest.raises(ValueError) as info:
        module.parse_move(text)
    assert not isinstance(info.value, IllegalMoveError)
    state = module.new_game(seed=3, players=module.INFO.default_players)
    if isinstance(text, str):
        with pytest.raises(ValueError) as info:
            module.apply(state, text)
        assert not isinstance(info.value, IllegalMoveError)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("text", ["", "{}", "null", "[1, 2]", "not a position", '{"schema": 1}',
                                  None])
def test_bad_positions_name_a_rule(game_id, text):
    module = GAMES[game_id]
    with pytest.raises(PositionError) as info:
        module.from_position(text)
    assert isinstance(info.value.rule, int) and info.value.rule in module.POSITION_RULES


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_tampered_position_names_the_rule_it_breaks(game_id):
    """Swap one piece of data for a value that breaks a numbered rule (conservation, counts)."""
    module = GAMES[game_id]
    state = module.new_game(seed=5, players=module.INFO.default_players)
    rng = random.Random(5)
    for _ in range(12):
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    text = module.to_position(state)
    if game_id == "alto":
        broken = text.replace("r", "w", 1)  # a colour too many or in the wrong turn
    else:
        data = json.loads(text)
        if game_id == "altitude":
            data["discard"].append(data["draw_pile"][0])  # one card in two places
        else:
            data["supply"]["food"] = data["supply"].get("food", 0) + 1  # a good from nowhere
        broken = json.dumps(data)
    with pytest.raises(PositionError) as info:
        module.from_position(broken)
    assert info.value.rule in module.POSITION_RULES and info.value.rule > 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_refuse_unknown_seats(game_id):
    module = GAMES[game_id]
    state = module.new_game(seed=2, players=module.INFO.default_players)
    for bad in (-1, module.num_players(state), "0"):
        with pytest.raises(ValueError):
            module.view(state, bad)


# ------------------------------------------------------------------------------ words

@pytest.mark.parametrize("game_id", [
    pytest.param(g, marks=_pending(g, "names")) for g in GAME_IDS])
def test_words_use_the_players_names(game_id):
    """describe/prompt/explain take ``names``; the rules' seat names never leak through."""
    module = GAMES[game_id]
    n = max(module.INFO.players)
    names = [f"Name{chr(65 + p)}" for p in range(n)]
    states = _played(game_id, n, 0, {})
    defaults = [module.seat_name(states[0], p) for p in range(n)]
    for k, state in enumerate(states[:-1]):
        if k % 7:
            continue
        move = states[k + 1].moves[-1]
        for text in (module.describe(state, move, names=names), module.prompt(state, names=names)):
            assert isinstance(text, str) and text
            assert not any(d in text for d in defaults if d not in names), text
        assert names[module.current_player(state)] in module.prompt(state, names=names)
        assert module.describe(state, move) == module.describe(state, move, names=None)
    final = states[-1]
    why = module.explain(final, module.outcome(final), names=names)
    assert why and not any(d in why for d in defaults if d not in names)
    assert any(names[w] in why for w in module.outcome(final).winners) or n == 1
    board = module.scoreboard(final)
    assert len(board) == n
    for entry, score in zip(board, module.outcome(final).scores):
        assert entry["total"] == score
        assert sum(p["points"] for p in entry["parts"]) == score


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_log_entries_and_undo_barriers_come_from_the_game(game_id):
    """What the page's log shows of a ply and where undo stops are the game's answers
    (``log_entry``, ``undo_barrier``): a public move reads as played, with its own words."""
    module = GAMES[game_id]
    state = module.new_game(seed=4, players=module.INFO.default_players)
    seen = 0
    for _ in range(40):
        if module.is_over(state):
            break
        move = module.legal_moves(state)[0]
        after = module.apply(state, move)
        words = module.describe(state, move)
        notation, shown = module.log_entry(state, move, words, after, None)
        assert isinstance(notation, str) and isinstance(shown, str) and shown
        if shown == words:
            seen += 1
            assert notation in (str(move), str(move).split(" ")[0])
        assert module.undo_barrier(state, after) in (True, False)
        assert module.undo_barrier(state, after) == (game_id == "altiplano" and
                                                     module.current_player(state) != module.current_player(after))
        state = after
    assert seen > 0
