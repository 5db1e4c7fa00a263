"""The play controller: one table being played, headless (pure Python, no browser imports).

A :class:`Table` holds what the play screen knows about a game in progress — the session
(states, undo/redo, the record), the turn protocol (who sees what, End turn, the privacy
screen), the seats (people and bots), the board's selection — and answers every question the
page asks of it: what the board shows (:meth:`Table.frame`), the status line, why a click does
nothing, whether Undo and Redo are open, whether a drag may start, what a double click's second
click does, and which bot is to move. The DOM glue (:mod:`web.dom`) only binds events, swaps the
strings in, saves the record and runs the bot loop.

Scenario tests drive it the way boardgame.io's testing guide drives its ``Client``::

    >>> from web.play.session import Session
    >>> t = Table(Session.new("alto", seed=7))
    >>> t.click("a1", None)
    Click(kind='hint', text='No disc can be placed on a1.', move=None)
    >>> t.click(None, "@b2").text, t.session.ply
    ('Red places a disc on b2. White to place a disc (8 left)', 1)
    >>> t.undo(), t.session.ply
    ('Took back: Red places a disc on b2. Red to place a disc (8 left)', 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from web.html import panels
from web.play.adapters import BOARDS, Frame
from web.play.board import BoardController
from web.play.guard import UNKNOWN_CLICK
from web.play.bots import BotTurn, thinking_words
from web.play.session import Session
from web.play.turns import Turns


#: the Undo button's tooltip while it is open (index.html's own title)
UNDO_TITLE = "Undo (Ctrl+Z)"

#: the hint for the second click of a double click whose first click played a move
ACTED_ONCE = "That was a double click, so it acted once: the first click played, the second did nothing."


@dataclass(frozen=True)
class Click:
    """What a click on the board did (:meth:`Table.click`).

    Attributes:
        kind: ``"play"`` (a move was played), ``"refused"`` (a move the rules refused:
            ``text`` says why, nothing changed), ``"select"``/``"deselect"`` (the selection
            changed), ``"wait"`` (the board takes no click now: ``text`` says why — game over,
            a bot choosing, End turn, the device to pass), ``"hint"`` (the person to move
            played nothing: ``text`` says why, the selection kept),
            ``"cleared"`` (nothing played, the selection cleared), ``"none"`` (nothing at all),
            ``"tampered"`` (a ``data-cell``/``data-move`` the board drawn does not carry, issue
            23: nothing played, the selection cleared; the page draws the whole board again).
        text: the words for the page: the announcement after a move, the hint, the refusal.
        move: the notation played, or None.
    """

    kind: str
    text: str | None = None
    move: str | None = None


class Table:
    """One game being played on this device (see the module docstring).

    Args:
        session: the game (:class:`web.play.session.Session`), e.g. read back from a save: the
            turn protocol is restored from its ``meta["turn"]``, so a reload resumes exactly
            (behind the privacy screen).
    Raises:
        KeyError: the game has no board adapter (``web.play.adapters.BOARDS``).
    """

    def __init__(self, session: Session):
        self.session = session
        self.adapter = BOARDS[session.game_id]
        self.board = BoardController(self.adapter)
        self.board.ui["compact"] = True  # Altitude's opponents behind tabs on a desktop (issue 22)
        self.turns = Turns.restore(session.module, session.states, session.meta)
        if session.module.INFO.hidden:
            session.redo.clear()  # a redo stack would replay moves made with hidden cards
        self._turn_passed: Any = None  # the state shown after a board click that passed the turn
        self._asked: tuple = (None, None, "")  # (state, move, words) whose first click asked (confirm_first)
        self._played: tuple = (None, None)  # (state after, data-move) of a board click that played

    @property
    def ui(self) -> dict:
        """The board's selection dict (``selected``, ``focus``, ``narrow``, ...)."""
        return self.board.ui

    # ------------------------------------------------------------ what the page shows

    def frame(self) -> Frame:
        """What the board shows now: whose view (or the public one), the selection, the last
        move, and the seat shown as having the turn."""
        s = self.session
        viewer, withhold = self.turns.viewer(s.states)
        last_player = s.module.current_player(s.states[-2]) if s.ply else None
        over = s.module.is_over(s.state)
        turn = self.status()[1] if not over else None
        return Frame(view=s.module.view(s.state, viewer), viewer=viewer, withhold=withhold,
                     ui=self.ui, names=tuple(s.names), last=s.last_move, last_player=last_player,
                     turn=turn, main=self.main_seat() if over and viewer is None else None)

    def main_seat(self) -> int | None:
        """The seat whose board is shown big once the game is over with the public view (a
        lone person keeps their own view, :meth:`Turns.viewer`): the last person who moved,
        else the last seat that moved; None before any move. During play the board shown big
        is the seat to act; at the end nobody acts, and the start player's board (a bot's,
        in the new-user run) said nothing."""
        s = self.session
        last = None
        for st in reversed(s.states[:-1]):
            q = s.module.current_player(st)
            if q is None:
                continue
            if self.turns.is_person(q):
                return q
            last = q if last is None else last
        return last

    def status(self) -> tuple[str, int | None]:
        """``#status`` words and the seat whose turn the page shows (its dot)."""
        s = self.session
        bot = self.turns.bot_to_move(s.states)
        if bot is not None:
            return thinking_words(s.names[bot], self.turns.seats[bot]), bot
        return panels.turn_status(s.module, s.states, self.turns, s.names,
                                  self.adapter.prompt_selection(self.ui))

    def privacy(self) -> tuple[str, str] | None:
        """``(sentence, button label)`` of the pass-the-device screen, or None when the board
        is not hidden behind it."""
        who = self.turns.privacy(self.session.states)
        return None if who is None else self.adapter.privacy_words(self.session.names[who])

    def log_entries(self) -> list[tuple[str, str]]:
        """``#log`` entries ``(notation as shown, words)``, as everyone may read them now."""
        s = self.session
        return self.adapter.log_entries(s.states, s.log, s.names)

    def shown(self, frame: Frame) -> bool:
        """The board was drawn from ``frame``: what it showed its viewer may become an undo
        barrier. True when that changed the turn state (the page saves it)."""
        if frame.withhold:
            return False
        floor = self.turns.floor
        self.turns.saw(self.session.states, frame.viewer)
        return self.turns.floor != floor

    def bar_action(self, frame: Frame | None = None) -> tuple[str, str] | None:
        """``(move, text)`` of the turn bar's step button (``#bar-act``), or None when no
        person may play now or the game names none (``BoardUI.bar_action``). ``frame``:
        :meth:`frame`, when the caller has it."""
        frame = frame or self.frame()
        return self.adapter.bar_action(frame) if self.refusal(None, frame) is None else None

    def needs_confirm(self) -> bool:
        """True while End turn (``#confirm``) is awaited."""
        return self.turns.needs_confirm(self.session.states)

    def can_undo(self) -> bool:
        """Undo would take something back (never past what someone was shown)."""
        return self.adapter.undo_target(self.turns, self.session.states) is not None

    def undo_title(self) -> str:
        """The Undo button's tooltip: its shortcut, and when it is closed, why (a player who
        sees it greyed out reads the rule that closed it, issue 22)."""
        if self.can_undo():
            return UNDO_TITLE
        states = self.session.states
        if len(states) < 2:
            return f"{UNDO_TITLE}: nothing to take back yet"
        if self.turns.privacy(states) is not None:
            return f"{UNDO_TITLE}: not while the device is passed to the next player"
        if self.session.module.INFO.hidden:
            return (f"{UNDO_TITLE}: closed. A finished step (a planning done, a turn ended) or what "
                    f"a draw or a reveal showed cannot be taken back")
        return f"{UNDO_TITLE}: nothing of yours to take back"

    def can_redo(self) -> bool:
        """Redo would replay a move taken back (never one made with hidden cards)."""
        s = self.session
        return s.can_redo() and self.turns.can_redo(s.states, self.turns.viewer(s.states)[0])

    def has_bots(self) -> bool:
        """True when any seat is a bot."""
        return any(k != "person" for k in self.turns.seats)

    def record(self) -> dict:
        """The record to save, with the turn protocol's state in ``meta["turn"]``."""
        s = self.session
        s.meta.pop("open_turn", None)  # older saves kept the open turn there
        s.meta["turn"] = self.turns.to_meta()
        return s.record()

    # ------------------------------------------------------------ clicks

    def refusal(self, cell: str | None = None, frame: Frame | None = None) -> str | None:
        """Why the board takes no click now, in words (game over, a bot choosing, End turn
        awaited, the device to pass, a seat that is not the viewer's: the game's why-not for
        ``cell``); ``""`` when the game says nothing; None when a person may play now.
        ``frame``: :meth:`frame`, when the caller has it."""
        s, turns = self.session, self.turns
        frame = frame or self.frame()
        if not (frame.viewer is None or frame.withhold or s.module.is_over(s.state)
                or frame.viewer != s.module.current_player(s.state) or not turns.is_person(frame.viewer)):
            return None
        if not self.adapter.explains:
            return ""
        who = turns.privacy(s.states)
        bot = turns.bot_to_move(s.states)
        if s.module.is_over(s.state):
            return "The game is over: Rematch, or start a new game."
        if bot is not None:
            return f"Wait for {s.names[bot]}: the computer is choosing its move."
        if turns.needs_confirm(s.states):
            return "End the turn first (End turn), or undo."
        if who is not None:
            return f"Pass the device to {s.names[who]} first: they press “I am {s.names[who]}”."
        return self.adapter.why_not(frame, cell) or ""

    def click(self, cell: str | None, move: str | None) -> Click:
        """A click or Enter on the board: ``move`` is the ``data-move`` under it (or None),
        ``cell`` the ``data-cell``. Plays, (de)selects, or says why nothing happens."""
        if not self.board.drew(cell, move):
            self.board.clear()  # changed in the page (issue 23): nothing played, drawn again
            return Click("tampered", UNKNOWN_CLICK)
        frame = self.frame()
        if move is None and self.adapter.view_click(frame, cell):  # a tab: the board only
            return Click("select")
        why = self.refusal(cell, frame)
        if why is not None:
            return Click("wait", why) if why else Click("none")
        what, arg = self.board.click(frame, cell, move)
        if what == "play":
            ask = self.adapter.confirm_first(frame, arg)
            state = self.session.state
            if ask and not (self._asked[0] is state and self._asked[1] == arg):
                self._asked = (state, arg, ask)  # a second click on it, with nothing between, plays it
                return Click("hint", ask)
            return self.play(arg)
        if what in ("select", "deselect"):
            return Click(what)
        if what == "none":
            return Click("none")
        s = self.session
        selected = self.board.selected
        why = self.adapter.why_not(frame, arg, selected)  # (the cell the click stands for)
        if why:  # a click that plays nothing: say why, keep the selection (issue 12)
            return Click("hint", why)
        had = self.board.clear()
        return Click("cleared", None if had else
                     f"Nothing to play from there. {panels.status_words(s.module, s.state, s.names)}")

    def double_click(self, cell: str | None, on_move: bool, move: str | None = None) -> str | None:
        """The second (or later) click of a double click, before it acts. Returns None when it
        acts like any click, ``""`` when it is ignored silently (on the source the first click
        selected: the selection stays), or the words to show when it is ignored because the
        first click passed the turn (it never plays for the next player), played a move and
        another move (or no move: Altiplano's good just placed) now lies under the pointer,
        played a move after which the board takes no click (:data:`ACTED_ONCE`, never the
        refusal meant for a click of its own, such as "Pass the device to …"), or asked to
        confirm ``move`` (``confirm_first``: a confirmation is a click of its own, never the
        second half of a double click — new-user run: a double click on "Done planning"
        planned nothing)."""
        if self.board.keeps_double_click(cell):
            return ""
        if move is not None and self._asked[0] is self.session.state and self._asked[1] == move:
            # the question stays above the sentence that points to it (new-user run: a double
            # click on Altiplano's "Done planning" left only "read the words above", and no words)
            return (f"{self._asked[2]}\nThat was a double click, so it did not confirm: read the words "
                    "above, then click once more to confirm.")
        s = self.session
        if self._played[0] is s.state and self._played[1] is not None and self.refusal(cell):
            # the first click played and the board now takes no click (the device to pass, End
            # turn awaited, a bot to move, the game over): the second click was not meant for
            # what the page would answer (new-user run: a double click on Draw in a game of two
            # people said "Pass the device to Player 2 first")
            return ACTED_ONCE
        if not on_move:
            if self._played[0] is s.state and self._played[1] is not None and self._turn_passed is None:
                # the first click played (a good placed on the space under the pointer): the
                # second finds nothing selected; it says so rather than "select a good first"
                return ACTED_ONCE
            return None
        changed = ("That was a double click: the board changed under it, so the second click "
                   "did nothing. Look, then click again.")
        if self._turn_passed is not None:
            if self._turn_passed is s.state:
                return ("The turn has passed: that was a double click, so it did nothing. "
                        "Click again to play for the next player.")
            # a bot answered between the two clicks ("Faster bots"): the button under the
            # pointer is new (Altiplano: Pass where "End turn" was), and a Pass cannot be undone
            # (issue 22)
            k = next((i for i in range(len(s.states) - 1, -1, -1) if s.states[i] is self._turn_passed), None)
            if k is not None and all(not self.turns.is_person(s.module.current_player(st))
                                     for st in s.states[k:-1]):
                return changed
        # the first click played a move and another move now lies under the pointer (new-user
        # run: a double click on a good on the Market sold it and then the good that slid
        # into its space); the same move again acts as any click
        if move is not None and self._played[0] is s.state and self._played[1] not in (None, move):
            return changed
        return None

    def clicked(self, cell: str | None, move: str | None) -> Click:
        """:meth:`click`, remembering whether it passed the turn and which move it played (for
        :meth:`double_click`)."""
        s = self.session
        before, was = s.module.current_player(s.state), s.state
        done = self.click(cell, move)
        self._turn_passed = s.state if s.module.current_player(s.state) != before else None
        self._played = (s.state, move) if s.state is not was else (None, None)
        return done

    def may_drag(self, cell: str) -> bool:
        """True when a drag may start on ``cell``: the viewer is the person to move and the
        game lets that cell be dragged onto a target (Altiplano: a good, the coins)."""
        s = self.session
        frame = self.frame()
        return frame.viewer is not None and frame.viewer == s.module.current_player(s.state) \
            and self.turns.is_person(frame.viewer) and cell in self.adapter.draggable(frame)

    # ------------------------------------------------------------ changes

    def play(self, move: str) -> Click:
        """Play ``move`` (notation) for the seat to move. A move the rules refuse changes
        nothing (``"refused"``, with the rules' reason)."""
        s = self.session
        try:
            notation, words = s.play(move)
        except ValueError as exc:
            return Click("refused", f"That move is not allowed: {exc}")
        self.turns.moved(s.states)
        if not self.turns.is_person(s.module.current_player(s.states[-2])):
            # a bot's move is announced as the log shows it (Altiplano: a secret placement
            # reads "NAME plans", never what was placed where)
            words = self.log_entries()[-1][1]
        self.board.played(notation)
        return Click("play", f"{words}. {self.status()[0]}", notation)

    def undo(self) -> str | None:
        """Take back to the ply Undo reaches (never past what someone was shown); the words
        to announce, or None when nothing can be taken back."""
        s = self.session
        target = self.adapter.undo_target(self.turns, s.states)
        if target is None:
            return None
        taken = []
        while s.ply > target:
            taken.append(s.undo()[1])
        self.turns.undone(s.states)
        self.board.clear()
        return f"Took back: {'; '.join(reversed(taken))}. {self.status()[0]}"

    def redo(self) -> str | None:
        """Replay the last move taken back; the words to announce, or None."""
        s = self.session
        entry = s.redo_move() if self.can_redo() else None
        if not entry:
            return None
        self.turns.moved(s.states)
        self.board.clear()
        return f"Replayed: {entry[1]}. {self.status()[0]}"

    def end_turn(self) -> str | None:
        """The mover confirms their turn (End turn): no undo from here. The words to
        announce, or None when End turn is not awaited."""
        s = self.session
        if not self.needs_confirm():
            return None
        self.turns.end_turn(s.states)
        s.redo.clear()
        return self.status()[0]

    def reveal(self) -> str | None:
        """The player to move says they hold the device: their cards show. The words to
        announce, or None when the privacy screen is not up."""
        s = self.session
        if self.turns.privacy(s.states) is None:
            return None
        self.turns.reveal(s.states)
        return self.status()[0]

    def first_focus(self) -> str | None:
        """The cell to focus when a player takes the device."""
        return self.adapter.first_focus(self.frame())

    # ------------------------------------------------------------ bots

    def bot_to_move(self) -> int | None:
        """The bot seat to move now, or None (a person, or the game is over)."""
        return self.turns.bot_to_move(self.session.states)

    def bot_turn(self, clock: Callable[[], float] | None = None) -> BotTurn | None:
        """The search the bot scheduler should run now (a :class:`web.play.bots.BotTurn` for
        the position shown), or None when no bot is to move. ``clock``: seconds (default
        ``time.perf_counter``)."""
        seat = self.bot_to_move()
        if seat is None:
            return None
        s = self.session
        extra = {} if clock is None else {"clock": clock}
        job = BotTurn(s.game_id, s.state, self.turns.seats[seat], s.record().get("seed"), s.ply, **extra)
        job.state = s.state
        return job

    def is_current(self, job: BotTurn | None) -> bool:
        """True when ``job`` searches the position shown now (any change starts it over)."""
        return job is not None and getattr(job, "state", None) is self.session.state
