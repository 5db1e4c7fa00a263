"""HTML fragments of the app's screens, as pure functions of the game state (CPython-testable).

Every player-supplied or rules-supplied text goes through :func:`esc`. The board itself comes
from the game's own ``render_svg``; everything here is the frame around it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from altibox import GAMES

from .games import with_names

# What the landing page and the new-game form say about each game. The form lists only the
# options a player would choose; the rest keep their defaults (and stay settable by URL).
CATALOG: dict[str, dict[str, Any]] = {
    "alto": {
        "blurb": "Two players stack red and white discs on a 4×4 grid of tiles that flip, then "
                 "vanish. Higher discs score more.",
        "players": "2 players",
        "form": [
            ("first_player", "Who starts", {0: "Red", 1: "White"}),
            ("setup", "Placing the discs", {"alternate": "Take turns placing them",
                                            "random": "Place them at random"}),
        ],
    },
    "altitude": {
        "blurb": "Build the highest mountain from numbered cards, with cable cars, avalanches, "
                 "Saint Bernards and animals. Solo or with friends on one device.",
        "players": "1 to 4 players",
        "form": [
            ("players", "Players", {1: "Solo", 2: "2", 3: "3", 4: "4"}),
            ("names", "Names", None),
            ("first_player", "Who starts", {0: "Player 1", 1: "Player 2", 2: "Player 3", 3: "Player 4"}),
        ],
        "default_players": 2,
    },
}

# Games whose rules are ready but whose page is not yet: what the landing page says of them.
SOON = {"altiplano": "2 to 5 players · bag-building in the Andes"}

MAX_NAME = 24


def clean_name(value: Any) -> str:
    """One player name: text only (anything else gives ""), spaces folded, at most MAX_NAME
    characters. Always escaped when shown."""
    return " ".join(value.split())[:MAX_NAME] if isinstance(value, str) else ""


def clean_names(raw: list[str], players: int) -> list[str]:
    """Player names as typed, one per seat; missing or blank names become "Player N"."""
    return [(clean_name(raw[i]) if i < len(raw) else "") or f"Player {i + 1}" for i in range(players)]


CHECKED = ' checked="checked"'


def esc(text: Any) -> str:
    """HTML-escape any value's text (quotes included)."""
    return escape(str(text), quote=True)


def landing_html(saved: dict[str, int | None], finished: dict[str, bool] | None = None) -> str:
    """The list of games, with a resume link for each saved game.

    Args:
        saved: game id -> moves played in its save, or None when there is no (readable) save.
        finished: game id -> True when that saved game is over (it is offered for review).
    """
    finished = finished or {}
    items = []
    for gid, module in GAMES.items():
        info = CATALOG.get(gid)
        if info is None:  # rules only, no page yet
            items.append(f'<li class="game-card soon" data-game-id="{esc(gid)}"><h2>{esc(module.NAME)}</h2>'
                         f'<p class="muted">{esc(SOON.get(gid, ""))}</p><p>Coming soon: its rules are '
                         f'ready, its page is being built.</p></li>')
            continue
        ply = saved.get(gid)
        verb = "See the finished game" if finished.get(gid) else "Resume game"
        resume = (f'<a class="button primary" href="?game={esc(gid)}" data-resume="{esc(gid)}">'
                  f'{verb} <span class="muted">(move {ply})</span></a>') if ply is not None else ""
        new_label = "New game" if ply is not None else "Play"
        items.append(
            f'<li class="game-card" data-game-id="{esc(gid)}">'
            f'<h2>{esc(module.NAME)}</h2>'
            f'<p class="muted">{esc(info.get("players", ""))}</p>'
            f'<p>{esc(info.get("blurb", ""))}</p>'
            f'<p class="actions">{resume}'
            f'<a class="button{"" if ply is not None else " primary"}" href="?game={esc(gid)}&amp;form=1">{new_label}</a></p>'
            f'</li>'
        )
    return '<ul class="game-list">' + "".join(items) + "</ul>"


def setup_html(game_id: str, values: dict | None = None, replaces_save: bool = False) -> str:
    """The new-game form for ``game_id``: one radio group per option in CATALOG.

    ``values`` pre-fills it (a rematch keeps the players, their names and the options):
    ``{"players": n, "names": [...], <option>: value}``.
    """
    module = GAMES[game_id]
    info = CATALOG.get(game_id, {})
    values = values or {}
    groups = []
    for name, label, choices in info.get("form", []):
        if name == "names":
            given = values.get("names") or []
            fields = "".join(
                f'<label class="name name-{i + 1}">Player {i + 1} '
                f'<input type="text" name="name{i + 1}" maxlength="{MAX_NAME}" autocomplete="off" '
                f'placeholder="Player {i + 1}" value="{esc(given[i] if i < len(given) else "")}" /></label>'
                for i in range(max(module.PLAYERS)))
            groups.append(f'<fieldset class="names"><legend>{esc(label)}</legend>{fields}</fieldset>')
            continue
        if name == "players":
            current = values.get(name, info.get("default_players", min(module.PLAYERS)))
        else:
            current = values.get(name, module.OPTIONS[name][1])
        radios = "".join(
            f'<label class="choice choice-{esc(name)}-{esc(v)}"><input type="radio" name="{esc(name)}" value="{esc(v)}"'
            f'{CHECKED if v == current else ""} /> {esc(text)}</label>'
            for v, text in choices.items()
        )
        groups.append(f'<fieldset><legend>{esc(label)}</legend>{radios}</fieldset>')
    warn = ('<p class="warn">Starting a new game replaces the game in progress.</p>'
            if replaces_save else "")
    return (
        f'<form id="setup-form" class="setup" data-game-id="{esc(game_id)}">'
        f'<h2>New game of {esc(module.NAME)}</h2>{"".join(groups)}{warn}'
        f'<p class="actions"><button type="submit" class="primary" data-action="start">Start the game</button>'
        f' <a class="button" href="./">Back</a></p></form>'
    )


