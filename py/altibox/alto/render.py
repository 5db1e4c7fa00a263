"""The Alto board as SVG: a pure function of a view and the UI selection (DESIGN.md §2, §3).

:func:`render_svg` returns one ``<svg>`` string and touches no browser API, so it is unit-tested
in CPython. The board is 400 x 400 user units: a 20-unit margin holds the rank (1–4) and file
(a–d) labels, and each of the 16 cells is a 90-unit square, row 4 at the top, column a at the
left (chess style, spec §5).

DOM contract (DESIGN.md §3): every cell is a ``<g class="cell ..." data-cell="c3">`` group that
receives clicks; ``data-move`` marks the groups that stand for one whole legal move; highlight
overlays carry ``pointer-events="none"``. Colour is never the only cue: discs carry the letter
``R`` or ``W``, tiles show the active symbol as a glyph and as a letter, and every cell has an
``aria-label`` in words.
"""

from __future__ import annotations

import re
from typing import Any

from altibox.core.svg import esc as _esc, named, num as _fmt, target

from .rules import (
    COLOUR_WORDS, INDEX, MOVEMENT, PLACEMENT, SYMBOL_NAMES, Cell, State, parse_move,
)
from .rules import view as _view
from .words import LEGEND, cell_help

SIZE = 400
MARGIN = 20
CELL = 90

# Inline colours, so the board looks right even without the stylesheet.
_BOARD_FILL = "#7a6a55"
_SQUARE_FILL = "#8c7b66"
_BRIGHT_FILL, _BRIGHT_INK = "#f6efe0", "#5a4a3a"
_BLACK_FILL, _BLACK_INK = "#2b2623", "#efe6d4"
_GONE_STROKE = "#d8ccb6"
_RED_FILL, _RED_STROKE, _RED_INK = "#c0392b", "#5e1710", "#ffffff"
_WHITE_FILL, _WHITE_STROKE, _WHITE_INK = "#f8f5ee", "#3d3a35", "#222222"
_HL_SEL, _HL_DEST, _HL_LAST, _HL_SRC = "#1e88e5", "#2e7d32", "#fdd835", "#ffe082"


def _attrs(**kw: Any) -> str:
    """Attributes in the given order; ``None`` values are left out; ``_`` in names becomes ``-``."""
    return "".join(
        f' {k.rstrip("_").replace("_", "-")}="{_esc(v)}"' for k, v in kw.items() if v is not None
    )


# ---------------------------------------------------------------------------- glyphs (§3)
# Drawn in cell-local coordinates (0..90), centred on (45, 45), built once.

def _arrows(directions: list[tuple[int, int]], double: bool = False) -> str:
    shafts, heads = [], []
    for dx, dy in directions:
        n = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / n, dy / n
        px, py = -uy, ux  # perpendicular
        r0, r1, head = 19.0, 35.0, 7.0
        tip = (45 + ux * r1, 45 + uy * r1)
        base = (45 + ux * (r1 - head), 45 + uy * (r1 - head))
        offsets = (-2.2, 2.2) if double else (0.0,)
        for o in offsets:
            shafts.append(
                f"M{_fmt(45 + ux * r0 + px * o)} {_fmt(45 + uy * r0 + py * o)}"
                f"L{_fmt(base[0] + px * o)} {_fmt(base[1] + py * o)}"
            )
        heads.append(
            f"M{_fmt(tip[0])} {_fmt(tip[1])}"
            f"L{_fmt(base[0] + px * 5)} {_fmt(base[1] + py * 5)}"
            f"L{_fmt(base[0] - px * 5)} {_fmt(base[1] - py * 5)}Z"
        )
    return "".join(shafts), "".join(heads)


_ORTHO_DIRS = [(0, -1), (1, 0), (0, 1), (-1, 0)]
_DIAG_DIRS = [(1, -1), (1, 1), (-1, 1), (-1, -1)]


