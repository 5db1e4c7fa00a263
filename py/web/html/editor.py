"""The scene and lesson editor's page (``?game=G&page=editor``, issue 20 point 4): HTML text,
pure Python (CPython-tested). :mod:`web.dom.editorpage` puts it in ``#editor`` and passes
events to the draft (:mod:`web.play.editor`).

DOM hooks: ``#editor-link`` (an ``<a>`` whose ``href`` is the link of what is edited),
``#editor-snippet`` (the ``<iframe>`` snippet), ``#editor-board`` (the board the teacher plays
on: the asked move, particular wrong moves, or a square to compose), ``#editor-said`` (what the
last action did), ``#editor-problems`` (what the checker says), ``#editor-preview`` (the scene
as the learner sees it). Texts carry ``data-edit=NAME``; buttons ``data-editor=ACTION``; compose
forms ``data-compose=KIND`` (:mod:`web.play.editorcompose`).
"""

from __future__ import annotations

import json

from altibox import GAMES

from web.html.escape import esc
from web.play.editor import Draft

MODES = (("ask", "Record the asked move"), ("hint", "Feedback for a wrong move"),
         ("reply", "The opponent's reply"), ("mark", "Mark"), ("arrow", "Arrow"),
         ("compose", "Compose the position"))


def _field(name: str, label: str, value: str, area: bool = False, hint: str = "") -> str:
    tag = (f'<textarea data-edit="{name}" rows="2">{esc(value)}</textarea>' if area else
           f'<input type="text" data-edit="{name}" value="{esc(value)}">')
    more = f' <small class="muted">{esc(hint)}</small>' if hint else ""
    return f'<label class="editor-field"><span>{esc(label)}{more}</span>{tag}</label>'


def _scene_list(draft: Draft, problems: list[str]) -> str:
    items = []
    for i, scene in enumerate(draft.scenes):
        title = scene.get("title") if isinstance(scene.get("title"), str) else ""
        mark = " ⚠" if problems[i] else ""
        current = ' aria-current="true"' if i == draft.index else ""
        items.append(f'<li><button type="button" data-editor="select" data-index="{i}"{current}>'
                     f'{i + 1}. {esc(title or "(no title)")}{mark}</button></li>')
    return (f'<div class="editor-scenes"><h3>{"Lesson" if draft.lesson else "Scene"}</h3>'
            + (_field("lesson-title", "Lesson title", draft.title) if draft.lesson else "")
            + f'<ol>{"".join(items)}</ol><p class="editor-buttons">'
            '<button type="button" data-editor="add">Add a scene</button>'
            '<button type="button" data-editor="up" aria-label="Move this scene earlier">↑ Earlier</button>'
            '<button type="button" data-editor="down" aria-label="Move this scene later">↓ Later</button>'
            '<button type="button" data-editor="remove">Remove this scene</button></p></div>')


def _question(draft: Draft, mode: str) -> tuple[str, str]:
    """What goes above the board (the modes, the steps) and below it (what is recorded)."""
    scene = draft.scene
    line = draft.steps()
    ask = line[draft.step] if draft.step < len(line) else {}
    modes = "".join(f'<button type="button" data-editor="mode" data-mode="{m}" aria-pressed='
                    f'"{"true" if m == mode else "false"}">{esc(label)}</button>' for m, label in MODES)
    current = ' aria-current="true"'
    step_buttons = "".join(
        f'<button type="button" data-editor="step" data-index="{i}"{current if i == draft.step else ""}>'
        f'Step {i + 1}</button>' for i in range(len(line)))
    steps = (f'<div class="editor-steps" role="group" aria-label="Steps of the line">{step_buttons}'
             '<button type="button" data-editor="add-step">Add a step</button>'
             + ('<button type="button" data-editor="remove-step">Remove this step</button>' if line else "")
             + '</div>')

    def items(values, action, words):
        return "".join(f'<li><code>{esc(words(v))}</code> <button type="button" data-editor="{action}" '
                       f'data-move="{esc(v if isinstance(v, str) else " ".join(v))}" aria-label="Remove {esc(words(v))}">×</button></li>'
                       for v in values)

    asked = items(ask.get("moves", []), "unask", str)
    hints = "".join(f'<li><code>{esc(m)}</code>: {esc(t)} <button type="button" data-editor="unhint" '
                    f'data-move="{esc(m)}" aria-label="Remove the feedback for {esc(m)}">×</button></li>'
                    for m, t in (ask.get("hints") or {}).items())
    replies = " ".join(f"<code>{esc(r)}</code>" for r in ask.get("reply", []))
    marks = items(scene.get("marks", []), "unmark", str)
    arrows = items(scene.get("arrows", []), "unarrow", lambda a: f"{a[0]} → {a[1]}")
    hide = bool(scene.get("hide_hints"))
    above = (f'<div class="editor-modes" role="group" aria-label="What a click on the board does">{modes}</div>'
             + (_field("hint-text", "Feedback for the next wrong move you play", "",
                       hint="write it, then play that move on the board") if mode == "hint" else "")
             + steps)
    return above, (f'<div class="editor-ask"><p>Step {draft.step + 1}: asked moves (any is right):</p>'
            f'<ul>{asked or "<li>none: a show-only scene</li>"}</ul>'
            f'<p>Feedback for particular wrong moves:</p><ul>{hints or "<li>none</li>"}</ul>'
            f'<p>The opponent replies: {replies or "nothing"}</p>'
            f'<p>Marks:</p><ul>{marks or "<li>none</li>"}</ul><p>Arrows:</p><ul>{arrows or "<li>none</li>"}</ul>'
            f'<p><button type="button" data-editor="hide-hints" aria-pressed="{"true" if hide else "false"}">'
            f'Hide the page\'s hints (highlighted targets, READY badges)</button></p></div>')


