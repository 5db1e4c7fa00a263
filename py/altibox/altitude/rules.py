"""Altitude's rules engine (rules/altitude.md): state, moves, legality, scoring, views.

See the package docstring (``altibox.altitude``) for the kind of game, the move notation and
the position format; positions and records live in :mod:`altibox.altitude.position`, words in
:mod:`altibox.altitude.words`. Everything here is pure: :func:`apply` never mutates its input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import core
from ..core import (FormField, GameInfo, IllegalMoveError, Outcome, check_seed, new_seed,
                    resolve_options, rng_for)
from .cards import ANIMAL, AVALANCHE, CABLE, DAHUT, DECKS, NUM, PLACEABLE, SB, Deck, get_deck

GAME_ID = "altitude"
YEAR = "c. 2017"  # spec §2, DECISION (metadata field `year`)

DEAL = 6          # spec §7.1
HAND = 4          # spec §7.2, §7.4
MAX_BASE = 10     # spec §5
MAX_HEIGHT = 10   # spec §5 (derived)

SETUP, DRAW, FINAL, OVER = "setup", "draw", "final", "over"
PHASES = (SETUP, DRAW, FINAL, OVER)

#: Options (spec §0 table). ``{name: (type, default, choices)}``; ``players`` is passed apart.
OPTIONS: "dict[str, tuple[type, Any, Any]]" = {
    "first_player": (int, 0, None),                                          # §7.3
    "deck": (str, "house", None),       # a name in cards.DECKS                # §4
    "animal_points": (int, 1, None),                                         # §12
    "dahut_points": (int, 1, None),                                          # §4, §12
    "include_dahut": (bool, True, None),                                     # §4
    "setup_return_order": (str, "turn_order", ("turn_order", "reverse")),    # §7.2
    "base_direction": (str, "free", ("free", "fixed")),                      # §5
    "avalanche_on_base": (bool, True, None),                                 # §6
    "replace_avalanche": (bool, False, None),                                # §8 E
    "sb_any_mountain": (bool, False, None),                                  # §9
    "double_turn_height": (int, 5, None),                                    # §10 (None disables)
    "final_phase": (str, "round_robin", ("round_robin", "bulk")),            # §11
    "tiebreak": (str, "shared", ("shared", "most_cards_in_mountain")),       # §12
}

#: The static facts of Altitude (DESIGN.md §2): draws after setup (chance), hands and the
#: pile hidden.
INFO = GameInfo(
    id=GAME_ID,
    name="Altitude",
    players=range(1, 5),
    options=OPTIONS,
    chance=True,
    hidden=True,
    blurb="Build the highest mountain from numbered cards, with cable cars, avalanches, Saint "
          "Bernards and animals. Solo or with friends on one device.",
    players_text="1 to 4 players",
    default_players=2,
    seats=None,
    form=(
        FormField("players", "Players", ((1, "Solo"), (2, "2"), (3, "3"), (4, "4"))),
        FormField("first_player", "Who starts",
                  tuple((p, f"Player {p + 1}") for p in range(4))),
    ),
    notation="An action code and its arguments separated by single spaces, e.g. 'A 1.0' "
             "(place the drawn card at row 1, column 0) or 'C p1 2.-1'.",
)
NAME = INFO.name  #: alias of ``INFO.name`` (DESIGN.md §2)
PLAYERS = INFO.players  #: alias of ``INFO.players``

_NONE_WORDS = ("none", "null", "off", "")
_BLOCKED = 1 << 40   # threshold of an upper slot resting on an avalanche
_BASE = -1           # threshold of a base slot (no value rule)


def resolve(options: "dict[str, Any] | None" = None) -> "dict[str, Any]":
    """All Altitude options with defaults filled in and checked.

    ``double_turn_height`` accepts ``None`` (or the texts ``"none"``/``"null"``/``"off"``) to
    disable the double turn (spec §10), else a whole number from 1 to 10.

    Raises:
        ValueError: unknown option, wrong type, value out of range.
    """
    given = dict(options or {})
    dth_off = False
    if "double_turn_height" in given:
        v = given["double_turn_height"]
        if v is None or (isinstance(v, str) and v.strip().lower() in _NONE_WORDS):
            dth_off = True
            del given["double_turn_height"]
    opts = resolve_options(OPTIONS, given)
    if dth_off:
        opts["double_turn_height"] = None
    elif not 1 <= opts["double_turn_height"] <= MAX_HEIGHT:
        raise ValueError("option 'double_turn_height' must be from 1 to 10, or None to disable it")
    if opts["deck"] not in DECKS:
        raise ValueError(f"option 'deck' must be one of {', '.join(map(repr, DECKS))}, "
                         f"got {opts['deck']!r}")
    for name in ("animal_points", "dahut_points"):
        if opts[name] < 0:
            raise ValueError(f"option {name!r} must not be negative")
    if opts["first_player"] < 0:
        raise ValueError("option 'first_player' must not be negative")
    return opts


# --------------------------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, order=True)
class Move(core.Move):
    """One move (the one Move design of :class:`altibox.core.Move`: frozen, hashable, ordered
    by notation, ``str(move)`` is its ``text``).

    The parsed parts are available as properties: :attr:`action`, :attr:`card`,
    :attr:`card2`, :attr:`target`, :attr:`row`, :attr:`col`. Build one with
    :func:`parse_move` (which checks the syntax); see the package docstring for the notation.

        >>> m = parse_move("F2 118 p0 1.-3")
        >>> m.action, m.card, m.target, m.row, m.col
        ('F2', 118, 0, 1, -3)
    """

    __slots__ = ()

    @property
    def parts(self) -> "tuple[str, int | None, int | None, int | None, int | None, int | None]":
        """``(action, card, card2, target, row, col)``; absent parts are ``None``."""
        return _parse(self.text)

    @property
    def action(self) -> str:
        """The action code: ``R A B C D E F1 F2 H V S`` or ``pass``."""
        return _parse(self.text)[0]

    @property
    def card(self) -> "int | None":
        """The hand card played (or the first returned card for ``R``), else ``None``."""
        return _parse(self.text)[1]

    @property
    def card2(self) -> "int | None":
        """The second returned card of a setup move ``R``, else ``None``."""
        return _parse(self.text)[2]

    @property
    def target(self) -> "int | None":
        """The player whose mountain is targeted, when the notation names one (C F1 F2 V S)."""
        return _parse(self.text)[3]

    @property
    def row(self) -> "int | None":
        """The slot's row (1 = base), or ``None``."""
        return _parse(self.text)[4]

    @property
    def col(self) -> "int | None":
        """The slot's column (may be negative), or ``None``."""
        return _parse(self.text)[5]


