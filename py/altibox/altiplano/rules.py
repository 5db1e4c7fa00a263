"""Altiplano rules: state, moves, notation, phases, scoring (shared/rules/altiplano.md).

Kind of game: 2–5 players, bag building with chance (bag draws, setup shuffles) and hidden
information (draw order, the face-down extension pile, the orders removed at setup, and the other
players' planning of the current round). All component data comes from the house-set file
(:mod:`altibox.altiplano.data`, spec §18).

Phases (spec §19): ``roles`` (draft variant only) -> per round ``draw`` -> ``planning`` ->
``actions`` (new-round steps run inside :func:`apply` when the last player passes) ... ->
``final_storage`` -> ``over``. The simultaneous Draw and Planning phases are modelled as
sequential private steps in seat order from the start player; :func:`current_player` says whose
step it is, and :func:`view` hides this round's planning of the others until Actions begin.

Chance: every bag draw uses ``core.rng_for(seed, "draw", round, player)``; setup uses
``rng_for(seed, "setup", "ring" | "orders" | "roles" | "pile", letter)``. No RNG is kept in a state.

The move notation is in the package docstring (``altibox.altiplano``).
Positions (``to_position``/``from_position``) and their numbered validity rules live in
:mod:`altibox.altiplano.position`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from altibox import core
from altibox.core import FormField, GameInfo, IllegalMoveError, Outcome

from . import data as _data

GAME_ID = "altiplano"
LOCATIONS = ("harbor", "farm", "forest", "mine", "road", "market", "village")

#: Game options (spec §20): ``{name: (type, default, choices)}``.
OPTIONS = {
    "first_player": (int, 0, (0, 1, 2, 3, 4)),
    "role_selection": (str, "deal", ("deal", "draft")),
    "house_set": (str, "house_set_13", None),   # the data file's name = its version (issue 18)
    "turn_mode": (str, "all_at_location", ("all_at_location", "one_source")),
    "coin_can_pay_movement": (bool, False, None),
    "allow_action_with_empty_output": (bool, True, None),
    "forest_cacao_mode": (str, "one_cacao_choose_output", ("one_cacao_choose_output", "split_recipes")),
    "unique_type_per_row": (bool, False, None),
    "orders_same_turn": (bool, True, None),
    "empty_trigger_locations": (list, LOCATIONS, None),
    "final_tie": (str, "shared", ("shared",)),
}

#: Options every record, position and view names even at their default, with the value meant
#: by one that does not name it: ``house_set`` names the component version a game is played
#: with; a record or position written before versions existed is version 1 (``house_set.json``)
#: and replays exactly as before, while new games take :data:`OPTIONS`' default (issue 18).
UNNAMED = {"house_set": "house_set"}


def written_options(options: dict) -> dict:
    """The options a record, position or view writes: the non-default ones plus
    :data:`UNNAMED`'s (``house_set`` always), JSON-friendly."""
    return core.non_default(OPTIONS, options, always=UNNAMED)


def house_set_name(options: "dict | None" = None) -> str:
    """The house set named by resolved or written ``options`` (a view's, a record's), the
    default version (:data:`OPTIONS`) when they name none (e.g. the How to play page)."""
    return (options or {}).get("house_set", OPTIONS["house_set"][1])


#: The static facts of Altiplano (DESIGN.md §2): bag draws after setup (chance); the draw order,
#: the extension pile and this round's planning of the others hidden.
INFO = GameInfo(
    id=GAME_ID,
    name="Altiplano",
    players=range(2, 6),
    options=OPTIONS,
    chance=True,
    hidden=True,
    blurb="Bag-building in the Andes: draw goods from your bag, plan them onto action spaces, "
          "travel the ring of locations and turn alpacas, ore and cacao into points.",
    players_text="2 to 5 players",
    default_players=2,
    seats=None,
    form=(
        FormField("players", "Players", tuple((n, str(n)) for n in range(2, 6))),
        FormField("first_player", "Who starts", tuple((p, f"Player {p + 1}") for p in range(5))),
        FormField("role_selection", "Roles", (("deal", "Deal them at random"),
                                              ("draft", "Draft them (advanced variant)"))),
    ),
    notation="One word per move, e.g. 'draw', 'alpaca>farm' (plan a good onto the Farm), "
             "'go:mine' (move by cart), 'farm' (run the Farm's recipe), 'pass'.",
)
NAME = INFO.name  #: alias of ``INFO.name`` (DESIGN.md §2)
PLAYERS = INFO.players  #: alias of ``INFO.players``

PHASES = ("roles", "draw", "planning", "actions", "final_storage", "over")

#: Every step of a seat ends with a move of its own (``draw``, ``done`` in Planning and final
#: storage, ``end`` or ``pass`` in Actions, a role choice): a page that passes one device needs no extra "End turn" after
#: it; the privacy screen follows at once (spec §19, issue 22).
STEP_ENDS_WITH_MOVE = True
_NO_TURN = (None, False, None, False)  # acted location, moved after acting, source, order taken


# ----------------------------------------------------------------------------------------------
# Moves
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Move(core.Move):
    """A move; ``str(move)`` is its notation ``text`` (see the module docstring): the one Move
    design of :class:`altibox.core.Move`, frozen, hashable and ordered by notation."""

    __slots__ = ()


_ID = r"[a-z]+|[A-Z]\d+"
_MOVE_RE = re.compile(
    r"^(?:done|draw|end|pass|cart"
    r"|role:[a-z]+"
    r"|@[a-z]+|go:[a-z]+|step:[a-z]+"
    r"|(?:[a-z]+)[<>](?:" + _ID + r")"
    r"|sell:[a-z]+|deliver:[a-z]+(?::r\d+)?|order:O\d+|buy:[A-Z]\d+|store:[a-z]+:r\d+"
    r"|(?!(?:go|step|sell|deliver|order|buy|store|role|move|bag|coin|done|draw|end|pass|cart)\b)"
    r"(?:" + _ID + r")(?::(?:[a-z]+|r\d+))*)$"
)
_MOVES: dict[str, Move] = {}


def parse_move(text: str | Move) -> Move:
    """Parse move notation (module docstring) into a :class:`Move`.

    Only the grammar is checked here; legality is checked by :func:`apply`.

    Raises:
        ValueError: ``text`` is not well-formed notation.
    """
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise ValueError(f"a move must be text, got {text!r}")
    m = _MOVES.get(text)
    if m is None:
        t = text.strip()
        if not _MOVE_RE.match(t):
            raise ValueError(f"malformed Altiplano move {text!r}")
        m = Move(t)
        if len(_MOVES) < 100000:
            _MOVES[text] = m
    return m


