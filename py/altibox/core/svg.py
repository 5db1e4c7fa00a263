"""The small SVG kit every game's ``render_svg`` shares (DESIGN.md §2, §3).

* :func:`esc` — the one escaper for XML character data and attribute values (``&<>"'``);
  :func:`unescape` its inverse (without the standard ``html`` module: its table of 2,231 named
  references costs ~50 ms of a cold start in the browser).
* :func:`num` — the one number formatter for coordinates and sizes (at most 2 decimals).
* :func:`target` — the hook attributes of a clickable group (DESIGN.md §3): ``data-cell``,
  ``data-move``, ``role="button"``, ``tabindex`` and ``aria-label``, always in that order.
* :func:`named` — a group's ``aria-label`` led by the words drawn inside it (WCAG 2.5.3).
* :data:`SEAT` / :data:`SEAT_TINT` — the one seat palette (seat ``i`` is ``SEAT[i % 5]``), the
  same colours as the turn dots of ``static/css/altibox.css``.

Boards are styled by class names on their elements and the page's CSS files
(``static/css/altibox.css``, ``static/css/altiplano.css``: ``index.html`` links both, so every
play screen, embed and How-to scene has them), never by a ``<style>`` inside each SVG; a few
colours stay inline where the board must look right without the stylesheet (Alto's tiles).

Pure string functions; no browser imports (CPython and Pyodide).
"""

from __future__ import annotations

import re
from typing import Any

#: Seat colours (stroke, pawn, header), by seat index modulo 5: red, blue, green, ochre, violet.
SEAT = ("#c0392b", "#2b6cb0", "#2f855a", "#b7791f", "#7b4fc9")
#: A light tint of each seat colour (panel backgrounds), same order.
SEAT_TINT = ("#f9e3df", "#dde9f7", "#def0e4", "#f6ead3", "#ece3fa")


def esc(text: Any) -> str:
    """``str(text)`` escaped for XML character data and for attribute values in double or
    single quotes: ``&`` ``<`` ``>`` ``"`` ``'`` become ``&amp;`` ``&lt;`` ``&gt;`` ``&quot;``
    ``&#39;``.

    >>> esc("Tim's <b>")
    'Tim&#39;s &lt;b&gt;'
    """
    s = str(text)
    if "&" in s or "<" in s or ">" in s or '"' in s or "'" in s:
        s = (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
             .replace('"', "&quot;").replace("'", "&#39;"))
    return s


_REF = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|amp|lt|gt|quot|apos);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _ref(m: re.Match) -> str:
    g = m.group(1)
    if g[0] != "#":
        return _NAMED[g]
    code = int(g[2:], 16) if g[1] in "xX" else int(g[1:])
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"


def unescape(text: str) -> str:
    """The text of ``text`` with the character references our escapers write turned back into
    characters: ``&amp;`` ``&lt;`` ``&gt;`` ``&quot;`` ``&apos;`` and every numeric reference
    (``&#39;``, ``&#x27;``; an invalid code point gives U+FFFD, as HTML's parser does). Other
    named references (``&nbsp;`` …) are left as they are: no text of ours holds one. The same
    result as ``html.unescape`` on every string :func:`esc` or ``web.html.escape.esc`` writes.

    >>> unescape("Tim&#39;s &lt;b&gt; &amp;&#x27;")
    "Tim's <b> &'"
    """
    return _REF.sub(_ref, text) if "&" in text else text


def num(x: float) -> str:
    """A coordinate or size in user units: rounded to 2 decimals, trailing zeros and a
    trailing point dropped, never ``-0``.

    >>> num(12.0), num(45.70711), num(-0.001), num(7)
    ('12', '45.71', '0', '7')
    """
    if isinstance(x, int):
        return str(x)
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def target(cell: str | None, label: str, move: str | None = None, *, button: bool = False,
           tabindex: str | None = None) -> str:
    """The hook attributes of a group (DESIGN.md §3), each with a leading space:
    ``data-cell`` (when ``cell`` is given), ``data-move`` (the notation of the one whole move
    it stands for), ``role="button"`` and ``tabindex`` (when it moves or ``button`` is true —
    a click that selects), and ``aria-label`` (its name in words, always).

    Args:
        tabindex: overrides the ``"0"`` of a button (Alto's grid: ``"-1"`` off the focus
            cell); given without a button, it is written with ``role="button"`` too.

    >>> target("c3", "tile c3", "b2c3")
    ' data-cell="c3" data-move="b2c3" role="button" tabindex="0" aria-label="tile c3"'
    """
    a = "" if cell is None else f' data-cell="{esc(cell)}"'
    if move is not None:
        a += f' data-move="{esc(move)}"'
    if move is not None or button or tabindex is not None:
        a += f' role="button" tabindex="{tabindex if tabindex is not None else "0"}"'
    return a + f' aria-label="{esc(label)}"'


_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAG = re.compile(r"<[^>]+>")


def named(open_tag: str, label: str, inner: str) -> str:
    """``open_tag`` (which carries ``aria-label="label"``, e.g. from :func:`target`) with its
    label led by the words drawn inside the group (``inner``: its SVG, whose ``<text>``
    elements are what a sighted person reads on it), so that the accessible name contains the
    visible text, in the same order (WCAG 2.5.3 "label in name"; axe-core's
    ``label-content-name-mismatch``), after the label's first part. Unchanged when nothing is
    written inside.

    >>> named('<g aria-label="a4, orthogonal tile">', "a4, orthogonal tile",
    ...       '<title>tip</title><text class="sym">O</text><text>↻D</text>')
    '<g aria-label="a4, O ↻D, orthogonal tile">'
    """
    words = " ".join(w for w in (unescape(_TAG.sub("", t)).strip() for t in _TEXT.findall(inner)) if w)
    if not words:
        return open_tag
    head, sep, rest = label.partition(", ")   # after the label's first part (a square's name)
    full = f"{head}, {words}{sep}{rest}"
    return open_tag.replace(f'aria-label="{esc(label)}"', f'aria-label="{esc(full)}"', 1)
