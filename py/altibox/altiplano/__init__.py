"""Altiplano: the bag-building game of the Andes for 2–5 players (shared/rules/altiplano.md).

Kind of game: multi-player, with chance (bag draws and setup shuffles, all from the game seed)
and hidden information (draw order, the face-down extension pile, removed orders, and the other
players' planning until the Actions phase). The simultaneous Draw and Planning phases are
sequential private steps; :func:`current_player` says whose step it is.

All component data is the house set in ``house_set.json`` (spec §18), read by
:mod:`altibox.altiplano.data`. The API is the one every Altibox game shares (DESIGN.md §2)::

    >>> from altibox import altiplano
    >>> s = altiplano.new_game(seed=7, players=3)
    >>> altiplano.current_player(s), str(altiplano.legal_moves(s)[-1])
    (0, 'draw')

plus :func:`check` (validity rules and spec §21 invariants), :func:`score_breakdown` (live
score pad) and :func:`is_over`. The move notation is documented in
:mod:`altibox.altiplano.rules`.

Words (:mod:`altibox.altiplano.words`): :func:`describe` (a move for the log), :func:`prompt`,
:func:`explain`, :func:`scoreboard`, :func:`round_banner` and the tooltips of goods, locations,
roles and extensions. The board (:mod:`altibox.altiplano.render`): :func:`render_svg` (a pure
function of a view and the page's selection) and :func:`choice_cells`.
"""

from .rules import (
    GAME_ID, LOCATIONS, NAME, OPTIONS, PHASES, PLAYERS, Move, Player, State, apply, check,
    current_player, from_position, is_over, legal_moves, new_game, num_players,
    outcome, owned_goods, parse_move, replay, score_breakdown, seat_name, to_position,
    to_record, total_coins, view,
)
from .words import (
    describe, explain, extension_tip, good_tip, is_secret, location_tip, prompt, role_tip,
    public_position, round_banner, scoreboard, why_not,
)
from .render import choice_cells, render_svg

__all__ = [
    "NAME", "PLAYERS", "OPTIONS", "GAME_ID", "LOCATIONS", "PHASES", "Move", "Player", "State",
    "new_game", "num_players", "seat_name", "current_player", "legal_moves", "apply", "outcome",
    "parse_move", "view", "to_position", "from_position", "to_record", "replay", "describe",
    "check", "is_over", "score_breakdown", "owned_goods", "total_coins",
    "prompt", "explain", "scoreboard", "round_banner", "is_secret", "good_tip", "location_tip",
    "role_tip", "extension_tip", "why_not", "public_position", "render_svg", "choice_cells",
]