def _glyph(symbol: str, ink: str) -> str:
    dirs = {"A": _ORTHO_DIRS + _DIAG_DIRS, "O": _ORTHO_DIRS, "D": _DIAG_DIRS, "S": _ORTHO_DIRS}
    shafts, heads = _arrows(dirs[symbol], double=symbol == "S")
    out = (
        f'<g class="glyph glyph-{symbol}" pointer-events="none">'
        f'<path d="{shafts}" fill="none" stroke="{ink}" stroke-width="2.2" stroke-linecap="round"/>'
        f'<path d="{heads}" fill="{ink}"/>'
    )
    if symbol == "S":  # a small stack icon in the middle
        out += "".join(
            f'<rect x="37" y="{y}" width="16" height="4" rx="2" fill="{ink}"/>' for y in (38, 43, 48)
        )
    return out + "</g>"


_GLYPHS = {
    (sym, bright): _glyph(sym, _BRIGHT_INK if bright else _BLACK_INK)
    for sym in SYMBOL_NAMES for bright in (True, False)
}


# ---------------------------------------------------------------------------- cells

def _tile_svg(cell: Any) -> str:
    if cell.tile is None:
        return (
            '<rect class="tile tile-gone" x="6" y="6" width="78" height="78" rx="8" fill="none" '
            f'stroke="{_GONE_STROKE}" stroke-width="2" stroke-dasharray="6 5"/>'
        )
    sym = cell.active
    fill, ink = (_BRIGHT_FILL, _BRIGHT_INK) if cell.bright else (_BLACK_FILL, _BLACK_INK)
    side = "bright" if cell.bright else "black"
    return (
        f'<rect class="tile tile-{side}" x="5" y="5" width="80" height="80" rx="8" '
        f'fill="{fill}" stroke="#1c1814" stroke-width="1.5"/>'
        + _GLYPHS[sym, cell.bright]
        + f'<text class="sym" x="10" y="19" font-size="13" font-weight="bold" fill="{ink}" '
        f'font-family="sans-serif" pointer-events="none">{sym}</text>'
        + _FLIP_MARKS[cell.tile[1] if cell.bright else None, cell.bright]
    )


# what the tile becomes after a move from it, in its bottom-right corner: the symbol of its
# other face (bright tiles), or a cross (black tiles are removed); the legend explains both
_FLIP_MARKS = {
    (other, bright): (
        f'<text class="flip-to" x="83.5" y="83" font-size="11" font-weight="bold" text-anchor="end" '
        f'fill="{_BRIGHT_INK if bright else _BLACK_INK}" fill-opacity="0.8" font-family="sans-serif" '
        f'pointer-events="none">{"↻" + other if bright else "✕"}</text>')
    for other, bright in [(s, True) for s in "AODS"] + [(None, False)]
}


def _disc_style(colour: str) -> tuple[str, str, str, str]:
    if colour == "r":
        return "disc disc-r", _RED_FILL, _RED_STROKE, _RED_INK
    return "disc disc-w", _WHITE_FILL, _WHITE_STROKE, _WHITE_INK


def _score_tag(stack: str) -> str:
    """At the end: what this square scored, per colour (a disc at level k scores k)."""
    pts = {"r": 0, "w": 0}
    for k, colour in enumerate(stack, 1):
        pts[colour] += k
    chips = [(c, pts[c]) for c in "rw" if pts[c]]
    w = 38
    x = 45 - (len(chips) * w + (len(chips) - 1) * 4) / 2
    out = ['<g class="score-tag" pointer-events="none">']
    for c, n in chips:
        _cls, fill, stroke, ink = _disc_style(c)
        out.append(f'<rect x="{_fmt(x)}" y="72" width="{w}" height="17" rx="8.5" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="1.2"/><text x="{_fmt(x + w / 2)}" y="85" '
                   f'font-size="13" font-weight="bold" text-anchor="middle" font-family="sans-serif" '
                   f'fill="{ink}">{c.upper()}+{n}</text>')
        x += w + 4
    out.append("</g>")
    return "".join(out)


