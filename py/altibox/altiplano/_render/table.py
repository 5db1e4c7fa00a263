"""The shared table: the ring of locations with pawns and stock, the centre (round, supply),
the extension display and the face-up orders, the role draft; and the placement of parts
(``data-part``) that the page patches one by one.
"""

from __future__ import annotations

from altibox.core.svg import SEAT, esc as _esc, num as _f, target

from .. import words as _w
from .prims import LOC_COLOUR, _canon_key, _clip, _g, _overlay, _rect, _text, _tw, _wrap
from .moves import INFINITY
from .context import _Ctx, _TIPS, _tip
from .formulas import _effect, _formula


# ----------------------------------------------------------------------------------------------
# The table: ring, supply, display, orders
# ----------------------------------------------------------------------------------------------

def _pawns_at(ctx: _Ctx, loc: str) -> list[int]:
    return [i for i, s in enumerate(ctx.v["seats"]) if s.get("pawn") == loc]


def _stock_items(ctx: _Ctx, loc: str) -> list[tuple[str, int, str]]:
    v = ctx.v
    out = []
    for item in ctx.hs.locations[loc]["stock"]:
        if item == "houses":  # face up too, and a 3-5 player game of house set 12 has only some (H1)
            what = _w.board_words("stock_houses")
            if v["houses"]:
                what = _w.board_words("stock_houses_of", goods=", ".join(v["houses"]))
            out.append(("house", len(v["houses"]), what))
        elif item == "boats":  # a card taken is freely chosen among those available (spec §17, SRC MM): their goods are public
            what = _w.board_words("stock_boats")
            if v["boats"]:
                what = _w.board_words("stock_boats_of", goods=", ".join(v["boats"]))
            out.append(("boat", len(v["boats"]), what))
        elif item == "carts":
            out.append(("cart", int(v["carts"]), _w.board_words("stock_carts")))
        elif item == "orders":
            out.append(("order", len(v["orders"]), _w.board_words("stock_orders")))
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
        tw, th, gap = 112, 90, 10  # taller than wide tiles: a line names the neighbours
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


def _centre(ctx: _Ctx, parts: list, cx: float, y: float, w: float, h: float) -> None:
    """Round, phase, final-round mark, start player and the general supply, centred on ``cx``
    in the box ``y .. y + h``."""
    v = ctx.v
    food = int(v["supply"].get("food", 0))
    rnd = v["round"]
    ph = _w.PHASE_NAMES.get(v["phase"], v["phase"])
    narrow = ctx.narrow
    yy = y + 15
    parts.append(_text(cx, yy, _w.board_words("round", n=rnd), "ptitle mid"))
    yy += 15
    fr = v.get("final_round")
    if fr is not None and v["phase"] != "over":
        word = _w.board_words("final_round") if rnd >= fr else _w.board_words("last_round", n=fr)
        bw = _tw(word, 11, True) + 14
        parts.append(_rect(cx - bw / 2, yy - 11, bw, 16, "", 8, ' fill="#b42318"')
                     + _text(cx, yy + 1, word, "pill"))
        yy += 16
    if v["phase"] == "over":
        win = list(v["outcome"]["winners"])  # spec §16: most VP, then most coins, else shared
        key = "winner" if len(win) == 1 else "shared_win"
        word = _w.board_words(key, names=" & ".join(_clip(ctx.names[i], 16) for i in win))
        if _tw(word, 13, True) > w - 8:  # a narrow centre: the names on a line of their own
            head = _w.board_words(key, names="").rstrip()
            names = " & ".join(_clip(ctx.names[i], 14 if len(win) == 1 else 6) for i in win)
            parts.append(_text(cx, yy, head, "h mid") + _text(cx, yy + 16, names, "h mid"))
        else:
            parts.append(_text(cx, yy, word, "h mid"))
        return
    parts.append(_text(cx, yy, ph, "t mid b"))
    sp = v["start_player"]
    nm = _clip(ctx.names[sp], 10 if narrow else 16)
    yy += 16
    px = cx - _tw(nm, 11) / 2 - 7
    sp_words = _esc(_w.board_words("start_player", name=ctx.names[sp]))
    parts.append(f'<g aria-label="{sp_words}"><title>{sp_words}</title>'
                 f'<g color="{SEAT[sp % 5]}">{_g("pawn", px, yy - 4, 12)}</g>'
                 + _text(px + 8, yy, nm, "s") + "</g>")
    yy += 8
    label = _w.board_words("supply", food=food)
    sw = 96
    parts.append(f'<g{target("supply", label)}><title>{_esc(label)}</title>'
                 + _rect(cx - sw / 2, yy, sw, 24, "card", 12)
                 + _g("food", cx - sw / 2 + 14, yy + 12, 16, "food")
                 + _text(cx - sw / 2 + 25, yy + 16.5, str(food), "n zero" if not food else "n")
                 + _g("coin", cx + 14, yy + 12, 16, "coin")
                 + _text(cx + 25, yy + 16.5, INFINITY, "n") + "</g>")


