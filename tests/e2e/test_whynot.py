"""Issue 22: every click that cannot act says, in ``#hint``, the rule that refuses it — in every
game, at two or three positions each: an occupied square, a card or a pile that cannot be played
now, a location or an action space out of reach, an empty or locked planning space, an extension
that costs more than the player has.

Each position is loaded as a save in one page (no second boot), the cell is clicked, and
``#hint`` must hold the game's own words for that rule (written out here as a reader sees them),
while the board's ply stays where it was (nothing was played).
"""

from __future__ import annotations

from altibox import altiplano, altitude, alto

from .driver import put_save, wait_hint


def go(page, query: str) -> None:
    """Show ``query``'s screen the way the site's in-page links do (no second boot)."""
    page.evaluate("q => { history.pushState(null, '', q); dispatchEvent(new PopStateEvent('popstate')); }", query)
    page.wait_for_selector("html.ready", state="attached")


def alto_positions():
    s = alto.new_game(seed=5)
    for m in ("@a1", "@b2", "@c3"):
        s = alto.apply(s, m)
    yield s, None, [("a1", "a1 already holds a disc: place yours on a tile without a disc."),
                    ("c3", "c3 already holds a disc: place yours on a tile without a disc.")]
    for _ in range(14):
        s = alto.apply(s, alto.legal_moves(s)[0])
    assert s.phase == "movement" and s.moves[-1] == "a1b2"
    yield s, None, [("a1", "a1 has no disc to move.")]
    # a2 selected first (its legal destinations lit), then a square it cannot reach
    yield s, "a2", [("a1", "The disc on a2 cannot go to a1: its diagonal tile allows only the "
                           "highlighted squares.")]


def altitude_positions():
    s = altitude.new_game(seed=5, players=2)
    for _ in range(4):
        s = altitude.apply(s, altitude.legal_moves(s)[0])
    yield s, None, [
        ("pile", "The pile is not clicked: each turn starts by drawing its top card for you."),
        ("p1:L1:0", "That place is taken."),
    ]
    for _ in range(8):
        s = altitude.apply(s, altitude.legal_moves(s)[0])
    yield s, None, [("p1:L1:-3", "That place is taken.")]


def altiplano_positions():
    s = altiplano.new_game(seed=5, players=2)
    yield s, None, [("plan:1", "First draw your goods; planning comes next."),
                    ("order:O1", "Take orders at the Market, in the Actions phase.")]
    while s.phase != "planning":
        s = altiplano.apply(s, "draw")
    yield s, None, [
        ("plan:8", "Planning space 8 is locked: moving up the Road track opens more planning spaces."),
        ("src:market", "Select a good on a planning space first (or a coin for a coin space)."),
        ("loc:farm", "Left at the Farm: 7 alpaca, 9 wool, 10 cloth. The Farm on the ring is where "
                     "pawns go in the Actions phase. In Planning, put goods on the action spaces of "
                     "your own board (outlined in green)."),
    ]
    # a food selected, then a card that takes no good (issue 22: it said nothing)
    yield s, "plan:1", [
        ("order:O1", "Orders are taken at the Market in the Actions phase, not planned on: put the "
                     "food on an action space outlined in green."),
        ("display:A4", "Extensions are bought at the Market in the Actions phase, not planned on: put "
                       "the food on an action space outlined in green."),
    ]
    while s.phase != "actions":
        s = altiplano.apply(s, "draw" if s.phase == "draw" else "done")
    s = altiplano.apply(s, "@market")
    yield s, None, [("src:farm", "Your pawn is not at the Farm."),
                    ("display:A4", "It costs 2 coins; you have 1."),
                    ("loc:market", "Left at the Market: 10 glass, 10 orders. Your pawn is already at the Market.")]


POSITIONS = {"alto": alto_positions, "altitude": altitude_positions, "altiplano": altiplano_positions}


def test_every_refused_click_names_its_rule_in_every_game(open_app):
    page = open_app("")
    checked = 0
    for game, positions in POSITIONS.items():
        module = {"alto": alto, "altitude": altitude, "altiplano": altiplano}[game]
        for state, selected, clicks in positions():
            put_save(page, game, module.to_record(state))
            go(page, f"?game={game}")
            ply = str(len(state.moves))
            page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")
            if page.locator("#privacy").is_visible():
                page.locator('[data-action="reveal"]').click()
            if selected:
                page.locator(f'#board [data-cell="{selected}"]').first.click()
            for cell, words in clicks:
                assert page.locator(f'#board [data-cell="{cell}"]').count() > 0, (game, cell)
                # the game's words, for the rule that refuses this click (the reader's text)
                view = module.view(state, module.current_player(state))
                names = [module.seat_name(state, p) for p in range(module.num_players(state))]
                assert module.why_not(view, cell, names, selected) == words, (game, cell)
                page.locator(f'#board [data-cell="{cell}"]').first.click()
                wait_hint(page, words)
                assert page.locator("#hint").inner_text() == words
                assert page.locator("#board").get_attribute("data-ply") == ply
                checked += 1
    assert checked == 17, checked
