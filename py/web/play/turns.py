"""The page's turn protocol (DESIGN.md §3, Turns): who may see what, when a private step ends,
where undo must stop. Pure Python, tested in CPython without a browser.

The rules say what is private and what is revealed; this module only applies that to people
sharing one device (and bots):

- A *private step* is what one seat does while the others must not look. The rules say when the
  seat to act holds such information (``module.private_step(state)``: Altitude's hand,
  Altiplano's draw and planning). A step ends when the rules say the next seat acts
  (:func:`turn_ended`: the seat to act changes, or the same seat starts a new turn, e.g.
  Altitude's double turn), or when the game ends; not after every move.
- When a *person's* step ends and what follows is private (the next seat's step is private, or the
  ply revealed something new to the mover, e.g. Altitude's double turn), the page asks the mover
  to **end the turn** (``#confirm``) before anything new is shown; until then the mover may undo.
  End turn commits: undo never goes back before it.
- A solo game (one seat) never asks End turn and never hides the player's own cards: there is
  nobody to hide them from. The next draw is shown at once and is itself the barrier: undo never
  goes back past a card the player has seen (issue 12).
- The pass-the-device screen (``#privacy``) shows before a person's private step while more than
  one person shares the device and the next person has not said they hold it; it is rendered from
  the public view. Bot seats need no privacy screen; a game with one person never shows it.
- Where every step ends with a move of its own (``module.STEP_ENDS_WITH_MOVE``: Altiplano's
  ``draw``, ``done``, ``end``, ``pass``), that move is the End turn: no ``#confirm`` follows it,
  undo stops there, and the privacy screen shows at once at **every change of person**, public
  steps included (Altiplano's draws and turns of actions: the device changes hands, issue 22);
  a reload before a public step needs none (nothing there is hidden).
- Undo never goes back past information a person has been shown: a ply that revealed something
  to everyone (``None`` in ``reveals``) is a barrier at once; a ply that revealed something to
  seat ``s`` becomes a barrier when the page first shows ``s``'s own view at or after it. A draw
  still hidden from everyone is no barrier. Without hidden information undo is unlimited.

State kept across reloads (record ``meta["turn"]``): ``floor`` (the lowest ply undo may reach)
and ``open`` (a person's step has ended and End turn is awaited). Who holds the device is not
kept: after a reload the privacy screen shows again, so nobody sees another's cards by reloading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from web.play.seats import PERSON, seat_kinds


def turn_ended(module: Any, before: Any, after: Any) -> bool:
    """True when the ply from ``before`` to ``after`` ended the acting seat's step.

    The rules say so through ``module.turn_ended(before, after)`` where a seat may take two steps
    in a row (Altitude's double turn and solo game: the next turn starts with a new draw; the
    last Altiplano planner may also start the Actions phase); otherwise a step ends when
    ``current_player`` changes.
    """
    rule = getattr(module, "turn_ended", None)
    if rule is not None:
        return bool(rule(before, after))
    return module.current_player(before) != module.current_player(after)


@dataclass
class Turns:
    """The turn protocol of one game on this device.

    Args:
        module: the game's rules module (``altibox.GAMES[id]``): its ``INFO.hidden``,
            ``current_player``, ``is_over``, ``private_step`` and ``reveals`` are used.
        seats: per seat, ``"person"`` or a bot level (see :func:`seat_kinds`).
        floor: undo never goes below this ply.
        open: a person's step has ended and End turn is awaited.
        shown: the seat that said it holds the device (its private view may be shown), or None.
        handed_over: a move has just handed the play to another person (games whose moves end
            their steps): the pass screen shows even before a public step; not kept across a
            reload, where a public step needs no pass screen.
    """

    module: Any
    seats: list[str]
    floor: int = 0
    open: bool = False
    shown: int | None = None
    handed_over: bool = False
    _reveals: dict[int, frozenset] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------ creation / saving

    @classmethod
    def restore(cls, module: Any, states: Sequence[Any], meta: dict) -> "Turns":
        """The protocol of a game loaded from a record (``states[k]`` = position after k plies).

        A missing or unreadable ``meta["turn"]`` is read safely: in a game with hidden
        information undo then starts at the position shown (an older save kept
        ``meta["open_turn"]`` for an open turn, which is honoured).
        """
        ply = len(states) - 1
        seats = seat_kinds(meta, module.num_players(states[0]))
        saved = meta.get("turn") if isinstance(meta, dict) else None
        hidden = bool(module.INFO.hidden)
        default_floor = ply if hidden else 0
        default_open = bool(meta.get("open_turn")) if isinstance(meta, dict) else False
        if isinstance(saved, dict):
            floor = saved.get("floor")
            floor = floor if isinstance(floor, int) and not isinstance(floor, bool) and 0 <= floor <= ply \
                else default_floor
            is_open = saved.get("open") is True
        else:
            floor, is_open = default_floor, default_open
            if is_open:
                floor = max(0, ply - 1)
        turns = cls(module, seats, floor=floor)
        turns.open = is_open and ply > 0 and not module.is_over(states[-1]) \
            and turns.is_person(turns.actor(states, ply))
        return turns

    def to_meta(self) -> dict:
        """What to keep in the record's ``meta["turn"]``."""
        return {"floor": self.floor, "open": self.open}

    # ------------------------------------------------------------ facts

    def is_person(self, seat: int | None) -> bool:
        """True for a seat played by a person at this device."""
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat] == PERSON

    @property
    def persons(self) -> list[int]:
        """The seats played by people."""
        return [i for i, k in enumerate(self.seats) if k == PERSON]

    def actor(self, states: Sequence[Any], ply: int) -> int | None:
        """The seat that played ply ``ply`` (1-based)."""
        return self.module.current_player(states[ply - 1]) if ply >= 1 else None

    def reveals(self, states: Sequence[Any], ply: int) -> frozenset:
        """``module.reveals`` of ply ``ply`` (memoised; call :meth:`forget` on undo)."""
        got = self._reveals.get(ply)
        if got is None:
            got = self._reveals[ply] = frozenset(self.module.reveals(states[ply - 1], states[ply]))
        return got

    def forget(self, from_ply: int) -> None:
        """Drop memoised reveals of plies ``>= from_ply`` (they were undone)."""
        for k in [k for k in self._reveals if k >= from_ply]:
            del self._reveals[k]

    # ------------------------------------------------------------ what the page shows

    def privacy(self, states: Sequence[Any]) -> int | None:
        """The seat to pass the device to (the ``#privacy`` screen is up), or None."""
        m, state = self.module, states[-1]
        if not m.INFO.hidden or self.open or m.is_over(state) or len(self.persons) < 2:
            return None
        turn = m.current_player(state)
        if not self.is_person(turn) or self.shown == turn:
            return None
        if not m.private_step(state) and not (self.moves_end_steps and self.handed_over):
            return None
        return turn

    @property
    def moves_end_steps(self) -> bool:
        """True when the game's own moves end every step (``module.STEP_ENDS_WITH_MOVE``): no
        End turn is asked, and the device is passed at every change of person."""
        return bool(getattr(self.module, "STEP_ENDS_WITH_MOVE", False))

    def viewer(self, states: Sequence[Any]) -> tuple[int | None, bool]:
        """``(seat, withhold)``: whose own view the board shows (None: the public view), and
        whether what the last step revealed to that seat must stay hidden for now (the mover
        has not ended the turn yet, e.g. Altitude's next drawn card in a solo game).

        While End turn is awaited in a game of several people the board shows the public view:
        the mover may pass the device before ending the turn (or someone may reload the page).
        Once the game is over: the public view, but a lone person at a game with hidden
        information keeps their own view (as during the bots' turns).
        """
        m, state = self.module, states[-1]
        persons = self.persons
        if m.is_over(state):
            # as while a bot is to move: a lone person at a game with hidden information keeps
            # their own board (new-user run: at the end a bot's board took the main spot)
            return (persons[0] if m.INFO.hidden and len(persons) == 1 else None), False
        turn = m.current_player(state)
        if not m.INFO.hidden:
            # a bot's turn: the board is shown but offers no move (nobody may play for the bot)
            return (turn if self.is_person(turn) else None), False
        if self.open:
            # the mover has acted: with others at the device their hand goes face down at once
            # (the device may change hands before End turn); alone, they keep seeing it, but not
            # what the ply revealed to them (their next card)
            if len(self.persons) > 1:
                return None, False
            return self.actor(states, len(states) - 1), True
        if self.privacy(states) is not None:
            return None, False
        if self.is_person(turn):
            return turn, False
        return (persons[0], False) if len(persons) == 1 else (None, False)

    def needs_confirm(self, states: Sequence[Any]) -> bool:
        """True while End turn (``#confirm``) is awaited."""
        return self.open and not self.module.is_over(states[-1])

    def bot_to_move(self, states: Sequence[Any]) -> int | None:
        """The bot seat that must move now, or None (a person's turn, End turn awaited, over)."""
        m, state = self.module, states[-1]
        if self.open or m.is_over(state):
            return None
        turn = m.current_player(state)
        return turn if turn is not None and not self.is_person(turn) else None

    def saw(self, states: Sequence[Any], seat: int | None) -> None:
        """The page has just shown ``seat``'s own view of ``states[-1]``: every ply above the
        floor that revealed something to that seat becomes the floor (nothing is undone past
        what a person has seen)."""
        if seat is None or not self.is_person(seat):
            return
        for ply in range(len(states) - 1, self.floor, -1):
            if seat in self.reveals(states, ply):
                self.floor = ply
                return

    # ------------------------------------------------------------ events

    def moved(self, states: Sequence[Any]) -> None:
        """Ply ``len(states) - 1`` has just been played: raise the floor for a public reveal,
        and open the turn when a person's private step ended before something private."""
        m = self.module
        ply = len(states) - 1
        before, after = states[-2], states[-1]
        actor = m.current_player(before)
        shown = self.reveals(states, ply)
        if None in shown:
            self.floor = ply
        if not m.INFO.hidden or m.is_over(after) or not self.is_person(actor) or len(self.seats) == 1:
            self.open = False  # solo: no End turn; the next draw is a barrier once it is shown
            return
        if self.moves_end_steps:
            # the move itself ended the step: commit it, and pass the device when another
            # seat acts next (never ask End turn)
            self.open = False
            if turn_ended(m, before, after):
                self.floor = max(self.floor, ply)
                if m.current_player(after) != actor:
                    self.shown = None
                    self.handed_over = True
            return
        self.open = turn_ended(m, before, after) and (actor in shown or m.private_step(after))

    def end_turn(self, states: Sequence[Any]) -> None:
        """The mover confirms (End turn): no undo before this point; when another seat acts
        next, the device is passed (its owner must say they hold it)."""
        if not self.open:
            return
        ply = len(states) - 1
        actor = self.actor(states, ply)
        self.open = False
        self.floor = max(self.floor, ply)
        if self.module.current_player(states[-1]) != actor:
            self.shown = None

    def reveal(self, states: Sequence[Any]) -> None:
        """The person to act says they hold the device."""
        turn = self.module.current_player(states[-1])
        if self.is_person(turn):
            self.shown = turn
            self.handed_over = False

    def undo_target(self, states: Sequence[Any]) -> int | None:
        """The ply an Undo goes back to, or None when undo is not possible now.

        One ply at a time in a game of people; against bots, back to the last position where a
        person was to move (Alto: the person's last move and the bot's reply). Never below the
        floor, never while the device is being passed.
        """
        ply = len(states) - 1
        if ply <= self.floor or self.privacy(states) is not None:
            return None
        if len(self.persons) == len(self.seats) or not self.persons:
            return ply - 1
        m = self.module
        for target in range(ply - 1, self.floor - 1, -1):
            if self.is_person(m.current_player(states[target])):
                return target
        return None

    def undone(self, states: Sequence[Any]) -> None:
        """Plies above ``len(states) - 1`` were taken back."""
        self.forget(len(states))
        self.open = False

    def can_redo(self, states: Sequence[Any], viewer: int | None) -> bool:
        """Redo replays moves already made with the same knowledge: fine without hidden
        information; with it, only for the person who is shown and to move."""
        if not self.module.INFO.hidden:
            return True
        return not self.open and viewer is not None and \
            viewer == self.module.current_player(states[-1]) and self.is_person(viewer)
