"""Altiplano's table as SVG: a pure function of a view and the page's selection.

``render_svg(view, ui)`` draws what ``altiplano.view(state, seat)`` (or the public view
``view(state, None)``) gives, so nothing hidden can reach the page: no bag order, no pile order,
no removed order, and no other seat's placements of the current planning phase (spec §19).

Layout (top to bottom; one column): the **table** (the ring of the 7 locations in their dealt
order with every pawn and each location's stock, the general supply, the extension display with
prices and the pile, the face-up orders), the **big board** of one seat (header with role,
coins, VP; the buttons of the current step; the 8 planning spaces; one card per location with
its action spaces, recipes, role tile and extensions; the movement area; the road track; bag and
crate with draw odds; the warehouse; orders, houses and boats), then the **other seats** in a
compact, public form. Two layouts: ``720`` units wide (``ui["narrow"]`` false: for a column of at
least 720 CSS px, text is then >= 11 px) and ``360`` units wide (``ui["narrow"]`` true: for a
phone column of at least 360 CSS px). Every good is a distinct shape *and* colour with its name
in a ``<title>``; locations, extensions, roles and orders have tooltips (``<title>``) and
accessible names (``aria-label``) that say what they do.

``ui`` keys (all optional):

* ``selected``: a ``data-cell`` value that the page selected (see :func:`choice_cells`):
  ``plan:K`` (the good on planning space K), ``coins`` (the coin pile), ``own:GOOD`` (a good
  to store in final storage), or a cell whose move needs a choice (``loc:LOC``, ``sec:LOC``,
  ``src:SID``, ``src:market:K``) -- then a panel of labelled option buttons is drawn next to
  it (``choice:K`` buttons and ``choice:cancel``).
* ``names``: player names by seat (escaped; blank -> ``"Player N"``).
* ``board``: the seat whose board is drawn big (default: the viewer; for the public view the
  seat to act, else the start player).
* ``narrow``: true for the 360-wide phone layout.
* ``focus``: a ``data-cell`` value to draw with the keyboard-focus ring.
* ``last``, ``last_player``: notation of the last move and its seat; its place is outlined.

``data-cell`` values (unique in the document; every clickable group has ``role="button"``,
``tabindex="0"`` and an ``aria-label``):

* table: ``loc:LOC`` (location tile), ``display:EXT`` (a display tile), ``pile``,
  ``order:ID`` (a face-up order), ``supply``; ``role:ROLE`` (draft: a role to choose).
* the big board: ``plan:K`` (planning space K, 1–8), ``coins``, ``src:SID`` (an action source:
  a location section's spaces, the role tile, an extension, ``move`` = the movement food
  spaces), ``src:SID:K`` (the K-th good on it, 1-based), ``src:SID:cK`` (its K-th coin),
  ``cart:K`` (cart slot K), ``road``, ``bag``, ``crate``, ``wh:N`` (warehouse row N, 1-based),
  ``myorder``, ``own:GOOD`` (final storage), ``sec:LOC`` (the "go here" button of a location
  card), buttons ``draw``, ``done``, ``end``, ``pass``, ``cart`` (buy a cart).
* ``seat:Q`` (another seat's compact board); ``choice:K`` / ``choice:cancel`` (the option
  buttons of a pending choice).

``data-move`` (one whole legal move, its notation) is put on: the buttons (``draw``, ``done``,
``end``, ``pass``, ``cart``); ``loc:LOC`` and ``sec:LOC`` for ``@LOC`` / ``go:LOC`` /
``step:LOC`` when only one of them is legal (both legal: selectable, offering both); ``order:ID`` for
``order:ID``; ``display:EXT`` for ``buy:EXT``; ``role:ROLE`` for ``role:ROLE``; ``src:SID``
for ``GOOD>SID`` / ``coin>SID`` while ``plan:K`` / ``coins`` is selected, and for the run
``SID[:ARG...]`` when it has one variant (several: selectable, with a choice panel);
``src:SID:K`` / ``src:SID:cK`` for ``GOOD<SID`` / ``coin<SID`` (take back);
``plan:K`` for ``GOOD>bag`` (draw control); ``src:market:K`` for ``sell:GOOD`` /
``deliver:GOOD[:rN]`` (one option: the move; several: a choice panel); ``wh:N`` for
``store:GOOD:rN`` while ``own:GOOD`` is selected; ``choice:K`` for each option. Identical goods
on one source or on planning spaces stand for the same move, so a move may appear on each of
them. Overlays (highlights, focus rings) have ``pointer-events="none"``; positions are
``transform`` attributes on the groups (the page's CSS must not set ``transform`` on them).
"""

from __future__ import annotations

from typing import Any

from . import data as _data
from . import words as _w

W_WIDE = 720
W_NARROW = 360

SEAT = ("#c8372d", "#2b6cb0", "#2f855a", "#c27c0e", "#7b4fc9")
SEAT_TINT = ("#fbe4e1", "#dfeaf8", "#dff1e6", "#f8ecd4", "#ece3fa")

LOC_COLOUR = {"harbor": "#2a6f97", "farm": "#5a8f29", "forest": "#2f6b3a", "mine": "#5c6470",
              "road": "#9c6b30", "market": "#8a3f8f", "village": "#a4452c"}

GOOD_FILL = {"food": "#eda23a", "corn": "#f3cf2f", "wood": "#8a5a2e", "stone": "#a0a6ad",
             "ore": "#3b414c", "wool": "#f4ecda", "cloth": "#c8372d", "silver": "#d3d9df",
             "fish": "#2e7bc4", "glass": "#62c9d1", "alpaca": "#b48ad8", "cacao": "#5b3520"}

# Each good: a distinct shape in a 20x20 box centred on 0,0 (colour is never the only cue).
_GLYPHS = {
    "food": '<circle r="8.6" fill="#eda23a" stroke="#93600f" stroke-width="1.3"/>'
            '<path d="M-3,-2.5 a4,3 0 0 1 5,-2" fill="none" stroke="#fff3d6" stroke-width="1.6" '
            'stroke-linecap="round"/>',
    "corn": '<rect x="-8" y="-8" width="16" height="16" rx="2" fill="#f3cf2f" stroke="#8a6d00" '
            'stroke-width="1.3"/><path d="M-3.5,-8 V8 M3.5,-8 V8 M-8,-3.5 H8 M-8,3.5 H8" '
            'stroke="#b8940c" stroke-width="1"/>',
    "wood": '<rect x="-9.5" y="-5" width="17" height="10" rx="2" fill="#8a5a2e" '
            'stroke="#4a2d12" stroke-width="1.2"/><ellipse cx="7.5" cy="0" rx="2.6" ry="5" '
            'fill="#d9a66a" stroke="#4a2d12" stroke-width="1.2"/>',
    "stone": '<path d="M-8.5,3 L-6,-6 L1,-8.5 L8,-4 L8.5,4.5 L2,8.5 L-6,7.5 Z" fill="#a0a6ad" '
             'stroke="#4f555c" stroke-width="1.3" stroke-linejoin="round"/>'
             '<path d="M-3,-2 L1,-5 L4,-1" fill="none" stroke="#e1e4e7" stroke-width="1.2"/>',
    "ore": '<path d="M0,-9.5 L8,0 L0,9.5 L-8,0 Z" fill="#3b414c" stroke="#15181d" '
           'stroke-width="1.2" stroke-linejoin="round"/><path d="M0,-9.5 L3,0 L0,9.5" '
           'fill="#6c7584"/>',
    "wool": '<path d="M-7,5 a3.6,3.6 0 0 1 -0.5,-7 a4.2,4.2 0 0 1 7.5,-2.8 a4.2,4.2 0 0 1 '
            '7.4,2.9 a3.6,3.6 0 0 1 -0.4,6.9 Z" fill="#f4ecda" stroke="#8b7a55" '
            'stroke-width="1.3" stroke-linejoin="round"/>',
    "cloth": '<path d="M-8,-7.5 H8 V7.5 H-3 L-8,2.5 Z" fill="#c8372d" stroke="#6e1710" '
             'stroke-width="1.2" stroke-linejoin="round"/><path d="M-8,2.5 H-3 V7.5" '
             'fill="#f08a7f" stroke="#6e1710" stroke-width="1"/>'
             '<path d="M-2,-3.5 H5 M-2,0 H5" stroke="#f2b0a8" stroke-width="1.2"/>',
    "silver": '<path d="M-9,5.5 L-5.5,-5.5 H5.5 L9,5.5 Z" fill="#d3d9df" stroke="#59626d" '
              'stroke-width="1.3" stroke-linejoin="round"/><path d="M-4,-3 H4" '
              'stroke="#fff" stroke-width="1.5"/>',
    "fish": '<path d="M-9,0 C-4,-7 4,-6.5 6,0 C4,6.5 -4,7 -9,0 Z M5,0 L10,-5 V5 Z" '
            'fill="#2e7bc4" stroke="#123e66" stroke-width="1.1" stroke-linejoin="round"/>'
            '<circle cx="-4.5" cy="-1.2" r="1.2" fill="#fff"/>',
    "glass": '<path d="M-4,-9 H4 L8.5,-1 L0,9.5 L-8.5,-1 Z" fill="#62c9d1" stroke="#1d7078" '
             'stroke-width="1.2" stroke-linejoin="round"/><path d="M-8.5,-1 H8.5 M-4,-9 L-2,-1 '
             'L0,9.5 M4,-9 L2,-1" fill="none" stroke="#1d7078" stroke-width=".8"/>',
    "alpaca": '<path d="M-5,9 V-1 C-5,-4 -4,-6 -3,-6.5 L-4,-10 L-1,-7.5 H1 L4,-10 L3,-6.5 '
              'C4,-6 5,-4 5,-1 V9 Z" fill="#b48ad8" stroke="#4f2f79" stroke-width="1.2" '
              'stroke-linejoin="round"/><circle cx="-1.8" cy="-3" r="1" fill="#2a1840"/>'
              '<circle cx="1.8" cy="-3" r="1" fill="#2a1840"/>',
    "cacao": '<ellipse rx="5.8" ry="9.3" fill="#5b3520" stroke="#23130a" stroke-width="1.2"/>'
             '<path d="M0,-9 V9 M-3.2,-7.5 Q-4.4,0 -3.2,7.5 M3.2,-7.5 Q4.4,0 3.2,7.5" '
             'fill="none" stroke="#a06a45" stroke-width="1"/>',
    "coin": '<circle r="8.6" fill="#f2c230" stroke="#8d6b00" stroke-width="1.3"/>'
            '<circle r="5.6" fill="none" stroke="#b58c06" stroke-width="1.2"/>',
    "any": '<rect x="-8" y="-8" width="16" height="16" rx="4" fill="#fff" stroke="#6b6f7a" '
           'stroke-width="1.2" stroke-dasharray="3 2"/><path d="M0,-4.5 V4.5 M-4,-2.2 L4,2.2 '
           'M-4,2.2 L4,-2.2" stroke="#3d4250" stroke-width="1.4" stroke-linecap="round"/>',
    "house": '<path d="M-8,-1 L0,-8.5 L8,-1 V8 H-8 Z" fill="#e9d8b8" stroke="#6b4a1e" '
             'stroke-width="1.3" stroke-linejoin="round"/><rect x="-2.2" y="2" width="4.4" '
             'height="6" fill="#6b4a1e"/>',
    "boat": '<path d="M-9.5,2 H9.5 L6,8 H-6 Z" fill="#8a5a2e" stroke="#3f2710" '
            'stroke-width="1.2" stroke-linejoin="round"/><path d="M0,0 V-9 L7,0 Z" '
            'fill="#f7f1e3" stroke="#3f2710" stroke-width="1.1" stroke-linejoin="round"/>',
    "order": '<rect x="-7" y="-9" width="14" height="18" rx="2" fill="#fbf3df" stroke="#7a5a2a" '
             'stroke-width="1.2"/><path d="M-4,-4.5 H4 M-4,-1 H4 M-4,2.5 H2" stroke="#7a5a2a" '
             'stroke-width="1.2"/>',
    "cart": '<rect x="-7" y="-7" width="14" height="14" rx="2" fill="#c8955a" stroke="#5b3a14" '
            'stroke-width="1.3"/><path d="M-7,-7 L-3,-10 H10 L7,-7 M7,-7 V7 L10,4 V-10" '
            'fill="#e0b27a" stroke="#5b3a14" stroke-width="1.1" stroke-linejoin="round"/>',
    "road": '<path d="M-3,-9 H3 L8,9 H-8 Z" fill="#b9a37c" stroke="#5f4a24" stroke-width="1.2" '
            'stroke-linejoin="round"/><path d="M0,-7 V-3 M0,0 V3 M0,5.5 V8.5" stroke="#fff" '
            'stroke-width="1.5"/>',
    "store": '<rect x="-9" y="-8" width="18" height="16" rx="1.5" fill="#d8c39b" stroke="#5f4a24" '
             'stroke-width="1.2"/><path d="M-9,-2.7 H9 M-9,2.7 H9" stroke="#5f4a24" '
             'stroke-width="1.1"/>',
    "lock": '<rect x="-5" y="-1" width="10" height="8" rx="1.5" fill="#3d4250"/><path '
            'd="M-3,-1 V-4 a3,3 0 0 1 6,0 V-1" fill="none" stroke="#3d4250" stroke-width="1.8"/>',
    "pawn": '<circle cy="-5.2" r="4" fill="currentColor" stroke="#1b1d22" stroke-width="1.1"/>'
            '<path d="M-6.5,9 C-6.5,3 -4.5,0 0,0 C4.5,0 6.5,3 6.5,9 Z" fill="currentColor" '
            'stroke="#1b1d22" stroke-width="1.1" stroke-linejoin="round"/>',
}

