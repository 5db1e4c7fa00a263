"""Altitude in words and tables for the page: the log line of a move, public position, score
pad, prompts, results.

Pure functions of the state. They say only what every player may see (spec §15): nothing here
names a card in a hand, the drawn card of the player to move, or the order of the pile. Every
function that names a player takes ``names`` (one name per seat; ``None`` or a missing entry:
the rules' seat names "Player 1".."Player 4").
"""

from __future__ import annotations

import json
from typing import Any

from altibox.core import IllegalMoveError, Outcome, seat_names

from .rules import (
    DRAW, FINAL, OVER, SETUP, Move, State, _parse, apply, forced_passes, height, score_breakdown,
    seat_name,
)
from .rules import outcome as _outcome


def _names(state: State, names: Any) -> "list[str]":
    return seat_names([seat_name(state, p) for p in range(state.players)], names)


def card_label(state: State, cid: int) -> str:
    """A card's words, e.g. ``"57"``, ``"40 black grouse"``, ``"cable car"``."""
    return state.deck.by_id[cid].label


def place_words(state: State, q: int, r: int, c: int) -> str:
    """Where slot ``r.c`` of player q's mountain is, the way the board shows it (issue 12: the
    board has no column numbers), e.g. ``"on top of 13 and 38"``, ``"at the left end of the
    base"``, ``"in the base between 8 and 35"``, ``"to start the base"``; for a card already
    there (a replacement, a rescue) ``"in the base"`` or ``"on top of 13 and 38"``.

        >>> from altibox import altitude
        >>> st = altitude.from_position(altitude.to_position(altitude.new_game(seed=7)))
        >>> place_words(st, 0, 1, 0)
        'to start the base'
    """
    m = state.mountains[q]

    def lab(cid):
        return card_label(state, cid) if cid in state.deck.by_id else f"card {cid}"

    if r > 1:
        a, b = m.get((r - 1, c)), m.get((r - 1, c + 1))
        if a is not None and b is not None:
            return f"on top of {lab(a)} and {lab(b)}"
        return f"on level {r}"
    base = sorted(cc for (rr, cc) in m if rr == 1 and cc != c)
    if (1, c) in m:
        return "in the base"
    if not base:
        return "to start the base"
    if c < base[0]:
        return "at the left end of the base"
    if c > base[-1]:
        return "at the right end of the base"
    left, right = m.get((1, c - 1)), m.get((1, c + 1))
    if left is not None and right is not None:
        return f"in the base between {lab(left)} and {lab(right)}"
    return "in a gap of the base"


def describe(state: State, move: "Move | str", names: Any = None) -> str:
    """Readable words for ``move`` played in ``state`` (the state before it), for the log.

    Only says what every player may see: a card placed on a mountain or discarded is named; a
    card that goes into a hand (the kept drawn card) or back onto the pile is not.

        >>> from altibox import altitude
        >>> describe(altitude.new_game(seed=7), "R 57 117", names=["Ann", "Bob"])
        'Ann keeps 4 cards and returns 2 to the top of the pile'

    A move that ends the draw phase says that the final building begins; the passes the rules
    make at once after the move (:func:`~altibox.altitude.rules.forced_passes`, spec §11)
    follow, each named, and the end of the game when it comes.

    Args:
        names: the players' names, one per seat (``None``: "Player 1", ...).

    Raises:
        ValueError: malformed notation.
    """
    said = _move_words(state, move, names)
    try:
        after = apply(state, move)
    except IllegalMoveError:  # words for a move that is not legal here: the move alone
        return said
    who_all = _names(state, names)
    if state.phase == DRAW and after.phase != DRAW:
        said += "; the pile is empty: the final building begins"
    said += "".join(f"; {who_all[q]} has nothing left to play and passes"
                    for q in forced_passes(state, move))
    if after.phase == OVER:
        said += "; the game is over"
    return said


