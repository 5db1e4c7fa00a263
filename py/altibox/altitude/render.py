"""Altitude's board as SVG: a pure function of a view and the page's selection.

``render_svg(view, ui)`` draws what ``altitude.view(state, player)`` gives -- so no hidden card
of another player can ever appear -- and marks the legal choices of the current selection.

Layout (one column, about 720 units wide, its height grows with the mountains): one panel per
mountain, full width, the viewer's own first, then the *tray* (the drawn card, the hand, the
draw pile and the discard pile), then the other mountains in seat order. Each panel's header
shows the name, the height and the hand size, and marks the player to move. Cards show their
kind by colour *and* by a symbol or a word (animal names, a cable car, an avalanche, a Saint
Bernard's rescue cross). Open slots are dashed outlines; the legal targets of the current
choice get a thick green outline and a round marker; the last move's slot a blue outline.

Slots and clickable groups (``data-cell``; DESIGN.md §3):

* ``pQ:LR:C`` -- the slot of player Q's mountain at level (row) R and column C, e.g.
  ``p0:L1:3`` or ``p1:L2:-1``. Every card of every mountain and every empty slot a card could
  go to (base ends, base holes, upper slots over two cards) has one.
* ``drawn`` -- the card just drawn (only in its owner's view);
* ``hand:<id>`` -- a card of the viewer's hand;
* ``discard`` -- the discard pile (carries ``data-move="B"`` when discarding is legal);
* ``pass`` -- the pass button in the final phase (``data-move="pass"``);
* ``pile`` -- the draw pile (shows its size only).

A group that stands for one whole legal move carries ``data-move`` with its notation. The
*current choice* is the drawn card, or the hand card ``ui["selected"]``: the slots where it
can go (actions A, C, D, E, H, V), the avalanches it can remove (F1, F2, S) get
``data-move``. During setup, once a first card is selected, each other hand card carries
``data-move="R <selected> <card>"``. Clickable groups have ``tabindex="0"``,
``role="button"`` and an ``aria-label``; highlight overlays have ``pointer-events="none"``.
Styled by the classes' rules at the end of ``static/css/altibox.css`` (no ``<style>`` in the
SVG). Positions are ``transform="translate(..)"`` on the ``data-cell`` groups (the page's CSS must
not set ``transform`` on them; hover effects move the inner ``.lift`` group).

``ui`` keys (all optional):

* ``selected``: card id of the selected hand card (or the first card to return in setup);
  ``None`` selects the drawn card.
* ``names``: list of player names (any text; escaped) -- default ``"Player N"``.
* ``focus``: a ``data-cell`` value to draw with the keyboard-focus ring.
* ``hide_hand``: true to leave out the hand and the drawn card (the "pass the device" screen):
  the tray shows face-down backs and "Cards hidden" instead. The panels then keep the order
  of ``last_player`` (the seat that just played), so the board turns only when the next
  player shows their cards.
* ``withhold``: true while the viewer has acted and not yet ended the turn: their hand stays
  in view, nothing is clickable, and a card they have just drawn (their next turn's, in a solo
  game or on a double turn) lies face down until they end the turn.
* ``last``, ``last_player``: the notation of the last move and who played it; its target
  slot is outlined.
* ``turn``: the seat whose panel says TO PLAY (default: the view's ``current_player``); the
  page passes the seat its status line names, so status, dot and panel never disagree.
"""

from __future__ import annotations

import re
from typing import Any

from altibox.core.svg import SEAT, SEAT_TINT, esc as _esc, named, num as _num, target

from .cards import ANIMAL, AVALANCHE, CABLE, DAHUT, NUM, SB, get_deck
from .rules import MAX_BASE
from .words import BASE_WORD, LEGEND, base_width_words, card_help, stranded_words

W = 720          # viewBox width (the page scales the svg to its column)
CW = 56          # card width
CH = 76          # card height
SX = 60          # column step
DY = 56          # row step: a card covers the top 20 units of the two it rests on
COLS = 11        # widest mountain drawn: a base of 9 cards plus one open slot at each end
LABEL_W = 40     # the level numbers' column
HDR = 40         # panel header
PAD_T = 14       # header to the top row
PAD_B = 16       # base row to the panel's bottom
GAP = 12         # between panels
TRAY_H = 154
BIG = 1.25       # the drawn card's scale
HSTEP = CW + 8   # hand card step
RAISE = 10       # a selected hand card is raised this much
X_AREA = LABEL_W + (W - 8 - LABEL_W - COLS * SX) / 2   # left edge of the 11 columns
# the phone's drawing (ui["narrow"], issue 22): a narrower viewBox, so that a card of the widest
# mountain (11 columns) is >= 44 CSS px tall and >= 32 px wide on a 390 px screen, where the board
# spans the whole width (660 units -> 0.59 px a unit: a card 33 x 45 px)
W_NARROW = 660
SX_NARROW = 57   # cards 1 unit apart
LABEL_W_NARROW = 30


def geometry(narrow: bool) -> "tuple[int, int, int, float]":
    """``(width, column step, level column width, left edge of the 11 columns)`` of the
    drawing: the desktop's (720 units) or the phone's (:data:`W_NARROW`).

    >>> geometry(False)
    (720, 60, 40, 46.0)
    >>> geometry(True)
    (660, 57, 30, 30.0)
    """
    if not narrow:
        return W, SX, LABEL_W, X_AREA
    return (W_NARROW, SX_NARROW, LABEL_W_NARROW,
            LABEL_W_NARROW + (W_NARROW - 3 - LABEL_W_NARROW - COLS * SX_NARROW) / 2)


# ---------------------------------------------------------------- card faces (local coords)

_BODY = f'<rect class="shadow" x="1.5" y="2.5" width="{CW}" height="{CH}" rx="7"/>'

# a small mountain printed at the foot of numbered cards, tinted by altitude zone
_PEAK = (f'<path d="M0,{CH - 22} L12,{CH - 32} L19,{CH - 27} L31,{CH - 42} L43,{CH - 29} '
         f'L{CW},{CH - 36} V{CH - 7} a7,7 0 0 1 -7,7 H7 a7,7 0 0 1 -7,-7 Z" fill="{{}}"/>')
