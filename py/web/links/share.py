"""The "Share / Embed" dialog and play by link (issue 11), as pure functions (CPython-tested).

- The *link* continues the game on another device: ``<site>?game=G&rec=z:…`` carries the record
  of the game up to the position shown (compressed, :mod:`web.links.codec`). Opening it offers to
  continue that game there (:func:`link_plan` says how it meets the game saved on that device).
- The *embed snippets* put a board in another page: this position (``pos=``, or for a game that
  hides cards the record, since a position text would show every hand), or the whole game
  with step-through controls from its first move.
- A game that hides cards says plainly that the link carries the seed: anyone who reads it can
  work out every hidden card.
"""

from __future__ import annotations

from typing import Any

from web.links.codec import embed_query, encode_record, iframe_snippet, script_snippet, share_query
from web.html.escape import esc

#: The frame size (CSS px) a snippet proposes, so that the board it embeds fits and its text
#: is readable (issue 22): Altiplano's whole table needs its wide layout (720 units and the
#: frame's padding); one part of it (``focus=``) fits 480 x 600; the other games' boards
#: fit the default.
EMBED_SIZES = {"altiplano": (760, 900), "altiplano:focus": (480, 600)}
DEFAULT_EMBED_SIZE = (480, 560)


def embed_size(url: str) -> tuple[int, int]:
    """``(width, height)`` of the ``<iframe>`` proposed for the embed address ``url``, from its
    ``game=`` and ``focus=`` (:data:`EMBED_SIZES`)."""
    from web.links.routes import parse_query
    q = parse_query(url[url.find("?"):] if "?" in url else "")
    game = q.get("game", "")
    key = f"{game}:focus" if q.get("focus") else game
    return EMBED_SIZES.get(key, DEFAULT_EMBED_SIZE)


SHARED_META = ("names", "seats")
"""What of a record's ``meta`` a link carries: the players' names and seat kinds (not the turn
state or the redo stack of this device)."""


def shared_record(module: Any, state: Any, meta: dict | None = None) -> dict:
    """The record a link carries: every move up to ``state``, names and seats only.

    Args:
        module: the game's rules module; state: the position shown; meta: the session's meta.
    """
    meta = {k: v for k, v in (meta or {}).items() if k in SHARED_META}
    return module.to_record(state, meta=meta)


def site_base(href: str) -> str:
    """The site's address without query or fragment (``location.href`` of the page)."""
    return href.split("#", 1)[0].split("?", 1)[0]


def share_links(base: str, module: Any, state: Any, meta: dict | None = None) -> dict[str, str]:
    """Every address the dialog offers, absolute (``base`` from :func:`site_base`).

    Returns:
        ``{"link": play by link, "embed_position": this position as an interactive board,
        "embed_game": the whole game, look only, with step-through controls from move 0,
        "editor": the scene editor starting from the position shown}``.
    """
    gid = module.INFO.id
    record = shared_record(module, state, meta)
    bare = shared_record(module, state, {})
    if module.INFO.hidden:
        position = embed_query(gid, record=bare, controls=False)
    else:
        position = embed_query(gid, pos=module.to_position(state))
    whole = embed_query(gid, record=bare, ply=0, interactive=False, controls=True)
    question = f"?game={gid}&page=editor&rec={encode_record(bare)}"  # "Make this a question"
    return {"link": base + share_query(gid, record), "embed_position": base + position,
            "embed_game": base + whole, "editor": base + question}