def _move_words(state: State, move: "Move | str", names: Any = None) -> str:
    """:func:`describe`'s words for the move alone."""
    action, card, card2, target, row, col = _parse(str(move))
    who_all = _names(state, names)
    p = state.current
    who = who_all[p] if p is not None else "?"
    x = state.drawn
    if action == "D" and card == x:
        action = "A"

    def name(q):
        if q == p:
            return "their own"
        return f"{who_all[q]}'s" if q is not None and 0 <= q < len(who_all) else f"player {q}'s"

    def lab(cid):
        return card_label(state, cid) if cid in state.deck.by_id else f"card {cid}"

    if action == "R":
        return f"{who} keeps 4 cards and returns 2 to the top of the pile"
    if action == "A":
        return f"{who} places the drawn {lab(x)} on their mountain {place_words(state, p, row, col)}"
    if action == "B":
        return f"{who} discards the drawn {lab(x)}"
    if action == "C":
        return (f"{who} places the drawn {lab(x)} on {name(target)} mountain "
                f"{place_words(state, target, row, col)}")
    if action == "D":
        return (f"{who} keeps the drawn card and places {lab(card)} from their hand on their "
                f"mountain {place_words(state, p, row, col)}")
    if action == "E":
        old = state.mountains[p].get((row, col)) if p is not None else None
        old_w = lab(old) if old is not None else "a card"
        return (f"{who} replaces {old_w} {place_words(state, p, row, col)} with the drawn {lab(x)}; "
                f"{old_w} is discarded")
    if action == "F1":
        return (f"{who} draws a Saint Bernard and removes the avalanche from {name(target)} "
                f"mountain {place_words(state, target, row, col)}")
    if action == "F2":
        return (f"{who} keeps the drawn card and plays a Saint Bernard from their hand to remove "
                f"the avalanche from {name(target)} mountain {place_words(state, target, row, col)}")
    if action == "H":
        return f"{who} places {lab(card)} from their hand on their mountain {place_words(state, p, row, col)}"
    if action == "V":
        return (f"{who} drops an avalanche from their hand on {name(target)} mountain "
                f"{place_words(state, target, row, col)}")
    if action == "S":
        return (f"{who} plays a Saint Bernard from their hand to remove the avalanche from "
                f"{name(target)} mountain {place_words(state, target, row, col)}")
    return f"{who} passes"



PART_LABELS = (("levels", "Levels"), ("animals", "Animals (level 4 and up)"),
               ("hand", "Empty hand"), ("saint_bernards", "Saint Bernards in hand"))


def public_position(state: State) -> str:
    """The position as every player may see it, as compact JSON text (for ``data-position``).

    Holds the phase, whose turn, every mountain (``{"row", "col", "card"}``), the discard pile,
    hand sizes and the pile size; no hand card, no drawn card, no pile order. The same text
    whoever looks at the device.
    """
    data = {
        "game": "altitude",
        "players": state.players,
        "phase": state.phase,
        "current_player": state.current,
        "ply": len(state.moves),
        "second_turn_pending": state.second_turn_pending,
        "mountains": [[{"row": r, "col": c, "card": cid} for (r, c), cid in sorted(m.items())]
                      for m in state.mountains],
        "discard": list(state.discard),
        "hand_sizes": [len(h) for h in state.hands],
        "pile_size": len(state.draw_pile),
    }
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def public_move(move: Any) -> str:
    """The notation of ``move`` as everyone may read it: the setup choice ``R a b`` names the
    returned cards, which only their owner may know, so it reads ``R``. Other moves only name
    cards that become public (placed on a mountain, discarded)."""
    text = str(move)
    return "R" if text.startswith("R ") else text


def scoreboard(state: State) -> list[dict[str, Any]]:
    """The score pad (spec §12): per player ``{"total", "parts": [{"label", "points", "count"}]}``.

    While the game runs only the public parts are counted (levels, animals on level 4 and up):
    the hand parts would reveal hand cards. Once over, every part of the final score.
    """
    over = state.phase == OVER
    out = []
    for p in range(state.players):
        b = score_breakdown(state, p)
        keys = [k for k, _ in PART_LABELS] if over else ["levels", "animals"]
        parts = [{"label": label, "count": b[k], "points": b[k]} for k, label in PART_LABELS if k in keys]
        out.append({"total": sum(part["points"] for part in parts), "parts": parts})
    return out