_ZONES = ((33, "#d7ebcb"), (66, "#eadfc8"), (10 ** 9, "#d9e6f3"))

_GONDOLA = ('<path d="M3,30 L53,19" stroke="#6b5a3f" stroke-width="1.4"/>'
            '<path d="M28,25 V31" stroke="#6b5a3f" stroke-width="1.6"/>'
            '<rect x="17" y="31" width="22" height="15" rx="3.5" fill="#d64541" stroke="#7a2420"'
            ' stroke-width="1.1"/>'
            '<rect x="20" y="34" width="7" height="5" rx="1" fill="#fff"/>'
            '<rect x="29" y="34" width="7" height="5" rx="1" fill="#fff"/>')

_AVAL = ('<path d="M4,60 L22,26 L29,36 L36,28 L52,60 Z" fill="#1e4e8c"/>'
         '<path d="M16,37 L22,26 L28,35 L25,33 L22,37 L19,34 Z" fill="#fff"/>'
         '<path d="M31.5,33 L36,28 L40.5,36 L37,34 L35,37 Z" fill="#fff"/>'
         '<circle cx="40" cy="46" r="4.5" fill="#fff" stroke="#1e4e8c"/>'
         '<circle cx="47" cy="53" r="3.5" fill="#fff" stroke="#1e4e8c"/>'
         '<circle cx="33" cy="53" r="3" fill="#fff" stroke="#1e4e8c"/>'
         '<circle cx="24" cy="50" r="2.5" fill="#fff" stroke="#1e4e8c"/>')

_CROSS = ('<circle cx="28" cy="43" r="15" fill="#c62828" stroke="#7f1d14" stroke-width="1.2"/>'
          '<path d="M24.5,32 h7 v7.5 h7.5 v7 h-7.5 v7.5 h-7 v-7.5 h-7.5 v-7 h7.5 Z" '
          'fill="#fff"/>')

_PAW = ('<g fill="{}"><ellipse cx="0" cy="2.4" rx="3.4" ry="2.8"/><circle cx="-3.6" cy="-1.8" '
        'r="1.4"/><circle cx="-1.2" cy="-3.6" r="1.4"/><circle cx="1.2" cy="-3.6" r="1.4"/>'
        '<circle cx="3.6" cy="-1.8" r="1.4"/></g>')
_STAR = ('<path d="M0,-5 L1.5,-1.6 L5,-1.5 L2.3,0.8 L3.1,4.5 L0,2.5 L-3.1,4.5 L-2.3,0.8 '
         'L-5,-1.5 L-1.5,-1.6 Z" fill="{}"/>')


def _zone(v: int) -> str:
    for top, colour in _ZONES:
        if v <= top:
            return colour
    return _ZONES[-1][1]


_FIT = ' textLength="48" lengthAdjust="spacingAndGlyphs"'


def _face_svg(card) -> str:
    """One card's face in local coordinates (0, 0)-(CW, CH)."""
    k = card.kind
    out = [_BODY, f'<rect class="card {k}" width="{CW}" height="{CH}" rx="7"/>']
    mid = CW / 2
    if k == NUM:
        out.append(_PEAK.format(_zone(card.value)))
        out.append(f'<text class="value" x="{_num(mid)}" y="50">{card.value}</text>')
    elif k == ANIMAL:
        dahut = card.species == DAHUT
        name = "Dahut" if dahut else str(card.species)
        fit = ' textLength="50" lengthAdjust="spacingAndGlyphs"' if len(name) > 8 else ""
        out.append(f'<text class="value" x="{_num(mid)}" y="47">{card.value}</text>')
        out.append(f'<path class="banner{" dahut" if dahut else ""}" d="M0,56 H{CW} V{CH - 7} '
                   f'a7,7 0 0 1 -7,7 H7 a7,7 0 0 1 -7,-7 Z"/>')
        out.append(f'<text class="species" x="{_num(mid)}" y="69.5"{fit}>{_esc(name)}</text>')
        icon = (_STAR if dahut else _PAW).format("#6b2fa0" if dahut else "#2f7d32")
        out.append(f'<g transform="translate({CW - 10},11)">{icon}</g>')
    elif k == CABLE:
        out.append(_GONDOLA)
        out.append(f'<text class="value cable-v" x="{_num(mid)}" y="63">0</text>')
        out.append(f'<text class="kindname cable" x="{_num(mid)}" y="72"{_FIT}>CABLE CAR</text>')
    elif k == AVALANCHE:
        out.append(_AVAL)
        out.append(f'<text class="kindname avalanche" x="{_num(mid)}" y="71"{_FIT}>AVALANCHE</text>')
    elif k == SB:
        out.append(_CROSS)
        out.append(f'<text class="kindname sb" x="{_num(mid)}" y="71"{_FIT}>ST BERNARD</text>')
    else:  # an unknown kind from a future deck: its label, nothing more
        out.append(f'<text class="kindname" x="{_num(mid)}" y="44">{_esc(card.label)}</text>')
    return "".join(out)


_FACES: "dict[Any, str]" = {}


def _face(card) -> str:
    s = _FACES.get(card)
    if s is None:
        s = _FACES[card] = _face_svg(card)
    return s


_BACK = (_BODY + f'<rect class="card back" width="{CW}" height="{CH}" rx="7"/>'
         f'<rect class="back-in" x="4" y="4" width="{CW - 8}" height="{CH - 8}" rx="4"/>'
         f'<path class="back-peak" d="M10,{CH - 16} L22,{CH - 40} L28,{CH - 32} L34,{CH - 44} '
         f'L46,{CH - 16} Z"/>')

_HOLE = f'<rect class="hole" width="{CW}" height="{CH}" rx="7"/>'
_HOLE_LIVE = _HOLE + f'<rect class="hole live" width="{CW}" height="{CH}" rx="7"/>'

_MARKS = {  # marker icons, centred on (0, 0)
    "place": "M-4.5,0 H4.5 M0,-4.5 V4.5",
    "replace": "M-4.5,-1.8 H4 M1.6,-4.2 L4,-1.8 L1.6,0.6 M4.5,2 H-4 M-1.6,-0.4 L-4,2 L-1.6,4.4",
    "remove": "M-3.6,-3.6 L3.6,3.6 M3.6,-3.6 L-3.6,3.6",
    "discard": "M0,-4.5 V3.5 M-3.5,0.5 L0,4 L3.5,0.5",
    "return": "M0,4.5 V-3.5 M-3.5,-0.5 L0,-4 L3.5,-0.5",
}


