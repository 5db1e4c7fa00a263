"""Embed mode's link parameters (DESIGN.md §3, URLs): reading and checking them.

Pure Python, CPython-tested. ``?game=G&embed=1`` shows only a board, sized to its frame, with:

=================  ======================================================================
parameter          meaning
=================  ======================================================================
``pos=``           a position text (Alto: APN); games that hide cards refuse it
``rec=``           a record: JSON, or ``z:`` + base64url of raw-deflated JSON
``ply=N``          with ``rec=``: show the position after N moves (default: the last)
``interactive=``   ``1`` (default): moves may be made on the board; ``0``: look only
``controls=``      ``1``: first / previous / next / last buttons and a move counter
                   (default: on for a record with moves, off otherwise)
``scene=``         a scene: an id of the game's scene file (How-to-play examples), or a
                   scene itself, JSON or ``z:`` + compressed (:mod:`web.links.lessons`)
``lesson=``        a lesson of several scenes, JSON or ``z:`` (also ``#scene=``/``#lesson=``)
``autoplay=1``     with ``rec=``: step through the moves by itself (a record's
                   ``meta.comments``, ``{"<ply>": text}``, are shown in ``#comment``)
``theme=``         ``light`` (default) or ``dark``
``caption=``       a line of text under the board (at most :data:`MAX_CAPTION` characters)
``focus=``         Altiplano: one part of the table alone (``ring``, ``board``, ``display``,
                   ``orders``, ``warehouse``: the game's ``FOCUS_PARTS``)
``seed=``, ...     without ``pos=``/``rec=``/``scene=``: a new game, as ``&new=1`` reads them
=================  ======================================================================

Every bad value raises :class:`EmbedError`, whose message is meant for the frame and whose
``text`` is the bad text itself (the frame shows it literally, escaped and visibly cut).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from altibox import GAMES

from web.links import routes
from web.links.codec import LinkError, decode_record, shown_text

MAX_CAPTION = 300
"""Longest caption shown; a longer one is cut with a visible ``…``."""

THEMES = ("light", "dark")
_DIGITS = re.compile(r"[0-9]{1,9}")


class EmbedError(ValueError):
    """A link parameter the frame cannot use.

    Attributes:
        param: the parameter's name (``"pos"``, ``"rec"``...), or ``""`` for the whole link.
        text: the bad text exactly as given (the frame quotes it).
    """

    def __init__(self, message: str, param: str = "", text: str = ""):
        super().__init__(message)
        self.param = param
        self.text = text


@dataclass
class EmbedSpec:
    """What an embed link asks for, read but not yet checked against the rules.

    Attributes:
        game: game id (a key of ``altibox.GAMES``).
        pos: position text, or None.
        record: the record dict (decoded from ``rec=``), or None.
        rec_text: ``rec=`` as given (for messages), or None.
        ply: the ply to show (``ply=``), or None for the record's end.
        interactive: moves may be made.
        controls: step-through buttons shown (None: decided by the board, see module doc).
        scene: ``scene=`` as given (an id or the scene itself), or None.
        lesson: ``lesson=`` as given, or None.
        autoplay: a record's moves step on by themselves (``autoplay=1``).
        theme: ``"light"`` or ``"dark"``.
        caption: the caption (already cut to :data:`MAX_CAPTION`), possibly "".
        new: ``(seed, players, options)`` for a new game when no pos/rec/scene is given.
        focus: the part of the table shown alone (``focus=``), or None for the whole board.
    """

    game: str
    pos: str | None = None
    record: dict | None = None
    rec_text: str | None = None
    ply: int | None = None
    interactive: bool = True
    controls: bool | None = None
    scene: str | None = None
    lesson: str | None = None
    autoplay: bool = False
    theme: str = "light"
    caption: str = ""
    new: tuple = field(default=(None, None, {}))
    focus: str | None = None


def is_embed(params: dict[str, str]) -> bool:
    """True when the link asks for embed mode (``embed=1``)."""
    return params.get("embed") == "1"


def _flag(params: dict[str, str], name: str) -> bool | None:
    value = params.get(name)
    if value is None or value == "":
        return None
    if value in ("0", "1"):
        return value == "1"
    raise EmbedError(f"{name}= must be 0 or 1", name, value)


def parse_embed(params: dict[str, str]) -> EmbedSpec:
    """Read an embed link's parameters (from :func:`web.links.routes.parse_query`).

    Raises:
        EmbedError: no or unknown game, more than one of ``pos=``/``rec=``/``scene=``, ``pos=``
            for a game that hides cards, an unreadable record, a ``ply=`` that is not a whole
            number or comes without ``rec=``, a bad ``interactive=``/``controls=``/``theme=``,
            a bad ``seed=``/``players=``/option. Whether a position or record is legal is
            checked when the board is built (:meth:`web.play.boardmodel.BoardModel.from_spec`).
    """
    game = params.get("game")
    if not game:
        raise EmbedError("the link names no game: add game=alto, game=altitude or game=altiplano", "game", "")
    if game not in GAMES:
        known = ", ".join(GAMES)
        raise EmbedError(f"there is no game by that name here (the games are {known})", "game", game)
    module = GAMES[game]
    info = module.INFO
    spec = EmbedSpec(game=game)
    given = [name for name in ("pos", "rec", "scene", "lesson") if params.get(name, "") != ""]
    if len(given) > 1:
        raise EmbedError(f"give only one of pos=, rec=, scene= and lesson= (this link has {', '.join(given)})",
                         given[1], params[given[1]])
    if params.get("pos", "") != "":
        if info.hidden:
            raise EmbedError(f"{info.name} keeps cards hidden, and a position text would show every "
                             f"hand and the draw pile: share this game by its record (rec=) instead",
                             "pos", params["pos"])
        spec.pos = params["pos"]
    if params.get("rec", "") != "":
        try:
            spec.record = decode_record(params["rec"])
        except LinkError as exc:
            raise EmbedError(str(exc), "rec", params["rec"]) from None
        spec.rec_text = params["rec"]
    if params.get("scene", "") != "":
        spec.scene = params["scene"]
    if params.get("lesson", "") != "":
        spec.lesson = params["lesson"]
    if params.get("ply", "") != "":
        text = params["ply"]
        if not _DIGITS.fullmatch(text):
            raise EmbedError("ply= must be a whole number of moves (0 for the start)", "ply", text)
        if spec.record is None:
            raise EmbedError("ply= chooses a move of a record, so it needs rec=", "ply", text)
        spec.ply = int(text)
    interactive = _flag(params, "interactive")
    spec.interactive = True if interactive is None else interactive
    spec.controls = _flag(params, "controls")
    spec.autoplay = bool(_flag(params, "autoplay"))
    theme = params.get("theme", "")
    if theme:
        if theme not in THEMES:
            raise EmbedError("theme= must be light or dark", "theme", theme)
        spec.theme = theme
    focus = params.get("focus", "")
    if focus:
        parts = tuple(getattr(module, "FOCUS_PARTS", ()))
        if focus not in parts:
            raise EmbedError(f"focus= must be one of {', '.join(parts)}" if parts else
                             f"focus= shows one part of Altiplano's table; {info.name} has no parts "
                             "to show alone", "focus", focus)
        spec.focus = focus
    caption = " ".join(params.get("caption", "").split())
    if len(caption) > MAX_CAPTION:
        caption = caption[:MAX_CAPTION - 1].rstrip() + "…"
    spec.caption = caption
    if params.get("page") == "lesson" and spec.scene is None and spec.lesson is None:
        raise EmbedError("a lesson page needs its lesson: add lesson=… (or scene=…) to the link, "
                         "as the scene editor writes it", "lesson", "")
    if spec.pos is None and spec.record is None and spec.scene is None and spec.lesson is None:
        try:
            spec.new = routes.new_game_request(params, module)
        except ValueError as exc:
            bad = next((k for k in ("seed", "players") if k in str(exc)), "")
            raise EmbedError(str(exc), bad, params.get(bad, "")) from None
    return spec


def error_html(message: str, param: str = "", text: str = "", esc=None) -> str:
    """The message a frame shows for a bad link: what is wrong, the bad text quoted literally
    (escaped, cut visibly after 160 characters), and what to do.

    Args:
        message: the reason, in words.
        param: the parameter at fault ("" when none).
        text: the bad text as given.
    """
    from web.html.escape import esc as default_esc
    esc = esc or default_esc
    quoted = ""
    if param:
        shown = shown_text(text)
        quoted = (f'<p class="bad">The link says <code class="bad-text">{esc(param)}={esc(shown)}</code></p>'
                  if text else f'<p class="bad">The link has an empty <code>{esc(param)}=</code></p>')
    # a sentence starts with a capital, unless it starts with a parameter's name (``ply=``)
    why = message if re.match(r"\w+=", message) else message[:1].upper() + message[1:]
    return (f'<div class="embed-error" role="alert"><h2>This board cannot be shown</h2>'
            f'<p class="why">{esc(why)}.</p>{quoted}'
            f'<p class="muted">Check the link (see “Embedding a board in a web page” in the Altibox README, and the teacher’s guide).</p></div>')
