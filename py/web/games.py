"""How the page drives each game's board: one adapter per game with a page.

Pure Python (no browser imports). The rules stay in ``altibox``; an adapter only translates
between clicks on ``data-cell`` groups and the game's own helpers (``render_svg``, its view).
:data:`BOARDS` is the one registry of the games that have a page: adding a game means a rules
package, one line in ``altibox.GAMES`` and one adapter here.

The page calls, for the game shown:

- ``position(state)`` for ``#board[data-position]`` (the public position in a game with hidden
  information), ``move_text(move)`` for the notation in ``#log``;
- ``svg(frame)`` for the board, from one :class:`Frame` (the view to draw and the page's
  selection);
- ``selectable(frame)``, ``select(ui, cell)``, ``is_selected(ui, cell)`` for two-step choices
  (a source, then a ``data-move`` target), ``focus_after(move)`` for keyboard play;
- ``why_not(frame, cell)``: the words the page shows when a click on ``cell`` plays nothing
  (issue 12); by default the game's ``words.why_not(view, cell, names)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from altibox import GAMES


@dataclass(frozen=True)
class Frame:
    """Everything one board render needs.

    Attributes:
        view: ``module.view(state, viewer)``: only what the seat shown may see (``viewer`` None:
            the public view, as on the pass-the-device screen).
        viewer: the seat whose view it is, or None.
        withhold: what the last step revealed to ``viewer`` stays hidden (End turn awaited).
        ui: the page's selection: ``{"selected": cell or None, "focus": cell or None, ...}``.
        names: every seat's name.
        last: notation of the last move, or None.
        last_player: the seat that played it, or None.
        turn: the seat the page shows as having the turn (``#status``'s dot; while End turn is
            awaited still the mover's), or None: one truth for status, dot and panels.
    """

    view: Any
    viewer: int | None
    withhold: bool = False
    ui: dict = field(default_factory=dict)
    names: tuple[str, ...] = ()
    last: str | None = None
    last_player: int | None = None
    turn: int | None = None


class BoardUI:
    """The page's side of one game (subclass per game; see the module docstring)."""

    game_id = ""

    @property
    def module(self):
        return GAMES[self.game_id]

    def position(self, state: Any) -> str:
        """The text for ``#board[data-position]``: the position as the page shows it."""
        return self.module.to_position(state)

    def move_text(self, move: str) -> str:
        """The notation shown in ``#log`` (a game may hide part of it)."""
        return move

    def selectable(self, frame: Frame) -> set[str]:
        """``data-cell`` values whose click selects something (the rest deselect)."""
        return set()

    def select(self, ui: dict, cell: str | None) -> None:
        """Record the selection of ``cell`` (None: clear it) in ``ui``."""
        ui["selected"] = cell

    def is_selected(self, ui: dict, cell: str) -> bool:
        return ui.get("selected") == cell

    def svg(self, frame: Frame) -> str:
        """The board's SVG for ``frame``."""
        raise NotImplementedError

    def focus_after(self, move: str) -> str | None:
        """The cell to focus after ``move`` was played with the keyboard."""
        return None

    def why_not(self, frame: Frame, cell: str) -> str:
        """Why a click on ``cell`` plays nothing, in words for the page (``""``: nothing to
        say). The generic hook: the game's ``why_not(view, cell, names)`` when it has one."""
        rule = getattr(self.module, "why_not", None)
        return rule(frame.view, cell, list(frame.names)) if rule is not None else ""


class AltoUI(BoardUI):
    """Alto: select a source cell, then click one of its destinations (``data-move``)."""

    game_id = "alto"

    def selectable(self, frame):
        """The source cells of the legal moves (``a1b2`` starts at ``a1``; placements have none)."""
        return {m[:2] for m in frame.view["legal_moves"] if not m.startswith("@")}

    def svg(self, frame):
        return self.module.render_svg(frame.view, {"selected": frame.ui.get("selected"),
                                                   "last": frame.last, "focus": frame.ui.get("focus")})

    def focus_after(self, move):
        return move[-2:]

    def why_not(self, frame, cell):
        return self.module.why_not(frame.view, cell, list(frame.names), frame.ui.get("selected"))


class AltitudeUI(BoardUI):
    """Altitude: the drawn card is the current choice; clicking a hand card makes that card
    the choice; legal targets for the choice carry ``data-move``."""

    game_id = "altitude"

    def position(self, state):
        return self.module.public_position(state)

    def move_text(self, move):
        return self.module.public_move(move)

    def selectable(self, frame):
        if frame.viewer is None or frame.withhold:
            return set()
        return set(self.module.choice_cells(frame.view))

    def select(self, ui, cell):
        if cell is None or cell == "drawn":
            ui["selected"] = None
            ui["selected_cell"] = cell
        else:
            ui["selected"] = int(cell.split(":", 1)[1])
            ui["selected_cell"] = cell

    def is_selected(self, ui, cell):
        return ui.get("selected_cell") == cell and cell != "drawn"

    def svg(self, frame):
        return self.module.render_svg(frame.view, {
            "selected": frame.ui.get("selected"), "names": list(frame.names),
            "focus": frame.ui.get("focus"), "withhold": frame.withhold,
            "last": frame.last, "last_player": frame.last_player, "turn": frame.turn,
        })

    def why_not(self, frame, cell):
        if frame.withhold:
            return "End the turn first (or undo)."
        return self.module.why_not(frame.view, cell, list(frame.names), frame.ui.get("selected"))


BOARDS: dict[str, BoardUI] = {ui.game_id: ui for ui in (AltoUI(), AltitudeUI())}
