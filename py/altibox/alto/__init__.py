"""Alto: a two-player stacking game on a 4x4 grid of double-sided tiles (shared/rules/alto.md).

Kind of game: deterministic, perfect information, two players (red = player 0, white = player 1),
with chance only in setup (the tile shuffle and optional random placement, drawn from the game
seed, spec §6.7). Each player places 8 discs, then players take turns moving any disc by the
symbol of the tile beneath it; the tile flips, then disappears. The game ends when no tile holds
a disc; a disc at level k scores k (spec §9).

The API is the one every Altibox game shares (DESIGN.md §2)::

    >>> from altibox import alto
    >>> s = alto.new_game(seed=7)
    >>> s = alto.apply(s, "@b2")
    >>> alto.to_position(s).endswith(" w p")
    True

plus helpers for the web layer: :func:`sources`, :func:`destinations`, :func:`describe`,
:func:`scores`, :data:`SYMBOL_NAMES` and :func:`render_svg` (pure SVG, ``alto/render.py``).
"""

from .render import render_svg
from .words import explain, prompt, scoreboard
from .rules import (
    CELLS, DEFAULT_TILE_SET, MOVEMENT, NAME, OPTIONS, PLACEMENT, PLAYERS, SYMBOL_NAMES, Cell,
    Move, State, apply, check_tile_set, current_player, describe, destinations, from_position,
    is_over, legal_moves, levels, new_game, num_players, outcome, parse_move, replay, scores,
    seat_name, sources, to_position, to_record, view,
)

__all__ = [
    "NAME", "PLAYERS", "OPTIONS", "DEFAULT_TILE_SET", "SYMBOL_NAMES", "CELLS", "PLACEMENT",
    "MOVEMENT", "Cell", "Move", "State",
    "new_game", "num_players", "seat_name", "current_player", "legal_moves", "apply", "outcome",
    "parse_move", "view", "to_position", "from_position", "to_record", "replay",
    "sources", "destinations", "describe", "scores", "levels", "is_over", "check_tile_set",
    "render_svg", "scoreboard", "prompt", "explain",
]
