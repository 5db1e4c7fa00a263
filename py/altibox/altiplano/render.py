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
  card), ``ready:SID`` (a location card's READY badge, for its ready source ``SID``: the page
  takes a click on it for a click on ``src:SID``), buttons ``draw``, ``done``, ``end``,
  ``pass``, ``cart`` (buy a cart).
* ``seat:Q`` (another seat's compact board); ``choice:K`` / ``choice:cancel`` (the option
  buttons of a pending choice).

``data-move`` (one whole legal move, its notation) is put on: the buttons (``draw``, ``done``,
``end``, ``pass``, ``cart``); ``loc:LOC`` and ``sec:LOC`` for ``@LOC`` / ``go:LOC`` /
``step:LOC`` when only one of them is legal (both legal: selectable, offering both); ``order:ID`` for
``order:ID``; ``display:EXT`` for ``buy:EXT``; ``role:ROLE`` for ``role:ROLE``; ``src:SID``
for ``GOOD>SID`` / ``coin>SID`` while ``plan:K`` / ``coins`` is selected, and for the run
``SID[:ARG...]`` when it has one variant (several: selectable, with a choice panel), and
``ready:SID`` for that one variant too;
``src:SID:K`` / ``src:SID:cK`` for ``GOOD<SID`` / ``coin<SID`` (take back);
``plan:K`` for ``GOOD>bag`` (draw control); ``src:market:K`` for ``sell:GOOD`` /
``deliver:GOOD[:rN]`` (one option: the move; several: a choice panel); ``wh:N`` for
``store:GOOD:rN`` while ``own:GOOD`` is selected; ``choice:K`` for each option. Identical goods
on one source or on planning spaces stand for the same move, so a move may appear on each of
them. Overlays (highlights, focus rings) have ``pointer-events="none"``; positions are
``transform`` attributes on the groups (the page's CSS must not set ``transform`` on them).
The classes are styled by ``static/css/altiplano.css`` (no ``<style>`` in the SVG)."""

from __future__ import annotations

import re

from altibox.core.svg import _TAG, esc as _esc, num as _f, unescape

from ._render.prims import _GLYPHS
from ._render.context import _Ctx
from ._render.table import _display, _orders, _part, _ring, _table
from ._render.board import _board, _warehouse
from ._render.others import _others
from ._render.choice import _popup
from . import words as _w
from ._render.moves import _display_goods, _house, _planning_list, choice_cells  # noqa: F401 (API)


# ----------------------------------------------------------------------------------------------
# Entry point
# ----------------------------------------------------------------------------------------------

def render_svg(view: dict, ui: dict | None = None) -> str:
    """The whole table for ``view`` (from ``altiplano.view``) and the page's ``ui`` selection.

    Args:
        view: ``altiplano.view(state, seat)`` or the public view ``view(state, None)``.
        ui: the keys of the module docstring (``selected``, ``names``, ``board``, ``narrow``,
            ``focus``, ``last``, ``last_player``, ``part``: one of :data:`FOCUS_PARTS` to draw
            that part of the table alone; ``guided``: the guided first game, whose hint names
            its one orange mark, see ``words.board_hint``); unknown keys are ignored.

    Returns:
        One ``<svg>`` element (UTF-8 text) 720 units wide (360 with ``narrow``), with the
        ``data-cell`` / ``data-move`` hooks of the module docstring. Only what ``view`` holds
        is drawn, so hidden information cannot appear.

    Raises:
        KeyError, ValueError: ``view`` is not an Altiplano view.
    """
    ctx = _Ctx(view, dict(ui or {}))
    parts: list[str] = []
    part = (ui or {}).get("part")
    if part in FOCUS_PARTS:
        total = _focus(ctx, parts, part)
    else:
        part = None
        y = _table(ctx, parts, 0)
        y = _board(ctx, parts, y + 10)
        y = _others(ctx, parts, y + 6)
        total = y
    # always present (empty without a choice), so opening a choice patches one part
    _part(parts, "popup", _popup, ctx, parts, total)
    W = ctx.W
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="ap altiplano-board'
            f'{" narrow" if ctx.narrow else ""}" viewBox="0 0 {W} {_f(total)}" width="{W}" '
            f'height="{_f(total)}" role="group" aria-label="{_esc(_label(part))}" '
            f'data-phase="{_esc(view["phase"])}" data-round="{int(view["round"])}">')
    return head + _named_parts("".join(parts)) + "</svg>"


_PART_START = '<g data-part="'
_NAMED: dict[str, str] = {}


def _named_parts(body: str) -> str:
    """:func:`name_hooks` over each ``data-part`` piece of ``body``, remembered per piece: a
    click redraws the table, but most of its parts come out the same (no hook spans two
    pieces: parts are never inside a clickable group)."""
    out = []
    for k, piece in enumerate(body.split(_PART_START)):
        if k:
            piece = _PART_START + piece
        done = _NAMED.get(piece)
        if done is None:
            if len(_NAMED) > 400:
                _NAMED.clear()
            done = _NAMED[piece] = name_hooks(piece)
        out.append(done)
    return "".join(out)


_TOKEN = re.compile(r'<g\b[^>]*>|</g>|<text\b[^>]*>(.*?)</text>', re.S)
_LABEL = re.compile(r'aria-label="([^"]*)"')


def name_hooks(svg: str) -> str:
    """Every clickable group of ``svg`` (a ``<g>`` with ``data-cell`` or ``role="button"`` and
    an ``aria-label``) named with the words drawn inside it, after its own words ("… (shown:
    WORDS)"), unless its label already holds them: the accessible name contains the visible
    text (WCAG 2.5.3, axe-core's ``label-content-name-mismatch``; issue 22). One pass over the
    tags.

    >>> name_hooks('<g data-cell="draw" aria-label="go on"><text>Draw</text></g>')
    '<g data-cell="draw" aria-label="go on (shown: Draw)"><text>Draw</text></g>'
    >>> name_hooks('<g data-cell="end" aria-label="End turn: next"><text>End turn</text></g>')
    '<g data-cell="end" aria-label="End turn: next"><text>End turn</text></g>'
    """
    stack: list = []   # open groups: (match, words drawn inside, or None when not a hook)
    edits: list = []
    for m in _TOKEN.finditer(svg):
        tag = m.group(0)
        if tag.startswith("<text"):
            word = m.group(1)
            if "<" in word:
                word = _TAG.sub("", word)
            if "&" in word:
                word = unescape(word)
            word = word.strip()
            if word:
                for _m, words in stack:
                    if words is not None:
                        words.append(word)
            continue
        if tag != "</g>":
            hook = "aria-label=" in tag and ("data-cell=" in tag or 'role="button"' in tag)
            stack.append((m, [] if hook else None))
            continue
        if not stack:
            continue
        start, words = stack.pop()
        if not words:
            continue
        open_tag = start.group(0)
        label = unescape(_LABEL.search(open_tag).group(1))
        text = " ".join(words)
        if " ".join(text.split()).lower() in " ".join(label.split()).lower():
            continue
        full = f"{label} (shown: {text})"
        edits.append((start.start(), start.end(),
                      open_tag.replace(f'aria-label="{_esc(label)}"', f'aria-label="{_esc(full)}"', 1)))
    if not edits:
        return svg
    out, at = [], 0
    for a, b, tag in sorted(edits):
        out.append(svg[at:a])
        out.append(tag)
        at = b
    out.append(svg[at:])
    return "".join(out)


#: The parts of the table an embed may show alone (``&focus=``, DESIGN §3; issue 20 point 5).
FOCUS_PARTS = ("ring", "board", "display", "orders", "warehouse")

def _label(part: str | None) -> str:
    if part is None:
        return _w.board_words("table")
    return _w.board_words("part", part=_w.board_words(f"part_{part}"))


def _focus(ctx: _Ctx, parts: list, part: str) -> float:
    """One part of the table alone (``ui["part"]``, an embed's ``focus=``), drawn as in the
    whole table: the ring (with the round and the supply), the big board of the seat shown,
    the extension display, the orders, or that seat's warehouse. Returns the height."""
    W = ctx.W
    if part == "ring":
        return _ring(ctx, parts, 4) + 8
    if part == "board":
        return _board(ctx, parts, 2) + 2
    if part == "display":
        return _part(parts, "display", _display, ctx, parts, 10, 4, W - 20) + 8
    if part == "orders":
        return _part(parts, "orders", _orders, ctx, parts, 10, 4, W - 20, 2) + 8
    return _part(parts, "warehouse", _warehouse, ctx, parts, 12, 4, W - 24) + 8


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