def _mv(text: str) -> Move:
    m = _MOVES.get(text)
    if m is None:
        m = _MOVES[text] = Move(text)
    return m


# ----------------------------------------------------------------------------------------------
# State
# ----------------------------------------------------------------------------------------------

def _add(d: dict, g: str, n: int = 1) -> None:
    v = d.get(g, 0) + n
    if v:
        d[g] = v
    else:
        del d[g]


def _count(d: dict) -> int:
    return sum(d.values())


class Player:
    """One seat's private and public holdings (spec §5).

    Attributes:
        role: role id or ``None`` (draft not done yet); coins: personal coins.
        bag, crate, planning: multisets ``{good: count}`` (only non-zero counts).
        src: ``{source id: (goods, coins, fresh_goods, fresh_coins)}`` — goods tuples are
            canonical; ``fresh`` = placed during this round's planning (still movable, hidden
            from the others); only non-empty sources appear.
        wh: warehouse, a tuple of the started rows (each a tuple of goods, in filling order).
        exts: owned extensions as ``(id, round bought)``; houses, boats: card types owned.
        order: open order ``(id, delivered goods)`` or ``None``; done_orders: completed ids.
        road: steps down the road track; carts: carts owned; carts_used: used this round.
        d7_used, cart_bought, ext_bought, passed: per-round flags; pawn: location or ``None``.
        pending_return: draw control must return a good; store_left: final storage left.
    """

    __slots__ = ("role", "coins", "bag", "crate", "planning", "src", "wh", "exts", "houses",
                 "boats", "order", "done_orders", "road", "carts", "carts_used", "d7_used",
                 "cart_bought", "ext_bought", "pawn", "passed", "pending_return", "store_left")

    def __init__(self):
        self.role = None
        self.coins = 0
        self.bag: dict = {}
        self.crate: dict = {}
        self.planning: dict = {}
        self.src: dict = {}
        self.wh: tuple = ()
        self.exts: tuple = ()
        self.houses: tuple = ()
        self.boats: tuple = ()
        self.order = None
        self.done_orders: tuple = ()
        self.road = 0
        self.carts = 1
        self.carts_used = 0
        self.d7_used = False
        self.cart_bought = False
        self.ext_bought = False
        self.pawn = None
        self.passed = False
        self.pending_return = False
        self.store_left = 0

    def copy(self) -> "Player":
        """A copy whose mutable containers are new (tuples are shared)."""
        p = Player.__new__(Player)
        for k in Player.__slots__:
            setattr(p, k, getattr(self, k))
        p.bag = dict(self.bag)
        p.crate = dict(self.crate)
        p.planning = dict(self.planning)
        p.src = dict(self.src)
        return p

    def ext_ids(self) -> tuple:
        """The ids of the extensions this player owns, in buying order."""
        return tuple(e for e, _r in self.exts)


class State:
    """An Altiplano game state. Treat as immutable: :func:`apply` returns a new one.

    Record attributes (DESIGN §2): ``seed``, ``players`` (count), ``options`` (all, resolved),
    ``moves`` (notation since ``start``), ``start`` (position text or ``None``).
    Game attributes: ``ring`` (locations clockwise), ``round``, ``phase``, ``start_player``,
    ``current``, ``queue`` (seats still to act in a sequential phase, current first),
    ``supply`` (goods in the locations and the centre), ``houses``/``boats`` (card types left),
    ``carts`` (in the Village), ``orders`` (face up), ``removed`` (orders removed unseen),
    ``pile`` (face-down extensions, top first), ``display`` (5 slots, cheapest first, ``None`` =
    empty), ``gone`` (extensions out of the game), ``bought_any``, ``trigger``,
    ``trigger_round``, ``final_round``, ``lost_corn``, ``roles_left``, ``turn``, ``ps``
    (tuple of :class:`Player`).
    """

    __slots__ = ("seed", "players", "options", "moves", "start", "hs", "ring", "round", "phase",
                 "start_player", "current", "queue", "supply", "houses", "boats", "carts",
                 "orders", "removed", "pile", "display", "gone", "bought_any", "trigger",
                 "trigger_round", "final_round", "lost_corn", "roles_left", "turn", "ps",
                 "_legal", "_sorted", "_mut", "_S")

    def _copy(self) -> "State":
        s = State.__new__(State)
        for k in State.__slots__:
            setattr(s, k, getattr(self, k, None))
        s.supply = dict(self.supply)
        s.ps = list(self.ps)
        s._mut = set()
        s._legal = None
        s._sorted = None
        return s

    def pm(self, i: int) -> Player:
        """The player ``i`` of a state under construction, copied on first write."""
        if i not in self._mut:
            self.ps[i] = self.ps[i].copy()
            self._mut.add(i)
        return self.ps[i]

    def __repr__(self) -> str:
        return (f"<Altiplano {self.players}p seed={self.seed} round={self.round} "
                f"phase={self.phase} current={self.current} ply={len(self.moves)}>")


def _sources(s: State) -> dict:
    return s._S


# ----------------------------------------------------------------------------------------------
# Setup (spec §4)
# ----------------------------------------------------------------------------------------------

def _resolve(players: Any, options: dict) -> dict:
    opts = core.resolve_options(OPTIONS, options)
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
        raise ValueError(f"Altiplano is for 2 to 5 players, got {players!r}")
    if not 0 <= opts["first_player"] < players:
        raise ValueError(f"first_player must be below {players}, got {opts['first_player']!r}")
    etl = opts["empty_trigger_locations"]
    if any(loc not in LOCATIONS for loc in etl) or len(set(etl)) != len(etl):
        raise ValueError(f"empty_trigger_locations must list distinct locations, got {etl!r}")
    opts["empty_trigger_locations"] = tuple(etl)
    _data.load(opts["house_set"])  # raises ValueError for a bad file
    return opts