# action -> argument layout: c = card id, p = player "p<i>", s = slot "row.col"
_LAYOUT = {
    "R": "cc", "A": "s", "B": "", "C": "ps", "D": "cs", "E": "s", "F1": "ps", "F2": "cps",
    "H": "cs", "V": "cps", "S": "cps", "pass": "",
}


def _int(tok: str, text: str) -> int:
    neg = tok.startswith("-")
    digits = tok[1:] if neg else tok
    if not digits.isdigit() or not digits.isascii() or (len(digits) > 1 and digits[0] == "0") \
            or (neg and digits == "0"):
        raise ValueError(f"bad number {tok!r} in move {text!r}")
    return int(tok)


_PARSE_CACHE: "dict[str, tuple]" = {}


def _parse(text: str) -> tuple:
    got = _PARSE_CACHE.get(text)
    if got is not None:
        return got
    if not isinstance(text, str):
        raise ValueError(f"a move must be text, got {text!r}")
    toks = text.split(" ")
    layout = _LAYOUT.get(toks[0])
    if layout is None:
        raise ValueError(f"unknown action in move {text!r}; actions are {', '.join(_LAYOUT)}")
    if len(toks) != len(layout) + 1:
        raise ValueError(f"move {text!r}: {toks[0]} takes {len(layout)} argument(s)")
    card = card2 = target = row = col = None
    for kind, tok in zip(layout, toks[1:]):
        if kind == "c":
            v = _int(tok, text)
            if v < 0:
                raise ValueError(f"bad card id {tok!r} in move {text!r}")
            if card is None:
                card = v
            else:
                card2 = v
        elif kind == "p":
            if not tok.startswith("p"):
                raise ValueError(f"move {text!r}: a player is written p0, p1, ...")
            target = _int(tok[1:], text)
            if target < 0:
                raise ValueError(f"bad player {tok!r} in move {text!r}")
        else:
            r, dot, c = tok.partition(".")
            if not dot:
                raise ValueError(f"move {text!r}: a slot is written row.col, e.g. 2.-1")
            row, col = _int(r, text), _int(c, text)
            if not 1 <= row <= MAX_HEIGHT:
                raise ValueError(f"move {text!r}: rows go from 1 to {MAX_HEIGHT}")
    out = (toks[0], card, card2, target, row, col)
    if len(_PARSE_CACHE) < 50000:
        _PARSE_CACHE[text] = out
    return out


def parse_move(text: str) -> Move:
    """Read a move's notation (package docstring, "Move notation").

    Only the canonical spelling is accepted (single spaces, no leading zeros, no ``-0``).

    Raises:
        ValueError: malformed notation (not :class:`~altibox.core.IllegalMoveError`: legality
            depends on a state, see :func:`apply`).
    """
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise ValueError(f"a move is notation text like 'A 1.0', got {text!r}")
    m = _MOVES.get(text)
    if m is None:
        _parse(text)
        m = _move(text)
    return m


_MOVES: "dict[str, Move]" = {}


def _move(text: str) -> Move:
    """The one :class:`Move` of a notation known to be well formed (cached)."""
    m = _MOVES.get(text)
    if m is None:
        m = Move(text)
        if len(_MOVES) < 50000:
            _MOVES[text] = m
    return m


# --------------------------------------------------------------------------------------------
# State