def share_html(name: str, hidden: bool, links: dict[str, str], ply: int) -> str:
    """The dialog's content: the link, two ``embed.js`` snippets (first) and the same two boards
    as ``<iframe>`` snippets, copy buttons, and for a game that hides cards the warning that the
    link carries the seed.

    Element ids (tests and the page use them): ``#share-link`` (input), ``#share-script-position``
    and ``#share-script-game`` (the script snippets), ``#share-embed-position`` and
    ``#share-embed-game`` (the iframe snippets; textareas), ``[data-action="copy"][data-copy=<id>]`` buttons,
    ``#share-copied`` (the "copied" message), ``[data-action="close-share"]``, ``#share-question``
    (the scene editor from this position, when ``links`` has ``"editor"``).
    """
    seed = ('<p class="warn share-seed" id="share-seed"><strong>This link carries the game’s seed.</strong> '
            f'Anyone who reads it can work out everything this {esc(name)} game keeps hidden (what '
            'is still to be drawn or dealt). Send it only to the people you play with, and only as '
            'you would pass them the device.</p>') if hidden else ""
    moves = f"{ply} move{'s' if ply != 1 else ''}"
    pos_words = ("The game as it stands, to play on from here (the whole record is in the address)"
                 if hidden else "This position, to play on from here")
    script_pos = script_snippet(links["embed_position"])
    script_game = script_snippet(links["embed_game"])
    snippet_pos = iframe_snippet(links["embed_position"], f"{name}: a position",
                                 *embed_size(links["embed_position"]))
    snippet_game = iframe_snippet(links["embed_game"], f"{name}: a game move by move",
                                  *embed_size(links["embed_game"]))
    parts = _focus_parts(links["embed_position"])
    focus = ""
    if parts:
        fw, fh = embed_size(f'{links["embed_position"]}&focus={parts[0]}')
        focus = (f'<p class="muted share-focus">To show one part of the table only, add '
                 f'<code>&amp;focus={esc(parts[0])}</code> to the address (or '
                 f'{esc(", ".join(parts[1:]))}) and make the frame {fw}×{fh}.</p>')

    def copy(target: str) -> str:
        return f'<button type="button" data-action="copy" data-copy="{target}">Copy</button>'

    return (
        f'<form method="dialog" class="share-box"><h2 id="share-title">Share / Embed</h2>'
        f'<p><label for="share-link"><strong>Link to continue this game</strong> ({moves} so far): '
        f'whoever opens it can play the next move on their device and send you the new link.</label></p>'
        f'<p class="copy-row"><input id="share-link" type="text" readonly value="{esc(links["link"])}" '
        f'spellcheck="false">{copy("share-link")}</p>{seed}'
        f'<h3>Embed a board in a web page</h3>'
        f'<p class="muted">With our script: the board sizes itself to your page and tells it what '
        f'happens (see “Boards in your own page” in the teacher’s guide).</p>'
        f'<p><label for="share-script-position">{esc(pos_words)}:</label></p>'
        f'<p class="copy-row"><textarea id="share-script-position" readonly rows="3" spellcheck="false">'
        f'{esc(script_pos)}</textarea>{copy("share-script-position")}</p>'
        f'<p><label for="share-script-game">The whole game, move by move (look only):</label></p>'
        f'<p class="copy-row"><textarea id="share-script-game" readonly rows="3" spellcheck="false">'
        f'{esc(script_game)}</textarea>{copy("share-script-game")}</p>'
        f'<p class="muted">Or as a plain frame, for pages that allow no scripts:</p>'
        f'<p><label for="share-embed-position">{esc(pos_words)}:</label></p>'
        f'<p class="copy-row"><textarea id="share-embed-position" readonly rows="3" spellcheck="false">'
        f'{esc(snippet_pos)}</textarea>{copy("share-embed-position")}</p>{focus}'
        f'<p><label for="share-embed-game">The whole game, move by move (look only):</label></p>'
        f'<p class="copy-row"><textarea id="share-embed-game" readonly rows="3" spellcheck="false">'
        f'{esc(snippet_game)}</textarea>{copy("share-embed-game")}</p>'
        f'<p class="share-copied muted" id="share-copied" role="status"></p>'
        + (f'<p><a id="share-question" class="button" href="{esc(links["editor"])}">Make this a question</a> '
           '<span class="muted">a scene of your own from this position, in the scene editor</span></p>' if links.get("editor") else "") +
        f'<p class="actions"><button type="button" class="primary" data-action="close-share">Close</button></p>'
        f'</form>')


def link_plan(link_record: dict, saved: dict | None, saved_over: bool) -> str:
    """How a play-by-link record meets the game saved on this device.

    Args:
        link_record: the record the link carries (already replayed: it is legal).
        saved: the saved record of the same game, or None.
        saved_over: the saved game is finished.
    Returns:
        ``"same"``: the link shows exactly the saved game (nothing to do);
        ``"extends"``: the link continues the saved game (same start, the saved moves first):
        take it, nothing is lost;
        ``"replace"``: another game while one is in progress: ask first;
        ``"new"``: nothing in progress here: take it.
    """
    if saved is None:
        return "new"
    same_start = all(saved.get(k) == link_record.get(k) for k in ("seed", "start", "players", "options"))
    sm, lm = list(saved.get("moves") or []), list(link_record.get("moves") or [])
    if same_start and sm == lm:
        return "same"
    if same_start and lm[:len(sm)] == sm:
        return "extends"
    if not sm or saved_over:
        return "new"
    return "replace"


def _focus_parts(url: str) -> tuple[str, ...]:
    """The parts of the table the embedded game can show alone (its ``FOCUS_PARTS``), or ()."""
    from altibox import GAMES
    from web.links.routes import parse_query
    game = parse_query(url[url.find("?"):] if "?" in url else "").get("game", "")
    return tuple(getattr(GAMES.get(game), "FOCUS_PARTS", ()))
