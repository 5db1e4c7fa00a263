"""Issue 22, the last rough edges a new user hit (headless: the play controller, the guided
game's model and Altiplano's words, in CPython).

- Pass (which cannot be undone) never appears where another button was: it has its own place
  on the left of the button row, and the second click of a double click never plays a button
  that a bot's answer put under the pointer.
- Every click that cannot act says why; a good on a ready action space names the action.
- The guided game's address and its "Step N of M" agree.
"""

from __future__ import annotations

import random
import re

import pytest

from altibox import GAMES
from altibox import altiplano as A
from web.play.learn import Guide, learn_url, step_request
from web.play.seats import seats_meta
from web.play.session import Session
from web.play.table import Table

from altiplano_support import choose

#: a button of the row: its group's x (the translate), the move, the width of its rect
_BUTTON = re.compile(r'<g class="btn( alt)?" transform="translate\(([\d.]+),[\d.]+\)"[^>]*'
                     r'data-move="(\w+)"[^>]*><rect class="bg" x="0" y="0" width="([\d.]+)"')


def _buttons(svg: str) -> dict[str, tuple[float, float, bool]]:
    """``{move: (left x, right x, secondary)}`` of the step buttons drawn in ``svg``."""
    return {m.group(3): (float(m.group(2)), float(m.group(2)) + float(m.group(4)), bool(m.group(1)))
            for m in _BUTTON.finditer(svg) if m.group(3) in ("draw", "done", "end", "pass")}


def _bot_answers(t: Table) -> None:
    while t.bot_to_move() is not None:
        job = t.bot_turn()
        while not job.work():
            pass
        t.play(job.move)


@pytest.mark.parametrize("narrow", [False, True])
def test_pass_never_stands_where_draw_done_or_end_turn_stands(narrow):
    """Over whole games, at both widths: the Pass button's span of the row never overlaps any
    span where Draw, Done planning/storing or End turn is drawn, and it is a secondary button."""
    primary: list[tuple[float, float]] = []
    passes: list[tuple[float, float]] = []
    for seed in (3, 8):
        s, rng = A.new_game(seed=seed, players=2), random.Random(seed)
        while not A.is_over(s):
            view = A.view(s, s.current)
            for move, (x0, x1, alt) in _buttons(A.render_svg(view, {"narrow": narrow})).items():
                if move == "pass":
                    assert alt, "Pass is drawn as a secondary button"
                    passes.append((x0, x1))
                else:
                    primary.append((x0, x1))
            s = A.apply(s, str(choose(rng, s, 0.2)))
    assert passes and primary
    right_of_pass = max(x1 for _, x1 in passes)
    assert right_of_pass < min(x0 for x0, _ in primary), (passes[:3], sorted(primary)[:3])


def test_after_done_planning_and_the_bot_s_planning_pass_is_not_where_done_was():
    """The new user's accident: Done planning, the bot plans, and the person's first Actions
    turn offers Pass: not under the pointer that clicked Done planning."""
    meta = seats_meta(A.INFO, 2, ["person", "easy"])
    t = Table(Session.new("altiplano", seed=5, players=2, meta=meta))
    if t.privacy():
        t.reveal()
    assert t.clicked("draw", "draw").kind == "play"
    _bot_answers(t)
    done = _buttons(t.adapter.svg(t.frame()))["done"]
    assert t.clicked("done", "done").kind == "hint"  # nothing planned: asked first
    assert t.clicked("done", "done").kind == "play"
    _bot_answers(t)
    assert t.frame().view["phase"] == "actions" and A.current_player(t.session.state) == 0
    shown = _buttons(t.adapter.svg(t.frame()))
    assert set(shown) == {"pass"} and shown["pass"][1] < done[0]
    # a double click whose first click was Done planning never plays the Pass the bot's
    # answer put there ("Faster bots": the answer can come within a double click)
    said = t.double_click("pass", on_move=True)
    assert said and "double click" in said and t.session.last_move != "pass"
    # a click of its own plays it
    assert t.clicked("pass", "pass").kind == "play" and t.session.last_move == "pass"


def test_the_buy_a_cart_button_says_its_price_once():
    rec = None
    for seed in range(1, 60):
        s, rng = A.new_game(seed=seed, players=2), random.Random(seed)
        while not A.is_over(s) and "cart" not in [str(m) for m in A.legal_moves(s)]:
            s = A.apply(s, str(choose(rng, s, 0.3)))
        if not A.is_over(s):
            rec = s
            break
    assert rec is not None
    svg = A.render_svg(A.view(rec, rec.current), {})
    label = re.search(r'data-move="cart"[^>]*aria-label="([^"]*)"|aria-label="([^"]*)"[^>]*data-move="cart"', svg)
    words = next(g for g in label.groups() if g)
    assert words == "Buy a cart (1 coin) at the Village", words


