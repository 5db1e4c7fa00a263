"""The guided first game (issue 22 point 1): each game's lesson file (``altibox/<game>/learn.json``)
is proved by the scene checker, Altiplano's covers a whole round (draw, plan, move and act, the
Market, the Warehouse, an order), and the play-on record replays to the position reached."""

from __future__ import annotations

import json

import pytest

from altibox import GAMES, altiplano
from altibox.core import scenes as S
from web.html import howto, screens
from web.links import params as link_params
from web.play.learn import OPPONENTS, Guide, has_guide, learn_url, step_request

GAMES_WITH_GUIDE = ("alto", "altitude", "altiplano")


@pytest.mark.parametrize("game", GAMES_WITH_GUIDE)
def test_each_learn_file_is_proved_by_the_scene_checker(game):
    scene = S.load_learn(game)
    assert scene is not None and has_guide(game)
    S.check_scene(scene)  # raises on any false claim: every asked move and reply legal in turn
    assert scene.record["seed"] is not None and scene.record["moves"] == [] and scene.record["start"] is None
    assert all(step.prompt and len(step.moves) == 1 for step in scene.line)
    assert scene.viewer == 0
    # every step tells the learner what to do now, and the reply ends with the learner to act
    guide = Guide(game)
    for i, step in enumerate(scene.line):
        assert GAMES[game].current_player(guide.board.state) == 0
        assert guide.now_text() == step.prompt
        guide.play(step.moves[0])
        assert guide.step == i + 1
    assert guide.done and guide.board.kind == "right"


def test_the_altiplano_round_pins_its_house_set_and_covers_every_part_of_a_round():
    scene = S.load_learn("altiplano")
    assert scene.record["options"] == {"house_set": "house_set_13"}
    asked = [step.moves[0] for step in scene.line]
    assert asked[0] == "draw"                                          # draw
    assert [m for m in asked if ">" in m] == ["glass>market", "food>trader", "alpaca>village"]  # plan
    assert "done" in asked                                             # Done planning
    assert asked[asked.index("done") + 1] == "@market"                 # the pawn placed, then act
    assert {"trader", "sell:glass", "buy:A1", "order:O6"} <= set(asked)  # the Market: sell, buy, an order
    assert "go:village" in asked and "village:r1" in asked             # move by cart; the Warehouse
    assert asked[-1] == "pass"
    guide = Guide("altiplano")
    phases = []
    for step in scene.line:
        phases.append(json.loads(altiplano.to_position(guide.board.state))["phase"])
        guide.play(step.moves[0])
    assert phases[:5] == ["draw", "planning", "planning", "planning", "planning"]
    assert set(phases[5:]) == {"actions"}
    pos = json.loads(altiplano.to_position(guide.board.state))
    me = pos["seats"][0]
    assert pos["round"] == 2 and pos["phase"] == "draw"               # one whole round played
    assert me["warehouse"] == [["alpaca"]] and me["order"]["id"] == "O6"
    assert [e[0] for e in me["extensions"]] == ["A1"] and me["coins"] == 0  # 1 + 2 (glass) - 1 - 2
    assert me["planning"] == {"food": 1}  # the food left on its planning space stays for round 2


@pytest.mark.parametrize("game", GAMES_WITH_GUIDE)
def test_the_play_on_record_replays_to_the_position_reached(game):
    module = GAMES[game]
    guide = Guide(game)
    for step in guide.scene.line:
        guide.play(step.moves[0])
    record = guide.play_on_record()
    assert record["seed"] == guide.scene.record["seed"] and record["options"] == guide.scene.record["options"]
    named = GAMES[game].INFO.seats is None  # a game where players type names (not Alto's colours)
    assert record["meta"] == ({"seats": ["person", "easy"], "names": ["Player 1", "Bot 2 (easy)"]}
                              if named else {"seats": ["person", "easy"]})
    state = module.replay(record)
    assert module.to_position(state) == module.to_position(guide.board.state)
    assert len(record["moves"]) == len(guide.moves) == sum(1 + len(st.reply) for st in guide.scene.line)
    assert module.current_player(state) == 0
    assert guide.play_on_record("medium")["meta"]["seats"] == ["person", "medium"]
    # new-user run: the bot played on was "Player 2" in the score, status and log; a new game
    # against a bot calls it "Bot 2 (medium)"
    from web.play.session import Session
    names = Session.from_record(game, guide.play_on_record("medium")).names
    assert names == (["Player 1", "Bot 2 (medium)"] if named else ["Red", "White"])
    assert guide.play_on_record("person")["meta"] == {}
    with pytest.raises(ValueError, match="play on against one of"):
        guide.play_on_record("godlike")
    from web.play.session import Session
    session = Session.from_record(game, record)  # what "Play on from here" starts
    assert session.ply == len(record["moves"])


