"""Alto in words and tables for a score pad: the live scoreboard, the turn prompt, the result.

Pure functions of the state (spec §9), used by the web layer so that no rule lives there.
"""

from __future__ import annotations

from typing import Any

from altibox.core import Outcome

from .rules import MOVEMENT, PLACEMENT, State, current_player, levels, outcome, seat_name


def scoreboard(state: State) -> list[dict[str, Any]]:
    """The score pad at any moment (spec §9.1: a disc at level k scores k).

    Returns:
        per player (red, white): ``{"total": int, "parts": [{"label": "Level k", "count": n,
        "each": k, "points": n*k}, ...]}`` with one part per level from 1 to the highest level
        reached by any disc (counts may be 0).
    """
    out = []
    for counts in levels(state):
        parts = [{"label": f"Level {k}", "count": n, "each": k, "points": n * k}
                 for k, n in enumerate(counts, 1)]
        out.append({"total": sum(p["points"] for p in parts), "parts": parts})
    return out


def prompt(state: State) -> str:
    """Whose turn it is and what to do, e.g. ``"Red to place a disc (3 left)"``, ``"White to move"``.

    Returns the result headline's counterpart only while the game runs; ``""`` once it is over.
    """
    player = current_player(state)
    if player is None:
        return ""
    name = seat_name(state, player)
    if state.phase == PLACEMENT:
        placed = sum(1 for c in state.cells for d in c.stack if d == "rw"[player])
        return f"{name} to place a disc ({8 - placed} left)"
    assert state.phase == MOVEMENT
    return f"{name} to move"


def explain(state: State, out: Outcome | None = None) -> str:
    """Why the game was decided, in words (spec §9.2–9.3).

    Examples: ``"Red scores more points: 20 against 17."``; ``"Scores are tied at 14. Red has
    more discs at level 4 (1 against 0), the highest level where the counts differ."``;
    ``"Scores are tied at 12 and both players have the same number of discs at every level."``
    """
    out = out or outcome(state)
    if out is None:
        return ""
    names = [seat_name(state, p) for p in (0, 1)]
    if out.reason == "score":
        w = out.winners[0]
        return f"{names[w]} scores more points: {out.scores[w]} against {out.scores[1 - w]}."
    if out.reason == "tiebreak":
        k = out.detail["level"]
        w = out.winners[0]
        counts = out.breakdown
        return (f"Scores are tied at {out.scores[0]}. {names[w]} has more discs at level {k} "
                f"({counts[w][k - 1]} against {counts[1 - w][k - 1]}), the highest level where the counts differ.")
    return (f"Scores are tied at {out.scores[0]} and both players have the same number of discs "
            f"at every level: a draw.")