def _ring(cls: str, w: float, h: float, pad: float, rx: float) -> str:
    return (f'<rect class="{cls}" x="{_num(-pad)}" y="{_num(-pad)}" width="{_num(w + 2 * pad)}" '
            f'height="{_num(h + 2 * pad)}" rx="{_num(rx)}" pointer-events="none"/>')


def _target(mark: str, w: float = CW, h: float = CH) -> str:
    return (_ring("target", w, h, 2, 9) +
            f'<g class="mark" transform="translate({_num(w - 5)},5)" pointer-events="none">'
            f'<circle r="10"/><path d="{_MARKS[mark]}"/></g>')


_TARGETS = {m: _target(m) for m in _MARKS}
# a target whose move leaves a hand card without a place (issue 22): a warning triangle in the
# slot's top-left corner, opposite the target's own marker; its "!" is drawn, not a glyph (it
# stays sharp at any scale and is no text to read: the target's name says the warning)
_WARN = ('<g class="warn" transform="translate(6,6)" pointer-events="none">'
         '<path d="M0,-9 L10,8 H-10 Z"/><path class="bang" d="M0,-3.5 V2.5 M0,5 V5.6"/></g>')
_LAST = _ring("last", CW, CH, 4.5, 10)
_FOCUS = _ring("focus", CW, CH, 7.5, 12)
_CHOSEN = _ring("chosen", CW, CH, 2.5, 9)


def _mark_of(move: str) -> str:
    a = move.split(" ", 1)[0]
    if a == "E":
        return "replace"
    if a in ("F1", "F2", "S"):
        return "remove"
    return "place"


def _move_cell(move: str, me: int) -> "str | None":
    """The data-cell a move's click lands on (mountain slots only), or None."""
    toks = move.split(" ")
    a = toks[0]
    if a in ("A", "E"):
        slot, q = toks[1], me
    elif a in ("C", "F1"):
        q, slot = int(toks[1][1:]), toks[2]
    elif a in ("D", "H"):
        q, slot = me, toks[2]
    elif a in ("F2", "V", "S"):
        q, slot = int(toks[2][1:]), toks[3]
    else:
        return None
    r, c = slot.split(".")
    return f"p{q}:L{r}:{c}"


def _move_card(move: str) -> "int | None":
    """The hand card a move uses (None when it uses the drawn card)."""
    toks = move.split(" ")
    if toks[0] in ("D", "F2", "H", "V", "S"):
        return int(toks[1])
    return None


def choice_cells(view: "dict[str, Any]") -> "set[str]":
    """The ``data-cell`` values that pick the *current choice* in ``view``: ``"drawn"`` and
    ``"hand:<id>"`` for every card some legal move of the viewer uses (in setup: every card
    that can be the first of the two returned). Empty when the viewer is not to move."""
    out: "set[str]" = set()
    for mv in view.get("legal_moves") or []:
        toks = mv.split(" ")
        if toks[0] == "R":
            out.add(f"hand:{toks[1]}")
            continue
        card = _move_card(mv)
        if card is not None:
            out.add(f"hand:{card}")
        elif view.get("drawn") is not None and toks[0] != "pass":
            out.add("drawn")
    return out


def _open_slots(mountain: "list[dict]", kind: dict, value: dict) -> "list[tuple[int, int]]":
    from .rules import _compute_info  # local import: rules imports nothing from here
    m = {(e["row"], e["col"]): e["card"] for e in mountain}
    return [(r, c) for r, c, _t in _compute_info(m, 0, False, kind, value).open]


def _verb(move: str) -> str:
    a = move.split(" ", 1)[0]
    return {"A": "place here", "C": "place on this opponent's mountain", "D": "place here",
            "E": "replace this card", "F1": "remove this avalanche", "F2": "remove this avalanche",
            "H": "place here", "V": "drop the avalanche here", "S": "remove this avalanche"}.get(a, a)


def render_svg(view: "dict[str, Any]", ui: "dict[str, Any] | None" = None) -> str:
    """The board of ``view`` (from ``altitude.view``) as an SVG string.

    Args:
        view: the seat's view (only what that seat may see), or the public view
            (``altitude.view(state, None)``), which is drawn with every hand face down and the
            seat to move (else seat 0) in the viewer's place.
        ui: the page's selection; see the module docstring for the keys.

    Returns:
        One ``<svg>`` element (XML, UTF-8 text), with the ``data-cell``/``data-move`` hooks of
        the module docstring.
    """
    ui = dict(ui or {})
    opts = view["options"]
    deck = get_deck(opts.get("deck", "house"), opts.get("include_dahut", True))
    by_id = deck.by_id
    n = view["players"]
    me = view["player"]
    public = me is None
    if public:
        me = view.get("current_player")
        me = 0 if me is None else me
    names = [str(x) for x in (ui.get("names") or [])][:n]
    names += [f"Player {i + 1}" for i in range(len(names), n)]
    legal = list(view.get("legal_moves") or [])
    phase = view["phase"]
    selected = ui.get("selected")
    hide = bool(ui.get("hide_hand")) or public
    withhold = bool(ui.get("withhold"))
    focus = ui.get("focus")
    narrow = bool(ui.get("narrow"))
    over = phase == "over"
    if hide or withhold:
        legal = []
        selected = None
    hand = [] if hide else list(view["hand"])
    drawn = None if hide or withhold else view.get("drawn")
    face_down = withhold and not hide and view.get("drawn") is not None
    current = ui["turn"] if "turn" in ui else view.get("current_player")

    # which moves belong to the current choice, by the cell they land on
    cell_moves: "dict[str, str]" = {}
    setup_moves: "dict[int, str]" = {}
    if phase == "setup":
        if selected in hand:
            for mv in legal:
                toks = mv.split(" ")
                if int(toks[1]) == selected:
                    setup_moves[int(toks[2])] = mv
    else:
        for mv in legal:
            card = _move_card(mv)
            if card == selected or (card is None and selected is None):
                cell = _move_cell(mv, me)
                if cell is not None:
                    cell_moves[cell] = mv
    last_cell = None
    last_player = ui.get("last_player")
    if ui.get("last"):
        last_cell = _move_cell(str(ui["last"]), int(last_player if last_player is not None
                                                    else me))
    selectable = {_move_card(mv) for mv in legal} - {None}

    # panel order: the viewer's own mountain first (while the hand is hidden, the seat that
    # just played keeps its place), the tray, then the others in seat order
    anchor = me
    if hide and last_player is not None and 0 <= int(last_player) < n:
        anchor = int(last_player)
    order = [(anchor + i) % n for i in range(n)]
    # a desktop with 3 or more seats (issue 22): the opponents' mountains behind tabs under the
    # tray, one shown at a time, so that the page needs no scrolling to see any of them
    compact = bool(ui.get("compact")) and not narrow and n >= 3 and phase != "over"
    shown = shown_opponent(view, ui, anchor, last_cell) if compact else None

    parts: "list[str]" = []
    y = 0.0
    for i, q in enumerate(order):
        if compact and i > 0 and q != shown:
            continue
        y = _panel(parts, view, q, y, names[q], q == me and not hide and not over, current == q,
                   by_id, deck, cell_moves, focus, last_cell, narrow,
                   view.get("stranded") or {} if q == me else {})
        y += GAP
        if i == 0:
            y = _tray(parts, view, y, hand, drawn, hide, legal, phase, selected, selectable,
                      setup_moves, focus, by_id, names[me], me, face_down, narrow)
            y += GAP
            if compact:
                y = _tabs(parts, view, y, order[1:], shown, current, names, cell_moves, focus) + 4
    total_h = y - GAP
    vw = geometry(narrow)[0]
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="altitude-board{" narrow" if narrow else ""}" '
            f'viewBox="0 0 {vw} {_num(total_h)}" width="{vw}" height="{_num(total_h)}" '
            f'role="group" aria-label="Altitude board" data-phase="{_esc(phase)}" '
            f'data-ply="{int(view.get("ply", 0))}">')
    return head + "".join(parts) + "</svg>"