def test_a_wrong_move_is_refused_with_the_steps_feedback_and_the_board_kept():
    guide = Guide("alto")
    start = guide.board.state
    said = guide.play("@a3")
    assert said == guide.scene.line[0].wrong and guide.board.state is start and guide.step == 0
    assert guide.moves == [] and guide.board.kind == "wrong"
    guide.play("@b3")
    assert guide.step == 1 and guide.moves == ["@b3", guide.scene.line[0].reply[0]]
    # a hint for a tempting wrong move in Altiplano's planning
    ap = Guide("altiplano")
    ap.play("draw")
    assert "warehouse" in ap.play("glass>village") and ap.step == 1


@pytest.mark.parametrize("game", GAMES_WITH_GUIDE)
def test_a_reload_restores_the_step_reached(game):
    clicked = Guide(game)
    for step in clicked.scene.line[:3]:
        clicked.play(step.moves[0])
    restored = Guide(game)
    assert restored.restore(3) == 3
    module = GAMES[game]
    assert module.to_position(restored.board.state) == module.to_position(clicked.board.state)
    assert restored.moves == clicked.moves
    assert Guide(game).restore(999) == len(clicked.scene.line)  # clamped to the line
    assert step_request("3", 15) == (2, None)
    assert step_request("-1", 15)[0] == 0 and step_request("99999", 15)[0] == 0


def test_a_link_to_a_step_the_guide_does_not_have_says_so_and_starts_at_step_1():
    """New-user run: ``?game=altiplano&page=learn&step=999`` jumped to "All 15 steps done"."""
    guide = Guide("altiplano")
    assert guide.steps == 15
    step, said = step_request("999", guide.steps)
    assert step == 0 and said == "This link asks for step 999; the guided game has 15 steps. It starts at step 1."
    assert guide.restore(step) == 0 and "Step 1 of 15" in guide.html()
    assert step_request("16", 15)[1] == "This link asks for step 16; the guided game has 15 steps. It starts at step 1."
    assert step_request("9" * 30, 15) == (0, f"This link asks for step {'9' * 20}…; the guided game has 15 steps. "
                                             f"It starts at step 1.")
    assert step_request("-1", 15) == (0, "This link asks for step “-1”, which is not a step number (1 to 15, or "
                                         "done). It starts at step 1.")
    # the steps the guide has, its end and no step at all need no word
    assert [step_request(t, 15) for t in ("1", "15", "done", " DONE ", "", None, "0")] == [
        (0, None), (14, None), (15, None), (15, None), (0, None), (0, None), (0, None)]


def test_the_page_says_the_step_what_to_do_and_offers_play_on_at_the_end():
    guide = Guide("alto")
    html = guide.html()
    assert "Step 1 of 11" in html and 'data-step="0"' in html and "learn-play-on" not in html
    assert guide.scene.line[0].prompt.split(":")[0] in html
    assert 'data-move="@b3"' in html  # the board's own targets
    assert "learn-restart" not in html  # nothing to start again yet
    guide.play("@b3")
    assert "Step 2 of 11" in guide.html() and "learn-restart" in guide.html()
    guide.restore(11)
    html = guide.html()
    assert guide.done and "All 11 steps done" in html and 'data-action="learn-play-on"' in html
    assert html.count('name="learn-opponent"') == len(OPPONENTS) and 'value="easy" checked' in html


def test_the_guided_game_is_offered_on_each_card_and_how_to_play_page():
    landing = screens.landing_html({})
    for game in GAMES_WITH_GUIDE:
        assert f'href="?game={game}&amp;page=learn">Guided first game</a>' in landing
        assert f'href="?game={game}&amp;page=learn">Guided first game</a>' in howto.howto_html(game)
    assert learn_url("altiplano", 4) == "?game=altiplano&page=learn&step=5"
    assert link_params.unknown_notice({"game": "alto", "page": "learn", "step": "2"}, {}) is None


def test_a_step_prompt_needs_schema_2():
    raw = {"schema": 1, "game": "alto", "scenes": [
        {"id": "x", "title": "T", "caption": "C", "position": "OD,DO,DO,AS/DO,OD,OD,SA/SA,DO,DO,OD/DO,AS,OD,OD r p",
         "ask": {"moves": ["@a1"], "wrong": "w", "result": "r", "prompt": "Place on a1."}}]}
    with pytest.raises(S.SceneError, match="ask.prompt"):
        S.parse_file("alto", json.dumps(raw))
    raw["schema"] = 2
    assert S.parse_file("alto", json.dumps(raw))[0].ask.prompt == "Place on a1."


