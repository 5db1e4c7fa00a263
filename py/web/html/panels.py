"""HTML fragments of the play screen around the board, as pure functions of the game state
(CPython-testable): status, score pad, log, result.

Every player-supplied or rules-supplied text goes through :func:`esc`. The words come from the
game's ``words`` functions, which take the players' names as an argument. The board itself
comes from the game's own ``render_svg``.
"""

from __future__ import annotations

from typing import Any

from web.html.escape import esc
from web.play.seats import seat_names
from web.html.graphemes import cut, graphemes


def status_words(module: Any, state: Any, names: list[str] | None = None,
                 selected: Any = None) -> str:
    """Whose turn it is, or the result, in words (for ``#status``). ``selected``: the page's
    selection, passed on to ``module.prompt`` when not None (only for an adapter whose
    ``prompt_selection`` gives one, i.e. a game whose ``prompt`` takes it)."""
    out = module.outcome(state)
    if out is not None:
        return result_headline(module, state, out, names)
    if selected is not None:
        return module.prompt(state, seat_names(module, state, names), selected=selected)
    return module.prompt(state, seat_names(module, state, names))


def turn_status(module: Any, states: list, turns: Any, names: list[str],
                selected: Any = None) -> tuple[str, int | None]:
    """``#status`` words and the seat the page shows as having the turn (its dot), one truth
    for the whole page: while End turn is awaited it is still the mover's turn; while the device
    is being passed it is the next person's.

    Args:
        states: the positions from the start to the one shown.
        turns: the page's :class:`web.play.turns.Turns`.
        selected: the page's selection for the game's prompt (see :func:`status_words`).
    """
    state = states[-1]
    turn = module.current_player(state)
    if turns.needs_confirm(states):
        actor = turns.actor(states, len(states) - 1)
        if turn == actor:
            return f"{names[actor]}: undo, or end the turn to go on to your next card.", actor
        if turns.undo_target(states) is None:  # e.g. a draw shown to everyone
            if not turns.is_person(turn):  # never "pass the device" to a bot (issue 22)
                return f"{names[actor]} has played. End the turn: {names[turn]} plays next.", actor
            return f"{names[actor]} has played. End the turn to pass the device to {names[turn]}.", actor
        return f"{names[actor]} has played. Undo, or end the turn.", actor
    seat = turns.privacy(states)
    if seat is not None:
        return f"Pass the device to {names[seat]}", seat
    return status_words(module, state, names, selected), turn


def ranking(out: Any) -> list[int]:
    """The seats in rank order: winners first (a tie-break may have left tied players behind
    them), then by score, highest first; equal seats keep seat order."""
    return sorted(range(len(out.scores)), key=lambda p: (p not in out.winners, -out.scores[p], p))


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def result_headline(module: Any, state: Any, out: Any, names: list[str] | None = None) -> str:
    """One line: who won, scores in rank order (issue 12), e.g. ``"White wins 18–17"``
    (never ``17–18``), ``"Anna wins: Anna 31, Tim 28, Bo 20"``, ``"Red wins on the tie-break
    14–14"`` (tied on points, decided by the game's tie-break), ``"Draw 14–14"``,
    ``"Anna and Tim share the win: Anna 30, Tim 30, Bo 30"``; solo: ``"Game over: 57 points"``."""
    names = seat_names(module, state, names)
    if len(names) == 1:
        return f"Game over: {out.scores[0]} points"
    order = ranking(out)
    winners = [names[w] for w in order if w in out.winners]
    if len(names) == 2:
        scores = " " + "–".join(str(out.scores[p]) for p in order)
    else:
        scores = ": " + ", ".join(f"{names[p]} {out.scores[p]}" for p in order)
    if len(out.winners) == 1:
        tied = sum(1 for x in out.scores if x == out.scores[out.winners[0]]) > 1
        return f"{winners[0]} wins{' on the tie-break' if tied else ''}{scores}"
    if len(out.winners) == len(names):
        return f"Draw{scores}"
    return f"{_and(winners)} share the win{scores}"


def result_why(module: Any, state: Any, names: list[str] | None = None) -> str:
    """Why the game was decided, for the end panel, where the headline (``#status``, the one
    result line of the page) does not say it already: a tie, its tie-break, a solo game; ``""``
    for a plain win on points ("Bo wins: Bo 70, Ann 49" needs no "Bo wins with 70 points") and
    while the game runs. A new-user run saw the result three times on a phone (the status bar,
    this panel and a line after the moves): it is said once."""
    out = module.outcome(state)
    if out is None:
        return ""
    names = seat_names(module, state, names)
    if out.reason == "score" and len(names) > 1:
        return ""
    return module.explain(state, out, names)