@pytest.mark.parametrize("game", ["alto", "altitude", "altiplano"])
def test_the_guided_address_step_is_the_step_the_page_shows(game):
    """``&step=N`` opens "Step N of M" (``step=2`` showed "Step 3 of 15"), in every game; the
    address written at each step reads back to the same step; ``&step=done`` is the end."""
    guide = Guide(game)
    steps = guide.steps
    assert guide.restore(step_request("2", steps)[0]) == 1 and guide.progress() == f"Step 2 of {steps}"
    assert guide.restore(step_request("1", steps)[0]) == 0 == guide.restore(step_request(None, steps)[0])
    walker = Guide(game)
    for k in range(steps + 1):
        url = learn_url(game, walker.step, walker.done)
        param = url.partition("&step=")[2]
        again = Guide(game)
        assert again.restore(step_request(param, steps)[0]) == walker.step == k
        if walker.done:
            assert param == "done" and again.progress() == f"All {steps} steps done"
        else:
            assert again.progress() == f"Step {param or 1} of {steps}"
            walker.play(walker.scene.line[k].moves[0])


def _actions_positions(seeds=range(1, 30)):
    """The Actions-phase states of games played by ``choose`` from ``seeds`` (the mover's)."""
    for seed in seeds:
        s, rng = A.new_game(seed=seed, players=2), random.Random(seed)
        while not A.is_over(s):
            if s.phase == "actions":
                yield s
            s = A.apply(s, str(choose(rng, s, 0.3)))


def test_a_click_on_a_good_of_a_source_that_asks_how_opens_its_choice():
    """The Village's card reads "run it (choose how)"; a click on its fish said "match no
    recipe". Now it stands for the card: the choice opens."""
    for s in _actions_positions():
        legal = [str(m) for m in A.legal_moves(s)]
        pawn = s.ps[s.current].pawn
        runs = [m for m in legal if m.startswith(f"{pawn}:")]
        if len(runs) > 1:
            break
    else:
        pytest.fail("no source with several runs found")
    t = Table(Session.from_record("altiplano", A.to_record(s)))
    if t.privacy():
        t.reveal()
    t.board.drawn = t.adapter.svg(t.frame())
    assert f'data-cell="src:{pawn}:1"' in t.board.drawn
    done = t.click(f"src:{pawn}:1", None)
    assert done.kind == "select" and t.ui["selected"] == f"src:{pawn}"
    assert all(f'data-move="{m}"' in t.adapter.svg(t.frame()) for m in runs)  # the choice


def test_a_source_that_cannot_run_says_what_its_recipe_needs():
    from altibox.altiplano import words as W
    for s in _actions_positions():
        v = A.view(s, s.current)
        seat = v["seats"][v["player"]]
        entry = (seat.get("sources") or {}).get("mine") or {}
        if seat.get("pawn") == "mine" and entry.get("goods") == ["food"] and v["turn"]["acted"] is None:
            break
    else:
        pytest.fail("no pawn at the Mine with one food found")
    said = W.why_not(v, "src:mine")
    assert said == ("The Mine holds food: \u201c2 food \u2192 stone\u201d needs 1 more food. A recipe "
                    "runs only when its action spaces hold exactly its inputs."), said
    assert W.why_not(v, "src:mine:1") == said
    # and no Actions click on a source of one's own says "match no recipe" any more
    for s in _actions_positions(range(1, 6)):
        v = A.view(s, s.current)
        for sid in v["seats"][v["player"]].get("sources") or {}:
            assert "match no recipe" not in W.why_not(v, f"src:{sid}")


def test_the_actions_status_offers_only_what_the_position_allows():
    """Read as a newcomer (issue 22): "or move first" / "move on now" only when a cart move or a
    step is legal, "act again here" / "act at the X now" only when an action there is legal,
    "end your turn" only when End turn is legal."""
    from altibox.altiplano import words as W
    from altibox.altiplano.rules import action_turn
    seen = 0
    for s in _actions_positions(range(1, 8)):
        legal = [str(m) for m in A.legal_moves(s)]
        turn = action_turn(s)
        said = W.prompt(s)
        moves = any(m.startswith(("go:", "step:")) for m in legal)
        acts = turn["may_act"]
        assert ("move first" in said or "move on now" in said or "move to a location" in said) == moves \
            or turn["here"] is None, (said, legal)
        assert ("act again here" in said or bool(re.search(r"act at the \w+ now", said))) <= acts, \
            (said, legal)
        assert ("end your turn" in said) == ("end" in legal), (said, legal)
        seen += 1
    assert seen > 200