_STYLE = (
    "<style>"
    ".ap{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;fill:#1f2430}"
    ".ap text{pointer-events:none}"
    ".ap .panel{fill:#fffdf9;stroke:#d9d3c7;stroke-width:1.2}"
    ".ap .panel.table{fill:#f1e8d5;stroke:#d6c8aa}"
    ".ap .ptitle{font-size:15px;font-weight:800;fill:#1f2430}"
    ".ap .h{font-size:13px;font-weight:700}"
    ".ap .t{font-size:12px;fill:#2f3440}"
    ".ap .s{font-size:11px;fill:#5a5f6b}"
    ".ap .b{font-weight:700}"
    ".ap .n{font-size:12px;font-weight:700;fill:#1f2430}"
    ".ap .w{fill:#fff}"
    ".ap .mid{text-anchor:middle}"
    ".ap .end{text-anchor:end}"
    ".ap .tile{fill:#fffaf0;stroke:#b9ad96;stroke-width:1.2}"
    ".ap .card{fill:#fffaf0;stroke:#d3c9b5;stroke-width:1}"
    ".ap .space{fill:#f3ede1;stroke:#b9ad96;stroke-width:1}"
    ".ap .space.off{fill:#e6e1d7;stroke:#cfc8ba;stroke-dasharray:3 3}"
    ".ap .space.coin{fill:#fbf1cf;stroke:#b99a3a}"
    ".ap .ready{fill:#1f9d55}"
    ".ap .target{fill:none;stroke:#1f9d55;stroke-width:3}"
    ".ap .target.back{stroke-width:2.2;stroke-dasharray:4 3}"
    ".ap .pick{fill:none;stroke:#2b5fab;stroke-width:2.2;stroke-dasharray:5 3}"
    ".ap .targetfill{fill:#1f9d55;fill-opacity:.10}"
    ".ap .sel{fill:none;stroke:#f5b301;stroke-width:3.5}"
    ".ap .last{fill:none;stroke:#2b6cb0;stroke-width:2.5;stroke-dasharray:6 3}"
    ".ap .focus{fill:none;stroke:#111;stroke-width:2;stroke-dasharray:4 3}"
    ".ap .btn rect.bg{fill:#2b5fab;stroke:#1d437c}"
    ".ap .btn text{font-size:13px;font-weight:700;fill:#fff;text-anchor:middle}"
    ".ap .btn.alt rect.bg{fill:#fff;stroke:#2b5fab}"
    ".ap .btn.alt text{fill:#2b5fab}"
    ".ap .pill{font-size:11px;font-weight:800;fill:#fff;text-anchor:middle}"
    ".ap .cost{font-size:11px;font-weight:700;fill:#14613a}"
    ".ap .zero{fill:#b42318}"
    ".ap .muted{fill:#8a8e98}"
    ".ap .ringpath{fill:none;stroke:#d8ccb4;stroke-width:10}"
    ".ap .pbg{fill:#fffdf9;stroke:#1f2430;stroke-width:1.5}"
    ".ap .btn.cancel rect.bg{fill:#eceae4;stroke:#9a9586}"
    ".ap .btn.cancel text{fill:#1f2430}"
    ".ap [data-move],.ap [role=button]{cursor:pointer}"
    "</style>"
)

# ----------------------------------------------------------------------------------------------
# Small helpers
# ----------------------------------------------------------------------------------------------


def _esc(text: Any) -> str:
    s = str(text)
    if "&" in s or "<" in s or ">" in s or '"' in s or "'" in s:
        s = (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
             .replace('"', "&quot;").replace("'", "&#39;"))
    return s


def _f(x: float) -> str:
    return "%g" % x


def _tw(text: str, size: float, bold: bool = False) -> float:
    """Estimated width of ``text`` in a sans-serif font at ``size`` px."""
    return len(text) * size * (0.6 if bold else 0.55)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:max(1, limit - 1)] + "\u2026"


def _g(kind: str, x: float, y: float, size: float, title: str | None = None) -> str:
    """A good (or icon) glyph centred at ``x, y``, ``size`` units tall."""
    # drawn inline (not <use>): Chromium lays out a few hundred inline glyphs faster than as
    # many <use> shadow trees
    if title:
        return ('<g class="gl %s" transform="translate(%g,%g) scale(%g)"><title>%s</title>%s</g>'
                % (kind, x, y, size / 20, _esc(title), _GLYPHS[kind]))
    return ('<g class="gl %s" transform="translate(%g,%g) scale(%g)">%s</g>'
            % (kind, x, y, size / 20, _GLYPHS[kind]))


def _text(x, y, text, cls="t", extra="") -> str:
    return '<text class="%s" x="%g" y="%g"%s>%s</text>' % (cls, x, y, extra, _esc(text))


def _rect(x, y, w, h, cls, rx=4, extra="") -> str:
    return ('<rect class="%s" x="%g" y="%g" width="%g" height="%g" rx="%g"%s/>'
            % (cls, x, y, w, h, rx, extra))


def _overlay(x, y, w, h, cls, rx=6) -> str:
    return ('<rect class="%s" x="%g" y="%g" width="%g" height="%g" rx="%g" '
            'pointer-events="none"/>' % (cls, x, y, w, h, rx))


def _expand(counts: dict) -> list:
    out = []
    for g, n in counts.items():
        out.extend([g] * int(n))
    return out


def _canon_key(hs):
    order = hs.order
    return lambda g: order.get(g, 99)


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
    """The goods on a seat's planning spaces, one per space, in the file's goods order."""
    key = _canon_key(hs)
    return sorted(_expand(seat.get("planning") or {}), key=key)


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
    me = view.get("viewer")
    seat = view["seats"][me] if me is not None else None
    hs = _house(view)
    if seat is not None:
        for k, g in enumerate(_planning_list(seat, hs), 1):
            if g in mv.place:
                out.add(f"plan:{k}")
        market = (seat.get("sources") or {}).get("market")
        if market:
            for k, g in enumerate(_display_goods(market["goods"]), 1):
                if len(mv.market.get(g, ())) > 1:
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


_TIPS: dict = {}


def _tip(kind: str, key: Any, opts: dict, price: Any = None) -> str:
    """Tooltip words from :mod:`words`, cached per process (they depend only on the data)."""
    ck = (kind, key, price, opts.get("house_set"), opts.get("forest_cacao_mode"))
    hit = _TIPS.get(ck)
    if hit is None:
        if kind == "good":
            hit = _w.good_tip(key, opts)
        elif kind == "loc":
            hit = _w.location_tip(key, opts)
        elif kind == "role":
            hit = _w.role_tip(key, opts)
        else:
            hit = _w.extension_tip(key, opts, price)
        _TIPS[ck] = hit
    return hit


def _house(view: dict):
    opts = view.get("options") or {}
    return _data.load(opts.get("house_set", "house_set"))


# ----------------------------------------------------------------------------------------------
# Words for options of a choice
# ----------------------------------------------------------------------------------------------

def _option_words(ctx: "_Ctx", mv: str) -> str:
    hs = ctx.hs
    seat = ctx.bseat
    if mv.startswith("@"):
        return f"Put your pawn on the {_w.location_name(mv[1:])} (free)"
    if mv.startswith("go:"):
        return f"Cart to the {_w.location_name(mv[3:])} ({ctx.cart_cost_words()})"
    if mv.startswith("step:"):
        return f"Step to the {_w.location_name(mv[5:])} (1 food)"
    if mv.startswith("sell:"):
        g = mv[5:]
        p = hs.prices.get(g, 0)
        return f"Sell {g} for {p} coin{'s' if p != 1 else ''}"
    if mv.startswith("deliver:"):
        parts = mv.split(":")
        g = parts[1]
        order = seat.get("order") if seat else None
        oid = order["id"] if order else "?"
        if len(parts) > 2:
            return f"Deliver {g} to order {oid}: completes it, corn to warehouse row {parts[2][1:]}"
        need = _order_need(hs, order) if order else []
        if need == [g]:
            return f"Deliver {g} to order {oid}: completes it"
        return f"Deliver {g} to order {oid}"
    sid, _, rest = mv.partition(":")
    args = rest.split(":") if rest else []
    src = ctx.S.get(sid)
    what = _src_title(ctx, sid)
    if src is None:
        return mv
    entry = (seat.get("sources") or {}).get(sid, {}) if seat else {}
    goods = list(entry.get("goods", ()))
    rec = None
    for r in src.recipes:
        rec = r
        if (r.card or r.store or r.road or r.choose) and args:
            break
    if args and args[0].startswith("r") and args[0][1:].isdigit():
        rows = [int(a[1:]) for a in args]
        if src.sid == "road" or (rec is not None and rec.road):
            return f"{what}: build a road, corn to warehouse row {rows[0]}"
        pairs = [f"{g} \u2192 row {r}" for g, r in zip(goods, rows)]
        return f"{what}: store " + ", ".join(pairs)
    if args:
        a = args[0]
        if any(r.card == "house" for r in src.recipes) and a in hs.house_types:
            return f"{what}: take the {a} house (+1 VP per {a} at the end)"
        if any(r.card == "boat" for r in src.recipes) and a in hs.boat_goods:
            return f"{what}: take the {a} boat (gain 1 {a})"
        return f"{what}: take {a}"
    return f"{what}: run the action"


def _order_need(hs, order: dict) -> list:
    need = list(hs.orders[order["id"]][0])
    for g in order.get("delivered", ()):
        if g in need:
            need.remove(g)
    return need


def _src_title(ctx: "_Ctx", sid: str) -> str:
    if sid in _w.LOCATION_NAMES:
        return _w.location_name(sid)
    if sid == "move":
        return "Movement"
    if sid in ctx.hs.roles:
        return _w.role_name(sid)
    return f"Extension {sid}"


# ----------------------------------------------------------------------------------------------
# Context
# ----------------------------------------------------------------------------------------------

class _Ctx:
    """Everything one render needs, computed once."""

    def __init__(self, view: dict, ui: dict):
        self.v = view
        self.ui = ui
        opts = view.get("options") or {}
        self.opts = opts
        self.hs = _house(view)
        self.S = self.hs.sources(opts.get("forest_cacao_mode", "one_cacao_choose_output"))
        self.n = int(view["players"])
        self.viewer = view.get("viewer")
        raw = ui.get("names") or []
        self.names = []
        for i in range(self.n):
            nm = str(raw[i]).strip() if i < len(raw) and raw[i] is not None else ""
            self.names.append(nm or f"Player {i + 1}")
        self.legal = list(view.get("legal_moves") or [])
        self.mv = _Moves(self.legal)
        self.narrow = bool(ui.get("narrow"))
        self.W = W_NARROW if self.narrow else W_WIDE
        b = ui.get("board")
        if not (isinstance(b, int) and 0 <= b < self.n):
            b = self.viewer
            if b is None:
                cur = view.get("current")
                b = cur if cur is not None else int(view.get("start_player") or 0)
        self.board = b
        self.bseat = view["seats"][b]
        self.own = self.viewer is not None and self.viewer == b
        self.sel = ui.get("selected")
        self.focus = ui.get("focus")
        self.anchors: dict[str, tuple] = {}
        self.plan = _planning_list(self.bseat, self.hs)
        self.sel_good = None
        if isinstance(self.sel, str) and self.sel.startswith("plan:"):
            k = self.sel[5:]
            if k.isdigit() and 1 <= int(k) <= len(self.plan):
                self.sel_good = self.plan[int(k) - 1]
        elif self.sel == "coins":
            self.sel_good = "coin"
        self.place_targets = self.mv.place.get(self.sel_good, {}) if self.sel_good else {}
        self.store_good = None
        if isinstance(self.sel, str) and self.sel.startswith("own:"):
            self.store_good = self.sel[4:]
        self.choice: list[str] = []
        self.choice_title = ""
        self.last = str(ui.get("last") or "")
        lp = ui.get("last_player")
        self.last_player = lp if isinstance(lp, int) else None
        # the last move's source on the big board; a placement or take-back ("G>SID",
        # "G<SID") is outlined for its own player only: for the others it is still secret
        self.last_src = _last_source(self.last) if self.last else None
        if self.last_player is not None and self.last_player != self.board:
            self.last_src = None
        if ("<" in self.last or ">" in self.last) and not (
                self.viewer is not None and self.viewer == self.board
                and self.last_player in (None, self.viewer)):
            self.last_src = None
        self._pick_choice()

    def _pick_choice(self) -> None:
        sel = self.sel
        if not isinstance(sel, str):
            return
        if sel.startswith(("loc:", "sec:")):
            lst = self.mv.loc.get(sel[4:], [])
            if len(lst) > 1:
                self.choice = lst
                self.choice_title = f"How do you go to the {_w.location_name(sel[4:])}?"
        elif sel.startswith("src:market:"):
            goods = _display_goods((self.bseat.get("sources") or {}).get("market", {})
                                   .get("goods", []))
            k = sel.rsplit(":", 1)[1]
            if k.isdigit() and 1 <= int(k) <= len(goods):
                g = goods[int(k) - 1]
                lst = self.mv.market.get(g, [])
                if len(lst) > 1:
                    self.choice = sorted(lst, key=lambda m: (not m.startswith("sell"), m))
                    self.choice_title = f"Market: what do you do with the {g}?"
        elif sel.startswith("src:"):
            sid = sel[4:]
            lst = self.mv.runs.get(sid, [])
            if len(lst) > 1:
                self.choice = sorted(lst)
                self.choice_title = f"{_src_title(self, sid)}: choose one"

    def cart_cost_words(self) -> str:
        seat = self.bseat
        if int(seat.get("carts_used") or 0) == 0:
            return "free cart"
        if "D7" in (seat.get("extensions") or []):
            return "extra cart: free once a round with D7, else 1 food"
        return "extra cart: 1 food"

    def attrs(self, cell: str, label: str, move: str | None = None, button: bool = False) -> str:
        """The hook attributes of a group: data-cell, data-move, role, tabindex, aria-label."""
        a = f' data-cell="{_esc(cell)}"'
        if move is not None:
            a += f' data-move="{_esc(move)}"'
        if move is not None or button:
            a += ' role="button" tabindex="0"'
        return a + f' aria-label="{_esc(label)}"'

    def marks(self, cell: str, x, y, w, h, rx=6) -> str:
        """Overlays for the selection, the focus and the last move on ``cell``."""
        out = ""
        if cell == self.sel:
            out += _overlay(x - 2, y - 2, w + 4, h + 4, "sel", rx + 2)
        if cell == self.focus:
            out += _overlay(x - 4, y - 4, w + 8, h + 8, "focus", rx + 3)
        return out


