"""The screens around a game: landing page, new-game form, error page, "replace this game?".

Pure Python (HTML text, CPython-testable). What each screen says about a game comes from the
game's own facts (``module.INFO``: name, blurb, players, the new-game form) and from
:data:`web.play.adapters.BOARDS` (which games have a page). Every text goes through :func:`esc`.
"""

from __future__ import annotations

from typing import Any, Mapping

from altibox import GAMES
from altibox.core import coerce_option

from web.play.seats import SEAT_CHOICES, default_name, is_default_name, parse_seat, seat_label, seats_meta
from web.play.adapters import BOARDS
from web.html.escape import MAX_NAME, clean_names, esc
from web.links import routes

CHECKED = ' checked="checked"'
SELECTED = ' selected="selected"'


# ---------------------------------------------------------------- landing page

def landing_html(saved: Mapping[str, int | None], finished: Mapping[str, bool] | None = None) -> str:
    """The list of games, with a resume link for each saved game.

    Args:
        saved: game id -> moves played in its save, or None when there is no (readable) save.
        finished: game id -> True when that saved game is over (it is offered for review).
    """
    finished = finished or {}
    items = []
    for gid, module in GAMES.items():
        info = module.INFO
        if gid not in BOARDS:  # rules only, no page yet
            items.append(f'<li class="game-card soon" data-game-id="{esc(gid)}"><h2>{esc(info.name)}</h2>'
                         f'<p class="muted">{esc(info.players_text)}</p><p>{esc(info.blurb)}</p>'
                         f'<p>Coming soon: its rules are ready, its page is being built.</p></li>')
            continue
        ply = saved.get(gid)
        verb = "See the finished game" if finished.get(gid) else "Resume game"
        resume = (f'<a class="button primary" href="?game={esc(gid)}" data-resume="{esc(gid)}">'
                  f'{verb} <span class="muted">(move {ply})</span></a>') if ply is not None else ""
        new_label = "New game" if ply is not None else "Play"
        items.append(
            f'<li class="game-card" data-game-id="{esc(gid)}">'
            f'<h2>{esc(info.name)}</h2>'
            f'<p class="muted">{esc(info.players_text)}</p>'
            f'<p>{esc(info.blurb)}</p>'
            f'<p class="actions">{resume}'
            f'<a class="button{"" if ply is not None else " primary"}" href="?game={esc(gid)}&amp;form=1">{new_label}</a>'
            f'{_learn_link(gid)}{_howto_link(gid)}</p>'
            f'</li>'
        )
    return '<ul class="game-list">' + "".join(items) + "</ul>"


def _learn_link(gid: str) -> str:
    """The card's link to the guided first game (``?game=G&page=learn``, issue 22), when the game has one."""
    from web.play.learn import has_guide, learn_url
    if not has_guide(gid):
        return ""
    return f'<a class="button learn-link" data-nav="1" href="{esc(learn_url(gid))}">Guided first game</a>'


def _howto_link(gid: str) -> str:
    if gid not in routes.HOWTO_GAMES:
        return ""
    return f'<a class="button howto" data-nav="1" href="{esc(routes.howto_url(gid))}">How to play</a>'


# ---------------------------------------------------------------- new-game form

