"""The board controller: one click machine for every board of the page (pure Python).

The play screen (:class:`web.play.table.Table`), the embedded board
(:class:`web.play.boardmodel.BoardModel`) and the How-to-play scenes
(:class:`web.play.sceneboard.SceneBoard`) all take a click the same way, through
:class:`BoardController`: a ``data-move`` plays that move; a ``data-cell`` that is selected is
deselected; a selectable one is selected (its targets light up); any other cell selects nothing,
and the caller says why (the play screen's "why not", a scene's "Nothing to play from there").

Keyboard: the arrows move the focus to the nearest cell in that direction on screen
(:func:`nearest`, fed by the DOM glue with the cells' centres); Enter or Space is a click.
"""

from __future__ import annotations

from typing import Any, Iterable

from web.play.guard import UNKNOWN_CLICK, click_drawn

#: A window (or widget) narrower than this (CSS px) draws boards in their phone layout.
NARROW_BELOW = 760

#: Arrow keys as screen directions (x to the right, y downwards).
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def nearest(origin: tuple[float, float], cells: Iterable[tuple[Any, float, float]],
            dx: int, dy: int) -> Any:
    """The cell nearest to ``origin`` (a centre, CSS px) in the direction ``(dx, dy)``.

    ``cells`` are ``(key, x, y)``: each cell's centre. A cell counts when it lies more than one
    pixel ahead; the distance ahead plus twice the distance sideways decides, so the next cell
    in line beats a closer one off to the side. Returns the key, or None when there is none.

    >>> nearest((0, 0), [("b", 10, 0), ("c", 20, 0), ("u", 0, -10), ("d", 8, 6)], 1, 0)
    'b'
    >>> nearest((0, 0), [("b", 10, 0)], -1, 0) is None
    True
    """
    cx, cy = origin
    best, best_d = None, None
    for key, x, y in cells:
        ox, oy = x - cx, y - cy
        along = ox * dx + oy * dy
        if along <= 1:
            continue
        d = along + 2 * abs(ox * dy - oy * dx)
        if best_d is None or d < best_d:
            best, best_d = key, d
    return best


class BoardController:
    """The selection of one board and what a click on it does.

    Args:
        adapter: the game's board adapter (:data:`web.play.adapters.BOARDS`): which cells are
            selectable in a frame, how a selection is kept.
        ui: the selection dict the adapter draws from (``{"selected", "focus", ...}``); kept,
            not copied, so the board's renders see every change.
    """

    def __init__(self, adapter: Any, ui: dict | None = None):
        self.adapter = adapter
        self.ui: dict = ui if ui is not None else {"selected": None, "focus": None}
        #: The board's svg as last drawn (None: not drawn yet): a clicked ``data-cell`` or
        #: ``data-move`` it does not carry was changed in the page and is refused (issue 23).
        self.drawn: str | None = None

    @property
    def selected(self) -> Any:
        """The selected cell's value as the adapter keeps it (None: nothing selected)."""
        return self.ui.get("selected")

    def click(self, frame: Any, cell: str | None, move: str | None) -> tuple[str, str | None]:
        """A click (or Enter) on ``move`` (a ``data-move``) or ``cell`` (a ``data-cell``).

        Returns:
            ``("play", move)``: the caller plays it; ``("select", cell)``,
            ``("deselect", cell)``: the selection changed; ``("other", cell)``: a cell that
            selects nothing (the selection is kept: the caller says why, then may
            :meth:`clear` it); ``("none", None)``: outside every cell; ``("refused", words)``:
            a cell or move the board as last drawn (:attr:`drawn`) does not carry (changed in the
            page by devtools or an extension, issue 23): nothing changes, ``words`` say so.
        """
        if not self.drew(cell, move):
            return "refused", UNKNOWN_CLICK
        if move:
            return "play", move
        if not cell:
            return "none", None
        adapter, ui = self.adapter, self.ui
        cell = adapter.click_cell(frame, cell)
        ui["focus"] = cell
        ui["just_selected"] = None
        if adapter.is_selected(ui, cell):
            adapter.select(ui, None)
            return "deselect", cell
        if cell in adapter.selectable(frame):
            adapter.select(ui, cell)
            ui["just_selected"] = cell
            return "select", cell
        return "other", cell

    def drew(self, cell: str | None, move: str | None) -> bool:
        """True when the board as last drawn (:attr:`drawn`) carries this clicked ``data-cell``
        and ``data-move`` (None or empty: not clicked); False for a value changed in the page."""
        return click_drawn(self.drawn, cell or None, move or None)

    def select(self, cell: str | None) -> None:
        """Select ``cell`` (a drag starting there), or clear the selection with None."""
        self.adapter.select(self.ui, cell)
        if cell is not None:
            self.ui["focus"] = cell

    def clear(self) -> bool:
        """Clear the selection; True when something was selected."""
        had = self.ui.get("selected") is not None
        self.adapter.select(self.ui, None)
        self.ui["just_selected"] = None
        return had

    def played(self, move: str) -> None:
        """A move was played: clear the selection, focus where the keyboard goes on."""
        self.clear()
        self.ui["focus"] = self.adapter.focus_after(move)

    def keeps_double_click(self, cell: str | None) -> bool:
        """True for the second click of a double click on the cell the first click selected
        (it keeps the selection alive instead of deselecting it)."""
        return cell is not None and self.ui.get("just_selected") == cell