def prompt(state: State, names: Any = None, selected: "int | None" = None) -> str:
    """What the player to move is asked to do, in words (``""`` once over).

    ``selected`` is the card id the page has selected, if any. In the setup a selected card of
    the mover's hand is the first of the two to return, chosen but not returned yet: the
    prompt asks for the second (spec §7.2; the move ``R a b`` returns both at once). The card
    is not named: the status line is read by everyone at the table.

        >>> from altibox import altitude
        >>> g = altitude.new_game(seed=7, players=3, first_player=1)
        >>> prompt(g, names=["Ann", "Bob"])
        'Bob: return 2 of your 6 cards to the pile, one click each; Player 3 draws the second (draw 5), Ann the first (draw 6)'
        >>> prompt(g, names=["Ann", "Bob"], selected=g.hands[1][0])
        'Bob: first card chosen, not returned yet — now click the second'

    (Who draws the two cards, and in what order, was said with the first prompt; the second
    one stays short so that it fits the phone's turn bar, issue 22.)
    """
    p = state.current
    if p is None or state.phase == OVER:
        return ""
    who = _names(state, names)[p]
    if state.phase == SETUP:
        if selected is not None and selected in state.hands[p]:
            return f"{who}: first card chosen, not returned yet \u2014 now click the second"
        return f"{who}: return 2 of your 6 cards to the pile{returned_draws(state, p, names)}"
    if state.phase == DRAW:
        second = " (first of two turns)" if state.second_turn_pending else ""
        return f"{who}: play the drawn card{second}"
    assert state.phase == FINAL
    return f"{who}: final building — play a card from your hand or pass"


def _and(words: "list[str]") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def explain(state: State, outcome: "Outcome | None" = None, names: Any = None) -> str:
    """Why the game ended the way it did, in words (spec §12); ``""`` while the game runs.

    Every player tied on points is named, with the tie-break count of each when the option
    ``tiebreak="most_cards_in_mountain"`` was used.
    """
    out = outcome or _outcome(state)
    if out is None:
        return ""
    who = _names(state, names)
    if state.players == 1:
        return f"Solo game: {out.scores[0]} points with a mountain of {height(state, 0)} levels."
    best = max(out.scores)
    tied = [p for p, s in enumerate(out.scores) if s == best]
    if out.reason == "score":
        w = out.winners[0]
        second = max(s for p, s in enumerate(out.scores) if p != w)
        return f"{who[w]} has the highest score: {out.scores[w]} points against {second}."
    cards = {p: len(state.mountains[p]) for p in tied}
    counts = _and([f"{who[p]} {cards[p]}" for p in tied])
    if out.reason == "tiebreak":
        return (f"{_and([who[p] for p in tied])} are tied on {best} points; "
                f"{who[out.winners[0]]} has the most cards in their mountain ({counts}).")
    if len(out.winners) < len(tied) or state.options["tiebreak"] == "most_cards_in_mountain":
        return (f"{_and([who[p] for p in tied])} are tied on {best} points; "
                f"{_and([who[w] for w in out.winners])} share the win with the most cards in "
                f"their mountains ({counts}).")
    return f"{_and([who[w] for w in out.winners])} are tied on {best} points and share the win."


def end_reason(state: State, names: Any = None) -> str:
    """Why the game ended (spec §11), one sentence for the end screen; ``""`` while it runs,
    e.g. ``"The game ended: the draw pile ran out, then every player passed in a row in the
    final building."`` (``final_phase="bulk"``: every player had their final turn)."""
    if state.phase != OVER:
        return ""
    if state.options.get("final_phase") == "bulk":
        last = ("you had your final turn" if state.players == 1
                else "every player had their final turn")
    else:
        last = ("you passed" if state.players == 1
                else "every player passed in a row")
    return f"The game ended: the draw pile ran out, then {last} in the final building."