def _stack_svg(stack: str, over: bool = False) -> str:
    if not stack:
        return ""
    out = ['<g class="stack" pointer-events="none">']
    if len(stack) == 1:
        cls, fill, stroke, ink = _disc_style(stack)
        letter = stack.upper()
        level = ' data-level="1"' if over else ""
        out.append(
            f'<g class="{cls}"{level}><circle cx="45" cy="47" r="17" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="2"/><circle cx="45" cy="47" r="12" fill="none" stroke="{stroke}" '
            f'stroke-width="0.8"/><text x="45" y="52" font-size="14" font-weight="bold" '
            f'text-anchor="middle" font-family="sans-serif" fill="{ink}">{letter}</text></g>'
        )
    else:
        h = len(stack)
        # each disc seen from the side, bottom to top; at the end the stack stands on the
        # square's score tags (y 72..89) instead of behind them
        bottom = 70.0 if over else 76.0
        band = min(15.0, (bottom - 12.0) / h)
        gap = 1.0 if band > 4 else 0.4
        for k, colour in enumerate(stack):
            cls, fill, stroke, ink = _disc_style(colour)
            y = bottom - (k + 1) * band
            fs = band - 2.5
            level = f' data-level="{k + 1}"' if over else ""
            # the letter only where it can be read (>= 12.5 units: 11 CSS px on a phone); in
            # taller stacks the bands differ by fill and outline, and the title lists them
            letter = (f'<text x="45" y="{_fmt(y + (band - gap) / 2 + fs * 0.36)}" '
                      f'font-size="{_fmt(fs)}" font-weight="bold" text-anchor="middle" '
                      f'font-family="sans-serif" fill="{ink}">{colour.upper()}</text>') if fs >= 12.5 else ""
            out.append(
                f'<g class="{cls}"{level}><rect x="25" y="{_fmt(y)}" width="40" '
                f'height="{_fmt(band - gap)}" rx="{_fmt(min(5.0, (band - gap) / 2))}" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="1"/>{letter}</g>'
            )
        out.append(
            f'<g class="badge"><circle cx="75" cy="15" r="10" fill="#1c1814" stroke="#ffffff" '
            f'stroke-width="1.2"/><text x="75" y="19.5" font-size="13" font-weight="bold" '
            f'text-anchor="middle" font-family="sans-serif" fill="#ffffff">{h}</text></g>'
        )
    if over:
        out.append(_score_tag(stack))
    out.append("</g>")
    return "".join(out)


# the marks over a cell (the legend draws the same ones): a disc that may move, the selected
# square, a destination of the selected disc, the squares of the last move
_HL_SOURCE_SVG = (f'<rect class="hl hl-source" x="3" y="3" width="84" height="84" rx="9" '
                  f'fill="none" stroke="{_HL_SRC}" stroke-width="2.5" stroke-dasharray="4 3" '
                  f'pointer-events="none"/>')
_HL_SEL_SVG = (f'<rect class="hl hl-sel" x="2.5" y="2.5" width="85" height="85" rx="9" '
               f'fill="none" stroke="{_HL_SEL}" stroke-width="5" pointer-events="none"/>')
_HL_DEST_SVG = (f'<g class="hl hl-dest" pointer-events="none"><rect x="4" y="4" width="82" '
                f'height="82" rx="9" fill="none" stroke="{_HL_DEST}" stroke-width="3.5"/>'
                f'<circle cx="45" cy="82" r="5" fill="{_HL_DEST}" stroke="#ffffff" '
                f'stroke-width="1.2"/></g>')


def _hl_last(dashed: bool) -> str:
    """The mark of a square of the last move: an outline (dashed where it came from) and a corner
    triangle; the tile keeps its colour (bright or black)."""
    dash = ' stroke-dasharray="7 4"' if dashed else ""
    return (f'<g class="hl hl-last" pointer-events="none"><rect x="2" y="2" width="86" '
            f'height="86" rx="9" fill="none" stroke="{_HL_LAST}" stroke-width="3"{dash}/>'
            f'<path d="M2 66V79a9 9 0 0 0 9 9H24Z" fill="{_HL_LAST}" stroke="#1c1814" '
            f'stroke-width="1"/></g>')


