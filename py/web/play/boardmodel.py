"""The pure model of a board widget: one game board with its own in-memory game.

Pure Python (no browser imports), CPython-tested; :mod:`web.dom.widget` is its DOM glue. A
:class:`BoardModel` holds a :class:`web.play.session.Session` of its own (never the player's saves), the
page's selection, and a record's moves beyond the one shown (stepping back and forth is undo
and redo on that session). Everything a render needs comes out as text: the board's SVG, the
``data-position``/``data-ply`` values, the status line, the step-through controls.

Who sees what (hidden information, DESIGN.md §3): an interactive board shows the view of the
seat to move (the learner plays every seat, as in a rulebook example); a look-only board, and
every finished game, shows the public view (``module.view(state, None)``), as a spectator at
the table sees it.

Example (Alto, a position from the rules spec's placement phase)::

    >>> v = BoardModel.new("alto", seed=7)
    >>> v.ply, v.end, len(v.legal_moves())
    (0, 0, 16)
    >>> v.play("@b2")[0], v.ply, v.position().endswith(" w p")
    ('@b2', 1, True)
"""

from __future__ import annotations

from typing import Any

from altibox import GAMES
from altibox.core import RecordError

from web.html import panels as pages
from web.links.embed import EmbedError, EmbedSpec
from web.play.adapters import BOARDS, Frame
from web.play.board import BoardController
from web.links.codec import encode_record, embed_query, share_query
from web.play.session import Session
from web.play.seats import seat_names
from web.html.escape import esc