def _texts(draft: Draft) -> str:
    scene = draft.scene
    line = draft.steps()
    ask = line[draft.step] if draft.step < len(line) else {}
    out = (_field("id", "Id", scene.get("id", ""), hint="lowercase words joined by -")
           + _field("title", "Title", scene.get("title", ""))
           + _field("caption", "Caption (who is to move, the question)", scene.get("caption", ""), area=True))
    if ask:
        out += (_field("prompt", "What to do now, while this step is asked (Now / Why / Cost)",
                       ask.get("prompt", ""), area=True, hint="optional; the guided game shows it")
                + _field("wrong", "Feedback for any other wrong move", ask.get("wrong", ""), area=True)
                + _field("result", "Result, after the right move", ask.get("result", ""), area=True))
    return out


def _form(kind: str, legend: str, body: str, button: str = "Apply") -> str:
    return (f'<form class="editor-compose" data-compose="{kind}"><fieldset><legend>{esc(legend)}</legend>'
            f'{body}<button type="submit">{esc(button)}</button></fieldset></form>')


def _select(name: str, label: str, choices, value) -> str:
    opts = "".join(f'<option value="{esc(v)}"{" selected" if str(v) == str(value) else ""}>{esc(t)}</option>'
                   for v, t in choices)
    return f'<label><span>{esc(label)}</span> <select name="{name}">{opts}</select></label>'


def _input(name: str, label: str, value, size: int = 6) -> str:
    return (f'<label><span>{esc(label)}</span> <input type="text" name="{name}" value="{esc(value)}" '
            f'size="{size}"></label>')


def compose_html(draft: Draft, position: str | None, square: str | None) -> str:
    """The compose forms of the game, filled from ``position`` (None: not a valid position,
    only the position text form is offered) and the ``square`` picked on the board (Alto)."""
    game = draft.game
    forms = []
    if position is not None and game == "alto":
        from altibox.alto import compose
        cells, to_move, phase = compose.squares(position)
        cell = square or "a1"
        here = cells[cell]
        forms.append(_form("alto-square", f"Square {cell} (click a square in Compose mode)",
                           f'<input type="hidden" name="cell" value="{esc(cell)}">'
                           + _select("tile", "Tile", compose.tile_choices(), here[:2])
                           + _input("discs", "Discs, bottom first (r red, w white)", here[2:])))
        forms.append(_form("alto-turn", "Who is to move, and the phase",
                           _select("to_move", "To move", (("r", "Red"), ("w", "White")), to_move)
                           + _select("phase", "Phase", (("p", "placing discs"), ("m", "moving discs")), phase)))
    elif position is not None and game == "altitude":
        from altibox.altitude import compose
        from web.play.editorcompose import mountain_text
        try:
            p = compose.parts(position)
        except ValueError:
            p = None
        if p is not None:
            ids = lambda v: " ".join(str(i) for i in v)  # noqa: E731
            body = (_input("players", "Players", p["players"], 2)
                    + _select("phase", "Phase", (("draw", "draw phase"), ("final", "final building")), p["phase"])
                    + _input("current", "Seat to move", p["current"] + 1, 2)
                    + _input("hand", "Its hand (card numbers)", ids(p["hand"]), 16)
                    + _input("drawn", "Drawn card", p["drawn"] if p["drawn"] is not None else "-", 4)
                    + _input("discard_top", "Discard's top", p["discard_top"] if p["discard_top"] is not None else "-", 4)
                    + _input("pile_size", "Cards in the pile", p["pile_size"], 4)
                    + _input("pile_top", "Top of the pile, next first", "", 12)
                    + "".join(_input(f"mountain{q + 1}", f"Mountain of seat {q + 1} (row.column:card)",
                                     mountain_text(m), 40) for q, m in enumerate(p["mountains"])))
            forms.append(_form("altitude-table", "The table (the rest of the deck is worked out)", body))
    elif position is not None and game == "altiplano":
        d = json.loads(position)
        from altibox.altiplano.rules import LOCATIONS
        goods = [(g, g) for g in sorted(d["supply"])]
        seats = [(i + 1, f"seat {i + 1}") for i in range(d["players"])]
        forms.append(_form("altiplano-goods", "Goods (from and back to the supply)",
                           _select("seat", "Seat", seats, 1)
                           + _select("where", "Into", (("bag", "bag"), ("crate", "crate"), ("planning", "planning")), "bag")
                           + _select("good", "Good", goods, "food") + _input("count", "How many (− to take back)", 1, 3)))
        forms.append(_form("altiplano-seat", "Coins, road, pawn",
                           _select("seat", "Seat", seats, 1) + _input("coins", "Coins", "", 3)
                           + _input("road", "Road", "", 3)
                           + _select("pawn", "Pawn", [("-", "not on the ring")] + [(x, x) for x in LOCATIONS], "-")))
        forms.append(_form("altiplano-warehouse", "Warehouse",
                           _select("seat", "Seat", seats, 1) + _input("rows", "Rows (goods, rows split by /)", "", 30)))
        forms.append(_form("altiplano-display", f"Display: {' '.join(d['display'])}",
                           _input("index", "Place", 1, 2) + _select("card", "Put there from the pile", [(c, c) for c in d["pile"]], "")))
        forms.append(_form("altiplano-order", f"Open orders: {' '.join(d['orders'])}",
                           _input("index", "Place", 1, 2) + _select("order", "Put there", [(c, c) for c in d["removed"]], "")))
    record = draft.scene.get("record")
    if isinstance(record, dict):
        said = (record.get("meta") or {}).get("comments") or {}
        listed = "".join(f"<li>{esc(k)}: {esc(v)}</li>" for k, v in sorted(said.items(), key=lambda kv: int(kv[0])))
        forms.append(_form("comment", "Comments on the game's moves (shown as it is replayed)",
                           (f"<ul>{listed}</ul>" if listed else "")
                           + _input("ply", "Move (0: the start)", draft.scene.get("ply") or 0, 3)
                           + _input("text", "Comment (empty: remove)", "", 40), "Keep the comment"))
    module = GAMES[game]
    forms.append(_form("new", "Start from a new game",
                       _input("players", f"Players ({min(module.PLAYERS)} to {max(module.PLAYERS)})",
                              module.INFO.default_players, 2) + _input("seed", "Seed (any number)", 1, 8),
                       "Start from it"))
    forms.append(_form("position", "The position as text", '<textarea name="text" rows="3">'
                       f'{esc(position or draft.scene.get("position") or "")}</textarea>', "Use this position"))
    return f'<div class="editor-forms">{"".join(forms)}</div>'