def _tile(ctx: _Ctx, parts: list, loc: str, x, y, w, h, mine: bool) -> None:
    cell = f"loc:{loc}"
    moves = ctx.mv.loc.get(loc, [])
    name = _w.location_name(loc)
    stock = _stock_items(ctx, loc)
    pawns = _pawns_at(ctx, loc)
    stock_words = ", ".join(f"{n} {what}" for _k, n, what in stock)
    ring = list(ctx.v["ring"])
    k = ring.index(loc)
    nbrs = (_w.location_name(ring[k - 1]), _w.location_name(ring[(k + 1) % len(ring)]))
    label = _w.board_words("location_next", name=name, prev=nbrs[0], next=nbrs[1],
                           stock=stock_words)
    if pawns:
        label += _w.board_words("pawns", names=", ".join(ctx.names[i] for i in pawns))
    move = None
    if len(moves) == 1:
        move = moves[0]
        label += _w.board_words("then", words=_w.option_words(move, ctx.bseat, ctx.hs, ctx.S))
    elif len(moves) > 1:
        label += _w.board_words("then_move_here", options=" or ".join(
            _w.option_words(m, ctx.bseat, ctx.hs, ctx.S) for m in moves))
    tip = _tip("loc", loc, ctx.opts)
    if moves and loc in ctx.idle:
        # a pawn move (first placement, cart, step) onto a location where nothing can be done
        idle = _w.board_words("idle_here")
        label += idle
        tip += idle
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
        parts.append(_g(kind, sx + gs / 2, 36, gs, _w.board_words("stock_left", n=n, what=what)))
        parts.append(_text(sx + gs + 2, 40.5, str(n), "n" + (" zero" if not n else "")))
        sx += step
    # pawns, each with its seat number
    px = 11
    for i in pawns:
        parts.append(f'<g color="{SEAT[i % 5]}">{_g("pawn", px, h - 17, 15)}</g>'
                     + _text(px + 8, h - 7, str(i + 1), "s b"))
        px += 23 if not ctx.narrow else 21
    cw = cy = 0
    if moves:
        ct = _w.move_cost(moves[0], ctx.bseat) if len(moves) == 1 else _w.board_words("cart_or_step")
        parts.append(_overlay(1, 1, w - 2, h - 2, "targetfill", 8))
        parts.append(_overlay(0, 0, w, h, "target", 8))
        cw = _tw(ct, 11, True) + 10
        cy = h - 20 if px + cw < w - 2 or not pawns else 45
        parts.append(_rect(w - cw - 4, cy, cw, 16, "", 8, ' fill="#1f9d55"')
                     + _text(w - 4 - cw / 2, cy + 12, ct, "pill"))
    if ctx.narrow and cy != 45:
        # on a phone the ring is a loop of rows: each tile names its two neighbours (a step
        # reaches only these), issue 22, always after the same "↔" (new-user run: the longest
        # pairs, by _tw's rough estimate too wide, lost it; in Chromium's DejaVu Sans, a wide
        # font, the longest pair, "↔ Harbor · Market", is 99 of the tile's 106 units)
        nt = _w.board_words("neighbours", prev=nbrs[0], next=nbrs[1])
        parts.append(f'<g aria-hidden="true">{_text(6, 58, nt, "s")}</g>')
    parts.append(ctx.marks(cell, 0, 0, w, h, 8))
    if ctx.last and _last_loc(ctx.last, ctx.hs) == loc:
        parts.append(_overlay(-3, -3, w + 6, h + 6, "last", 10))
    parts.append("</g>")
    ctx.anchors[cell] = (x, y, w, h)


def _last_loc(last: str, hs=None) -> str | None:
    """The ring location the last move happened at, so a move (a bot's too) is seen as it
    happens (issue 22): a pawn move's destination; an action's location (a run of a location,
    role or extension; a Market deal; a cart bought). Never for a planning placement or
    take-back (secret from the others) nor for draw/done/end/pass."""
    if last.startswith("@"):
        return last[1:]
    if last.startswith("go:") or last.startswith("step:"):
        return last.split(":", 1)[1]
    if hs is None or not last or ">" in last or "<" in last:
        return None
    head = last.split(":", 1)[0]
    if head in ("sell", "deliver", "order", "buy"):
        return "market"
    if head == "cart":
        return "village"
    if head in hs.locations:
        return head
    if head in hs.roles:
        return hs.roles[head]["location"]
    if head in hs.extensions:
        return hs.extensions[head]["location"]
    return None