class State:
    """An Altitude game state (spec §15). Immutable by convention: never change its fields.

    Attributes (read-only):
        seed: the game seed (int), or ``None`` for a game started from a position without one.
        players: number of players (1-4).
        options: every option, resolved (dict).
        moves: the moves played since ``start`` (tuple of notation strings).
        start: the position text the game began from, or ``None`` (began from ``seed``).
        phase: ``"setup"``, ``"draw"``, ``"final"`` or ``"over"``.
        current: the player to move, ``None`` when over.
        draw_pile: card ids, bottom first (the top is the last element), tuple.
        drawn: the card drawn at the start of the current draw-phase turn, else ``None``.
        hands: per player, a sorted tuple of card ids.
        mountains: per player, a dict ``{(row, col): card id}`` (do not mutate).
        discard: card ids, bottom first, tuple.
        second_turn_pending: in the draw phase, true when the current turn is the first of a
            double turn (spec §10) and a second one follows.
        consecutive_passes: final phase: passes in a row (``round_robin``) or players whose
            final turn is over (``bulk``), spec §11.
        returned: per player, the two cards returned at setup (tuple, empty before the choice);
            the first went onto the pile first, the second on top of it.
        base_dirs: per player, 0, +1 or -1: the base direction fixed by the second base card
            when ``base_direction="fixed"`` (always 0 in ``"free"``), spec §5.
        deck: the :class:`~altibox.altitude.cards.Deck` in use.
    """

    __slots__ = ("seed", "players", "options", "moves", "start", "phase", "current",
                 "draw_pile", "drawn", "hands", "mountains", "discard", "second_turn_pending",
                 "consecutive_passes", "returned", "base_dirs", "deck", "_minfo", "_legal",
                 "_cache")

    def _copy(self) -> "State":
        new = State.__new__(State)
        for name in State.__slots__[:-3]:
            setattr(new, name, getattr(self, name))
        new._minfo = list(self._minfo)
        new._legal = None
        new._cache = {}
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in State.__slots__[:-4])

    def __hash__(self) -> int:  # states are compared, rarely hashed
        return hash((self.phase, self.current, self.draw_pile, self.drawn, self.hands,
                     self.discard))

    def __repr__(self) -> str:
        return (f"<Altitude {self.players}p {self.phase} ply={len(self.moves)} "
                f"player={self.current} pile={len(self.draw_pile)}>")


def _blank(seed, players, options, deck) -> State:
    st = State.__new__(State)
    st.seed = seed
    st.players = players
    st.options = options
    st.moves = ()
    st.start = None
    st.phase = SETUP
    st.current = options["first_player"]
    st.draw_pile = ()
    st.drawn = None
    st.hands = tuple(() for _ in range(players))
    st.mountains = tuple({} for _ in range(players))
    st.discard = ()
    st.second_turn_pending = False
    st.consecutive_passes = 0
    st.returned = tuple(() for _ in range(players))
    st.base_dirs = (0,) * players
    st.deck = deck
    st._minfo = [None] * players
    st._legal = None
    st._cache = {}
    return st


def new_game(seed: "int | None" = None, players: int = 2, **options: Any) -> State:
    """A new game: the deck shuffled and 6 cards dealt to each player (spec §7.1).

    The shuffle is ``core.rng_for(seed, "shuffle").shuffle(ids)`` over the deck's ids in id
    order; the top of the pile is the end of the list; player 0, then 1, ... each take the 6
    top cards. The game then waits for each player's setup move ``R`` (keep 4, return 2),
    starting with ``first_player``.

    Args:
        seed: integer in ``[0, 2**53)``; ``None`` draws a fresh one.
        players: 1 to 4 (1 = solo, spec §13).
        **options: see :data:`OPTIONS`.

    Raises:
        ValueError: bad seed, player count or option.
    """
    seed = new_seed() if seed is None else check_seed(seed)
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
        raise ValueError(f"Altitude is for 1 to 4 players, got {players!r}")
    opts = resolve(options)
    if opts["first_player"] >= players:
        raise ValueError(f"first_player must be below {players}")
    deck = get_deck(opts["deck"], opts["include_dahut"])
    if deck.size < players * DEAL:
        raise ValueError("the deck is too small for that many players")
    ids = list(deck.ids)
    rng_for(seed, "shuffle").shuffle(ids)
    st = _blank(seed, players, opts, deck)
    hands = []
    for _ in range(players):
        hands.append(tuple(sorted(ids[-DEAL:])))
        del ids[-DEAL:]
    st.hands = tuple(hands)
    st.draw_pile = tuple(ids)
    return st


def num_players(state: State) -> int:
    """The number of players (1-4)."""
    return state.players


def seat_name(state: State, player: int) -> str:
    """``"Player 1"`` .. ``"Player 4"`` (names chosen on the page live in the record's meta).

    Raises:
        ValueError: no such player.
    """
    _check_player(state, player)
    return f"Player {player + 1}"


def current_player(state: State) -> "int | None":
    """The player to move (also during setup), or ``None`` when the game is over."""
    return state.current


def _check_player(state: State, player: Any) -> None:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise ValueError(f"no player {player!r} in a {state.players}-player game")


# --------------------------------------------------------------------------------------------
# Mountain geometry (spec §5, §6)


