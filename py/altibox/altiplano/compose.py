"""Changing an Altiplano position by hand (the editor, issue 20 point 4).

A teacher starts from any position (a new game, a scene, a shared game at some ply) and
changes one thing at a time: the goods in a seat's bag, crate, planning or warehouse, its coins,
road and pawn, the extension display and the open orders. Goods are conserved for the teacher
(spec §21.1): whatever a seat gains comes from the supply, whatever it loses goes back there,
and a change the supply cannot pay for is refused in words. Display cards are swapped with
cards of the pile, orders with orders out of the game, so each card stays in one place. Every
change returns new position text checked by :func:`altibox.altiplano.from_position`.

    >>> from altibox import altiplano
    >>> text = altiplano.to_position(altiplano.new_game(seed=7, players=2))
    >>> after = move_goods(text, 0, "bag", "wood", 2)
    >>> s = altiplano.from_position(after)
    >>> s.ps[0].bag.get("wood"), s.supply["wood"]
    (2, 9)
    >>> move_goods(text, 0, "bag", "corn", 1)
    Traceback (most recent call last):
    ...
    altibox.core.errors.PositionError: rule 5: Corn never goes into a bag, a crate or a planning space.
"""

from __future__ import annotations

import json
from typing import Any

from altibox.core import PositionError

from .position import from_position
from .rules import LOCATIONS
from . import words

#: The places of a seat whose goods :func:`move_goods` changes.
GOODS_PLACES = ("bag", "crate", "planning")


def _load(text: str) -> tuple[dict, Any]:
    state = from_position(text)
    return json.loads(text), state


def _dump(d: dict) -> str:
    text = json.dumps(d, separators=(",", ":"), sort_keys=True)
    from_position(text)  # raises PositionError naming the rule broken
    return text


def _seat(d: dict, seat: int) -> dict:
    if not isinstance(seat, int) or not 0 <= seat < len(d["seats"]):
        raise PositionError(words.compose_no_seat(seat), rule=3)
    return d["seats"][seat]


def _supply_pays(d: dict, state, good: str, count: int) -> None:
    """Move ``count`` of ``good`` out of the supply (negative: back into it)."""
    if good not in state.hs.goods:
        raise PositionError(words.compose_no_good(good), rule=4)
    have = d["supply"].get(good, 0)
    if count > have:
        raise PositionError(words.compose_supply_short(good, count, have), rule=4)
    d["supply"][good] = have - count


def move_goods(text: str, seat: int, where: str, good: str, count: int) -> str:
    """``count`` of ``good`` into (negative: out of) the ``where`` of ``seat``, from (to)
    the supply.

    Args:
        where: ``"bag"``, ``"crate"`` or ``"planning"``. seat: 0-based.
    Raises:
        PositionError: corn into a bag, crate or planning (rule 5), more than the supply holds
            or the place holds, an unknown good or seat, or any other rule broken.
    """
    d, state = _load(text)
    if where not in GOODS_PLACES:
        raise PositionError(words.compose_no_place(where), rule=1)
    if good == "corn" and count > 0:
        raise PositionError(words.COMPOSE_CORN, rule=5)
    place = _seat(d, seat)[where]
    have = place.get(good, 0)
    if have + count < 0:
        raise PositionError(words.compose_place_short(good, -count, have, where), rule=4)
    _supply_pays(d, state, good, count)
    if have + count:
        place[good] = have + count
    else:
        place.pop(good, None)
    return _dump(d)


def set_warehouse(text: str, seat: int, rows: list[list[str]]) -> str:
    """The warehouse of ``seat`` as ``rows`` (lists of goods, spec §21.9); the goods it held go
    back to the supply, the new ones come from it.

    Raises:
        PositionError: the supply cannot pay, or the rows break rule 9.
    """
    d, state = _load(text)
    s = _seat(d, seat)
    for row in s["warehouse"]:
        for g in row:
            _supply_pays(d, state, g, -1)
    for row in rows:
        for g in row:
            _supply_pays(d, state, g, 1)
    s["warehouse"] = [list(r) for r in rows]
    return _dump(d)


def set_seat(text: str, seat: int, *, coins: int | None = None, road: int | None = None,
             pawn: str | None = "keep") -> str:
    """``seat``'s coins, road position or pawn location (a location id, or None: not on the
    ring yet); a part left out (``"keep"`` for the pawn) stays as it is.

    Raises:
        PositionError: negative coins, an unknown location, or another rule broken.
    """
    d, _ = _load(text)
    s = _seat(d, seat)
    if coins is not None:
        s["coins"] = coins
    if road is not None:
        s["road"] = road
    if pawn != "keep":
        if pawn is not None and pawn not in LOCATIONS:
            raise PositionError(words.compose_no_location(pawn), rule=3)
        s["pawn"] = pawn
    return _dump(d)


def _swap(text: str, shown: str, waiting: str, index: int, card: str, where: str, rule: int) -> str:
    """Exchange ``card`` (in list ``waiting``) with place ``index`` of list ``shown``."""
    d, _ = _load(text)
    if not 0 <= index < len(d[shown]) or card not in d[waiting]:
        raise PositionError(words.compose_swap(where, card), rule=rule)
    j = d[waiting].index(card)
    d[waiting][j], d[shown][index] = d[shown][index], card
    return _dump(d)


def swap_display(text: str, index: int, card: str) -> str:
    """Put extension ``card`` (now in the pile) at place ``index`` of the display; the card
    it replaces takes its place in the pile.

    Raises:
        PositionError: no such display place, or ``card`` is not in the pile.
    """
    return _swap(text, "display", "pile", index, card, "display", 11)


def swap_order(text: str, index: int, order: str) -> str:
    """Put ``order`` (now out of the game) at place ``index`` of the open orders; the order
    it replaces goes out of the game.

    Raises:
        PositionError: no such place, or ``order`` is not out of the game.
    """
    return _swap(text, "orders", "removed", index, order, "orders", 7)
