"""URL parameters (DESIGN.md §3, URLs): parsing and turning them into a new-game request.

Pure Python. ``?game=ID`` opens a game; ``&new=1`` starts a new one at once with ``&seed=N``,
``&players=N``, any option as ``&name=value`` and each seat's player as ``&seatN=KIND``
(``person``, or a bot: ``random``, ``easy``, ``medium``, ``hard``, also written ``bot:hard``). Unknown parameters are ignored; bad values
raise ``ValueError`` with a message meant for the page.
"""

from __future__ import annotations

import re
from typing import Iterable

from altibox.core import coerce_option, check_seed

from web.play.seats import parse_seat

_DIGITS = re.compile(r"[0-9]{1,16}")


def parse_query(search: str) -> dict[str, str]:
    """``location.search`` (with or without ``?``) as a dict; a ``+`` decodes to a space.

    The first value of a repeated parameter wins.
    """
    # imported here: urllib.parse imports ipaddress, 128 KB of source that Pyodide compiles at
    # start-up; the page reads its address with the browser's URLSearchParams (first_values)
    from urllib.parse import parse_qsl
    return first_values(parse_qsl(search.lstrip("?"), keep_blank_values=True))


def first_values(pairs: Iterable) -> dict[str, str]:
    """``(key, value)`` pairs (as ``parse_qsl`` or the browser's ``URLSearchParams`` give them)
    as a dict in which the first value of a repeated key wins. A key spelled ``amp;X`` (what
    ``&amp;`` pasted from an HTML snippet into an address bar becomes) is read as ``X``.

    >>> first_values([("game", "alto"), ("seed", "1"), ("game", "altitude")])
    {'game': 'alto', 'seed': '1'}
    >>> first_values([("game", "alto"), ("amp;embed", "1")])
    {'game': 'alto', 'embed': '1'}
    >>> first_values([("game", "ALTO")])
    {'game': 'alto'}
    """
    out: dict[str, str] = {}
    for key, value in pairs:
        key = str(key)
        while key.startswith("amp;"):
            key = key[4:]
        out.setdefault(key, str(value))
    if "game" in out:   # game ids are lower case: ?game=ALTO opens Alto (issue 22)
        out["game"] = out["game"].strip().lower()
    return out


#: The pages of a game (DESIGN.md §3, ``&page=``); no ``page=`` is the game itself.
PAGES = ("rules", "learn", "lesson", "editor")

#: The games with a How-to-play page (the keys of ``web.html.howto.PAGES``, a unit test says so):
#: the play screen links the page without compiling its texts.
HOWTO_GAMES = ("alto", "altitude", "altiplano")


#: The options whose values a game's How-to-play page shows (its legend, the numbers of its
#: texts, its examples): Altiplano's house set. A link to the page from a game carries them when
#: they are not new games' (DESIGN §3: only non-default options in URLs).
HOWTO_OPTIONS = {"altiplano": ("house_set",)}


def howto_url(game_id: str, options: dict | None = None) -> str:
    """The How-to-play page's address relative to the site: ``?game=G&page=rules``, and each of
    the game's :data:`HOWTO_OPTIONS` that ``options`` (a game's) sets to other than new games'
    value, e.g. ``?game=altiplano&page=rules&house_set=house_set_12`` from a game on version 12.

    >>> howto_url("altiplano", {"house_set": "house_set_12", "first_player": 1})
    '?game=altiplano&page=rules&house_set=house_set_12'
    >>> howto_url("altiplano", {"house_set": "house_set_13"}), howto_url("alto")
    ('?game=altiplano&page=rules', '?game=alto&page=rules')
    """
    url = f"?game={game_id}&page=rules"
    names = HOWTO_OPTIONS.get(game_id, ()) if options else ()
    if names:
        from altibox import GAMES
        spec = GAMES[game_id].OPTIONS
        url += "".join(f"&{name}={_url_value(str(options[name]))}" for name in names
                       if name in options and options[name] != spec[name][1])
    return url


def _url_value(text: str) -> str:
    """``text`` percent-encoded for a URL's query (UTF-8; letters, digits and ``-._~`` as they
    are), without importing urllib.parse at start-up (see :func:`parse_query`).

    >>> _url_value("house_set_12"), _url_value("a b&é")
    ('house_set_12', 'a%20b%26%C3%A9')
    """
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-._~") else
                   "".join(f"%{b:02X}" for b in ch.encode("utf-8")) for ch in text)


