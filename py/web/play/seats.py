"""The seats of a table, one vocabulary: who sits where (a person or a bot of a level), how a
seat is read from a form, a link or a save, and what each seat is called.

Pure Python (no browser imports). A record's ``meta["seats"]`` lists each seat's kind:
:data:`PERSON` or a bot level (:data:`BOT_LEVELS`, ``altibox.bots.LEVELS``); ``meta["names"]``
the names the players typed. Both come from saves and links, so neither is trusted: every
reader here falls back to a person and to the rules' seat names.
"""

from __future__ import annotations

from typing import Any

from web.html.escape import clean_name

PERSON = "person"

BOT_LEVELS = ("random", "easy", "medium", "hard")

#: The level of a bot named without one (``&seat2=bot``) or with one this version does not know.
DEFAULT_LEVEL = "medium"

SEAT_CHOICES = (PERSON,) + BOT_LEVELS


def seat_kinds(meta: dict, players: int) -> list[str]:
    """Each seat's kind from a record's ``meta["seats"]``: ``"person"`` or a bot level.

    A text entry other than ``"person"`` names a bot: one of a level this version does not know
    (a save from a newer version, say ``"godlike"``) plays at :data:`DEFAULT_LEVEL` rather than
    silently becoming a person (see :func:`unknown_levels` for the notice). Anything else
    unreadable (not text) counts as a person, so a broken entry can never make the computer
    play someone's seat.
    """
    raw = meta.get("seats") if isinstance(meta, dict) else None
    raw = raw if isinstance(raw, list) else []
    out = []
    for i in range(players):
        kind = raw[i] if i < len(raw) else PERSON
        if kind == PERSON or kind in BOT_LEVELS:
            out.append(kind)
        else:
            out.append(DEFAULT_LEVEL if isinstance(kind, str) else PERSON)
    return out


def unknown_levels(meta: dict, players: int) -> list[tuple[int, str]]:
    """The seats of ``meta["seats"]`` that name a bot level this version does not know, as
    ``(seat, level as saved)``: :func:`seat_kinds` plays them at :data:`DEFAULT_LEVEL`."""
    raw = meta.get("seats") if isinstance(meta, dict) else None
    raw = raw if isinstance(raw, list) else []
    return [(i, kind) for i, kind in enumerate(raw[:players])
            if isinstance(kind, str) and kind != PERSON and kind not in BOT_LEVELS]


def parse_seat(value: Any) -> str:
    """One seat kind from a form field or a link: ``"person"`` or a bot level.

    Accepts ``person``, ``random``, ``easy``, ``medium``, ``hard``, the same with a ``bot:``
    prefix (``bot:hard``), and ``bot`` alone (medium); case and surrounding spaces are ignored.

    Raises:
        ValueError: anything else (the message lists what is accepted).
    """
    text = str(value).strip().lower() if isinstance(value, str) else ""
    if text.startswith("bot:"):
        text = text[4:]
        if text == PERSON:
            text = ""
    elif text == "bot":
        text = DEFAULT_LEVEL
    if text in SEAT_CHOICES:
        return text
    raise ValueError(f"a seat is one of {', '.join(SEAT_CHOICES)} (or bot:LEVEL), not {value!r}")


def seat_label(kind: str) -> str:
    """Words for a seat kind: ``"Person"``, ``"Bot (medium)"``."""
    return "Person" if kind == PERSON else f"Bot ({kind})"


def bot_name(seat: int, kind: str) -> str:
    """The default name of a bot seat in a game where players type names: ``"Bot 2 (hard)"``."""
    return f"Bot {seat + 1} ({kind})"


def is_default_name(seat: int, name: Any) -> bool:
    """True when ``name`` is one Altibox wrote for seat ``seat`` (0-based), not one a person
    typed: blank, "Player N", or a bot's default name at any level ("Bot N (easy)"). A rematch's
    form shows the last game's names, so these must follow the seat's kind when it changes
    (new-user run: a seat switched to a person kept "Bot 3 (easy)")."""
    return name in ("", f"Player {seat + 1}") or name in {bot_name(seat, k) for k in BOT_LEVELS}


def default_name(seat: int, kind: str) -> str:
    """The name a seat gets when nobody typed one: "Player N", or :func:`bot_name` for a bot."""
    return f"Player {seat + 1}" if kind == PERSON else bot_name(seat, kind)


def seats_meta(info: Any, players: int, seats: list[str], names: list[str] | None = None) -> dict:
    """The record ``meta`` entries for a new game's seats: ``{"seats": [...]}`` when any seat
    is a bot (nothing for a game of people only, as before bots existed), and, in a game where
    players type names (``info.seats`` is None), ``"names"`` with a blank or default name
    (:func:`is_default_name`: "Player N", or a bot's name of any level) replaced by the default
    of the seat's kind (:func:`default_name`); a name a person typed is kept.

    Args:
        info: the game's ``INFO``. players: seats in play. seats: one kind per seat (missing:
        person). names: the names typed (already cleaned), or None.
    """
    kinds = [(seats[i] if i < len(seats) else PERSON) for i in range(players)]
    named = None
    if names is not None:
        named = list(names)
        if info.seats is None:
            named = [default_name(i, k) if is_default_name(i, named[i] if i < len(named) else "") else named[i]
                     for i, k in enumerate(kinds)]
    if all(k == PERSON for k in kinds):
        return {"names": named} if named is not None else {}
    out: dict = {"seats": kinds}
    if info.seats is None:
        out["names"] = named if named is not None else [default_name(i, k) for i, k in enumerate(kinds)]
    elif named is not None:
        out["names"] = named
    return out


def seat_names(module: Any, state: Any, names: list[str] | None = None) -> list[str]:
    """Each seat's name: the players' own names when given, else the rules' seat names.

    ``names`` comes from a save, so it is not trusted: only text entries count.
    """
    given = names if isinstance(names, list) else []
    return [(clean_name(given[p]) if p < len(given) else "") or module.seat_name(state, p)
            for p in range(module.num_players(state))]