def why_not(view: dict, cell: str, names: Any = None, selected: "int | None" = None) -> str:
    """Why a click on the board's ``data-cell`` ``cell`` plays nothing, in words, from the view
    alone (the page shows it, issue 12), e.g. ``"The 57 cannot go there: it must be higher
    than both cards under it (61 and 38)."``

    Args:
        view: ``altitude.view(state, seat)`` of the seat at the device.
        cell: ``"p<q>:L<r>:<c>"`` (a slot of player q's mountain), ``"drawn"``, ``"hand:<id>"``,
            ``"pile"``, ``"discard"``.
        selected: the hand card chosen instead of the drawn card, or None.

    Rules used (Altitude rulebook: Placing cards, The turn, Special cards): a card rests on two
    cards and must be higher than both; nothing but a cable car goes on an avalanche; an
    avalanche goes only on another player's mountain; a Saint Bernard only removes avalanches;
    only the drawn card may go on another player's mountain.
    """
    from .cards import AVALANCHE, CABLE, SB, get_deck

    n = int(view["players"])
    who = seat_names([f"Player {i + 1}" for i in range(n)], names)
    me, turn, phase = view.get("player"), view.get("current_player"), view["phase"]
    if phase == OVER or turn is None:
        return "The game is over."
    if me is None or me != turn:
        return f"It is {who[turn]}'s turn."
    opts = view["options"]
    deck = get_deck(opts.get("deck", "house"), opts.get("include_dahut", True))
    card = selected if selected is not None else view.get("drawn")
    legal = view.get("legal_moves") or []
    if phase == SETUP:
        return "First choose 2 cards of your hand to return to the pile: click one, then the other."
    if cell == "pile":
        return "The pile is not clicked: each turn starts by drawing its top card for you."
    if cell == "discard":
        return ("Only the drawn card can be discarded." if phase == DRAW
                else "Nothing is discarded in the final building.")
    if cell.startswith("hand:") or cell == "drawn":
        what = "the drawn card" if cell == "drawn" else deck.by_id[int(cell[5:])].label
        kind = deck.by_id[view["drawn"] if cell == "drawn" else int(cell[5:])].kind \
            if cell != "drawn" or view.get("drawn") is not None else None
        if kind == AVALANCHE and cell != "drawn" and phase == DRAW:
            return ("An avalanche in your hand cannot be played now: it goes only on another player's "
                    "mountain, where only the drawn card may go until the pile is empty (then, in the "
                    "final building, it may).")
        if kind == AVALANCHE:
            return "This avalanche cannot be played now: no other player's mountain has a place for it."
        if kind == SB:
            return ("A Saint Bernard cannot be played now: it removes an uncovered avalanche on your own "
                    "mountain, and there is none.")
        return f"{what[0].upper()}{what[1:]} cannot be played now: it has no legal place."
    if not cell.startswith("p") or card is None:
        return ""
    q_part, r_part, c_part = cell.split(":")
    q, r, c = int(q_part[1:]), int(r_part[1:]), int(c_part)
    x = deck.by_id[card]
    label = x.label
    mountain = {(e["row"], e["col"]): e["card"] for e in view["mountains"][q]}
    if x.kind == SB:
        return "A Saint Bernard is not placed: it removes an avalanche (click the avalanche)."
    if x.kind == AVALANCHE and q == me:
        return "An avalanche goes on another player's mountain, never on your own."
    if q != me and x.kind != AVALANCHE and (selected is not None or phase != DRAW):
        return "Only the drawn card may go on another player's mountain."
    if q != me and x.kind != AVALANCHE and not any(m.startswith("C ") for m in legal):
        return f"The {label} cannot go on {who[q]}'s mountain here."
    if (r, c) in mountain:
        if q == me and phase == DRAW and selected is None:
            return ("That place is taken: the drawn card may replace only an uncovered card "
                    "of your mountain where it fits.")
        return "That place is taken."
    if r == 1:
        return f"The {label} cannot start a base card there."
    under = [mountain.get((r - 1, c)), mountain.get((r - 1, c + 1))]
    if None in under:
        return "A card needs two cards under it."
    low = [deck.by_id[u] for u in under]
    if x.kind == CABLE:
        return f"The {label} cannot go there."
    if any(u.kind == AVALANCHE for u in low):
        return f"The {label} cannot go there: nothing but a cable car goes on an avalanche."
    if x.value is not None and all(u.value is not None for u in low) \
            and x.value <= max(u.value for u in low):
        return (f"The {label} cannot go there: it must be higher than both cards under it "
                f"({low[0].label} and {low[1].label}).")
    return f"The {label} cannot go there."


