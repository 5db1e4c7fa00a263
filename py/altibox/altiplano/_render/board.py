"""The big board of one seat: header, buttons, planning spaces, location cards with their action
spaces, movement, road track, bag and crate, warehouse, orders, final storage.
"""

from __future__ import annotations

from altibox.core.svg import SEAT, SEAT_TINT, esc as _esc, num as _f, target

from .. import words as _w
from .prims import LOC_COLOUR, _canon_key, _clip, _g, _overlay, _rect, _text, _tw, _wrap
from .moves import _display_goods, _market_asks
from .context import _Ctx, _TIPS, _tip
from .formulas import _formula, _formula_glyphs
from .table import _order_card, _placed


# ----------------------------------------------------------------------------------------------
# The big board
# ----------------------------------------------------------------------------------------------

def _done_seats(ctx: _Ctx) -> set:
    """Seats that finished the current sequential step (Draw/Planning): before the current
    seat in seat order from the start player."""
    v = ctx.v
    if v["phase"] not in ("draw", "planning") or v.get("current_player") is None:
        return set()
    sp, n = int(v["start_player"]), ctx.n
    order = [(sp + k) % n for k in range(n)]
    return set(order[:order.index(int(v["current_player"]))])


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
    you = _w.board_words("you") if ctx.own else ""
    role = seat.get("role")
    lim = 18 if ctx.narrow else 30
    parts.append(_text(18, y + 19, _clip(name, lim) + you, "ptitle"))
    rtxt = _w.role_name(role)
    rtip = _tip("role", role, ctx.opts, players=ctx.n) if role else _w.board_words("no_role")
    parts.append(f'<g aria-label="role: {_esc(rtip)}"><title>{_esc(rtip)}</title>'
                 f'{_text(18, y + 35, rtxt, "s b")}</g>')
    badges = []
    if v.get("current_player") == q and v["phase"] != "over":
        badges.append((_w.board_words("pill_to_act"), colour))
    if v["start_player"] == q:
        badges.append((_w.board_words("pill_start"), "#5a5f6b"))
    if seat.get("passed") and ctx.v["phase"] != "over":  # (at game over the round is no more)
        badges.append((_w.board_words("pill_passed"), "#8a8e98"))
    bx = 18 + _tw(rtxt, 11, True) * 1.2 + 12  # room for wide fonts (DejaVu Sans on Linux)
    for word, col in badges:
        bw = _tw(word, 11, True) + 14
        parts.append(_rect(bx, y + 25, bw, 16, "", 8, f' fill="{col}"') +
                     _text(bx + bw / 2, y + 37, word, "pill"))
        bx += bw + 5
    if role and not ctx.narrow and role in ctx.S and ctx.S[role].recipes:
        # the role tile's action in view at once (issue 22): where, and its recipe
        where = _w.board_words("role_at", loc=_w.location_name(ctx.hs.roles[role]["location"]))
        parts.append(_text(bx + 4, y + 37, where, "s"))
        fs, _fw = _formula(ctx.S[role].recipes[0], bx + 8 + _tw(where, 11), y + 33, 14)
        parts.append(f'<g aria-hidden="true">{fs}</g>')
    # right: VP and coins (coins selectable in planning)
    x = W - 10
    vp = seat.get("score", 0)
    vtxt = _w.board_words("vp", vp=vp)
    vw = _tw(vtxt, 13, True) + 16
    x -= vw
    parts.append(f'<g aria-label="{_w.board_words("vp_label", vp=vp)}"><title>'
                 f'{_w.board_words("vp_title")}</title>'
                 f'{_rect(x, y + 9, vw, 24, "card", 12)}{_text(x + vw / 2, y + 26, vtxt, "h mid")}'
                 f'</g>')
    coins = int(seat.get("coins") or 0)
    ctext = str(coins)
    cw = 44 + _tw(ctext, 13, True)
    x -= cw + 6
    cmove = ctx.mv.place.get("coin")
    clabel = _w.coin_words(coins) + (" \u2014 select a coin to place on a coin space" if cmove else "")
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
    mv = ctx.mv
    return _w.board_hint(
        ctx.v, ctx.names, ctx.bseat, acting=bool(ctx.legal), to_bag=bool(mv.to_bag),
        unplace=bool(mv.unplace),
        can_act=bool(mv.runs or mv.market or mv.orders or mv.buys or "cart" in mv.buttons),
        can_end="end" in mv.buttons, selected_good=ctx.sel_good, store_good=ctx.store_good,
        guided=ctx.guided)


