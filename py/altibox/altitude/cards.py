"""Altitude's cards, as data (rules/altitude.md §3, §4).

A card is identified by an integer id, never by its value, so that decks with repeated values
work. In the house deck (the default ``deck="house"``, spec §4, 120 cards) the ids are:

====================  ==========  =============================================================
ids                   kind        notes
====================  ==========  =============================================================
1 .. 100              numbered    value = id; 10, 20, .. 90 are animals, 95 is the Dahut
101 .. 108            cable car   value 0 (spec §3)
109 .. 116            avalanche   no value
117 .. 120            St Bernard  no value; never placed on a mountain
====================  ==========  =============================================================

Animals: 10/50/90 chamois, 20/60 marmot, 30/70 ibex, 40/80 black grouse, 95 Dahut. With the
option ``include_dahut=False`` card 95 is an ordinary numbered card.

A new deck (for instance a published composition, spec §19.1) is added as one more entry of
:data:`DECKS`; the option ``deck`` then names it.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

NUM = "num"
ANIMAL = "animal"
CABLE = "cable"
AVALANCHE = "avalanche"
SB = "sb"
KINDS = (NUM, ANIMAL, CABLE, AVALANCHE, SB)

#: Kinds that may be placed on the owner's own mountain (actions A, D, E, final-phase H).
PLACEABLE = frozenset((NUM, ANIMAL, CABLE))

DAHUT = "dahut"


class Card(NamedTuple):
    """One card of a deck.

    Attributes:
        id: the card's identity (int, unique in its deck; what notation and positions use).
        kind: one of ``"num"``, ``"animal"``, ``"cable"``, ``"avalanche"``, ``"sb"``.
        value: the number printed on it (``0`` for a cable car, ``None`` for an avalanche or a
            Saint Bernard).
        species: ``"chamois"``, ``"marmot"``, ``"ibex"``, ``"black grouse"``, ``"dahut"`` for
            an animal, else ``None``.
    """

    id: int
    kind: str
    value: "int | None"
    species: "str | None"

    @property
    def label(self) -> str:
        """A short human label: ``"57"``, ``"40 black grouse"``, ``"cable car"``, ..."""
        if self.kind == CABLE:
            return "cable car"
        if self.kind == AVALANCHE:
            return "avalanche"
        if self.kind == SB:
            return "Saint Bernard"
        if self.kind == ANIMAL:
            name = "Dahut" if self.species == DAHUT else self.species
            return f"{self.value} {name}"
        return str(self.value)


_HOUSE_ANIMALS = {10: "chamois", 20: "marmot", 30: "ibex", 40: "black grouse", 50: "chamois",
                  60: "marmot", 70: "ibex", 80: "black grouse", 90: "chamois"}


def house_deck(include_dahut: bool = True) -> "tuple[Card, ...]":
    """The house deck of spec §4 (DECISION ``deck``): 120 cards, ids as in the module docstring.

    Args:
        include_dahut: when false, card 95 is an ordinary numbered card (option
            ``include_dahut``, spec §4).

    Returns:
        A tuple of :class:`Card`, sorted by id.
    """
    cards = []
    for v in range(1, 101):
        if v in _HOUSE_ANIMALS:
            cards.append(Card(v, ANIMAL, v, _HOUSE_ANIMALS[v]))
        elif v == 95 and include_dahut:
            cards.append(Card(v, ANIMAL, v, DAHUT))
        else:
            cards.append(Card(v, NUM, v, None))
    cards += [Card(i, CABLE, 0, None) for i in range(101, 109)]
    cards += [Card(i, AVALANCHE, None, None) for i in range(109, 117)]
    cards += [Card(i, SB, None, None) for i in range(117, 121)]
    return tuple(cards)


#: Named decks: option value -> builder(include_dahut) -> cards.
DECKS: "dict[str, Callable[[bool], tuple[Card, ...]]]" = {"house": house_deck}


class Deck:
    """A deck with fast lookups, built once per (deck name, include_dahut).

    Attributes:
        name: the option value (``"house"``).
        cards: the cards sorted by id.
        ids: the card ids, sorted (tuple).
        by_id: ``{id: Card}``.
        kind: ``{id: kind}``.
        value: ``{id: int}`` -- the value a card counts for as a support (cable car 0; avalanche
            and Saint Bernard -1, never compared because those never support a numbered card).
    """

    __slots__ = ("name", "cards", "ids", "by_id", "kind", "value", "size")

    def __init__(self, name: str, cards: "tuple[Card, ...]"):
        self.name = name
        self.cards = tuple(sorted(cards, key=lambda c: c.id))
        self.ids = tuple(c.id for c in self.cards)
        if len(set(self.ids)) != len(self.ids):
            raise ValueError(f"deck {name!r} repeats a card id")
        self.by_id = {c.id: c for c in self.cards}
        self.kind = {c.id: c.kind for c in self.cards}
        self.value = {c.id: (c.value if c.value is not None else -1) for c in self.cards}
        self.size = len(self.cards)


_DECK_CACHE: "dict[tuple[str, bool], Deck]" = {}


def get_deck(name: str = "house", include_dahut: bool = True) -> Deck:
    """The :class:`Deck` named ``name`` (an entry of :data:`DECKS`), cached.

    Raises:
        ValueError: unknown deck name.
    """
    key = (name, bool(include_dahut))
    deck = _DECK_CACHE.get(key)
    if deck is None:
        if name not in DECKS:
            raise ValueError(f"unknown deck {name!r}; decks are: {', '.join(sorted(DECKS))}")
        deck = Deck(name, DECKS[name](bool(include_dahut)))
        _DECK_CACHE[key] = deck
    return deck
