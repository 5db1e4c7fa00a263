"""The "How to play" pages (``?game=G&page=rules``): short texts with live scene boards.

Pure Python (HTML text, CPython-testable). Each game's page is a list of sections written from
its rulebook and rules spec: components, setup, a turn, every action or marker, the end of the
game, scoring. A section may hold scenes (by id, from ``altibox/<game>/scenes.json``): the page
puts a ``<figure class="scene" data-scene=ID>`` there, which :mod:`web.dom.app` fills with a live
board (:class:`web.play.sceneboard.SceneBoard`) under the page's one interpreter.

Blocks of a section: a ``str`` is a paragraph; a ``list`` of ``str`` is a bulleted list; the
token ``LEGEND`` puts the game's legend (``module.legend()``: symbol, name, what it does).

A game whose components' values come in versions (Altiplano's house set) words the numbers its
texts quote from the version shown (``module.rule_figures(options)``, named ``{start_goods}``
and so on in the texts), and a page opened from a game on another version says so at its top.
"""

from __future__ import annotations

from altibox import GAMES

from web.html.escape import esc
from web.html.legend import legend_html

LEGEND = "legend"

#: game id -> sections: (id, heading, blocks, scene ids)
PAGES: dict[str, list[tuple[str, str, list, list[str]]]] = {
    "alto": [
        ("goal", "The idea", [
            "Alto is a game for two: Red and White. The board is a 4 × 4 grid of square tiles; "
            "every tile holds a disc at the start. On your turn you move one disc, and the tile it "
            "leaves turns over, then disappears. Discs pile up into stacks. When no tile holds a "
            "disc any more, the game ends: the higher a disc sits in its stack, the more it scores.",
        ], []),
        ("components", "What is in the box", [
            ["16 square tiles. Each tile has two faces, a bright face and a black face, and each "
             "face shows one movement symbol.",
             "18 discs: 9 red and 9 white. Each player puts 8 on the board; the 9th stays beside "
             "the board to remind everyone of their colour and never scores."],
            "The four movement symbols (the letter is printed in the tile's corner too):",
            LEGEND,
            "On this board a tile flips to the other symbol of its pair: O and D tiles turn into "
            "each other, and so do A and S. Hover over a tile (or focus it) to read what it does now "
            "and what it turns into.",
        ], []),
        ("setup", "Setting up", [
            "The tiles are shuffled and laid out bright side up. Then the players take turns "
            "putting one of their discs on an empty tile until every tile holds exactly one disc. "
            "Red places first (here: choose who starts on the new-game form, or let the discs be "
            "placed at random).",
        ], ["placement"]),
        ("turn", "A turn", [
            "On your turn you must move exactly one disc: any disc, red or white, as the tile "
            "beneath it allows. Only the top disc of a stack moves, except on a stack tile (S), "
            "which moves the whole stack. The disc or stack always lands on top of whatever is on "
            "the destination: a stack, an empty tile, or a square whose tile is gone.",
            "Then the tile you moved from changes: a bright tile flips to its black side; a black "
            "tile is removed from the game. Discs left behind stay where they are.",
            "Four examples in the rulebook's spirit, to play here (click a disc, then its destination):",
        ], ["move-and-flip", "any-colour", "move-and-remove", "move-to-empty"]),
        ("stuck", "Removed squares", [
            "A square without a tile has no symbol, so the discs on it can never move again. You "
            "can still move discs onto it: that is often how tall stacks are built safely.",
        ], []),
        ("end", "The end of the game", [
            "The game ends when no tile holds a disc: then nobody can move. Every tile left is "
            "black side up and empty, and all the discs stand on removed squares. A game lasts at "
            "most 32 moves after the placement.",
        ], []),
        ("scoring", "Scoring", [
            "A disc at level k scores k points: the bottom disc of a stack scores 1, the one on it "
            "2, and so on. Each player adds up their 8 discs. The higher total wins.",
            "On equal scores, the player with more discs at the highest level wins; if those "
            "counts are equal too, compare the next level down, and so on. Equal at every level: "
            "a draw.",
        ], ["scoring", "tie-break"]),
    ],
    "altitude": [
        ("goal", "The idea", [
            "Altitude is a card game for 1 to 4 players. Each player builds a mountain: a pyramid "
            "of cards where every card rests on two cards below it and must be higher than both. "
            "The highest mountain, with animals near its top, wins. Cable cars, avalanches and Saint "
            "Bernards bend the rules.",
        ], []),
        ("components", "The cards", [
            "120 cards: numbered cards 1 to 100 (ten of them are animals: chamois, marmots, ibexes, "
            "black grouse, and the Dahut), 8 cable cars, 8 avalanches and 4 Saint Bernards.",
            LEGEND,
        ], []),
        ("setup", "Setting up", [
            "The cards are shuffled and everyone gets 6. Each player keeps 4 and puts the other 2 "
            "face down on top of the draw pile, in turn order. Your hand holds 4 cards for as long "
            "as the pile lasts; nobody else sees it (on one device, the page hides it while the "
            "device is passed).",
        ], []),
        ("mountain", "Building a mountain", [
            "The first card starts the base (level 1). The base may grow at either end, up to 10 "
            "cards wide. A card of level 2 or higher rests on the two cards below it and must be "
            "higher than both (not their sum). Upper levels may start before the base is complete.",
        ], ["building"]),
        ("turn", "A turn", [
            "Every turn starts by drawing the top card of the pile. Then do exactly one thing:",
            ["place the drawn card on your own mountain (+);",
             "discard it (the discard pile, ↓);",
             "place it on an opponent's mountain, once they have started one;",
             "keep it and play a card from your hand on your own mountain instead;",
             "replace an uncovered card of your own mountain with it (⇄; the old card is discarded);",
             "remove an avalanche with a Saint Bernard (×): the one you drew, or one from your hand "
             "while you keep the drawn card."],
            "Hand cards never go to an opponent during the draw phase, and nothing comes back from "
            "the discard pile.",
        ], ["keep-drawn"]),
        ("special", "Cable cars, avalanches and Saint Bernards", [
            "A cable car counts as 0 and may go on any two cards, avalanches included, or in the "
            "base; any numbered card may then go on top of it.",
            "An avalanche only ever goes on an opponent's mountain. Nothing but a cable car may rest "
            "on it; it still counts toward the height.",
            "A Saint Bernard is never placed. It removes an uncovered avalanche from your own "
            "mountain (both go to the discard pile), or it stays in your hand and scores 1 point at "
            "the end.",
        ], ["cable-car", "avalanche", "saint-bernard"]),
        ("double", "Five levels: the double turn", [
            "When your turn comes and your mountain is at least 5 levels high (every kind of card "
            "counts), you play two whole turns in a row, each with its own draw.",
        ], ["double-turn"]),
        ("end", "The end of the game", [
            "When the draw pile is empty, the final building begins: round the table, each player "
            "places one card from their hand on their own mountain, drops a kept avalanche on an "
            "opponent, uses a Saint Bernard, or passes. It ends when everybody passes in a row.",
        ], ["final-building"]),
        ("scoring", "Scoring", [
            ["1 point per level of your mountain (its height);",
             "1 point per animal at level 4 or higher;",
             "1 point if your hand is empty at the end (Saint Bernards do not count as cards left);",
             "1 point per Saint Bernard in your hand."],
            "The highest score wins; equal scores share the win.",
        ], ["scoring"]),
    ],
    "altiplano": [
        ("goal", "The idea", [
            "Altiplano is a bag-building game for 2 to 5 players. Each round you draw goods from "
            "your own bag, plan them onto action spaces, then travel round a ring of seven "
            "locations to turn them into better goods, houses, boats, orders and warehouse rows. "
            "Goods are never used up: whatever you use or gain goes to your crate and later back "
            "into your bag. The most points at the end win.",
        ], []),
        ("components", "Goods and marks", [
            "The goods, their value at the end and where they are made (hover over any good on the "
            "board for the same), then the other marks:",
            LEGEND,
        ], []),
        ("setup", "Setting up", [
            "The seven locations (Harbor, Farm, Forest, Mine, Road, Market, Village) lie in a ring "
            "in random order, each stocked with its goods and cards. Each player gets a role, which "
            "adds one action space at its location and gives its starting goods ({start_goods}: "
            "hover over the role), its coins, 1 cart and a pawn "
            "that enters the ring for free before the first action.",
        ], []),
        ("round", "A round: draw, plan, act", [
            "Draw: fill your open planning spaces ({first_spaces} at first, up to {planning_spaces} along the road track) from "
            "your bag. Goods left from last round stay and you draw fewer.",
        ], ["draw"]),
        ("plan", "Planning", [
            "Move goods from the planning spaces onto action spaces: a location's spaces, your "
            "role tile, your extensions, the movement spaces (food only). Everyone plans at the "
            "same time; here on one device, each in turn, hidden from the others until the Actions "
            "phase. Goods placed in an earlier round stay where they are.",
        ], []),
        ("actions", "Actions", [
            "In turn, each player either acts or passes; after passing you sit out the round. An "
            "action happens where your pawn stands: run every ready action source there. A recipe "
            "runs only when the goods on its spaces are exactly its inputs.",
            ["Farm: alpaca → food; alpaca + food → wool; wool + food → cloth.",
             "Forest: food + food → wood; cacao → food, cloth or glass.",
             "Mine: food + food → stone; ore + food → silver.",
             "Harbor: fish + food → food; fish + fish → stone; wood + wood → a boat.",
             "Road: stone + wood → one step down the road track.",
             "Village: stone + stone → a house; store goods in the warehouse; buy a cart ({cart_price}).",
             "Market: sell goods, take or fill an order, buy an extension."],
        ], ["farm"]),
        ("move", "Moving", [
            "Moving is free of the action: move before and after acting. Each cart you own moves "
            "your pawn up to 3 locations either way, once per round; the first is free, each more "
            "costs 1 food. A single step to a neighbour costs 1 food. Food for moving must sit on "
            "the movement spaces, planned there.",
        ], ["cart"]),
        ("orders", "Orders, houses, boats and the warehouse", [
            "An order costs {order_price} at the Market; deliver its goods there over several turns. You "
            "hold one open order at a time; a completed one scores its points and brings 1 corn.",
            "The warehouse keeps goods for good, in rows of one kind, started in order; a full row "
            "scores its points. Corn never enters your bag: it goes straight into the warehouse.",
        ], ["order", "warehouse"]),
        ("end", "The end of the game", [
            "When a location's stock runs out, or the extension display cannot be refilled, the "
            "round is finished and one more full round is played.",
        ], []),
        ("scoring", "Scoring", [
            ["every good you own scores its value (food {food_value}, up to {top_goods}), also in "
             "the warehouse; goods on orders do not;",
             "boats {boat_points}, houses {house_points} and {house_bonus} more per good of the house's kind;",
             "completed orders their points; full warehouse rows their points."],
            "The most points win; on a tie, the most coins.",
        ], []),
    ],
}