def end_reason(module: Any, state: Any, names: list[str] | None = None) -> str:
    """Why the game ended, one sentence (the game's ``end_reason``), or ``""``: while it runs,
    or for a game that says nothing of it."""
    words = getattr(module, "end_reason", None)
    return words(state, seat_names(module, state, names)) if words is not None else ""


def column_names(names: list[str], limit: int) -> list[str]:
    """Names short enough for a narrow score column (at most ``limit`` characters), still told
    apart: "Player 1".."Player 5" become "P1".."P5" (the part the names share shortened to
    its initial), other long names are cut, numbered where two cuts would read the same.

    >>> column_names(["Player 1", "Player 2", "Player 3", "Player 4"], 6)
    ['P1', 'P2', 'P3', 'P4']
    >>> column_names(["Anna", "Bartholomew", "Bartholomeus", "Dee"], 6)
    ['Anna', 'Barth2', 'Barth3', 'Dee']
    """
    if all(len(n) <= limit for n in names):
        return list(names)
    first = names[0]
    common = 0
    while common < len(first) and all(len(n) > common and n[common] == first[common] for n in names):
        common += 1
    head = first[:common]
    if " " in head:  # share whole words only ("Player " of "Player 1")
        head = head[:head.rindex(" ") + 1]
        rests = [n[len(head):] for n in names]
        out = [head[0] + r for r in rests]
        if all(r and len(o) <= limit for r, o in zip(rests, out)) and len(set(out)) == len(out):
            return out
    cuts = [cut(n, limit) for n in names]
    return [c if cuts.count(c) == 1 else cut(n, limit - len(str(k + 1))) + str(k + 1)
            for k, (n, c) in enumerate(zip(names, cuts))]


def long_words_cut(name: str, limit: int = 12) -> str:
    """``name`` with each word longer than ``limit`` user-perceived characters cut to
    ``limit - 1`` and an ellipsis: a score column keeps whole words where it can (issue 22),
    and a word no column holds is cut, not run into the next column (new-user run: 24 capital
    Ws over the other player's name).

    >>> long_words_cut("Anastasia Papadopoulou"), long_words_cut("W" * 24)
    ('Anastasia Papadopoulou', 'WWWWWWWWWWW…')
    """
    return " ".join(w if len(graphemes(w)) <= limit else cut(w, limit - 1) + "\u2026"
                    for w in name.split(" "))


def _sum_words(part: dict) -> str | None:
    """How a score pad cell adds up, before its ``= points``: ``"3 × 2"`` for a part with
    ``each`` (even ``n × 1``); ``"2 rows"`` for one whose ``unit`` (``(one, many)``) names
    what it counts but whose items are worth different points; None: the points alone.

    >>> _sum_words({"count": 3, "each": 2}), _sum_words({"count": 2, "unit": ("row", "rows")})
    ('3 × 2', '2 rows')
    """
    n = part.get("count")
    if part.get("each"):
        return f"{n} × {part['each']}"
    unit = part.get("unit")
    if unit and n:
        return f"{n} {unit[0] if n == 1 else unit[1]}"
    return None


