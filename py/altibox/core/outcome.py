"""The result of a finished game (DESIGN.md §2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    Attributes:
        scores: final score per player, indexed by player number.
        winners: every player sharing first place, ascending; one entry means "decided",
            several mean a draw or a shared win.
        reason: a code for the whole game: ``"score"``, ``"tiebreak"``, ``"draw"``,
            ``"shared"`` or ``"coins"``.
        detail: JSON-friendly details of the reason, e.g. ``{"level": 4}`` for an Alto tie-break.
        breakdown: per player, the parts of the score as the box's score pad shows them
            (lists or string-keyed dicts, JSON-friendly).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    detail: dict[str, Any] = field(default_factory=dict)
    breakdown: tuple[Any, ...] = ()

    @property
    def decided(self) -> bool:
        """True when exactly one player won."""
        return len(self.winners) == 1

    def to_json(self) -> dict[str, Any]:
        """The outcome as a JSON-friendly dict (lists instead of tuples)."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "detail": dict(self.detail),
            "breakdown": list(self.breakdown),
        }
