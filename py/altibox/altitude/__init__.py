"""Altitude -- the card game of mountains (rules: ``shared/rules/altitude.md``), pure Python.

Kind of game: 1 to 4 players (1 = solo, spec §13); chance (the shuffle, whose cards then come
one draw at a time after setup); hidden information (every hand, the drawn card of the player
to move, the order of the draw pile, the cards returned at setup). Each player builds a brick-offset pyramid of numbered cards; cable cars,
avalanches and Saint Bernards bend the rules. The API is DESIGN.md §2::

    >>> from altibox import altitude
    >>> st = altitude.new_game(seed=7, players=2)         # options: altitude.OPTIONS
    >>> st = altitude.apply(st, altitude.legal_moves(st)[0])
    >>> altitude.current_player(st), altitude.view(st, None)["hand_sizes"]
    (1, [4, 6])

Game flow (spec §7-§11): ``setup`` (each player in turn, from ``first_player``, keeps 4 of
their 6 cards and returns 2 onto the pile) -> ``draw`` (every turn starts with an automatic
draw of the top card, the *drawn card* X, then exactly one action; a player whose mountain is
at least ``double_turn_height`` high when their turn comes plays two turns) -> ``final`` (the
pile is empty; one action per turn round the table until a full round of passes, or
``final_phase="bulk"``) -> ``over``. The draw is not a move: it happens inside :func:`apply`
when the previous action ends, so a move is always a choice of the player to move. In the
final phase a player who has nothing but a pass passes automatically (a forced move; not
recorded).

Chance: the only random event is the shuffle, ``core.rng_for(seed, "shuffle")`` over the deck
ids in id order (see :func:`new_game`); everything after it is determined by the moves.

Move notation
-------------
One ASCII string per move: an action code and its arguments separated by single spaces.
``h`` is a card id from the hand (cards are numbered as in :mod:`altibox.altitude.cards`:
house deck 1-100 numbered, 101-108 cable cars, 109-116 avalanches, 117-120 Saint Bernards),
``pQ`` a target player (``p0`` .. ``p3``), ``r.c`` a slot: row (1 = base .. 10) and column
(may be negative; a card at ``r.c`` rests on ``(r-1).c`` and ``(r-1).(c+1)``).

==============  ==============================================================  =========
notation        meaning                                                          spec
==============  ==============================================================  =========
``R a b``       setup: keep the other 4 cards; return ``a`` onto the pile,      §7
                then ``b`` on top of it
``A r.c``       place the drawn card on your own mountain                        §8 A
``B``           discard the drawn card                                           §8 B
``C pQ r.c``    place the drawn card on opponent Q's (started) mountain          §8 C
``D h r.c``     keep the drawn card; place hand card ``h`` on your mountain      §8 D
``E r.c``       replace your uncovered card at ``r.c`` with the drawn card      §8 E
``F1 pQ r.c``   the drawn card is a Saint Bernard: remove the avalanche at      §8 F1
                ``r.c`` of Q's mountain
``F2 h pQ r.c`` keep the drawn card; Saint Bernard ``h`` from your hand          §8 F2
                removes that avalanche
``H h r.c``     final phase: place hand card ``h`` on your own mountain          §11.1
``V h pQ r.c``  final phase: drop avalanche ``h`` from your hand on Q's mountain §11.2
``S h pQ r.c``  final phase: Saint Bernard ``h`` from hand removes an avalanche  §11.3
``pass``        final phase: pass (or, with ``final_phase="bulk"``, end your     §11.4
                final turn)
==============  ==============================================================  =========

Examples: ``R 57 117``, ``A 1.0``, ``C p1 2.-1``, ``D 42 3.1``, ``F2 118 p0 1.3``, ``pass``.
Only the canonical spelling parses (no leading zeros, no ``-0``, single spaces). Playing the
drawn card through D (``D X r.c``) is the same as ``A r.c``; :func:`apply` accepts it and
records ``A r.c``, and :func:`legal_moves` lists it only as ``A``.

Position format (``to_position`` / ``from_position``)
-----------------------------------------------------
Compact JSON text, one object::

    {"schema": 1, "game": "altitude", "options": {<non-default options>},
     "seed": 7 | null, "players": 2,
     "phase": "setup" | "draw" | "final" | "over",
     "current_player": 0 | null,            # null only when over
     "second_turn_pending": false,          # draw phase: this turn is the first of two
     "consecutive_passes": 0,               # final phase (bulk: players done)
     "draw_pile": [ids, bottom first; the top card is last],
     "drawn": id | null,                    # the drawn card, only in the draw phase
     "discard": [ids, bottom first],
     "hands": [[ids], ...],                 # per player
     "returned": [[a, b] | [], ...],        # per player: the setup cards returned (a under b)
     "base_dirs": [0 | 1 | -1, ...],        # base_direction="fixed": direction per player
     "mountains": [[{"row": 1, "col": 0, "card": 57}, ...], ...]}

During setup the returned pairs wait apart and go onto the pile when the last player has
chosen. :func:`from_position` (in :mod:`altibox.altitude.position`) checks the rules of
:data:`POSITION_RULES` and raises ``PositionError`` with ``.rule`` set.

What ``view(state, player)`` omits (spec §15): every other player's hand cards and drawn card
(only their hand sizes are given), the draw pile's cards (only its size; the player's own
returned setup cards still in the pile are listed), and nothing else is hidden. The public view
``view(state, None)`` (a spectator at the table) omits every hand, the drawn card and the
cards returned at setup; once the game is over every view shows every hand (``final_hands``).

SVG slots (``render.render_svg``)
---------------------------------
Every mountain slot is a ``<g data-cell="pQ:LR:C">`` (player Q, level/row R, column C, e.g.
``p0:L1:3``, ``p1:L2:-1``). Other clickable groups: ``hand:<id>``, ``drawn``, ``discard``,
``pass``. See :mod:`altibox.altitude.render`.
"""