def new_game(seed: int | None = None, players: int = 2, **options) -> State:
    """Set up a new game (spec §4) for ``players`` (2–5) with ``options`` (spec §20).

    The ring order, the removed orders, the extension pile and the dealt roles come from
    ``core.rng_for(seed, "setup", ...)``. With ``role_selection="draft"`` the game starts in
    phase ``roles``; otherwise in round 1's draw phase, with every starting good in the bags.

    Raises:
        ValueError: a bad seed, player count or option.
    """
    seed = core.new_seed() if seed is None else core.check_seed(seed)
    opts = _resolve(players, options)
    hs = _data.load(opts["house_set"])
    s = State.__new__(State)
    s.seed, s.players, s.options, s.moves, s.start = seed, players, opts, (), None
    s.hs = hs
    s._S = hs.sources(opts["forest_cacao_mode"])
    ring = list(LOCATIONS)
    core.rng_for(seed, "setup", "ring").shuffle(ring)
    s.ring = tuple(ring)
    table = hs.supply(players)
    s.supply = {g: n for g, n in table["goods"].items() if n}
    s.houses = hs.houses_for(players)
    s.boats = hs.boats_for(players)
    s.carts = table["carts"] - players
    orders = list(hs.order_ids)
    core.rng_for(seed, "setup", "orders").shuffle(orders)
    k = len(orders) - table["orders"]
    s.removed = tuple(sorted(orders[:k], key=hs.order_ids.index))
    s.orders = tuple(sorted(orders[k:], key=hs.order_ids.index))
    pile: list[str] = []
    for letter in "ABCD":
        group = [e for e, x in hs.extensions.items() if x["letter"] == letter and x["min_players"] <= players]
        core.rng_for(seed, "setup", "pile", letter).shuffle(group)
        pile += group
    s.display = tuple(pile[:hs.slots]) + (None,) * max(0, hs.slots - len(pile))
    s.pile = tuple(pile[hs.slots:])
    s.gone = ()
    s.bought_any = False
    s.trigger = s.trigger_round = s.final_round = None
    s.lost_corn = 0
    s.round = 1
    s.start_player = opts["first_player"]
    s.turn = _NO_TURN
    s.ps = [Player() for _ in range(players)]
    s._mut = set(range(players))
    s._legal = s._sorted = None
    if opts["role_selection"] == "draft":
        # counter-clockwise from the last player in turn order; the last chooser starts (§4.7)
        sp = s.start_player
        s.queue = tuple((sp - 1 - i) % players for i in range(players))
        s.roles_left = hs.role_ids
        s.phase = "roles"
        s.current = s.queue[0]
    else:
        roles = list(hs.role_ids)
        core.rng_for(seed, "setup", "roles").shuffle(roles)
        s.roles_left = ()
        for k2 in range(players):
            _give_role(s, (s.start_player + k2) % players, roles[k2])
        _begin_draw(s)
    s.ps = tuple(s.ps)
    s._mut = None
    return s


def _give_role(s: State, i: int, role: str) -> None:
    p = s.pm(i)
    p.role = role
    p.coins += s.hs.role_coins(role, s.players)
    for g, n in s.hs.role_start(role, s.players).items():
        take = min(n, s.supply.get(g, 0))
        if take:
            _add(s.supply, g, -take)
            _add(p.bag, g, take)


def _seat_order(s: State) -> tuple:
    return tuple((s.start_player + k) % s.players for k in range(s.players))


def _begin_draw(s: State) -> None:
    s.phase = "draw"
    s.queue = _seat_order(s)
    s.current = s.queue[0]


# ----------------------------------------------------------------------------------------------
# Basic queries
# ----------------------------------------------------------------------------------------------

def num_players(state: State) -> int:
    """Number of players (2–5)."""
    return state.players


def seat_name(state: State, player: int) -> str:
    """A seat's display name: ``"Player 1"`` … ``"Player 5"`` (real names live in record meta)."""
    if not 0 <= player < state.players:
        raise ValueError(f"no player {player!r}")
    return f"Player {player + 1}"


def current_player(state: State) -> int | None:
    """Whose (possibly private) step it is; ``None`` once the game is over."""
    return None if state.phase == "over" else state.current


def is_over(state: State) -> bool:
    """True when the game has ended (phase ``over``)."""
    return state.phase == "over"


def private_step(state: State) -> bool:
    """Whether the seat to act holds information the others must not see while it acts.

    Only in the Planning phase (spec §6.2): the placements of this round stay hidden from the
    others until Actions begin (:func:`view`). A bag draw is seen by everyone (the goods land on
    the planning spaces and the bag is public as counts, spec §19); role choices, actions and
    final storage are public.
    """
    return state.phase == "planning"


def undo_barrier(before: State, after: State) -> bool:
    """True when undo may not take back the ply ``before`` -> ``after`` once its player has
    ended their step: it handed the play to another seat (a turn of actions ended with
    ``end``/``pass``, a planning with ``done``). Undo stays inside the step of the player who
    acts (the next player cannot take back the previous one's turn).
    """
    return current_player(before) != current_player(after)


def reveals(before: State, after: State) -> frozenset:
    """To whom the ply ``before`` -> ``after`` (``after = apply(before, move)``) revealed
    information nobody had before: seat numbers, or ``None`` for everyone at the table.

    - ``draw`` that took goods from the bag (spec §6.1): the draw order was hidden from all and
      the drawn goods are public -> ``{None}``;
    - the last ``done`` of Planning: every player's placements of the round are shown (§6.2)
      -> ``{None}``;
    - the end of a round whose display refill turned up face-down extensions (§13.3) ->
      ``{None}``;
    - anything else -> the empty set (a public choice, or a placement only its player sees).
    """
    if before.phase == "planning" and after.phase != "planning":
        return frozenset((None,))
    if len(after.pile) < len(before.pile):
        return frozenset((None,))
    if after.moves and after.moves[-1] == "draw":
        i = before.current
        if after.ps[i].planning != before.ps[i].planning or after.ps[i].bag != before.ps[i].bag:
            return frozenset((None,))
    return frozenset()


def _ring_dist(s: State, a: str, b: str) -> int:
    n = len(s.ring)
    d = abs(s.ring.index(a) - s.ring.index(b))
    return min(d, n - d)


def _neighbours(s: State, loc: str) -> tuple:
    n = len(s.ring)
    i = s.ring.index(loc)
    return tuple(sorted({s.ring[(i - 1) % n], s.ring[(i + 1) % n]}))


def _has_passive(s: State, p: Player, kind: str, before_round: bool = True) -> bool:
    S = s._S
    for e, r in p.exts:
        if S[e].passive == kind and (not before_round or r < s.round):
            return True
    return False


def _row_type(row: tuple) -> str | None:
    for g in row:
        if g != "corn":
            return g
    return None


def _rows_for(s: State, wh: tuple, g: str) -> list[int]:
    """Warehouse rows (0-based) that may take good ``g`` (spec §11, H6)."""
    hs = s.hs
    if g == "food":
        return []
    unique = s.options["unique_type_per_row"]
    out = []
    for r, row in enumerate(wh):
        if len(row) >= hs.wh_len:
            continue
        t = _row_type(row)
        if g == "corn" or t == g:
            out.append(r)
        elif t is None and not (unique and any(_row_type(x) == g for x in wh)):
            out.append(r)
    if len(wh) < hs.wh_rows:
        if g == "corn" or not (unique and any(_row_type(x) == g for x in wh)):
            out.append(len(wh))
    return out