def _button(ctx: _Ctx, parts: list, b: str, x: float, y: float, alt: bool = False,
            right: bool = False) -> float:
    """The step button ``b`` (30 units tall) with its left edge at ``x`` (its right edge with
    ``right``); ``alt``: drawn as a secondary button. Returns its width."""
    text, label = _w.button_words(b, ctx.bseat, ctx.v["phase"], ctx.hs)
    bw = _tw(text, 13, True) + 24
    x = x - bw if right else x
    parts.append(f'<g class="btn{" alt" if alt else ""}" transform="translate({_f(x)},{_f(y)})"'
                 f'{ctx.attrs(b, label, b)}>{_rect(0, 0, bw, 30, "bg", 8)}'
                 f'{_text(bw / 2, 20, text, "")}{ctx.marks(b, 0, 0, bw, 30, 8)}</g>')
    ctx.anchors[b] = (x, y, bw, 30)
    return bw


def _buttons(ctx: _Ctx, parts: list, y: float) -> float:
    """The step buttons (Draw, Done planning or storing, End turn) at the right of the row, and
    Pass in a place of its own at the left, drawn as a secondary button: Pass cannot be taken
    back, so it never appears where another button was a moment before (issue 22: the bot's
    turn ended and a second tap on "Done planning" or "End turn" passed by accident). The
    hint fills the room between them."""
    W = ctx.W
    hint = _hint(ctx)
    bh = 30
    left = 12.0  # where the hint starts
    if "pass" in ctx.mv.buttons:
        left += _button(ctx, parts, "pass", 12, y, alt=True) + 12
    x = W - 10
    for b in ("end", "done", "draw"):  # right to left
        if b in ctx.mv.buttons:
            x -= _button(ctx, parts, b, x, y, right=True) + 8
    row = x < W - 10 or left > 12  # a row of buttons is drawn
    room = x - left
    if not hint:
        return y + (bh + 8 if row else 0)
    # wrap the hint into the room between the buttons (or the whole width, below them)
    limit = max(20, int(room / (12 * 0.55)))
    lines = _wrap(hint, limit)
    if len(lines) > 2 and row:
        lines = _wrap(hint, int((W - 24) / (12 * 0.55)))
        ty = y + bh + 16
        for k, ln in enumerate(lines):
            parts.append(_text(12, ty + k * 15, ln, "t"))
        return ty + (len(lines) - 1) * 15 + 10
    ty = y + (bh / 2 + 4 if len(lines) == 1 else 12)
    for k, ln in enumerate(lines):
        parts.append(_text(left, ty + k * 15, ln, "t"))
    return y + max(bh if row else 0, len(lines) * 15 + 6) + 8


def _planning_row(ctx: _Ctx, parts: list, y: float) -> float:
    seat = ctx.bseat
    hs = ctx.hs
    W = ctx.W
    total = hs.planning_spaces
    open_n = int(seat.get("open_planning_spaces") or hs.open_spaces)
    goods = ctx.plan
    parts.append(_text(12, y + 12, _w.board_words("planning_spaces"), "h"))
    parts.append(_text(W - 10, y + 12, _w.board_words("draws_a_round", n=open_n), "s end"))
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
            what = _w.board_words("empty") if is_open else _w.board_words("locked_until", step=unlock_at.get(k, "?"))
            parts.append(f'<g transform="translate({_f(x)},{_f(y)})"'
                         f'{target(cell, _w.board_words("plan_space", k=k, what=what))}>')
            parts.append(_rect(0, 0, sz, sz, "space" + ("" if is_open else " off"), 6))
            parts.append(_text(sz / 2, sz / 2 + 4, str(k), "s mid muted"))
            if not is_open:
                parts.append(_g("lock", sz - 9, 9, 10))
                parts.append(_text(sz / 2, sz - 4, _w.board_words("road_step", step=unlock_at.get(k, "?")), "s mid muted")
                             if not ctx.narrow else "")
            parts.append(ctx.marks(cell, 0, 0, sz, sz))
            parts.append("</g>")
            ctx.anchors[cell] = (x, y, sz, sz)
            continue
        move = ctx.mv.to_bag.get(g)
        selectable = g in ctx.mv.place
        label = _w.board_words("plan_space", k=k, what=g)
        if move:
            label += _w.board_words("then_to_bag")
        elif selectable:
            label += _w.board_words("then_select")
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