@pytest.mark.parametrize("game", GAMES_WITH_GUIDE)
def test_only_the_target_to_click_now_is_marked(game):
    """The board's own highlights are hidden (``hide-hints``) and one ring marks the cell that
    plays the asked move, or whose selection shows it (issue 22: only the asked move lit)."""
    import re
    from web.play.learn import cell_of_move
    guide = Guide(game)
    for step in guide.scene.line:
        html = guide.html()
        marked = re.findall(r'data-mark="([^"]*)"', html)
        assert len(marked) == 1 and "scene-board hide-hints" in html
        target = re.search(r'data-target="([^"]*)"', html).group(1)
        assert marked == [target]
        svg = guide.board.drawn_svg
        if cell_of_move(svg, step.moves[0]) is None:  # a two-click move: the first click selects the target
            guide.board.click(target, None)
            assert cell_of_move(guide.board.ui_adapter.svg(guide.board.frame()), step.moves[0]) is not None
        guide.play(step.moves[0])
    assert "data-mark" not in guide.html()
    wanted = {"alto": "b3", "altitude": "hand:15", "altiplano": "draw"}[game]
    assert Guide(game).target(Guide(game).board._svg()) == wanted


def _drawn(guide: Guide) -> str:
    """Draw the guide's board as the page does (clicks are checked against it)."""
    return guide.board_html()


def test_a_good_put_where_the_step_does_not_ask_is_refused_in_words_on_the_page():
    """Issue 22: step 2 used to deselect the glass silently when it was put on an action space
    off the script; now the page says nothing was played and what the step asks."""
    g = Guide("altiplano")
    g.play("draw")
    target = g.target(g.board.ui_adapter.svg(g.board.frame()))
    _drawn(g)
    assert g.click(target, None) == "" and g.board.ui["selected"] == target  # the glass
    _drawn(g)
    said = g.click("src:farm", None)          # the Farm takes no glass: it plays nothing
    wrong = g.scene.line[1].wrong
    assert said == f"Nothing to play from there. {wrong}"
    assert g.feedback() == said and g.board.kind == "wrong" and g.step == 1
    assert said in _html_text(g.html())       # shown on the page, not only announced
    assert g.board.ui["selected"] is None


def _html_text(markup: str) -> str:
    import html
    import re
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_the_guided_board_names_its_orange_mark_and_offers_no_take_back():
    """Issue 22: the guide marks one target in orange and refuses take-backs, so neither the
    board's hint nor the lesson's words say "(green)" or that a good may be taken back now."""
    g = Guide("altiplano")
    g.play("draw")
    g.board.ui["selected"] = g.target(g.board.ui_adapter.svg(g.board.frame()))
    text = _html_text(g.board_html())
    assert "Now click an action space (marked in orange) for the glass." in text
    assert "(green)" not in text
    g.board.ui["selected"] = None
    assert "take it back" not in _html_text(g.board_html())
    for game in GAMES_WITH_GUIDE:
        for step in S.load_learn(game).line:
            for words in (step.prompt, step.result, step.wrong, *step.hints.values()):
                assert "green" not in words.lower(), (game, words)
                assert "may still take it back" not in words, (game, words)
    # step 13 stores the alpaca with one click: the only row it may start, no choice asked
    step13 = S.load_learn("altiplano").line[12]
    assert step13.moves == ("village:r1",) and "choose row" not in step13.prompt


def test_altos_guided_moves_do_what_their_words_say():
    """Issue 22: a guided move step said "build stacks with red on top" while it moved a White
    disc. Each move step now moves a red disc, which lands on top at the level its words name,
    and the symbol it names is the one under the disc that moves."""
    import re
    from altibox import alto
    scene = S.load_learn("alto")
    state = S.start_state(scene)
    for step in scene.line:
        move = step.moves[0]
        cells = {c["cell"]: c for c in alto.view(state, 0)["cells"]}
        if not move.startswith("@"):
            src, dst = move[:2], move[2:4]
            assert cells[src]["stack"].endswith("r"), (move, "a red disc moves")
            said = re.search(r"under \w\d shows (\w) ", step.prompt).group(1)
            assert said == cells[src]["active"], move
        else:
            said = re.search(r"Its tile shows (\w) ", step.prompt).group(1)
            assert said == cells[move[1:]]["active"], move
        state = alto.apply(state, move)
        if not move.startswith("@"):
            stack = {c["cell"]: c for c in alto.view(state, 0)["cells"]}[dst]["stack"]
            level = int(re.search(r"(?:to|at) level (\d)", step.prompt).group(1))
            assert stack.endswith("r") and len(stack) == level, (move, stack)
        for reply in step.reply:
            state = alto.apply(state, reply)


