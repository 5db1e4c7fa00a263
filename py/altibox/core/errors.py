"""Error classes shared by every Altibox game (DESIGN.md §2).

All of them subclass :class:`ValueError`, like python-chess's move errors, so a caller that only
wants "bad input" can catch ``ValueError``.
"""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the given state.

    Malformed notation raises a plain ``ValueError`` from ``parse_move`` instead.
    """


class PositionError(ValueError):
    """A position text that cannot be read or breaks a validity rule.

    Attributes:
        rule: the number of the validity rule broken (e.g. Alto spec §10.4 rule 1..7), or
            ``None`` when the game's spec does not number its rules.
    """

    def __init__(self, message: str, rule: int | None = None):
        super().__init__(message if rule is None else f"rule {rule}: {message}")
        self.rule = rule


class RecordError(ValueError):
    """A record (saved game) that cannot be replayed.

    Attributes:
        ply: 1-based index of the move that failed, or 0 when the record's header
            (schema, game, players, options, seed, start) is itself bad.
        move: the offending move text, or ``None`` for a header problem.
    """

    def __init__(self, message: str, ply: int = 0, move: str | None = None):
        where = f"ply {ply} ({move!r}): " if ply else ""
        super().__init__(where + message)
        self.ply = ply
        self.move = move
