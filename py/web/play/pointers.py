"""A scene's marks and arrows drawn over any game's board SVG, and its hidden hints (issue 20).

Pure Python, CPython-tested. Every game's renderer draws each thing a learner may point at as
a group carrying ``data-cell`` (a cell, a card, a slot, a place) placed by ``translate(x y)``;
:func:`annotate` finds each named one (nested translations added up), gives its element
``data-mark`` and draws, above the board, a ring around each mark and an arrow
(``<g data-arrow="FROM>TO">``) between two things. The renderers themselves are untouched, so a
scene without marks draws exactly as before (render golden hashes unchanged).

    >>> svg = ('<svg viewBox="0 0 100 100"><g transform="translate(10 10)" data-cell="a1">'
    ...        '<rect width="20" height="20"/></g><g transform="translate(60,10)" data-cell="b1">'
    ...        '<rect width="20" height="20"/></g></svg>')
    >>> sorted(boxes(svg))
    ['a1', 'b1']
    >>> out = annotate(svg, ["a1"], [("a1", "b1")])
    >>> 'data-mark="a1"' in out, 'data-arrow="a1&gt;b1"' in out
    (True, True)
"""

from __future__ import annotations

import re

from web.html.escape import esc

_TAG = re.compile(r"<(/?)([a-zA-Z][\w:-]*)([^<>]*?)(/?)>")
_TRANSLATE = re.compile(r"translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)")
_ATTR = {name: re.compile(rf'\s{name}="([^"]*)"') for name in ("data-cell", "transform", "width", "height", "x", "y")}
#: Altiplano's READY badge: a target of its own (``ready:SID``), removed whole with the hints
_HINTS = re.compile(r'<g class="ready"[^<>]*><rect [^<>]*/><text [^<>]*>READY</text></g>')


def _attr(attrs: str, name: str) -> str | None:
    m = _ATTR[name].search(attrs)
    return m.group(1) if m else None


def boxes(svg: str) -> dict[str, tuple[float, float, float, float]]:
    """``{data-cell name: (x, y, width, height)}`` of every thing drawn, in the SVG's units:
    the group's position (its ``translate`` plus its ancestors') and the size of the first
    rectangle inside it (40 × 40 when it has none)."""
    out: dict[str, tuple[float, float, float, float]] = {}
    stack: list[tuple[float, float, str | None]] = []  # (x, y, cell open here) per open <g>
    want: str | None = None  # a cell whose first rect gives its size
    for m in _TAG.finditer(svg):
        closing, name, attrs, selfclose = m.group(1), m.group(2), m.group(3), m.group(4)
        if name == "g" and closing:
            if stack:
                stack.pop()
            continue
        x0, y0 = (stack[-1][0], stack[-1][1]) if stack else (0.0, 0.0)
        if name == "g" and not selfclose:
            t = _TRANSLATE.search(_attr(attrs, "transform") or "")
            x, y = (x0 + float(t.group(1)), y0 + float(t.group(2))) if t else (x0, y0)
            cell = _attr(attrs, "data-cell")
            if cell is not None and cell not in out:
                out[cell] = (x, y, 40.0, 40.0)
                want = cell
            stack.append((x, y, cell))
        elif name == "rect" and want is not None:
            try:
                w, h = float(_attr(attrs, "width") or 40), float(_attr(attrs, "height") or 40)
                rx, ry = float(_attr(attrs, "x") or 0), float(_attr(attrs, "y") or 0)
            except ValueError:
                continue
            out[want] = (x0 + rx, y0 + ry, w, h)
            want = None
    return out


def missing(svg: str, names) -> list[str]:
    """The names among ``names`` that the drawing has no ``data-cell`` for."""
    drawn = boxes(svg)
    return [n for n in names if n not in drawn]


def annotate(svg: str, marks, arrows, hide_hints: bool = False) -> str:
    """``svg`` with ``data-mark`` on each marked thing, a ring around it and the arrows drawn
    on top; ``hide_hints`` also removes the READY badges (the CSS class ``hide-hints`` on the
    board hides highlighted targets). Names the drawing lacks are left out."""
    if hide_hints:
        svg = _HINTS.sub("", svg)
    if not marks and not arrows:
        return svg
    drawn = boxes(svg)
    for name in marks:
        if name in drawn:
            svg = svg.replace(f'data-cell="{esc(name)}"', f'data-cell="{esc(name)}" data-mark="{esc(name)}"', 1)
    parts = ['<g class="scene-pointers" pointer-events="none" aria-hidden="true">'
             '<defs><marker id="scene-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
             'markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#d9480f"/></marker></defs>']
    for name in marks:
        if name in drawn:
            x, y, w, h = drawn[name]
            parts.append(f'<rect class="scene-mark" x="{x - 3:g}" y="{y - 3:g}" width="{w + 6:g}" height="{h + 6:g}" '
                         f'rx="6" fill="none" stroke="#d9480f" stroke-width="4" stroke-dasharray="8 4"/>')
    for a, b in arrows:
        if a in drawn and b in drawn:
            (ax, ay, aw, ah), (bx, by, bw, bh) = drawn[a], drawn[b]
            parts.append(f'<g class="scene-arrow" data-arrow="{esc(a)}&gt;{esc(b)}"><line x1="{ax + aw / 2:g}" '
                         f'y1="{ay + ah / 2:g}" x2="{bx + bw / 2:g}" y2="{by + bh / 2:g}" stroke="#d9480f" '
                         f'stroke-width="6" stroke-opacity=".85" marker-end="url(#scene-arrowhead)"/></g>')
    parts.append("</g>")
    end = svg.rfind("</svg>")
    return svg[:end] + "".join(parts) + svg[end:] if end >= 0 else svg


def pointers_words(marks, arrows) -> str:
    """The marks and arrows in words (the board's accessible text), or ``""``."""
    said = []
    if marks:
        said.append("Marked: " + ", ".join(marks) + ".")
    if arrows:
        said.append("Arrows: " + "; ".join(f"{a} → {b}" for a, b in arrows) + ".")
    return " ".join(said)