class MountainInfo:
    """Facts about one mountain, computed once per state (spec §5).

    Attributes:
        height: highest row holding a card (0 for an empty mountain).
        open: empty slots a card could go to, as ``(row, col, threshold)``; threshold is -1 for
            a base slot, the larger support value (cable car = 0) for an upper slot, or a huge
            number when a support is an avalanche.
        uncovered: occupied slots with nothing resting on them, ``[(row, col)]``.
        avalanches: the uncovered avalanches, ``[(row, col)]``.
    """

    __slots__ = ("height", "open", "uncovered", "avalanches")


def _compute_info(m: dict, bdir: int, fixed: bool, kind: dict, value: dict) -> MountainInfo:
    info = MountainInfo()
    if not m:
        info.height = 0
        info.open = [(1, 0, _BASE)]
        info.uncovered = []
        info.avalanches = []
        return info
    height = 0
    base = []
    opens = []
    unc = []
    avs = []
    for (r, c), cid in m.items():
        if r > height:
            height = r
        if r == 1:
            base.append(c)
        right = m.get((r, c + 1))
        if right is not None and (r + 1, c) not in m:
            if kind[cid] == AVALANCHE or kind[right] == AVALANCHE:
                thr = _BLOCKED
            else:
                a, b = value[cid], value[right]
                thr = a if a > b else b
            opens.append((r + 1, c, thr))
        if (r + 1, c) not in m and (r + 1, c - 1) not in m:
            unc.append((r, c))
            if kind[cid] == AVALANCHE:
                avs.append((r, c))
    lo, hi = min(base), max(base)
    if hi - lo + 2 <= MAX_BASE:
        if not fixed or bdir <= 0:
            opens.append((1, lo - 1, _BASE))
        if not fixed or bdir >= 0:
            opens.append((1, hi + 1, _BASE))
    if hi - lo + 1 > len(base):
        # a hole inside the span only next to a base card: "each new card placed on a
        # mountain must touch at least one existing card" (seed 002; spec §5)
        bs = set(base)
        for c in range(lo + 1, hi):
            if c not in bs and (c - 1 in bs or c + 1 in bs):
                opens.append((1, c, _BASE))
    info.height = height
    info.open = opens
    info.uncovered = unc
    info.avalanches = avs
    return info


def mountain_info(state: State, player: int) -> MountainInfo:
    """The :class:`MountainInfo` of ``player``'s mountain (cached on the state)."""
    info = state._minfo[player]
    if info is None:
        deck = state.deck
        info = _compute_info(state.mountains[player], state.base_dirs[player],
                             state.options["base_direction"] == "fixed", deck.kind, deck.value)
        state._minfo[player] = info
    return info


def height(state: State, player: int) -> int:
    """Height of ``player``'s mountain: the highest row holding any card (spec §5), 0..10."""
    return mountain_info(state, player).height


def stranded(state: State) -> "dict[str, list[int]]":
    """The legal moves of the player to move that would strand hand cards: ``{notation: [card
    ids]}``, the cards that have a place on their own mountain now and would have none right
    after the move (issue 22: e.g. the card that fills the base to :data:`MAX_BASE` columns
    closes the base slots a low card needed). Moves that strand nothing are left out; so is
    the card a move plays, and avalanches (they also go on other mountains). A stranded card
    may find a place again later, when higher slots open; the move stays legal, the page marks
    its target before the click. Empty outside the draw and final phases. Cached per state.
    """
    cache = state._cache
    if "stranded" in cache:
        return cache["stranded"]
    out: "dict[str, list[int]]" = {}
    me = state.current
    if me is not None and state.phase in (DRAW, FINAL):
        deck = state.deck
        kind, value = deck.kind, deck.value
        av_base = state.options["avalanche_on_base"]
        fixed = state.options["base_direction"] == "fixed"
        hand = [c for c in state.hands[me] if kind[c] != AVALANCHE]
        before = mountain_info(state, me).open
        placeable = [c for c in hand
                     if any(_fits(kind[c], value[c], thr, r, av_base) for r, _c, thr in before)]
        if placeable:
            for mv in legal_moves(state):
                toks = str(mv).split(" ")
                if toks[0] in ("A", "E"):
                    card, slot = state.drawn, toks[1]
                elif toks[0] in ("D", "H"):
                    card, slot = int(toks[1]), toks[2]
                else:   # the own mountain stays as it is, or only loses an avalanche
                    continue
                r, c = (int(x) for x in slot.split("."))
                m = dict(state.mountains[me])
                m[(r, c)] = card
                bdir = state.base_dirs[me]
                if r == 1 and bdir == 0 and len([1 for rr, _cc in m if rr == 1]) == 2:
                    bdir = 1 if c > min(cc for rr, cc in m if rr == 1) else -1
                opens = _compute_info(m, bdir, fixed, kind, value).open
                lost = [h for h in placeable if h != card and not any(
                    _fits(kind[h], value[h], thr, rr, av_base) for rr, _cc, thr in opens)]
                if lost:
                    out[str(mv)] = sorted(lost)
    cache["stranded"] = out
    return out


def _fits(kind: str, value: int, thr: int, row: int, av_base: bool) -> bool:
    """Whether a card of ``kind``/``value`` may go into an open slot (spec §6 table)."""
    if kind == CABLE:
        return True
    if kind == AVALANCHE:
        return thr != _BLOCKED and (row > 1 or av_base)
    if kind == NUM or kind == ANIMAL:
        return value > thr
    return False