def shown_opponent(view: "dict[str, Any]", ui: "dict[str, Any]", anchor: int,
                   last_cell: "str | None" = None) -> int:
    """The opponent whose mountain a compact board (``ui["compact"]``: a desktop, 3 or more
    seats) draws under the tabs: ``ui["shown"]`` when it names a seat other than ``anchor`` (the
    seat drawn first, the viewer's); else the owner of the last move's target slot
    (``last_cell``, e.g. ``"p2:L1:3"``: a card placed or an avalanche dropped there), else the
    seat that played last, when either is an opponent; else the seat after ``anchor``.

    >>> shown_opponent({"players": 3}, {}, 0)
    1
    >>> shown_opponent({"players": 3}, {"last_player": 2}, 0)
    2
    >>> shown_opponent({"players": 4}, {"last_player": 0}, 0, "p3:L1:0")
    3
    >>> shown_opponent({"players": 3}, {"shown": 2, "last_player": 1}, 0)
    2
    """
    n = int(view["players"])
    others = [(anchor + i) % n for i in range(1, n)]
    want = ui.get("shown")
    if isinstance(want, int) and want in others:
        return want
    if last_cell:
        owner = int(last_cell.split(":", 1)[0][1:])
        if owner in others:
            return owner
    lp = ui.get("last_player")
    if isinstance(lp, int) and lp in others:
        return lp
    return others[0]


TAB_H = 50


def _tabs(parts, view, y, seats, shown, current, names, cell_moves, focus) -> float:
    """One tab per opponent (``data-cell="show:<seat>"``, ``aria-pressed`` on the one shown):
    the name, whose turn, the height and hand size, and a target marker when the current
    choice can go on that mountain. Returns the tabs' bottom edge."""
    k = len(seats)
    gap = 8
    tw = (W - gap * (k - 1)) / k
    for i, q in enumerate(seats):
        x = i * (tw + gap)
        mt = view["mountains"][q]
        height = max((e["row"] for e in mt), default=0)
        hand_n = view["hand_sizes"][q]
        on = q == shown
        aims = sum(1 for c in cell_moves if c.startswith(f"p{q}:"))
        to_play = current == q
        # cut to the room left of "SHOWN ▾" (11 px capitals, 0.06 em apart: about 60 units)
        name = fit_name(names[q], tw - 10 - 60 - 28 - 8, 15)
        line2 = (("to play · " if to_play else "") + f"Height {height} · Hand {hand_n}")
        label = (f"{names[q]}'s mountain" + (", shown below" if on else ", show it")
                 + (f"; {aims} target{'s' if aims != 1 else ''} for your card" if aims else ""))
        fill = f' style="fill:{SEAT_TINT[q % 4]}"' if to_play else ""
        words = (f'<text class="tab-name" x="28" y="24">{_esc(name)}</text>'
                 f'<text class="tab-show" x="{_num(tw - 10)}" y="24" text-anchor="end">'
                 f'{"SHOWN ▾" if on else "SHOW"}</text>'
                 f'<text class="tab-t" x="12" y="40">{_esc(line2)}</text>')
        # its name starts with the words drawn on it (WCAG 2.5.3, as every target's)
        parts.append(named(f'<g class="tab{" on" if on else ""}" transform="translate({_num(x)},{_num(y)})"'
                           f'{target(f"show:{q}", label, button=True)} aria-pressed="{"true" if on else "false"}">',
                           label, words) +
                     f'<title>{_esc(label)}</title>'
                     f'<rect class="tab-bg" width="{_num(tw)}" height="{TAB_H}" rx="10"{fill}/>'
                     f'<rect x="0" y="{TAB_H - 5}" width="{_num(tw)}" height="5" rx="2.5" '
                     f'fill="{SEAT[q % 4]}" opacity="{1 if on else 0.45}"/>'
                     f'<circle cx="16" cy="19" r="6" fill="{SEAT[q % 4]}" stroke="#fff" stroke-width="2"/>'
                     + words)
        if aims:
            parts.append(f'<g class="mark" transform="translate({_num(tw - 12)},3)" pointer-events="none">'
                         f'<circle r="10"/><path d="{_MARKS["place"]}"/></g>')
        if focus == f"show:{q}":
            parts.append(_ring("focus", tw, TAB_H, 4, 13))
        parts.append("</g>")
    return y + TAB_H


