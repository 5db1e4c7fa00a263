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

from altiplano_support import choose, give, load, scene
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
    assert UI.why_not(f, "loc:farm") == (f"Left at the Farm: {farm['alpaca']} alpaca, {farm['wool']} wool, "
                                         f"{farm['cloth']} cloth. The Farm on the ring is where pawns go "
                                         "in the Actions phase. In Planning, put goods on the action "
                                         "spaces of your own board (outlined in green).")
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


def test_goods_on_an_unfinished_order_are_named_in_the_score_pad_with_0_points():
    """New-user run: glass and 2 cacao delivered to O10, never finished; the VP fell 21 -> 13
    and the end's score pad had no word for it. Goods on orders score nothing until the order
    is complete (spec §14, §16): a row names them, only for a player who has some."""
    d = scene(2, seed=1, pawn="farm")
    for g in ("glass", "cacao", "cacao"):
        d["supply"][g] -= 1
    rest = [f"O{k}" for k in range(1, 17) if k != 10]
    d["removed"], d["orders"] = rest[:6], rest[6:]
    d["seats"][0]["order"] = {"id": "O10", "delivered": ["glass", "cacao", "cacao"]}
    st = load(d)
    root = ET.fromstring(scores_html(A, st, NAMES[:2]))
    row = next(tr for tr in root.find("tbody").iter("tr")
               if tr.find("th").text == "Goods on an unfinished order")
    assert [td.text for td in row.findall("td")] == ["O10: glass + 2 cacao = 0", "–"]
    d["seats"][0]["order"] = {"id": "O10", "delivered": []}
    for g in ("glass", "cacao", "cacao"):
        d["supply"][g] += 1
    root = ET.fromstring(scores_html(A, load(d), NAMES[:2]))
    assert "Goods on an unfinished order" not in [th.text for th in root.iter("th")]


def test_the_log_carries_the_notation_tooltip():
    from web.html.panels import log_html
    html = log_html([("go:mine", "Anna moves by cart to the Mine")], explain=A.notation_help)
    assert 'title="go:mine — go:LOCATION: a move by cart"' in html
    assert "title=" not in log_html([("a1b2", "Red moves")])


# ---------------------------------------------------------------- the end screen (new-user run)

def _finished(seats: list[str], seed: int = 21) -> "Table":
    """A 3-player game played to its end, as a page would hold it with these seat kinds."""
    from web.play.table import Table

    s = session_until(lambda st: False, seed=seed, players=3)
    s.meta["seats"] = seats
    return Table(s)  # its turn protocol restored from the record, as after a reload


def _big_board(svg: str) -> int:
    """The seat of the big board in a drawing (its ``g.board[data-player]``)."""
    import re

    found = re.findall(r'<g class="board" data-player="(\d+)"', svg)
    assert len(found) == 1
    return int(found[0])


def test_one_person_keeps_their_own_board_at_game_over():
    """Ana against two bots: at the end her board stays the big one, in her own view, and after a
    reload too (the new-user run showed a bot's board, the start player's, with hers below)."""
    t = _finished(["person", "medium", "easy"])
    state = t.session.state
    assert A.is_over(state) and state.start_player != 0  # the old fallback showed another seat
    frame = t.frame()
    assert frame.viewer == 0 and frame.main is None
    assert _big_board(UI.svg(frame)) == 0
    again = Turns.restore(A, t.session.states, t.record()["meta"])  # a reload
    assert again.viewer(t.session.states) == (0, False)


def test_several_persons_see_the_last_person_who_moved_at_game_over():
    """With two people at the device the end shows the public view, and the big board is the last
    person who moved (during play it is the seat to act; at the end nobody acts)."""
    for seats in (["person", "person", "easy"], ["person", "easy", "person"]):
        t = _finished(seats)
        states = t.session.states
        persons = [q for q, k in enumerate(seats) if k == "person"]
        last = next(A.current_player(st) for st in reversed(states[:-1])
                    if A.current_player(st) in persons)
        frame = t.frame()
        assert frame.viewer is None and frame.main == last == t.main_seat()
        assert _big_board(UI.svg(frame)) == last


def test_no_ready_or_passed_badge_at_game_over():
    """Goods left on a source that match a recipe read READY during play, never at the end
    (seed 21: seat 1 ends with such goods); nor does the board's PASSED badge (the round is no
    more; second new-user run)."""
    t = _finished(["medium", "person", "easy"])
    view = A.view(t.session.state, 1)
    assert view["seats"][1].get("passed")
    playing = A.render_svg({**view, "phase": "actions"}, {"board": 1})
    assert "READY" in playing and ">PASSED<" in playing
    over = UI.svg(t.frame())
    assert _big_board(over) == 1 and "READY" not in over and ". Ready" not in over
    assert ">PASSED<" not in over


