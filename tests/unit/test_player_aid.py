"""Issue 22 (branch plano22), the pure parts: the player aid's words and HTML, the turn bar's step
button, "Done planning" with nothing planned asking first, the idle pawn placement, the status of
one focused part, and Altiplano's accessible names holding their visible text."""

from __future__ import annotations

import html
import json
import re

import pytest

from altibox import GAMES
from altibox import altiplano as A
from altibox.altiplano import words as W
from altibox.altiplano.render import name_hooks, render_svg
from altibox.core.svg import _TAG, _TEXT

from web.html import panels
from web.play.adapters import BOARDS, Frame
from web.play.session import Session
from web.play.table import Table

from altiplano_support import choose


def to_planning(seed: int = 5) -> A.State:
    s = A.new_game(seed=seed, players=2)
    while s.phase != "planning":
        s = A.apply(s, "draw")
    return s


def to_actions(seed: int = 5) -> A.State:
    s = A.new_game(seed=seed, players=2)
    while s.phase != "actions":
        s = A.apply(s, "draw" if s.phase == "draw" else "done")
    return s


def table_of(state) -> Table:
    """The play screen's table at ``state``, the device taken, the board as drawn."""
    t = Table(Session.from_text("altiplano", json.dumps(A.to_record(state))))
    if t.privacy():
        t.reveal()
    t.board.drawn = t.adapter.svg(t.frame())
    return t


# ---------------------------------------------------------------- the player aid