def _ready(ctx: _Ctx, sid: str, entry: dict | None) -> bool:
    """The goods on source ``sid`` match one of its recipes exactly (the READY badge). Never
    once the game is over: nothing runs any more (new-user run: a stale READY on the end
    screen)."""
    if not entry or ctx.v.get("phase") == "over":
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
                  tag: str | None, measure: bool = False, badge: tuple | None = None) -> float:
    """One action source (spaces + recipes) at ``x, y`` in a card of width ``w``; returns its
    height. With ``measure`` nothing is drawn. ``badge``: where the card's READY badge goes,
    relative to ``x, y`` (in the card's header; :func:`_ready_badge`)."""
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
    title = _w.source_title(sid, ctx.hs)
    words = _source_words(ctx, sid)
    goods = _display_goods(entry.get("goods", ())) if entry else []
    coins = int(entry.get("coins") or 0) if entry else 0
    label = _w.board_words("source", title=title, words=words, goods=", ".join(goods) or _w.board_words("nothing"))
    if coins:
        label += _w.board_words("source_coins", n=coins, s="s" if coins != 1 else "")
    if ready:
        label += _w.board_words("ready")
    if place_move:
        label += _w.board_words("then_place", good=ctx.sel_good)
    elif run_move:
        label += _w.board_words("then", words=_w.option_words(run_move, ctx.bseat, ctx.hs, ctx.S))
    elif len(runs) > 1:
        label += _w.board_words("then_run")
    tip = words if sid in ctx.hs.locations or sid == "move" else (
        _tip("role", sid, ctx.opts, players=ctx.n) if sid in ctx.hs.roles else _tip("ext", sid, ctx.opts))
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
            glabel = _w.board_words("good_on", good=g, title=title) + (_w.board_words("placed_earlier") if locked and show_lock
                                                              else "")
            if um:
                glabel += _w.board_words("then_take_back")
            mk = ctx.mv.market.get(g, []) if sid == "market" else []
            gmove = um
            sel_ok = False
            if mk and not um:
                if not _market_asks(mk):
                    gmove = mk[0]
                    glabel += _w.board_words("then", words=_w.option_words(mk[0], ctx.bseat, ctx.hs, ctx.S))
                else:
                    sel_ok = True
                    glabel += (_w.board_words("then_sell") if len(mk) > 1 else
                               _w.board_words("then_ask", words=_w.option_words(
                                   mk[0], ctx.bseat, ctx.hs, ctx.S)))
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
            clabel = _w.board_words("coin_on", title=title) + (_w.board_words("then_coin_back") if um else "")
            parts.append(f'<g transform="translate({_f(gx)},{_f(top)})"'
                         f'{ctx.attrs(ccell, clabel, um)}>'
                         f'{_g("coin", ss / 2, ss / 2, ss - 6, "coin")}'
                         + (_overlay(0, 0, ss, ss, "target", 14) if um else "")
                         + ctx.marks(ccell, 0, 0, ss, ss, 14) + "</g>")
    if sid == "move" and coins:
        parts.append(_text(sp_w + 2, top + ss / 2 + 4, _w.board_words("plus_coins", n=coins), "s"))
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
    if badge is not None:
        _ready_badge(ctx, parts, sid, x + badge[0], y + badge[1], label, run_move, bool(runs))
    return h


