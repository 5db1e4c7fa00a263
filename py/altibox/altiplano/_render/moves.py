"""The viewer's legal moves grouped by the element of the table that offers them, and the
``data-cell`` values that open a choice (:func:`choice_cells`).
"""

from __future__ import annotations

from .. import data as _data
from ..rules import house_set_name
from .prims import _canon_key, _expand


# ----------------------------------------------------------------------------------------------
# Moves: what the viewer may do, grouped by the element that offers it
# ----------------------------------------------------------------------------------------------

_BUTTONS = ("draw", "done", "end", "pass", "cart")
INFINITY = "\u221e"


class _Moves:
    """The viewer's legal moves (notation strings) grouped by target."""

    def __init__(self, legal: list[str]):
        self.buttons: set[str] = set()
        self.roles: dict[str, str] = {}
        self.unplace: dict[tuple, str] = {}      # (good|coin, sid) -> move
        self.to_bag: dict[str, str] = {}         # good -> move
        self.place: dict[str, dict] = {}         # good|coin -> {sid: move}
        self.loc: dict[str, list] = {}           # loc -> moves (@, go, step)
        self.market: dict[str, list] = {}        # good -> sell/deliver moves
        self.orders: dict[str, str] = {}
        self.buys: dict[str, str] = {}
        self.fstore: dict[str, dict] = {}        # good -> {row (1-based): move}
        self.runs: dict[str, list] = {}          # sid -> moves
        for mv in legal:
            if mv in _BUTTONS:
                self.buttons.add(mv)
            elif mv.startswith("role:"):
                self.roles[mv[5:]] = mv
            elif mv.startswith("@"):
                self.loc.setdefault(mv[1:], []).append(mv)
            elif mv.startswith("go:") or mv.startswith("step:"):
                self.loc.setdefault(mv.split(":", 1)[1], []).append(mv)
            elif mv.startswith("sell:") or mv.startswith("deliver:"):
                self.market.setdefault(mv.split(":")[1], []).append(mv)
            elif mv.startswith("order:"):
                self.orders[mv[6:]] = mv
            elif mv.startswith("buy:"):
                self.buys[mv[4:]] = mv
            elif mv.startswith("store:"):
                _, g, r = mv.split(":")
                self.fstore.setdefault(g, {})[int(r[1:])] = mv
            elif "<" in mv:
                g, sid = mv.split("<", 1)
                self.unplace[(g, sid)] = mv
            elif ">" in mv:
                g, sid = mv.split(">", 1)
                if sid == "bag":
                    self.to_bag[g] = mv
                else:
                    self.place.setdefault(g, {})[sid] = mv
            else:
                self.runs.setdefault(mv.split(":", 1)[0], []).append(mv)
        for lst in self.loc.values():
            lst.sort(key=lambda m: (not m.startswith("@"), not m.startswith("go:")))


def _planning_list(seat: dict, hs) -> list:
    """The goods on a seat's planning spaces, one per space (``None``: a space emptied this
    Planning phase), in the file's goods order.

    While the seat plans (its own view carries ``fresh``: the goods placed this Planning phase,
    rules ``_seat_view``), each good drawn keeps its space: the goods drawn are the planning
    goods plus the fresh ones, laid out in goods order, and a space whose good was placed stays
    empty, so the next good is where it was drawn. Of several goods of one kind the first spaces
    empty first and the last keep the ones left: a player who takes the left one of two glasses
    sees that space empty (issue 22: the right one vanished), and a click on the first good of a
    kind, from the left as the keyboard goes, always empties the space clicked. Otherwise the
    goods are packed from space 1."""
    key = _canon_key(hs)
    left = sorted(_expand(seat.get("planning") or {}), key=key)
    fresh = [g for src in (seat.get("sources") or {}).values() for g in src.get("fresh") or ()]
    if not fresh:
        return left
    holes: dict = {}
    for g in fresh:
        holes[g] = holes.get(g, 0) + 1
    out: list = []
    for g in sorted(left + fresh, key=key):
        out.append(None if holes.get(g, 0) > 0 else g)
        holes[g] = holes.get(g, 0) - 1
    return out


def _market_asks(moves: list) -> bool:
    """True when a Market good's options open the choice panel rather than play at once:
    several deals (sell or deliver). A lone sale plays at once: a sold good goes to the seller's
    crate (rules: ``sell``), so it costs no points."""
    return len(moves) > 1


def choice_cells(view: dict) -> set[str]:
    """The ``data-cell`` values whose click *selects* something in ``view`` (module docstring):
    ``plan:K`` for each planning good that some ``GOOD>SID`` move places, ``coins`` when a coin
    can be placed, ``own:GOOD`` in final storage, and the cells whose move needs a choice
    (``loc:LOC`` with both a cart move and a step, ``src:SID`` with several run variants,
    ``src:market:K`` with several sell/deliver options). Empty when the viewer is not to act.
    """
    legal = list(view.get("legal_moves") or [])
    if not legal:
        return set()
    mv = _Moves(legal)
    out: set[str] = set()
    me = view.get("player")
    seat = view["seats"][me] if me is not None else None
    hs = _house(view)
    if seat is not None:
        for k, g in enumerate(_planning_list(seat, hs), 1):
            if g in mv.place:
                out.add(f"plan:{k}")
        market = (seat.get("sources") or {}).get("market")
        if market:
            for k, g in enumerate(_display_goods(market["goods"]), 1):
                if _market_asks(mv.market.get(g, [])):
                    out.add(f"src:market:{k}")
    if "coin" in mv.place:
        out.add("coins")
    for g in mv.fstore:
        out.add(f"own:{g}")
    for loc, lst in mv.loc.items():
        if len(lst) > 1:
            out.add(f"loc:{loc}")
            out.add(f"sec:{loc}")
    for sid, lst in mv.runs.items():
        if len(lst) > 1:
            out.add(f"src:{sid}")
    return out

def _display_goods(goods) -> list:
    """Goods on a source in the order they are drawn (the file's order, food last, as the
    recipes read: "alpaca + food"); ``src:SID:K`` numbers them in this order."""
    return sorted(goods, key=lambda g: g == "food")

def _house(view: dict):
    opts = view.get("options") or {}
    return _data.load(house_set_name(opts))

def _last_source(last: str) -> str | None:
    if ">" in last:
        return last.split(">", 1)[1]
    if last.startswith(("sell:", "deliver:")):
        return "market"
    if last.startswith(("@", "go:", "step:", "order:", "buy:", "store:", "role:")) or \
            last in _BUTTONS or "<" in last:
        return None
    return last.split(":", 1)[0]