def _animal_points(view, card) -> int:
    """Points of an animal from level 4 up (rules: Scoring; options animal_points, dahut_points)."""
    opts = view.get("options") or {}
    if card.species == DAHUT:
        return int(opts.get("dahut_points", 1))
    return int(opts.get("animal_points", 1))


_NARROW_CH = frozenset("iljI!|.,:;'’` ")
_SLIM_CH = frozenset("frt()[]-")
_WIDE_CH = frozenset("WMmw@")


def text_em(text: str) -> float:
    """The width of ``text`` in em of a bold sans-serif face, estimated glyph by glyph and
    measured in Chromium on DejaVu Sans Bold at weight 800 (the widest face our font stack
    falls back to: slim ``i``/``l``/``.``/space 0.36, ``f``/``r``/``t`` 0.46, ``W``/``M``/
    ``m``/``w`` 1.1, other capitals 0.78, other letters and digits 0.7, wide East Asian glyphs
    1.0): a name is cut by what it measures, not its length (new-user run: 24 capital Ws
    overlapped the TO PLAY badge).

    >>> text_em("Ana"), text_em("WW")
    (2.18, 2.2)
    """
    em = 0.0
    for ch in text:
        if ch in _NARROW_CH:
            em += 0.36
        elif ch in _SLIM_CH:
            em += 0.46
        elif ch in _WIDE_CH:
            em += 1.1
        elif ord(ch) >= 0x2E80:
            em += 1.0
        elif ch.isupper():
            em += 0.78
        else:
            em += 0.7
    return round(em, 4)


def fit_name(name: str, units: float, px: float) -> str:
    """``name`` as it fits in ``units`` of width at ``px`` (font size), cut with an ellipsis
    (no space before it) where it does not (:func:`text_em`); at least its first 3 characters.

    >>> fit_name("Anastasia", 200, 17), fit_name("Anastasia", 80, 17), fit_name("WWWWWW", 80, 17)
    ('Anastasia', 'Anast…', 'WWW…')
    """
    if text_em(name) * px <= units:
        return name
    cut = len(name)
    while cut > 3 and (text_em(name[:cut].rstrip()) + 0.7) * px > units:
        cut -= 1
    return name[:cut].rstrip() + "\u2026"