def scores_html(module: Any, state: Any, names: list[str] | None = None) -> str:
    """The live score table: one column per player, one row per part, then the totals.

    Uses ``module.scoreboard(state)``: per player ``{"total": int, "parts": [{"label", "count",
    "points"}...]}``; a part's ``words``, when given, is shown before its points. Each total cell carries ``data-player`` and ``data-score``.
    """
    board = module.scoreboard(state)
    names = seat_names(module, state, names)
    labels: list[str] = []
    for entry in board:
        for part in entry["parts"]:
            if part["label"] not in labels:
                labels.append(part["label"])
    compact = len(names) >= 4  # narrow columns: the points only, the sum in the cell's tooltip
    shown = column_names(names, 6) if compact else [long_words_cut(n) for n in names]
    head = "".join(f'<th scope="col" title="{esc(name)}"><abbr title="{esc(name)}">{esc(short)}</abbr></th>'
                   if short != name else f'<th scope="col">{esc(name)}</th>'
                   for name, short in zip(names, shown))
    rows = []
    for label in labels:
        cells = []
        for entry in board:
            part = next((p for p in entry["parts"] if p["label"] == label), None)
            sum_ = _sum_words(part) if part is not None else None
            if part is None or not part.get("count"):
                cells.append('<td class="muted">–</td>')
            elif part.get("each") == 0:  # owned, but worth nothing (Altiplano: goods worth 0)
                cells.append(f'<td class="muted" title="{esc(part["count"])} × 0">–</td>')
            elif part.get("words"):  # what the points are for (Altiplano: goods on an unfinished order = 0)
                cells.append(f'<td title="{esc(part["words"])}">{esc(part["points"])}</td>' if compact
                             else f'<td class="sum">{esc(part["words"])} = {esc(part["points"])}</td>')
            elif sum_ is None:
                cells.append(f'<td>{esc(part["points"])}</td>')
            elif compact:
                cells.append(f'<td title="{esc(sum_)}">{esc(part["points"])}</td>')
            else:  # one line, "16 × 1 = 16" (a phone wrapped it after "=")
                cells.append(f'<td class="sum">{esc(sum_)} = {esc(part["points"])}</td>')
        rows.append(f'<tr><th scope="row">{esc(label)}</th>{"".join(cells)}</tr>')
    totals = "".join(
        f'<td class="total" data-player="{p}" data-score="{entry["total"]}">{entry["total"]}</td>'
        for p, entry in enumerate(board)
    )
    tie = ""
    if board and all("coins" in entry for entry in board):  # Altiplano: coins break a VP tie
        tie = ('<tr class="tiebreak"><th scope="row">Coins (tie-break)</th>'
               + "".join(f'<td data-seat="{p}" data-coins="{entry["coins"]}">{entry["coins"]}</td>'
                         for p, entry in enumerate(board)) + "</tr>")
    # 4+ players: compact columns; 3 players: a narrower row label and a smaller type, so that
    # "Bot 2 (medium)" keeps its words whole in a phone's column (new-user run)
    many = ' data-players="many"' if compact else ' data-players="3"' if len(names) == 3 else ""
    return (f'<table class="scoreboard"{many}><caption>Score</caption><thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot><tr><th scope="row">Total</th>{totals}</tr>{tie}</tfoot></table>')


def log_html(log: list[tuple[str, str]], first: int = 1, explain=None) -> str:
    """``#log`` items: one ``li[data-move]`` per ply, words then the notation.

    ``log`` holds ``(notation as shown, words)``; ``first`` is the ply number of the first entry;
    ``explain(notation) -> str`` (the game's ``notation_help``), when given, is the notation's
    hover text (``title``): what its parts mean.
    """
    def tip(move: str) -> str:
        return "" if explain is None else f' title="{esc(explain(move))}"'
    return "".join(
        f'<li data-move="{esc(move)}" data-ply="{i}"><span class="ply">{i}.</span> {esc(words)} '
        f'<code class="notation"{tip(move)}>{esc(move)}</code></li>'
        for i, (move, words) in enumerate(log, first)
    )


def result_html(module: Any, state: Any, names: list[str] | None = None) -> str:
    """The game-over panel (the headline is ``#status``'s): why the game ended (the game's
    ``end_reason``, e.g. "The game ended after round 17: the extension display could not be
    refilled."), why it was decided where the headline does not say it (:func:`result_why`;
    the score pad below shows the breakdown), and the way on: **Rematch** (same seats, names
    and options, a new deal) and **New game** (the form)."""
    out = module.outcome(state)
    if out is None:
        return ""
    names = seat_names(module, state, names)
    why = result_why(module, state, names)
    ended = end_reason(module, state, names)
    return ('<h2>Game over</h2>'
            + (f'<p class="ended">{esc(ended)}</p>' if ended else "")
            + (f'<p class="why">{esc(why)}</p>' if why else "")
            + '<p class="actions"><button type="button" class="primary" data-action="rematch">Rematch</button>'
              '<button type="button" data-action="newgame">New game</button></p>')


def aid_html(module: Any) -> str:
    """The player aid (issue 22): the game's turn summary (``module.TURN_SUMMARY``, at most 8
    lines, from its ``words.py``) as the content of ``#aid-dialog``: a heading ``#aid-title``,
    an ordered list, and a Close button (``data-action="close-aid"``; Escape closes it too).
    ``""`` for a game without a summary."""
    lines = getattr(module, "TURN_SUMMARY", ())
    if not lines:
        return ""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (f'<h2 id="aid-title">Turn summary: {esc(module.INFO.name)}</h2><ol>{items}</ol>'
            f'<p class="actions"><button type="button" class="primary" data-action="close-aid">'
            f'Close</button></p>')
