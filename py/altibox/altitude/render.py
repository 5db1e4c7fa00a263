"""Altitude's board as SVG: a pure function of a view and the page's selection.

``render_svg(view, ui)`` draws what ``altitude.view(state, player)`` gives -- so no hidden card
of another player can ever appear -- and marks the legal choices of the current selection.

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

``ui`` keys (all optional):

* ``selected``: card id of the selected hand card (or the first card to return in setup);
  ``None`` selects the drawn card.
* ``names``: list of player names (any text; escaped) -- default ``"Player N"``.
* ``focus``: a ``data-cell`` value to draw with the keyboard-focus ring.
* ``hide_hand``: true to leave out the hand and the drawn card (the "pass the device" screen).
* ``last``, ``last_player``: the notation of the last move and who played it; its target
  slot is outlined.
"""

from __future__ import annotations

from typing import Any

from .cards import ANIMAL, AVALANCHE, CABLE, DAHUT, SB, get_deck

CW = 44          # card width
CH = 52          # card height
DY = 38          # vertical step between rows (cards overlap like roof tiles)
LABEL_W = 28     # room for the level numbers
PANEL_COLS = 12  # base of at most 10 cards plus one open slot at each end
PANEL_W = LABEL_W + PANEL_COLS * CW + 16
GAP = 16
TRAY_H = 120


_STYLE = (
    "<style>"
    ".altitude-board{font-family:sans-serif}"
    ".altitude-board .panel{fill:#eef3f8;stroke:#9ab}"
    ".altitude-board .mountain.current .panel{stroke:#246;stroke-width:2}"
    ".altitude-board .card{fill:#fff;stroke:#345}"
    ".altitude-board .card.animal{fill:#e8f5e0}"
    ".altitude-board .card.cable{fill:#fdf1cf}"
    ".altitude-board .card.avalanche{fill:#d9e6ff;stroke:#136}"
    ".altitude-board .card.sb{fill:#f9dede}"
    ".altitude-board .card.back{fill:#568}"
    ".altitude-board .count{fill:#fff}"
    ".altitude-board .hole{fill:#9ab;stroke:#678}"
    ".altitude-board .target{stroke:#d60}"
    ".altitude-board .chosen{stroke:#06c}"
    ".altitude-board .focus{stroke:#000;stroke-width:2;stroke-dasharray:3 2}"
    ".altitude-board .last{stroke:#a0a;stroke-width:2}"
    ".altitude-board .button rect{fill:#246}"
    ".altitude-board .button text{fill:#fff}"
    ".altitude-board [data-move]{cursor:pointer}"
    "</style>"
)


def _esc(text: Any) -> str:
    s = str(text)
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def _short(card) -> "tuple[str, str]":
    """(big text, small text) printed on a card."""
    if card.kind == CABLE:
        return "0", "cable car"
    if card.kind == AVALANCHE:
        return "AV", "avalanche"
    if card.kind == SB:
        return "SB", "St Bernard"
    if card.kind == ANIMAL:
        return str(card.value), ("Dahut" if card.species == DAHUT else card.species)
    return str(card.value), ""