def seat_names(module: Any, state: Any, names: list[str] | None = None) -> list[str]:
    """Each seat's name: the players' own names when given, else the rules' seat names.

    ``names`` comes from a save, so it is not trusted: only text entries count.
    """
    given = names if isinstance(names, list) else []
    return [(clean_name(given[p]) if p < len(given) else "") or module.seat_name(state, p)
            for p in range(module.num_players(state))]


def status_words(module: Any, state: Any, names: list[str] | None = None) -> str:
    """Whose turn it is, or the result, in words (for ``#status``)."""
    out = module.outcome(state)
    if out is not None:
        return result_headline(module, state, out, names)
    prompt = getattr(module, "prompt", None)
    if prompt is not None:
        return with_names(prompt(state), names)
    return f"{seat_names(module, state, names)[module.current_player(state)]} to play"


def result_headline(module: Any, state: Any, out: Any, names: list[str] | None = None) -> str:
    """One line: who won and with what score."""
    names = seat_names(module, state, names)
    if len(names) == 1:
        return f"Game over: {out.scores[0]} points"
    scores = "–".join(str(s) for s in out.scores)
    if len(out.winners) == 1:
        return f"{names[out.winners[0]]} wins, {scores}"
    if len(out.winners) == len(names):
        return f"Draw, {scores}"
    return f"{' and '.join(names[w] for w in out.winners)} share the win, {scores}"


def scores_html(module: Any, state: Any, names: list[str] | None = None) -> str:
    """The live score table: one column per player, one row per part, then the totals.

    Uses ``module.scoreboard(state)``: per player ``{"total": int, "parts": [{"label", "count",
    "points"}...]}``. Each total cell carries ``data-player`` and ``data-score``.
    """
    board = module.scoreboard(state)
    names = seat_names(module, state, names)
    labels: list[str] = []
    for entry in board:
        for part in entry["parts"]:
            if part["label"] not in labels:
                labels.append(part["label"])
    head = "".join(f'<th scope="col">{esc(name)}</th>' for name in names)
    rows = []
    for label in labels:
        cells = []
        for entry in board:
            part = next((p for p in entry["parts"] if p["label"] == label), None)
            if part is None or not part.get("count"):
                cells.append('<td class="muted">–</td>')
            elif "count" in part and part.get("count") != part["points"]:
                cells.append(f'<td>{esc(part["count"])} × {esc(part.get("each", ""))} = {esc(part["points"])}</td>'
                             if part.get("each") else f'<td>{esc(part["points"])}</td>')
            else:
                cells.append(f'<td>{esc(part["points"])}</td>')
        rows.append(f'<tr><th scope="row">{esc(label)}</th>{"".join(cells)}</tr>')
    totals = "".join(
        f'<td class="total" data-player="{p}" data-score="{entry["total"]}">{entry["total"]}</td>'
        for p, entry in enumerate(board)
    )
    return (f'<table class="scoreboard"><caption>Score</caption><thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot></table>')


def log_html(log: list[tuple[str, str]], names: list[str] | None = None, first: int = 1) -> str:
    """``#log`` items: one ``li[data-move]`` per ply, words then the notation.

    ``log`` holds ``(notation as shown, words)``; the rules' seat names in the words are
    replaced by ``names``; ``first`` is the ply number of the first entry.
    """
    return "".join(
        f'<li data-move="{esc(move)}" data-ply="{i}"><span class="ply">{i}.</span> {esc(with_names(words, names))} '
        f'<code class="notation">{esc(move)}</code></li>'
        for i, (move, words) in enumerate(log, first)
    )


def result_html(module: Any, state: Any, names: list[str] | None = None) -> str:
    """The game-over panel: headline, and why the game was decided (the score pad below shows
    the breakdown)."""
    out = module.outcome(state)
    if out is None:
        return ""
    explain = getattr(module, "explain", None)
    why = with_names(explain(state, out), names) if explain else ""
    return (f'<h2>Game over</h2>'
            + (f'<p class="why">{esc(why)}</p>' if why else ""))
