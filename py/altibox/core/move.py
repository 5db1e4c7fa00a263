"""The one move design every Altibox game shares (DESIGN.md §2).

A move is a frozen, hashable value whose ``str()`` is its notation; moves sort by notation, so
``sorted(legal_moves)`` and the notation order agree. Each game subclasses :class:`Move` to add
read-only properties for the parts of its notation (Alto's ``src``/``dst``, Altitude's
``action``/``card``...), decorated ``@dataclass(frozen=True, order=True)`` with
``__slots__ = ()``, and keeps one instance per notation in a cache, so building and
comparing moves stays cheap in playouts.

    >>> a, b = Move("b2c3"), Move("@c3")
    >>> str(a), sorted([a, b]) == [b, a], a == Move("b2c3"), a == "b2c3"
    ('b2c3', True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Move:
    """A move of some game: its notation ``text`` and nothing else.

    Equal moves have equal notation (and the same class); ``<`` compares notation as plain
    text. A move is never equal to its notation string: compare ``str(move)`` for that.
    Build moves with the game's ``parse_move`` (which checks the notation), not directly.

    Attributes:
        text: the notation, e.g. ``"b2c3"`` (Alto), ``"C p1 2.-1"`` (Altitude),
            ``"alpaca>farm"`` (Altiplano).
    """

    __slots__ = ("text",)  # by hand: ``slots=True`` would rebuild the class and break subclasses

    text: str

    def __str__(self) -> str:
        return self.text