# ---------------------------------------------------------------- legend and tooltips (issue 11)

def card_help(card: Any) -> str:
    """What a card does, for its tooltip and accessible name (spec §3, §6, §9, §12).

    Args:
        card: an :class:`~altibox.altitude.cards.Card` (``kind``, ``value``, ``species``).

        >>> from altibox.altitude import house_deck
        >>> card_help(house_deck()[29])
        '30 ibex: an animal; goes on two lower cards; scores 1 point at level 4 or higher'
    """
    kind = card.kind
    if kind == "cable":
        return "cable car: value 0; goes on any two cards, even an avalanche, and any card may go on it"
    if kind == "avalanche":
        return ("avalanche: dropped on an opponent's mountain; only a cable car may go on it; "
                "a Saint Bernard removes it")
    if kind == "sb":
        return ("Saint Bernard: never placed; removes an uncovered avalanche from your mountain, "
                "or scores 1 point if still in your hand at the end")
    if kind == "animal":
        return (f"{card.label}: an animal; goes on two lower cards; scores 1 point at level 4 "
                f"or higher")
    return f"{card.label}: goes on two cards lower than {card.value}"


#: The legend: (key, name, what it does); keys are the icons of ``render.legend_svg``.
LEGEND = (
    ("number", "Numbered card", "rests on the two cards below it and must be higher than both; "
               "the colour band shows how high the number is"),
    ("animal", "Animal (paw)", "a numbered card: 1 point at level 4 or higher"),
    ("dahut", "Dahut (star)", "an animal too, worth the same"),
    ("cable", "Cable car", "value 0: goes on any two cards, avalanches included; anything may go on it"),
    ("avalanche", "Avalanche", "dropped on an opponent's mountain; only a cable car may rest on it"),
    ("sb", "Saint Bernard", "removes an uncovered avalanche of your mountain, or 1 point in hand at the end"),
    ("place", "+ place", "the chosen card can go in this slot"),
    ("replace", "⇄ replace", "the drawn card can replace this uncovered card (which is discarded)"),
    ("remove", "× remove", "a Saint Bernard can remove this avalanche"),
    ("discard", "↓ discard", "discard the drawn card"),
    ("return", "↑ return", "setup: return this card on top of the pile"),
    ("slot", "Dashed slot", "an empty place of a mountain"),
    ("double", "TO PLAY ×2", "this mountain is 5 levels high or more: a double turn"),
)


def log_entry(before: State, move: Any, words: str, now: State,
              names: list | None = None) -> tuple[str, str]:
    """The game log's line ``(notation, words)`` for ``move`` played in ``before`` (described
    as ``words``), as everyone at the table may read it in ``now`` (a setup choice names only ``R``: the returned cards are its owner's secret)."""
    return public_move(move), words


