"""How the page drives each game's board: one adapter per game with a page.

Pure Python (no browser imports). The rules stay in ``altibox``; an adapter only translates
between clicks on ``data-cell`` groups and the game's own helpers (``render_svg``, its view).
:data:`BOARDS` is the one registry of the games that have a page: adding a game means a rules
package, one line in ``altibox.GAMES`` and one adapter here.

The page calls, for the game shown:

- ``position(state)`` for ``#board[data-position]`` (the public position in a game with hidden
  information), ``log_entries(...)`` for ``#log`` (the game's ``log_entry``);
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
        main: the seat whose board a game drawing one big board shows big (Altiplano), or
            None for the game's own choice (the viewer, else the seat to act). Set once the
            game is over with the public view: the last person who moved.
    """

    view: Any
    viewer: int | None
    withhold: bool = False
    ui: dict = field(default_factory=dict)
    names: tuple[str, ...] = ()
    last: str | None = None
    last_player: int | None = None
    turn: int | None = None
    main: int | None = None


class BoardUI:
    """The page's side of one game (subclass per game; see the module docstring)."""

    game_id = ""
    #: the page says in words why a click did nothing (``#hint``), from :meth:`why_not`
    explains = False

    @property
    def module(self):
        return GAMES[self.game_id]

    def position(self, state: Any) -> str:
        """The text for ``#board[data-position]``: the position as the page shows it."""
        return self.module.to_position(state)

    def selectable(self, frame: Frame) -> set[str]:
        """``data-cell`` values whose click selects something (the rest deselect)."""
        return set()

    def click_cell(self, frame: Frame, cell: str) -> str:
        """The cell a click on ``cell`` stands for (default: itself)."""
        return cell

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

    def log_entries(self, states: list, log: list[tuple[str, str]],
                    names: list[str]) -> list[tuple[str, str]]:
        """``#log`` entries ``(notation as shown, words)``, one per ply, as everyone may read
        them now (``states[k]`` is the position after k plies, ``log[k - 1]`` ply k): the
        game's own ``log_entry`` (Altitude hides the returned cards, Altiplano the placements
        of a Planning phase that has not ended)."""
        entry, now = self.module.log_entry, states[-1]
        return [entry(states[k - 1], m, w, now, names) for k, (m, w) in enumerate(log, 1)]

    def why_not(self, frame: Frame, cell: str | None, selected: str | None = None) -> str | None:
        """Why a click on ``cell`` (None: outside every cell) plays nothing, in words, or None
        when the page should say nothing more than its usual hint. ``selected`` is the cell
        that was selected before the click."""
        return None

    def prompt_selection(self, ui: dict) -> Any:
        """The selection the game's ``prompt`` should know of (its ``selected=`` argument), or
        None: the status line then says only whose turn it is and what to do."""
        return None

    def banner(self, frame: Frame) -> str | None:
        """The round banner's text (phase, start player, final round), or None for no banner."""
        return None

    def privacy_words(self, name: str) -> tuple[str, str]:
        """``(sentence, button label)`` of the pass-the-device screen for the player ``name``
        (plain text; the page escapes it)."""
        return (f"Pass the device to {name}. Their cards stay hidden until they are ready.",
                f"I am {name}: show my cards")

    def first_focus(self, frame: Frame) -> str | None:
        """The cell to focus when a player takes the device (None: the board's first)."""
        return None

    def active_board(self, frame: Frame) -> str | None:
        """A CSS selector, inside ``#board``, of the part to bring into view when a player takes
        the device (their own board), or None to leave the page where it is."""
        return None

    def undo_target(self, turns: Any, states: list) -> int | None:
        """The ply Undo goes back to, or None: ``turns.undo_target`` (never past what someone
        was shown), and never past a ply the rules make an undo barrier once its step has
        ended (``module.undo_barrier``; while End turn is awaited the mover may still undo)."""
        target = turns.undo_target(states)
        if target is None or turns.needs_confirm(states) or len(states) < 2:
            return target
        return None if self.module.undo_barrier(states[-2], states[-1]) else target

    def bar_action(self, frame: Frame) -> tuple[str, str] | None:
        """``(move, button text)`` of the step the status asks for, shown in the turn bar too
        (``#bar-act``, issue 22: on a phone the board's own button is below the fold), or
        None. Its move is also a ``data-cell``/``data-move`` of the board as drawn."""
        return None

    def confirm_first(self, frame: Frame, move: str) -> str | None:
        """The words a first click on ``move`` shows instead of playing it (a consequence a
        newcomer does not expect; the game's ``confirm_first``), or None: it plays at once."""
        ask = getattr(self.module, "confirm_first", None)
        return ask(frame.view, move) if ask is not None else None

    def draggable(self, frame: Frame) -> set[str]:
        """``data-cell`` values that may be dragged onto a ``data-move`` target (drag and drop
        selects the cell, then plays the move dropped on)."""
        return set()

    def view_click(self, frame: Frame, cell: str | None) -> bool:
        """A click that changes only what the board shows, never the game (Altitude's
        mountain tabs): recorded in ``frame.ui`` and True, at any time, whoever is to move;
        False for every other cell."""
        return False