def _panel(parts, view, q, py, name, own, to_play, by_id, deck, cell_moves, focus,
           last_cell, narrow=False, stranded=None) -> float:
    """Player q's mountain panel at height ``py``; returns its bottom edge. ``stranded``: the
    view's moves that leave hand cards without a place (their targets get a warning)."""
    mt = view["mountains"][q]
    opens = _open_slots(mt, deck.kind, deck.value)
    height = 0
    cmin = cmax = 0
    first = True
    for e in mt:
        r = e["row"]
        if r > height:
            height = r
    slots = [(e["row"], e["col"], e["card"]) for e in mt]
    slots += [(r, c, None) for r, c in opens]
    rows = 1
    for r, c, _cid in slots:
        if r > rows:
            rows = r
        if r == 1:
            if first:
                cmin = cmax = c
                first = False
            elif c < cmin:
                cmin = c
            elif c > cmax:
                cmax = c
    slots.sort()
    span = cmax - cmin + 1
    ph = HDR + PAD_T + (rows - 1) * DY + CH + PAD_B
    final_hands = view.get("final_hands") if view.get("phase") == "over" else None
    if final_hands is not None:
        ph += END_STRIP
    ybase = py + HDR + PAD_T + (rows - 1) * DY
    W, SX, LABEL_W, X_AREA = geometry(narrow)
    x0 = X_AREA + (COLS - span) * SX / 2 - cmin * SX + (SX - CW) / 2
    colour = SEAT[q % 4]
    cls = "mountain" + (" own" if own else "") + (" current" if to_play else "")
    hand_n = view["hand_sizes"][q]
    parts.append(f'<g class="{cls}" data-player="{q}" aria-label="{_esc(name)}: mountain, '
                 f'height {height}, {hand_n} cards in hand'
                 f'{", to play" if to_play else ""}">')
    stroke = f' style="stroke:{colour};stroke-width:2.5"' if to_play else ""
    parts.append(f'<rect class="panel" x="1" y="{_num(py + 1)}" width="{W - 2}" height="{_num(ph - 2)}" '
                 f'rx="12"{stroke}/>')
    hdr_fill = f' style="fill:{SEAT_TINT[q % 4]}"' if to_play else ""
    parts.append(f'<path class="hdr" d="M2,{_num(py + HDR)} V{_num(py + 13)} a11,11 0 0 1 11,-11 '
                 f'H{W - 13} a11,11 0 0 1 11,11 V{_num(py + HDR)} Z"{hdr_fill}/>')
    if to_play:
        parts.append(f'<path d="M2,{_num(py + HDR)} V{_num(py + 13)} a11,11 0 0 1 11,-11 H14 '
                     f'V{_num(py + HDR)} Z" fill="{colour}"/>')
    cy = py + HDR / 2
    parts.append(f'<circle cx="28" cy="{_num(cy)}" r="7" fill="{colour}" stroke="#fff" '
                 f'stroke-width="2"/>')
    # right side: [TO PLAY] [Height h] [Hand k]
    x = W - 12
    base_cols = [e["col"] for e in mt if e["row"] == 1]
    bw = max(base_cols) - min(base_cols) + 1 if base_cols else 0   # holes count (spec §5)
    base_short, base_tip = base_width_words(bw, MAX_BASE)
    stats = ((f"Hand <tspan>{hand_n}</tspan>", 96 if narrow else 66),
             (f"Height <tspan>{height}</tspan>", 124 if narrow else 82),
             (f"{BASE_WORD} <tspan>{base_short}</tspan>", 130 if narrow else 86))
    ph_ = 30 if narrow else 22   # pill height
    for text, w in stats:
        x -= w
        full = " full" if text.startswith(BASE_WORD) and bw >= MAX_BASE else ""
        tip_ = f"<title>{_esc(base_tip)}</title>" if text.startswith(BASE_WORD) else ""
        parts.append(f'<g class="stat-g{full}">{tip_}<rect class="stat" x="{x}" y="{_num(cy - ph_ / 2)}" width="{w - 6}" height="{ph_}" '
                     f'rx="{_num(ph_ / 2)}"/><text class="stat-t" x="{_num(x + (w - 6) / 2)}" y="{_num(cy + (7.5 if narrow else 4.5))}" '
                     f'text-anchor="middle">{text}</text></g>')
    if to_play:
        double = view.get("second_turn_pending") and view.get("phase") == "draw"
        w = (160 if double else 124) if narrow else (104 if double else 78)
        x -= w
        word = "TO PLAY \u00d72" if double else "TO PLAY"
        parts.append(f'<rect x="{x}" y="{_num(cy - ph_ / 2)}" width="{w - 6}" height="{ph_}" rx="{_num(ph_ / 2)}" '
                     f'fill="{colour}"/><text class="turn-t" x="{_num(x + (w - 6) / 2)}" '
                     f'y="{_num(cy + (7.5 if narrow else 4))}" text-anchor="middle">{word}</text>')
    # the name, cut to the room the pills leave it (issue 22: a long name ran under them)
    you = '<tspan class="you"> (you)</tspan>' if own else ""
    label = _esc(fit_name(name, x - 42 - 8 - (0 if narrow or not own else 44), 24 if narrow else 17))
    parts.append(f'<text class="name" x="42" y="{_num(cy + 5.5)}">{label}{you}</text>')
    # level numbers and guide lines
    lx = LABEL_W / 2 + (1 if narrow else 2)
    lw, lh = (26, 30) if narrow else (26, 22)
    parts.append(f'<text class="lvl-cap" x="{_num(lx)}" y="{_num(py + HDR + 11)}" '
                 f'text-anchor="middle">LEVEL</text>')
    for r in range(1, rows + 1):
        ry = ybase - (r - 1) * DY + 48
        parts.append(f'<path class="row-line" d="M{LABEL_W - 4},{_num(ry)} H{W - 14}"/>'
                     f'<rect class="lvl" x="{_num(lx - lw / 2)}" y="{_num(ry - lh / 2)}" width="{lw}" '
                     f'height="{lh}" rx="{_num(lh / 2)}"/><text class="level" x="{_num(lx)}" '
                     f'y="{_num(ry + (7.5 if narrow else 4.5))}" '
                     f'text-anchor="middle">{r}</text>')
    gx = x0 - 8 + (cmin * SX)
    parts.append(f'<rect class="ground" x="{_num(gx)}" y="{_num(ybase + CH - 3)}" '
                 f'width="{_num(span * SX + 16 - (SX - CW))}" height="7" rx="3.5"/>')
    # the cards and the open slots, bottom row first (upper cards overlap lower ones)
    pre = f"p{q}:L"
    over: "list[str]" = []
    for r, c, cid in slots:
        cx = x0 + (c + (r - 1) / 2) * SX
        cy2 = ybase - (r - 1) * DY
        cell = f"{pre}{r}:{c}"
        mv = cell_moves.get(cell)
        what = card_help(by_id[cid]) if cid is not None else "empty slot"
        label = f"{name}, level {r}, column {c}: {what}"
        lost = (stranded or {}).get(mv) if mv is not None else None
        if mv is not None:
            label = f"{label} \u2014 {_verb(mv)}"
        if lost:
            label = f"{label}; {stranded_words([by_id[h].label for h in lost])}"
        kind = "filled" if cid is not None else "empty"
        inner = (f'<title>{_esc(label)}</title>'
                 + ((_HOLE_LIVE if mv is not None else _HOLE) if cid is None else _face(by_id[cid])))
        parts.append(named(f'<g class="slot {kind}" transform="translate({_num(cx)},{_num(cy2)})"'
                           f'{target(cell, label, mv)}>', label, inner) + inner + "</g>")
        scored = (final_hands is not None and cid is not None and r >= 4
                  and by_id[cid].kind == ANIMAL)
        if scored:
            rad = 15 if narrow else 11
            # on the card's right edge, level with its value: clear of the value, of the
            # species banner ("Dahut") and of the card above
            over.append(f'<g class="scored" transform="translate({_num(cx + CW + 2)},{_num(cy2 + 40)})" '
                        f'pointer-events="none" aria-hidden="true"><circle r="{rad}"/>'
                        f'<text y="{7.5 if narrow else 4.5}">+{_animal_points(view, by_id[cid])}</text></g>')
        if mv is not None or cell == last_cell or cell == focus:
            # drawn above every card, so that no upper slot hides a lower target's marker
            ring = (_TARGETS[_mark_of(mv)] if mv is not None else "") + (_WARN if lost else "")
            ring += (_LAST if cell == last_cell else "") + (_FOCUS if cell == focus else "")
            over.append(f'<g transform="translate({_num(cx)},{_num(cy2)})" pointer-events="none">'
                        f'{ring}</g>')
    parts.extend(over)
    if final_hands is not None:
        _end_strip(parts, view, q, py + ph - END_STRIP, final_hands[q], by_id, narrow)
    parts.append("</g>")
    return py + ph


END_STRIP = 96   # the end: a strip under each mountain with its hand and the hand bonus
END_SCALE = 0.72


def _end_strip(parts, view, q, y, hand, by_id, narrow) -> None:
    """Player q's hand at the end, face up (every hand decides points, rules: Scoring), and
    what it scored: the empty-hand bonus or the Saint Bernards kept."""
    W, _sx, LABEL_W, _xa = geometry(narrow)
    b = (view.get("outcome") or {}).get("breakdown") or []
    part = b[q] if q < len(b) else {}
    bonus = []
    if part.get("hand"):
        bonus.append(f"+{part['hand']} every card placed")
    if part.get("saint_bernards"):
        n = part["saint_bernards"]
        bonus.append(f"+{n} Saint Bernard{'s' if n != 1 else ''} kept")
    words = "HAND" if narrow else "HAND AT THE END"
    parts.append(f'<g class="end-hand" data-player="{q}" transform="translate(0,{_num(y)})">'
                 f'<path class="row-line" d="M14,4 H{W - 14}"/>'
                 f'<text class="endcap" x="{LABEL_W + 4}" y="26">{words}</text>')
    x = LABEL_W + (150 if narrow else 170)
    scale = 0.8 if narrow else END_SCALE   # values stay >= 11 CSS px on a phone
    if not hand:
        parts.append(f'<text class="endnote" x="{x}" y="26">empty</text>')
    for i, cid in enumerate(hand):
        parts.append(f'<g class="end-card" data-card="{cid}" role="img" aria-label="{_esc(by_id[cid].label)}" '
                     f'transform="translate({_num(x + i * (CW * scale + 6))},10) scale({scale})">'
                     f'{_face(by_id[cid])}</g>')
    if bonus:
        bx = x + max(len(hand), 1) * (CW * scale + 6) + 12
        parts.append(f'<text class="endnote bonus" x="{_num(bx)}" y="{26 if not narrow else 50}">'
                     f'{_esc(", ".join(bonus))}</text>')
    parts.append("</g>")


