"""Bots in the page: seats, bot seeds, the search in time slices, and the pace of bot moves.

Pure Python (no browser imports), tested in CPython; ``web.dom.app`` only runs :class:`BotTurn` in
an ``async`` loop that yields to the browser between slices and plays the move it returns.

- **Seats.** A record's ``meta["seats"]`` lists each seat's kind: ``"person"`` or a bot level
  (``"random"``, ``"easy"``, ``"medium"``, ``"hard"``; see ``altibox.bots.LEVELS``).
  :func:`web.play.seats.parse_seat` reads one from a form or a link (``&seat2=hard``, also ``bot:hard``).
- **Determinism.** The bot to move at ply ``k`` of a game with seed ``S`` searches with seed
  :func:`bot_seed` ``(S, k)``, so ``altibox.bots.choose_move(game, state_k, level,
  bot_seed(S, k))`` gives the move the page played, and a record replays exactly.
- **Never frozen.** :meth:`BotTurn.work` runs ``Search.step`` until a deadline (default
  :data:`SLICE_MS`): the page yields between slices, so a click waits at most one slice. Where
  the search pauses depends on time; the move does not (the budget counts simulations).
- **Pace.** A bot's move shows :data:`PACE_MS` after the position before it was shown (a
  person can follow; thinking time counts), or at once when the player asked for "Faster".
"""

from __future__ import annotations

import time
from typing import Any, Callable

from altibox import bots


#: The longest stretch of search between two yields to the browser, in ms. The slice may run
#: over by one unit of work (a simulation: ~1 ms in CPython, a few in the browser).
SLICE_MS = 25.0
#: A bot's move shows at least this long (ms) after the position before it was shown.
PACE_MS = 900.0
#: The same with "Faster" on.
FAST_PACE_MS = 0.0


def bot_seed(game_seed: Any, ply: int) -> str:
    """The bot seed for the move at ply ``ply`` (0-based: the number of moves already played)
    of the game with seed ``game_seed`` (the record's ``seed``; ``None`` for a game that began
    from a position). Same game, same ply: same seed, so the move replays exactly."""
    return f"{game_seed}/ply/{ply}"


class BotTurn:
    """One bot move being searched, in slices.

    Args:
        game_id: a key of ``altibox.GAMES``.
        state: the position; the bot plays for its ``current_player``.
        level: a bot level.
        game_seed: the record's seed (see :func:`bot_seed`).
        ply: moves played before this one.
        clock: seconds (monotonic); the browser passes ``performance.now() / 1000``.

    Attributes:
        seat: the seat the bot plays for. ply: as given. slices: slices done so far.
        longest_ms: the longest slice so far, in ms (by ``clock``).

    Raises:
        ValueError: an unknown level or a finished game (from ``altibox.bots.Search``).
    """

    def __init__(self, game_id: str, state: Any, level: str, game_seed: Any, ply: int,
                 clock: Callable[[], float] = time.perf_counter):
        self.game_id = game_id
        self.ply = ply
        self.level = level
        self.clock = clock
        t0 = clock()
        self.search = bots.Search(game_id, state, level, bot_seed(game_seed, ply))
        self.seat = self.search.player
        self.slices = 0
        self.longest_ms = (clock() - t0) * 1000.0
        self.done = False

    def work(self, slice_ms: float = SLICE_MS) -> bool:
        """Search for at most about ``slice_ms`` ms; True once the move is found."""
        if self.done:
            return True
        t0 = self.clock()
        self.done = self.search.step(deadline=t0 + slice_ms / 1000.0, clock=self.clock)
        self.slices += 1
        self.longest_ms = max(self.longest_ms, (self.clock() - t0) * 1000.0)
        return self.done

    @property
    def progress(self) -> float:
        """How much of the search budget is spent, 0 to 1."""
        return self.search.progress

    @property
    def move(self) -> str:
        """The move found (notation). Only final once :meth:`work` returned True."""
        return str(self.search.best())


def wait_ms(shown_at_ms: float, now_ms: float, fast: bool) -> float:
    """How long (ms) a found bot move still waits before it is shown: the pace counts from
    when the position before it was shown (``shown_at_ms``), so a bot that thought long shows
    its move at once. Never negative."""
    pace = FAST_PACE_MS if fast else PACE_MS
    return max(0.0, pace - (now_ms - shown_at_ms))


def thinking_words(name: str, kind: str) -> str:
    """``#status`` while a bot searches: ``"White (bot, hard) is thinking…"`` (a bot's default
    name already says what it is: ``"Bot 2 (hard) is thinking…"``)."""
    if f"({kind})" in name:
        return f"{name} is thinking…"
    return f"{name} (bot, {kind}) is thinking…"