class AltoUI(BoardUI):
    """Alto: select a source cell, then click one of its destinations (``data-move``)."""

    game_id = "alto"
    explains = True

    def selectable(self, frame):
        """The source cells of the legal moves (``a1b2`` starts at ``a1``; placements have none)."""
        return {m[:2] for m in frame.view["legal_moves"] if not m.startswith("@")}

    def svg(self, frame):
        view = frame.view
        if frame.viewer is None and view.get("legal_moves"):  # a bot's turn: no move to click
            view = {**view, "legal_moves": []}
        return self.module.render_svg(view, {"selected": frame.ui.get("selected"),
                                                   "last": frame.last, "focus": frame.ui.get("focus")})

    def focus_after(self, move):
        return move[-2:]

    def why_not(self, frame, cell, selected=None):
        """Alto's words (``alto.why_not``): no disc there, no legal destination from there, that
        disc cannot go there; a click outside every cell says nothing and keeps the selection."""
        if cell is None:
            return None
        return self.module.why_not(frame.view, cell, list(frame.names), selected)


class HiddenCardsUI(BoardUI):
    """A game with hidden information: the page shows its public position, and the cells a
    seat may choose come from the game's ``choice_cells`` of that seat's view (none while End
    turn is awaited, none in the public view)."""

    def position(self, state):
        return self.module.public_position(state)

    def selectable(self, frame):
        if frame.viewer is None or frame.withhold:
            return set()
        return set(self.module.choice_cells(frame.view))


class AltitudeUI(HiddenCardsUI):
    """Altitude: the drawn card is the current choice; clicking a hand card makes that card
    the choice; legal targets for the choice carry ``data-move``."""

    game_id = "altitude"
    explains = True

    def select(self, ui, cell):
        if cell is None or cell == "drawn":
            ui["selected"] = None
            ui["selected_cell"] = cell
        else:
            ui["selected"] = int(cell.split(":", 1)[1])
            ui["selected_cell"] = cell

    def is_selected(self, ui, cell):
        return ui.get("selected_cell") == cell and cell != "drawn"

    def prompt_selection(self, ui):
        """The selected hand card's id: in the setup it is the first card chosen to return, and
        ``altitude.prompt`` then asks for the second (issue 22)."""
        return ui.get("selected")

    def svg(self, frame):
        return self.module.render_svg(frame.view, {
            "selected": frame.ui.get("selected"), "names": list(frame.names),
            "focus": frame.ui.get("focus"), "withhold": frame.withhold,
            "last": frame.last, "last_player": frame.last_player, "turn": frame.turn,
            "narrow": bool(frame.ui.get("narrow")),
            # the play screen (Table), 3 or more seats on a desktop: the opponents behind tabs
            # (issue 22); a tab chosen holds until the next move, after which the mountain just
            # changed is shown. Embeds and scenes draw every mountain.
            "compact": bool(frame.ui.get("compact")),
            "shown": frame.ui.get("shown") if frame.ui.get("shown_ply") == frame.view.get("ply") else None,
        })

    def view_click(self, frame, cell):
        """``show:<seat>``: show that opponent's mountain under the tabs (until the next move)."""
        if not cell or not cell.startswith("show:"):
            return False
        frame.ui["shown"] = int(cell.split(":", 1)[1])
        frame.ui["shown_ply"] = frame.view.get("ply")
        frame.ui["focus"] = cell
        return True

    def why_not(self, frame, cell, selected=None):
        """Altitude's words (``altitude.why_not``) for the current choice (the drawn card or
        the selected hand card): that card cannot go there because…, not your turn."""
        if frame.withhold:
            return "End the turn first (End turn), or undo."
        if cell is None:
            return None
        return self.module.why_not(frame.view, cell, list(frame.names), frame.ui.get("selected"))

    def banner(self, frame):
        """The end announced before it comes (``altitude.end_warning``), or None."""
        return self.module.end_warning(frame.view, list(frame.names)) or None