def howto_options(params: dict[str, str], module) -> tuple[dict, str | None]:
    """The options a How-to-play address asks the page to show (:data:`HOWTO_OPTIONS`, other
    than new games'): ``(options, None)``, or, for a value the game does not accept, that
    option left out and the words saying so (the page then shows new games' values), e.g.
    ``"house_set=house_set_99 names no version of the house set (…): this page shows the values
    of new games."``."""
    options, wrong = {}, []
    for name in HOWTO_OPTIONS.get(module.GAME_ID, ()):
        if params.get(name, "") == "":
            continue
        try:
            value = link_option(module.OPTIONS, name, params[name])
            module.new_game(seed=1, players=module.INFO.default_players, **{name: value})
        except ValueError as exc:
            wrong.append(str(exc))
            continue
        if value != module.OPTIONS[name][1]:
            options[name] = value
    return options, (f"{'; '.join(wrong)}: this page shows the values of new games." if wrong else None)


def unknown_page(params: dict[str, str], game_name: str) -> str | None:
    """The message for a ``page=`` that names no page of the site, or None when it is one of
    :data:`PAGES` (or absent or empty).

    >>> unknown_page({"page": "nope"}, "Altiplano")
    'There is no page called “nope” here. Altiplano has How to play (page=rules), a guided first game (page=learn), the scene editor (page=editor) and its game (no page=).'
    >>> unknown_page({"page": "rules"}, "Alto") is None
    True
    """
    page = params.get("page", "")
    if page == "" or page in PAGES:
        return None
    return (f"There is no page called “{page}” here. {game_name} has How to play (page=rules), a guided "
            f"first game (page=learn), the scene editor (page=editor) and its game (no page=).")


def link_players(params: dict[str, str], module) -> int | None:
    """The player count a link's ``&players=`` asks for (None when it has none).

    Raises:
        ValueError: not a plain number of players the game is played by, e.g. "Altiplano is
            played by 2 to 5 players, not '9'".
    """
    if params.get("players", "") == "":
        return None
    players = int(params["players"]) if _DIGITS.fullmatch(params["players"]) else -1
    if players not in module.PLAYERS:
        lo, hi = min(module.PLAYERS), max(module.PLAYERS)
        allowed = str(lo) if lo == hi else f"{lo} to {hi}"
        raise ValueError(f"{module.NAME} is played by {allowed} players, not {params['players']!r}")
    return players


def link_position(params: dict[str, str], module):
    """The start a full-page link's ``&pos=`` asks for (``module.from_position``), or None when
    it has none. A refused or malformed one is said, never ignored in silence (new-user run:
    ``?game=altiplano&pos=abc`` showed the new-game form without a word).

    Raises:
        ValueError: the game keeps cards hidden (its position text would show every hand:
            docs/teachers.md), or the text is not a valid position; the message says why and
            quotes the link's text (cut after 120 characters).
    """
    text = params.get("pos", "")
    if text == "":
        return None
    from web.links.codec import shown_text
    name = module.INFO.name
    said = f"The link says “pos={shown_text(text, 120)}”."
    if module.INFO.hidden:
        raise ValueError(f"{name} keeps cards hidden, so a link cannot give its position (pos=): a position "
                         f"text would show every hand and the draw pile. Share a game of {name} by its "
                         f"record (rec=, from Share / Embed) instead. {said}")
    try:
        return module.from_position(text)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise ValueError(f"This link’s position is not a valid {name} position: {exc}. {said}") from None


def position_request(params: dict[str, str], module) -> tuple[object, str | None]:
    """``(start, refused)`` for a full-page link's ``&pos=``: the start of a new game
    (:func:`link_position`) and None; or None and the words that say why the position cannot be
    used (the page refuses the link with them and offers the way back to the saved game, or a
    new one: ``web.dom.linkopen``, as for a refused ``rec=``). ``(None, None)`` for a link
    without ``pos=``."""
    try:
        return link_position(params, module), None
    except ValueError as exc:
        return None, str(exc)


def new_game_request(params: dict[str, str], module) -> tuple[int | None, int | None, dict]:
    """The ``(seed, players, options)`` a ``&new=1`` URL asks for.

    Args:
        params: from :func:`parse_query`.
        module: the game's rules module (for ``OPTIONS`` and ``PLAYERS``).
    Raises:
        ValueError: a seed that is not a whole number below 2**53, a bad player count,
            or an option value the game does not accept.
    """
    seed = None
    if params.get("seed", "") != "":
        try:
            if not _DIGITS.fullmatch(params["seed"]):
                raise ValueError
            seed = check_seed(int(params["seed"]))
        except ValueError:
            raise ValueError(f"seed must be a whole number from 0 to 9007199254740991, not {params['seed']!r}") from None
    players = link_players(params, module)
    options = {}
    for key, value in params.items():
        if key in module.OPTIONS:
            if module.OPTIONS[key][0] not in (int, str, bool):
                raise ValueError(f"option {key!r} cannot be set from a link")
            options[key] = link_option(module.OPTIONS, key, value)
    return seed, players, options


