"""Guards of the page against input it did not make (issue 23): clicked attributes that are not
on the board drawn, and a stale screen that would overwrite a newer game saved by another tab.

Pure Python (no browser imports), tested in CPython; :mod:`web.dom.app` and the board controller (:mod:`web.play.board`) call these at the one place
each input enters.
"""

from __future__ import annotations

from typing import Any

from altibox.core.svg import esc as svg_esc
from web.html.escape import esc
from web.play.session import Session

UNKNOWN_CLICK = ("That click was not understood: the board on this page has been changed outside "
                 "Altibox. Nothing was played; the board is drawn again as it is.")
"""The ``#hint`` words for a ``data-cell`` or ``data-move`` that the board drawn does not carry."""

NEWER_GAME = ("This game was played on in another tab or window since this page was opened: "
              "starting the new game would replace it, so you are asked first.")
"""The ``#notice`` words when a new game would overwrite a game another tab saved meanwhile."""

START_FAILED = ("Something went wrong while opening this page, so the list of games is shown "
                "instead. Reloading the page tries again.")
"""The ``#notice`` words of the last-resort guard of the start-up (``App.start``)."""

MAX_ATTRIBUTE = 200
"""Longest clicked attribute value looked up (no board cell or move is longer)."""


def drawn(svg: str | None, attribute: str, value: Any) -> bool:
    """True when the board's last drawn ``svg`` carries ``attribute="value"``, i.e. the value
    read back from a clicked element is one the page itself drew (DESIGN.md §3: every cell
    carries ``data-cell``, every whole move ``data-move``). A value changed by devtools or an
    extension (Alto ``data-cell="zz"``, Altitude ``hand:abc``) is not, and is refused before it
    reaches the rules or the selection.

    Args:
        svg: the text of the board's ``<svg>`` as last drawn; ``None`` when nothing was drawn
            (no page to click: the value is then left to the rules to check, and this is True).
        attribute: ``"data-cell"`` or ``"data-move"``.
        value: the attribute's value as read from the element.

    >>> drawn('<g data-cell="a1"></g>', "data-cell", "a1"), drawn('<g data-cell="a1"></g>', "data-cell", "zz")
    (True, False)
    >>> drawn(None, "data-cell", "a1"), drawn(None, "data-cell", "a" * 1000)
    (True, False)
    """
    if not isinstance(value, str) or not value or len(value) > MAX_ATTRIBUTE:
        return False
    if svg is None:
        return True
    return any(f'{attribute}="{e(value)}"' in svg for e in (svg_esc, esc))


def click_drawn(svg: str | None, cell: str | None, move: str | None) -> bool:
    """True when a board click may go on: its ``data-move`` (when it hit one) or else its
    ``data-cell`` (when it hit one) was drawn on ``svg`` (see :func:`drawn`); a click on
    neither (an empty part of the board) is fine too.

    >>> svg = '<g data-cell="a1"><g data-move="a1b2"></g></g>'
    >>> click_drawn(svg, "a1", "a1b2"), click_drawn(svg, "a1", None), click_drawn(svg, None, None)
    (True, True, True)
    >>> click_drawn(svg, "zz", None), click_drawn(svg, "a1", "a1zz")
    (False, False)
    """
    if move is not None:
        return drawn(svg, "data-move", move)
    return cell is None or drawn(svg, "data-cell", cell)


def newer_game(game_id: str, stored: str | None, seen: str | None) -> Session | None:
    """The game another tab saved since this tab last read or wrote the save, when starting a
    new game here now would overwrite it: ``None`` when it is safe to write.

    Compared at the moment of writing, not when the screen was drawn (issue 23: a new-game form
    left open in tab B must not wipe the game tab A played meanwhile).

    Args:
        game_id: the game whose save would be replaced.
        stored: the save's text in storage now (``None``: no save).
        seen: the save's text as this tab last read or wrote it (``None``: none).

    Returns:
        the stored game, replayed, when it differs from ``seen``, can be read, has at least one
        move and is not over (a finished or unreadable save is not worth asking about); else
        ``None``.
    """
    if stored is None or stored == seen:
        return None
    try:
        session = Session.from_text(game_id, stored)
    except ValueError:
        return None
    if session.ply == 0 or session.module.is_over(session.state):
        return None
    return session


def latest(session: Session, saved: str | None, last_saved: str | None) -> tuple[Session, str | None]:
    """The game to show when the player chooses to go on with the game in progress:
    ``(session, last_saved)`` unchanged, or the game saved now (``saved``, the save's text, and
    that text) when another tab saved a newer one since ``last_saved`` was read. Another tab's
    writes reach this tab's storage a moment later, so the game read when the new-game form was
    refused may lag a ply behind. A broken save keeps ours (it is dealt with when it opens).

    >>> import json
    >>> s, t = Session.new("alto", seed=1), Session.new("alto", seed=1)
    >>> seen = json.dumps(s.record())
    >>> _ = t.play(t.module.legal_moves(t.state)[0])
    >>> [latest(s, text, seen)[0].ply for text in (json.dumps(t.record()), "{bad", seen, None)]
    [1, 0, 0, 0]
    """
    if saved is None or saved == last_saved:
        return session, last_saved
    try:
        return Session.from_text(session.game_id, saved), saved
    except Exception:
        return session, last_saved

