"""The other seats' compact, public boards.
"""

from __future__ import annotations

from altibox.core.svg import SEAT, SEAT_TINT, esc as _esc, num as _f

from .. import words as _w
from .prims import _clip, _g, _overlay, _rect, _text, _tw
from .moves import _planning_list
from .context import _Ctx, _tip
from .table import _last_loc, _placed
from .board import _done_seats


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
    if v.get("current_player") == q and v["phase"] != "over":
        state_words.append(_w.board_words("state_to_act"))
    if q in done:
        state_words.append(_w.board_words("state_drawn" if v["phase"] == "draw" else "state_done_planning"))
    if seat.get("passed"):
        state_words.append(_w.board_words("state_passed"))
    if v["start_player"] == q:
        state_words.append(_w.board_words("state_start"))
    bag_n = sum((seat.get("bag") or {}).values())
    crate_n = sum((seat.get("crate") or {}).values())
    pawn = _w.location_name(seat["pawn"]) if seat.get("pawn") else _w.board_words("not_placed")
    order = seat.get("order")
    wh = seat.get("warehouse") or []
    full = sum(1 for r in wh if len(r) >= hs.wh_len)
    label = (_w.board_words("other_label", name=name, role=_w.role_name(role), vp=seat.get("score", 0),
                           coins=_w.coin_words(seat.get("coins", 0)), pawn=pawn,
                           used=seat.get("carts_used", 0), carts=seat.get("carts", 1),
                           draws=seat.get("open_planning_spaces"), bag=bag_n, crate=crate_n,
                           rows=len(wh), full=full)
             + (_w.board_words("other_order", oid=order["id"]) if order else "")
             + (_w.board_words("other_states", states="; ".join(state_words)) if state_words else ""))
    lh = 19
    start = len(parts)
    parts.append("")
    parts.append(f'<g class="seat" data-cell="seat:{q}" data-player="{q}" '
                 f'aria-label="{_esc(label)}">')
    cur = v.get("current_player") == q
    # header
    parts.append(f'<path d="M{_f(x)},{_f(y + 24)} V{_f(y + 8)} a8,8 0 0 1 8,-8 H{_f(x + w - 8)} '
                 f'a8,8 0 0 1 8,8 V{_f(y + 24)} Z" fill="{SEAT_TINT[q % 5]}"/>')
    parts.append(f'<g color="{colour}">{_g("pawn", x + 13, y + 12, 16)}</g>')
    lim = 14 if w < 340 else 20
    parts.append(_text(x + 25, y + 17, _clip(name, lim), "h"))
    rt = _w.role_name(role)
    rx = x + 25 + _tw(_clip(name, lim), 13, True) + 8
    parts.append(f'<g><title>{_esc(_tip("role", role, ctx.opts, players=ctx.n) if role else "")}</title>'
                 f'{_text(rx, y + 17, rt, "s")}</g>')
    parts.append(_text(x + w - 8, y + 17,
                       _w.board_words("vp_coins", vp=seat.get("score", 0), coins=_w.coin_words(seat.get("coins", 0))), "n end"))
    yy = y + 24 + lh - 3
    line = _w.board_words("other_line", pawn=pawn, used=seat.get("carts_used", 0), carts=seat.get("carts", 1),
                         draws=seat.get("open_planning_spaces"))
    if state_words:
        line += " \u00b7 " + ", ".join(state_words)
    parts.append(_text(x + 8, yy, _clip(line, int((w - 16) / 6)), "s" + (" b" if cur else "")))
    # planning spaces and placements (public)
    yy += lh
    plan = [g for g in _planning_list(seat, hs) if g is not None]  # compact: packed
    parts.append(_text(x + 8, yy, _w.board_words("planning"), "s"))
    gx = _mini_goods(ctx, parts, plan, x + 66, yy - 4)
    if not plan:
        parts.append(_text(x + 66, yy, _w.board_words("empty"), "s muted"))
    srcs = seat.get("sources") or {}
    yy += lh
    parts.append(_text(x + 8, yy, _w.board_words("on_spaces"), "s"))
    gx = x + 72
    if not srcs:
        parts.append(_text(gx, yy, _w.board_words("none"), "s muted"))
    for sid, entry in srcs.items():
        goods = list(entry.get("goods", ()))
        coins = int(entry.get("coins") or 0)
        label_s = sid if sid in ctx.hs.extensions else _w.source_title(sid, ctx.hs)
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
    bits = _w.board_words("other_bits", bag=bag_n, crate=crate_n, rows=len(wh), full=full)
    parts.append(_text(x + 8, yy, bits, "s"))
    yy += lh
    ox = x + 8
    if order:
        need = _w.order_need(hs, order)
        otxt = _w.board_words("order_needs", oid=order["id"])
        parts.append(_text(ox, yy, otxt, "s"))
        ox = _mini_goods(ctx, parts, need, ox + _tw(otxt, 11) * 1.1 + 4, yy - 4) + 6
    hb = []
    if seat.get("houses"):
        hb.append(_w.board_words("houses_n", n=len(seat["houses"])))
    if seat.get("boats"):
        hb.append(_w.board_words("boats_n", n=len(seat["boats"])))
    if seat.get("completed_orders"):
        hb.append(_w.board_words("orders_done_n", n=len(seat["completed_orders"])))
    if seat.get("extensions"):
        hb.append(_w.board_words("ext_list", ids=" ".join(seat["extensions"])))
    if hb:
        tx = " \u00b7 ".join(hb)
        if ox + _tw(tx, 11) > x + w - 8:
            yy += lh
            ox = x + 8
        parts.append(_text(ox, yy, _clip(tx, int((w - 16) / 6)), "s"))
    elif not order:
        parts.append(_text(ox, yy, _w.board_words("no_cards"), "s muted"))
    yy += 8
    h = yy - y
    stroke = f' style="stroke:{colour};stroke-width:2"' if cur else ""
    parts[start] = _rect(x, y, w, h, "card", 8, stroke)
    if ctx.focus == f"seat:{q}":
        parts.append(_overlay(x - 3, y - 3, w + 6, h + 6, "focus", 10))
    if ctx.last and ctx.last_player == q and _last_loc(ctx.last, hs):
        # the move this seat has just made (a bot's, as it happens: issue 22)
        parts.append(_overlay(x - 3, y - 3, w + 6, h + 6, "last", 10))
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
                 f'{_text(12, 14, _w.board_words("other_players"), "ptitle")}</g>')
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