def _wh_put(wh: tuple, r: int, g: str) -> tuple:
    if r == len(wh):
        return wh + ((g,),)
    return wh[:r] + (wh[r] + (g,),) + wh[r + 1:]


def _store_combos(s: State, wh: tuple, goods: tuple) -> dict:
    """``{rows: new warehouse}`` for storing ``goods`` (spec §9.2, §11, H6), one entry per
    resulting warehouse.

    ``rows`` holds one 0-based row per good of ``goods``, in ``goods``' own order (the house
    set's goods order), whatever order the goods go in: the goods may be put in any order, so
    two goods stored together may start rows in either order (issue 18). The goods' own order
    is tried first, so a warehouse reachable that way keeps the rows it always had (old
    records replay unchanged); a later order adds only warehouses not reached before.
    """
    results: dict = {}
    seen: set = set()
    n = len(goods)

    def rec(w, order, k, rows):
        if k == n:
            if w not in seen and rows not in results:
                seen.add(w)
                results[rows] = w
            return
        i = order[k]
        for r in _rows_for(s, w, goods[i]):
            rec(_wh_put(w, r, goods[i]), order, k + 1, rows[:i] + (r,) + rows[i + 1:])

    tried: set = set()
    for order in permutations(range(n)):
        placed = tuple(goods[i] for i in order)
        if placed not in tried:  # identical goods in another order give nothing new
            tried.add(placed)
            rec(wh, order, 0, (None,) * n)
    return results


def _corn_rows(s: State, p: Player) -> list:
    """Choices for one corn to be gained: ``[None]`` (no corn or lost) or row indexes."""
    if not s.supply.get("corn"):
        return [None]
    rows = _rows_for(s, p.wh, "corn")
    return rows or [None]


def _gain_corn(s: State, p: Player, row: int | None) -> None:
    if not s.supply.get("corn"):
        return
    _add(s.supply, "corn", -1)
    if row is None:
        s.lost_corn += 1
    else:
        p.wh = _wh_put(p.wh, row, "corn")


def _gain(s: State, p: Player, g: str, n: int = 1) -> None:
    take = min(n, s.supply.get(g, 0))
    if take:
        _add(s.supply, g, -take)
        _add(p.crate, g, take)


def _unlocked(s: State, p: Player) -> int:
    return s.hs.unlocked(p.road)


def _stock_empty(s: State, item: str) -> bool:
    if item == "houses":
        return not s.houses
    if item == "boats":
        return not s.boats
    if item == "carts":
        return s.carts <= 0
    if item == "orders":
        return not s.orders
    return not s.supply.get(item)


def _check_empty(s: State) -> None:
    if s.trigger is not None:
        return
    for loc in s.options["empty_trigger_locations"]:
        if all(_stock_empty(s, item) for item in s.hs.locations[loc]["stock"]):
            s.trigger, s.trigger_round, s.final_round = f"empty:{loc}", s.round, s.round + 1
            return


# ----------------------------------------------------------------------------------------------
# Legal moves
# ----------------------------------------------------------------------------------------------

def _legal(s: State) -> dict:
    if s._legal is None:
        out: dict = {}
        if s.phase == "roles":
            for r in s.roles_left:
                out[f"role:{r}"] = ("role", r)
        elif s.phase == "draw":
            _legal_draw(s, s.current, out)
        elif s.phase == "planning":
            _legal_planning(s, s.current, out)
        elif s.phase == "actions":
            _legal_actions(s, s.current, out)
        elif s.phase == "final_storage":
            _legal_final(s, s.current, out)
        s._legal = out
    return s._legal


def legal_moves(state: State) -> list[Move]:
    """Every legal move for :func:`current_player`, sorted by notation (empty when over)."""
    if state._sorted is None:
        state._sorted = [_mv(t) for t in sorted(_legal(state))]
    return list(state._sorted)


def _legal_draw(s: State, i: int, out: dict) -> None:
    p = s.ps[i]
    if p.pending_return:
        for g in p.planning:
            out[f"{g}>bag"] = ("bag", g)
        return
    if _count(p.planning) < _unlocked(s, p):
        for sid, (goods, _c, _fg, _fc) in p.src.items():
            for g in set(goods):
                out[f"{g}<{sid}"] = ("unplace", g, sid)
    for sid, (_g, coins, _fg, _fc) in p.src.items():
        if coins:
            out[f"coin<{sid}"] = ("uncoin", sid)
    out["draw"] = ("draw",)


def _player_sources(s: State, p: Player) -> list:
    S = s._S
    out = [S[loc] for loc in s.hs.loc_ids]
    if p.role:
        out.append(S[p.role])
    for e, _r in p.exts:
        if S[e].spaces or S[e].coin_spaces:
            out.append(S[e])
    out.append(S["move"])
    return out


def _legal_planning(s: State, i: int, out: dict) -> None:
    p = s.ps[i]
    canon = s.hs.canon
    pay_coin = s.options["coin_can_pay_movement"]
    for src in _player_sources(s, p):
        sid = src.sid
        goods, coins, fg, fc = p.src.get(sid, ((), 0, (), 0))
        used = len(goods) + len(fg)
        cap = src.spaces
        if sid == "move":
            used += coins + fc
        if used < cap:
            cur = goods + fg
            for g in p.planning:
                if canon(cur + (g,)) in src.partial:
                    out[f"{g}>{sid}"] = ("place", g, sid)
        if p.coins > 0:
            if (src.coin_spaces and coins + fc < src.coin_spaces) or (sid == "move" and pay_coin and used < cap):
                out[f"coin>{sid}"] = ("coin", sid)
        for g in set(fg):
            out[f"{g}<{sid}"] = ("unplace", g, sid)
        if fc:
            out[f"coin<{sid}"] = ("uncoin", sid)
    out["done"] = ("done",)


def _can_pay_move(s: State, p: Player) -> bool:
    m = p.src.get("move")
    if not m:
        return False
    return "food" in m[0] or (s.options["coin_can_pay_movement"] and m[1] > 0)


def _legal_actions(s: State, i: int, out: dict) -> None:
    p = s.ps[i]
    if p.pawn is None:
        for loc in s.ring:
            out[f"@{loc}"] = ("pawn", loc)
        out["pass"] = ("pass",)
        return
    acted, moved_after, tsrc, order_taken = s.turn
    pay = _can_pay_move(s, p)
    cart_ok = (p.carts_used == 0 and p.carts >= 1) or (
        not p.d7_used and _has_passive(s, p, "extra_cart")) or (p.carts_used < p.carts and pay)
    if cart_ok:
        for loc in s.ring:
            if loc != p.pawn and _ring_dist(s, p.pawn, loc) <= 3:
                out[f"go:{loc}"] = ("go", loc)
    if pay:
        for loc in _neighbours(s, p.pawn):
            out[f"step:{loc}"] = ("step", loc)
    if acted is not None:
        out["end"] = ("end",)
    out["pass"] = ("pass",)
    if acted is not None and (moved_after or acted != p.pawn):
        return
    one = s.options["turn_mode"] == "one_source"
    loc = p.pawn
    acts: dict = {}
    _legal_runs(s, p, loc, acts)
    if one and tsrc is not None:
        acts = {k: v for k, v in acts.items() if _op_source(v) == tsrc}
    out.update(acts)