def _card_svg(card, x: float, y: float, extra_cls: str = "") -> str:
    big, small = _short(card)
    cls = f"card {card.kind}" + (f" {extra_cls}" if extra_cls else "")
    out = [f'<rect class="{cls}" x="{x:g}" y="{y:g}" width="{CW - 2}" height="{CH}" rx="4"/>',
           f'<text class="value" x="{x + (CW - 2) / 2:g}" y="{y + 33:g}" '
           f'text-anchor="middle">{_esc(big)}</text>']
    if small:
        out.append(f'<text class="species" x="{x + (CW - 2) / 2:g}" y="{y + 45:g}" '
                   f'text-anchor="middle" font-size="8">{_esc(small)}</text>')
    return "".join(out)


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
        view: the seat's view (only what that seat may see).
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
    names = list(ui.get("names") or [])
    names += [f"Player {i + 1}" for i in range(len(names), n)]
    legal = list(view.get("legal_moves") or [])
    phase = view["phase"]
    selected = ui.get("selected")
    hide = bool(ui.get("hide_hand"))
    focus = ui.get("focus")
    if hide:
        legal = []
        selected = None
    hand = [] if hide else list(view["hand"])
    drawn = None if hide else view.get("drawn")

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
    if ui.get("last"):
        last_cell = _move_cell(str(ui["last"]), int(ui.get("last_player", me)))
    selectable = {_move_card(mv) for mv in legal} - {None}

    parts: "list[str]" = []
    # ---- mountains, two panels per line
    heights = []
    panels = []
    for q in range(n):
        mt = view["mountains"][q]
        opens = _open_slots(mt, deck.kind, deck.value)
        rows = max([e["row"] for e in mt] + [r for r, _c in opens] + [1])
        heights.append(max([e["row"] for e in mt] + [0]))
        panels.append((mt, opens, rows))
    line_h = []
    for i in range(0, n, 2):
        line_h.append(max(40 + (p[2] - 1) * DY + CH + 24 for p in panels[i:i + 2]))
    y_line = [0]
    for h in line_h:
        y_line.append(y_line[-1] + h + GAP)
    for q, (mt, opens, rows) in enumerate(panels):
        px = (q % 2) * (PANEL_W + GAP)
        py = y_line[q // 2]
        ph = line_h[q // 2]
        cols = [e["col"] for e in mt if e["row"] == 1] + [c for r, c in opens if r == 1] + [0]
        cmin, cmax = min(cols), max(cols)
        span = cmax - cmin + 1
        x0 = px + LABEL_W + 8 + (PANEL_COLS - span) * CW / 2 - cmin * CW
        ybase = py + ph - CH - 12
        own = " own" if q == me else ""
        cur = " current" if view["current_player"] == q else ""
        parts.append(f'<g class="mountain{own}{cur}" data-player="{q}" '
                     f'aria-label="{_esc(names[q])}: mountain, height {heights[q]}">')
        parts.append(f'<rect class="panel" x="{px}" y="{py}" width="{PANEL_W}" height="{ph}" '
                     f'rx="8"/>')
        you = " (you)" if q == me else ""
        parts.append(f'<text class="name" x="{px + 10}" y="{py + 20}">{_esc(names[q])}{you}'
                     f' \u2014 height {heights[q]}, hand {view["hand_sizes"][q]}</text>')
        for r in range(1, rows + 1):
            parts.append(f'<text class="level" x="{px + 8}" y="{ybase - (r - 1) * DY + 33:g}"'
                         f' font-size="11">{r}</text>')
        slots = [(e["row"], e["col"], e["card"]) for e in mt] + [(r, c, None) for r, c in opens]
        slots.sort(key=lambda s: (s[0], s[1]))
        for r, c, cid in slots:
            x = x0 + (c + (r - 1) / 2) * CW
            y = ybase - (r - 1) * DY
            cell = f"p{q}:L{r}:{c}"
            mv = cell_moves.get(cell)
            what = by_id[cid].label if cid is not None else "empty slot"
            label = f"{names[q]}, level {r}, column {c}: {what}"
            attrs = f'class="slot{" filled" if cid is not None else " empty"}" data-cell="{cell}"'
            if mv is not None:
                attrs += (f' data-move="{_esc(mv)}" tabindex="0" role="button" '
                          f'aria-label="{_esc(label)} \u2014 {_esc(_verb(mv))}"')
            else:
                attrs += f' aria-label="{_esc(label)}"'
            parts.append(f"<g {attrs}>")
            if cid is None:
                parts.append(f'<rect class="hole" x="{x:g}" y="{y:g}" width="{CW - 2}" '
                             f'height="{CH}" rx="4" fill-opacity="0.15" stroke-dasharray="4 3"/>')
            else:
                parts.append(_card_svg(by_id[cid], x, y))
            if mv is not None:
                parts.append(f'<rect class="target" x="{x:g}" y="{y:g}" width="{CW - 2}" '
                             f'height="{CH}" rx="4" pointer-events="none" fill="none" '
                             f'stroke-width="3"/>')
            if cell == focus or cell == last_cell:
                cls = "focus" if cell == focus else "last"
                parts.append(f'<rect class="{cls}" x="{x - 2:g}" y="{y - 2:g}" '
                             f'width="{CW + 2}" height="{CH + 4}" rx="5" fill="none" '
                             f'pointer-events="none"/>')
            parts.append("</g>")
        parts.append("</g>")

    # ---- tray: drawn card, hand, pile, discard, pass
    ty = y_line[-1]
    width = 2 * PANEL_W + GAP if n > 1 else PANEL_W
    parts.append(f'<g class="tray" transform="translate(0,{ty})">')
    parts.append(f'<rect class="panel" x="0" y="0" width="{width}" height="{TRAY_H}" rx="8"/>')
    x = 12
    if drawn is not None:
        card = by_id[drawn]
        active = " selected" if selected is None else ""
        parts.append(f'<text class="caption" x="{x}" y="16" font-size="11">Drawn</text>')
        parts.append(f'<g class="drawn{active}" data-cell="drawn" tabindex="0" role="button" '
                     f'aria-label="drawn card: {_esc(card.label)}">')
        parts.append(_card_svg(card, x, 24, "drawn-card"))
        parts.append("</g>")
        x += CW + 20
    if hand:
        parts.append(f'<text class="caption" x="{x}" y="16" font-size="11">Your hand</text>')
        for cid in hand:
            card = by_id[cid]
            cell = f"hand:{cid}"
            sel = " selected" if cid == selected else ""
            mv = setup_moves.get(cid)
            clickable = bool(phase == "setup" and legal) or cid in selectable or mv is not None
            attrs = f'class="hand-card{sel}" data-cell="{cell}" data-card="{cid}"'
            label = f"your hand: {card.label}"
            if mv is not None:
                attrs += f' data-move="{_esc(mv)}"'
                label += " \u2014 return it second"
            elif phase == "setup" and legal:
                label += " \u2014 return it first" if selected is None else " \u2014 select"
            if clickable:
                attrs += ' tabindex="0" role="button"'
            attrs += f' aria-label="{_esc(label)}"'
            parts.append(f"<g {attrs}>")
            parts.append(_card_svg(card, x, 24))
            if mv is not None or cid == selected:
                parts.append(f'<rect class="{"target" if mv else "chosen"}" x="{x:g}" y="24" '
                             f'width="{CW - 2}" height="{CH}" rx="4" fill="none" '
                             f'pointer-events="none" stroke-width="3"/>')
            if cell == focus:
                parts.append(f'<rect class="focus" x="{x - 2:g}" y="22" width="{CW + 2}" '
                             f'height="{CH + 4}" rx="5" fill="none" pointer-events="none"/>')
            parts.append("</g>")
            x += CW + 4
        x += 16
    # pile
    parts.append(f'<g class="pile" data-cell="pile" aria-label="draw pile: '
                 f'{view["pile_size"]} cards">')
    parts.append(f'<rect class="card back" x="{x}" y="24" width="{CW - 2}" height="{CH}" rx="4"/>')
    parts.append(f'<text class="count" x="{x + (CW - 2) / 2:g}" y="58" text-anchor="middle">'
                 f'{view["pile_size"]}</text>')
    parts.append(f'<text class="caption" x="{x}" y="16" font-size="11">Pile</text></g>')
    x += CW + 12
    # discard
    disc = view["discard"]
    top = by_id[disc[-1]] if disc else None
    d_attrs = 'class="discard" data-cell="discard"'
    d_label = f"discard pile, {len(disc)} cards" + (f", top: {top.label}" if top else "")
    if "B" in legal and selected is None:
        d_attrs += ' data-move="B" tabindex="0" role="button"'
        d_label += " \u2014 discard the drawn card"
    parts.append(f'<g {d_attrs} aria-label="{_esc(d_label)}">')
    parts.append(f'<text class="caption" x="{x}" y="16" font-size="11">Discard</text>')
    if top is not None:
        parts.append(_card_svg(top, x, 24))
    else:
        parts.append(f'<rect class="hole" x="{x}" y="24" width="{CW - 2}" height="{CH}" rx="4" '
                     f'fill-opacity="0.15" stroke-dasharray="4 3"/>')
    if "B" in legal and selected is None:
        parts.append(f'<rect class="target" x="{x}" y="24" width="{CW - 2}" height="{CH}" '
                     f'rx="4" fill="none" pointer-events="none" stroke-width="3"/>')
    if focus == "discard":
        parts.append(f'<rect class="focus" x="{x - 2}" y="22" width="{CW + 2}" height="{CH + 4}"'
                     f' rx="5" fill="none" pointer-events="none"/>')
    parts.append("</g>")
    x += CW + 12
    if "pass" in legal:
        parts.append('<g class="button pass" data-cell="pass" data-move="pass" tabindex="0" '
                     'role="button" aria-label="pass">')
        parts.append(f'<rect x="{x}" y="40" width="70" height="28" rx="6"/>')
        parts.append(f'<text x="{x + 35}" y="59" text-anchor="middle">Pass</text>')
        if focus == "pass":
            parts.append(f'<rect class="focus" x="{x - 2}" y="38" width="74" height="32" rx="7" '
                         f'fill="none" pointer-events="none"/>')
        parts.append("</g>")
    parts.append("</g>")
    total_h = ty + TRAY_H
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="altitude-board" '
            f'viewBox="0 0 {width} {total_h:g}" width="{width}" height="{total_h:g}" '
            f'role="group" aria-label="Altitude board" data-phase="{_esc(phase)}" '
            f'data-ply="{int(view.get("ply", 0))}">')
    return head + _STYLE + "".join(parts) + "</svg>"