def _tray(parts, view, ty, hand, drawn, hide, legal, phase, selected, selectable,
          setup_moves, focus, by_id, my_name, me, face_down=False, narrow=False) -> float:
    """The tray at height ``ty``: drawn card, hand, pile, discard, pass; returns its bottom."""
    W = geometry(narrow)[0]
    dx = W - 18 - CW    # the discard's left edge
    px = dx - CW - 22   # the pile's left edge
    parts.append(f'<g class="tray" transform="translate(0,{_num(ty)})">')
    parts.append(f'<rect class="tray-bg" x="0" y="0" width="{W}" height="{TRAY_H}" rx="12"/>')
    top = 52            # top of a hand card (bottoms line up with the drawn card's)
    big_y = top + CH - CH * BIG   # top of the drawn card
    x = 18
    if view.get("phase") == "over":
        parts.append(f'<text class="cap" x="{x}" y="22">THE END</text>'
                     f'<text class="hidden-t" x="{x}" y="{top + 34}">'
                     f'{"Hands: under each mountain" if narrow else "Every hand is shown under its mountain"}'
                     f'</text>')
    elif hide:
        k = view["hand_sizes"][me]
        parts.append(f'<text class="cap" x="{x}" y="22">{"HAND" if narrow else "HAND · FACE DOWN"}</text>')
        for i in range(k):
            parts.append(f'<g class="hidden-card" transform="translate({x + i * 22},{top})" '
                         f'aria-hidden="true">{_BACK}</g>')
        hx = x + max(k - 1, 0) * 22 + CW + 22
        # whose hand lies face down (new-user run: "Cards hidden" alone did not say whose);
        # the name clipped to the room left of the pile (a wide bold capital: about 0.9 em),
        # on a phone on a line of its own
        room = px - 12 - hx
        em = 22 if narrow else 20
        if narrow:
            parts.append(f'<text class="hidden-t" x="{hx}" y="{top + 22}">'
                         f'{_esc(fit_name(my_name, room - text_em(" cards") * em - em * 0.3, em))}'
                         f'\u2019s cards</text>'
                         f'<text class="hidden-t" x="{hx}" y="{top + 50}">hidden</text>')
        else:
            parts.append(f'<text class="hidden-t" x="{hx}" y="{top + 34}">'
                         f'{_esc(fit_name(my_name, room - text_em(" cards hidden") * em - em * 0.3, em))}'
                         f'\u2019s cards hidden</text>'
                         f'<text class="hint" x="{hx}" y="{top + 54}">The hand and the drawn card '
                         f'show when their player is ready.</text>')
    else:
        if face_down:
            parts.append(f'<text class="cap" x="{x}" y="22">{"NEXT" if narrow else "NEXT CARD"}</text>'
                         f'<g class="hidden-card next-card" transform="translate({x},{_num(big_y)}) '
                         f'scale({BIG})" aria-label="your next card, face down until you end the '
                         f'turn" role="img">{_BACK}</g>')
            x += 112
        if drawn is not None:
            card = by_id[drawn]
            live = selected is None and any(_move_card(m) is None and m != "pass"
                                            for m in legal)
            parts.append(f'<text class="cap" x="{x}" y="22">{"DRAWN" if narrow else "DRAWN CARD"}</text>')
            label = f"drawn card: {card_help(card)}" + (" (selected)" if live else "")
            parts.append(f'<g class="drawn{" selected" if selected is None else ""}" '
                         f'transform="translate({x},{_num(big_y)}) scale({BIG})"'
                         f'{target("drawn", label, button=bool(legal))}>'
                         f'<title>drawn card: {_esc(card_help(card))}</title>')
            parts[-1] = named(parts[-1], label, _face(card))
            parts.append(_face(card))
            if live:
                parts.append(_CHOSEN)
            if focus == "drawn":
                parts.append(_FOCUS)
            parts.append("</g>")
            x += 112
            if narrow and hand:
                # a rule between the drawn card and the hand: their one-word captions
                # ("DRAWN", "HAND") read as two, not as "DRAWN HAND" (issue 22)
                parts.append(f'<path class="tray-rule" d="M{x - 21},8 V{TRAY_H - 10}"/>')
        if "pass" in legal:
            parts.append(f'<text class="cap" x="{x}" y="22">{"FINAL" if narrow else "FINAL ROUND"}</text>')
            # on a phone as tall as a card: a 45 px touch target (issue 22)
            bh = CH if narrow else 44
            parts.append(f'<g class="button pass" transform="translate({x},{top + (0 if narrow else 14)})"'
                         f'{target("pass", "pass", "pass")}>')
            parts.append(f'<rect width="92" height="{bh}" rx="10"/>'
                         f'<text x="46" y="{_num(bh / 2 + 6 + (2 if narrow else 0))}">Pass</text>')
            if focus == "pass":
                parts.append(_ring("focus", 92, bh, 5, 13))
            parts.append("</g>")
            x += 92 + 26
        if hand:
            cap = "YOUR HAND"
            if narrow:
                cap = "HAND"  # the status line says what to do; 22 units leave room for one word
            elif phase == "setup" and legal:
                cap += (" \u00b7 CHOOSE 2 CARDS TO RETURN TO THE PILE" if selected not in hand
                        else " \u00b7 NOW THE SECOND CARD TO RETURN")
            elif selected in hand and selected in selectable:
                cap += " \u00b7 PLAY THE SELECTED CARD"
            parts.append(f'<text class="cap" x="{x}" y="22">{cap}</text>')
            for cid in hand:
                card = by_id[cid]
                cell = f"hand:{cid}"
                sel = cid == selected
                mv = setup_moves.get(cid)
                clickable = bool(phase == "setup" and legal) or cid in selectable or mv is not None
                label = f"your hand: {card_help(card)}"
                if mv is not None:
                    label += " \u2014 return it second"
                elif phase == "setup" and legal:
                    label += " \u2014 return it first" if selected is None else " \u2014 select"
                cy = top - RAISE if sel else top
                parts.append(f'<g class="hand-card{" selected" if sel else ""}" data-card="{cid}" '
                             f'transform="translate({x},{cy})"{target(cell, label, mv, button=clickable)}>'
                             f'<title>{_esc(label)}</title><g class="lift">{_face(card)}')
                parts[-1] = named(parts[-1], label, _face(card))
                if mv is not None:
                    parts.append(_TARGETS["return"])
                elif sel:
                    parts.append(_CHOSEN)
                if cell == focus:
                    parts.append(_FOCUS)
                parts.append("</g></g>")
                x += HSTEP
    # pile and discard, at the right
    pile_n = view["pile_size"]
    # the captions stand outside the clickable groups: a group's box is its card (issue 22: a
    # caption wider than the card moved the box's centre off the card, onto the tray)
    parts.append(f'<text class="cap" x="{px}" y="{top + CH + 24 if narrow else 22}">PILE</text>')
    parts.append(f'<text class="cap" x="{dx + CW if narrow else dx}" y="22"'
                 f'{" text-anchor=" + chr(34) + "end" + chr(34) if narrow else ""}>DISCARD</text>')
    pile_i = len(parts)
    parts.append(f'<g class="pile" transform="translate({px},{top})"'
                 f'{target("pile", f"draw pile: {pile_n} cards")}>'
                 f'<title>draw pile: {pile_n} cards; every turn starts with a draw from it</title>')
    if pile_n:
        parts.append(_BACK + f'<rect x="9" y="{_num(CH / 2 - 17)}" width="{CW - 18}" height="30" '
                     f'rx="6" fill="#2b3a55" opacity=".85"/>'
                     f'<text class="count" x="{_num(CW / 2)}" y="{_num(CH / 2 + 5)}">{pile_n}</text>')
    else:
        parts.append(f'<rect class="empty-pile" width="{CW}" height="{CH}" rx="7"/>'
                     f'<text class="count-s" x="{_num(CW / 2)}" y="{_num(CH / 2 + 3)}">empty</text>')
    parts[pile_i] = named(parts[pile_i], f"draw pile: {pile_n} cards", "".join(parts[pile_i + 1:]))
    parts.append("</g>")
    disc = view["discard"]
    topc = by_id[disc[-1]] if disc else None
    can_b = "B" in legal and selected is None
    d_label = f"discard pile, {len(disc)} cards" + (f", top: {topc.label}" if topc else "")
    if can_b:
        d_label += " \u2014 discard the drawn card"
    parts.append(f'<g class="discard" transform="translate({dx},{top})"'
                 f'{target("discard", d_label, "B" if can_b else None)}><title>{_esc(d_label)}</title>')
    disc_i = len(parts) - 1
    parts.append(_face(topc) if topc is not None else
                 f'<rect class="empty-pile" width="{CW}" height="{CH}" rx="7"/>')
    parts.append(f'<text class="count-s" x="{_num(CW / 2)}" y="{CH + 14}">{len(disc)} '
                 f'card{"" if len(disc) == 1 else "s"}</text>')
    if can_b:
        parts.append(_TARGETS["discard"])
    if focus == "discard":
        parts.append(_FOCUS)
    parts[disc_i] = named(parts[disc_i], d_label, "".join(parts[disc_i + 1:]))
    parts.append("</g>")
    parts.append("</g>")
    return ty + TRAY_H