def action_turn(state: State) -> dict | None:
    """The turn of the player to act in the Actions phase, as the rules see it (spec §6.3,
    §8), or ``None`` in any other phase.

    A turn is one location's actions: the pawn may move before and after acting, but once the
    player has acted, moving on ends the actions of this turn (they act at the new location on
    their next turn). Returns ``{"here": LOC or None (the pawn), "acted": LOC or None (where the
    player acted this turn), "moved_after": bool (the pawn moved since acting), "may_act": bool
    (an action at ``here`` is legal now), "may_move": bool (a cart move or step is legal),
    "may_end": bool}`` (``"end"`` is legal: the player has acted). JSON-friendly; public.

    >>> s = new_game(seed=1, players=2)
    >>> action_turn(s) is None
    True
    """
    if state.phase != "actions" or state.current is None:
        return None
    p = state.ps[state.current]
    legal = _legal(state)
    acted, moved_after = state.turn[0], state.turn[1]
    moves = ("pawn", "go", "step", "end", "pass")
    out = {"here": p.pawn, "acted": acted, "moved_after": bool(moved_after),
           "may_act": any(op[0] not in moves for op in legal.values()),
           "may_move": any(op[0] in ("go", "step") for op in legal.values()),
           "may_end": "end" in legal}
    out["idle"] = idle_locations(state)  # warned on every move there, not only the first (issue 22)
    return out


def idle_locations(state: State) -> list[str]:
    """The ring locations (ring order) where the player to act could do nothing at all if the
    pawn stood there now: no recipe of theirs matches the goods planned on its action spaces
    (the location's, their role's, their extensions'), and no Market deal or cart purchase is
    open (spec §8). The pawn may still go there (its free first placement, a cart, a step);
    the page warns on each such target before the choice (issue 22). Empty outside the Actions phase."""
    if state.phase != "actions" or state.current is None:
        return []
    p = state.ps[state.current]
    out = []
    for loc in state.ring:
        acts: dict = {}
        _legal_runs(state, p, loc, acts)
        if not acts:
            out.append(loc)
    return out


def _op_source(op: tuple) -> str:
    kind = op[0]
    if kind in ("sell", "deliver"):
        return "market"
    if kind == "run":
        return op[1]
    return kind  # "order", "buy", "cart"


def _legal_runs(s: State, p: Player, loc: str, out: dict) -> None:
    S = s._S
    hs = s.hs
    sids = [loc] if S[loc].kind != "market" else []
    if p.role and S[p.role].loc == loc:
        sids.append(p.role)
    for e, _r in p.exts:
        if S[e].loc == loc and S[e].recipes:
            sids.append(e)
    for sid in sids:
        entry = p.src.get(sid)
        if not entry:
            continue
        goods, coins = entry[0], entry[1]
        src = S[sid]
        if goods:
            idxs = src.exact.get(goods, ())
            if coins:
                idxs = ()
        else:
            idxs = src.coin_exact.get(coins, ())
        for ri in idxs:
            _recipe_variants(s, p, sid, ri, src.recipes[ri], goods, out)
    if loc == "market":
        _legal_market(s, p, out)
    if loc == "village":
        if (not p.cart_bought and p.carts < hs.cart_slots and s.carts > 0
                and p.coins >= hs.cart_price):
            out["cart"] = ("cart",)


def _recipe_variants(s, p, sid, ri, r, goods, out) -> None:
    allow = s.options["allow_action_with_empty_output"]
    if r.gain:
        if not allow:
            need: dict = {}
            for g in r.gain:
                need[g] = need.get(g, 0) + 1
            if any(s.supply.get(g, 0) < n for g, n in need.items()):
                return
        out[sid] = ("run", sid, ri, None)
    elif r.choose:
        for c in r.choose:
            if allow or s.supply.get(c, 0) > 0:
                out[f"{sid}:{c}"] = ("run", sid, ri, c)
    elif r.coins:
        out[sid] = ("run", sid, ri, None)
    elif r.road:
        if p.road + r.road > len(s.hs.track):
            return
        step = s.hs.track[p.road]
        if "corn" in step:
            for row in _corn_rows(s, p):
                out[sid if row is None else f"{sid}:r{row + 1}"] = ("run", sid, ri, row)
        else:
            out[sid] = ("run", sid, ri, None)
    elif r.card:
        cards = s.houses if r.card == "house" else s.boats
        for t in sorted(set(cards)):
            out[f"{sid}:{t}"] = ("run", sid, ri, t)
        if not cards and allow:
            out[sid] = ("run", sid, ri, None)
    elif r.store:
        for rows, wh in _store_combos(s, p.wh, goods).items():
            out[sid + "".join(f":r{x + 1}" for x in rows)] = ("run", sid, ri, rows)


def _legal_market(s: State, p: Player, out: dict) -> None:
    hs = s.hs
    entry = p.src.get("market")
    goods = entry[0] if entry else ()
    order_taken = s.turn[3]
    need = _order_need(s, p)
    for g in set(goods):
        out[f"sell:{g}"] = ("sell", g)
        if need is not None and g in need and not (order_taken and not s.options["orders_same_turn"]):
            if len(need) == 1:
                for row in _corn_rows(s, p):
                    out[f"deliver:{g}" if row is None else f"deliver:{g}:r{row + 1}"] = ("deliver", g, row)
            else:
                out[f"deliver:{g}"] = ("deliver", g, None)
    if p.order is None and p.coins >= hs.order_price:
        for o in s.orders:
            out[f"order:{o}"] = ("order", o)
    if not p.ext_bought:
        S = s._S
        owned = {S[e].signature for e, _r in p.exts}
        role_sig = S[p.role].signature if p.role else None
        for slot, e in enumerate(s.display):
            if e is None:
                continue
            price = hs.ext_price(e) + hs.surcharges[slot]
            sig = S[e].signature
            if p.coins >= price and sig not in owned and sig != role_sig:
                out[f"buy:{e}"] = ("buy", e, slot, price)