def _slot_threshold(m: dict, r: int, c: int, kind: dict, value: dict) -> int:
    if r == 1:
        return _BASE
    a, b = m[(r - 1, c)], m[(r - 1, c + 1)]
    if kind[a] == AVALANCHE or kind[b] == AVALANCHE:
        return _BLOCKED
    va, vb = value[a], value[b]
    return va if va > vb else vb


def _rescue_targets(state: State, player: int) -> "list[tuple[int, int, int]]":
    """Avalanches a Saint Bernard of ``player`` may remove: ``[(owner, row, col)]`` (spec §9)."""
    if state.options["sb_any_mountain"]:
        owners = range(state.players)
    else:
        owners = (player,)
    out = []
    for q in owners:
        for r, c in mountain_info(state, q).avalanches:
            out.append((q, r, c))
    return out


# --------------------------------------------------------------------------------------------
# Legal moves


def _setup_moves(state: State) -> "list[str]":
    hand = state.hands[state.current]
    return [f"R {a} {b}" for a in hand for b in hand if a != b]


def _draw_moves(state: State) -> "list[str]":
    p = state.current
    deck = state.deck
    kind, value = deck.kind, deck.value
    opts = state.options
    av_base = opts["avalanche_on_base"]
    x = state.drawn
    kx, vx = kind[x], value[x]
    own = mountain_info(state, p)
    m = state.mountains[p]
    out = ["B"]
    if kx in PLACEABLE:
        for r, c, thr in own.open:
            if _fits(kx, vx, thr, r, av_base):
                out.append(f"A {r}.{c}")
        rep_av = opts["replace_avalanche"]
        for r, c in own.uncovered:
            if not rep_av and kind[m[(r, c)]] == AVALANCHE:
                continue
            if kx == CABLE or vx > _slot_threshold(m, r, c, kind, value):
                out.append(f"E {r}.{c}")
    if kx != SB:
        for q in range(state.players):
            if q != p and state.mountains[q]:
                for r, c, thr in mountain_info(state, q).open:
                    if _fits(kx, vx, thr, r, av_base):
                        out.append(f"C p{q} {r}.{c}")
    sbs = []
    for h in state.hands[p]:
        kh = kind[h]
        if kh in PLACEABLE:
            vh = value[h]
            for r, c, thr in own.open:
                if kh == CABLE or vh > thr:
                    out.append(f"D {h} {r}.{c}")
        elif kh == SB:
            sbs.append(h)
    if kx == SB or sbs:
        targets = _rescue_targets(state, p)
        if kx == SB:
            for q, r, c in targets:
                out.append(f"F1 p{q} {r}.{c}")
        for h in sbs:
            for q, r, c in targets:
                out.append(f"F2 {h} p{q} {r}.{c}")
    return out


def _final_moves(state: State, p: int, with_pass: bool = True) -> "list[str]":
    deck = state.deck
    kind, value = deck.kind, deck.value
    av_base = state.options["avalanche_on_base"]
    own = mountain_info(state, p)
    out = ["pass"] if with_pass else []
    targets = None
    for h in state.hands[p]:
        kh = kind[h]
        if kh in PLACEABLE:
            vh = value[h]
            for r, c, thr in own.open:
                if kh == CABLE or vh > thr:
                    out.append(f"H {h} {r}.{c}")
        elif kh == AVALANCHE:
            for q in range(state.players):
                if q != p and state.mountains[q]:
                    for r, c, thr in mountain_info(state, q).open:
                        if thr != _BLOCKED and (r > 1 or av_base):
                            out.append(f"V {h} p{q} {r}.{c}")
        elif kh == SB:
            if targets is None:
                targets = _rescue_targets(state, p)
            for q, r, c in targets:
                out.append(f"S {h} p{q} {r}.{c}")
    return out


def _legal_texts(state: State) -> "list[str]":
    got = state._legal
    if got is None:
        if state.phase == DRAW:
            got = _draw_moves(state)
        elif state.phase == FINAL:
            got = _final_moves(state, state.current)
        elif state.phase == SETUP:
            got = _setup_moves(state)
        else:
            got = []
        state._legal = got
    return got


def legal_moves(state: State) -> "list[Move]":
    """Every legal move of the player to move, sorted by notation (plain string order).

    Setup: the 30 ordered pairs ``R a b``. Draw phase: actions A-F of spec §8 (``B`` is always
    legal, so the list is never empty). Final phase: ``H``, ``V``, ``S`` and ``pass`` (spec
    §11). Over: ``[]``. Playing the drawn card through action D is listed once, as ``A``.
    """
    got = state._cache.get("sorted")
    if got is None:
        got = state._cache["sorted"] = [_move(t) for t in sorted(_legal_texts(state))]
    return list(got)


# --------------------------------------------------------------------------------------------
# Applying moves