def _blocks_html(game_id: str, blocks: list, options: dict | None = None) -> str:
    figures = getattr(GAMES[game_id], "rule_figures", None)
    words = figures(options) if figures is not None else None

    def text(block: str) -> str:
        return esc(block.format_map(words) if words is not None else block)
    out = []
    for block in blocks:
        if block == LEGEND:
            out.append(legend_html(game_id, options=options))
        elif isinstance(block, list):
            out.append("<ul>" + "".join(f"<li>{text(item)}</li>" for item in block) + "</ul>")
        else:
            out.append(f"<p>{text(block)}</p>")
    return "".join(out)


def _option_words(module, options: dict) -> tuple[str, str]:
    """The shown options and new games' in words (``module.option_value_words``: "house set
    version 12", "house set version 13"), each joined with "and"."""
    say = getattr(module, "option_value_words", lambda name, value: f"{name}={value}")
    own = [say(k, v) or f"{k}={v}" for k, v in options.items()]
    new = [say(k, module.OPTIONS[k][1]) or f"{k}={module.OPTIONS[k][1]}" for k in options]
    return " and ".join(own), " and ".join(new)


def version_note(game_id: str, options: dict | None) -> str:
    """The line at the top of a How to play page opened from a game whose options change the
    values it shows (``web.links.routes.HOWTO_OPTIONS``), e.g. "This page shows the values of
    house set version 12, for a game that keeps it (new games use house set version 13): the
    legend, the numbers in the texts and the examples."; ``""`` without such options."""
    if not options:
        return ""
    own, new = _option_words(GAMES[game_id], options)
    return (f"This page shows the values of {own}, for a game that keeps it (new games use {new}): "
            f"the legend, the numbers in the texts and the examples.")


