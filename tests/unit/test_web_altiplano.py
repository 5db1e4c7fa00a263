"""The page's Altiplano adapter (web.play.adapters.AltiplanoUI) and the score pad, in CPython.

Games are played with ``altiplano_support.choose`` from fixed seeds; the assertions are the
rules' own facts (who planned what, what the view hides, the engine's totals and coins).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from altibox import altiplano as A
from web.play.adapters import BOARDS, AltiplanoUI, Frame
from web.html.panels import scores_html
from web.play.session import Session
from web.play.turns import Turns

from altiplano_support import choose
from games_support import hidden_variant

UI: AltiplanoUI = BOARDS["altiplano"]
NAMES = ["Anna", "Tim", "Bo"]


def session_until(stop, seed=21, players=3, rng_seed=7) -> Session:
    s = Session.new("altiplano", seed=seed, players=players, meta={"names": NAMES[:players]})
    rng = random.Random(rng_seed)
    while not stop(s.state) and not A.is_over(s.state):
        s.play(str(choose(rng, s.state, 0.1)))
    return s


def mid_planning(s) -> bool:
    """Planning of round 2 with the second planner half-way (two placements made)."""
    if s.phase != "planning" or s.round != 2:
        return False
    moves = list(s.moves)
    since = moves[len(moves) - moves[::-1].index("draw"):]  # the plies since the last draw
    return since.count("done") == 1 and len(since) >= 3 and "done" not in since[-2:] \
        and not since[-1].endswith(">bag")


def frame_for(s: Session, viewer, ui=None) -> Frame:
    last_player = A.current_player(s.states[-2]) if s.ply else None
    return Frame(view=A.view(s.state, viewer), viewer=viewer, ui=ui or {}, names=tuple(s.names),
                 last=s.last_move, last_player=last_player)


def test_altiplano_has_a_page():
    assert "altiplano" in BOARDS and BOARDS["altiplano"].game_id == "altiplano"


def test_the_log_hides_this_planning_phase_and_shows_it_once_actions_begin():
    s = session_until(mid_planning)
    entries = UI.log_entries(s.states, s.log, s.names)
    assert len(entries) == s.ply
    secret = [k for k in range(1, s.ply + 1)
              if s.states[k - 1].phase == "planning" and s.states[k - 1].round == 2
              and s.moves[k - 1] != "done"]
    assert len(secret) >= 2
    for k in range(1, s.ply + 1):
        move, words = entries[k - 1]
        if k in secret:
            who = s.names[s.states[k - 1].current]
            assert (move, words) == ("plan", f"{who} plans (secret until the Actions phase)")
            assert A.is_secret(s.states[k - 1], s.moves[k - 1])
        else:
            assert (move, words) == s.log[k - 1]  # round 1's plans are public again
    # play on into the Actions phase: every placement of round 2 reads as played
    rng = random.Random(9)
    while s.state.phase == "planning":
        s.play(str(choose(rng, s.state, 0.1)))
    assert s.state.phase == "actions"
    assert UI.log_entries(s.states, s.log, s.names) == s.log


def test_altiplano_secret_agrees_with_the_rules_on_every_ply():
    s = session_until(lambda st: st.round == 3)
    for k in range(1, s.ply + 1):
        assert A.plans_in_secret(s.states[k - 1], s.moves[k - 1]) == A.is_secret(s.states[k - 1], s.moves[k - 1])


def test_the_board_shows_nothing_hidden_from_the_viewer():
    """The svg for a seat (and the public one) is the same for every state that differs only in
    what that seat cannot see (the other planners' placements, bag order, pile, removed)."""
    s = session_until(mid_planning)
    me = s.state.current
    for viewer in (None, me):
        other = hidden_variant("altiplano", s.state, viewer)
        a = frame_for(s, viewer)
        b = Frame(view=A.view(other, viewer), viewer=viewer, names=a.names, last=a.last,
                  last_player=a.last_player)
        assert UI.svg(a) == UI.svg(b)
        assert UI.position(s.state) == A.public_position(s.state)


def test_the_last_placement_is_not_outlined_for_others():
    s = session_until(mid_planning)
    assert ">" in s.last_move or "<" in s.last_move
    mover = A.current_player(s.states[-2])
    assert A.last_outlined(A.view(s.state, None), s.last_move, None, mover) is None
    assert A.last_outlined(A.view(s.state, mover), s.last_move, mover, mover) == s.last_move


def test_selectable_and_draggable_cells_follow_the_legal_moves():
    s = session_until(lambda st: st.phase == "planning" and st.round == 1)
    me = s.state.current
    f = frame_for(s, me)
    cells = UI.selectable(f)
    goods = {m.split(">")[0] for m in f.view["legal_moves"] if ">" in m and not m.endswith(">bag")}
    assert cells == A.choice_cells(f.view)
    assert {c for c in cells if c.startswith("plan:")}  # goods to place
    assert UI.draggable(f) == {c for c in cells if c.startswith("plan:") or c == "coins"}
    assert ("coins" in cells) == ("coin" in goods)
    # the public view (privacy screen) and another seat select nothing
    assert UI.selectable(frame_for(s, None)) == set()
    # selecting a good puts its placements on the action spaces as data-move
    cell = sorted(c for c in cells if c.startswith("plan:"))[0]
    svg = UI.svg(frame_for(s, me, {"selected": cell}))
    moves = {el.get("data-move") for el in ET.fromstring(svg).iter() if el.get("data-move")}
    plan = A.render._planning_list(f.view["seats"][me], A.render._house(f.view))
    good = plan[int(cell.split(":")[1]) - 1]
    placing = {m for m in f.view["legal_moves"] if m.startswith(good + ">") and not m.endswith(">bag")}
    assert placing and placing <= moves


def test_why_not_in_words():
    s = session_until(lambda st: st.phase == "planning" and st.round == 1)
    me = s.state.current
    f = frame_for(s, me)
    farm = f.view["supply"]
    assert UI.why_not(f, "loc:farm") == ("The Farm on the ring is where pawns go in the Actions "
                                         "phase. In Planning, put goods on the action spaces "
                                         "of your own board (outlined in green). Left at the Farm: "
                                         f"{farm['alpaca']} alpaca, {farm['wool']} wool, {farm['cloth']} cloth.")
    assert UI.why_not(f, "choice:cancel") is None
    assert "cannot take that good" in UI.why_not(f, "src:farm", selected="plan:1")
    other = (me + 1) % 3
    assert UI.why_not(frame_for(s, other), "loc:farm") == f"It is {s.names[me]}'s turn."


def test_banner_and_privacy_words():
    s = session_until(lambda st: st.phase == "planning" and st.round == 2)
    text = UI.banner(frame_for(s, None))
    assert text.startswith("Round 2 · Planning · start player: ")
    assert s.names[s.state.start_player] in text
    sentence, label = UI.privacy_words("Tim")
    assert "Pass the device to Tim" in sentence and label == "I am Tim: show my board"


def test_undo_stays_inside_the_step_of_the_player_who_acts():
    s = session_until(lambda st: st.phase == "actions" and st.round == 2 and st.turn[0] is not None)
    turns = Turns(A, ["person"] * 3, floor=0)
    turns.floor = max(k for k in range(1, s.ply + 1) if s.states[k - 1].phase == "planning"
                      and s.states[k].phase == "actions")
    assert A.current_player(s.states[-2]) == A.current_player(s.state)
    turns.reveal(s.states)  # the player to act holds the device
    assert UI.undo_target(turns, s.states) == s.ply - 1  # my own action: undo
    rng = random.Random(2)
    while A.current_player(s.state) == A.current_player(s.states[-2]):
        s.play(str(choose(rng, s.state, 0.1)))
    # the previous player ended their turn: the next player cannot take it back
    turns.reveal(s.states)
    assert turns.undo_target(s.states) == s.ply - 1
    assert UI.undo_target(turns, s.states) is None


def test_the_score_pad_has_every_category_and_the_coins_tie_break():
    s = session_until(lambda st: False, seed=8, players=2)
    out = A.outcome(s.state)
    html = scores_html(A, s.state, s.names)
    root = ET.fromstring(html)
    totals = [int(td.get("data-score")) for td in root.iter("td") if td.get("data-score")]
    assert totals == list(out.scores)
    coins = [int(td.get("data-coins")) for td in root.iter("td") if td.get("data-coins")]
    assert coins == [b["coins"] for b in out.breakdown]
    rows = [th.text for th in root.iter("th") if th.get("scope") == "row"]
    labels = [p["label"] for p in A.scoreboard(s.state)[0]["parts"]]
    assert rows == labels + ["Total", "Coins (tie-break)"]
    assert [th.text for th in root.find("thead").iter("th")][1:] == s.names


def test_five_columns_of_the_score_pad_are_told_apart():
    """With 4-5 players the columns are narrow: "Player 1".."Player 5" read P1..P5 (a cut
    "Play…" five times said nothing), the whole name in the tooltip."""
    s = Session.new("altiplano", seed=3, players=5)
    root = ET.fromstring(scores_html(A, s.state, s.names))
    heads = list(root.find("thead").iter("th"))[1:]
    assert [th.find("abbr").text for th in heads] == ["P1", "P2", "P3", "P4", "P5"]
    assert [th.get("title") for th in heads] == [f"Player {k}" for k in range(1, 6)]
    two = Session.new("altiplano", seed=3, players=2)
    root = ET.fromstring(scores_html(A, two.state, two.names))
    assert [th.text for th in root.find("thead").iter("th")][1:] == ["Player 1", "Player 2"]


def test_a_row_worth_nothing_reads_a_dash_like_the_other_empty_rows():
    """Goods worth 0 score nothing however many a player owns: "–" as in every row without
    points, not "0" (the count is in the tooltip)."""
    s = Session.new("altiplano", seed=3, players=2)
    pad = A.scoreboard(s.state)
    zero = [next(p for p in entry["parts"] if p["key"] == "goods0") for entry in pad]
    assert all(part["count"] > 0 and part["points"] == 0 for part in zero)
    root = ET.fromstring(scores_html(A, s.state, s.names))
    row = next(tr for tr in root.find("tbody").iter("tr") if tr.find("th").text == "Goods worth\u00a00")
    assert [td.text for td in row.findall("td")] == ["–", "–"]
    assert [td.get("title") for td in row.findall("td")] == [f"{p['count']} × 0" for p in zero]
    for tr in root.find("tbody").iter("tr"):  # "–" in every cell without points, only there
        parts = [next(p for p in entry["parts"] if p["label"] == tr.find("th").text) for entry in pad]
        assert [td.text == "–" for td in tr.findall("td")] == [p["points"] == 0 for p in parts]


def test_the_log_carries_the_notation_tooltip():
    from web.html.panels import log_html
    html = log_html([("go:mine", "Anna moves by cart to the Mine")], explain=A.notation_help)
    assert 'title="go:mine — go:LOCATION: a move by cart"' in html
    assert "title=" not in log_html([("a1b2", "Red moves")])