from .cards import AVALANCHE, CABLE, DECKS, NUM, SB, ANIMAL, Card, Deck, get_deck, house_deck
from .position import POSITION_RULES, from_position, replay, scene_facts, to_position, to_record
from .render import choice_cells, legend, legend_svg, render_svg
from .rules import (
    DRAW, FINAL, GAME_ID, INFO, NAME, OPTIONS, OVER, PHASES, PLAYERS, SETUP, YEAR, Move,
    MountainInfo, State, apply, apply_unchecked, current_player, height, is_over, legal_moves,
    mountain_info, new_game, num_players, outcome, parse_move, private_step, resolve, reveals, undo_barrier,
    turn_ended, stranded, forced_passes, MAX_BASE,
    score_breakdown, seat_name, view,
)
from .words import (
    card_help, card_label, describe, end_reason, explain, prompt, public_move, public_position, scoreboard,
    why_not, log_entry, notation_help, end_warning, TURN_SUMMARY,
)

__all__ = [
    "GAME_ID", "INFO", "NAME", "PLAYERS", "OPTIONS", "YEAR", "PHASES", "SETUP", "DRAW", "FINAL",
    "OVER", "POSITION_RULES", "Move", "State", "MountainInfo", "Card", "Deck", "DECKS",
    "get_deck", "house_deck", "NUM", "ANIMAL", "CABLE", "AVALANCHE", "SB",
    "new_game", "num_players", "seat_name", "current_player", "legal_moves", "apply",
    "apply_unchecked", "outcome", "is_over", "parse_move", "view", "private_step", "reveals",
    "undo_barrier", "log_entry", "turn_ended", "notation_help", "stranded", "forced_passes", "MAX_BASE",
    "to_position", "from_position", "to_record", "replay", "describe", "card_label", "height",
    "mountain_info", "score_breakdown", "resolve", "render_svg",
    "choice_cells", "public_position", "public_move", "scoreboard", "prompt", "explain", "end_reason",
    "scene_facts", "legend", "legend_svg", "card_help", "why_not", "end_warning", "TURN_SUMMARY",
]
