"""How the page drives each game's board: selection, rendering, what the DOM may show.

Pure Python (no browser imports). One :class:`BoardUI` per game with a page; the rules stay in
``altibox`` — these classes only translate between clicks on ``data-cell`` groups and the
game's own helpers (``sources``, ``choice_cells``, ``render_svg``, ``public_position``).
"""

from __future__ import annotations

import re
from typing import Any

from altibox import GAMES


class BoardUI:
    """The page's side of one game.

    Attributes:
        game_id: key of ``altibox.GAMES``.
        hidden: True when the game has hidden information: the page then shows a "pass the
            device" screen between two players' turns and asks the mover to confirm each turn
            (undo is only possible before that), so no one sees another's hand.
    """

    game_id = ""
    hidden = False

    @property
    def module(self):
        return GAMES[self.game_id]

    def position(self, state: Any) -> str:
        """The text for ``#board[data-position]``: the position as the page shows it."""
        return self.module.to_position(state)

    def move_text(self, move: str) -> str:
        """The notation shown in ``#log`` (a game may hide part of it)."""
        return move

    def selectable(self, state: Any, viewer: int | None) -> set[str]:
        """``data-cell`` values whose click selects something (the rest deselect)."""
        return set()

    def select(self, ui: dict, cell: str | None) -> None:
        """Record the selection of ``cell`` (None: clear it) in ``ui``."""
        ui["selected"] = cell

    def is_selected(self, ui: dict, cell: str) -> bool:
        return ui.get("selected") == cell

    def svg(self, state: Any, ui: dict, viewer: int | None, names: list[str], hide: bool,
            last: str | None, last_player: int | None) -> str:
        raise NotImplementedError

    def focus_after(self, move: str) -> str | None:
        """The cell to focus after ``move`` was played with the keyboard."""
        return None


class AltoUI(BoardUI):
    """Alto: select a source cell, then click one of its destinations (``data-move``)."""

    game_id = "alto"

    def selectable(self, state, viewer):
        return set(self.module.sources(state))

    def svg(self, state, ui, viewer, names, hide, last, last_player):
        return self.module.render_svg(state, {"selected": ui.get("selected"), "last": last,
                                              "focus": ui.get("focus")})

    def focus_after(self, move):
        return move[-2:]


class AltitudeUI(BoardUI):
    """Altitude: the drawn card is the current choice; clicking a hand card makes that card
    the choice; legal targets for the choice carry ``data-move``."""

    game_id = "altitude"
    hidden = True

    def position(self, state):
        return self.module.public_position(state)

    def move_text(self, move):
        return self.module.public_move(move)

    def selectable(self, state, viewer):
        if viewer is None:
            return set()
        return set(self.module.choice_cells(self.module.view(state, viewer)))

    def select(self, ui, cell):
        if cell is None or cell == "drawn":
            ui["selected"] = None
            ui["selected_cell"] = cell
        else:
            ui["selected"] = int(cell.split(":", 1)[1])
            ui["selected_cell"] = cell

    def is_selected(self, ui, cell):
        return ui.get("selected_cell") == cell and cell != "drawn"

    def svg(self, state, ui, viewer, names, hide, last, last_player):
        module = self.module
        seat = viewer if viewer is not None else (module.current_player(state) or 0)
        return module.render_svg(module.view(state, seat), {
            "selected": ui.get("selected"), "names": names, "focus": ui.get("focus"),
            "hide_hand": hide or viewer is None, "last": last, "last_player": last_player,
        })


BOARDS: dict[str, BoardUI] = {ui.game_id: ui for ui in (AltoUI(), AltitudeUI())}

_SEAT = re.compile(r"\bPlayer ([1-4])\b")


def with_names(text: str, names: list[str] | None) -> str:
    """Replace the rules' default seat names ("Player 1".."Player 4") by the players' names."""
    if not names:
        return text
    return _SEAT.sub(lambda m: names[int(m.group(1)) - 1] if int(m.group(1)) <= len(names) else m.group(0), text)
