"""Altiplano: the bag-building game of the Andes for 2–5 players (shared/rules/altiplano.md).

Kind of game: multi-player, with chance (bag draws and setup shuffles, all from the game seed)
and hidden information (draw order, the face-down extension pile, removed orders, and the other
players' planning until the Actions phase). The simultaneous Draw and Planning phases are
sequential private steps; :func:`current_player` says whose step it is.

All component data is the house set (spec §18), one JSON file per version named by the option
``house_set``: ``house_set.json`` is version 1, ``house_set_2.json`` to ``house_set_6.json``
versions 2 to 6 (balance candidates; version 2 was new games' default at first, and its saves keep
it), ``house_set_7.json`` to ``house_set_12.json`` versions 7 to 12 (new games' defaults after
version 2; their saves keep them too), ``house_set_13.json`` version 13 (new games' default, the
fairest measured: docs/figures.md; its H1 rows may also set a role's start and the house cards
per player count);
a record or position that names no ``house_set`` is version 1 and replays exactly as
before (``rules.UNNAMED``). The data is read by :mod:`altibox.altiplano.data`. The API is the
one every Altibox game shares (DESIGN.md §2)::

    >>> from altibox import altiplano
    >>> s = altiplano.new_game(seed=7, players=3)
    >>> altiplano.current_player(s), str(altiplano.legal_moves(s)[-1])
    (0, 'draw')

plus :func:`check` (validity rules and spec §21
invariants) and :func:`score_breakdown` (live score pad).

Kind of game (:data:`INFO`): 2–5 players; chance after setup (every bag draw); hidden
information (:func:`view`); :func:`private_step` and :func:`reveals` say when a seat must act
unseen and which plies showed something new.

Move notation
-------------

Every move is one string; ``legal_moves`` is sorted by it::

    role:ROLE            draft variant: choose a role (phase roles)
    GOOD<SRC  coin<SRC   draw phase: return a good from an action space to a planning space /
                         take coins back (also in planning: take back a good placed this round)
    draw                 draw phase: fill the open planning spaces from the bag (spec §6.1)
    GOOD>bag             draw control (D2): put one drawn good back into the bag
    GOOD>SRC  coin>SRC   planning: place a good (or coin) on an action source's spaces
    done                 planning: declare done / final storage: finish
    @LOC                 actions: put the pawn on its first location (free, spec §8)
    go:LOC               move by cart (first cart free, D7 free, other carts cost 1 food)
    step:LOC             move one step to a neighbouring location for 1 food
    SRC[:ARG...]         run the recipe matching the goods on SRC; ARG is a chosen good, a
                         house/boat type (e.g. village:silver, harbor:fish) or warehouse rows
                         ``rN`` for stored goods / gained corn (e.g. village:r1:r2, road:r3);
                         stored goods take one ``rN`` each, in the house set's goods order
                         (the data file's ``goods`` list), whatever order they go in: with
                         wood and alpaca, village:r2:r1 puts alpaca in row 1, wood in row 2
    sell:GOOD            Market: sell one good from the Market spaces (H5 price)
    deliver:GOOD[:rN]    Market: deliver one good to the open order (rN: row for the corn a
                         completed order gives)
    order:ID  buy:ID     Market: take an order (1 coin) / buy an extension (price + surcharge)
    cart                 Village: buy a cart (1 coin)
    end  pass            actions: end the turn (after acting) / pass for the rest of the round
    store:GOOD:rN        final storage (D1): store one owned good in warehouse row N

SRC is a location id (``farm``…), the player's role id (``shepherd``…), an extension id
(``B3``…) or ``move`` (the movement food spaces).


Position format (``to_position`` / ``from_position``, :mod:`altibox.altiplano.position`)
----------------------------------------------------------------------------------------

Compact JSON text with sorted keys, one object: ``{"format": "altiplano", "version": 1,
"seed", "players", "options" (non-default ones, and ``house_set`` always: a position without it
is version 1 of the house set), "ring" (locations clockwise), "round",
"phase", "start_player", "current", "queue", "supply" ({good: count}), "houses", "boats",
"carts", "orders", "removed", "pile" (face-down extensions, top first), "display" (5 slots,
cheapest first, null = empty), "gone", "bought_any", "trigger", "trigger_round",
"final_round", "lost_corn", "roles_left", "turn": {"acted", "moved_after", "source",
"order_taken"}, "seats": [{"role", "coins", "bag", "crate", "planning", "sources": {id:
{"goods", "coins", "fresh", "fresh_coins"}}, "warehouse", "extensions": [[id, round]],
"houses", "boats", "order", "completed_orders", "road", "carts", "carts_used", "d7_used",
"cart_bought", "ext_bought", "pawn", "passed", "pending_return", "store_left"}, ...]}``.
It holds the hidden information too (for saves and tests, never for another player's screen).
The validity rules are numbered in :data:`POSITION_RULES`.

Words (:mod:`altibox.altiplano.words`): :func:`describe` (a move for the log), :func:`prompt`,
:func:`explain`, :func:`scoreboard`, :func:`round_banner` and the tooltips of goods, locations,
roles and extensions. The board (:mod:`altibox.altiplano.render`): :func:`render_svg` (a pure
function of a view and the page's selection) and :func:`choice_cells`.
"""

from .position import (
    POSITION_RULES, check, from_position, position_with_options, replay, scene_facts, to_position, to_record,
)
from .rules import (
    GAME_ID, INFO, LOCATIONS, NAME, OPTIONS, PHASES, PLAYERS, STEP_ENDS_WITH_MOVE, UNNAMED, Move,
    Player, State, apply,
    current_player, is_over, legal_moves, new_game, num_players, outcome, owned_goods,
    parse_move, private_step, reveals, undo_barrier, score_breakdown, seat_name, total_coins, view,
)
from .words import (
    describe, end_reason, explain, extension_tip, good_tip, is_secret, location_tip, prompt, role_tip,
    public_position, round_banner, scoreboard, why_not, log_entry, SECRET_NOTATION, plans_in_secret,
    END_TURN_FIRST, last_outlined,
    notation_help, TURN_SUMMARY, confirm_first, part_prompt, option_value_words, rule_figures,
)
from .render import FOCUS_PARTS, legend, legend_svg, choice_cells, render_svg

__all__ = [
    "GAME_ID", "INFO", "NAME", "PLAYERS", "OPTIONS", "UNNAMED", "LOCATIONS", "PHASES", "POSITION_RULES",
    "STEP_ENDS_WITH_MOVE", "FOCUS_PARTS",
    "Move", "Player", "State",
    "new_game", "num_players", "seat_name", "current_player", "legal_moves", "apply", "outcome",
    "is_over", "parse_move", "view", "private_step", "reveals",
    "undo_barrier", "log_entry", "SECRET_NOTATION", "plans_in_secret", "END_TURN_FIRST",
    "last_outlined", "notation_help", "TURN_SUMMARY", "confirm_first", "part_prompt",
    "to_position", "from_position",
    "to_record", "replay", "describe", "check", "score_breakdown", "owned_goods", "total_coins",
    "prompt", "explain", "end_reason", "scoreboard", "round_banner", "is_secret", "good_tip", "location_tip",
    "role_tip", "extension_tip", "why_not", "public_position", "render_svg", "choice_cells",
    "scene_facts", "legend", "legend_svg", "option_value_words", "rule_figures", "position_with_options",
]