def setup_html(game_id: str, values: dict | None = None, replaces_save: bool = False,
               back_to_game: bool = False) -> str:
    """The new-game form for ``game_id``: one radio group per field of ``INFO.form``, a name
    per seat where players type their names (``INFO.seats`` is None), and per seat who plays
    it: a ``<select name="seatN">`` (1-based) of Person / Bot (random, easy, medium, hard).

    ``back_to_game``: its Back returns to the game in progress (``data-action="resume"``, shown
    in the page without reloading; the link ``?game=ID`` resumes the save in a new tab), else
    to the start page.

    ``values`` pre-fills it (a rematch keeps the players, their names, the seats and the
    options): ``{"players": n, "names": [...], "seats": ["person", "hard"], <option>: value}``.
    """
    module = GAMES[game_id]
    info = module.INFO
    values = values or {}
    groups = []
    for fld in info.form:
        if fld.name == "players":
            current = values.get("players", info.default_players)
        else:
            current = values.get(fld.name, info.options[fld.name][1])
        radios = "".join(
            f'<label class="choice choice-{esc(fld.name)}-{esc(v)}"><input type="radio" name="{esc(fld.name)}" '
            f'value="{esc(v)}"{CHECKED if v == current else ""} /> {esc(text)}</label>'
            for v, text in fld.choices)
        groups.append(f'<fieldset><legend>{esc(fld.label)}</legend>{radios}</fieldset>')
        if fld.name == "players" and info.seats is None:
            groups.append(_names_html(max(info.players), values.get("names") or [], values.get("seats") or []))
    if info.seats is None and not any(f.name == "players" for f in info.form):
        groups.insert(0, _names_html(max(info.players), values.get("names") or [], values.get("seats") or []))
    if info.seats is not None:
        groups.insert(0, _seats_html(info.seats, values.get("seats") or []))
    back = (f'<a class="button" href="?game={esc(game_id)}" data-action="resume">Back to the game</a>'
            if back_to_game else '<a class="button" href="./">Back</a>')
    warn = ('<p class="warn">Starting a new game replaces the game in progress.</p>'
            if replaces_save else "")
    return (
        f'<form id="setup-form" class="setup" data-game-id="{esc(game_id)}">'
        f'<h2>New game of {esc(info.name)}</h2>{"".join(groups)}{warn}'
        f'<p class="actions"><button type="submit" class="primary" data-action="start">Start the game</button>'
        f' {back}</p></form>'
    )


def _kind_select(i: int, kinds: list, label: str) -> str:
    """The Person / Bot choice of seat ``i`` (0-based), named ``seat{i+1}``."""
    current = kinds[i] if i < len(kinds) and kinds[i] in SEAT_CHOICES else "person"
    opts = "".join(f'<option value="{esc(k)}"{SELECTED if k == current else ""}>{esc(seat_label(k))}</option>'
                   for k in SEAT_CHOICES)
    return f'<select name="seat{i + 1}" class="seat-kind" aria-label="{esc(label)}: who plays">{opts}</select>'


def _names_html(seats: int, given: list, kinds: list | None = None) -> str:
    kinds = kinds or []
    fields = "".join(
        f'<span class="name name-{i + 1}"><label>Player {i + 1} '
        f'<input type="text" name="name{i + 1}" autocomplete="off" title="up to {MAX_NAME} characters: a longer name is cut" '
        f'placeholder="{esc(_placeholder(i, kinds))}" value="{esc(_typed(i, given))}" /></label>'
        f' {_kind_select(i, kinds, f"Player {i + 1}")}</span>'
        for i in range(seats))
    return f'<fieldset class="names"><legend>Names</legend>{fields}</fieldset>'


def _placeholder(i: int, kinds: list) -> str:
    """The name seat ``i`` gets when none is typed, for its kind (``seats.default_name``: "Player
    2", "Bot 2 (hard)"); the page updates it when the seat's kind changes (``App.on_doc_change``)."""
    kind = kinds[i] if i < len(kinds) and kinds[i] in SEAT_CHOICES else "person"
    return default_name(i, kind)


def _typed(i: int, given: list) -> str:
    """The name to show in seat ``i``'s field: one a person typed; a default name ("Player N",
    "Bot N (easy)", :func:`web.play.seats.is_default_name`) leaves the field blank, so the
    seat's name follows its kind if it is changed before the game starts."""
    name = given[i] if i < len(given) and isinstance(given[i], str) else ""
    return "" if is_default_name(i, name) else name


def _seats_html(names: tuple, kinds: list) -> str:
    """Who plays each fixed seat (Alto: Red, White)."""
    fields = "".join(f'<span class="name seat-{i + 1}"><span class="seat-name">{esc(n)}</span> '
                     f'{_kind_select(i, kinds, n)}</span>' for i, n in enumerate(names))
    return f'<fieldset class="names seats"><legend>Who plays</legend>{fields}</fieldset>'


