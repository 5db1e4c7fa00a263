"""Recipes drawn as glyphs (``food + wool -> cloth``), and an extension's effect in short.
"""

from __future__ import annotations

from altibox.core.svg import num as _f

from .. import words as _w
from .prims import _g, _text, _tw
from .context import _Ctx


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
    body, width = _formula_glyphs(r, gs)
    return f'<g transform="translate({_f(x)},{_f(y)})">{body}</g>', width


def _formula_glyphs(r, gs: float) -> tuple[str, float]:
    """Recipe ``r``'s glyphs at glyph size ``gs``, ``(svg, width)``, remembered per recipe
    object. An entry keeps its recipe alive, so a recipe's ``id`` is never reused by another one
    while the entry stands (a house set built and dropped, e.g. a test's copy, would else lend
    its glyphs to the next recipe at that address)."""
    key = (id(r), gs)
    hit = _FORMULAS.get(key)
    if hit is None or hit[0] is not r:
        hit = _FORMULAS[key] = (r, *_formula_body(r, gs))
    return hit[1], hit[2]


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
        out.append(_text(cx, y + 4, _w.board_words("plus_step"), "s"))
        cx += 40
    elif r.card:
        out.append(_g(r.card, cx + half, y, gs))
        cx += gs + 2
        out.append(_text(cx, y + 4, r.card, "s"))
        cx += _tw(r.card, 11) + 2
    elif r.store:
        out.append(_g("store", cx + half, y, gs))
        cx += gs + 2
        out.append(_text(cx, y + 4, _w.board_words("to_warehouse"), "s"))
        cx += 56
    return "".join(out), cx - x


def _effect(ctx: _Ctx, sid: str, x: float, y: float, gs: float = 16) -> tuple[str, float]:
    """An extension's effect drawn compactly from ``x`` (middle at ``y``)."""
    src = ctx.S[sid]
    if src.passive:
        e = ctx.hs.extensions[sid]
        text = _w.PASSIVE_SHORT[src.passive].format(n=e.get("amount", 1))
        return _text(x, y + 4, text, "s"), _tw(text, 11)
    out, wsum = [], 0.0
    for r in src.recipes:
        s, w = _formula(r, x + wsum, y, gs)
        out.append(s)
        wsum += w + 8
    return "".join(out), max(0.0, wsum - 8)