def _order_need(s: State, p: Player) -> list | None:
    if p.order is None:
        return None
    oid, delivered = p.order
    need = list(s.hs.orders[oid][0])
    for g in delivered:
        need.remove(g)
    return need


def _legal_final(s: State, i: int, out: dict) -> None:
    p = s.ps[i]
    out["done"] = ("done",)
    if p.store_left <= 0:
        return
    for g in _pool_types(p):
        if g in ("food", "corn"):
            continue
        for r in _rows_for(s, p.wh, g):
            out[f"store:{g}:r{r + 1}"] = ("fstore", g, r)


def _pool_types(p: Player) -> set:
    t = set(p.crate) | set(p.bag) | set(p.planning)
    for goods, _c, fg, _fc in p.src.values():
        t.update(goods)
        t.update(fg)
    return t


# ----------------------------------------------------------------------------------------------
# Apply
# ----------------------------------------------------------------------------------------------

def apply(state: State, move: Move | str) -> State:
    """Play ``move`` (a :class:`Move` or its notation) and return the new state.

    Never mutates ``state``. Chance (bag draws) is drawn from the seed.

    Raises:
        ValueError: malformed notation.
        IllegalMoveError: a well-formed move that is not legal now (or the game is over).
    """
    text = move.text if isinstance(move, Move) else parse_move(move).text
    if state.phase == "over":
        raise IllegalMoveError(f"the game is over; {text!r} is not legal")
    op = _legal(state).get(text)
    if op is None:
        raise IllegalMoveError(
            f"{text!r} is not legal now ({state.phase}, {seat_name(state, state.current)})")
    s = state._copy()
    _do(s, state.current, op)
    s.moves = state.moves + (text,)
    s.ps = tuple(s.ps)
    s._mut = None
    return s


def _do(s: State, i: int, op: tuple) -> None:
    kind = op[0]
    if kind == "role":
        _give_role(s, i, op[1])
        s.roles_left = tuple(r for r in s.roles_left if r != op[1])
        s.queue = s.queue[1:]
        if s.queue:
            s.current = s.queue[0]
        else:
            s.start_player = i  # the last chooser becomes the start player (§4.7)
            _begin_draw(s)
        return
    p = s.pm(i)
    if kind == "place":
        _, g, sid = op
        goods, coins, fg, fc = p.src.get(sid, ((), 0, (), 0))
        _add(p.planning, g, -1)
        p.src[sid] = (goods, coins, s.hs.canon(fg + (g,)), fc)
    elif kind == "coin":
        sid = op[1]
        goods, coins, fg, fc = p.src.get(sid, ((), 0, (), 0))
        p.coins -= 1
        p.src[sid] = (goods, coins, fg, fc + 1)
    elif kind == "unplace":
        _, g, sid = op
        goods, coins, fg, fc = p.src[sid]
        if s.phase == "planning":
            lst = list(fg)
            lst.remove(g)
            fg = tuple(lst)
        else:
            lst = list(goods)
            lst.remove(g)
            goods = tuple(lst)
        _add(p.planning, g, 1)
        _set_src(p, sid, goods, coins, fg, fc)
    elif kind == "uncoin":
        sid = op[1]
        goods, coins, fg, fc = p.src[sid]
        if s.phase == "planning":
            fc -= 1
        else:
            coins -= 1
        p.coins += 1
        _set_src(p, sid, goods, coins, fg, fc)
    elif kind == "draw":
        _draw(s, i, p)
        if not p.pending_return:
            _next_in_queue(s)
    elif kind == "bag":
        _add(p.planning, op[1], -1)
        _add(p.bag, op[1], 1)
        p.pending_return = False
        _next_in_queue(s)
    elif kind == "done":
        if s.phase == "final_storage":
            p.store_left = 0
        _next_in_queue(s)
    elif kind == "fstore":
        _, g, r = op
        _take_owned(p, g)
        p.wh = _wh_put(p.wh, r, g)
        p.store_left -= 1
        if p.store_left <= 0:
            _next_in_queue(s)
    elif kind == "pawn":
        p.pawn = op[1]
    elif kind in ("go", "step"):
        if kind == "go":
            if p.carts_used == 0:
                p.carts_used = 1
            elif not p.d7_used and _has_passive(s, p, "extra_cart"):
                p.d7_used = True
            else:
                _pay_move(p)
                p.carts_used += 1
        else:
            _pay_move(p)
        p.pawn = op[1]
        if s.turn[0] is not None:
            s.turn = (s.turn[0], True, s.turn[2], s.turn[3])
    elif kind == "end":
        _next_actor(s, i)
    elif kind == "pass":
        p.passed = True
        _next_actor(s, i)
    else:
        _do_action(s, i, p, op)
        acted, moved, tsrc, otk = s.turn
        s.turn = (p.pawn, moved, tsrc if tsrc is not None else _op_source(op),
                  otk or kind == "order")
        _check_empty(s)


def _set_src(p: Player, sid: str, goods, coins, fg, fc) -> None:
    if goods or coins or fg or fc:
        p.src[sid] = (goods, coins, fg, fc)
    else:
        p.src.pop(sid, None)


def _pay_move(p: Player) -> None:
    goods, coins, fg, fc = p.src["move"]
    if "food" in goods:
        lst = list(goods)
        lst.remove("food")
        goods = tuple(lst)
        _add(p.crate, "food", 1)
    else:
        coins -= 1
    _set_src(p, "move", goods, coins, fg, fc)


def _take_owned(p: Player, g: str) -> None:
    for d in (p.crate, p.bag, p.planning):
        if d.get(g):
            _add(d, g, -1)
            return
    for sid in sorted(p.src):
        goods, coins, fg, fc = p.src[sid]
        if g in goods:
            lst = list(goods)
            lst.remove(g)
            _set_src(p, sid, tuple(lst), coins, fg, fc)
            return
        if g in fg:
            lst = list(fg)
            lst.remove(g)
            _set_src(p, sid, goods, coins, tuple(lst), fc)
            return
    raise AssertionError(f"no {g} to take")  # pragma: no cover - guarded by legal moves


def _draw(s: State, i: int, p: Player) -> None:
    """Fill the open planning spaces from the bag, refilling from the crate (spec §6.1)."""
    need = _unlocked(s, p) - _count(p.planning)
    extra = 1 if _has_passive(s, p, "draw_control") else 0
    goods = s.hs.goods
    rng = core.rng_for(s.seed, "draw", s.round, i)
    bag = p.bag
    for _ in range(max(0, need) + extra):
        total = _count(bag)
        if not total:
            if not p.crate:
                break
            bag = p.bag = p.crate
            p.crate = {}
            total = _count(bag)
        k = rng.randrange(total)
        for g in goods:
            n = bag.get(g, 0)
            if k < n:
                break
            k -= n
        _add(bag, g, -1)
        _add(p.planning, g, 1)
    p.pending_return = bool(extra) and _count(p.planning) > _unlocked(s, p)