class AltiplanoUI(HiddenCardsUI):
    """Altiplano: a good on a planning space (``plan:K``) or the coin pile is selected, then an
    action space (``src:SID``, ``data-move`` ``GOOD>SID``) takes it; every other whole move is
    a ``data-move`` of its own (buttons, locations, run an action, Market deals); a move with
    several variants selects its cell and the board asks once, in words (``choice:K``).

    Hidden in hot-seat play (spec §19): the placements of the current Planning phase, in the
    log (one line "NAME plans (secret until the Actions phase)" per placement, notation
    ``plan``: ``altiplano.log_entry``) and on the board (the public view; the last move is not
    outlined).
    """

    game_id = "altiplano"
    explains = True

    def draggable(self, frame):
        return {c for c in self.selectable(frame) if c.startswith("plan:") or c == "coins"}

    def click_cell(self, frame, cell):
        """A good on an action source (``src:SID:K``) whose run asks how (several variants: the
        source is selectable, the good is not) stands for the source: a click on the fish of
        the Village's card opens its choice like a click beside it (issue 22: it said "match
        no recipe"). A card's READY badge (``ready:SID``) stands for its source too: it opens
        the choice, or says why not, as the source does (new-user run: it took no click)."""
        if cell.startswith("ready:"):
            return "src:" + cell[6:]
        sid, _, k = cell[4:].partition(":") if cell.startswith("src:") else ("", "", "")
        if k:
            cells = self.selectable(frame)
            if cell not in cells and f"src:{sid}" in cells:
                return f"src:{sid}"
        return cell

    def first_focus(self, frame):
        """Planning: the first planning space; the Draw: the Draw button (on a phone the
        player's own board, not the table at the top)."""
        return {"planning": "plan:1", "draw": "draw"}.get(frame.view.get("phase"))

    def active_board(self, frame):
        """The big board of the seat shown (its header, buttons and planning spaces)."""
        return None if frame.viewer is None else f'g.board[data-player="{int(frame.viewer)}"]'

    def svg(self, frame):
        return self.module.render_svg(frame.view, {
            "selected": frame.ui.get("selected"), "names": list(frame.names),
            "narrow": bool(frame.ui.get("narrow")), "focus": frame.ui.get("focus"),
            "last": self.module.last_outlined(frame.view, frame.last, frame.viewer,
                                              frame.last_player),
            "last_player": frame.last_player, "part": frame.ui.get("part"),
            "guided": bool(frame.ui.get("guided")), "board": frame.main,
        })

    def why_not(self, frame, cell, selected=None):
        """Altiplano's words (``altiplano.why_not``, given the cell selected before the
        click); while End turn is awaited ``altiplano.END_TURN_FIRST``; the choice panel's
        Cancel and a click outside every cell say nothing."""
        if cell == "choice:cancel":
            return None
        if frame.withhold:
            return self.module.END_TURN_FIRST
        if cell is None:
            return None
        return self.module.why_not(frame.view, cell, list(frame.names), selected)

    def banner(self, frame):
        return self.module.round_banner(frame.view, list(frame.names))["text"]

    def bar_action(self, frame):
        """Draw, Done (planning or final storage), End turn, or Pass when it is all that is
        left, when the board offers it to the seat shown (``altiplano.words.bar_step``)."""
        if frame.viewer is None or frame.withhold:
            return None
        return self.module.words.bar_step(list(frame.view.get("legal_moves") or []))

    def privacy_words(self, name):
        return (f"Pass the device to {name}. The others' plans stay hidden until the Actions "
                f"phase; {name}'s board shows once {name} holds the device.",
                f"I am {name}: show my board")


BOARDS: dict[str, BoardUI] = {ui.game_id: ui for ui in (AltoUI(), AltitudeUI(), AltiplanoUI())}