def read_setup(game_id: str, form: Mapping[str, str]) -> tuple[int, dict, dict]:
    """What a submitted new-game form asks for: ``(players, options, meta)``.

    Args:
        form: the form's fields as text (radio values, ``name1``..``nameN``,
            ``seat1``..``seatN``).
    Returns:
        ``meta`` holds ``"names"`` (games where players type names) and, when a seat is a bot,
        ``"seats"`` (see :func:`web.play.seats.seats_meta`).
    Raises:
        ValueError: a value the game does not accept, or a first player who is not in the game
            (the message is meant for the page).
    """
    info = GAMES[game_id].INFO
    players = info.default_players
    options: dict[str, Any] = {}
    for fld in info.form:
        value = form.get(fld.name)
        if value is None:
            continue
        if fld.name == "players":
            allowed = {str(v): v for v, _label in fld.choices}
            if value not in allowed:
                raise ValueError(f"{info.name} is played by {info.players_text}, not {value!r}")
            players = allowed[value]
        else:
            options[fld.name] = coerce_option(info.options, fld.name, value)
    fp = options.get("first_player")
    if isinstance(fp, int) and fp >= players:
        raise ValueError(f"Player {fp + 1} cannot start a game of {players} "
                         f"player{'s' if players > 1 else ''}; choose who starts again")
    seats = [parse_seat(form.get(f"seat{i + 1}", "person")) for i in range(players)]
    names = None
    if info.seats is None:
        names = clean_names([form.get(f"name{i + 1}", "") for i in range(players)], players)
    return players, options, seats_meta(info, players, seats, names)


# ---------------------------------------------------------------- other screens

def error_html(message: str) -> str:
    """The error screen: what went wrong, and the ways on."""
    links = " ".join(f'<a class="button" href="?game={esc(g)}">{esc(GAMES[g].INFO.name)}</a>'
                     for g in GAMES if g in BOARDS)
    return (f'<h2>That did not work</h2><p>{esc(message)}</p>'
            f'<p>Choose a game: {links} or go to <a href="./">the start page</a>.</p>')


def refused_link_html(game_id: str, message: str, saved_ply: int | None) -> str:
    """The screen of a link whose ``rec=`` or ``pos=`` cannot be used (a truncated or tampered
    record, a position that is not valid): ``message`` says why, then the way on, the primary
    button: "Resume my saved game" (``?game=G``, the same game's address without the bad
    parameter) when the player has a game of it saved here (``saved_ply``: its moves played,
    None when there is none), else "Start a new game" (the new-game form); and "All games".
    Nothing of the player's is replaced by a refused link, and the words say so.
    """
    name = GAMES[game_id].INFO.name
    if saved_ply is not None:
        moves = f"{saved_ply} move{'s' if saved_ply != 1 else ''} played"
        where = (f'<p>Your saved game of {esc(name)} ({moves}) is untouched.</p>'
                 f'<p class="actions"><a class="button primary" data-nav="1" href="?game={esc(game_id)}">'
                 f'Resume my saved game</a>')
    else:
        where = (f'<p>There is no game of {esc(name)} saved in this browser.</p>'
                 f'<p class="actions"><a class="button primary" data-nav="1" href="?game={esc(game_id)}&amp;form=1">'
                 f'Start a new game</a>')
    return (f'<div class="setup refused-link"><h2>This link cannot be opened</h2><p>{esc(message)}</p>'
            f'{where} <a class="button" data-nav="1" href="./">All games</a></p></div>')


def confirm_replace_html(name: str, ply: int, link_ply: int | None = None) -> str:
    """A new-game link opened over a game in progress: ask before replacing it.

    ``link_ply``: the link continues a shared game (play by link) at that move, rather than
    starting a new one. The safe choice (resume) is the primary button; the one that replaces
    the game in progress is marked ``danger`` (issue 22).
    """
    if link_ply is not None:
        return (f'<div class="setup"><h2>Continue the game from this link?</h2>'
                f'<p>This link continues a game of {esc(name)} at move {link_ply}, but you have another '
                f'game of {esc(name)} in progress here (move {ply}). Continuing the link’s game replaces '
                f'yours.</p><p class="actions">'
                f'<button type="button" class="primary" data-action="resume">Resume my game</button> '
                f'<button type="button" class="danger" data-action="start-pending">Continue the link’s game</button>'
                f'</p></div>')
    return (f'<div class="setup"><h2>Start a new game of {esc(name)}?</h2>'
            f'<p>This link starts a new game, but you have a game in progress (move {ply}). '
            f'Starting the new game replaces it.</p><p class="actions">'
            f'<button type="button" class="primary" data-action="resume">Resume my game</button> '
            f'<button type="button" class="danger" data-action="start-pending">Start the new game</button>'
            f'</p></div>')