def example_note(game_id: str, options: dict) -> str:
    """The line above an example that cannot be shown with the page's options (its position
    does not fit that version): it shows new games' values, and says so."""
    own, new = _option_words(GAMES[game_id], options)
    return f"This example cannot be shown with {own}: it shows the values of {new}."


def howto_html(game_id: str, back: str | None = None, options: dict | None = None,
               said: str | None = None) -> str:
    """The whole How-to-play page of ``game_id``.

    Args:
        back: the link back to the game screen (``?game=G``), or None to link to the start page.
        options: the options whose values the page shows, when they are not new games' (a link
            from a game on an older house set: :func:`version_note` at the top, the legend and
            the texts' numbers of that version); None or ``{}``: new games'.
        said: a line at the top about the address (an option value it could not use).
    Returns:
        ``<article class="howto" data-game=G>`` with a contents list, one ``<section id=ID>``
        per part, and an empty ``<figure class="scene" data-scene=ID>`` for each scene.
    Raises:
        KeyError: the game has no page.
    """
    info = GAMES[game_id].INFO
    sections = PAGES[game_id]
    back_link = (f'<a class="button primary" data-nav="1" href="{esc(back)}">Back to the game</a>'
                 if back else f'<a class="button primary" data-nav="1" href="?game={esc(game_id)}">Play {esc(info.name)}</a>')
    from web.play.learn import has_guide, learn_url
    guided = (f' <a class="button learn-link" data-nav="1" href="{esc(learn_url(game_id))}">Guided first game</a>'
              if has_guide(game_id) else "")
    toc = "".join(f'<li><a href="#howto-{esc(sid)}">{esc(head)}</a></li>' for sid, head, _b, _s in sections)
    notes = "".join(f'<p class="{cls}" role="note">{esc(words)}</p>'
                    for cls, words in (("howto-version", version_note(game_id, options)), ("warn", said)) if words)
    parts = [f'<article class="howto" data-game="{esc(game_id)}">',
             f'<header class="howto-head"><h2>How to play {esc(info.name)}</h2>'
             f'<p class="muted">{esc(info.players_text)} · {esc(info.blurb)}</p>{notes}'
             f'<p class="actions">{back_link}{guided} <a class="button" href="./">All games</a></p>'
             f'<nav aria-label="Contents"><ol class="howto-toc">{toc}</ol></nav></header>']
    for sid, head, blocks, scene_ids in sections:
        figures = "".join(f'<figure class="scene" data-scene="{esc(s)}"></figure>' for s in scene_ids)
        if figures:
            figures = f'<div class="scenes">{figures}</div>'
        parts.append(f'<section id="howto-{esc(sid)}" class="howto-part"><h3>{esc(head)}</h3>'
                     f'{_blocks_html(game_id, blocks, options)}{figures}</section>')
    parts.append(f'<p class="actions">{back_link}{guided}</p></article>')
    return "".join(parts)


def scene_ids(game_id: str) -> list[str]:
    """Every scene id the page shows, in page order."""
    return [s for _sid, _h, _b, scenes in PAGES.get(game_id, []) for s in scenes]
