"""SVG primitives of the Altiplano table: sizes, colours, the goods' glyphs, text, rectangles,
overlays (pure string builders; numbers and escaping from ``altibox.core.svg``).
"""

from __future__ import annotations

from altibox.core.svg import esc as _esc, num as _f


W_WIDE = 720
W_NARROW = 360


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

# ----------------------------------------------------------------------------------------------
# Small helpers
# ----------------------------------------------------------------------------------------------


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
        return ('<g class="gl %s" transform="translate(%s,%s) scale(%s)"><title>%s</title>%s</g>'
                % (kind, _f(x), _f(y), _f(size / 20), _esc(title), _GLYPHS[kind]))
    return ('<g class="gl %s" transform="translate(%s,%s) scale(%s)">%s</g>'
            % (kind, _f(x), _f(y), _f(size / 20), _GLYPHS[kind]))


def _text(x, y, text, cls="t", extra="") -> str:
    return '<text class="%s" x="%s" y="%s"%s>%s</text>' % (cls, _f(x), _f(y), extra, _esc(text))


def _rect(x, y, w, h, cls, rx=4, extra="") -> str:
    return ('<rect class="%s" x="%s" y="%s" width="%s" height="%s" rx="%s"%s/>'
            % (cls, _f(x), _f(y), _f(w), _f(h), _f(rx), extra))


def _overlay(x, y, w, h, cls, rx=6) -> str:
    return ('<rect class="%s" x="%s" y="%s" width="%s" height="%s" rx="%s" '
            'pointer-events="none"/>' % (cls, _f(x), _f(y), _f(w), _f(h), _f(rx)))


def _expand(counts: dict) -> list:
    out = []
    for g, n in counts.items():
        out.extend([g] * int(n))
    return out


def _canon_key(hs):
    order = hs.order
    return lambda g: order.get(g, 99)


def _wrap(text: str, limit: int) -> list[str]:
    """``text`` cut into lines of at most ``limit`` characters, at spaces."""
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
