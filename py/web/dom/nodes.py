"""DOM helpers shared by the page (``web.dom.app``), the embedded board (``web.dom.widget``) and
the scene boards (``web.dom.scenes``).

Duck-typed (they only call methods of the element they are given), so this module imports
nothing from the browser and loads in CPython too; the page imports it at start-up without the
embed machinery (``web.dom.widget``, ``web.links.embed``, ``web.links.codec``), which loads only for an embed.
"""

from __future__ import annotations

from web.play.board import nearest


def is_null(value) -> bool:
    """True for Python ``None`` and for JS ``null``/``undefined`` as Pyodide hands them over."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def show_status(el, words: str, seat: int | None, out, cls: str = "status") -> None:
    """Write a status line into ``el``: its text, and ``data-turn`` (``seat``) while the game
    runs or ``data-winners``/``data-reason`` from ``out`` (the game's ``Outcome``) once it is
    over (DESIGN §3 hooks), with the class ``cls`` plus ``turn seat-N`` or ``over``."""
    el.textContent = words
    if out is None:
        el.setAttribute("data-turn", str(seat))
        el.removeAttribute("data-winners")
        el.removeAttribute("data-reason")
        el.className = f"{cls} turn seat-{seat}"
    else:
        el.removeAttribute("data-turn")
        el.setAttribute("data-winners", ",".join(str(w) for w in out.winners))
        el.setAttribute("data-reason", out.reason)
        el.className = f"{cls} over"


def neighbour(root, el, dx: int, dy: int):
    """The ``[data-cell]`` of ``root`` nearest to ``el`` in the arrow's direction ``(dx, dy)``,
    by their places on screen (:func:`web.play.board.nearest`), or None."""
    def centre(node) -> tuple[float, float]:
        r = node.getBoundingClientRect()
        return r.left + r.width / 2, r.top + r.height / 2

    cells = list(root.querySelectorAll("[data-cell]"))
    best = nearest(centre(el), ((i, *centre(c)) for i, c in enumerate(cells)), dx, dy)
    return None if best is None else cells[best]


def move_focus(root, cell_el, dx: int, dy: int, ui: dict) -> None:
    """An arrow key on ``cell_el``: the roving tab stop and the focus go to its neighbour in
    that direction (``ui["focus"]`` follows)."""
    nxt = neighbour(root, cell_el, dx, dy)
    if nxt is not None:
        cell_el.setAttribute("tabindex", "-1")
        nxt.setAttribute("tabindex", "0")
        ui["focus"] = str(nxt.getAttribute("data-cell"))
        nxt.focus()


def target_of(target, root=None) -> tuple[str | None, str | None]:
    """``(cell, move)``: the ``data-cell`` and ``data-move`` values under a click's target
    (None where there is none, or where it lies outside ``root``)."""
    move_el = target.closest("[data-move]")
    cell_el = target.closest("[data-cell]")
    if root is not None:
        move_el = None if is_null(move_el) or not root.contains(move_el) else move_el
        cell_el = None if is_null(cell_el) or not root.contains(cell_el) else cell_el
    return (None if is_null(cell_el) else str(cell_el.getAttribute("data-cell")),
            None if is_null(move_el) else str(move_el.getAttribute("data-move")))