def _next_in_queue(s: State) -> None:
    s.queue = s.queue[1:]
    if s.queue:
        s.current = s.queue[0]
        return
    if s.phase == "draw":
        s.phase = "planning"
        s.queue = _seat_order(s)
        s.current = s.queue[0]
    elif s.phase == "planning":
        for i in range(s.players):
            p = s.ps[i]
            if any(v[2] or v[3] for v in p.src.values()):
                p = s.pm(i)
                p.src = {sid: (s.hs.canon(g + fg), c + fc, (), 0) for sid, (g, c, fg, fc) in p.src.items()}
        s.phase = "actions"
        s.current = s.start_player
        s.turn = _NO_TURN
    elif s.phase == "final_storage":
        _game_over(s)


def _next_actor(s: State, i: int) -> None:
    s.turn = _NO_TURN
    for k in range(1, s.players + 1):
        j = (i + k) % s.players
        if not s.ps[j].passed:
            s.current = j
            return
    _end_round(s)


def _end_round(s: State) -> None:
    """All passed: the last round leads to final storage, others to the new-round steps (§6.4)."""
    if s.final_round is not None and s.round >= s.final_round:
        order = [j for j in _seat_order(s) if _has_passive(s, s.ps[j], "final_storage", False)]
        for j in order:
            p = s.pm(j)
            p.store_left = max(s._S[e].amount for e, _r in p.exts if s._S[e].passive == "final_storage")
        if order:
            s.phase = "final_storage"
            s.queue = tuple(order)
            s.current = order[0]
        else:
            _game_over(s)
        return
    s.start_player = (s.start_player + 1) % s.players
    for j in range(s.players):
        p = s.pm(j)
        p.carts_used = 0
        p.d7_used = p.cart_bought = p.ext_bought = p.passed = False
    _refill_display(s)
    s.round += 1
    s.turn = _NO_TURN
    _begin_draw(s)


def _refill_display(s: State) -> None:
    """Spec §13.3: slide down into gaps (or drop the cheapest tile), refill from the pile."""
    disp = list(s.display)
    if s.bought_any:
        remaining = [e for e in disp if e is not None]
    else:
        if disp[0] is not None:
            s.gone = s.gone + (disp[0],)
        remaining = [e for e in disp[1:] if e is not None]
    pile = list(s.pile)
    while len(remaining) < s.hs.slots and pile:
        remaining.append(pile.pop(0))
    if len(remaining) < s.hs.slots and s.trigger is None:
        s.trigger, s.trigger_round, s.final_round = "display", s.round, s.round + 1
    s.display = tuple(remaining) + (None,) * (s.hs.slots - len(remaining))
    s.pile = tuple(pile)
    s.bought_any = False


def _game_over(s: State) -> None:
    s.phase = "over"
    s.queue = ()
    s.current = None


def _do_action(s: State, i: int, p: Player, op: tuple) -> None:
    kind = op[0]
    hs = s.hs
    if kind == "run":
        _, sid, ri, arg = op
        r = s._S[sid].recipes[ri]
        goods, coins, _fg, _fc = p.src.pop(sid)
        if r.store:
            p.wh = _store_combos(s, p.wh, goods)[arg]
        else:
            for g in goods:
                _add(p.crate, g, 1)
        # coins on coin spaces go back to the bank
        for g in r.gain:
            _gain(s, p, g)
        if r.choose:
            _gain(s, p, arg)
        if r.coins:
            p.coins += r.coins
        if r.road:
            step = hs.track[p.road]
            p.road += r.road
            if "corn" in step:
                _gain_corn(s, p, arg)
        if r.card:
            if arg is not None:
                if r.card == "house":
                    lst = list(s.houses)
                    lst.remove(arg)
                    s.houses = tuple(lst)
                    p.houses = p.houses + (arg,)
                else:
                    lst = list(s.boats)
                    lst.remove(arg)
                    s.boats = tuple(lst)
                    p.boats = p.boats + (arg,)
                    _gain(s, p, arg)
    elif kind == "sell":
        g = op[1]
        _take_market(p, g)
        _add(p.crate, g, 1)
        p.coins += hs.prices[g]
    elif kind == "deliver":
        _, g, row = op
        _take_market(p, g)
        oid, delivered = p.order
        delivered = hs.canon(delivered + (g,))
        if delivered == hs.orders[oid][0]:
            p.order = None
            p.done_orders = p.done_orders + (oid,)
            _gain_corn(s, p, row)
        else:
            p.order = (oid, delivered)
    elif kind == "order":
        oid = op[1]
        p.coins -= hs.order_price
        s.orders = tuple(o for o in s.orders if o != oid)
        p.order = (oid, ())
    elif kind == "buy":
        _, e, slot, price = op
        p.coins -= price
        p.ext_bought = True
        p.exts = p.exts + ((e, s.round),)
        s.display = s.display[:slot] + (None,) + s.display[slot + 1:]
        s.bought_any = True
    elif kind == "cart":
        p.coins -= hs.cart_price
        p.carts += 1
        p.cart_bought = True
        s.carts -= 1
    else:  # pragma: no cover
        raise AssertionError(op)


def _take_market(p: Player, g: str) -> None:
    goods, coins, fg, fc = p.src["market"]
    lst = list(goods)
    lst.remove(g)
    _set_src(p, "market", tuple(lst), coins, fg, fc)


# ----------------------------------------------------------------------------------------------
# Scoring (spec §16)
# ----------------------------------------------------------------------------------------------

def owned_goods(p: Player) -> dict:
    """Every good a player owns for scoring: bag, crate, planning, action spaces, warehouse
    (spec §16; goods on orders excluded). Returns ``{good: count}``."""
    out: dict = {}
    for d in (p.bag, p.crate, p.planning):
        for g, n in d.items():
            out[g] = out.get(g, 0) + n
    for goods, _c, fg, _fc in p.src.values():
        for g in goods + fg:
            out[g] = out.get(g, 0) + 1
    for row in p.wh:
        for g in row:
            out[g] = out.get(g, 0) + 1
    return out


def unscored_order_goods(state: State, player: int) -> tuple | None:
    """The goods a player has delivered to their open, unfinished order, which score nothing
    until the order is complete (spec §14, §16): ``(order id, goods)``, or ``None`` when the
    player has no open order or nothing on it."""
    order = state.ps[player].order
    if order is None or not order[1]:
        return None
    return order[0], tuple(order[1])