# ---------------------------------------------------------------------------- legend (issue 11)

def legend_svg(key: str) -> str:
    """A small icon for one legend entry (:data:`altibox.altitude.words.LEGEND` keys), drawn with
    the board's own card faces and markers (styled, like the board, by ``static/css/altibox.css``);
    ``aria-hidden`` (the legend's words say the same).

    Raises:
        KeyError: an unknown key.
    """
    deck = get_deck("house", True).by_id
    cards = {"number": 57, "animal": 30, "dahut": 95, "cable": 101, "avalanche": 109, "sb": 117}
    head = ('<svg xmlns="http://www.w3.org/2000/svg" class="legend-icon altitude-board" '
            f'viewBox="-4 -4 {CW + 8} {CH + 8}" width="34" height="46" aria-hidden="true" '
            'focusable="false">')
    if key in cards:  # the face without its small lettering (under 11 px at icon size)
        body = re.sub(r'<text class="(?:kindname|species)[^"]*"[^>]*>[^<]*</text>', "",
                      _face(deck[cards[key]]))
    elif key in _MARKS:  # the marker, enlarged, on a live slot
        body = (_HOLE_LIVE + f'<g class="mark" transform="translate({_num(CW / 2)},{_num(CH / 2)}) scale(2.2)">'
                f'<circle r="10"/><path d="{_MARKS[key]}"/></g>')
    elif key == "slot":
        body = _HOLE
    elif key == "double":
        body = (f'<rect x="-2" y="{_num(CH / 2 - 20)}" width="{CW + 4}" height="40" rx="20" fill="{SEAT[0]}"/>'
                f'<text class="turn-t" x="{_num(CW / 2)}" y="{_num(CH / 2 + 9)}" text-anchor="middle" '
                f'style="font-size:26px">\u00d72</text>')
    else:
        raise KeyError(key)
    return head + body + "</svg>"


def legend(options: "dict | None" = None) -> "list[tuple[str, str, str, str]]":
    """Every card kind and marker: ``[(key, icon_svg, name, what it does), ...]``.
    ``options`` (a game's options, as every game's ``legend`` takes) change nothing here."""
    return [(key, legend_svg(key), name, text) for key, name, text in LEGEND]