def apply(state: State, move: "Move | str") -> State:
    """The state after ``move`` (a :class:`Move` or its notation). Never mutates ``state``.

    ``D <drawn card> r.c`` is accepted and stored as ``A r.c`` (the same action, spec §8 D).

    Raises:
        ValueError: malformed notation.
        IllegalMoveError: a well-formed move that is not legal here (including any move once
            the game is over).
    """
    text = move.text if isinstance(move, Move) else move
    action, card, card2, target, row, col = _parse(text)
    if action == "D" and state.phase == DRAW and card == state.drawn:
        text = f"A {row}.{col}"
        action, card = "A", None
    if state.phase == OVER:
        raise IllegalMoveError(f"the game is over; {text!r} cannot be played")
    legal = _legal_texts(state)
    if text not in legal:
        raise IllegalMoveError(_why_illegal(state, text))
    return _apply_parsed(state, text, action, card, card2, target, row, col)


def apply_unchecked(state: State, move: "Move | str") -> State:
    """Like :func:`apply` without the legality check (for search and benchmarks only).

    The result of an illegal move is undefined.
    """
    text = move.text if isinstance(move, Move) else move
    return _apply_parsed(state, text, *_parse(text))


def _why_illegal(state: State, text: str) -> str:
    who = seat_name(state, state.current)
    phase_actions = {SETUP: "R", DRAW: "A B C D E F1 F2", FINAL: "H V S pass"}[state.phase]
    action = text.split(" ", 1)[0]
    if action not in phase_actions.split():
        return f"{text!r} is not a {state.phase}-phase action (those are {phase_actions})"
    return f"{text!r} is not legal for {who} here"


def _place(ns: State, q: int, r: int, c: int, cid: int) -> None:
    m = dict(ns.mountains[q])
    if r == 1 and ns.options["base_direction"] == "fixed" and ns.base_dirs[q] == 0:
        base = [cc for (rr, cc) in m if rr == 1]
        if len(base) == 1:
            dirs = list(ns.base_dirs)
            dirs[q] = 1 if c > base[0] else -1
            ns.base_dirs = tuple(dirs)
    m[(r, c)] = cid
    ns.mountains = ns.mountains[:q] + (m,) + ns.mountains[q + 1:]
    ns._minfo[q] = None


def _remove(ns: State, q: int, r: int, c: int) -> int:
    m = dict(ns.mountains[q])
    cid = m.pop((r, c))
    if not m and ns.base_dirs[q]:
        dirs = list(ns.base_dirs)
        dirs[q] = 0
        ns.base_dirs = tuple(dirs)
    ns.mountains = ns.mountains[:q] + (m,) + ns.mountains[q + 1:]
    ns._minfo[q] = None
    return cid


def _set_hand(ns: State, p: int, hand) -> None:
    ns.hands = ns.hands[:p] + (tuple(sorted(hand)),) + ns.hands[p + 1:]


def _draw(ns: State) -> None:
    ns.drawn = ns.draw_pile[-1]
    ns.draw_pile = ns.draw_pile[:-1]


def _apply_parsed(state, text, action, card, card2, target, row, col) -> State:
    ns = state._copy()
    ns.moves = state.moves + (text,)
    p = state.current
    if action == "R":
        hand = list(state.hands[p])
        hand.remove(card)
        hand.remove(card2)
        _set_hand(ns, p, hand)
        ret = list(ns.returned)
        ret[p] = (card, card2)
        ns.returned = tuple(ret)
        nxt = (p + 1) % ns.players
        if nxt == ns.options["first_player"]:
            _finish_setup(ns)
        else:
            ns.current = nxt
        return ns
    if ns.phase == DRAW:
        x = ns.drawn
        ns.drawn = None
        if action == "A":
            _place(ns, p, row, col, x)
        elif action == "B":
            ns.discard = ns.discard + (x,)
        elif action == "C":
            _place(ns, target, row, col, x)
        elif action == "D":
            hand = list(state.hands[p])
            hand.remove(card)
            hand.append(x)
            _set_hand(ns, p, hand)
            _place(ns, p, row, col, card)
        elif action == "E":
            m = dict(ns.mountains[p])
            old = m[(row, col)]
            m[(row, col)] = x          # same slot: the base shape and direction are unchanged
            ns.mountains = ns.mountains[:p] + (m,) + ns.mountains[p + 1:]
            ns._minfo[p] = None
            ns.discard = ns.discard + (old,)
        elif action == "F1":
            av = _remove(ns, target, row, col)
            ns.discard = ns.discard + (av, x)
        elif action == "F2":
            hand = list(state.hands[p])
            hand.remove(card)
            hand.append(x)
            _set_hand(ns, p, hand)
            av = _remove(ns, target, row, col)
            ns.discard = ns.discard + (av, card)
        else:  # pragma: no cover - filtered by the legality check
            raise IllegalMoveError(f"{text!r} is not a draw-phase action")
        _end_draw_turn(ns, p)
        return ns
    # final phase (spec §11)
    if action == "pass":
        ns.consecutive_passes += 1
        _next_final(ns, p)
        return ns
    hand = list(state.hands[p])
    hand.remove(card)
    _set_hand(ns, p, hand)
    if action == "H":
        _place(ns, p, row, col, card)
    elif action == "V":
        _place(ns, target, row, col, card)
    elif action == "S":
        av = _remove(ns, target, row, col)
        ns.discard = ns.discard + (av, card)
    if ns.options["final_phase"] == "round_robin":
        ns.consecutive_passes = 0
        _next_final(ns, p)
    else:
        _auto_pass(ns)
    return ns