class BoardModel:
    """One board: an in-memory game, the ply shown, the selection, and the board's settings.

    Args:
        session: the game (moves up to the ply shown; moves after it are its redo stack).
        interactive: moves may be made by clicks.
        controls: step-through controls are shown (None: shown when the game has moves).
        caption: a line of text shown with the board ("" for none).
        theme: ``"light"`` or ``"dark"``.
    Raises:
        EmbedError: the game has no board in the page yet (``web.play.adapters.BOARDS``).
    """

    def __init__(self, session: Session, *, interactive: bool = True, controls: bool | None = None,
                 caption: str = "", theme: str = "light"):
        if session.game_id not in BOARDS:
            info = session.module.INFO
            raise EmbedError(f"{info.name} cannot be shown in the browser yet: its rules are ready, "
                             f"its board is still being built", "game", session.game_id)
        self.session = session
        self.board_ui = BOARDS[session.game_id]
        self.interactive = interactive
        self._controls = controls
        self.caption = caption
        self.theme = theme
        self.board = BoardController(self.board_ui)  # the selection and what a click does
        self.start_ply = session.ply  # where "reset" goes back to
        self.comments: dict[int, str] = {}  # a replayed record's meta.comments (issue 20)
        self.autoplay = False  # stepping on by itself (``&autoplay=1``, the autoplay button)

    @property
    def drawn_svg(self) -> str | None:
        """The board's svg as last drawn (:meth:`board_svg`; None before), against which the
        board controller checks what is clicked (issue 23)."""
        return self.board.drawn

    @drawn_svg.setter
    def drawn_svg(self, svg: str | None) -> None:
        self.board.drawn = svg

    @property
    def ui(self) -> dict:
        """The board's selection dict (``selected``, ``focus``, ``narrow``)."""
        return self.board.ui

    # ------------------------------------------------------------ creation

    @classmethod
    def new(cls, game_id: str, seed: int | None = None, players: int | None = None,
            options: dict | None = None, **kw: Any) -> "BoardModel":
        """A new game (DESIGN.md §2 ``new_game``). Raises ValueError for bad seed/players/options."""
        return cls(Session.new(game_id, seed=seed, players=players, options=options), **kw)

    @classmethod
    def from_position(cls, game_id: str, text: str, **kw: Any) -> "BoardModel":
        """A game that starts from a position text (``module.from_position``).

        Raises:
            EmbedError: (param ``pos``) the game hides cards, or the text is not a valid
                position (the message names the broken validity rule when the rules give it).
        """
        module = GAMES[game_id]
        if module.INFO.hidden:
            raise EmbedError(f"{module.INFO.name} keeps cards hidden: share it by record (rec=), "
                             f"not by position", "pos", text)
        try:
            state = module.from_position(text)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise EmbedError(f"this is not a valid {module.INFO.name} position: {exc}", "pos", text) from None
        return cls(Session(game_id, state), **kw)

    @classmethod
    def from_record(cls, game_id: str, record: Any, ply: int | None = None, rec_text: str | None = None,
                    **kw: Any) -> "BoardModel":
        """A recorded game, every move replayed under the rules, shown after ``ply`` moves
        (None: after the last); the later moves stay ahead (step forward, or "last").

        Raises:
            EmbedError: (param ``rec``) the record cannot be replayed (another game, a bad field,
                an illegal move: the message names the ply); (param ``ply``) ``ply`` beyond the
                record's moves.
        """
        module = GAMES[game_id]
        shown = rec_text if rec_text is not None else str(record)
        comments = read_comments(record.get("meta") if isinstance(record, dict) else None, shown)
        try:
            if isinstance(record, dict):
                record = {**record, "meta": {k: v for k, v in (record.get("meta") or {}).items()
                                             if k in ("names",)} if isinstance(record.get("meta"), dict) else {}}
            session = Session.from_record(game_id, record)
        except RecordError as exc:
            where = f"move {exc.ply} ({exc.move})" if exc.ply else "its header"
            raise EmbedError(f"this {module.INFO.name} record cannot be replayed: {where} is refused: {exc}",
                             "rec", shown) from None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise EmbedError(f"this {module.INFO.name} record cannot be read: {exc}", "rec", shown) from None
        end = session.ply
        if ply is not None:
            if ply > end:
                raise EmbedError(f"ply= asks for move {ply}, but this record has only {end} "
                                 f"move{'s' if end != 1 else ''}", "ply", str(ply))
            while session.ply > ply:
                session.undo()
        viewer = cls(session, **kw)
        viewer.start_ply = session.ply
        viewer.comments = comments
        return viewer

    @classmethod
    def from_spec(cls, spec: EmbedSpec, scene: Any = None) -> "BoardModel":
        """The board an embed link asks for (:func:`web.links.embed.parse_embed`).

        ``scene`` is not built here (scenes are made by the How-to-play layer); a spec with a
        scene and no ``scene`` object raises EmbedError("unknown scene").

        Raises:
            EmbedError: as :meth:`from_position`, :meth:`from_record`, or a bad new game.
        """
        kw = dict(interactive=spec.interactive, controls=spec.controls, caption=spec.caption, theme=spec.theme)
        if spec.pos is not None:
            model = cls.from_position(spec.game, spec.pos, **kw)
        elif spec.record is not None:
            model = cls.from_record(spec.game, spec.record, ply=spec.ply, rec_text=spec.rec_text, **kw)
            model.autoplay = spec.autoplay and model.ply < model.end
        else:
            seed, players, options = spec.new
            try:
                model = cls.new(spec.game, seed=seed, players=players, options=options, **kw)
            except EmbedError:
                raise
            except ValueError as exc:
                raise EmbedError(str(exc), "", "") from None
        if getattr(spec, "focus", None):
            model.ui["part"] = spec.focus  # one part of the table alone (Altiplano's focus=)
        return model

    # ------------------------------------------------------------ queries

    @property
    def game_id(self) -> str:
        return self.session.game_id

    @property
    def module(self) -> Any:
        return self.session.module

    @property
    def state(self) -> Any:
        """The position shown."""
        return self.session.state

    @property
    def ply(self) -> int:
        """Moves played up to the position shown."""
        return self.session.ply

    @property
    def end(self) -> int:
        """Moves known: the ply shown plus the moves ahead of it (a record's tail)."""
        return self.session.ply + len(self.session.redo)

    @property
    def controls(self) -> bool:
        """Whether step-through controls are shown (explicit, else: the game has moves)."""
        return self._controls if self._controls is not None else self.end > 0

    def is_over(self) -> bool:
        return self.module.is_over(self.state)

    def viewer_seat(self) -> int | None:
        """Whose view is drawn: the seat to move on an interactive board, else None (public)."""
        if not self.interactive or self.is_over():
            return None
        return self.module.current_player(self.state)

    def frame(self) -> Frame:
        """The :class:`web.play.adapters.Frame` to draw (a look-only board offers no move targets)."""
        s = self.session
        seat = self.viewer_seat()
        view = self.module.view(s.state, seat)
        if not self.interactive and isinstance(view, dict) and "legal_moves" in view:
            view = {**view, "legal_moves": []}
        last_player = self.module.current_player(s.states[-2]) if s.ply else None
        return Frame(view=view, viewer=seat, ui=self.ui, names=tuple(s.names),
                     last=s.last_move, last_player=last_player)

    def legal_moves(self) -> list[str]:
        """Notation of the moves that may be played now (none on a look-only board)."""
        if not self.interactive or self.is_over():
            return []
        return [str(m) for m in self.module.legal_moves(self.state)]

    def board_svg(self) -> str:
        """The board's SVG (the game's own ``render_svg`` through its page adapter); kept in
        :attr:`drawn_svg`, against which :meth:`click` checks what is clicked."""
        self.drawn_svg = self.board_ui.svg(self.frame())
        return self.drawn_svg

    def position(self) -> str:
        """``data-position``: the position shown (the public one where cards are hidden)."""
        return self.board_ui.position(self.state)

    def status(self) -> tuple[str, int | None]:
        """The status line's words and the seat to move (None when the game is over)."""
        s = self.session
        part, ask = self.ui.get("part"), getattr(self.module, "part_prompt", None)
        if part and ask is not None and not self.module.is_over(s.state):
            # one part of the table shown (focus=): the status fits what that part can do
            words = ask(s.state, seat_names(self.module, s.state, s.names), part)
        else:
            words = pages.status_words(self.module, s.state, s.names)
        return words, self.module.current_player(s.state)

    def controls_html(self, uid: str = "") -> str:
        """First / previous / (ply counter) / next / last buttons, each ``[data-step]``;
        the counter is ``.wply`` and says "Move k of n" ("Start" at ply 0)."""
        p, n = self.ply, self.end
        counter = "Start" if p == 0 else f"Move {p} of {n}" if n else f"Move {p}"
        if p == 0 and n:
            counter = f"Start of {n} moves" if n != 1 else "Start of 1 move"
        tri_l, tri_r = "M13 3 L5 8 L13 13 Z", "M3 3 L11 8 L3 13 Z"
        icons = {"first": f'<path d="M2 3 h2 v10 h-2 Z"/><path d="{tri_l}"/>', "prev": f'<path d="{tri_l}"/>',
                 "next": f'<path d="{tri_r}"/>', "last": f'<path d="M12 3 h2 v10 h-2 Z"/><path d="{tri_r}"/>'}
        buttons = (("first", "First position", p == 0), ("prev", "Previous move", p == 0),
                   ("next", "Next move", p >= n), ("last", "Last move", p >= n))

        def button(k: str, label: str, off: bool) -> str:
            return (f'<button type="button" class="wstep" data-step="{k}" aria-label="{label}" title="{label}"'
                    f'{" disabled" if off else ""}><svg viewBox="0 0 16 16" width="16" height="16" '
                    f'aria-hidden="true" fill="currentColor">{icons[k]}</svg></button>')

        html = [button(*b) for b in buttons[:2]]
        html.append(f'<span class="wply" aria-live="polite" data-ply="{p}" data-end="{n}">{esc(counter)}</span>')
        html += [button(*b) for b in buttons[2:]]
        if n:
            label = "Pause" if self.autoplay else "Play the moves"
            html.append(f'<button type="button" class="wstep wauto" data-action="autoplay" '
                        f'aria-pressed="{"true" if self.autoplay else "false"}" title="{label}">'
                        f'{"❚❚ Pause" if self.autoplay else "▶ Autoplay"}</button>')
        return "".join(html)

    def comment(self) -> str:
        """The comment of the ply shown (``meta.comments``), or ``""``."""
        return self.comments.get(self.ply, "")

    def record(self) -> dict:
        """The game as a record (moves up to the ply shown; a record's tail in ``meta.redo``)."""
        return self.session.record()

    def share_query(self) -> str:
        """``?game=G&rec=z:…``: continue this game (up to the ply shown) in the full page."""
        rec = self.session.module.to_record(self.state, meta={k: v for k, v in self.session.meta.items()
                                                              if k == "names"})
        return share_query(self.game_id, rec)

    def embed_query(self, whole: bool = True) -> str:
        """An embed address for this board: the whole game at the ply shown (``whole``) or,
        for a game without hidden cards, only the position shown (``pos=``)."""
        if not whole and not self.module.INFO.hidden:
            return embed_query(self.game_id, pos=self.module.to_position(self.state),
                               interactive=self.interactive, theme=self.theme if self.theme != "light" else None,
                               caption=self.caption or None)
        rec = self.session.module.to_record(self._end_state(), meta={})
        return embed_query(self.game_id, record=rec, ply=self.ply if self.ply != self.end else None,
                           interactive=self.interactive, theme=self.theme if self.theme != "light" else None,
                           caption=self.caption or None)

    def _end_state(self) -> Any:
        state = self.state
        for move in self.session.redo:
            state = self.module.apply(state, move)
        return state

    # ------------------------------------------------------------ changes

    def goto(self, ply: int) -> bool:
        """Show the position after ``ply`` moves (clamped to 0..end); True if it changed."""
        ply = max(0, min(int(ply), self.end))
        if ply == self.ply:
            return False
        while self.ply > ply:
            self.session.undo()
        while self.ply < ply:
            self.session.redo_move()
        self.board.clear()
        return True

    def step(self, where: str) -> bool:
        """``"first"``, ``"prev"``, ``"next"`` or ``"last"``; True if the ply shown changed.
        Raises ValueError for another word."""
        targets = {"first": 0, "prev": self.ply - 1, "next": self.ply + 1, "last": self.end}
        if where not in targets:
            raise ValueError(f"step must be one of {', '.join(targets)}, not {where!r}")
        return self.goto(targets[where])

    def reset(self) -> None:
        """Back to the ply the board started at (a scene's "try again")."""
        self.goto(self.start_ply)

    def play(self, move: str) -> tuple[str, str]:
        """Play ``move`` (notation) on the position shown; a record's tail is kept when the move
        is the record's next one and dropped otherwise (a new line of play).

        Returns:
            ``(notation, words)``.
        Raises:
            ValueError: the board is look-only, the game is over, malformed notation, or an
                illegal move (``IllegalMoveError``, which says why).
        """
        if not self.interactive:
            raise ValueError("this board is for looking only")
        if self.is_over():
            raise ValueError("the game is over")
        result = self.session.play(move)
        self.board.played(result[0])
        return result

    def click(self, cell: str | None, move: str | None) -> tuple[str, Any]:
        """A click (or Enter) on the board: on a ``data-move`` element, or on a ``data-cell``.

        Returns one of:
            ``("play", move)``: the page should play ``move`` (see :meth:`play`; the caller
            decides, e.g. a scene checks it is the asked move);
            ``("select", cell)`` / ``("deselect", cell)``: the selection changed (re-render);
            ``("none", None)``: nothing to do (look-only board, game over, empty space);
            ``("refused", words)``: a cell or move the board drawn does not carry (changed in
            the page by devtools or an extension, issue 23): nothing changes, ``words`` say so.
        """
        if not self.interactive or self.is_over():
            return "none", None
        board = self.board
        what, arg = board.click(self.frame(), cell, move)
        if what == "other":
            return ("deselect", cell) if board.clear() else ("none", None)
        return what, arg


MAX_COMMENT = 500
"""Longest comment of a ply shown (characters); a longer one is cut with a visible ``…``."""


def read_comments(meta: Any, shown: str = "") -> dict[int, str]:
    """A record's ``meta.comments`` (``{"<ply>": text}``, ply 0 the start) as ``{ply: text}``.

    Raises:
        EmbedError: (param ``rec``) comments that are not an object of whole-number plies to
            texts (the message says so; ``shown`` is quoted).
    """
    raw = meta.get("comments") if isinstance(meta, dict) else None
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(k, str) and k.isdigit() and len(k) < 7 and isinstance(v, str)
                                           for k, v in raw.items()):
        raise EmbedError('meta.comments must map move numbers ("0" for the start, "1", …) to texts',
                         "rec", shown)
    return {int(k): (v if len(v) <= MAX_COMMENT else v[:MAX_COMMENT - 1] + "…") for k, v in raw.items() if v.strip()}
