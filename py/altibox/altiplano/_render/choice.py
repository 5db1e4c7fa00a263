"""The panel of a pending choice: one labelled button per option, and Cancel.
"""

from __future__ import annotations

from altibox.core.svg import esc as _esc, num as _f, target

from .. import words as _w
from .prims import _g, _rect, _text, _tw, _wrap
from .context import _Ctx


# ----------------------------------------------------------------------------------------------
# The choice panel
# ----------------------------------------------------------------------------------------------

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
        g, short, glyph = _w.option_short(mv, ctx.bseat, ctx.hs, ctx.S)
        by_group.setdefault(g, []).append((k, mv, short, glyph))
    groups = list(by_group.items())
    bh, gap = 32, 6
    layout = []
    y = 32
    # the consequence of the choice, said before it is made (a sale's lost points, the
    # warehouse's row rule): wrapped lines of small text under the title
    note = _w.choice_note(list(ctx.choice), ctx.hs, ctx.bseat)
    note_lines = _wrap(note, int((pw - 24) / (11 * 0.56))) if note else []
    y += 14 * len(note_lines)
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
    for k, line in enumerate(note_lines):
        parts.append(_text(12, 38 + 14 * k, line, "s"))
    for g, head_y, cells in layout:
        parts.append(_text(12, head_y, g, "s b"))
        for (k, mv, short, glyph), bx, by, bw in cells:
            cell = f"choice:{k}"
            long = _w.option_words(mv, ctx.bseat, ctx.hs, ctx.S)
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
    parts.append(f'<g class="btn cancel" transform="translate(10,{_f(cy)})"'
                 f'{target("choice:cancel", "cancel", button=True)}>'
                 f'{_rect(0, 0, pw - 20, bh, "bg", 7)}{_text((pw - 20) / 2, 21, "Cancel", "")}'
                 f'{ctx.marks("choice:cancel", 0, 0, pw - 20, bh, 7)}</g>')
    parts.append("</g>")