def link_option(spec, key: str, value: str):
    """One option from a link's ``&key=value``, checked by ``coerce_option``; a bad value
    raises ``ValueError`` in the link's own words (``role_selection=zzz is not one of: deal,
    draft``), not the option machinery's (new-user run: "option 'role_selection' must be one
    of 'deal', 'draft', got 'zzz'" read as a program's error). The value is shown cut to 40
    characters."""
    try:
        return coerce_option(spec, key, value)
    except ValueError:
        typ, _default, choices = spec[key]
        shown = value if len(value) <= 40 else value[:40] + "\u2026"
        if typ is int and not re.fullmatch(r"-?[0-9]{1,18}", value):
            why = "is not a whole number"
        elif typ is bool and choices is None:
            why = "is not true or false"
        elif choices is not None:
            why = "is not one of: " + ", ".join(str(c).lower() if isinstance(c, bool) else str(c)
                                                for c in choices)
        else:
            why = "is not a value this game accepts"
        raise ValueError(f"{key}={shown} {why}") from None


def seats_request(params: dict[str, str], players: int) -> list[str]:
    """Each seat's kind a ``&new=1`` URL asks for: ``&seat1=person&seat2=hard`` (1-based, like
    the form); a seat not named is a person.

    Raises:
        ValueError: a kind that is not ``person`` or a bot level, or a seat number the game
            does not have (the message says which).
    """
    seats = ["person"] * players
    for key, value in params.items():
        m = re.fullmatch(r"seat([0-9]{1,2})", key)
        if m is None:
            continue
        n = int(m.group(1))
        if not 1 <= n <= players:
            raise ValueError(f"there is no seat {n} in a game of {players} "
                             f"player{'s' if players > 1 else ''}")
        try:
            seats[n - 1] = parse_seat(value)
        except ValueError as exc:
            raise ValueError(f"seat{n}: {exc}") from None
    return seats


def seats_ignored_notice(params: dict[str, str], players: int, resuming: bool,
                         module=None) -> str | None:
    """What to say about ``&seatN=`` (or ``&players=``, ``&seed=``, a game option such as
    ``&house_set=``) in a link without ``&new=1`` (they are chosen only when a new game starts):
    None when the link names none of them; else the problem with a bad seat or option value
    (the same words as with ``&new=1``) or that they were not used, and what happens instead (a
    new user's ``&players=9`` was ignored silently, and ``&house_set=house_set_99`` too).

    Args:
        players: the seats of the game that opens. resuming: the saved game opens (else the
            new-game form). module: the game's rules module, whose ``OPTIONS`` a link may name
            (None: no option is looked at).
    """
    named = [key for key in params if module is not None and key in module.OPTIONS]
    wrong = []
    for key in named:
        try:
            value = link_option(module.OPTIONS, key, params[key])
            module.new_game(seed=1, players=module.INFO.default_players, **{key: value})
        except ValueError as exc:
            wrong.append(str(exc))
    said = "".join(f"{w}. " for w in wrong)
    if not any(re.fullmatch(r"seat[0-9]{1,2}", key) for key in params):
        loose = [words for key, words in (("players", "player count"), ("seed", "seed")) if key in params]
        loose += [f"option {key}" for key in named]
        if not loose:
            return None
        one = len(loose) == 1
        after = (f"Your saved game goes on; {'it is' if one else 'they are'} used only when a new game "
                 f"starts (the link needs &new=1)." if resuming else
                 "Choose the game below, or add &new=1 to the link to start it at once.")
        listed = loose[0] if one else f"{', '.join(loose[:-1])} and {loose[-1]}"
        return (f"{said}The {listed} in this link {'applies' if one else 'apply'} only to a "
                f"new game. {after}")
    after = ("Your saved game goes on; seats are chosen only when a new game starts (the link "
             "needs &new=1)." if resuming else "Choose who plays below.")
    try:
        seats_request(params, players)
    except ValueError as exc:
        return f"{said}This link cannot choose the seats: {exc}. {after}"
    return f"{said}The seats in this link apply only to a new game. {after}"