@pytest.mark.parametrize("game", sorted(GAMES))
def test_turn_summary_is_short_and_in_the_aid(game):
    module = GAMES[game]
    lines = module.TURN_SUMMARY
    assert 3 <= len(lines) <= 8 and all(isinstance(x, str) and 20 <= len(x) <= 170 for x in lines)
    page = panels.aid_html(module)
    assert f'<h2 id="aid-title">Turn summary: {module.INFO.name}</h2>' in page
    assert [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", page)] == list(lines)
    assert 'data-action="close-aid"' in page


def test_altiplano_summary_says_the_turn_structure_the_end_and_the_score():
    text = " ".join(A.TURN_SUMMARY)
    for words in ("Draw, then Plan, then Actions", "one location a turn", "End turn",
                  "one more round", "Score:", "the most coins"):
        assert words in text, words


# ---------------------------------------------------------------- the step in the bar

def test_bar_action_is_the_step_the_status_asks_for():
    ui = BOARDS["altiplano"]
    s = A.new_game(seed=5, players=2)
    frame = Frame(view=A.view(s, 0), viewer=0)
    assert ui.bar_action(frame) == ("draw", "Draw")
    assert ui.bar_action(Frame(view=A.view(s, None), viewer=None)) is None   # nobody's board shown
    assert ui.bar_action(Frame(view=A.view(s, 0), viewer=0, withhold=True)) is None
    p = to_planning()
    assert ui.bar_action(Frame(view=A.view(p, p.current), viewer=p.current)) == ("done", "Done")
    a = A.apply(to_actions(), "@market")
    assert ui.bar_action(Frame(view=A.view(a, a.current), viewer=a.current)) is None  # not acted yet
    for game in ("alto", "altitude"):
        g = GAMES[game].new_game(seed=5, players=2)
        assert BOARDS[game].bar_action(Frame(view=GAMES[game].view(g, 0), viewer=0)) is None


def test_bar_offers_pass_when_it_is_the_only_move():
    """New-user finding: the status said "…you cannot move: pass" and the phone's bar had no
    Pass. Seeded random games: wherever the seat to act has only ``pass``, the bar offers it and
    the status asks for it; wherever pass is one option among others, the bar does not."""
    import random
    ui, only, among = BOARDS["altiplano"], 0, 0
    for seed in range(3):
        rng, s = random.Random(seed), A.new_game(seed=100 + seed, players=2)
        while not A.is_over(s) and only < 3:
            legal = [str(m) for m in A.legal_moves(s)]
            bar = ui.bar_action(Frame(view=A.view(s, s.current), viewer=s.current))
            if legal == ["pass"]:
                only += 1
                assert bar == ("pass", "Pass") and A.prompt(s).endswith("pass")
            elif "pass" in legal and not {"draw", "done", "end"} & set(legal):
                among += 1
                assert bar is None
            s = A.apply(s, rng.choice(legal))
    assert only and among


# ---------------------------------------------------------------- Done planning, nothing planned

def test_done_with_nothing_planned_asks_once_then_plays():
    s = to_planning()
    me = s.current
    assert W.nothing_planned(A.view(s, me))
    ask = A.confirm_first(A.view(s, me), "done")
    assert ask == "Nothing planned this round: your drawn goods stay unused. Click Done again to confirm."
    assert A.confirm_first(A.view(s, me), "draw") is None
    t = table_of(s)
    first = t.click("done", "done")
    assert (first.kind, first.text) == ("hint", ask) and t.session.ply == len(s.moves)
    second = t.click("done", "done")
    assert second.kind == "play" and t.session.ply == len(s.moves) + 1


def test_done_after_a_placement_plays_at_once():
    s = to_planning()
    move = next(str(m) for m in A.legal_moves(s) if ">" in str(m) and not str(m).startswith("coin"))
    s = A.apply(s, move)
    assert not W.nothing_planned(A.view(s, s.current))
    assert A.confirm_first(A.view(s, s.current), "done") is None
    t = table_of(s)
    assert t.click("done", "done").kind == "play"


def test_a_click_between_asks_again():
    s = to_planning()
    t = table_of(s)
    assert t.click("done", "done").kind == "hint"
    t.click("plan:8", None)                      # a locked planning space: a why-not, no move
    assert t.click("done", "done").kind == "play"  # same position: the question stands answered
    t2 = table_of(s)
    assert t2.click("done", "done").kind == "hint"


# ---------------------------------------------------------------- idle placement, empty spaces

def test_idle_locations_are_those_where_nothing_could_be_done():
    s = to_actions()
    idle = A.rules.idle_locations(s)
    assert A.rules.action_turn(s)["idle"] == idle
    for loc in s.ring:
        after = A.apply(s, f"@{loc}")
        acts = [str(m) for m in A.legal_moves(after)
                if not str(m).startswith(("go:", "step:", "end", "pass"))]
        assert (loc in idle) == (acts == []), (loc, acts)
    assert A.rules.idle_locations(A.new_game(seed=5, players=2)) == []
    # the target says it before the click
    view = A.view(s, s.current)
    svg = render_svg(view, {})
    for loc in s.ring:
        tag = re.search(rf'<g[^>]*data-cell="loc:{loc}"[^>]*>', svg).group(0)
        assert (W.board_words("idle_here") in html.unescape(tag)) == (loc in idle)


def test_empty_and_locked_planning_spaces_say_so():
    d = A.new_game(seed=5, players=2)  # the Draw: a locked space says it is locked (new-user run)
    assert d.phase == "draw"
    assert A.why_not(A.view(d, d.current), "plan:6", None) == (
        "Planning space 6 is locked: moving up the Road track opens more planning spaces.")
    assert A.why_not(A.view(d, d.current), "plan:2", None) == "First draw your goods; planning comes next."
    s = to_planning()
    view = A.view(s, s.current)
    assert A.why_not(view, "plan:8", None) == ("Planning space 8 is locked: moving up the Road "
                                                "track opens more planning spaces.")
    move = next(str(m) for m in A.legal_moves(s) if ">" in str(m) and not str(m).startswith("coin"))
    s = A.apply(s, move)
    view = A.view(s, s.current)
    plan = A.render._planning_list(view["seats"][s.current], A.render._house(view))
    k = plan.index(None) + 1  # the space the good left: the first of its kind (issue 22)
    assert plan.count(None) == 1 and (k == 1 or plan[k - 2] != move.split(">")[0])
    assert A.why_not(view, f"plan:{k}", None) == (
        f"Planning space {k} is empty: click a good on a filled planning space, then an "
        "action space.")


# ---------------------------------------------------------------- one part of the table

def test_part_prompt_never_asks_for_a_button_the_part_lacks():
    s = A.new_game(seed=5, players=2)
    assert A.part_prompt(s, None, None) == A.prompt(s) == "Player 1: draw 4 goods from your bag"
    assert A.part_prompt(s, None, "board") == A.prompt(s)
    for part in ("display", "orders", "warehouse", "ring"):
        assert A.part_prompt(s, None, part) == "Player 1 draws goods from the bag (on their board, not shown here)"
    p = to_planning()
    assert A.part_prompt(p, None, "display").endswith("plans (on their board, not shown here)")
    a = to_actions()
    assert A.part_prompt(a, None, "ring") == A.prompt(a)
    assert A.part_prompt(a, None, "orders").endswith("(the orders shown here)")


# ---------------------------------------------------------------- accessible names

def hooked_groups(svg: str):
    stack = []
    for m in re.finditer(r"<g\b[^>]*>|</g>", svg):
        if m.group(0) != "</g>":
            stack.append(m)
            continue
        start = stack.pop()
        tag = start.group(0)
        if "aria-label=" in tag and ("data-cell=" in tag or 'role="button"' in tag):
            inner = svg[start.end():m.start()]
            words = " ".join(w for w in (html.unescape(_TAG.sub("", x)).strip() for x in _TEXT.findall(inner)) if w)
            yield html.unescape(re.search(r'aria-label="([^"]*)"', tag).group(1)), words


def test_every_altiplano_hook_is_named_with_its_visible_text():
    """Random games, every 7th ply, both the seat's view and a narrow one with a selection."""
    import random
    rng = random.Random(22)
    checked = 0
    for seed in (3, 8):
        s = A.new_game(seed=seed, players=3)
        ply = 0
        while not A.is_over(s) and ply < 200:
            if ply % 7 == 0:
                me = A.current_player(s)
                view = A.view(s, me)
                for ui in ({}, {"narrow": True, "selected": sorted(A.choice_cells(view))[0]
                                if A.choice_cells(view) else None}):
                    for label, words in hooked_groups(render_svg(view, ui)):
                        assert " ".join(words.lower().split()) in " ".join(label.lower().split()), (label, words)
                        checked += 1
            s = A.apply(s, choose(rng, s))
            ply += 1
    assert checked > 2000
    assert name_hooks('<g data-cell="x" aria-label="a, b"><text>Q</text></g>') == \
        '<g data-cell="x" aria-label="a, b (shown: Q)"><text>Q</text></g>'


def test_a_double_click_on_done_with_nothing_planned_does_not_confirm_it():
    """New-user run: a double click on "Done planning" planned nothing without a word. The
    first click asks; the second click of the same double click is not the confirmation."""
    s = to_planning()
    t = table_of(s)
    first = t.clicked("done", "done")
    assert first.kind == "hint" and first.text
    said = t.double_click("done", on_move=True, move="done")
    assert said and "did not confirm" in said and t.session.ply == len(s.moves)
    # the question the first click asked stays, above the line that points to it (new-user
    # run: "read the words above" was shown alone, the words gone)
    assert said == f"{first.text}\nThat was a double click, so it did not confirm: read the words above, " \
                   "then click once more to confirm."
    assert t.double_click("draw", on_move=True, move="draw") is None  # another move acts as any click
    assert t.clicked("done", "done").kind == "play" and t.session.ply == len(s.moves) + 1


def _round_two_planning(seed: int = 5):
    """A 2-player game in round 2's Planning phase, every seat's pawn on the ring."""
    import random as _random
    from altiplano_support import choose
    s, rng = A.new_game(seed=seed, players=2), _random.Random(seed)
    while not (s.round >= 2 and s.phase == "planning"):
        s = A.apply(s, str(choose(rng, s, 0.2)))
    return s


def test_a_plan_the_pawn_cannot_reach_is_said_before_done_planning():
    """New-user run: food planned for the Harbor's extension, an action at the Market first,
    then no move left to reach the Harbor. Done planning says so first (one click more), and
    says nothing once food on Movement pays for the extra move."""
    for seed in range(5, 40):
        s = _round_two_planning(seed)
        me = s.current
        seat = A.view(s, me)["seats"][me]
        if seat["pawn"] is None or seat["sources"]:
            continue
        # goods on two sources at two locations away from the pawn, nothing on Movement
        locs: set[str] = set()
        for _ in range(2):
            for m in map(str, A.legal_moves(s)):
                if ">" not in m or m.startswith("coin") or m.endswith(">move"):
                    continue
                good, sid = m.split(">")
                loc = s._S[sid].loc
                if loc and loc != seat["pawn"] and loc not in locs:
                    s = A.apply(s, m)
                    locs.add(loc)
                    break
        if len(locs) < 2:
            continue
        v = A.view(s, me)
        words = W.plan_reach(v)
        assert words is not None and words.startswith("Your plan needs your pawn at 2 locations (")
        assert f"your pawn is at the {W.location_name(seat['pawn'])}" in words and "(you planned none)" in words
        assert "can reach at most 1 this round" in words
        assert A.confirm_first(v, "done") == f"Click Done again to keep this plan, or change it. {words}"
        t = table_of(s)
        assert t.click("done", "done").kind == "hint" and t.click("done", "done").kind == "play"
        if "food>move" in map(str, A.legal_moves(s)):
            assert W.plan_reach(A.view(A.apply(s, "food>move"), me)) is None
        return
    raise AssertionError("no round-2 plan with two locations away from the pawn in seeds 5-39")


def test_a_double_click_on_a_market_good_sells_it_once():
    """New-user run: a double click on the glass on the Market sold it and then the alpaca
    that slid into its space. The second click of a double click after a click that played a
    move does nothing when another move lies under it, and says so; the same move again, or a
    later single click, acts as ever."""
    s = A.new_game(seed=2, players=2)
    for m in ("draw", "draw", "glass>market", "alpaca>market", "done", "done", "@market"):
        s = A.apply(s, m)
    t = table_of(s)
    assert {"sell:glass", "sell:alpaca"} <= set(t.frame().view["legal_moves"])
    coins = s.ps[0].coins
    assert t.clicked("mk", "sell:glass").kind == "play" and t.session.last_move == "sell:glass"
    said = t.double_click("mk", on_move=True, move="sell:alpaca")
    assert said and "the board changed under it" in said
    assert t.double_click("mk", on_move=True, move="sell:glass") is None
    assert t.session.state.ps[0].coins == coins + 2  # glass sells for 2 coins; the alpaca is kept
    assert "sell:alpaca" in t.frame().view["legal_moves"]
    assert t.clicked("mk", "sell:alpaca").kind == "play" and t.session.state.ps[0].coins == coins + 3


def test_a_double_click_on_an_action_space_places_the_good_once_and_says_so():
    """New-user run: with a good selected, a double click on an action space placed it once
    (right) and then said "Select a good on a planning space first". The second click of a
    double click after a click that played, on a cell with no move now, says it acted once."""
    s = to_planning()
    t = table_of(s)
    assert t.clicked("plan:1", None).kind == "select"
    t.board.drawn = t.adapter.svg(t.frame())  # drawn again, as the page does after a click
    assert t.clicked("src:farm", "food>farm").kind == "play" and t.session.last_move == "food>farm"
    t.board.drawn = t.adapter.svg(t.frame())
    assert 'data-cell="src:farm"' in t.board.drawn and "data-move=\"food&gt;farm\"" not in t.board.drawn
    said = t.double_click("src:farm", on_move=False)
    assert said == "That was a double click, so it acted once: the first click played, the second did nothing."
    assert t.session.ply == len(s.moves) + 1  # one good placed
    assert t.double_click("plan:2", on_move=False) == said  # still the same board
    assert t.clicked("plan:2", None).kind == "select"          # a later single click acts as ever
    assert t.double_click("plan:2", on_move=False) == ""       # keeps the selection it made


def test_pass_with_a_ready_action_is_asked_first_then_played():
    """The play screen asks before a Pass that leaves a ready action unused (words.ready_unused),
    and plays it on the second click; a double click never confirms it."""
    s = A.new_game(seed=1, players=2)
    for m in ("draw", "draw", "food>farm", "food>mine", "food>mine", "food>farmer", "done",
              "food>farm", "done"):
        s = A.apply(s, m)
    t = table_of(s)
    first = t.clicked("pass", "pass")
    assert first.kind == "hint" and first.text.startswith("Click Pass again to pass, or act first: the Farmer's action")
    assert t.double_click("pass", on_move=True, move="pass") == \
        f"{first.text}\nThat was a double click, so it did not confirm: read the words above, then click once more to confirm."
    assert t.session.ply == len(s.moves)
    assert t.clicked("pass", "pass").kind == "play" and t.session.last_move == "pass"