#: Added to the hover text (``<title>``) of a cell whose disc may move now.
MOVABLE_TITLE = "Any disc may move, red or white: click to see where this one can go"


def _aria(name: str, cell: Any, flags: list[str]) -> str:
    if cell.tile is None:
        tile = "no tile, its discs stay here for good" if cell.stack else "no tile"
    else:
        side = "bright side" if cell.bright else "black side"
        after = (f"flips to {SYMBOL_NAMES[cell.tile[1]]}" if cell.bright
                 else "removed after a move from it")
        tile = f"{SYMBOL_NAMES[cell.active]} tile, {side}, {after}"
    if not cell.stack:
        discs = "no discs"
    elif len(cell.stack) == 1:
        discs = f"one {COLOUR_WORDS[cell.stack]} disc"
    else:
        discs = (f"{len(cell.stack)} discs bottom to top: "
                 + ", ".join(COLOUR_WORDS[c] for c in cell.stack))
    return ", ".join([name, tile, discs] + flags)


def render_svg(view: dict[str, Any] | State, ui: dict | None = None) -> str:
    """The board of ``view`` as one ``<svg>`` string (pure and deterministic).

    Args:
        view: a view dict (``alto.view(state, player)``: it uses ``cells``, ``phase`` and
            ``legal_moves``); a :class:`~altibox.alto.rules.State` is also accepted and drawn
            from its public view.
        ui: optional dict with keys ``"selected"`` (a source cell or ``None``), ``"last"`` (the
            notation of the last move or ``None``) and ``"focus"`` (the cell with
            ``tabindex="0"``; default ``"a1"``). Empty values count as ``None``. A ``selected``
            cell that is not a source of a legal move is ignored.

    Returns:
        ``<svg class="alto-board" role="grid" viewBox="0 0 400 400" ...>`` with 16 groups
        ``<g class="cell tile-bright|tile-black|tile-none [source] [selected] [dest] [free]
        [last-from] [last-to]" data-cell=.. [data-move=..] tabindex role="button" aria-label>``
        (``free``: a tile that can receive a placement). Every cell holds a ``<title>`` (hover
        text: ``words.cell_help``, plus :data:`MOVABLE_TITLE` on a movable source).
        The last move is marked by an outline and a corner marker (``hl-last``), never by
        tinting the tile, so its face stays readable. Once the game is over every disc group
        carries ``data-level`` (the level it scores, rules: Scoring) and each square with discs
        a ``score-tag`` saying what it scored per colour ("R +1 · W +5"). Each cell group sits inside a
        ``role="gridcell"`` group, itself inside a ``role="row"`` group.
        In the movement phase with a selected source, each destination's group has
        ``data-move="<src><dst>"``; in the placement phase every free tile has
        ``data-move="@<cell>"``.

    Raises:
        ValueError: a ``selected``, ``focus`` or ``last`` value that is not a cell / a move.
    """
    ui = ui or {}
    selected = ui.get("selected") or None
    focus = ui.get("focus") or "a1"
    last = ui.get("last") or None
    for key, value in (("selected", selected), ("focus", focus)):
        if value is not None and value not in INDEX:
            raise ValueError(f"ui[{key!r}] must be a cell a1..d4, got {value!r}")
    last_from = last_to = None
    if last:
        lm = parse_move(last)
        last_from, last_to = lm.src, lm.dst

    if isinstance(view, State):
        view = _view(view, None)
    legal = view["legal_moves"]
    phase = view["phase"]
    cells = [Cell(None if c["tile"] is None else tuple(c["tile"]), c["bright"], c["stack"])
             for c in view["cells"]]
    movement = phase == MOVEMENT
    over = view.get("outcome") is not None  # the end: mark what each disc scored
    srcs = {m[:2] for m in legal} if movement else set()
    if selected not in srcs:
        selected = None
    moves_here: dict[str, str] = {}
    if selected is not None:
        for m in legal:
            if m[:2] == selected:
                moves_here[m[2:]] = m
    elif phase == PLACEMENT:
        for m in legal:
            moves_here[m[1:]] = m

    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" class="alto-board" '
        'role="grid" aria-label="Alto board">',
        f'<rect class="board" x="0" y="0" width="{SIZE}" height="{SIZE}" rx="10" fill="{_BOARD_FILL}"/>',
    ]
    for r in range(4):  # rank labels, 4 at the top
        parts.append(
            f'<text class="label rank" x="10" y="{MARGIN + r * CELL + 49}" font-size="13" '
            f'text-anchor="middle" font-family="sans-serif" fill="#f1e9da" '
            f'pointer-events="none" aria-hidden="true">{4 - r}</text>'
        )
    for c in range(4):  # file labels at the bottom
        parts.append(
            f'<text class="label file" x="{MARGIN + c * CELL + 45}" y="{SIZE - 6}" font-size="13" '
            f'text-anchor="middle" font-family="sans-serif" fill="#f1e9da" '
            f'pointer-events="none" aria-hidden="true">{"abcd"[c]}</text>'
        )
    for r in range(4):
        row = 4 - r
        parts.append(f'<g class="row" role="row" aria-label="row {row}">')
        for col in range(4):
            name = "abcd"[col] + str(row)
            cell = cells[INDEX[name]]
            side = "none" if cell.tile is None else ("bright" if cell.bright else "black")
            classes = ["cell", f"tile-{side}"]
            flags: list[str] = []
            is_dest = name in moves_here and selected is not None
            if name in srcs and name != selected:
                classes.append("source")
                if selected is None:
                    flags.append("can move: any disc may move, red or white")
            if name == selected:
                classes.append("selected")
                flags.append("selected")
            if is_dest:
                classes.append("dest")
                flags.append(f"destination of {selected}")
            if phase == PLACEMENT and name in moves_here:
                classes.append("free")
                flags.append("free: a disc can be placed here")
            if name == last_from:
                classes.append("last-from")
                flags.append("last move from here")
            if name == last_to:
                classes.append("last-to")
                flags.append("last move to here")
            x, y = MARGIN + col * CELL, MARGIN + r * CELL
            label = _aria(name, cell, flags)
            open_i = len(parts)
            parts.append(
                '<g role="gridcell"><g' + _attrs(
                    class_=" ".join(classes), transform=f"translate({x} {y})",
                ) + target(name, label, moves_here.get(name),
                           tabindex="0" if name == focus else "-1") + ">"
            )
            title = cell_help(name, cell)
            if name in srcs and selected is None:
                title += f" {MOVABLE_TITLE}."
            parts.append(f'<title>{_esc(title)}</title>')
            parts.append(
                f'<rect class="square" x="0" y="0" width="{CELL}" height="{CELL}" '
                f'fill="{_SQUARE_FILL}" stroke="{_BOARD_FILL}" stroke-width="1"/>'
            )
            parts.append(_tile_svg(cell))
            if name in (last_from, last_to):
                parts.append(_hl_last(dashed=name == last_from))
            parts.append(_stack_svg(cell.stack, over))
            if "source" in classes and selected is None:
                parts.append(_HL_SOURCE_SVG)
            if name == selected:
                parts.append(_HL_SEL_SVG)
            if is_dest:
                parts.append(_HL_DEST_SVG)
            # keyboard focus ring: invisible until the cell has :focus-visible (page CSS)
            parts.append('<rect class="focus-ring" x="1" y="1" width="88" height="88" rx="10" '
                         'fill="none" stroke="none" pointer-events="none"/>')
            # the name starts with what is written on the square (WCAG 2.5.3)
            parts[open_i] = named(parts[open_i], label, "".join(parts[open_i + 1:]))
            parts.append("</g></g>")
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------------------- legend (issue 11)