def test_the_end_screen_says_why_the_game_ended():
    from web.html.panels import result_html, result_why, status_words

    t = _finished(["medium", "person", "easy"])
    s, state = t.session, t.session.state
    why = A.words.trigger_words(state.trigger, state.options)
    assert why in ("the extension display could not be refilled",) or why.startswith("the ")
    banner = UI.banner(t.frame())
    assert banner == f"Game over after round {state.round} ({why})"
    root = ET.fromstring(f"<div>{result_html(A, state, s.names)}</div>")
    assert root.find("p[@class='ended']").text == f"The game ended after round {state.round}: {why}."
    out = A.outcome(state)
    assert out.reason == "score" and result_why(A, state, s.names) == ""
    assert root.find("p[@class='why']") is None
    # the result once, in the headline (a phone showed "X wins: …", "X wins with 70 points."
    # and "X wins: …" again after the moves)
    said = status_words(A, state, s.names) + " " + "".join(root.itertext())
    assert said.count(" wins") == 1


def test_warehouse_rows_read_like_the_other_rows():
    """"Complete warehouse rows" reads "2 × 1 = 2" where every complete row is worth the same,
    and "2 rows = 5" where they differ (no product that would be wrong), on one line."""
    s = session_until(lambda st: False, seed=8, players=2)
    hs = s.state.hs
    pad = A.scoreboard(s.state)
    root = ET.fromstring(scores_html(A, s.state, s.names))
    row = next(tr for tr in root.find("tbody").iter("tr")
               if tr.find("th").text == "Complete warehouse rows")
    for td, entry, p in zip(row.findall("td"), pad, s.state.ps):
        part = next(x for x in entry["parts"] if x["key"] == "warehouse")
        rows = [hs.wh_points[r] for r, goods in enumerate(p.wh) if len(goods) >= hs.wh_len]
        assert part["count"] == len(rows) and part["points"] == sum(rows)
        if not rows:
            assert td.text == "–"
        elif len(set(rows)) == 1:
            assert td.text == f"{len(rows)} × {rows[0]} = {sum(rows)}" and td.get("class") == "sum"
        else:
            assert td.text == f"{len(rows)} rows = {sum(rows)}" and td.get("class") == "sum"
    # rows worth different points: no product
    from web.html.panels import _sum_words
    assert _sum_words({"count": 2, "points": 5, "unit": ("row", "rows")}) == "2 rows"
    assert _sum_words({"count": 1, "points": 2, "unit": ("row", "rows")}) == "1 row"
    assert _sum_words({"count": 16, "points": 16, "each": 1}) == "16 × 1"
    # every "n × v = t" cell is one that keeps on one line (class "sum")
    for td in root.iter("td"):
        if td.text and "=" in td.text:
            assert td.get("class") == "sum"


def test_a_click_on_a_ready_badge_is_a_click_on_its_source():
    """New-user run: a location card's READY badge took no click. The page takes a click on it
    (``ready:SID``) for a click on its source: one way plays it, several open the choice (the
    Village's warehouse rows), and with the pawn elsewhere it says why, as the source does."""
    from web.play.table import Table
    for pawn, goods in (("village", ("fish",)), ("village", ("fish", "stone")), ("farm", ("fish",))):
        d = scene(2, seed=1, pawn=pawn, house_set="house_set_13")
        give(d, 0, "village", *goods)
        t = Table(Session("altiplano", load(d)))
        t.reveal()
        frame = t.frame()
        t.board.drawn = svg = t.adapter.svg(frame)  # what the page drew (clicks are checked against it)
        runs = [m for m in frame.view["legal_moves"] if m.startswith("village:")]
        badge = next(el for el in ET.fromstring(svg).iter() if el.get("data-cell") == "ready:village")
        done = t.click("ready:village", badge.get("data-move"))
        if len(runs) == 1:
            assert done.kind == "play" and done.move == runs[0] and t.session.ply == 1
        elif runs:
            assert done.kind == "select" and t.ui["selected"] == "src:village" and t.session.ply == 0
        else:
            assert done.kind == "hint" and t.session.ply == 0
            assert done.text == A.why_not(frame.view, "src:village", list(t.session.names), None)
            assert "pawn" in done.text

