"""The editor's position forms (issue 20 point 4): what each compose form of the editor page
does to a :class:`web.play.editor.Draft`, pure Python, CPython-tested.

A form is a kind and its fields as text (the DOM glue reads them from the page); the rules of
composing live in the game packages (:mod:`altibox.alto.compose`,
:mod:`altibox.altitude.compose`, :mod:`altibox.altiplano.compose`). :func:`apply_form` returns
what the page says; an edit the engine refuses raises :class:`web.play.editor.EditorError` and
leaves the draft as it was (the page keeps the form as typed, so nothing is lost). Alto is the
exception on purpose: a square is set even when the board is not a valid position yet (a
movement position needs all 16 discs, placed one square at a time); the checker then says
what is still wrong.

Kinds and fields:

==================  ========================================================================
``position``        ``text``: the whole position text (any game)
``new``             ``players``, ``seed``: a new game's first position (any game)
``alto-square``     ``cell``, ``tile`` (APN pair or ``--``), ``discs`` (``r``/``w``, bottom first)
``alto-turn``       ``to_move`` (``r``/``w``), ``phase`` (``p``/``m``)
``altitude-table``  ``players``, ``phase``, ``current`` (1-based), ``hand``, ``drawn``,
                    ``discard_top``, ``pile_size``, ``pile_top`` (card ids, spaces or commas),
                    ``mountain1`` .. ``mountain4`` (``row.col:card`` items, e.g. ``1.0:57``)
``altiplano-goods`` ``seat`` (1-based), ``where`` (bag/crate/planning), ``good``, ``count`` (±)
``altiplano-warehouse`` ``seat``, ``rows`` (goods, rows split by ``/``)
``altiplano-seat``  ``seat``, ``coins``, ``road``, ``pawn`` (a location, or ``-`` for none)
``altiplano-display`` ``index`` (1-based), ``card``
``altiplano-order`` ``index`` (1-based), ``order``
==================  ========================================================================
"""

from __future__ import annotations

import re
from typing import Any, Callable

from altibox import GAMES

from web.play.editor import Draft, EditorError

_ITEM = re.compile(r"^([0-9]+)\.(-?[0-9]+):([0-9]+)$")


def _int(fields: dict, name: str, what: str, lo: int | None = None) -> int:
    text = str(fields.get(name, "")).strip()
    if not re.fullmatch(r"-?[0-9]{1,6}", text) or (lo is not None and int(text) < lo):
        raise EditorError(f"{what} must be a whole number{'' if lo is None else f' from {lo}'}, not {text!r}.")
    return int(text)


def _opt_int(fields: dict, name: str, what: str) -> int | None:
    return None if str(fields.get(name, "")).strip() in ("", "-") else _int(fields, name, what, 0)


def _ids(text: str, what: str) -> list[int]:
    items = [t for t in re.split(r"[\s,]+", str(text).strip()) if t]
    if not all(t.isdigit() for t in items):
        raise EditorError(f"{what}: give card numbers separated by spaces, not {text!r}.")
    return [int(t) for t in items]


def mountain_text(mountain: list[dict]) -> str:
    """A mountain as the form shows it: ``"1.0:57 1.1:30 2.0:60"`` (row.col:card)."""
    return " ".join(f"{e['row']}.{e['col']}:{e['card']}" for e in sorted(mountain, key=lambda e: (e["row"], e["col"])))


def read_mountain(text: str, seat: int) -> list[dict]:
    """The mountain of a form field (see :func:`mountain_text`).

    Raises:
        EditorError: an item that is not ``row.col:card``.
    """
    out = []
    for item in str(text).split():
        m = _ITEM.match(item)
        if m is None:
            raise EditorError(f"The mountain of seat {seat}: write each card as row.column:card "
                              f"(e.g. 1.0:57), not {item!r}.")
        out.append({"row": int(m.group(1)), "col": int(m.group(2)), "card": int(m.group(3))})
    return out


def position_of(draft: Draft) -> str:
    """The current scene's position text (a record scene's position at its ply)."""
    scene = draft.scene
    if isinstance(scene.get("position"), str):
        return scene["position"]
    return GAMES[draft.game].to_position(draft.start_state())