# ----------------------------------------------------------------------------------------------
# Formulas: a recipe drawn as glyphs
# ----------------------------------------------------------------------------------------------

def _inputs_display(r) -> list:
    ins = list(r.ins)
    return sorted(ins, key=lambda g: g == "food")


_FORMULAS: dict = {}


def _formula(r, x: float, y: float, gs: float = 16) -> tuple[str, float]:
    """Recipe ``r`` drawn from ``x`` with its middle at ``y``; returns (svg, width). The glyphs
    of a recipe are built once per process and placed with a translation."""
    key = (id(r), gs)
    hit = _FORMULAS.get(key)
    if hit is None:
        hit = _FORMULAS[key] = _formula_body(r, gs)
    return f'<g transform="translate({_f(x)},{_f(y)})">{hit[0]}</g>', hit[1]


def _formula_body(r, gs: float) -> tuple[str, float]:
    out = []
    x = cx = 0.0
    y = 0.0
    half = gs / 2
    first = True
    if r.ins:
        for g in _inputs_display(r):
            if not first:
                out.append(_text(cx + 1, y + 4, "+", "s"))
                cx += 9
            out.append(_g("any" if g == "*" else g, cx + half, y, gs))
            cx += gs + 1
            first = False
    elif r.coins_in:
        out.append(_text(cx, y + 4, str(r.coins_in), "n"))
        cx += 8
        out.append(_g("coin", cx + half, y, gs))
        cx += gs + 1
    out.append(_text(cx + 2, y + 4.5, "\u2192", "t"))
    cx += 17
    if r.gain:
        for k, g in enumerate(r.gain):
            if k:
                out.append(_text(cx + 1, y + 4, "+", "s"))
                cx += 9
            out.append(_g(g, cx + half, y, gs))
            cx += gs + 1
    elif r.choose:
        for k, g in enumerate(r.choose):
            if k:
                out.append(_text(cx, y + 4, "/", "s"))
                cx += 6
            out.append(_g(g, cx + half, y, gs))
            cx += gs + 1
    elif r.coins:
        out.append(_text(cx, y + 4, str(r.coins), "n"))
        cx += 8
        out.append(_g("coin", cx + half, y, gs))
        cx += gs + 1
    elif r.road:
        out.append(_g("road", cx + half, y, gs))
        cx += gs + 2
        out.append(_text(cx, y + 4, "+1 step", "s"))
        cx += 40
    elif r.card:
        out.append(_g(r.card, cx + half, y, gs))
        cx += gs + 2
        out.append(_text(cx, y + 4, r.card, "s"))
        cx += _tw(r.card, 11) + 2
    elif r.store:
        out.append(_g("store", cx + half, y, gs))
        cx += gs + 2
        out.append(_text(cx, y + 4, "warehouse", "s"))
        cx += 56
    return "".join(out), cx - x


_PASSIVE_SHORT = {"final_storage": "final storage: {n} goods",
                  "draw_control": "draw +{n}, put 1 back",
                  "extra_cart": "1 free extra cart move"}


def _effect(ctx: _Ctx, sid: str, x: float, y: float, gs: float = 16) -> tuple[str, float]:
    """An extension's effect drawn compactly from ``x`` (middle at ``y``)."""
    src = ctx.S[sid]
    if src.passive:
        e = ctx.hs.extensions[sid]
        text = _PASSIVE_SHORT[src.passive].format(n=e.get("amount", 1))
        return _text(x, y + 4, text, "s"), _tw(text, 11)
    out, wsum = [], 0.0
    for r in src.recipes:
        s, w = _formula(r, x + wsum, y, gs)
        out.append(s)
        wsum += w + 8
    return "".join(out), max(0.0, wsum - 8)


# ----------------------------------------------------------------------------------------------
# The table: ring, supply, display, orders
# ----------------------------------------------------------------------------------------------

def _pawns_at(ctx: _Ctx, loc: str) -> list[int]:
    return [i for i, s in enumerate(ctx.v["seats"]) if s.get("pawn") == loc]


def _stock_items(ctx: _Ctx, loc: str) -> list[tuple[str, int, str]]:
    v = ctx.v
    out = []
    for item in ctx.hs.locations[loc]["stock"]:
        if item == "houses":
            out.append(("house", len(v["houses"]), "house cards"))
        elif item == "boats":
            out.append(("boat", len(v["boats"]), "boat cards"))
        elif item == "carts":
            out.append(("cart", int(v["carts"]), "carts"))
        elif item == "orders":
            out.append(("order", len(v["orders"]), "face-up orders"))
        else:
            out.append((item, int(v["supply"].get(item, 0)), item))
    return out


def _ring(ctx: _Ctx, parts: list, top: float) -> float:
    """The ring of locations in dealt order, clockwise; returns its bottom edge.

    Wide: an ellipse in the left 460 units. Narrow: a loop of three rows (3 tiles on top,
    one at each side with the round and the supply between them, 2 at the bottom).
    Parts (``web.dom.patch``): the path and the centre, then one per location tile."""
    ring = list(ctx.v["ring"])
    parts.append('<g data-part="ring">')
    if ctx.narrow:
        tw, th, gap = 112, 78, 10
        xs = (6, 124, 242)
        r1, r2, r3 = top + 4, top + 4 + th + gap, top + 4 + 2 * (th + gap)
        corners = [(xs[0], r1), (xs[1], r1), (xs[2], r1), (xs[2], r2), (183, r3), (65, r3),
                   (xs[0], r2)]
        pos = [(x + tw / 2, y + th / 2) for x, y in corners]
        lx, rx_, ty, by = pos[0][0], pos[2][0], pos[0][1], pos[4][1]
        parts.append(f'<rect class="ringpath" x="{_f(lx)}" y="{_f(ty)}" width="{_f(rx_ - lx)}" '
                     f'height="{_f(by - ty)}" rx="40" aria-hidden="true"/>')
        _centre(ctx, parts, xs[1] + tw / 2, r2, tw, th)
        bottom = r3 + th
    else:
        import math
        tw, th = 128, 82
        cx, rx, ry = 232, 166, 172
        cy = top + ry + th / 2 + 6
        pos = []
        for i in range(len(ring)):
            a = 2 * math.pi * i / len(ring)
            pos.append((cx + rx * math.sin(a), cy - ry * math.cos(a)))
        parts.append(f'<ellipse class="ringpath" cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" '
                     f'ry="{_f(ry)}" aria-hidden="true"/>')
        _centre(ctx, parts, cx, cy - 60, 190, 130)
        bottom = cy + ry + th / 2
    parts.append("</g>")
    me_pawn = ctx.bseat.get("pawn")
    for loc, (x, y) in zip(ring, pos):
        _part(parts, f"loc:{loc}", _tile, ctx, parts, loc, x - tw / 2, y - th / 2, tw, th, loc == me_pawn)
    return bottom


def _view_winners(v: dict) -> list[int]:
    """The winners as the view shows them (spec §16): most VP, then most coins (coins on coin
    spaces included), else shared."""
    seats = v["seats"]
    best = max(s.get("score", 0) for s in seats)
    top = [i for i, s in enumerate(seats) if s.get("score", 0) == best]

    def coins(s):
        return int(s.get("coins") or 0) + sum(int(e.get("coins") or 0)
                                              for e in (s.get("sources") or {}).values())
    most = max(coins(seats[i]) for i in top)
    return [i for i in top if coins(seats[i]) == most]


def _centre(ctx: _Ctx, parts: list, cx: float, y: float, w: float, h: float) -> None:
    """Round, phase, final-round mark, start player and the general supply, centred on ``cx``
    in the box ``y .. y + h``."""
    v = ctx.v
    food = int(v["supply"].get("food", 0))
    rnd = v["round"]
    ph = _w.PHASE_NAMES.get(v["phase"], v["phase"])
    narrow = ctx.narrow
    yy = y + 15
    parts.append(_text(cx, yy, f"Round {rnd}", "ptitle mid"))
    yy += 15
    fr = v.get("final_round")
    if fr is not None and v["phase"] != "over":
        word = "FINAL ROUND" if rnd >= fr else f"LAST: ROUND {fr}"
        bw = _tw(word, 11, True) + 14
        parts.append(_rect(cx - bw / 2, yy - 11, bw, 16, "", 8, ' fill="#b42318"')
                     + _text(cx, yy + 1, word, "pill"))
        yy += 16
    if v["phase"] == "over":
        win = _view_winners(v)
        word = ("Winner: " if len(win) == 1 else "Shared win: ") + " & ".join(
            _clip(ctx.names[i], 10) for i in win)
        parts.append(_text(cx, yy, word, "h mid"))
        return
    parts.append(_text(cx, yy, ph, "t mid b"))
    sp = v["start_player"]
    nm = _clip(ctx.names[sp], 10 if narrow else 16)
    yy += 16
    px = cx - _tw(nm, 11) / 2 - 7
    parts.append(f'<g aria-label="start player: {_esc(ctx.names[sp])}">'
                 f'<title>start player: {_esc(ctx.names[sp])}</title>'
                 f'<g color="{SEAT[sp % 5]}">{_g("pawn", px, yy - 4, 12)}</g>'
                 + _text(px + 8, yy, nm, "s") + "</g>")
    yy += 8
    label = f"general supply: {food} food; coins are unlimited"
    sw = 96
    parts.append(f'<g data-cell="supply" aria-label="{_esc(label)}"><title>{_esc(label)}</title>'
                 + _rect(cx - sw / 2, yy, sw, 24, "card", 12)
                 + _g("food", cx - sw / 2 + 14, yy + 12, 16, "food")
                 + _text(cx - sw / 2 + 25, yy + 16.5, str(food), "n zero" if not food else "n")
                 + _g("coin", cx + 14, yy + 12, 16, "coin")
                 + _text(cx + 25, yy + 16.5, INFINITY, "n") + "</g>")


def _move_cost(ctx: _Ctx, mv: str) -> str:
    """The cost of a pawn move in a few words (spec §8), shown before it is paid."""
    if mv.startswith("@"):
        return "free"
    if mv.startswith("step:"):
        return "step: 1 food"
    if int(ctx.bseat.get("carts_used") or 0) == 0:
        return "cart: free"
    if "D7" in (ctx.bseat.get("extensions") or []):
        return "cart: free/1 food"
    return "cart: 1 food"


def _tile(ctx: _Ctx, parts: list, loc: str, x, y, w, h, mine: bool) -> None:
    cell = f"loc:{loc}"
    moves = ctx.mv.loc.get(loc, [])
    name = _w.location_name(loc)
    stock = _stock_items(ctx, loc)
    pawns = _pawns_at(ctx, loc)
    stock_words = ", ".join(f"{n} {what}" for _k, n, what in stock)
    label = f"{name}: stock {stock_words}"
    if pawns:
        label += "; pawns: " + ", ".join(ctx.names[i] for i in pawns)
    move = None
    if len(moves) == 1:
        move = moves[0]
        label += " \u2014 " + _option_words(ctx, move)
    elif len(moves) > 1:
        label += " \u2014 move here: " + " or ".join(_option_words(ctx, m) for m in moves)
    tip = _tip("loc", loc, ctx.opts)
    parts.append(f'<g class="loc" transform="translate({_f(x)},{_f(y)})"'
                 f'{ctx.attrs(cell, label, move, button=bool(moves))}><title>{_esc(tip)}</title>')
    colour = LOC_COLOUR[loc]
    stroke = f' style="stroke:{SEAT[ctx.board % 5]};stroke-width:3"' if mine else ""
    parts.append(_rect(0, 0, w, h, "tile", 8, stroke))
    parts.append(f'<path d="M0,22 V8 a8,8 0 0 1 8,-8 H{_f(w - 8)} a8,8 0 0 1 8,8 V22 Z" '
                 f'fill="{colour}"/>')
    parts.append(_text(8, 16, name, "h w"))
    if mine:
        parts.append(f'<g color="{SEAT[ctx.board % 5]}">{_g("pawn", w - 12, 11, 14)}</g>')
    # stock
    gs = 15 if ctx.narrow else 16
    sx = 6
    step = (w - 8) / max(1, len(stock))
    for kind, n, what in stock:
        parts.append(_g(kind, sx + gs / 2, 36, gs, f"{n} {what} left"))
        parts.append(_text(sx + gs + 2, 40.5, str(n), "n" + (" zero" if not n else "")))
        sx += step
    # pawns, each with its seat number
    px = 11
    for i in pawns:
        parts.append(f'<g color="{SEAT[i % 5]}">{_g("pawn", px, h - 17, 15)}</g>'
                     + _text(px + 8, h - 7, str(i + 1), "s b"))
        px += 23 if not ctx.narrow else 21
    if moves:
        ct = _move_cost(ctx, moves[0]) if len(moves) == 1 else "cart or step"
        parts.append(_overlay(1, 1, w - 2, h - 2, "targetfill", 8))
        parts.append(_overlay(0, 0, w, h, "target", 8))
        cw = _tw(ct, 11, True) + 10
        cy = h - 20 if px + cw < w - 2 or not pawns else 45
        parts.append(_rect(w - cw - 4, cy, cw, 16, "", 8, ' fill="#1f9d55"')
                     + _text(w - 4 - cw / 2, cy + 12, ct, "pill"))
    parts.append(ctx.marks(cell, 0, 0, w, h, 8))
    if ctx.last and _last_loc(ctx.last) == loc:
        parts.append(_overlay(-3, -3, w + 6, h + 6, "last", 10))
    parts.append("</g>")
    ctx.anchors[cell] = (x, y, w, h)


