"""The guided first game's page (``?game=G&page=learn``, DOM glue), one object
owned by the How-to page (:class:`web.dom.howtopage.HowToPage`, ``howto.learn``).

The page is drawn into the ``#rules`` section (whose click and key listeners it shares with the
How-to-play page) from the pure :class:`web.play.learn.Guide`; ``html[data-screen="learn"]``.
Clicks on the board go to the guide as on a scene board; "Start again" restarts it; at the end
"Play on from here" starts a normal saved game at the position reached (the confirm screen of a
link that would replace a game in progress asks first: the saved game is never overwritten
silently). The step reached is kept in the address (``&step=N``): a reload restarts there.
"""

from __future__ import annotations

from web.dom import browser

from altibox import GAMES

from web.dom.nodes import is_null, target_of
from web.dom.page import by_id
from web.dom.scenes import draw_scene
from web.html.escape import esc


class LearnPage:
    """The guided page. ``app``: the :class:`web.dom.app.App` (its saves, notices, the confirm
    screen and ``begin`` for Play on); ``set_url(query)``, ``screen(name)``,
    ``show_error(message)``: the App's. ``guide``: the :class:`web.play.learn.Guide` shown, or
    ``None``."""

    def __init__(self, app, set_url, screen, show_error) -> None:
        self.app = app
        self.set_url = set_url
        self.screen = screen
        self.show_error = show_error
        self.guide = None

    def show_learn(self, game: str, params: dict[str, str]) -> None:
        """Open the guided first game of ``game`` at ``&step=`` (or its first step)."""
        from web.play.learn import Guide, step_request
        try:
            guide = Guide(game)
            step, wrong_step = step_request(params.get("step"), guide.steps)
            guide.restore(step)
        except Exception as exc:  # a broken lesson file: the page says so, never blank
            self.show_error(f"The guided game of {GAMES[game].INFO.name} cannot be shown: {exc}")
            return
        if wrong_step:  # a step the line does not have: said, and the guide starts at step 1
            self.app.playscreen.notice(wrong_step)
        self.guide = guide
        name = GAMES[game].INFO.name
        browser.document.documentElement.dataset.game = game
        by_id("title").textContent = f"Learn {name} by playing"
        browser.document.title = f"Guided first game · {name} · Altibox"
        self.render_learn()
        self.screen("learn")
        browser.window.scrollTo(0, 0)
        if not wrong_step:  # else the page stays at its top, where the notice says why step 1
            self.reveal_target()

    def render_learn(self, announce: str | None = None, focus: str | None = None) -> None:
        """Draw the guide into ``#rules`` and keep its step in the address."""
        from web.play.learn import learn_url
        g = self.guide
        g.board.ui["narrow"] = bool(self.app._narrow_query.matches)  # Altiplano's phone layout
        draw_scene(by_id("rules"), g.html(), by_id("announce"), announce, focus)
        self.set_url(learn_url(g.game, g.step, g.done))

    def learn_event(self, target, keyboard: bool = False, repeat: bool = False) -> None:
        """A click (or Enter) on the guided page: a button, or the board. ``repeat``: the
        click is the second or later of a double click (see :meth:`web.play.learn.Guide.click`)."""
        g = self.guide
        root = by_id("rules")
        if g is None or is_null(target) or browser.document.documentElement.dataset.screen != "learn":
            return
        action_el = target.closest("[data-action]")
        action = None if is_null(action_el) else str(action_el.getAttribute("data-action"))
        if action == "learn-restart":
            g.restart()
            self.render_learn("Back to the first step.")
            browser.window.scrollTo(0, 0)
            return
        if action == "learn-why":  # the phone's Why? / Cost part of the step, shown or hidden
            g.toggle_why()
            self.render_learn(None, None)
            button = root.querySelector('[data-action="learn-why"]')
            if not is_null(button):
                button.focus()
            return
        if action == "learn-play-on":
            picked = root.querySelector('input[name="learn-opponent"]:checked')
            self.play_on(None if is_null(picked) else str(picked.value))
            return
        board_el = root.querySelector(".scene-board")
        if is_null(board_el) or not board_el.contains(target):
            return
        cell, move = target_of(target, board_el)
        before = g.step
        said = g.click(cell, move, repeat)
        if said is None:
            return
        self.render_learn(said or None, cell if keyboard else None)
        if g.done and g.step != before:  # the end: the choice of opponent and Play on in view
            bar = root.querySelector(".learn-bar")
            if not is_null(bar):
                bar.scrollIntoView()
        elif g.step != before or not keyboard:
            self.reveal_target()

    def reveal_target(self) -> None:
        """Scroll the target to click now (``[data-mark]``) into view when it is hidden under
        the bar of what to do now or beyond the window's bottom edge."""
        root = by_id("rules")
        mark = root.querySelector(".scene-board [data-mark]")
        bar = root.querySelector(".learn-bar")
        if is_null(mark):
            return
        box = mark.getBoundingClientRect()
        window = browser.window
        top = 0 if is_null(bar) else bar.getBoundingClientRect().bottom
        if box.top < top or box.bottom > window.innerHeight:
            stuck = 0 if is_null(bar) else bar.offsetHeight + 8  # the bar sticks at the top once scrolled
            window.scrollBy(0, box.top - stuck - max(0, (window.innerHeight - stuck - box.height) / 2))

    def play_on(self, opponent: str | None) -> None:
        """Start the game to play on (a record from the lesson's seed and the moves played),
        asking first when a game of this game is in progress here."""
        from web.play.session import Session
        g = self.guide
        try:
            session = Session.from_record(g.game, g.play_on_record(opponent))
        except Exception as exc:  # never a dead button: say why
            self.app.playscreen.notice(f"Cannot play on from here: {exc}")
            return
        saved, _broken = self.app.load_saved(g.game, replaced=False)
        if saved is not None and saved.ply > 0 and not saved.module.is_over(saved.state):
            self.app.pending = session
            self.app.session = saved
            name = esc(saved.module.INFO.name)
            by_id("setup").innerHTML = (
                f'<div class="setup"><h2>Play on from the guided game?</h2>'
                f'<p>You have a game of {name} in progress here (move {saved.ply}). Playing on from the '
                f'guided game (move {session.ply}) replaces it.</p><p class="actions">'
                f'<button type="button" class="primary" data-action="resume">Resume my game</button> '
                f'<button type="button" class="danger" data-action="start-pending">Play on from the guided game</button>'
                f'</p></div>')
            by_id("title").textContent = saved.module.INFO.name
            self.screen("setup")
            return
        self.app.begin(session)