#: What the first word of a move's notation means (the package docstring's table); ``h`` is a
#: card's number, ``pQ`` a player (p0 = the first), ``r.c`` a slot: row (1 = the base) . column
NOTATION_KEY = {
    "R": "R: setup, two cards returned onto the pile (secret: their numbers are not shown)",
    "A": "A r.c: the drawn card placed on the player’s own mountain at row r, column c",
    "B": "B: the drawn card discarded",
    "C": "C pQ r.c: the drawn card placed on player Q’s mountain (p0 = the first player)",
    "D": "D h r.c: the drawn card kept, hand card h placed on the player’s own mountain",
    "E": "E r.c: the drawn card replaces the player's uncovered card at row r, column c",
    "F1": "F1 pQ r.c: the drawn Saint Bernard removes the avalanche at r.c of player Q’s mountain",
    "F2": "F2 h pQ r.c: the drawn card kept, Saint Bernard h from the hand removes that avalanche",
    "H": "H h r.c: final building, hand card h placed on the player’s own mountain",
    "V": "V h pQ r.c: final building, avalanche h from the hand dropped on player Q’s mountain",
    "S": "S h pQ r.c: final building, Saint Bernard h from the hand removes an avalanche",
    "pass": "pass: final building, the player passes (or ends the final turn)",
}


def notation_help(notation: str) -> str:
    """The hover text of a log entry's notation (issue 22): what its parts mean, from
    :data:`NOTATION_KEY`; rows count from 1 (the base), columns from the base's first card.

    >>> notation_help("C p1 2.0")
    'C p1 2.0 — C pQ r.c: the drawn card placed on player Q\N{RIGHT SINGLE QUOTATION MARK}s mountain (p0 = the first player); r.c = row . column, row 1 is the base'
    """
    key = NOTATION_KEY.get(notation.split(" ")[0])
    if key is None:
        return notation
    return f"{notation} — {key}" + ("; r.c = row . column, row 1 is the base" if "r.c" in key else "")



def base_width_words(width: int, limit: int) -> "tuple[str, str]":
    """The mountain header's base pill ``(short, hover text)`` (issue 22: the base limit shows
    before it bites), e.g. ``("9/10", "base: 9 of at most 10 columns; …")``."""
    tail = ("full: no base slot opens any more, only higher ones" if width >= limit
            else f"a card placed at either end widens it; at {limit} no base slot opens any more")
    return f"{width}/{limit}", f"base: {width} of at most {limit} columns wide; {tail}"


#: The word before the base pill of a mountain's header.
BASE_WORD = "Base"


def stranded_words(cards: "list[str]") -> str:
    """What a target that strands hand cards says before the click (issue 22; the move is
    still allowed): ``cards`` are the cards' words (:func:`card_label`).

    >>> stranded_words(["5"])
    'leaves 5 in your hand with no place on your mountain for now'
    """
    return f"leaves {' and '.join(cards)} in your hand with no place on your mountain for now"


def end_warning(view: "dict[str, Any]", names: Any = None) -> str:
    """The line that announces the end before it comes (the page's banner; issue 22), from a
    view (:func:`~altibox.altitude.rules.view`, public or not: it reads only public fields).
    ``""`` while more than a round of draws is left, and once over.

    The draw phase ends when the pile is empty (``pile_size`` counts the cards still to draw);
    then the final building (spec §11): with ``final_phase="round_robin"`` one action or a pass
    per turn until every player passes in a row, with ``"bulk"`` one final turn each.

        >>> from altibox import altitude
        >>> end_warning({"phase": "draw", "pile_size": 1, "players": 2, "current_player": 0,
        ...              "consecutive_passes": 0, "options": {"final_phase": "round_robin"}})
        'The end is near: 1 card left in the pile, then the final building.'
    """
    phase, n = view.get("phase"), int(view["players"])
    who = seat_names([f"Player {q + 1}" for q in range(n)], names)
    bulk = (view.get("options") or {}).get("final_phase") == "bulk"
    final = ("each player in turn places cards from their hand, then the game ends" if bulk else
             "one card from your hand or a pass per turn, until every player passes in a row")
    if phase == DRAW:
        left = int(view["pile_size"])
        if left == 0:
            return f"Last card of the pile: after this turn comes the final building ({final})."
        if left < n:
            return (f"The end is near: {left} card{'s' if left != 1 else ''} left in the pile, "
                    f"then the final building.")
        return ""
    if phase != FINAL:
        return ""
    done, cur = int(view["consecutive_passes"]), view.get("current_player")
    if bulk:
        return f"Final building: {final} ({done} of {n} final turns over)."
    if done == n - 1 and cur is not None:
        return f"Final building: the game ends if {who[cur]} passes too."
    return f"Final building: {final} ({done} of {n} in a row so far)."


