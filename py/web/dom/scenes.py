"""Scene boards in the page (DOM glue): the How-to-play page's figures and the ``&scene=`` embed
draw and click a :class:`web.play.sceneboard.SceneBoard` the same way, through these helpers."""

from __future__ import annotations

from web.dom.nodes import is_null, target_of
from web.play.board import NARROW_BELOW


def draw_scene(root, html: str, announce_el=None, announce: str | None = None,
               focus: str | None = None) -> None:
    """Put ``html`` (a scene's figure or its inside) into ``root``; announce ``announce`` in
    ``announce_el``; focus the cell ``focus`` (else the scene's button) after a key."""
    root.innerHTML = html
    if announce and not is_null(announce_el):
        announce_el.textContent = announce
    if focus:
        el = root.querySelector(f'[data-cell="{focus}"]')
        if is_null(el):
            el = root.querySelector("[data-scene-action]")
        if not is_null(el):
            el.focus()


def narrow(width) -> bool:
    """True when a board ``width`` CSS px wide uses its phone layout."""
    return bool(width and width < NARROW_BELOW)


def scene_event(board, target, keyboard: bool = False) -> tuple[str | None, str | None] | None:
    """A click (or Enter) inside a scene: "Try again", a ``data-move``, or a ``data-cell``.
    Returns ``(words to announce, cell to focus)`` when the scene must be drawn again, else
    None."""
    if not is_null(target.closest("[data-scene-action]")):
        board.reset()
        return "The example is back at its start.", board.ui.get("focus") if keyboard else None
    cell, move = target_of(target)
    said = board.click(cell, move)
    if said is None:
        return None
    return said or None, cell if keyboard else None


def scene_key_target(event):
    """The cell an Enter or Space acts on inside a scene (None: the key is not for the scene)."""
    if str(event.key) not in ("Enter", " ") or is_null(event.target):
        return None
    cell_el = event.target.closest("[data-cell]")
    return None if is_null(cell_el) else cell_el