def _ready_badge(ctx: _Ctx, parts: list, sid: str, x: float, y: float, label: str,
                 move: str | None, live: bool) -> None:
    """A location card's READY badge at ``x, y`` (in the card's header) for the ready source
    ``sid``: a target of its own (``data-cell="ready:SID"``, the page takes it for ``src:SID``)
    with the source's words and its one move, so that a click on it is a click on the source
    (new-user run: the badge, a highlight, took no click; only the source below it did). Green
    with a white edge, like the ring's target pills, while the source runs now (``live``);
    white (a fact, no action) while it cannot."""
    parts.append(f'<g class="ready" transform="translate({_f(x)},{_f(y)})"'
                 f'{ctx.attrs(f"ready:{sid}", label, move, button=live)}>'
                 + _rect(0, 0, 50, 15, "ready-pill" + (" live" if live else ""), 7,
                         ' fill="#1f9d55" stroke="#fff" stroke-width="1.5"' if live else ' fill="#fff"')
                 + _text(25, 11.5, _w.board_words("pill_ready"), "pill", "" if live else ' style="fill:#14613a"')
                 + "</g>")


def _source_words(ctx: _Ctx, sid: str) -> str:
    key = ("srcwords", sid, ctx.opts.get("house_set"), ctx.opts.get("forest_cacao_mode"))
    hit = _TIPS.get(key)
    if hit is None:
        hit = _TIPS[key] = _w.source_words(sid, ctx.S[sid], ctx.hs, ctx.opts)
    return hit


def _line_width(ctx: _Ctx, sid: str, r) -> float:
    if r == "market":
        return 150
    if r in ("cart", "order"):
        return 100
    if r == "movefood":
        return 150
    if r == "passive":
        e = ctx.hs.extensions[sid]
        return _tw(_w.PASSIVE_SHORT[ctx.S[sid].passive].format(n=e.get("amount", 1)), 11)
    return _formula_glyphs(r, 15)[1]