_LEGEND_CELLS = {
    "A": Cell(("A", "S"), True, ""), "O": Cell(("O", "D"), True, ""), "D": Cell(("D", "O"), True, ""),
    "S": Cell(("S", "A"), True, ""), "bright": Cell(("O", "D"), True, "r"),
    "black": Cell(("O", "D"), False, "w"), "removed": Cell(None, False, "rw"),
    "discs": None, "height": Cell(None, False, "rwr"), "flip": Cell(("D", "O"), True, ""),
    "movable": Cell(("O", "D"), True, "w"), "selected": Cell(("O", "D"), True, "w"),
    "dest": Cell(("A", "S"), True, ""), "last": Cell(("D", "O"), False, "r"),
    "last-from": Cell(("A", "S"), True, ""), "scored": None,
}
#: the mark each legend entry of a marked square shows over its tile
_LEGEND_MARKS = {"movable": _HL_SOURCE_SVG, "selected": _HL_SEL_SVG, "dest": _HL_DEST_SVG,
                 "last": _hl_last(dashed=False), "last-from": _hl_last(dashed=True)}


def legend_svg(key: str) -> str:
    """A small icon (40 x 40 CSS px) for one legend entry: a tile, a disc pair or a stack drawn
    exactly as on the board. ``aria-hidden``: the legend's words say the same.

    Raises:
        KeyError: ``key`` is not one of :data:`altibox.alto.words.LEGEND`'s keys.
    """
    cell = _LEGEND_CELLS[key]
    if key == "scored":  # the end's score tag of a square, enlarged so that it stays readable
        return ('<svg xmlns="http://www.w3.org/2000/svg" class="legend-icon" viewBox="0 0 90 90" '
                'width="40" height="40" aria-hidden="true" focusable="false">'
                f'<rect x="0" y="0" width="90" height="90" rx="8" fill="{_SQUARE_FILL}"/>'
                f'<rect x="3" y="26" width="84" height="38" rx="19" fill="{_RED_FILL}" '
                f'stroke="{_RED_STROKE}" stroke-width="2"/><text x="45" y="56" font-size="30" '
                f'font-weight="bold" text-anchor="middle" font-family="sans-serif" '
                f'fill="{_RED_INK}">R+3</text></svg>')
    head = ('<svg xmlns="http://www.w3.org/2000/svg" class="legend-icon" viewBox="0 0 90 90" '
            'width="40" height="40" aria-hidden="true" focusable="false">'
            f'<rect x="0" y="0" width="90" height="90" rx="8" fill="{_SQUARE_FILL}"/>')
    if cell is None:  # a red and a white disc side by side
        r = _stack_svg("r").replace('cx="45"', 'cx="25"').replace('x="45"', 'x="25"')
        w = _stack_svg("w").replace('cx="45"', 'cx="65"').replace('x="45"', 'x="65"')
        body = r + w
    else:
        body = _tile_svg(cell) + _stack_svg(cell.stack) + _LEGEND_MARKS.get(key, "")
    # no lettering at icon size (it would be under 11 px): the legend's words say it
    body = re.sub(r"<text[^>]*>[^<]*</text>", "", body)
    if key == "flip":  # the corner mark, enlarged
        body = _tile_svg(Cell(("D", "O"), True, "")).split('<text class="sym"')[0] + (
            f'<text x="45" y="60" font-size="36" font-weight="bold" text-anchor="middle" '
            f'font-family="sans-serif" fill="{_BRIGHT_INK}">↻O</text>')
    if key == "height":  # the corner badge, enlarged so that its number stays readable
        body = re.sub(r'<g class="badge">.*?</g>', "", body) + (
            '<circle cx="62" cy="28" r="25" fill="#1c1814" stroke="#ffffff" stroke-width="2.5"/>'
            '<text x="62" y="40" font-size="34" font-weight="bold" text-anchor="middle" '
            'font-family="sans-serif" fill="#ffffff">3</text>')
    return head + body + "</svg>"


def legend(options: dict | None = None) -> list[tuple[str, str, str, str]]:
    """Every symbol and mark of the board: ``[(key, icon_svg, name, what it does), ...]``
    (the words are :data:`altibox.alto.words.LEGEND`; icons from :func:`legend_svg`).
    ``options`` (a game's options, as every game's ``legend`` takes) change nothing here."""
    return [(key, legend_svg(key), name, text) for key, name, text in LEGEND]
