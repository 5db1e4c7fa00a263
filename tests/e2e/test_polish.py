"""Issue 12 end to end: what players hit first — turn words, "why not" messages, quick second
taps, the end of a game (the headline said once, the totals above the fold, Rematch), solo Altitude,
one turn truth."""

from __future__ import annotations

import random

import pytest

from altibox import altiplano, altitude, alto

from .driver import click_alto, click_altitude, put_save, reveal_if_asked, saved_game_script, saved_record, wait_ply

SEED = 20261129


def random_moves(state, n, rng):
    """``state`` after ``n`` random legal Alto moves (fewer if the game ends)."""
    for _ in range(n):
        if alto.is_over(state):
            break
        state = alto.apply(state, rng.choice(alto.legal_moves(state)))
    return state


def test_alto_status_hint_keeps_selection_and_quick_second_tap(open_app):
    state = random_moves(alto.new_game(seed=SEED), 18, random.Random(3))   # two moves after placing
    assert state.phase == "movement"
    record = alto.to_record(state)
    page = open_app("?game=alto", init_script=saved_game_script("alto", record))
    wait_ply(page, 18)
    who = alto.seat_name(state, alto.current_player(state))
    assert page.locator("#status").inner_text().strip() == f"{who} to move — any disc"
    # a click on a square with nothing to play says why, visibly
    empty = next(c["cell"] for c in alto.view(state, 0)["cells"] if not c["stack"] and c["tile"])
    page.locator(f'#board [data-cell="{empty}"]').click()
    assert page.locator("#hint").is_visible()
    assert page.locator("#hint").inner_text() == f"{empty} has no disc to move."
    # select a source, then click a square it cannot reach: the selection stays and we say why
    src = alto.sources(state)[0]
    page.locator(f'#board [data-cell="{src}"]').click()
    dests = {str(m)[2:] for m in alto.destinations(state, src)}
    miss = next(c for c in alto.CELLS if c not in dests and c != src and c not in alto.sources(state))
    page.locator(f'#board [data-cell="{miss}"]').click()
    assert f"cannot go to {miss}" in page.locator("#hint").inner_text()
    assert "selected" in page.locator(f'#board [data-cell="{src}"]').get_attribute("class")
    # a click beside the board keeps the selection too
    page.locator("#board svg .board").click(position={"x": 5, "y": 5})
    assert "selected" in page.locator(f'#board [data-cell="{src}"]').get_attribute("class")
    # quick second tap: a move whose destination can move next; tap it twice in a row (the
    # second click has event.detail == 2): the move is played once, then the disc is selected
    move = next(m for m in alto.legal_moves(state)
                if str(m)[2:] in alto.sources(alto.apply(state, m)))
    src, dst = str(move)[:2], str(move)[2:]
    if "selected" not in page.locator(f'#board [data-cell="{src}"]').get_attribute("class"):
        page.locator(f'#board [data-cell="{src}"]').click()
    box = page.locator(f'#board [data-cell="{dst}"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, click_count=2)
    wait_ply(page, 19)
    after = alto.apply(state, move)
    assert page.locator("#board").get_attribute("data-position") == alto.to_position(after)
    assert "selected" in page.locator(f'#board [data-cell="{dst}"]').get_attribute("class")
    assert not page.locator("#hint").is_visible()


def test_alto_end_headline_result_line_marks_and_rematch(open_app):
    state = alto.new_game(seed=SEED, setup="random", first_player=1)
    rng = random.Random(11)
    while True:
        nxt = random_moves(state, 1, rng)
        if alto.is_over(nxt):
            break
        state = nxt
    last = next(m for m in alto.legal_moves(state))
    end = alto.apply(state, last)
    record = alto.to_record(state, meta={"names": ["Ann", "Bob"]})
    page = open_app("?game=alto", init_script=saved_game_script("alto", record))
    click_alto(page, str(last), len(state.moves) + 1)
    out = alto.outcome(end)
    order = sorted(range(2), key=lambda p: (p not in out.winners, -out.scores[p]))
    names = ["Ann", "Bob"]
    score = f"{out.scores[order[0]]}–{out.scores[order[1]]}"
    head = f"Draw {score}" if out.reason == "draw" else f"{names[out.winners[0]]} wins {score}"
    assert page.locator("#status").inner_text().strip() == head
    # the result is said once, by the headline: the end panel says why the game ended (and, for
    # a draw or a tie-break, how it was decided), never who won again; no line after the moves
    panel = page.locator("#result").inner_text()
    assert alto.end_reason(end, names) in panel
    assert (alto.explain(end, out, names) in panel) == (out.reason != "score")
    assert " wins" not in panel and page.locator("#log-result").count() == 0
    assert page.locator("#log li").count() == len(end.moves)
    # what scored is marked on the board: every disc of the final position, by level
    levels = page.locator("#board [data-level]").evaluate_all("els => els.map(e => +e.dataset.level)")
    assert sorted(levels) == sorted(k for c in end.cells for k in range(1, len(c.stack) + 1))
    page.locator('#result [data-action="rematch"]').click()
    wait_ply(page, 0)
    again = saved_record(page, "alto")
    assert again["options"] == {"first_player": 1, "setup": "random"} and again["moves"] == []
    assert again["meta"]["names"] == ["Ann", "Bob"]
    assert page.locator("#result").is_hidden()


def test_altitude_why_not_and_one_turn_truth(open_app):
    page = open_app("?game=altitude&new=1&seed=11")   # no players: the table's usual two
    record = saved_record(page, "altitude")
    assert record["players"] == 2
    state = altitude.new_game(seed=11, players=2)
    rng = random.Random(4)
    for _ in range(2):   # both setup choices
        reveal_if_asked(page)
        move = str(rng.choice(altitude.legal_moves(state)))
        click_altitude(page, move)
        state = altitude.apply(state, move)
        wait_ply(page, len(state.moves))
        page.locator("#confirm").click()
    reveal_if_asked(page)
    # the pile: not clicked, and the page says so
    page.locator('#board [data-cell="pile"]').click()
    assert page.locator("#hint").inner_text().startswith("The pile is not clicked")
    move = str(altitude.legal_moves(state)[0])
    click_altitude(page, move)
    state2 = altitude.apply(state, move)
    wait_ply(page, len(state2.moves))
    # End turn awaited: status, dot and the TO PLAY panel name the same seat (the mover)
    mover = altitude.current_player(state)
    assert page.locator("#status").get_attribute("data-turn") == str(mover)
    current = page.locator("#board .mountain.current").evaluate_all("els => els.map(e => e.dataset.player)")
    assert current == [str(mover)]
    page.locator("#board [data-cell]").first.click()
    assert page.locator("#hint").inner_text() == "End the turn first (End turn), or undo."


def test_altitude_solo_plays_without_end_turn(open_app):
    page = open_app("?game=altitude&new=1&seed=11&players=1")
    state = altitude.new_game(seed=11, players=1)
    for ply in range(1, 4):
        move = str(altitude.legal_moves(state)[-1])
        click_altitude(page, move)
        state = altitude.apply(state, move)
        wait_ply(page, ply)
        assert page.locator("#confirm").is_hidden() and page.locator("#privacy").is_hidden()
        assert page.locator('#board [data-cell="drawn"]').count() == 1   # the next card, at once
        assert page.locator("#undo").is_disabled()                        # the draw is the barrier


def _four_player_altitude(open_app, width, height, plies=40, seed=11):
    """A 4-player Altitude game ``plies`` in (or over when None), opened at width×height."""
    state = altitude.new_game(seed=seed, players=4)
    rng = random.Random(8)
    while not altitude.is_over(state) and (plies is None or len(state.moves) < plies):
        state = altitude.apply(state, rng.choice(altitude.legal_moves(state)))
    record = altitude.to_record(state, meta={"names": ["Anna", "Tim", "Bo", "Eve"]})
    page = open_app("?game=altitude", init_script=saved_game_script("altitude", record))
    wait_ply(page, len(state.moves))
    reveal_if_asked(page)
    resize(page, width, height)
    return page, state


def resize(page, width, height):
    """Give the page another size; the board follows (its narrow drawing below 760 px)."""
    page.set_viewport_size({"width": width, "height": height})
    narrow = "" if width < 760 else ":not(.narrow)"
    page.wait_for_selector(f"#board svg.altitude-board{'.narrow' if width < 760 else ''}{narrow}",
                           state="attached")


def test_altitude_text_is_readable_on_a_phone_and_a_desktop(open_app):
    """Issue 12: the smallest text on screen is at least 11 CSS px (SVG scaling included) at
    390×844 and 1280×800, in play and at the end; no sideways scrolling on the phone."""
    from .readability import horizontal_overflow, smallest_texts

    for plies in (40, None):
        page, _state = _four_player_altitude(open_app, 390, 844, plies)
        for width, height in ((390, 844), (1280, 800)):
            resize(page, width, height)
            assert smallest_texts(page) == [], (width, plies)
            assert horizontal_overflow(page) == 0


def test_altitude_phone_keeps_status_and_turn_buttons_in_reach(open_app):
    page, state = _four_player_altitude(open_app, 390, 844, plies=40)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    for sel in ("#status", "#undo"):
        box = page.locator(sel).bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844, sel
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#status").bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844


def test_altitude_targets_never_cover_a_cards_value(open_app):
    page, state = _four_player_altitude(open_app, 390, 844, plies=41)
    overlaps = page.evaluate("""() => {
      const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const values = [...document.querySelectorAll("#board .value")].map(t => t.getBoundingClientRect());
      const marks = [...document.querySelectorAll("#board .mark")].map(m => m.getBoundingClientRect());
      let n = 0;
      for (const m of marks) for (const v of values) if (hit(m, v)) n++;
      return [marks.length, n];
    }""")
    assert overlaps[0] > 0 and overlaps[1] == 0


def test_altitude_end_shows_every_hand_and_what_scored(open_app):
    page, state = _four_player_altitude(open_app, 1280, 800, plies=None)
    view = altitude.view(state, None)
    shown = dict(page.locator("#board .end-hand").evaluate_all(
        "els => els.map(g => [+g.dataset.player, [...g.querySelectorAll('[data-card]')].map(c => +c.dataset.card)])"))
    assert {q: sorted(h) for q, h in shown.items()} == {q: sorted(h) for q, h in enumerate(view["final_hands"])}
    assert "(you)" not in page.locator("#board").inner_text()
    out = altitude.outcome(state)
    # one "+1" mark per animal from level 4 up (default points: 1 each)
    assert page.locator("#board .scored").count() == sum(b["animals"] for b in out.breakdown)
    assert page.locator("#result").is_visible()


def test_landing_cards_and_resume_buttons_show_before_python(open_app, base_url_app):
    """Issue 12: the landing page shows the three games and the resume button of a saved game
    from static HTML and localStorage while Python is still loading."""
    record = alto.to_record(alto.apply(alto.new_game(seed=3), "@b2"))
    page = open_app("?game=alto&new=1&seed=3")   # any page of the site: a context with storage
    put_save(page, "alto", record)
    page.route("**/py.tar.gz", lambda route: None)        # Python never gets our code: stays loading
    page.goto(base_url_app)
    page.wait_for_selector('#landing [data-game-id="altiplano"]', state="visible")
    assert page.evaluate("document.documentElement.classList.contains('ready')") is False
    cards = page.locator("#landing [data-game-id]").evaluate_all("els => els.map(e => e.dataset.gameId)")
    assert cards == ["alto", "altitude", "altiplano"]
    resume = page.locator('#landing [data-resume="alto"]')
    assert resume.is_visible() and "(move 1)" in resume.inner_text()
    assert page.locator('#landing [data-resume="altitude"]').count() == 0
    assert page.locator("#landing .loading").is_visible()
    page.unroute("**/py.tar.gz")
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert page.locator("#landing .loading").count() == 0       # Python's own landing page
    assert page.locator('#landing [data-resume="alto"]').is_visible()


def test_two_copies_on_one_origin_share_saves_on_purpose(open_app, tmp_path):
    """Issue 12 / README "Two copies on one site share saves": the same build at /v1/ and /v2/
    of one origin (two GitHub Pages project sites of one user) keeps the storage keys of the
    design, so the second copy offers to resume the first one's game."""
    import serve

    from .driver import start_server

    serve.build(tmp_path / "v1")
    serve.build(tmp_path / "v2")
    server, url = start_server(site_dir=tmp_path, prefix="/")
    try:
        page = open_app("v1/?game=alto&new=1&seed=5", base=url)
        click_alto(page, "@b2", 1)
        page.goto(url + "v2/")
        page.wait_for_selector("html.ready", state="attached")
        resume = page.locator('#landing [data-resume="alto"]')
        assert resume.is_visible() and "(move 1)" in resume.inner_text()
        resume.click()
        page.wait_for_selector("html.ready", state="attached")
        wait_ply(page, 1)
        assert page.url.startswith(url + "v2/")
        assert saved_record(page, "alto")["moves"] == ["@b2"]
    finally:
        server.shutdown()
        server.server_close()


#: the Total row's cells (one per player) and whether each is the element drawn at its centre
#: (inside the viewport, not covered, not scrolled out of the side panel)
TOTALS_SEEN = """() => [...document.querySelectorAll('#scores tfoot tr:first-child [data-score]')].map(td => {
  const r = td.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {score: +td.dataset.score, text: td.textContent.trim(), top: r.top, bottom: r.bottom,
          seen: y >= 0 && y < innerHeight && !!hit && (hit === td || td.contains(hit))};
})"""


def _ended(module, players: int, seed: int):
    """A game of ``module`` played to its end with random moves."""
    state, rng = module.new_game(seed=seed, players=players), random.Random(seed)
    while not module.is_over(state):
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    return state


@pytest.mark.parametrize("game,players,seed", [("altiplano", 3, 5150), ("altiplano", 5, 5150),
                                               ("altitude", 4, 11), ("alto", 2, 7)])
def test_game_over_totals_and_winner_above_the_fold(open_app, game, players, seed):
    """New-user run: at the end of an Altiplano game on a 1280×900 window the score pad's Total
    row sat below the fold (a 3-player game: its bottom at 945 px; 5 players: 908 px). Now the
    winner (#status) and every player's total are on screen without scrolling, in every game."""
    module = {"altiplano": altiplano, "altitude": altitude, "alto": alto}[game]
    state = _ended(module, players, seed)
    names = ["Anna", "Bot 2 (medium)", "Bot 3 (hard)"] if players == 3 else \
        ["Anna", "Tim", "Bo", "Chiara", "Kofi"][:players]
    record = module.to_record(state, meta={"names": names})
    page = open_app(f"?game={game}", init_script=saved_game_script(game, record))
    page.set_viewport_size({"width": 1280, "height": 900})
    wait_ply(page, len(state.moves))
    out = module.outcome(state)
    page.wait_for_function("() => document.querySelector('#result') && !document.querySelector('#result').hidden")
    status = page.locator("#status")
    assert status.get_attribute("data-winners") == ",".join(map(str, out.winners))
    box = status.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 900
    totals = page.evaluate(TOTALS_SEEN)
    assert [t["score"] for t in totals] == [int(t["text"]) for t in totals] == list(out.scores)
    assert all(t["seen"] and t["bottom"] <= 900 for t in totals), totals
    assert page.evaluate("scrollY") == 0


def test_altiplano_game_over_on_a_phone_says_the_result_once(open_app):
    """New-user run: a phone showed the result three times (the bar, the end panel, a line after
    the moves). Now one result line (#status, in the bar) and the score pad."""
    names = ["Anna", "Tim", "Bo", "Chiara", "Kofi"]
    state = _ended(altiplano, 5, 5150)
    page = open_app("?game=altiplano", init_script=saved_game_script(
        "altiplano", altiplano.to_record(state, meta={"names": names})), touch=True)
    wait_ply(page, len(state.moves))
    out = altiplano.outcome(state)
    winner = names[out.winners[0]]
    status = page.locator("#status").inner_text().strip()
    assert status.startswith(f"{winner} wins: ")
    # the whole page's words: the winner's "wins" once (the headline); the end panel's reason
    text = page.locator("main").inner_text()
    assert text.count(" wins") == 1 and page.locator("#log-result").count() == 0
    assert altiplano.end_reason(state, names) in page.locator("#result").inner_text()
    cells = page.locator("#scores tfoot tr:first-child [data-score]")
    assert [int(x) for x in cells.all_inner_texts()] == list(out.scores)