def _finish_setup(ns: State) -> None:
    """All players chose: stack the returned pairs on the pile (spec §7.2), first turn."""
    n = ns.players
    fp = ns.options["first_player"]
    order = [(fp + i) % n for i in range(n)]
    if ns.options["setup_return_order"] == "reverse":
        order.reverse()
    pile = list(ns.draw_pile)
    for q in order:
        pile.extend(ns.returned[q])
    ns.draw_pile = tuple(pile)
    ns.phase = DRAW
    _start_slot(ns, fp)


def _start_slot(ns: State, p: int) -> None:
    """Start player ``p``'s turn slot: decide the double turn (spec §10), then draw (§8)."""
    ns.current = p
    dth = ns.options["double_turn_height"]
    ns.second_turn_pending = dth is not None and mountain_info(ns, p).height >= dth
    _draw(ns)


def _end_draw_turn(ns: State, p: int) -> None:
    """After a draw-phase action of ``p``: second turn, next slot, or the final phase."""
    if not ns.draw_pile:
        ns.phase = FINAL
        ns.second_turn_pending = False
        ns.consecutive_passes = 0
        ns.current = (p + 1) % ns.players
        _auto_pass(ns)
    elif ns.second_turn_pending:
        ns.second_turn_pending = False
        _draw(ns)
    else:
        _start_slot(ns, (p + 1) % ns.players)


def _next_final(ns: State, p: int) -> None:
    if ns.consecutive_passes >= ns.players:
        ns.phase = OVER
        ns.current = None
        return
    ns.current = (p + 1) % ns.players
    _auto_pass(ns)


def _auto_pass(ns: State) -> None:
    """Pass for every player in turn who has nothing but a pass (spec §11; forced moves). The
    seats passed for are noted in ``ns._cache["forced_passes"]`` (read by
    :func:`forced_passes`; ``ns`` is a fresh copy, whose cache starts empty)."""
    while ns.phase == FINAL and not _final_moves(ns, ns.current, with_pass=False):
        ns._cache["forced_passes"] = ns._cache.get("forced_passes", ()) + (ns.current,)
        ns.consecutive_passes += 1
        if ns.consecutive_passes >= ns.players:
            ns.phase = OVER
            ns.current = None
            return
        ns.current = (ns.current + 1) % ns.players


def forced_passes(state: State, move: "Move | str") -> "tuple[int, ...]":
    """The seats the rules passed for right after ``move`` played in ``state``, in order:
    in the final building a player with nothing to play but a pass passes at once (spec §11),
    and with ``final_phase="bulk"`` a player whose hand has nothing playable left ends their
    final turn (the mover too). Empty in the setup and the draw phase, except for the draw
    that empties the pile (the final building starts with those passes).

    Raises:
        ValueError, IllegalMoveError: as :func:`apply`.
    """
    return apply(state, move)._cache.get("forced_passes", ())


# --------------------------------------------------------------------------------------------
# Scoring (spec §12)


def score_breakdown(state: State, player: int) -> "dict[str, int]":
    """The parts of ``player``'s score (spec §12), valid at any time, final once over.

    Returns:
        ``{"levels": height, "animals": points for animals in rows >= 4 (Dahut at
        dahut_points), "hand": 1 if the hand holds nothing but Saint Bernards, else 0,
        "saint_bernards": Saint Bernards in hand, "total": the sum}``.
    """
    _check_player(state, player)
    by_id = state.deck.by_id
    opts = state.options
    levels = height(state, player)
    animals = 0
    for (r, _c), cid in state.mountains[player].items():
        if r >= 4:
            card = by_id[cid]
            if card.kind == ANIMAL:
                animals += opts["dahut_points"] if card.species == DAHUT else opts["animal_points"]
    hand = state.hands[player]
    sbs = sum(1 for h in hand if by_id[h].kind == SB)
    bonus = 1 if sbs == len(hand) else 0
    return {"levels": levels, "animals": animals, "hand": bonus, "saint_bernards": sbs,
            "total": levels + animals + bonus + sbs}


def outcome(state: State) -> "Outcome | None":
    """The result once the game is over (spec §12), else ``None``.

    ``reason``: ``"score"`` (one winner), ``"shared"`` (tied players share the win),
    ``"tiebreak"`` (option ``tiebreak="most_cards_in_mountain"`` decided it; ``detail`` holds
    ``{"cards": n}``). ``breakdown``: per player the dict of :func:`score_breakdown`.
    """
    if state.phase != OVER:
        return None
    parts = tuple(score_breakdown(state, p) for p in range(state.players))
    scores = tuple(b["total"] for b in parts)
    best = max(scores)
    winners = tuple(p for p, s in enumerate(scores) if s == best)
    reason, detail = "score", {}
    if len(winners) > 1:
        reason = "shared"
        if state.options["tiebreak"] == "most_cards_in_mountain":
            cards = {p: len(state.mountains[p]) for p in winners}
            most = max(cards.values())
            tied = tuple(p for p in winners if cards[p] == most)
            if len(tied) == 1:
                reason, detail = "tiebreak", {"cards": most}
            winners = tied
    return Outcome(scores=scores, winners=winners, reason=reason, detail=detail,
                   breakdown=parts)