def _last_loc(last: str) -> str | None:
    if last.startswith("@"):
        return last[1:]
    if last.startswith("go:") or last.startswith("step:"):
        return last.split(":", 1)[1]
    return None


def _display(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    """The extension display (cheapest slot first) and the pile; returns the bottom."""
    v = ctx.v
    pile = v["pile"]
    parts.append(_text(x, y + 14, "Extension display", "h"))
    letters = " \u00b7 ".join(f"{L} {n}" for L, n in sorted(pile["letters"].items()))
    ptxt = f"pile {pile['count']}" + (f" \u00b7 next {min(pile['letters'])}" if letters else "")
    plabel = (f"extension pile: {pile['count']} face-down tiles"
              + (f", letters {letters}" if letters else ""))
    parts.append(f'<g data-cell="pile" aria-label="{_esc(plabel)}"><title>{_esc(plabel)}</title>'
                 f'{_text(x + w, y + 14, ptxt, "s end" + (" zero" if not pile["count"] else ""))}'
                 f'</g>')
    y += 22
    rh = 40
    for k, slot in enumerate(v["display"]):
        ry = y + k * (rh + 4)
        if slot is None:
            parts.append(_rect(x, ry, w, rh, "space off", 6))
            parts.append(_text(x + w / 2, ry + 24, f"empty slot (+{ctx.hs.surcharges[k]})",
                               "s mid"))
            continue
        e = slot["id"]
        info = ctx.hs.extensions[e]
        cell = f"display:{e}"
        move = ctx.mv.buys.get(e)
        tip = _tip("ext", e, ctx.opts, slot["price"])
        label = tip + (" \u2014 buy it" if move else "")
        parts.append(f'<g class="ext" transform="translate({_f(x)},{_f(ry)})"'
                     f'{ctx.attrs(cell, label, move)}><title>{_esc(tip)}</title>')
        parts.append(_rect(0, 0, w, rh, "card", 6))
        parts.append(_rect(0, 0, 40, rh, "", 6, ' fill="#f6e7b8" stroke="#b99a3a"'))
        parts.append(_g("coin", 12, 15, 15))
        parts.append(_text(22, 20, str(slot["price"]), "h"))
        parts.append(_text(20, 35, f"{slot['price'] - slot.get('surcharge', 0)}+"
                                   f"{slot.get('surcharge', 0)}", "s mid"))
        parts.append(_text(46, 15, f"{e}", "n"))
        parts.append(_text(46, 31, _w.location_name(info["location"]), "s"))
        fx = 46 + 58 if not ctx.narrow else 46 + 60
        s, _fw = _effect(ctx, e, fx, rh / 2, 15)
        parts.append(s)
        if move:
            parts.append(_overlay(0, 0, w, rh, "target", 6))
        parts.append(ctx.marks(cell, 0, 0, w, rh))
        if ctx.last == move or ctx.last == f"buy:{e}":
            parts.append(_overlay(-2, -2, w + 4, rh + 4, "last", 8))
        parts.append("</g>")
        ctx.anchors[cell] = (x, ry, w, rh)
    return y + 5 * (rh + 4)


def _order_card(ctx: _Ctx, parts: list, oid: str, x, y, w, h, delivered=None,
                cell: str | None = None, move: str | None = None, extra_label: str = "") -> None:
    goods, vp = ctx.hs.orders[oid]
    key = ("order", oid, tuple(delivered or ()), ctx.opts.get("house_set"))
    tip = _TIPS.get(key)
    if tip is None:
        tip = _TIPS[key] = _w.order_tip(oid, delivered, ctx.opts)
    label = tip + extra_label + (" \u2014 take it for 1 coin" if move else "")
    hook = ctx.attrs(cell, label, move) if cell else f' aria-label="{_esc(label)}"'
    parts.append(f'<g class="order" transform="translate({_f(x)},{_f(y)})"{hook}>'
                 f'<title>{_esc(tip)}</title>')
    parts.append(_rect(0, 0, w, h, "card", 5, ' style="fill:#fbf3df;stroke:#b89a63"'))
    parts.append(_rect(0, 0, 28, h, "", 5, ' fill="#7a5a2a"'))
    parts.append(_text(14, h / 2 - 1, str(vp), "pill", ' style="font-size:13px"'))
    parts.append(_text(14, h / 2 + 11, "VP", "pill"))
    left = list(delivered or [])
    gs = 15
    gx = 32
    step = min(gs + 2, (w - 34) / max(1, len(goods)))
    for g in sorted(goods, key=_canon_key(ctx.hs)):
        done = g in left
        if done:
            left.remove(g)
        parts.append(_g(g, gx + gs / 2, h / 2, gs, g + (" (delivered)" if done else "")))
        if done:
            parts.append(f'<path d="M{_f(gx + 2)},{_f(h / 2)} l4,4 l7,-9" fill="none" '
                         f'stroke="#1f9d55" stroke-width="2.6" pointer-events="none"/>')
        gx += step
    if move:
        parts.append(_overlay(0, 0, w, h, "target", 5))
    if cell:
        parts.append(ctx.marks(cell, 0, 0, w, h, 5))
    parts.append("</g>")
    if cell:
        ctx.anchors[cell] = (x, y, w, h)


def _orders(ctx: _Ctx, parts: list, x: float, y: float, w: float, cols: int) -> float:
    v = ctx.v
    orders = list(v["orders"])
    parts.append(_text(x, y + 14, f"Orders ({len(orders)} face up)", "h"))
    y += 22
    if not orders:
        parts.append(_text(x, y + 12, "no orders left", "s"))
        return y + 20
    gap = 6
    cw = (w - gap * (cols - 1)) / cols
    ch = 30
    for k, oid in enumerate(orders):
        cx = x + (k % cols) * (cw + gap)
        cy = y + (k // cols) * (ch + gap)
        _order_card(ctx, parts, oid, cx, cy, cw, ch, None, f"order:{oid}", ctx.mv.orders.get(oid))
    rows = (len(orders) + cols - 1) // cols
    return y + rows * (ch + gap)


def _part(parts: list, key: str, draw, *args) -> float:
    """Draw ``draw(*args)`` (which appends to ``parts`` and returns a y) inside one top-level
    ``<g data-part="KEY">``: the unit the page redraws when it changed (``web.dom.patch``)."""
    parts.append(f'<g data-part="{key}">')
    y = draw(*args)
    parts.append("</g>")
    return y


def _placed(ctx: _Ctx, parts: list, key: str, dx: float, dy: float, draw) -> float:
    """``draw(sub)`` (appends to the list ``sub``, returns a y) drawn inside one top-level
    ``<g data-part="KEY" transform="translate(dx,dy)">``: when only its place changes, the page
    moves the part instead of drawing it again (``web.dom.patch``). Anchors recorded by ``draw``
    are moved by the same offset. Returns what ``draw`` returns (in ``draw``'s coordinates)."""
    outer, ctx.anchors = ctx.anchors, {}
    sub: list[str] = []
    r = draw(sub)
    parts.append(f'<g data-part="{key}" transform="translate({_f(dx)},{_f(dy)})">')
    parts.extend(sub)
    parts.append("</g>")
    for k, (ax, ay, aw, ah) in ctx.anchors.items():
        outer[k] = (ax + dx, ay + dy, aw, ah)
    ctx.anchors = outer
    return r


def _table(ctx: _Ctx, parts: list, y0: float) -> float:
    W = ctx.W
    parts.append('<g data-part="table">')
    start = len(parts)
    parts.append("")  # panel placeholder
    y = y0 + 10
    parts.append(_text(12, y + 14, "The table", "ptitle"))
    parts.append("</g>")
    y += 20
    if ctx.v["phase"] == "roles":
        y = _part(parts, "roles", _roles, ctx, parts, y + 6)
    if ctx.narrow:
        y = _ring(ctx, parts, y)
        y = _part(parts, "display", _display, ctx, parts, 10, y + 10, W - 20)
        y = _part(parts, "orders", _orders, ctx, parts, 10, y + 6, W - 20, 2)
    else:
        ring_bottom = _ring(ctx, parts, y)
        ry = _part(parts, "display", _display, ctx, parts, 474, y, W - 484)
        ry = _part(parts, "orders", _orders, ctx, parts, 474, ry + 8, W - 484, 2)
        y = max(ring_bottom, ry)
    y += 8
    parts[start] = _rect(1, y0 + 1, W - 2, y - y0 - 2, "panel table", 12)
    return y


def _roles(ctx: _Ctx, parts: list, y: float) -> float:
    v = ctx.v
    left = list(v.get("roles_left") or [])
    parts.append(_text(12, y + 12, "Roles to choose (draft, counter-clockwise)", "h"))
    y += 20
    cols = 2 if ctx.narrow else 4
    gap = 6
    cw = (ctx.W - 24 - gap * (cols - 1)) / cols
    ch = 46
    for k, role in enumerate(left):
        x = 12 + (k % cols) * (cw + gap)
        ry = y + (k // cols) * (ch + gap)
        cell = f"role:{role}"
        move = ctx.mv.roles.get(role)
        tip = _tip("role", role, ctx.opts)
        parts.append(f'<g class="role" transform="translate({_f(x)},{_f(ry)})"'
                     f'{ctx.attrs(cell, tip, move)}><title>{_esc(tip)}</title>')
        parts.append(_rect(0, 0, cw, ch, "card", 6))
        parts.append(_text(8, 17, _w.role_name(role), "n"))
        parts.append(_text(cw - 8, 17, _w.location_name(ctx.hs.roles[role]["location"]),
                           "s end"))
        s, _ = _formula(ctx.S[role].recipes[0], 8, 32, 15)
        parts.append(s)
        info = ctx.hs.roles[role]
        start = sorted((g for g, n in info["start"].items() for _ in range(n)),
                       key=_canon_key(ctx.hs))
        coins = int(info.get("coins", 0))
        gx = cw - 8 - 14 * len(start) - (28 if coins else 0)
        for g in start:
            parts.append(_g(g, gx + 7, 32, 13, g))
            gx += 14
        if coins:
            parts.append(_text(gx + 2, 36, f"+{coins}", "s b") + _g("coin", gx + 21, 32, 12))
        if move:
            parts.append(_overlay(0, 0, cw, ch, "target", 6))
        parts.append(ctx.marks(cell, 0, 0, cw, ch))
        parts.append("</g>")
    rows = (len(left) + cols - 1) // cols
    return y + rows * (ch + gap) + 4


# ----------------------------------------------------------------------------------------------
# The big board
# ----------------------------------------------------------------------------------------------

def _done_seats(ctx: _Ctx) -> set:
    """Seats that finished the current sequential step (Draw/Planning): before the current
    seat in seat order from the start player."""
    v = ctx.v
    if v["phase"] not in ("draw", "planning") or v.get("current") is None:
        return set()
    sp, n = int(v["start_player"]), ctx.n
    order = [(sp + k) % n for k in range(n)]
    return set(order[:order.index(int(v["current"]))])


def _header(ctx: _Ctx, parts: list, y: float) -> float:
    seat = ctx.bseat
    q = ctx.board
    W = ctx.W
    v = ctx.v
    colour = SEAT[q % 5]
    parts.append(f'<path d="M1,{_f(y + 40)} V{_f(y + 13)} a12,12 0 0 1 12,-12 H{_f(W - 13)} '
                 f'a12,12 0 0 1 12,12 V{_f(y + 40)} Z" fill="{SEAT_TINT[q % 5]}"/>')
    parts.append(f'<rect x="1" y="{_f(y + 1)}" width="8" height="39" fill="{colour}"/>')
    name = ctx.names[q]
    you = " (you)" if ctx.own else ""
    role = seat.get("role")
    lim = 18 if ctx.narrow else 30
    parts.append(_text(18, y + 19, _clip(name, lim) + you, "ptitle"))
    rtxt = _w.role_name(role)
    rtip = _tip("role", role, ctx.opts) if role else "no role yet"
    parts.append(f'<g aria-label="role: {_esc(rtip)}"><title>{_esc(rtip)}</title>'
                 f'{_text(18, y + 35, rtxt, "s b")}</g>')
    badges = []
    if v.get("current") == q and v["phase"] != "over":
        badges.append(("TO ACT", colour))
    if v["start_player"] == q:
        badges.append(("START", "#5a5f6b"))
    if seat.get("passed"):
        badges.append(("PASSED", "#8a8e98"))
    bx = 18 + _tw(rtxt, 11, True) * 1.2 + 12  # room for wide fonts (DejaVu Sans on Linux)
    for word, col in badges:
        bw = _tw(word, 11, True) + 14
        parts.append(_rect(bx, y + 25, bw, 16, "", 8, f' fill="{col}"') +
                     _text(bx + bw / 2, y + 37, word, "pill"))
        bx += bw + 5
    # right: VP and coins (coins selectable in planning)
    x = W - 10
    vp = seat.get("score", 0)
    vtxt = f"{vp} VP"
    vw = _tw(vtxt, 13, True) + 16
    x -= vw
    parts.append(f'<g aria-label="{vp} victory points so far (live score)"><title>'
                 f'Victory points if the game ended now</title>'
                 f'{_rect(x, y + 9, vw, 24, "card", 12)}{_text(x + vw / 2, y + 26, vtxt, "h mid")}'
                 f'</g>')
    coins = int(seat.get("coins") or 0)
    ctext = str(coins)
    cw = 44 + _tw(ctext, 13, True)
    x -= cw + 6
    cmove = ctx.mv.place.get("coin")
    clabel = f"{coins} coins" + (" \u2014 select a coin to place on a coin space" if cmove else "")
    parts.append(f'<g class="coins" transform="translate({_f(x)},{_f(y + 9)})"'
                 f'{ctx.attrs("coins", clabel, None, button=bool(cmove))}>'
                 f'<title>{_esc(_tip("good", "coin", ctx.opts))}</title>'
                 f'{_rect(0, 0, cw, 24, "card", 12)}{_g("coin", 14, 12, 17)}'
                 f'{_text(26, 17, ctext, "h")}')
    if cmove:
        parts.append(_overlay(0, 0, cw, 24, "target", 12))
    parts.append(ctx.marks("coins", 0, 0, cw, 24, 12))
    parts.append("</g>")
    ctx.anchors["coins"] = (x, y + 9, cw, 24)
    return y + 42


def _hint(ctx: _Ctx) -> str:
    v = ctx.v
    mv = ctx.mv
    ph = v["phase"]
    if not ctx.legal:
        if ph == "over":
            return "The game is over."
        cur = v.get("current")
        if cur is None:
            return ""
        who = ctx.names[cur]
        if ctx.viewer is None:
            return f"{who} is to act. Hidden placements show when Actions begin."
        return f"Waiting for {who}."
    if ph == "roles":
        return "Choose your role on the table above."
    if ph == "draw":
        if mv.to_bag:
            return "Draw control: click a good on your planning spaces to put it back into the bag."
        if mv.unplace:
            return "Optional: click goods or coins on action spaces to take them back first."
        return "Draw fills your open planning spaces from the bag."
    if ph == "planning":
        if ctx.sel_good == "coin":
            return "Now click a coin space (green) to place the coin."
        if ctx.sel_good:
            return f"Now click an action space (green) for the {ctx.sel_good}."
        return ("Click a good on a planning space, then an action space. Click a placed good "
                "to take it back.")
    if ph == "actions":
        if ctx.bseat.get("pawn") is None:
            return "Put your pawn on any location of the ring (free)."
        here = _w.location_name(ctx.bseat["pawn"])
        acts = mv.runs or mv.market or mv.orders or mv.buys or "cart" in mv.buttons
        if "end" in mv.buttons:
            if acts:
                return f"Act again at the {here} (green), move on, or end your turn."
            return "Move on if you like, then end your turn."
        if acts:
            return f"Act at the {here} (green), go to another location, or pass."
        return f"Nothing to do at the {here}: go to another location, or pass."
    if ph == "final_storage":
        if ctx.store_good:
            return f"Click a warehouse row (green) for the {ctx.store_good}."
        return "Final storage: click one of your goods, then a warehouse row; Done when finished."
    return ""


def _button_words(ctx: _Ctx, mv: str) -> tuple[str, str]:
    seat = ctx.bseat
    if mv == "draw":
        n = max(0, int(seat.get("open_planning_spaces") or 4)
                - sum((seat.get("planning") or {}).values()))
        if n == 0:
            return "Draw (nothing to draw)", "go on: your planning spaces are full"
        return f"Draw {n} good{'s' if n != 1 else ''}", f"draw {n} goods from your bag"
    if mv == "done":
        if ctx.v["phase"] == "final_storage":
            return "Done storing", "finish final storage"
        return "Done planning", "declare your planning done"
    if mv == "end":
        return "End turn", "end your turn"
    if mv == "pass":
        return "Pass", "pass for the rest of the round"
    if mv == "cart":
        return f"Buy a cart ({ctx.hs.cart_price} coin)", "buy a cart at the Village"
    return mv, mv


def _buttons(ctx: _Ctx, parts: list, y: float) -> float:
    W = ctx.W
    hint = _hint(ctx)
    order = [b for b in ("draw", "done", "end", "pass") if b in ctx.mv.buttons]
    x = W - 10
    bh = 30
    for b in reversed(order):
        text, label = _button_words(ctx, b)
        bw = _tw(text, 13, True) + 24
        x -= bw
        alt = " alt" if b == "pass" and len(order) > 1 else ""
        parts.append(f'<g class="btn{alt}" transform="translate({_f(x)},{_f(y)})"'
                     f'{ctx.attrs(b, label, b)}>{_rect(0, 0, bw, bh, "bg", 8)}'
                     f'{_text(bw / 2, 20, text, "")}{ctx.marks(b, 0, 0, bw, bh, 8)}</g>')
        ctx.anchors[b] = (x, y, bw, bh)
        x -= 8
    room = x - 12
    if not hint:
        return y + (bh + 8 if order else 0)
    # wrap the hint into the room left of the buttons (or the whole width)
    limit = max(20, int(room / (12 * 0.55)))
    lines = _wrap(hint, limit)
    if len(lines) > 2 and order:
        lines = _wrap(hint, int((W - 24) / (12 * 0.55)))
        ty = y + bh + 16
        for k, ln in enumerate(lines):
            parts.append(_text(12, ty + k * 15, ln, "t"))
        return ty + (len(lines) - 1) * 15 + 10
    ty = y + (bh / 2 + 4 if len(lines) == 1 else 12)
    for k, ln in enumerate(lines):
        parts.append(_text(12, ty + k * 15, ln, "t"))
    return y + max(bh if order else 0, len(lines) * 15 + 6) + 8


def _wrap(text: str, limit: int) -> list[str]:
    out, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > limit:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    return out


def _planning_row(ctx: _Ctx, parts: list, y: float) -> float:
    seat = ctx.bseat
    hs = ctx.hs
    W = ctx.W
    total = hs.planning_spaces
    open_n = int(seat.get("open_planning_spaces") or hs.open_spaces)
    goods = ctx.plan
    parts.append(_text(12, y + 12, "Planning spaces", "h"))
    parts.append(_text(W - 10, y + 12, f"draws {open_n} a round", "s end"))
    y += 18
    sz = 38 if ctx.narrow else 46
    gap = (W - 24 - total * sz) / (total - 1)
    unlock_at = {}
    for k, step in enumerate(hs.track):
        if "unlock" in step:
            unlock_at[int(step["unlock"])] = k + 1
    for k in range(1, total + 1):
        x = 12 + (k - 1) * (sz + gap)
        cell = f"plan:{k}"
        is_open = k <= open_n
        g = goods[k - 1] if k - 1 < len(goods) else None
        if g is None:
            what = "empty" if is_open else f"locked until road step {unlock_at.get(k, '?')}"
            parts.append(f'<g transform="translate({_f(x)},{_f(y)})" data-cell="{cell}" '
                         f'aria-label="planning space {k}: {what}">')
            parts.append(_rect(0, 0, sz, sz, "space" + ("" if is_open else " off"), 6))
            parts.append(_text(sz / 2, sz / 2 + 4, str(k), "s mid muted"))
            if not is_open:
                parts.append(_g("lock", sz - 9, 9, 10))
                parts.append(_text(sz / 2, sz - 4, f"road {unlock_at.get(k, '?')}", "s mid muted")
                             if not ctx.narrow else "")
            parts.append(ctx.marks(cell, 0, 0, sz, sz))
            parts.append("</g>")
            ctx.anchors[cell] = (x, y, sz, sz)
            continue
        move = ctx.mv.to_bag.get(g)
        selectable = g in ctx.mv.place
        label = f"planning space {k}: {g}"
        if move:
            label += " \u2014 put it back into the bag"
        elif selectable:
            label += " \u2014 select it, then an action space"
        parts.append(f'<g class="good" transform="translate({_f(x)},{_f(y)})"'
                     f'{ctx.attrs(cell, label, move, button=selectable)}>')
        parts.append(_rect(0, 0, sz, sz, "space", 6))
        parts.append(_g(g, sz / 2, sz / 2 - 3, sz - 16, _tip("good", g, ctx.opts)))
        parts.append(_text(sz / 2, sz - 3, g, "s mid", ' style="font-size:11px"')
                     if not ctx.narrow else "")
        if move or selectable:
            parts.append(_overlay(0, 0, sz, sz, "target" if move else "pick", 6))
        parts.append(ctx.marks(cell, 0, 0, sz, sz))
        parts.append("</g>")
        ctx.anchors[cell] = (x, y, sz, sz)
    return y + sz + 8


def _display_goods(goods) -> list:
    """Goods on a source in the order they are drawn (the file's order, food last, as the
    recipes read: "alpaca + food"); ``src:SID:K`` numbers them in this order."""
    return sorted(goods, key=lambda g: g == "food")


def _ready(ctx: _Ctx, sid: str, entry: dict | None) -> bool:
    if not entry:
        return False
    src = ctx.S.get(sid)
    if src is None or not src.recipes:
        return False
    goods = tuple(sorted(entry.get("goods", ()), key=_canon_key(ctx.hs)))
    coins = int(entry.get("coins") or 0)
    if goods:
        return not coins and bool(src.exact.get(goods))
    return bool(coins and src.coin_exact.get(coins))


def _source_block(ctx: _Ctx, parts: list, sid: str, x: float, y: float, w: float,
                  tag: str | None, measure: bool = False) -> float:
    """One action source (spaces + recipes) at ``x, y`` in a card of width ``w``; returns its
    height. With ``measure`` nothing is drawn."""
    src = ctx.S[sid]
    seat = ctx.bseat
    entry = (seat.get("sources") or {}).get(sid)
    ss = 28 if not ctx.narrow else 26
    n_sp = src.spaces + src.coin_spaces
    sp_w = n_sp * (ss + 3) if n_sp else 0
    lines = []
    if src.kind == "market":
        lines = ["market", "order"]
    elif sid == "move":
        lines = ["movefood"]
    elif src.passive:
        lines = ["passive"]
    else:
        lines = list(src.recipes)
    if sid == "village":
        lines.append("cart")
    # recipe widths
    rw = 0.0
    for r in lines:
        rw = max(rw, _line_width(ctx, sid, r))
    top = 14 if tag else 0
    beside = sp_w + 8 + rw <= w
    lh = 19
    if beside:
        h = top + max(ss, len(lines) * lh) + 4
    else:
        h = top + (ss + 6 if n_sp else 0) + len(lines) * lh + 2
    if measure:
        return h
    ready = _ready(ctx, sid, entry)
    runs = ctx.mv.runs.get(sid, []) if sid not in ("market", "move") else []
    run_move = runs[0] if len(runs) == 1 else None
    place_move = ctx.place_targets.get(sid)
    cell = f"src:{sid}"
    move = place_move or run_move
    title = _src_title(ctx, sid)
    words = _source_words(ctx, sid)
    goods = _display_goods(entry.get("goods", ())) if entry else []
    coins = int(entry.get("coins") or 0) if entry else 0
    label = f"{title}: {words}. On its spaces: {', '.join(goods) or 'nothing'}"
    if coins:
        label += f", {coins} coin{'s' if coins != 1 else ''}"
    if ready:
        label += ". Ready"
    if place_move:
        label += f" \u2014 place the {ctx.sel_good} here"
    elif run_move:
        label += " \u2014 " + _option_words(ctx, run_move)
    elif len(runs) > 1:
        label += " \u2014 run it (choose how)"
    tip = words if sid in ctx.hs.locations or sid == "move" else (
        _tip("role", sid, ctx.opts) if sid in ctx.hs.roles else _tip("ext", sid, ctx.opts))
    parts.append(f'<g class="src" transform="translate({_f(x)},{_f(y)})"'
                 f'{ctx.attrs(cell, label, move, button=bool(runs))}><title>{_esc(tip)}</title>')
    # the whole block receives the click, not only its drawn parts
    parts.append(f'<rect class="hit" x="-4" y="-3" width="{_f(w - 4)}" height="{_f(h + 4)}" '
                 f'fill="#fff" fill-opacity="0"/>')
    if ready:
        parts.append(f'<rect x="-4" y="-3" width="{_f(w - 4)}" height="{_f(h + 4)}" rx="6" '
                     f'fill="#e7f6ec"/>')
    if tag:
        parts.append(_text(0, 10, tag, "s b"))
    sy = y + top
    # spaces
    fresh = list(entry.get("fresh", ())) if entry else []
    locked_left = {}
    for g in goods:
        locked_left[g] = locked_left.get(g, 0) + 1
    for g in fresh:
        locked_left[g] = locked_left.get(g, 0) - 1
    show_lock = ctx.v["phase"] in ("draw", "planning")
    k_good = 0
    for k in range(src.spaces):
        gx = k * (ss + 3)
        parts.append(_rect(gx, top, ss, ss, "space", 5))
        if k < len(goods):
            g = goods[k]
            k_good += 1
            gcell = f"src:{sid}:{k_good}"
            locked = locked_left.get(g, 0) > 0
            if locked:
                locked_left[g] -= 1
            um = ctx.mv.unplace.get((g, sid))
            if um and ctx.v["phase"] == "planning" and locked:
                um = None
            glabel = f"{g} on {title}" + (" (placed in an earlier round)" if locked and show_lock
                                          else "")
            if um:
                glabel += " \u2014 take it back to a planning space"
            mk = ctx.mv.market.get(g, []) if sid == "market" else []
            gmove = um
            sel_ok = False
            if mk and not um:
                if len(mk) == 1:
                    gmove = mk[0]
                    glabel += " \u2014 " + _option_words(ctx, mk[0])
                else:
                    sel_ok = True
                    glabel += " \u2014 sell or deliver (choose)"
            parts.append(f'<g class="good" transform="translate({_f(gx)},{_f(top)})"'
                         f'{ctx.attrs(gcell, glabel, gmove, button=sel_ok)}>')
            parts.append(_g(g, ss / 2, ss / 2, ss - 6, _tip("good", g, ctx.opts)))
            if locked and show_lock:
                parts.append(_g("lock", ss - 5, 5, 9))
            if gmove or sel_ok:
                parts.append(_overlay(0, 0, ss, ss, "target back" if um else
                                      "pick" if sel_ok else "target", 5))
            parts.append(ctx.marks(gcell, 0, 0, ss, ss, 5))
            parts.append("</g>")
            ctx.anchors[gcell] = (x + gx, sy, ss, ss)
    for k in range(src.coin_spaces):
        gx = (src.spaces + k) * (ss + 3)
        parts.append(f'<circle class="space coin" cx="{_f(gx + ss / 2)}" cy="{_f(top + ss / 2)}" '
                     f'r="{_f(ss / 2 - 1)}"/>')
        if k < coins:
            ccell = f"src:{sid}:c{k + 1}"
            um = ctx.mv.unplace.get(("coin", sid))
            clabel = f"coin on {title}" + (" \u2014 take it back" if um else "")
            parts.append(f'<g transform="translate({_f(gx)},{_f(top)})"'
                         f'{ctx.attrs(ccell, clabel, um)}>'
                         f'{_g("coin", ss / 2, ss / 2, ss - 6, "coin")}'
                         + (_overlay(0, 0, ss, ss, "target", 14) if um else "")
                         + ctx.marks(ccell, 0, 0, ss, ss, 14) + "</g>")
    if sid == "move" and coins:
        parts.append(_text(sp_w + 2, top + ss / 2 + 4, f"+{coins} coin", "s"))
    # recipes
    if beside:
        rx = sp_w + 8 if n_sp else 0
        ry = top + (max(ss, len(lines) * lh) - len(lines) * lh) / 2 + lh / 2
    else:
        rx = 0
        ry = top + (ss + 6 if n_sp else 0) + lh / 2
    for k, r in enumerate(lines):
        parts.append(_line(ctx, sid, r, rx, ry + k * lh))
    if move:
        parts.append(_overlay(-4, -3, w - 4, h + 4, "target", 6))
    elif runs:
        parts.append(_overlay(-4, -3, w - 4, h + 4, "target", 6))
    parts.append(ctx.marks(cell, -4, -3, w - 4, h + 4, 6))
    if ctx.last_src == sid:
        parts.append(_overlay(-6, -5, w, h + 8, "last", 7))
    parts.append("</g>")
    ctx.anchors[cell] = (x - 4, y - 3, w - 4, h + 4)
    return h


def _last_source(last: str) -> str | None:
    if ">" in last:
        return last.split(">", 1)[1]
    if last.startswith(("sell:", "deliver:")):
        return "market"
    if last.startswith(("@", "go:", "step:", "order:", "buy:", "store:", "role:")) or \
            last in _BUTTONS or "<" in last:
        return None
    return last.split(":", 1)[0]


def _source_words(ctx: _Ctx, sid: str) -> str:
    key = ("srcwords", sid, ctx.opts.get("house_set"), ctx.opts.get("forest_cacao_mode"))
    hit = _TIPS.get(key)
    if hit is None:
        hit = _TIPS[key] = _source_words_uncached(ctx, sid)
    return hit


def _source_words_uncached(ctx: _Ctx, sid: str) -> str:
    src = ctx.S[sid]
    if sid == "move":
        return ("food here pays for movement: a second cart move or a single step costs 1 food "
                "each; your first cart move each round is free")
    if src.kind == "market":
        return "; ".join(_w._location_recipes("market", ctx.opts))
    if sid in ctx.hs.locations:
        return "; ".join(_w._location_recipes(sid, ctx.opts))
    if src.passive:
        return _w.extension_effect(sid, ctx.opts)
    return "; ".join(_w.recipe_words(r) for r in src.recipes)


def _line_width(ctx: _Ctx, sid: str, r) -> float:
    if r == "market":
        return 150
    if r in ("cart", "order"):
        return 100
    if r == "movefood":
        return 150
    if r == "passive":
        e = ctx.hs.extensions[sid]
        return _tw(_PASSIVE_SHORT[ctx.S[sid].passive].format(n=e.get("amount", 1)), 11)
    key = (id(r), 15)
    hit = _FORMULAS.get(key)
    if hit is None:
        hit = _FORMULAS[key] = _formula_body(r, 15)
    return hit[1]


def _line(ctx: _Ctx, sid: str, r, x: float, y: float) -> str:
    if r == "market":
        return (_text(x, y + 4, "sell ", "s") + _g("coin", x + 30, y, 14) +
                _text(x + 40, y + 4, " or deliver to order", "s"))
    if r == "order":
        return (_text(x, y + 4, str(ctx.hs.order_price), "n") + _g("coin", x + 15, y, 14) +
                _text(x + 24, y + 4.5, "\u2192", "t") + _g("order", x + 46, y, 15) +
                _text(x + 56, y + 4, "order", "s"))
    if r == "movefood":
        return (_g("food", x + 7, y, 14) + _text(x + 16, y + 4.5, "\u2192", "t") +
                _text(x + 32, y + 4, "1 step or 1 more cart", "s"))
    if r == "cart":
        return (_text(x, y + 4, str(ctx.hs.cart_price), "n") + _g("coin", x + 15, y, 14) +
                _text(x + 24, y + 4.5, "\u2192", "t") + _g("cart", x + 46, y, 15) +
                _text(x + 56, y + 4, "cart", "s"))
    if r == "passive":
        e = ctx.hs.extensions[sid]
        return _text(x, y + 4, _PASSIVE_SHORT[ctx.S[sid].passive].format(n=e.get("amount", 1)), "s")
    s, _w2 = _formula(r, x, y, 15)
    return s


def _sections(ctx: _Ctx, parts: list, y: float) -> float:
    """One card per location in ring order (its action spaces, role tile, extensions), then the
    movement card (and the road track card in the wide layout)."""
    W = ctx.W
    seat = ctx.bseat
    cols = 2 if ctx.narrow else 3
    gap = 8
    cw = (W - 20 - gap * (cols - 1)) / cols
    role = seat.get("role")
    exts = list(seat.get("extensions") or [])
    cards = []
    for loc in ctx.v["ring"]:
        blocks = [(loc, None)]
        if role and ctx.hs.roles[role]["location"] == loc:
            blocks.append((role, f"{_w.role_name(role)} (role)"))
        for e in exts:
            if ctx.hs.extensions[e]["location"] == loc:
                blocks.append((e, f"Extension {e}"))
        cards.append(("loc", loc, blocks))
    cards.append(("move", "move", [("move", None)]))
    if not ctx.narrow:
        cards.append(("road", "road", []))
    # measure
    heights = []
    for kind, key, blocks in cards:
        if kind == "road":
            heights.append(_road_card(ctx, parts, 0, 0, cw, True))
            continue
        h = 28
        for sid, tag in blocks:
            h += _source_block(ctx, parts, sid, 0, 0, cw - 16, tag, measure=True) + 8
        if kind == "move":
            h += _carts(ctx, parts, 0, 0, cw - 16, True)
        if key == "village" and "cart" in ctx.mv.buttons:
            h += 34
        if kind == "loc" and ctx.mv.loc:
            h += 30
        heights.append(h + 2)
    rows = []
    for k in range(0, len(cards), cols):
        rows.append(max(heights[k:k + cols]))
    for k, (kind, key, blocks) in enumerate(cards):
        r, c = divmod(k, cols)
        x = 10 + c * (cw + gap)
        cy = y + sum(rows[:r]) + r * gap
        h = rows[r]
        # one part per card, drawn at y = 0 and placed (web.dom.patch)
        if kind == "road":
            _placed(ctx, parts, "track", 0, cy, lambda sub: _road_card(ctx, sub, x, 0, cw, False, h))
            continue
        _placed(ctx, parts, f"card:{key}", 0, cy,
                lambda sub, kind=kind, key=key, blocks=blocks: _section_card(ctx, sub, kind, key, blocks, x, 0, cw, h))
    return y + sum(rows) + gap * (len(rows) - 1) + 8


def _section_card(ctx: _Ctx, parts: list, kind: str, key: str, blocks, x, y, w, h) -> None:
    seat = ctx.bseat
    here = kind == "loc" and seat.get("pawn") == key
    colour = LOC_COLOUR.get(key, "#6b5a3f")
    parts.append(_rect(x, y, w, h, "card", 8,
                       f' style="stroke:{SEAT[ctx.board % 5]};stroke-width:2.2"' if here else ""))
    parts.append(f'<path d="M{_f(x)},{_f(y + 22)} V{_f(y + 8)} a8,8 0 0 1 8,-8 H{_f(x + w - 8)} '
                 f'a8,8 0 0 1 8,8 V{_f(y + 22)} Z" fill="{colour}"/>')
    title = _w.location_name(key) if kind == "loc" else "Movement"
    parts.append(_text(x + 8, y + 16, title, "h w"))
    rx = x + w - 6
    if here:
        parts.append(f'<g color="{SEAT[ctx.board % 5]}" aria-hidden="true">'
                     f'{_g("pawn", rx - 8, y + 11, 15)}</g>')
        rx -= 18
    sources = ctx.bseat.get("sources") or {}
    if any(_ready(ctx, sid, sources.get(sid)) for sid, _tag in blocks):
        parts.append(_rect(rx - 50, y + 4, 50, 15, "", 7, ' fill="#fff"')
                     + _text(rx - 25, y + 15.5, "READY", "pill", ' style="fill:#14613a"'))
    by = y + 30
    for sid, tag in blocks:
        bh = _source_block(ctx, parts, sid, x + 8, by, w - 16, tag)
        by += bh + 8
    if kind == "move":
        _carts(ctx, parts, x + 8, by, w - 16)
    if key == "village":
        _buy_cart(ctx, parts, x + 8, by, w - 16)
    if kind == "loc" and ctx.mv.loc.get(key):
        _go_button(ctx, parts, key, x + 8, y + h - 32, w - 16)


def _go_button(ctx: _Ctx, parts: list, loc: str, x: float, y: float, w: float) -> None:
    """A "go here" button at the foot of a location card (``data-cell="sec:LOC"``): the same
    pawn move(s) as the location's tile on the ring, so the board alone is enough to play."""
    moves = ctx.mv.loc[loc]
    cell = f"sec:{loc}"
    if len(moves) == 1:
        move, text = moves[0], "Go here \u00b7 " + _move_cost(ctx, moves[0]).split(": ")[-1]
        label = _option_words(ctx, move)
    else:
        move, text = None, "Go here\u2026"
        label = f"move to the {_w.location_name(loc)}: " + " or ".join(
            _option_words(ctx, m) for m in moves)
    bw = min(w, _tw(text, 12, True) + 20)
    caption = _text(bw / 2, 16.5, text, "", ' style="font-size:12px"')
    parts.append(f'<g class="btn alt go" transform="translate({_f(x + w - bw)},{_f(y)})"'
                 f'{ctx.attrs(cell, label, move, button=True)}>{_rect(0, 0, bw, 24, "bg", 12)}'
                 f'{caption}{ctx.marks(cell, 0, 0, bw, 24, 12)}</g>')
    ctx.anchors[cell] = (x + w - bw, y, bw, 24)


def _carts(ctx: _Ctx, parts: list, x: float, y: float, w: float, measure: bool = False) -> float:
    """The cart slots of the movement area (spec §8, H12); returns the height."""
    seat = ctx.bseat
    hs = ctx.hs
    h = 62
    if measure:
        return h
    owned = int(seat.get("carts") or 1)
    used = int(seat.get("carts_used") or 0)
    parts.append(_text(x, y + 10, f"Carts {owned} \u00b7 used {used}", "s b"))
    y += 16
    step = min(40, (w + 4) / hs.cart_slots)
    for k in range(hs.cart_slots):
        cx = x + k * step
        cell = f"cart:{k + 1}"
        if k < owned:
            st = "used" if k < used else ("free" if k == 0 else "1 food")
            label = f"cart {k + 1}: " + ("used this round" if k < used else
                                         "free cart move" if k == 0 else "cart move for 1 food")
        else:
            st = ""
            label = f"cart slot {k + 1}: empty (buy a cart at the Village)"
        parts.append(f'<g transform="translate({_f(cx)},{_f(y)})" data-cell="{cell}" '
                     f'aria-label="{_esc(label)}"><title>{_esc(label)}</title>')
        parts.append(_rect(0, 0, step - 4, 26, "space" + ("" if k < owned else " off"), 5))
        if k < owned:
            parts.append(f'<g opacity="{".35" if k < used else "1"}">'
                         f'{_g("cart", (step - 4) / 2, 13, 18)}</g>')
        if st:
            parts.append(_text((step - 4) / 2, 40, st, "s mid"))
        parts.append("</g>")
    return h


def _buy_cart(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    """The "buy a cart" button of the Village card when that move is legal; returns height."""
    if "cart" not in ctx.mv.buttons:
        return 0
    text, label = _button_words(ctx, "cart")
    bw = min(w, _tw(text, 13, True) + 24)
    parts.append(f'<g class="btn" transform="translate({_f(x)},{_f(y)})"'
                 f'{ctx.attrs("cart", label + f" for {ctx.hs.cart_price} coin", "cart")}>'
                 f'{_rect(0, 0, bw, 28, "bg", 7)}{_text(bw / 2, 19, text, "")}'
                 f'{ctx.marks("cart", 0, 0, bw, 28, 7)}</g>')
    ctx.anchors["cart"] = (x, y, bw, 28)
    return 34


def _road_card(ctx: _Ctx, parts: list, x: float, y: float, w: float, measure: bool,
               h: float = 0) -> float:
    hs = ctx.hs
    seat = ctx.bseat
    steps = len(hs.track)
    pos = int(seat.get("road") or 0)
    need = 112
    if measure:
        return need
    h = h or need
    label = (f"road track: step {pos} of {steps}; draws {seat.get('open_planning_spaces')} goods "
             "a round. Build roads at the Road with stone + wood.")
    parts.append(f'<g data-cell="road" aria-label="{_esc(label)}"><title>{_esc(label)}</title>')
    parts.append(_rect(x, y, w, h, "card", 8))
    parts.append(f'<path d="M{_f(x)},{_f(y + 22)} V{_f(y + 8)} a8,8 0 0 1 8,-8 H{_f(x + w - 8)} '
                 f'a8,8 0 0 1 8,8 V{_f(y + 22)} Z" fill="{LOC_COLOUR["road"]}"/>')
    parts.append(_text(x + 8, y + 16, "Road track", "h w"))
    parts.append(_text(x + w - 8, y + 16, f"step {pos}/{steps}", "s w end"))
    n = steps + 1
    sw = (w - 16) / n
    for k in range(n):
        sx = x + 8 + k * sw
        sy = y + 32
        reached = k <= pos
        parts.append(_rect(sx + 1, sy, sw - 2, 30, "space" if reached else "space off", 4))
        if k == 0:
            parts.append(_text(sx + sw / 2, sy + 19, str(hs.open_spaces), "n mid"))
        else:
            step = hs.track[k - 1]
            if "unlock" in step:
                parts.append(_text(sx + sw / 2, sy + 19, str(step["unlock"]), "n mid"))
            elif "corn" in step:
                parts.append(_g("corn", sx + sw / 2, sy + 15, 14, "1 corn"))
        if k == pos:
            parts.append(f'<g color="{SEAT[ctx.board % 5]}">'
                         f'<rect x="{_f(sx + sw / 2 - 6)}" y="{_f(sy + 34)}" '
                         f'width="12" height="12" '
                         f'rx="2" fill="currentColor" stroke="#1b1d22"/></g>')
    parts.append(_text(x + 8, y + h - 24, "number: goods you draw each round", "s"))
    parts.append(_g("corn", x + 14, y + h - 12, 12) +
                 _text(x + 24, y + h - 8, ": 1 corn into your warehouse", "s"))
    parts.append("</g>")
    return h


def _bag_crate(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    """Bag and crate as counts (never an order), with the odds of the next draw (spec §19)."""
    seat = ctx.bseat
    bag = seat.get("bag") or {}
    crate = seat.get("crate") or {}
    size = sum(bag.values())
    csize = sum(crate.values())
    parts.append(_text(x, y + 12, f"Bag \u00b7 {size}", "h"))
    if size:
        parts.append(_text(x + w, y + 12, "odds of each draw", "s end"))
    y += 18
    words = ", ".join(f"{n} {g}" for g, n in bag.items()) or "empty"
    blabel = f"your bag: {words}. The order of the draw is unknown."
    parts.append(f'<g data-cell="bag" aria-label="{_esc(blabel)}"><title>{_esc(blabel)}</title>')
    if size:
        y = _count_list(ctx, parts, bag, x, y, w, size)
    else:
        parts.append(_text(x, y + 12, "empty: the next draw pours in the crate", "s"))
        y += 20
    parts.append("</g>")
    y += 4
    parts.append(_text(x, y + 12, f"Crate \u00b7 {csize}", "h"))
    parts.append(_text(x + w, y + 12, "odds after the pour" if not size and csize else
                       "used goods", "s end"))
    y += 18
    cwords = ", ".join(f"{n} {g}" for g, n in crate.items()) or "empty"
    clabel = (f"your crate (used goods): {cwords}. It is poured into the bag when the bag is "
              "empty and more goods must be drawn.")
    parts.append(f'<g data-cell="crate" aria-label="{_esc(clabel)}"><title>{_esc(clabel)}</title>')
    y = _count_list(ctx, parts, crate, x, y, w, 0 if size else csize)
    parts.append("</g>")
    return y


def _count_list(ctx: _Ctx, parts: list, counts: dict, x, y, w, odds_of: int) -> float:
    items = [(g, counts[g]) for g in sorted(counts, key=_canon_key(ctx.hs))]
    if not items:
        parts.append(_text(x, y + 12, "empty", "s"))
        return y + 20
    iw = 74 if odds_of else 46
    cols = max(1, int((w + 8) // iw))
    for k, (g, n) in enumerate(items):
        ix = x + (k % cols) * iw
        iy = y + (k // cols) * 24
        parts.append(_g(g, ix + 9, iy + 10, 18, _tip("good", g, ctx.opts)))
        parts.append(_text(ix + 21, iy + 15, f"{n}", "n"))
        if odds_of:
            pct = round(100 * n / odds_of)
            parts.append(_text(ix + 24 + 7 * len(str(n)), iy + 15, f"{pct}%", "s"))
    rows = (len(items) + cols - 1) // cols
    return y + rows * 24


def _warehouse(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    seat = ctx.bseat
    hs = ctx.hs
    wh = seat.get("warehouse") or []
    rows = hs.wh_rows
    ln = hs.wh_len
    full = sum(1 for r in wh if len(r) >= ln)
    parts.append(_text(x, y + 12, "Warehouse", "h"))
    parts.append(_text(x + w, y + 12, f"{full} full", "s end"))
    y += 18
    ss = 20
    targets = ctx.mv.fstore.get(ctx.store_good, {}) if ctx.store_good else {}
    for r in range(rows):
        ry = y + r * (ss + 3)
        row = wh[r] if r < len(wh) else []
        cell = f"wh:{r + 1}"
        move = targets.get(r + 1)
        pts = hs.wh_points[r]
        kinds = sorted({g for g in row if g != "corn"})
        what = (", ".join(row) if row else "empty")
        label = f"warehouse row {r + 1} ({pts} VP when complete): {what}"
        if len(row) >= ln:
            label += " \u2014 complete"
        if move:
            label += f" \u2014 store the {ctx.store_good} here"
        parts.append(f'<g transform="translate({_f(x)},{_f(ry)})"{ctx.attrs(cell, label, move)}>'
                     f'<title>{_esc(label)}</title>')
        parts.append(_text(0, ss / 2 + 4, str(r + 1), "s"))
        for k in range(ln):
            sx = 14 + k * (ss + 2)
            parts.append(_rect(sx, 0, ss, ss, "space", 3))
            if k < len(row):
                parts.append(_g(row[k], sx + ss / 2, ss / 2, ss - 4))
        px = 14 + ln * (ss + 2) + 4
        done = len(row) >= ln
        parts.append(_text(px, ss / 2 + 4, f"{pts} VP", "s b" if done else "s"))
        if done:
            parts.append(f'<path d="M{_f(px + 32)},{_f(ss / 2)} l4,4 l7,-9" fill="none" '
                         f'stroke="#1f9d55" stroke-width="2.4"/>')
        elif kinds:
            parts.append(_text(px + 32, ss / 2 + 4, kinds[0], "s muted"))
        if move:
            parts.append(_overlay(12, -1, ln * (ss + 2) + 2, ss + 2, "target", 4))
        parts.append(ctx.marks(cell, 12, -1, ln * (ss + 2) + 2, ss + 2, 4))
        parts.append("</g>")
        ctx.anchors[cell] = (x, ry, w, ss)
    return y + rows * (ss + 3)


def _cards_and_orders(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    seat = ctx.bseat
    hs = ctx.hs
    parts.append(_text(x, y + 12, "Open order", "h"))
    y += 18
    order = seat.get("order")
    if order:
        need = _order_need(hs, order)
        extra = f"; needs {', '.join(need)}" if need else ""
        _order_card(ctx, parts, order["id"], x, y, min(w, 170), 32, order.get("delivered"),
                    "myorder", None, extra)
        y += 38
    else:
        parts.append(_text(x, y + 12, "none (take one at the Market for 1 coin)", "s"))
        y += 20
    done = list(seat.get("completed_orders") or [])
    vp = sum(hs.orders[o][1] for o in done)
    parts.append(_text(x, y + 12, f"Completed orders: {len(done)}"
                       + (f" ({vp} VP)" if done else ""), "t"))
    y += 18
    if done:
        parts.append(_text(x, y + 10, " ".join(done), "s"))
        y += 16
    for kind, items, each in (("house", seat.get("houses") or [], hs.house_vp),
                              ("boat", seat.get("boats") or [], hs.boat_vp)):
        title = "Houses" if kind == "house" else "Boats"
        parts.append(_text(x, y + 12, f"{title}: {len(items)} ({len(items) * each} VP)", "t"))
        y += 16
        gx = x
        for t in items:
            tip = (f"house ({hs.house_vp} VP + 1 VP per {t})" if kind == "house"
                   else f"boat ({hs.boat_vp} VP; gave 1 {t})")
            parts.append(f'<g aria-label="{_esc(tip)}"><title>{_esc(tip)}</title>'
                         f'{_g(kind, gx + 9, y + 10, 18)}{_g(t, gx + 25, y + 10, 14)}</g>')
            gx += 38
            if gx + 36 > x + w:
                gx = x
                y += 22
        if items:
            y += 22
    return y


def _final_storage_panel(ctx: _Ctx, parts: list, y: float) -> float:
    if not ctx.mv.fstore and ctx.v["phase"] != "final_storage":
        return y
    if not ctx.mv.fstore:
        return y
    W = ctx.W
    parts.append(_text(12, y + 12, f"Final storage: {ctx.bseat.get('store_left', 0)} left \u2014 "
                                   "pick a good, then a row", "h"))
    y += 18
    x = 12
    for g in sorted(ctx.mv.fstore, key=_canon_key(ctx.hs)):
        cell = f"own:{g}"
        label = f"store a {g} (final storage)"
        parts.append(f'<g transform="translate({_f(x)},{_f(y)})"'
                     f'{ctx.attrs(cell, label, None, button=True)}>'
                     f'{_rect(0, 0, 34, 34, "space", 6)}{_g(g, 17, 17, 26, g)}'
                     f'{_overlay(0, 0, 34, 34, "pick", 6)}'
                     f'{ctx.marks(cell, 0, 0, 34, 34)}</g>')
        ctx.anchors[cell] = (x, y, 34, 34)
        x += 40
        if x + 34 > W - 12:
            x = 12
            y += 40
    return y + 42


def _board(ctx: _Ctx, parts: list, y0: float) -> float:
    W = ctx.W
    parts.append('<g data-part="board">')
    start = len(parts)
    parts.append("")
    q = ctx.board
    parts.append(f'<g class="board" data-player="{q}" role="group" '
                 f'aria-label="{_esc(ctx.names[q])}: action board">')
    y = _header(ctx, parts, y0)
    y = _buttons(ctx, parts, y + 8)
    y = _final_storage_panel(ctx, parts, y)
    y = _planning_row(ctx, parts, y)
    parts.append("</g></g>")
    # below the planning row, each card is a part of its own, placed at its y (web.dom.patch)
    y = _sections(ctx, parts, y + 4)
    if ctx.narrow:
        y += _placed(ctx, parts, "track", 0, y, lambda sub: _road_card(ctx, sub, 10, 0, W - 20, False)) + 8
        y += _placed(ctx, parts, "bag", 0, y, lambda sub: _bag_crate(ctx, sub, 12, 0, W - 24)) + 8
        y1 = _placed(ctx, parts, "warehouse", 0, y, lambda sub: _warehouse(ctx, sub, 12, 0, 160))
        y2 = _placed(ctx, parts, "cards", 0, y, lambda sub: _cards_and_orders(ctx, sub, 186, 0, W - 198))
        y += max(y1, y2)
    else:
        cw = (W - 40) / 3
        y1 = _placed(ctx, parts, "bag", 0, y, lambda sub: _bag_crate(ctx, sub, 12, 0, cw))
        y2 = _placed(ctx, parts, "warehouse", 0, y, lambda sub: _warehouse(ctx, sub, 20 + cw + 8, 0, cw))
        y3 = _placed(ctx, parts, "cards", 0, y, lambda sub: _cards_and_orders(ctx, sub, 28 + 2 * cw + 8, 0, cw))
        y += max(y1, y2, y3)
    y += 10
    stroke = f' style="stroke:{SEAT[q % 5]};stroke-width:2"' if ctx.v.get("current") == q else ""
    parts[start] = _rect(1, y0 + 1, W - 2, y - y0 - 2, "panel", 12, stroke)
    return y


# ----------------------------------------------------------------------------------------------
# Other seats (compact, public)
# ----------------------------------------------------------------------------------------------

def _mini_goods(ctx: _Ctx, parts: list, goods: list, x: float, y: float, gs: float = 14) -> float:
    for g in goods:
        parts.append(_g(g, x + gs / 2, y, gs, g))
        x += gs + 1
    return x


def _other(ctx: _Ctx, parts: list, q: int, x: float, y: float, w: float, done: set) -> float:
    v = ctx.v
    seat = v["seats"][q]
    hs = ctx.hs
    colour = SEAT[q % 5]
    name = ctx.names[q]
    role = seat.get("role")
    state_words = []
    if v.get("current") == q and v["phase"] != "over":
        state_words.append("to act")
    if q in done:
        state_words.append("drawn" if v["phase"] == "draw" else "done planning")
    if seat.get("passed"):
        state_words.append("passed")
    if v["start_player"] == q:
        state_words.append("start player")
    bag_n = sum((seat.get("bag") or {}).values())
    crate_n = sum((seat.get("crate") or {}).values())
    pawn = _w.location_name(seat["pawn"]) if seat.get("pawn") else "not placed"
    order = seat.get("order")
    wh = seat.get("warehouse") or []
    full = sum(1 for r in wh if len(r) >= hs.wh_len)
    label = (f"{name}: {_w.role_name(role)}, {seat.get('score', 0)} VP, {seat.get('coins', 0)} "
             f"coins; pawn: {pawn}; carts {seat.get('carts_used', 0)} of {seat.get('carts', 1)} "
             f"used; draws {seat.get('open_planning_spaces')}; bag {bag_n}, crate {crate_n}; "
             f"warehouse {len(wh)} rows ({full} complete)"
             + (f"; order {order['id']}" if order else "")
             + (f"; {'; '.join(state_words)}" if state_words else ""))
    lh = 19
    start = len(parts)
    parts.append("")
    parts.append(f'<g class="seat" data-cell="seat:{q}" data-player="{q}" '
                 f'aria-label="{_esc(label)}">')
    cur = v.get("current") == q
    # header
    parts.append(f'<path d="M{_f(x)},{_f(y + 24)} V{_f(y + 8)} a8,8 0 0 1 8,-8 H{_f(x + w - 8)} '
                 f'a8,8 0 0 1 8,8 V{_f(y + 24)} Z" fill="{SEAT_TINT[q % 5]}"/>')
    parts.append(f'<g color="{colour}">{_g("pawn", x + 13, y + 12, 16)}</g>')
    lim = 14 if w < 340 else 20
    parts.append(_text(x + 25, y + 17, _clip(name, lim), "h"))
    rt = _w.role_name(role)
    rx = x + 25 + _tw(_clip(name, lim), 13, True) + 8
    parts.append(f'<g><title>{_esc(_tip("role", role, ctx.opts) if role else "")}</title>'
                 f'{_text(rx, y + 17, rt, "s")}</g>')
    parts.append(_text(x + w - 8, y + 17,
                       f"{seat.get('score', 0)} VP \u00b7 {seat.get('coins', 0)} coins", "n end"))
    yy = y + 24 + lh - 3
    line = f"Pawn: {pawn} \u00b7 carts {seat.get('carts_used', 0)}/{seat.get('carts', 1)} used " \
           f"\u00b7 draws {seat.get('open_planning_spaces')}"
    if state_words:
        line += " \u00b7 " + ", ".join(state_words)
    parts.append(_text(x + 8, yy, _clip(line, int((w - 16) / 6)), "s" + (" b" if cur else "")))
    # planning spaces and placements (public)
    yy += lh
    plan = _planning_list(seat, hs)
    parts.append(_text(x + 8, yy, "Planning:", "s"))
    gx = _mini_goods(ctx, parts, plan, x + 66, yy - 4)
    if not plan:
        parts.append(_text(x + 66, yy, "empty", "s muted"))
    srcs = seat.get("sources") or {}
    yy += lh
    parts.append(_text(x + 8, yy, "On spaces:", "s"))
    gx = x + 72
    if not srcs:
        parts.append(_text(gx, yy, "none", "s muted"))
    for sid, entry in srcs.items():
        goods = list(entry.get("goods", ()))
        coins = int(entry.get("coins") or 0)
        label_s = sid if sid in ctx.hs.extensions else _src_title(ctx, sid)
        need = len(label_s) * 6.3 + 4 + 15 * (len(goods) + coins) + 10
        if gx + need > x + w - 6:
            yy += lh
            gx = x + 72
        lw = len(label_s) * 6.3
        parts.append(_text(gx, yy, label_s, "s", f' textLength="{_f(lw)}" '
                                                   'lengthAdjust="spacingAndGlyphs"'))
        gx += lw + 3
        gx = _mini_goods(ctx, parts, goods + ["coin"] * coins, gx, yy - 4)
        gx += 8
    yy += lh
    bits = f"Bag {bag_n} \u00b7 Crate {crate_n} \u00b7 Warehouse {len(wh)} rows ({full} full)"
    parts.append(_text(x + 8, yy, bits, "s"))
    yy += lh
    ox = x + 8
    if order:
        need = _order_need(hs, order)
        otxt = f"Order {order['id']} needs"
        parts.append(_text(ox, yy, otxt, "s"))
        ox = _mini_goods(ctx, parts, need, ox + _tw(otxt, 11) * 1.1 + 4, yy - 4) + 6
    hb = []
    if seat.get("houses"):
        hb.append(f"houses {len(seat['houses'])}")
    if seat.get("boats"):
        hb.append(f"boats {len(seat['boats'])}")
    if seat.get("completed_orders"):
        hb.append(f"orders done {len(seat['completed_orders'])}")
    if seat.get("extensions"):
        hb.append("ext " + " ".join(seat["extensions"]))
    if hb:
        tx = " \u00b7 ".join(hb)
        if ox + _tw(tx, 11) > x + w - 8:
            yy += lh
            ox = x + 8
        parts.append(_text(ox, yy, _clip(tx, int((w - 16) / 6)), "s"))
    elif not order:
        parts.append(_text(ox, yy, "no order, houses or boats", "s muted"))
    yy += 8
    h = yy - y
    stroke = f' style="stroke:{colour};stroke-width:2"' if cur else ""
    parts[start] = _rect(x, y, w, h, "card", 8, stroke)
    if ctx.focus == f"seat:{q}":
        parts.append(_overlay(x - 3, y - 3, w + 6, h + 6, "focus", 10))
    parts.append("</g>")
    ctx.anchors[f"seat:{q}"] = (x, y, w, h)
    return h


def _others(ctx: _Ctx, parts: list, y0: float) -> float:
    n = ctx.n
    others = [(ctx.board + k) % n for k in range(1, n)]
    if not others:
        return y0
    W = ctx.W
    y = y0 + 4
    parts.append(f'<g data-part="others" transform="translate(0,{_f(y)})">'
                 f'{_text(12, 14, "Other players", "ptitle")}</g>')
    y += 22
    done = _done_seats(ctx)
    cols = 1 if ctx.narrow else 2
    gap = 8
    cw = (W - gap * (cols - 1)) / cols
    k = 0
    while k < len(others):
        row = others[k:k + cols]
        hs = []
        for c, q in enumerate(row):
            # drawn at the origin and placed by a transform: when the board changes hands, the
            # page moves the part of a seat whose board did not change (web.dom.patch)
            hs.append(_placed(ctx, parts, f"seat:{q}", c * (cw + gap), y,
                              lambda sub, q=q: _other(ctx, sub, q, 0, 0, cw, done)))
        y += max(hs) + gap
        k += cols
    return y


# ----------------------------------------------------------------------------------------------
# The choice panel
# ----------------------------------------------------------------------------------------------

def _option_short(ctx: _Ctx, mv: str) -> tuple[str, str, str | None]:
    """``(group title, short button text, glyph or None)`` for one option of a choice."""
    hs = ctx.hs
    if mv.startswith("@"):
        return "Put your pawn here", "Place (free)", None
    if mv.startswith("go:"):
        return (f"Go to the {_w.location_name(mv[3:])}", "By cart (" +
                _move_cost(ctx, mv).split(": ", 1)[1] + ")", "cart")
    if mv.startswith("step:"):
        return f"Go to the {_w.location_name(mv[5:])}", "One step (1 food)", "food"
    if mv.startswith("sell:") or mv.startswith("deliver:"):
        parts = mv.split(":")
        g = parts[1]
        group = f"The {g} on the Market"
        if parts[0] == "sell":
            p = hs.prices.get(g, 0)
            return group, f"Sell: {p} coin{'s' if p != 1 else ''}", "coin"
        order = ctx.bseat.get("order") or {}
        oid = order.get("id", "?")
        if len(parts) > 2:
            return group, f"Complete {oid}, corn \u2192 row {parts[2][1:]}", "order"
        return group, f"Deliver to {oid}", "order"
    sid, _, rest = mv.partition(":")
    args = rest.split(":") if rest else []
    src = ctx.S.get(sid)
    if src is None or not args:
        return _src_title(ctx, sid), "Run it", None
    if args[0].startswith("r") and args[0][1:].isdigit():
        rows = [a[1:] for a in args]
        if any(r.road for r in src.recipes):
            return "Build a road; the corn goes to", f"row {rows[0]}", "corn"
        goods = list(((ctx.bseat.get("sources") or {}).get(sid) or {}).get("goods", ()))
        if len(set(goods)) <= 1:
            return f"Store the {goods[0] if goods else 'goods'} in", " + ".join(
                f"row {r}" for r in rows), "store"
        return "Store in your warehouse", ", ".join(f"{g}\u2192{r}" for g, r in zip(goods, rows)), \
            "store"
    a = args[0]
    if any(r.card == "house" for r in src.recipes) and a in hs.house_types:
        return f"Take a house ({hs.house_vp} VP + {hs.bonus_vp} VP per good of its type)", a, a
    if any(r.card == "boat" for r in src.recipes) and a in hs.boat_goods:
        return f"Take a boat ({hs.boat_vp} VP; you gain 1 good of its type)", a, a
    return f"{_src_title(ctx, sid)}: take one", a, a


def _popup(ctx: _Ctx, parts: list, total_h: float) -> None:
    """The panel of a pending choice: one labelled button (``data-move``) per option, grouped,
    next to the selected cell; a Cancel button (``choice:cancel``) clears the selection."""
    if not ctx.choice:
        return
    W = ctx.W
    ax, ay, aw, ah = ctx.anchors.get(ctx.sel, (W / 2, 100, 0, 0))
    pw = min(W - 16, 440)
    by_group: dict[str, list] = {}
    for k, mv in enumerate(ctx.choice, 1):
        g, short, glyph = _option_short(ctx, mv)
        by_group.setdefault(g, []).append((k, mv, short, glyph))
    groups = list(by_group.items())
    bh, gap = 32, 6
    layout = []
    y = 32
    for g, items in groups:
        y += 4
        head_y = y + 10
        y += 18
        widest = max(_tw(s, 13, True) + (26 if gl else 0) for _k, _m, s, gl in items) + 22
        cols = max(1, min(len(items), int((pw - 20 + gap) // (widest + gap))))
        bw = (pw - 20 - gap * (cols - 1)) / cols
        cells = []
        for j, it in enumerate(items):
            cells.append((it, 10 + (j % cols) * (bw + gap), y + (j // cols) * (bh + gap), bw))
        y += ((len(items) + cols - 1) // cols) * (bh + gap)
        layout.append((g, head_y, cells))
    ph = y + bh + 10
    px = min(max(8, ax + aw / 2 - pw / 2), W - 8 - pw)
    py = ay + ah + 6
    if py + ph > total_h - 4:
        py = max(4, ay - ph - 6)
    parts.append(f'<g class="popup" role="dialog" aria-label="{_esc(ctx.choice_title)}" '
                 f'transform="translate({_f(px)},{_f(py)})">')
    parts.append(f'<rect x="3" y="5" width="{_f(pw)}" height="{_f(ph)}" rx="10" fill="#000" '
                 f'opacity=".22"/>')
    parts.append(_rect(0, 0, pw, ph, "pbg", 10))
    parts.append(_text(12, 22, ctx.choice_title, "h"))
    for g, head_y, cells in layout:
        parts.append(_text(12, head_y, g, "s b"))
        for (k, mv, short, glyph), bx, by, bw in cells:
            cell = f"choice:{k}"
            long = _option_words(ctx, mv)
            tx = bw / 2
            inner = ""
            if glyph:
                tw = _tw(short, 13, True) + 22
                gx = bw / 2 - tw / 2 + 8
                inner = _g(glyph, gx, bh / 2, 18)
                tx = gx + 12 + (tw - 22) / 2
            parts.append(f'<g class="btn alt" transform="translate({_f(bx)},{_f(by)})"'
                         f'{ctx.attrs(cell, long, mv)}><title>{_esc(long)}</title>'
                         f'{_rect(0, 0, bw, bh, "bg", 7)}{inner}'
                         f'{_text(tx, 21, short, "")}{ctx.marks(cell, 0, 0, bw, bh, 7)}</g>')
    cy = ph - bh - 8
    parts.append(f'<g class="btn cancel" transform="translate(10,{_f(cy)})" '
                 f'data-cell="choice:cancel" role="button" tabindex="0" aria-label="cancel">'
                 f'{_rect(0, 0, pw - 20, bh, "bg", 7)}{_text((pw - 20) / 2, 21, "Cancel", "")}'
                 f'{ctx.marks("choice:cancel", 0, 0, pw - 20, bh, 7)}</g>')
    parts.append("</g>")


# ----------------------------------------------------------------------------------------------
# Entry point
# ----------------------------------------------------------------------------------------------

def render_svg(view: dict, ui: dict | None = None) -> str:
    """The whole table for ``view`` (from ``altiplano.view``) and the page's ``ui`` selection.

    Args:
        view: ``altiplano.view(state, seat)`` or the public view ``view(state, None)``.
        ui: the keys of the module docstring (``selected``, ``names``, ``board``, ``narrow``,
            ``focus``, ``last``, ``last_player``); unknown keys are ignored.

    Returns:
        One ``<svg>`` element (UTF-8 text) 720 units wide (360 with ``narrow``), with the
        ``data-cell`` / ``data-move`` hooks of the module docstring. Only what ``view`` holds
        is drawn, so hidden information cannot appear.

    Raises:
        KeyError, ValueError: ``view`` is not an Altiplano view.
    """
    ctx = _Ctx(view, dict(ui or {}))
    parts: list[str] = []
    y = _table(ctx, parts, 0)
    y = _board(ctx, parts, y + 10)
    y = _others(ctx, parts, y + 6)
    total = y
    # always present (empty without a choice), so opening a choice patches one part
    _part(parts, "popup", _popup, ctx, parts, total)
    W = ctx.W
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="ap altiplano-board'
            f'{" narrow" if ctx.narrow else ""}" viewBox="0 0 {W} {_f(total)}" width="{W}" '
            f'height="{_f(total)}" role="group" aria-label="Altiplano table" '
            f'data-phase="{_esc(view["phase"])}" data-round="{int(view["round"])}">')
    return head + _STYLE + "".join(parts) + "</svg>"


# ---------------------------------------------------------------------------- legend (issue 11)

def legend_svg(key: str) -> str:
    """A small icon (a good or a mark, drawn as on the board) for the legend; ``aria-hidden``.

    Raises:
        KeyError: ``key`` has no glyph.
    """
    return ('<svg xmlns="http://www.w3.org/2000/svg" class="legend-icon" viewBox="-12 -12 24 24" '
            'width="32" height="32" aria-hidden="true" focusable="false" style="color:#2b5fab">'
            f'{_GLYPHS[key]}</svg>')


def legend(options: dict | None = None) -> list[tuple[str, str, str, str]]:
    """Every good and mark: ``[(key, icon_svg, name, what it does), ...]``."""
    from .words import legend_items
    return [(key, legend_svg(key), name, text) for key, name, text in legend_items(options)]