def total_coins(p: Player) -> int:
    """A player's coins, including coins lying on their coin spaces (used for the tie-break)."""
    return p.coins + sum(c + fc for _g, c, _fg, fc in p.src.values())


def score_breakdown(state: State, player: int) -> dict:
    """The score pad of one player (spec §16): goods, boats, houses, orders, house bonus,
    warehouse, total, plus ``coins`` (tie-break only). Valid at any time (a live preview)."""
    hs = state.hs
    p = state.ps[player]
    owned = owned_goods(p)
    goods_vp = sum(hs.values.get(g, 0) * n for g, n in owned.items())
    boats = hs.boat_vp * len(p.boats)
    houses = hs.house_vp * len(p.houses)
    orders = sum(hs.orders[o][1] for o in p.done_orders)
    bonus = sum(hs.bonus_vp * owned.get(t, 0) for t in p.houses)
    wh = sum(hs.wh_points[r] for r, row in enumerate(p.wh) if len(row) >= hs.wh_len)
    total = goods_vp + boats + houses + orders + bonus + wh
    return {"goods": goods_vp, "boats": boats, "houses": houses, "orders": orders,
            "house_bonus": bonus, "warehouse": wh, "total": total, "coins": total_coins(p)}


def outcome(state: State) -> Outcome | None:
    """The result once the game is over (spec §16), else ``None``.

    ``reason``: ``"score"`` (most VP), ``"coins"`` (VP tie broken by coins) or ``"shared"``
    (VP and coins tied; ``final_tie="shared"``). ``breakdown`` holds each player's score pad.
    """
    if state.phase != "over":
        return None
    pads = [score_breakdown(state, i) for i in range(state.players)]
    scores = tuple(b["total"] for b in pads)
    best = max(scores)
    top = [i for i in range(state.players) if scores[i] == best]
    if len(top) == 1:
        return Outcome(scores, tuple(top), "score", {"vp": best}, tuple(pads))
    most = max(pads[i]["coins"] for i in top)
    rich = tuple(i for i in top if pads[i]["coins"] == most)
    reason = "coins" if len(rich) == 1 else state.options["final_tie"]
    return Outcome(scores, rich, reason, {"vp": best, "coins": most}, tuple(pads))


# ----------------------------------------------------------------------------------------------
# View (spec §19 hidden information)
# ----------------------------------------------------------------------------------------------

def _counts(hs, d: dict) -> dict:
    if len(d) < 2:
        return dict(d)
    return {g: d[g] for g in sorted(d, key=hs.order.__getitem__)}


def _seat_view(s: State, i: int, private: bool) -> dict:
    hs = s.hs
    p = s.ps[i]
    hide = not private and s.phase in ("draw", "planning")
    planning = dict(p.planning)
    coins = p.coins
    sources = {}
    for sid in sorted(p.src):
        goods, c, fg, fc = p.src[sid]
        if hide:
            for g in fg:
                planning[g] = planning.get(g, 0) + 1
            coins += fc
            if goods or c:
                sources[sid] = {"goods": list(goods), "coins": c}
        else:
            entry = {"goods": list(hs.canon(goods + fg)), "coins": c + fc}
            if private and (fg or fc):
                entry["fresh"] = list(fg)
                entry["fresh_coins"] = fc
            sources[sid] = entry
    out = {
        "seat": i, "name": seat_name(s, i), "role": p.role, "coins": coins,
        "bag": _counts(hs, p.bag), "bag_size": _count(p.bag),
        "crate": _counts(hs, p.crate), "planning": _counts(hs, planning),
        "open_planning_spaces": _unlocked(s, p), "sources": sources,
        "warehouse": [list(r) for r in p.wh],
        "extensions": [e for e, _r in p.exts], "houses": list(p.houses), "boats": list(p.boats),
        "order": None if p.order is None else {"id": p.order[0], "delivered": list(p.order[1])},
        "completed_orders": list(p.done_orders), "road": p.road, "carts": p.carts,
        "carts_used": p.carts_used, "pawn": p.pawn, "passed": p.passed,
        "score": score_breakdown(s, i)["total"],
    }
    if private:
        out["pending_return"] = p.pending_return
        out["store_left"] = p.store_left
    return out


def _acts(s: State, player: int | None) -> bool:
    return player is not None and player == current_player(s)


def view(state: State, player: int | None) -> dict:
    """What seat ``player`` may see (``None``: a spectator), JSON-friendly.

    Hidden (spec §19): the draw order of bags (only counts are shown), the order of the
    extension pile (only its size and the letters on the backs), the orders removed at setup,
    and — during the Draw and Planning phases — the other players' placements made this round
    (shown back on their planning spaces) and coins placed this round.

    The header every game's view shares: ``game``, ``players``, ``player`` (the viewing seat,
    ``None`` for a spectator), ``current_player`` (``None`` when the game is over), ``phase``,
    ``ply`` (moves played), ``legal_moves`` (notation strings of ``player``'s legal moves when
    ``player`` is the seat to act, else ``[]``; always ``[]`` for a spectator) and ``outcome``
    (``Outcome.to_json()`` once over, spec §16, else ``None``). Besides the table and the
    seats: ``options`` (the non-default options).

    Raises:
        ValueError: no such player.
    """
    s = state
    if player is not None and not (isinstance(player, int) and 0 <= player < s.players):
        raise ValueError(f"no player {player!r}")
    hs = s.hs
    out = outcome(s)
    letters: dict = {}
    for e in s.pile:
        L = hs.extensions[e]["letter"]
        letters[L] = letters.get(L, 0) + 1
    return {
        "game": GAME_ID, "player": player, "players": s.players, "round": s.round,
        "phase": s.phase, "current_player": current_player(s), "ply": len(s.moves),
        "start_player": s.start_player,
        "ring": list(s.ring), "trigger": s.trigger, "trigger_round": s.trigger_round,
        "final_round": s.final_round, "supply": _counts(hs, s.supply),
        "houses": list(s.houses), "boats": list(s.boats), "carts": s.carts,
        "orders": list(s.orders),
        "display": [None if e is None else {"id": e, "price": hs.ext_price(e) + hs.surcharges[k],
                                            "surcharge": hs.surcharges[k]}
                    for k, e in enumerate(s.display)],
        "pile": {"count": len(s.pile), "letters": letters},
        "gone": list(s.gone), "roles_left": list(s.roles_left),
        "seats": [_seat_view(s, i, player == i) for i in range(s.players)],
        "options": written_options(s.options),
        "legal_moves": [m.text for m in legal_moves(s)] if _acts(s, player) else [],
        "turn": action_turn(s),
        "outcome": out.to_json() if out is not None else None,
    }