def test_the_step_prompt_is_cut_into_now_and_why_for_a_phone():
    from web.play.learn import split_prompt
    assert split_prompt("Click Draw. Why: goods. Cost: nothing.") == ("Click Draw.", "Why: goods. Cost: nothing.")
    assert split_prompt("Sell it. Cost: a glass.") == ("Sell it.", "Cost: a glass.")
    assert split_prompt("Just do it.") == ("Just do it.", "")
    g = Guide("altiplano")
    now, why = split_prompt(g.now_text())
    html = g.html()
    assert f"<strong>Now:</strong> {now}" in html and 'id="learn-why" hidden>' in html
    assert 'data-action="learn-why" aria-expanded="false" aria-controls="learn-why">Why?</button>' in html
    assert g.toggle_why() and 'id="learn-why">' in g.html() and 'aria-expanded="true"' in g.html()
    g.play("draw")
    assert g.why_open and 'id="learn-why">' in g.html()      # kept from step to step
    for game in GAMES_WITH_GUIDE:                               # every step has a "now" part
        for step in S.load_learn(game).line:
            assert split_prompt(step.prompt)[0], (game, step.prompt)


def test_the_altiplano_guide_quotes_the_values_of_its_own_house_set():
    """The guided game's texts state points from its house set (issue 18): the VP of the orders
    it names, glass and alpaca values. A new user found "O6 … 10 points" left from version 2
    while the board said 12 VP."""
    import re
    from altibox.altiplano import data
    scene = S.load_learn("altiplano")
    hs = data.load(scene.record["options"]["house_set"])
    texts = [t for step in scene.line for t in (step.prompt, step.wrong, *(step.hints or {}).values())]
    quoted = [(oid, int(n)) for t in texts for oid, n in re.findall(r"\b(O\d+)\b[^.:]*?(\d+) points", t)]
    assert quoted and all(n == hs.orders[oid][1] for oid, n in quoted), quoted
    assert ("O6", 12) in quoted
    assert any(f"glass is worth {hs.values['glass']} points" in t for t in texts)
    assert any(f"the alpaca keeps its {hs.values['alpaca']} points" in t for t in texts)


def test_a_double_click_on_a_one_click_step_plays_it_once_and_keeps_its_result():
    """Found by a new-user run: a double click on Altiplano's Draw (step 1) counted its second
    click as a wrong click on step 2, and the draw's result was never shown. The second click
    of a double click (``repeat``) after a click that played a step is ignored; after a click
    that played nothing it is a click like any other (a wrong target still says why)."""
    guide = Guide("altiplano")
    svg = guide.board.ui_adapter.svg(guide.board.frame())
    guide.board.drawn_svg = svg
    assert guide.target(svg) == "draw"
    said = guide.click("draw", "draw")
    assert said.startswith("You drew glass, alpaca and 2 food onto your planning spaces.")
    assert guide.step == 1 and len(guide.moves) == 2
    assert guide.click("draw", "draw", repeat=True) is None
    assert guide.step == 1 and len(guide.moves) == 2 and guide.board.kind == "ask"
    assert guide.feedback().startswith("You drew glass, alpaca and 2 food")
    # without the double click, the same click again is refused in words
    guide.board.drawn_svg = guide.board.ui_adapter.svg(guide.board.frame())
    assert guide.click("draw", "draw") is not None and not guide.feedback().startswith("You drew")
    # a double click on a wrong target: the second click is not swallowed
    alto = Guide("alto")
    alto.board.drawn_svg = alto.board.ui_adapter.svg(alto.board.frame())
    first = alto.click("a3", "@a3")
    assert alto.step == 0 and alto.board.kind == "wrong" and first == alto.scene.line[0].wrong
    assert alto.click("a3", "@a3", repeat=True) == alto.scene.line[0].wrong


def test_a_click_on_the_board_once_every_step_was_played_says_to_play_on():
    """New-user run: at ``?game=altiplano&page=learn&step=done`` the blue "Draw 3 goods" button
    did nothing, without a word; only "Play on from here" went on. The board plays no more
    moves there, and a click on it says so, on the page."""
    from web.play.learn import PLAY_ON_FIRST
    guide = Guide("altiplano")
    guide.restore(guide.steps)
    assert guide.done
    svg = guide.board.ui_adapter.svg(guide.board.frame())
    guide.board.drawn_svg = svg
    assert 'data-move="draw"' in svg  # the button is still drawn
    position = altiplano.to_position(guide.board.state)
    assert guide.click("draw", "draw") == PLAY_ON_FIRST
    assert altiplano.to_position(guide.board.state) == position and guide.done
    html = guide.html()
    assert "Play on from here</button>" in html
    assert "this board plays no more moves" in html.split('id="learn-feedback"')[1].split("</p>")[0]
    assert guide.click(None, None) is None  # a click beside every target: nothing to say
