"""Altitude in words and tables for the page: public position, score pad, prompts, results.

Pure functions of the state. They say only what every player may see (spec §15): nothing here
names a card in a hand, the drawn card of the player to move, or the order of the pile.
"""

from __future__ import annotations

import json
from typing import Any

from altibox.core import Outcome

from .rules import DRAW, FINAL, OVER, SETUP, State, height, outcome, score_breakdown, seat_name

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


def prompt(state: State) -> str:
    """What the player to move is asked to do, in words (``""`` once over)."""
    p = state.current
    if p is None or state.phase == OVER:
        return ""
    who = seat_name(state, p)
    if state.phase == SETUP:
        return f"{who}: choose 2 of your 6 cards to return to the pile"
    if state.phase == DRAW:
        second = " (first of two turns)" if state.second_turn_pending else ""
        return f"{who}: play the drawn card{second}"
    assert state.phase == FINAL
    return f"{who}: final building — play a card from your hand or pass"


def explain(state: State, out: Outcome | None = None) -> str:
    """Why the game ended the way it did, in words (spec §12)."""
    out = out or outcome(state)
    if out is None:
        return ""
    names = [seat_name(state, p) for p in range(state.players)]
    if state.players == 1:
        return f"Solo game: {out.scores[0]} points with a mountain of {height(state, 0)} levels."
    if out.reason == "score":
        w = out.winners[0]
        return f"{names[w]} has the highest score: {out.scores[w]} points."
    if out.reason == "tiebreak":
        return (f"Tied on points; {names[out.winners[0]]} has the most cards in their mountain "
                f"({out.detail.get('cards')}).")
    return f"{' and '.join(names[w] for w in out.winners)} are tied on {out.scores[out.winners[0]]} points and share the win."
