"""Alto: a two-player stacking game on a 4x4 grid of double-sided tiles (shared/rules/alto.md).

Kind of game: two players (red = player 0, white = player 1), deterministic and with perfect
information; the only chance is the setup (the tile shuffle and, with ``setup="random"``, the
placements, drawn from ``random.Random(f"{seed}/setup")``, spec §6.7). Each player places 8
discs, then players take turns moving any disc by the symbol of the tile beneath it; the tile
flips, then disappears. The game ends when no tile holds a disc; a disc at level k scores k
(spec §9).

Cells are named ``a1``..``d4`` (column letter, row number; row 4 at the top) and indexed
``0..15`` in the order ``a1, b1, c1, d1, a2, ..., d4`` (spec §6.7).

Move notation (spec §10.5)
--------------------------

=============  ================================  =======  =============================
move           notation                          example  regular expression
=============  ================================  =======  =============================
placement      ``@`` + cell                      ``@c3``  ``^@[a-d][1-4]$``
movement       source cell + destination cell    ``b2c3`` ``^[a-d][1-4][a-d][1-4]$``
=============  ================================  =======  =============================

A movement does not say whether the top disc or the whole stack moves: the active symbol of the
source tile decides (``S`` moves the stack).

Position format: APN (spec §10)
-------------------------------

``<row4>/<row3>/<row2>/<row1> <to_move> <phase>``: rows top to bottom, cells ``a``..``d``
separated by ``,``; a cell is a tile part (two symbols from ``A O D S``: upper case = bright
side up, active symbol first; lower case = black side up, active symbol second; ``--`` = tile
removed) then the discs bottom to top (``r``, ``w``); ``<to_move>`` is ``r`` or ``w``;
``<phase>`` is ``p`` (placement) or ``m`` (movement). The validity rules are numbered in
:data:`POSITION_RULES`.

The API is the one every Altibox game shares (DESIGN.md §2)::

    >>> from altibox import alto
    >>> s = alto.new_game(seed=7)
    >>> s = alto.apply(s, "@b2")
    >>> alto.to_position(s).endswith(" w p"), alto.current_player(s), alto.is_over(s)
    (True, 1, False)

plus helpers for the web layer: :func:`sources`, :func:`destinations`, :func:`scores`,
:data:`SYMBOL_NAMES`, the words of :mod:`altibox.alto.words` and :func:`render_svg`.
"""

from .position import POSITION_RULES, from_position, replay, scene_facts, to_position, to_record
from .render import legend, legend_svg, render_svg
from .rules import (
    CELLS, DEFAULT_TILE_SET, GAME_ID, INFO, MOVEMENT, NAME, OPTIONS, PLACEMENT, PLAYERS, SEATS,
    SYMBOL_NAMES, Cell, Move, State, apply, check_tile_set, current_player, destinations,
    is_over, legal_moves, levels, new_game, num_players, outcome, parse_move, private_step,
    reveals, undo_barrier, scores, seat_name, sources, view,
)
from .words import cell_help, describe, end_reason, explain, prompt, scoreboard, why_not, log_entry, notation_help, TURN_SUMMARY

__all__ = [
    "GAME_ID", "INFO", "NAME", "PLAYERS", "OPTIONS", "DEFAULT_TILE_SET", "SYMBOL_NAMES", "CELLS",
    "SEATS", "PLACEMENT", "MOVEMENT", "POSITION_RULES", "Cell", "Move", "State",
    "new_game", "num_players", "seat_name", "current_player", "legal_moves", "apply", "outcome",
    "is_over", "parse_move", "view", "private_step", "reveals",
    "undo_barrier", "log_entry", "notation_help", "TURN_SUMMARY",
    "to_position", "from_position",
    "to_record", "replay", "sources", "destinations", "scores", "levels", "check_tile_set",
    "describe", "prompt", "explain", "end_reason", "scoreboard", "render_svg", "scene_facts", "legend",
    "legend_svg", "cell_help", "why_not",
]
