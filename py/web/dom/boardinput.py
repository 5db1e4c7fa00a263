"""Input on the play screen (DOM glue): clicks and keys on the board, drag and drop, the
window's width, and the undo/redo keys. Every decision is the table's
(:class:`web.play.table.Table`: the double-click rule, drag eligibility, what a click does);
this only reads the event and the element under it. One :class:`BoardInput` is owned by
:class:`web.dom.app.App`.
"""

from __future__ import annotations

from typing import Any, Callable

from pyodide.ffi import create_proxy, to_js
from web.dom import browser

from web.dom.nodes import is_null, move_focus, target_of
from web.dom.page import by_id
from web.play.board import ARROWS

DRAG_PX = 8  # a press that moves this far (CSS px) is a drag, not a click


class BoardInput:
    """The play screen's event handlers.

    ``table()``: the table on the play screen (or None); ``screen``: the play screen's actions
    (:class:`web.dom.playscreen.PlayScreen`: ``after_click(done, t0)``, ``activate(el, t0)``,
    ``hint(text)``, ``render()``, ``play(move, t0)``, ``undo()``, ``redo()``,
    ``flush_focus()``). ``keyboard``: was the last input a key (where the focus goes after
    it)? ``drag``: a drag under way from a draggable cell (``{"cell", "x", "y", "on", "can"}``);
    ``skip_click``: the time of the click that ends a drag (not a click)."""

    def __init__(self, table: Callable[[], Any], screen: Any) -> None:
        self.table = table
        self.screen = screen
        self.keyboard = False
        self.drag: dict | None = None
        self.skip_click = False
        # a finger that lands on a good to drag must not scroll the page: only a touchmove
        # listener that is not passive can say so (CSS touch-action is not honoured on the
        # elements inside an <svg>); see on_drag_start
        self._on_touch_move = create_proxy(self.on_touch_move)
        self._not_passive = to_js({"passive": False}, dict_converter=browser.window.Object.fromEntries)
        self._touch_el = None

    def on_board_click(self, event) -> None:
        table = self.table()
        if table is None:
            return
        t0 = browser.window.performance.now()
        if self.skip_click is not False:  # the click that ends a drag and drop
            skip, self.skip_click = self.skip_click, False
            if float(event.timeStamp) - skip < 800:
                return
        # Every click acts on the board as it is now drawn: a quick second tap on the cell just
        # played acts again (a touch screen's "double click"). Two exceptions: the second click
        # of a double click on the source it just selected keeps the selection alive, and a
        # later click of a double click never plays a move for the next player when the first
        # click passed the turn (Altiplano: their Draw button shows where the first Draw was).
        if event.detail and int(event.detail) > 1 and not is_null(event.target):
            cell, move = target_of(event.target)
            said = table.double_click(cell, move is not None, move)
            if said is not None:
                if said:
                    self.screen.hint(said)
                return
        if not is_null(event.target):
            self.screen.after_click(table.clicked(*target_of(event.target)), t0)

    def on_board_key(self, event, target=None) -> None:
        table = self.table()
        if table is None:
            return
        key = str(event.key)
        self.keyboard = True
        if target is None:
            target = browser.document.activeElement if self.screen.flush_focus() else event.target
        cell_el = target.closest("[data-cell]") if not is_null(target) else None
        if key in ("Enter", " ") and not is_null(cell_el):
            event.preventDefault()
            self.screen.activate(cell_el, browser.window.performance.now())
        elif key in ARROWS and not is_null(cell_el):
            event.preventDefault()
            move_focus(by_id("board"), cell_el, *ARROWS[key], table.ui, table.board.drawn)
        elif key == "Escape" and table.board.clear():
            self.screen.render()

    def on_pointer(self, event) -> None:
        self.keyboard = False

    # drag and drop: press on a draggable cell (Altiplano: a good on a planning space), move,
    # release on a data-move target. Moving past DRAG_PX selects the cell (its targets light up);
    # a release anywhere else keeps the selection, so click-click goes on from there.

    def on_drag_start(self, event) -> None:
        self.drag = None
        table = self.table()
        if table is None or is_null(event.target) or int(event.button or 0) != 0:
            return
        cell_el = event.target.closest("[data-cell]")
        if is_null(cell_el):
            return
        cell = str(cell_el.getAttribute("data-cell"))
        can = table.may_drag(cell)
        self.drag = {"cell": cell, "x": float(event.clientX), "y": float(event.clientY), "on": False,
                     "can": can}
        # A touch pointer is captured by the element it lands on, and that element is redrawn
        # when the drag starts (its targets light up): the pointer events of a captured pointer
        # would go to the detached element and never reach the document, so they are let go to
        # follow the finger. Touch events keep going to the element the touch started on (even
        # detached), so the listener that stops the page from scrolling is put on that element.
        target = event.target
        if target.hasPointerCapture(event.pointerId):
            target.releasePointerCapture(event.pointerId)
        self._drop_touch_listener()
        if can and str(event.pointerType) == "touch":
            target.addEventListener("touchmove", self._on_touch_move, self._not_passive)
            self._touch_el = target

    def on_touch_move(self, event) -> None:
        if self.drag is not None and self.drag["can"] and event.cancelable:
            event.preventDefault()

    def _drop_touch_listener(self) -> None:
        if self._touch_el is not None:
            self._touch_el.removeEventListener("touchmove", self._on_touch_move, self._not_passive)
            self._touch_el = None

    def on_drag_move(self, event) -> None:
        drag = self.drag
        if drag is None or drag["on"]:
            return
        if abs(float(event.clientX) - drag["x"]) + abs(float(event.clientY) - drag["y"]) < DRAG_PX:
            return
        if not drag["can"]:
            self.drag = None
            return
        table = self.table()
        if table is None:  # the play screen went away under the pointer
            self.drag = None
            return
        drag["on"] = True
        table.board.select(drag["cell"])
        self.screen.render()
        by_id("board").classList.add("dragging")

    def on_drag_end(self, event) -> None:
        drag, self.drag = self.drag, None
        self._drop_touch_listener()
        if drag is None or not drag["on"]:
            return
        t0 = browser.window.performance.now()
        by_id("board").classList.remove("dragging")
        self.skip_click = float(event.timeStamp)
        el = browser.document.elementFromPoint(event.clientX, event.clientY)
        move_el = None if is_null(el) else el.closest("#board [data-move]")
        if move_el is not None and not is_null(move_el):
            self.screen.play(str(move_el.getAttribute("data-move")), t0)
        else:
            self.screen.hint("Drop it on an action space outlined in green, or click one.")

    def on_drag_cancel(self, event) -> None:
        self._drop_touch_listener()
        if self.drag is not None and self.drag["on"]:
            by_id("board").classList.remove("dragging")
        self.drag = None

    def on_narrow(self, event=None) -> None:
        """The window crossed the phone width: draw the board in the other layout."""
        if self.table() is not None and browser.document.documentElement.dataset.screen == "play":
            self.screen.render()


    def on_doc_key(self, event) -> None:
        if str(event.key) in ("Enter", " ", "Tab") or str(event.key).startswith("Arrow"):
            self.keyboard = True
        if self.table() is None or browser.document.documentElement.dataset.screen != "play":
            return
        board = by_id("board")
        if self.screen.flush_focus() and not board.contains(event.target) \
                and board.contains(browser.document.activeElement):
            # the key came before the frame that moves the focus onto the board: act there
            self.on_board_key(event, browser.document.activeElement)
            return
        key = str(event.key).lower()
        if (event.ctrlKey or event.metaKey) and key == "z" and not event.shiftKey:
            event.preventDefault()
            self.screen.undo()
        elif (event.ctrlKey or event.metaKey) and (key == "y" or (key == "z" and event.shiftKey)):
            event.preventDefault()
            self.screen.redo()

