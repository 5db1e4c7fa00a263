"""Seeded random Altiplano games for 2–5 players (spec §21 invariants after every move).

Default run: 50 games per player count; ``-m slow``: 500 per player count. Every third game
starts from a "scarce" position (most goods and cards already handed out), so the
location-empty end trigger and empty supplies are exercised as well as the display trigger.

After every move: :func:`altiplano.check` (validity rules and every invariant of spec §21),
and ``view`` for every seat never shows the pile, the removed orders, or another player's
planning of the current round (spec §19). At the end of every game: the end came exactly one
round after the trigger (§21.10). What every game must do (``apply`` never mutating its input,
records, positions, errors) is checked by ``test_contract.py``.
"""

from __future__ import annotations

import json
import random

import pytest

from altibox import altiplano as A

from altiplano_support import choose, load, pos, unplayed

MAX_PLIES = 40000
LONGEST: dict[int, int] = {}


def scarce_start(players: int, seed: int) -> A.State:
    """A new game in which most of every supply and most cards are already in the crates and
    hands of random players (goods stay conserved)."""
    rng = random.Random(f"scarce/{seed}")
    d = pos(A.new_game(seed=seed, players=players))
    for g, n in list(d["supply"].items()):
        if g == "corn":
            continue
        k = int(n * rng.uniform(0.5, 0.95))
        for _ in range(k):
            x = d["seats"][rng.randrange(players)]
            x["crate"][g] = x["crate"].get(g, 0) + 1
        d["supply"][g] = n - k
        if d["supply"][g] == 0:
            del d["supply"][g]
    for cards, mine in (("houses", "houses"), ("boats", "boats")):
        keep = rng.randint(0, 2)
        for c in d[cards][keep:]:
            d["seats"][rng.randrange(players)][mine].append(c)
        d[cards] = d[cards][:keep]
    return load(d)


def _hidden_ids(state: A.State) -> list[str]:
    return [f'"{e}"' for e in state.pile] + [f'"{o}"' for o in state.removed]


def run_game(players: int, seed: int, check_views: bool = True) -> A.State:
    """Play one seeded game to the end, checking invariants after every move."""
    rng = random.Random(f"{players}/{seed}")
    state = scarce_start(players, seed) if seed % 3 == 2 else A.new_game(seed=seed, players=players)
    uniform = 1.0 if seed % 10 == 9 else 0.15
    A.check(state)
    plies = 0
    triggered_at = None
    while not A.is_over(state):
        plies += 1
        assert plies < MAX_PLIES, "game does not end"
        move = choose(rng, state, uniform)
        # a planning move: a good or coin placed on / taken back from an action source
        planning = state.phase == "planning" and ("<" in move.text or ">" in move.text)
        before_view = None
        mover = state.current
        other = (mover + 1 + plies % (players - 1)) % players  # another seat, rotating
        if check_views and planning:
            before_view = unplayed(A.view(state, other))
        was_planning = state.phase == "planning"
        state = A.apply(state, move)
        A.check(state)
        if before_view is not None:
            assert unplayed(A.view(state, other)) == before_view, "planning leaked to another seat"
        if check_views and (plies % 3 == 0 or was_planning and state.phase == "actions"):
            hidden = _hidden_ids(state)
            text = json.dumps(A.view(state, other))
            assert not any(h in text for h in hidden)
        if triggered_at is None and state.trigger is not None:
            triggered_at = state.round
            # a location empties during Actions; the display fails in the new-round step
            assert state.trigger_round == (state.round - 1 if state.trigger == "display" else state.round)
    # §21.10: exactly one more full round after the trigger
    assert state.trigger is not None and triggered_at is not None
    assert state.final_round == state.trigger_round + 1 == state.round
    out = A.outcome(state)
    assert out is not None and len(out.scores) == players and out.winners
    assert all(out.scores[w] == max(out.scores) for w in out.winners)
    LONGEST[players] = max(LONGEST.get(players, 0), state.round)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games(players):
    triggers = set()
    for seed in range(50):
        s = run_game(players, seed)
        triggers.add(s.trigger.split(":")[0])
    assert triggers == {"display", "empty"}
    print(f"\naltiplano {players}p: longest game {LONGEST[players]} rounds")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_slow(players):
    for seed in range(1000, 1500):
        run_game(players, seed, check_views=seed % 2 == 0)
    print(f"\naltiplano {players}p: longest game {LONGEST[players]} rounds")


def test_options_variants_random():
    """A few games under every non-default option."""
    variants = [
        {"turn_mode": "one_source"}, {"coin_can_pay_movement": True},
        {"allow_action_with_empty_output": False}, {"forest_cacao_mode": "split_recipes"},
        {"unique_type_per_row": True}, {"orders_same_turn": False},
        {"role_selection": "draft", "first_player": 1}, {"empty_trigger_locations": ["road"]},
    ]
    for k, opts in enumerate(variants):
        for players in (2, 4):
            rng = random.Random(k)
            s = A.new_game(seed=100 + k, players=players, **opts)
            plies = 0
            while not A.is_over(s):
                s = A.apply(s, choose(rng, s))
                A.check(s)
                plies += 1
                assert plies < MAX_PLIES
            rec = A.to_record(s)
            # the non-default options, and the house set's version always (issue 18)
            assert rec["options"] == {"house_set": "house_set_13", **opts}
            assert A.to_position(A.replay(rec)) == A.to_position(s)