# --------------------------------------------------------------------------------------------
# View (spec §15, hidden information)


def view(state: State, player: "int | None") -> "dict[str, Any]":
    """What seat ``player`` may see (spec §15), or with ``player=None`` what a spectator at the
    table sees (the public view). JSON-friendly; nothing hidden from that seat is in it.

    Returns a dict with: ``game``, ``player`` (``None`` for the public view), ``players``,
    ``options``, ``phase``, ``current_player``, ``second_turn_pending``,
    ``consecutive_passes``, ``ply``; ``hand`` (own cards, sorted ids; ``[]`` in the public
    view); ``drawn`` (the card this player just drew, only while it is their draw-phase turn,
    else ``None``); ``stranded`` (the viewer's moves that leave hand cards without a place:
    :func:`stranded`, ``{}`` when not to move); ``hand_sizes`` (every player's hand size);
    ``pile_size``; ``discard`` (ids,
    bottom first); ``mountains`` (per player, a list of ``{"row", "col", "card"}`` sorted by row
    then column); ``returned`` (own returned setup cards that are still in the pile or waiting
    to go on it, top-most first; ``[]`` in the public view); ``legal_moves`` (notation, only
    when this player is to move: derived from the above); ``final_hands`` (every hand, once the game
    is over and the hands are shown for scoring, spec §12; else ``None``); ``outcome``
    (``Outcome.to_json()`` once over, else ``None``).

    Raises:
        ValueError: no such player.
    """
    if player is not None:
        _check_player(state, player)
    to_move = player is not None and state.current == player
    pile = state.draw_pile
    if player is None:
        ret = []
    elif state.phase == SETUP:
        ret = list(reversed(state.returned[player]))
    else:
        ret = sorted((c for c in state.returned[player] if c in pile), key=pile.index,
                     reverse=True)
    cache = state._cache
    mts = cache.get("mountains")
    if mts is None:
        mts = cache["mountains"] = [_mountain_json(m) for m in state.mountains]
    over = state.phase == OVER
    out = outcome(state) if over else None
    return {
        "game": GAME_ID,
        "player": player,
        "players": state.players,
        "options": dict(state.options),
        "phase": state.phase,
        "current_player": state.current,
        "second_turn_pending": state.second_turn_pending,
        "consecutive_passes": state.consecutive_passes,
        "ply": len(state.moves),
        "hand": list(state.hands[player]) if player is not None else [],
        "drawn": state.drawn if (to_move and state.phase == DRAW) else None,
        "stranded": stranded(state) if to_move else {},
        "hand_sizes": [len(h) for h in state.hands],
        "pile_size": len(pile),
        "discard": list(state.discard),
        "mountains": [[dict(e) for e in mt] for mt in mts],
        "returned": ret,
        "legal_moves": [m.text for m in legal_moves(state)] if to_move else [],
        "final_hands": [list(h) for h in state.hands] if over else None,
        "outcome": out.to_json() if out is not None else None,
    }


def is_over(state: State) -> bool:
    """True once the game has ended (phase ``over``, spec §11): ``outcome(state)`` is then set."""
    return state.phase == OVER


def private_step(state: State) -> bool:
    """Whether the seat to act holds information the others must not see while it acts.

    Altitude: always while the game runs: the player to move looks at their hand (setup, draw
    and final phases) and, in the draw phase, at the drawn card (spec §15).
    """
    return state.phase != OVER


def turn_ended(before: State, after: State) -> bool:
    """Whether the ply ``before`` -> ``after`` ended the acting seat's turn: always in Altitude,
    where a turn is one action (spec §8, §11; the setup choice is one move, §7). A seat may take
    two turns in a row (a double turn, §10, and every turn of a solo game): each is its own
    turn, and the next one starts with a new draw.
    """
    return True


def undo_barrier(before: State, after: State) -> bool:
    """True when undo may not take back the ply ``before`` -> ``after`` once its player has
    ended their step: never beyond what the turn protocol already says (what was shown, End
    turn) in this game."""
    return False


def reveals(before: State, after: State) -> "frozenset[int | None]":
    """To whom the ply ``before`` -> ``after`` (``after = apply(before, move)``) revealed
    information nobody had before: seat numbers, or ``None`` for everyone at the table.

    - A ply that ends in the draw phase drew a card (the automatic draw that starts a turn,
      spec §8, also the first draw after setup and the second draw of a double turn, §10):
      the drawn card is shown to the seat that drew it -> ``{that seat}``.
    - The ply that ends the game shows every hand for scoring (spec §12) -> ``{None}``.
    - Anything else shows only cards their player already knew (a hand card played, the drawn
      card placed or discarded, cards returned at setup) -> the empty set.
    """
    if after.phase == OVER:
        return frozenset((None,)) if before.phase != OVER else frozenset()
    if after.phase == DRAW:
        return frozenset((after.current,))
    return frozenset()


def _mountain_json(m: dict) -> "list[dict[str, int]]":
    return [{"row": r, "col": c, "card": m[(r, c)]} for (r, c) in sorted(m)]