def returned_draws(state: State, player: int, names: Any = None) -> str:
    """Who draws ``player``'s two returned setup cards, and when (spec §7.2: every pair goes on
    the pile in seat order from the first player, or the reverse with
    ``setup_return_order="reverse"``, each pair's second card on top of its first; turns then
    draw from the top, from the first player on). ``""`` outside the setup. Counted without
    double turns, which the setup's empty mountains cannot give.

    >>> from altibox import altitude
    >>> returned_draws(altitude.new_game(seed=1, players=2), 0, ["Ann", "Bob"])
    ', one click each; Ann draws the second (draw 3), Bob the first (draw 4)'
    """
    if state.phase != SETUP:
        return ""
    return f", one click each; {draw_order(state, player, names)}"


def draw_order(state: State, player: int, names: Any = None) -> str:
    """The part of :func:`returned_draws` that says who draws ``player``'s two returned setup
    cards (the setup must be running: ``state.phase`` is the setup).

    >>> from altibox import altitude
    >>> draw_order(altitude.new_game(seed=1, players=2), 1, ["Ann", "Bob"])
    'Ann draws the second (draw 1), Bob the first (draw 2)'
    """
    n = state.players
    fp = state.options["first_player"]
    order = [(fp + i) % n for i in range(n)]
    if state.options["setup_return_order"] == "reverse":
        order.reverse()
    who = _names(state, names)
    k = 2 * (n - 1 - order.index(player))     # draws before the pair's second card (0-based)
    second, first = who[(fp + k) % n], who[(fp + k + 1) % n]
    return f"{second} draws the second (draw {k + 1}), {first} the first (draw {k + 2})"


# --------------------------------------------------------------------------------------------
# The position editor (altibox.altitude.compose)

COMPOSE_TABLE = ("A composed table has 1 to 4 players, one mountain each, a seat to move, and "
                 "is in the draw phase or the final building.")

_COMPOSE_PLACES = {"mountain": "the mountain of seat {q}", "hand": "the hand of seat {q}",
                   "drawn": "the drawn card", "discard": "the top of the discard pile",
                   "pile": "the top of the draw pile"}


def compose_place(where: str, q: "int | None") -> str:
    """Where a card named in the editor is, in words (``q``: a 0-based seat, said 1-based)."""
    return _COMPOSE_PLACES[where].format(q=None if q is None else q + 1)


def compose_not_in_deck(cid: int, where: str) -> str:
    """A card id the deck does not have."""
    return f"There is no card {cid} in the deck (in {where})."


def compose_twice(cid: int, first: str, second: str) -> str:
    """A card named in two places."""
    return f"Card {cid} cannot be both in {first} and in {second}."


def compose_pile(asked: "int | None", left: int) -> str:
    """A draw pile that asks for more cards than are left over (or fewer than its top)."""
    return f"The draw pile cannot hold {asked} cards: {left} cards are left for it."


#: The player aid (issue 22): Altitude's turn structure, what ends the game and what scores, in
#: at most 8 short lines (shown by the play screen's "Turn summary" button)
TURN_SUMMARY = (
    "Setup: keep 4 of your 6 cards; the other 2 go on the pile for the next players.",
    "Your turn: draw the top card, then do one thing with it: your mountain, the discard pile, "
    "an opponent's mountain, or keep it and play a hand card on your mountain.",
    "A card rests on two cards and must be higher than both; the base is up to 10 cards wide.",
    "Cable car: counts 0, fits anywhere. Avalanche: only on an opponent. "
    "Saint Bernard: removes an avalanche from your mountain.",
    "Five levels high when your turn comes: you play two turns in a row.",
    "The end: the pile is empty, then each places a hand card or passes, until all pass in a row.",
    "Score: 1 per level, 1 per animal at level 4 or higher, 1 for an empty hand, "
    "1 per Saint Bernard kept.",
)
