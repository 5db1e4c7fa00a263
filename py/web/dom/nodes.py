"""DOM helpers shared by the page (``web.dom.app``) and the embedded board (``web.dom.widget``).

Duck-typed (they only call methods of the element they are given), so this module imports
nothing from the browser and loads in CPython too; the page imports it at start-up without the
embed machinery (``web.dom.widget``, ``web.links.embed``, ``web.links.codec``), which loads only for an embed.
"""

from __future__ import annotations

ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


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