def _display(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    """The extension display (cheapest slot first) and the pile; returns the bottom."""
    v = ctx.v
    pile = v["pile"]
    parts.append(_text(x, y + 14, _w.board_words("extension_display"), "h"))
    letters = " \u00b7 ".join(f"{L} {n}" for L, n in sorted(pile["letters"].items()))
    ptxt = _w.board_words("pile", n=pile["count"]) + (_w.board_words("pile_next", letter=min(pile["letters"])) if letters else "")
    plabel = (_w.board_words("pile_label", n=pile["count"])
              + (_w.board_words("pile_letters", letters=letters) if letters else ""))
    parts.append(f'<g{target("pile", plabel)}><title>{_esc(plabel)}</title>'
                 f'{_text(x + w, y + 14, ptxt, "s end" + (" zero" if not pile["count"] else ""))}'
                 f'</g>')
    y += 22
    rh = 40
    for k, slot in enumerate(v["display"]):
        ry = y + k * (rh + 4)
        if slot is None:
            parts.append(_rect(x, ry, w, rh, "space off", 6))
            parts.append(_text(x + w / 2, ry + 24, _w.board_words("empty_slot", n=ctx.hs.surcharges[k]),
                               "s mid"))
            continue
        e = slot["id"]
        info = ctx.hs.extensions[e]
        cell = f"display:{e}"
        move = ctx.mv.buys.get(e)
        tip = _tip("ext", e, ctx.opts, slot["price"])
        label = tip + (_w.board_words("then_buy") if move else "")
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
    y += 5 * (rh + 4)
    # what "2+0 ... 5+4" means (issue 22): printed price + the slot's surcharge
    lines = _wrap(_w.display_price_words(ctx.hs), int(w / (11 * 0.56)))
    for k, line in enumerate(lines):
        parts.append(_text(x, y + 10 + 14 * k, line, "s"))
    return y + 14 * len(lines)


def _order_card(ctx: _Ctx, parts: list, oid: str, x, y, w, h, delivered=None,
                cell: str | None = None, move: str | None = None, extra_label: str = "") -> None:
    goods, vp = ctx.hs.orders[oid]
    key = ("order", oid, tuple(delivered or ()), ctx.opts.get("house_set"))
    tip = _TIPS.get(key)
    if tip is None:
        tip = _TIPS[key] = _w.order_tip(oid, delivered, ctx.opts)
    price = ctx.hs.order_price
    label = tip + extra_label + (_w.board_words("then_take_order", price=price, s="" if price == 1 else "s")
                                 if move else "")
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
    parts.append(_text(x, y + 14, _w.board_words("orders", n=len(orders)), "h"))
    y += 22
    if not orders:
        parts.append(_text(x, y + 12, _w.board_words("no_orders"), "s"))
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
    parts.append(_text(12, y + 14, _w.board_words("the_table"), "ptitle"))
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
    parts.append(_text(12, y + 12, _w.board_words("roles_draft"), "h"))
    y += 20
    cols = 2 if ctx.narrow else 4
    gap = 6
    cw = (ctx.W - 24 - gap * (cols - 1)) / cols
    ch = 62
    for k, role in enumerate(left):
        x = 12 + (k % cols) * (cw + gap)
        ry = y + (k // cols) * (ch + gap)
        cell = f"role:{role}"
        move = ctx.mv.roles.get(role)
        tip = _tip("role", role, ctx.opts, players=ctx.n)
        parts.append(f'<g class="role" transform="translate({_f(x)},{_f(ry)})"'
                     f'{ctx.attrs(cell, tip, move)}><title>{_esc(tip)}</title>')
        parts.append(_rect(0, 0, cw, ch, "card", 6))
        parts.append(_text(8, 17, _w.role_name(role), "n"))
        parts.append(_text(cw - 8, 17, _w.location_name(ctx.hs.roles[role]["location"]),
                           "s end"))
        s, _ = _formula(ctx.S[role].recipes[0], 8, 32, 15)
        parts.append(s)
        # this game's start on a row of its own (an H1 row may set it per player count, house
        # set 10 on): next to the recipe, 5 goods read as its output (new-user run)
        start = sorted((g for g, n in ctx.hs.role_start(role, ctx.n).items() for _ in range(n)),
                       key=_canon_key(ctx.hs))
        coins = ctx.hs.role_coins(role, ctx.n)
        parts.append(_text(8, 54, _w.board_words("role_start"), "s"))
        gx = cw - 8 - 14 * len(start) - (34 if coins else 0)
        for g in start:
            parts.append(_g(g, gx + 7, 50, 13, g))
            gx += 14
        if coins:
            parts.append(_text(gx + 2, 54, f"+{coins}", "s b") + _g("coin", gx + 27, 50, 12))
        if move:
            parts.append(_overlay(0, 0, cw, ch, "target", 6))
        parts.append(ctx.marks(cell, 0, 0, cw, ch))
        parts.append("</g>")
    rows = (len(left) + cols - 1) // cols
    return y + rows * (ch + gap) + 4