def outputs_html(link: str, snippet: str, problems: list[str], index: int, replay: str | None = None) -> str:
    """The link, the snippet and what the checker says (redrawn after every edit); ``replay``:
    the embed of a record scene's game move by move, with its comments."""
    bad = [(i, p) for i, p in enumerate(problems) if p]
    said = ("".join(f'<li>Scene {i + 1}: {esc(p)}</li>' for i, p in bad) if bad else
            '<li class="ok">Every scene is checked by the rules: the link works.</li>')
    return (f'<ul id="editor-problems" class="editor-problems" data-count="{len(bad)}">{said}</ul>'
            f'<p><a id="editor-link" href="{esc(link)}" target="_blank" rel="noopener">Open the link</a> '
            f'<small class="muted">({len(link):,} characters)</small></p>'
            f'<label class="editor-field"><span>The snippet to paste in your page</span>'
            f'<textarea id="editor-snippet" readonly rows="4">{esc(snippet)}</textarea></label>'
            '<button type="button" data-editor="copy">Copy the snippet</button>'
            + (f'<p><a id="editor-replay-link" href="{esc(replay)}" target="_blank" rel="noopener">The game '
               'move by move, with its comments</a></p>' if replay else ""))


def editor_html(draft: Draft, mode: str, board: str, preview: str, outputs: str, compose: str,
                problems: list[str]) -> str:
    """The whole editor screen for ``draft`` (``problems``: the checker's words per scene)."""
    name = GAMES[draft.game].NAME
    above, below = _question(draft, mode)
    return (f'<div class="editor" data-game="{esc(draft.game)}" data-mode="{esc(mode)}">'
            f'<h2>Scene editor · {esc(name)}</h2>'
            '<p class="muted">Write a question on a board: compose the position, play the move the '
            'learner must find, add feedback for tempting wrong moves, then copy the link or the '
            'snippet. Your draft is kept on this device.</p>'
            f'<p id="editor-said" class="editor-said" role="status"></p>'
            f'<div class="editor-grid">{_scene_list(draft, problems)}'
            f'<div class="editor-boardcol">{above}<div id="editor-board-wrap">{board}</div>'
            f'{compose if mode == "compose" else below}</div>'
            f'<div class="editor-texts">{_texts(draft)}<div id="editor-out">{outputs}</div></div></div>'
            f'<section class="editor-preview"><h3>As the learner sees it</h3>'
            f'<div id="editor-preview">{preview}</div></section></div>')
