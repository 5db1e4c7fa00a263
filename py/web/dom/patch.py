"""Redraw a board by patching only the parts of its SVG that changed.

A renderer may split its ``<svg>`` into consecutive top-level parts, each one element
``<g data-part="KEY">...</g>`` (keys unique, no part inside another, nothing between the parts
but the parts): the Altiplano table does (the ring, the display, the orders, the action board,
each other player's board, the choice panel). After a click usually one or two of them change;
replacing the whole ``<svg>`` (1,250 elements late in a 5-player game) makes the browser parse,
style and lay out all of it again, which was most of a click's time (issue 9 benchmark).

:func:`split` and :func:`plan` are pure (tested in CPython); :class:`Patcher` applies a plan to
a DOM element (duck-typed: ``innerHTML``, ``firstElementChild``, ``querySelector``,
``setAttribute``, ``outerHTML``, as PyScript's ``document`` objects and the unit tests' fakes).
A board without parts is always drawn whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from altibox.core.svg import unescape
from web.dom.nodes import is_null

PART = '<g data-part="'
SVG_NS = "http://www.w3.org/2000/svg"
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')


@dataclass(frozen=True)
class Parts:
    """An ``<svg>`` text cut at its parts.

    Attributes:
        head: the ``<svg ...>`` start tag.
        prefix: what comes between the start tag and the first part (the board's ``<style>``).
        keys: the parts' keys, in order.
        texts: each part's text, ``<g data-part="KEY">...</g>``.
    """

    head: str
    prefix: str
    keys: tuple[str, ...]
    texts: tuple[str, ...]


def split(svg: str) -> Parts | None:
    """Cut ``svg`` (one ``<svg>...</svg>`` element as text) into its parts.

    Returns:
        the :class:`Parts`, or ``None`` when ``svg`` has no part or is not cut the way the module
        docstring says (then the page draws it whole).

    >>> p = split('<svg a="1"><style>x</style><g data-part="t">1</g><g data-part="u"><g>2</g></g></svg>')
    >>> p.head, p.prefix, p.keys, p.texts
    ('<svg a="1">', '<style>x</style>', ('t', 'u'), ('<g data-part="t">1</g>', '<g data-part="u"><g>2</g></g>'))
    >>> split('<svg><g>1</g></svg>') is None
    True
    """
    first = svg.find(PART)
    head_end = svg.find(">") + 1
    end = svg.rfind("</svg>")
    if first < 0 or not svg.startswith("<svg") or head_end <= 0 or end < first:
        return None
    starts = []
    at = first
    while at >= 0:
        starts.append(at)
        at = svg.find(PART, at + len(PART))
    starts.append(end)
    keys, texts = [], []
    for a, b in zip(starts, starts[1:]):
        text = svg[a:b]
        if not text.endswith("</g>"):
            return None
        keys.append(text[len(PART):text.index('"', len(PART))])
        texts.append(text)
    if len(set(keys)) != len(keys):
        return None
    return Parts(svg[:head_end], svg[head_end:first], tuple(keys), tuple(texts))


def head_attributes(head: str) -> dict[str, str]:
    """The attributes of an ``<svg ...>`` start tag, values unescaped.

    >>> head_attributes('<svg viewBox="0 0 10 20" aria-label="A &amp; B">')
    {'viewBox': '0 0 10 20', 'aria-label': 'A & B'}
    """
    return {k: unescape(v) for k, v in _ATTR.findall(head)}


def _open_tag(text: str) -> tuple[str, str]:
    """A part's start tag and the rest."""
    k = text.index(">") + 1
    return text[:k], text[k:]


def plan(old: Parts | None, new: Parts | None) -> list[tuple]:
    """What to do to turn the board drawn from ``old`` into ``new``.

    Returns:
        ``[("all",)]`` to draw the whole ``<svg>`` (nothing drawn yet, no parts, another
        ``<style>``), else, in this order: ``("attrs", {name: value})`` when the ``<svg>`` start
        tag changed (height, phase...); ``("remove", key)`` for each part gone; then for each
        part of ``new`` in order at most one of ``("part", key, text)`` (redraw it),
        ``("part-attrs", key, {name: value})`` (only its start tag changed: a move),
        ``("insert", key, after, text)`` (a new part after the part ``after``, ``None`` for
        first), followed by ``("place", key, after)`` when the order of the parts changed.

    >>> a = split('<svg h="1"><g data-part="t">1</g><g data-part="u">2</g></svg>')
    >>> b = split('<svg h="2"><g data-part="t">1</g><g data-part="u">3</g></svg>')
    >>> plan(a, b)
    [('attrs', {'h': '2'}), ('part', 'u', '<g data-part="u">3</g>')]
    >>> plan(a, a), plan(None, a)
    ([], [('all',)])
    >>> c = split('<svg h="1"><g data-part="u" transform="x">2</g><g data-part="v">4</g></svg>')
    >>> plan(a, c)  # doctest: +NORMALIZE_WHITESPACE
    [('remove', 't'), ('part-attrs', 'u', {'transform': 'x'}), ('insert', 'v', 'u', '<g data-part="v">4</g>')]
    """
    if old is None or new is None or old.prefix != new.prefix:
        return [("all",)]
    ops: list[tuple] = []
    if old.head != new.head:
        before, after = head_attributes(old.head), head_attributes(new.head)
        if set(before) - set(after):
            return [("all",)]
        ops.append(("attrs", {k: v for k, v in after.items() if before.get(k) != v}))
    was = dict(zip(old.keys, old.texts))
    ops += [("remove", key) for key in old.keys if key not in set(new.keys)]
    kept = [k for k in old.keys if k in was and k in set(new.keys)]
    reorder = kept != [k for k in new.keys if k in was]
    prev = None
    for key, text in zip(new.keys, new.texts):
        before_text = was.get(key)
        if before_text is None:
            ops.append(("insert", key, prev, text))
        else:
            if before_text != text:
                tag0, body0 = _open_tag(before_text)
                tag1, body1 = _open_tag(text)
                a0, a1 = head_attributes(tag0), head_attributes(tag1)
                if body0 == body1 and not set(a0) - set(a1):
                    ops.append(("part-attrs", key, {k: v for k, v in a1.items() if a0.get(k) != v}))
                else:
                    ops.append(("part", key, text))
            if reorder:
                ops.append(("place", key, prev))
        prev = key
    return ops


class Patcher:
    """Draws successive boards into one container element, patching what changed.

    ``draw`` checks that the container still holds the ``<svg>`` it drew last (a mark in
    ``data-drawn``); anything else in it (another screen, another game) is replaced whole.
    """

    def __init__(self) -> None:
        self.shown: Parts | None = None
        self.serial = 0
        self.replaced = 0  # parts redrawn by the last draw (-1: drawn whole), for the bench

    def draw(self, container, svg: str) -> None:
        """Show ``svg`` (a board's whole ``<svg>`` text) in ``container``."""
        new = split(svg)
        root = container.firstElementChild
        ours = not is_null(root) and root.getAttribute("data-drawn") == str(self.serial)
        ops = plan(self.shown if ours else None, new)
        if ops and ops[0][0] == "all":
            container.innerHTML = svg
            self.serial += 1
            root = container.firstElementChild
            if new is not None and not is_null(root):
                root.setAttribute("data-drawn", str(self.serial))
            self.shown = new
            self.replaced = -1
            return

        def part(key):
            return root.querySelector(f':scope > [data-part="{key}"]')

        # every part to draw is parsed in one go (one parser run, not one per part), then each
        # new element takes its place
        texts = [op[2] if op[0] == "part" else op[3] for op in ops if op[0] in ("part", "insert")]
        fresh = None
        if texts:
            fresh = root.ownerDocument.createElementNS(SVG_NS, "svg")
            fresh.innerHTML = "".join(texts)
        redrawn = 0
        for op in ops:
            kind = op[0]
            if kind == "attrs":
                for name, value in op[1].items():
                    root.setAttribute(name, value)
            elif kind == "remove":
                part(op[1]).remove()
            elif kind == "part":
                part(op[1]).replaceWith(fresh.firstElementChild)
                redrawn += 1
            elif kind == "part-attrs":
                el = part(op[1])
                for name, value in op[2].items():
                    el.setAttribute(name, value)
            elif kind == "insert":
                _, key, after, text = op
                el = fresh.firstElementChild
                if after is not None:
                    part(after).after(el)
                else:
                    first = root.querySelector(":scope > [data-part]")
                    if is_null(first):
                        root.append(el)
                    else:
                        first.before(el)
                redrawn += 1
            else:  # place
                _, key, after = op
                el = part(key)
                if after is None:
                    first = root.querySelector(":scope > [data-part]")
                    if first.getAttribute("data-part") != key:
                        first.before(el)
                else:
                    prev = part(after)
                    nxt = prev.nextElementSibling
                    if is_null(nxt) or nxt.getAttribute("data-part") != key:
                        prev.after(el)
        self.shown = new
        self.replaced = redrawn

