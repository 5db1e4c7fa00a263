"""One render's context: the view, the page's selection, the grouped moves, the pending choice,
and the hook attributes and marks of a clickable group.
"""

from __future__ import annotations

from typing import Any

from altibox.core.svg import target

from .. import words as _w
from .prims import W_NARROW, W_WIDE, _overlay
from .moves import _Moves, _display_goods, _house, _last_source, _market_asks, _planning_list


_TIPS: dict = {}


def _tip(kind: str, key: Any, opts: dict, price: Any = None, players: int | None = None) -> str:
    """Tooltip words from :mod:`words`, cached per process (they depend only on the data, and a
    role's on the player count: its start may differ by count, H1)."""
    ck = (kind, key, price, opts.get("house_set"), opts.get("forest_cacao_mode"), players)
    hit = _TIPS.get(ck)
    if hit is None:
        if kind == "good":
            hit = _w.good_tip(key, opts)
        elif kind == "loc":
            hit = _w.location_tip(key, opts)
        elif kind == "role":
            hit = _w.role_tip(key, opts, players)
        else:
            hit = _w.extension_tip(key, opts, price)
        _TIPS[ck] = hit
    return hit


# ----------------------------------------------------------------------------------------------
# Context
# ----------------------------------------------------------------------------------------------

class _Ctx:
    """Everything one render needs, computed once."""

    def __init__(self, view: dict, ui: dict):
        self.v = view
        self.ui = ui
        opts = view.get("options") or {}
        self.opts = opts
        self.hs = _house(view)
        self.S = self.hs.sources(opts.get("forest_cacao_mode", "one_cacao_choose_output"))
        self.n = int(view["players"])
        self.viewer = view.get("player")
        raw = ui.get("names") or []
        self.names = []
        for i in range(self.n):
            nm = str(raw[i]).strip() if i < len(raw) and raw[i] is not None else ""
            self.names.append(nm or _w.board_words("player_n", n=i + 1))
        self.legal = list(view.get("legal_moves") or [])
        self.mv = _Moves(self.legal)
        self.narrow = bool(ui.get("narrow"))
        self.guided = bool(ui.get("guided"))  # the guided first game: one orange target
        # ring locations where the player to act could do nothing (rules.idle_locations): a
        # pawn move there is warned on its target (issue 22)
        self.idle = frozenset((view.get("turn") or {}).get("idle") or ())
        self.W = W_NARROW if self.narrow else W_WIDE
        b = ui.get("board")
        if not (isinstance(b, int) and 0 <= b < self.n):
            b = self.viewer
            if b is None:
                cur = view.get("current_player")
                b = cur if cur is not None else int(view.get("start_player") or 0)
        self.board = b
        self.bseat = view["seats"][b]
        self.own = self.viewer is not None and self.viewer == b
        self.sel = ui.get("selected")
        self.focus = ui.get("focus")
        self.anchors: dict[str, tuple] = {}
        self.plan = _planning_list(self.bseat, self.hs)
        self.sel_good = None
        if isinstance(self.sel, str) and self.sel.startswith("plan:"):
            k = self.sel[5:]
            if k.isdigit() and 1 <= int(k) <= len(self.plan):
                self.sel_good = self.plan[int(k) - 1]
        elif self.sel == "coins":
            self.sel_good = "coin"
        self.place_targets = self.mv.place.get(self.sel_good, {}) if self.sel_good else {}
        self.store_good = None
        if isinstance(self.sel, str) and self.sel.startswith("own:"):
            self.store_good = self.sel[4:]
        self.choice: list[str] = []
        self.choice_title = ""
        self.last = str(ui.get("last") or "")
        lp = ui.get("last_player")
        self.last_player = lp if isinstance(lp, int) else None
        # the last move's source on the big board; a placement or take-back ("G>SID",
        # "G<SID") is outlined for its own player only: for the others it is still secret
        self.last_src = _last_source(self.last) if self.last else None
        if self.last_player is not None and self.last_player != self.board:
            self.last_src = None
        if ("<" in self.last or ">" in self.last) and not (
                self.viewer is not None and self.viewer == self.board
                and self.last_player in (None, self.viewer)):
            self.last_src = None
        self._pick_choice()

    def _pick_choice(self) -> None:
        sel = self.sel
        if not isinstance(sel, str):
            return
        if sel.startswith(("loc:", "sec:")):
            lst = self.mv.loc.get(sel[4:], [])
            if len(lst) > 1:
                self.choice = lst
                self.choice_title = _w.choice_title("loc", sel[4:], self.hs)
        elif sel.startswith("src:market:"):
            goods = _display_goods((self.bseat.get("sources") or {}).get("market", {})
                                   .get("goods", []))
            k = sel.rsplit(":", 1)[1]
            if k.isdigit() and 1 <= int(k) <= len(goods):
                g = goods[int(k) - 1]
                lst = self.mv.market.get(g, [])
                if _market_asks(lst):
                    self.choice = sorted(lst, key=lambda m: (not m.startswith("sell"), m))
                    self.choice_title = _w.choice_title("market", g, self.hs)
        elif sel.startswith("src:"):
            sid = sel[4:]
            lst = self.mv.runs.get(sid, [])
            if len(lst) > 1:
                self.choice = sorted(lst)
                self.choice_title = _w.choice_title("src", sid, self.hs)

    def attrs(self, cell: str, label: str, move: str | None = None, button: bool = False) -> str:
        """The hook attributes of a group (``core.svg.target``): data-cell, data-move, role,
        tabindex, aria-label."""
        return target(cell, label, move, button=button)

    def marks(self, cell: str, x, y, w, h, rx=6) -> str:
        """Overlays for the selection, the focus and the last move on ``cell``."""
        out = ""
        if cell == self.sel:
            out += _overlay(x - 2, y - 2, w + 4, h + 4, "sel", rx + 2)
        if cell == self.focus:
            out += _overlay(x - 4, y - 4, w + 8, h + 8, "focus", rx + 3)
        return out