def _engine(fn: Callable, *args, **kwargs) -> Any:
    try:
        return fn(*args, **kwargs)
    except (ValueError, TypeError, KeyError) as exc:
        raise EditorError(str(exc)) from None


def apply_form(draft: Draft, kind: str, fields: dict[str, str]) -> str:
    """Apply compose form ``kind`` with ``fields`` to the current scene of ``draft``.

    Returns:
        What the page says (the position changed).
    Raises:
        EditorError: bad fields, or a position the engine refuses (the draft is unchanged).
    """
    game = draft.game
    if kind == "position":
        text = str(fields.get("text", "")).strip()
        if not text:
            raise EditorError("Give the position text.")
        draft.set_position(text)
        return "Position replaced."
    if kind == "new":
        module = GAMES[game]
        players = _int(fields, "players", "Players", 1)
        seed = _int(fields, "seed", "The seed", 0)
        state = _engine(module.new_game, seed=seed, players=players)
        draft.set_position(module.to_position(state))
        return f"A new game of {players} player{'s' if players != 1 else ''} (seed {seed})."
    if not kind.startswith(game + "-"):
        raise EditorError(f"{GAMES[game].NAME} has no form {kind!r}.")
    base = position_of(draft)
    if game == "alto":
        from altibox.alto import compose
        if kind == "alto-square":
            cell = str(fields.get("cell", ""))
            text = _engine(compose.set_square, base, cell, str(fields.get("tile", "")),
                           str(fields.get("discs", "")).strip().lower())
            said = f"Square {cell} set."
        else:
            text = _engine(compose.set_turn, base, str(fields.get("to_move", "")), str(fields.get("phase", "")))
            said = "Side to move and phase set."
    elif game == "altitude":
        text, said = _altitude(base, fields), "Table composed: the rest of the deck was worked out."
    else:
        text, said = _altiplano(base, kind, fields)
    draft.set_position(text)
    return said


def _altitude(base: str, fields: dict) -> str:
    from altibox.altitude import compose
    old = _engine(compose.parts, base)
    players = _int(fields, "players", "Players", 1)
    return _engine(
        compose.compose, players, str(fields.get("phase", "draw")),
        _int(fields, "current", "The seat to move", 1) - 1,
        [read_mountain(fields.get(f"mountain{q + 1}", ""), q + 1) for q in range(players)],
        _ids(fields.get("hand", ""), "Hand"), drawn=_opt_int(fields, "drawn", "The drawn card"),
        discard_top=_opt_int(fields, "discard_top", "The discard's top"),
        pile_size=_opt_int(fields, "pile_size", "The pile's size"),
        pile_top=_ids(fields.get("pile_top", ""), "Top of the pile"), options=old["options"], seed=old["seed"])


def _altiplano(base: str, kind: str, fields: dict) -> tuple[str, str]:
    from altibox.altiplano import compose
    seat = lambda: _int(fields, "seat", "The seat", 1) - 1  # noqa: E731 (read only where needed)
    if kind == "altiplano-goods":
        count = _int(fields, "count", "The number of goods")
        good = str(fields.get("good", ""))
        where = str(fields.get("where", ""))
        text = _engine(compose.move_goods, base, seat(), where, good, count)
        return text, (f"{count} {good} from the supply." if count >= 0 else f"{-count} {good} back to the supply.")
    if kind == "altiplano-warehouse":
        rows = [r.split() for r in str(fields.get("rows", "")).split("/") if r.split()]
        return _engine(compose.set_warehouse, base, seat(), rows), "Warehouse set; the supply pays the difference."
    if kind == "altiplano-seat":
        pawn = str(fields.get("pawn", "-")).strip()
        return _engine(compose.set_seat, base, seat(), coins=_opt_int(fields, "coins", "Coins"),
                       road=_opt_int(fields, "road", "Road"),
                       pawn=None if pawn in ("", "-") else pawn), "Seat set."
    if kind == "altiplano-display":
        return _engine(compose.swap_display, base, _int(fields, "index", "The display place", 1) - 1,
                       str(fields.get("card", "")).strip()), "Display changed."
    if kind == "altiplano-order":
        return _engine(compose.swap_order, base, _int(fields, "index", "The order place", 1) - 1,
                       str(fields.get("order", "")).strip()), "Open orders changed."
    raise EditorError(f"Altiplano has no form {kind!r}.")