def _line(ctx: _Ctx, sid: str, r, x: float, y: float) -> str:
    if r == "market":
        return (_text(x, y + 4, _w.board_words("sell"), "s") + _g("coin", x + 30, y, 14) +
                _text(x + 40, y + 4, _w.board_words("or_deliver"), "s"))
    if r in ("order", "cart"):  # "PRICE coin → order/cart"
        price = ctx.hs.order_price if r == "order" else ctx.hs.cart_price
        return (_text(x, y + 4, str(price), "n") + _g("coin", x + 15, y, 14) +
                _text(x + 24, y + 4.5, "\u2192", "t") + _g(r, x + 46, y, 15) +
                _text(x + 56, y + 4, r, "s"))
    if r == "movefood":
        return (_g("food", x + 7, y, 14) + _text(x + 16, y + 4.5, "\u2192", "t") +
                _text(x + 32, y + 4, _w.board_words("step_or_cart_short" if ctx.narrow else "step_or_cart"), "s"))
    if r == "passive":
        e = ctx.hs.extensions[sid]
        return _text(x, y + 4, _w.PASSIVE_SHORT[ctx.S[sid].passive].format(n=e.get("amount", 1)), "s")
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
            blocks.append((role, _w.board_words("role_tag", role=_w.role_name(role))))
        for e in exts:
            if ctx.hs.extensions[e]["location"] == loc:
                blocks.append((e, _w.board_words("extension_tag", eid=e)))
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
    title = _w.location_name(key) if kind == "loc" else _w.board_words("movement")
    parts.append(_text(x + 8, y + 16, title, "h w"))
    rx = x + w - 6
    if here:
        parts.append(f'<g color="{SEAT[ctx.board % 5]}" aria-hidden="true">'
                     f'{_g("pawn", rx - 8, y + 11, 15)}</g>')
        rx -= 18
    # the READY badge in the card's header belongs to a ready source, one that runs now first:
    # it takes the click that source takes (_ready_badge)
    sources = ctx.bseat.get("sources") or {}
    ready = [sid for sid, _tag in blocks if _ready(ctx, sid, sources.get(sid))]
    badge = next((sid for sid in ready if ctx.mv.runs.get(sid)), ready[0] if ready else None)
    by = y + 30
    for sid, tag in blocks:
        at = (rx - 50 - (x + 8), y + 4 - by) if sid == badge else None
        bh = _source_block(ctx, parts, sid, x + 8, by, w - 16, tag, badge=at)
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
        move = moves[0]
        text = _w.board_words("go_here_cost", cost=_w.move_cost(move, ctx.bseat).split(": ")[-1])
        label = _w.option_words(move, ctx.bseat, ctx.hs, ctx.S)
    else:
        # both a cart and a step lead here: the click asks which, and the button says so
        # (new-user run: a generic "Go here…" did not say what it offered)
        move, key = None, "go_here_choice"
        text = _w.board_words(key)
        label = _w.board_words("move_to", loc=_w.location_name(loc), options=" or ".join(
            _w.option_words(m, ctx.bseat, ctx.hs, ctx.S) for m in moves))
    if loc in ctx.idle:
        # a pawn move (first placement, cart, step) onto a location where nothing can be done
        key = "go_here_idle"
        text = _w.board_words(key)
        label += _w.board_words("idle_here")
    if len(moves) > 1 or loc in ctx.idle:
        if _tw(text, 12, True) + 20 > w:  # the phone's narrow card: the words fit, never cut
            text = _w.board_words(key + "_short")
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
    parts.append(_text(x, y + 10, _w.board_words("carts", owned=owned, used=used), "s b"))
    y += 16
    step = min(40, (w + 4) / hs.cart_slots)
    for k in range(hs.cart_slots):
        cx = x + k * step
        cell = f"cart:{k + 1}"
        if k < owned:
            kind = "used" if k < used else ("free" if k == 0 else "food")
            st = _w.board_words("cart_" + kind)
            label = _w.board_words(f"cart_{kind}_label", k=k + 1)
        else:
            st = ""
            label = _w.board_words("cart_slot_empty", k=k + 1)
        parts.append(f'<g transform="translate({_f(cx)},{_f(y)})"{target(cell, label)}><title>{_esc(label)}</title>')
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
    text, label = _w.button_words("cart", ctx.bseat, ctx.v["phase"], ctx.hs)
    bw = min(w, _tw(text, 13, True) + 24)
    parts.append(f'<g class="btn" transform="translate({_f(x)},{_f(y)})"'
                 f'{ctx.attrs("cart", label, "cart")}>'
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
    label = _w.board_words("road_label", pos=pos, steps=steps, n=seat.get("open_planning_spaces"))
    parts.append(f'<g{target("road", label)}><title>{_esc(label)}</title>')
    parts.append(_rect(x, y, w, h, "card", 8))
    parts.append(f'<path d="M{_f(x)},{_f(y + 22)} V{_f(y + 8)} a8,8 0 0 1 8,-8 H{_f(x + w - 8)} '
                 f'a8,8 0 0 1 8,8 V{_f(y + 22)} Z" fill="{LOC_COLOUR["road"]}"/>')
    parts.append(_text(x + 8, y + 16, _w.board_words("road_track"), "h w"))
    parts.append(_text(x + w - 8, y + 16, _w.board_words("road_step_of", pos=pos, steps=steps), "s w end"))
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
                parts.append(_g("corn", sx + sw / 2, sy + 15, 14, _w.board_words("one_corn")))
        if k == pos:
            parts.append(f'<g color="{SEAT[ctx.board % 5]}">'
                         f'<rect x="{_f(sx + sw / 2 - 6)}" y="{_f(sy + 34)}" '
                         f'width="12" height="12" '
                         f'rx="2" fill="currentColor" stroke="#1b1d22"/></g>')
    parts.append(_text(x + 8, y + h - 24, _w.board_words("road_number"), "s"))
    parts.append(_g("corn", x + 14, y + h - 12, 12) +
                 _text(x + 24, y + h - 8, _w.board_words("road_corn"), "s"))
    parts.append("</g>")
    return h


def _bag_crate(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    """Bag and crate as counts (never an order), with the odds of the next draw (spec §19)."""
    seat = ctx.bseat
    bag = seat.get("bag") or {}
    crate = seat.get("crate") or {}
    size = sum(bag.values())
    csize = sum(crate.values())
    parts.append(_text(x, y + 12, _w.board_words("bag", n=size), "h"))
    if size:
        parts.append(_text(x + w, y + 12, _w.board_words("bag_odds"), "s end"))
    y += 18
    words = ", ".join(f"{n} {g}" for g, n in bag.items()) or _w.board_words("empty")
    blabel = _w.board_words("bag_label", words=words)
    parts.append(f'<g{target("bag", blabel)}><title>{_esc(blabel)}</title>')
    if size:
        y = _count_list(ctx, parts, bag, x, y, w, size)
    else:
        parts.append(_text(x, y + 12, _w.board_words("bag_empty"), "s"))
        y += 20
    parts.append("</g>")
    y += 4
    parts.append(_text(x, y + 12, _w.board_words("crate", n=csize), "h"))
    parts.append(_text(x + w, y + 12, _w.board_words("crate_odds") if not size and csize else
                       _w.board_words("crate_used"), "s end"))
    y += 18
    cwords = ", ".join(f"{n} {g}" for g, n in crate.items()) or _w.board_words("empty")
    clabel = _w.board_words("crate_label", words=cwords)
    parts.append(f'<g{target("crate", clabel)}><title>{_esc(clabel)}</title>')
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
            # in brackets: "1 25%" read as 125 % (new-user run)
            parts.append(_text(ix + 25 + 7 * len(str(n)), iy + 15, f"({pct}%)", "s"))
    rows = (len(items) + cols - 1) // cols
    return y + rows * 24


def _warehouse(ctx: _Ctx, parts: list, x: float, y: float, w: float) -> float:
    seat = ctx.bseat
    hs = ctx.hs
    wh = seat.get("warehouse") or []
    rows = hs.wh_rows
    ln = hs.wh_len
    full = sum(1 for r in wh if len(r) >= ln)
    parts.append(_text(x, y + 12, _w.board_words("warehouse"), "h"))
    parts.append(_text(x + w, y + 12, _w.board_words("full", n=full), "s end"))
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
        what = ", ".join(row) if row else _w.board_words("empty")
        label = _w.board_words("wh_row", r=r + 1, vp=pts, what=what)
        if len(row) >= ln:
            label += _w.board_words("then_complete")
        if move:
            label += _w.board_words("then_store", good=ctx.store_good)
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
        parts.append(_text(px, ss / 2 + 4, _w.board_words("vp", vp=pts), "s b" if done else "s"))
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
    parts.append(_text(x, y + 12, _w.board_words("open_order"), "h"))
    y += 18
    order = seat.get("order")
    if order:
        need = _w.order_need(hs, order)
        extra = _w.board_words("needs", goods=", ".join(need)) if need else ""
        _order_card(ctx, parts, order["id"], x, y, min(w, 170), 32, order.get("delivered"),
                    "myorder", None, extra)
        y += 38
    else:
        parts.append(_text(x, y + 12, _w.board_words("no_order_short" if ctx.narrow else "no_order",
                                                     price=hs.order_price), "s"))
        y += 20
    done = list(seat.get("completed_orders") or [])
    vp = sum(hs.orders[o][1] for o in done)
    parts.append(_text(x, y + 12, _w.board_words("completed_orders", n=len(done))
                       + (_w.board_words("completed_vp", vp=vp) if done else ""), "t"))
    y += 18
    if done:
        parts.append(_text(x, y + 10, " ".join(done), "s"))
        y += 16
    for kind, items, each in (("house", seat.get("houses") or [], hs.house_vp),
                              ("boat", seat.get("boats") or [], hs.boat_vp)):
        parts.append(_text(x, y + 12, _w.board_words(kind + "s_count", n=len(items), vp=len(items) * each), "t"))
        y += 16
        gx = x
        for t in items:
            tip = (_w.board_words("house_tip", vp=hs.house_vp, bonus=hs.bonus_vp, good=t) if kind == "house"
                   else _w.board_words("boat_tip", vp=hs.boat_vp, good=t))
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
    parts.append(_text(12, y + 12, _w.board_words("final_storage", n=ctx.bseat.get("store_left", 0)), "h"))
    y += 18
    x = 12
    for g in sorted(ctx.mv.fstore, key=_canon_key(ctx.hs)):
        cell = f"own:{g}"
        label = _w.board_words("store_a", good=g)
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
                 f'aria-label="{_esc(_w.board_words("action_board", name=ctx.names[q]))}">')
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
    stroke = f' style="stroke:{SEAT[q % 5]};stroke-width:2"' if ctx.v.get("current_player") == q else ""
    parts[start] = _rect(1, y0 + 1, W - 2, y - y0 - 2, "panel", 12, stroke)
    return y
