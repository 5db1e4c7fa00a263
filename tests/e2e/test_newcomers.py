"""Issue 22 end to end (what newcomers hit), Alto / Altitude / every game: the loading picture,
odd addresses, the link-conflict dialog, the landing cards, the phone's turn bar and labels,
the log's notation words, Altitude's base width and stranding targets."""

from __future__ import annotations

import json
import random

from altibox import altiplano, altitude, alto

from .driver import BOOT_TIMEOUT_MS, NO_BACKGROUND_WORK, go, notice, put_save, saved_game_script, wait_ply

#: boxes of the elements matched by a selector (visible ones), and whether any two overlap
BOXES = """sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
  .filter(r => r.width > 0 && r.height > 0).map(r => [r.left, r.top, r.right, r.bottom])"""


def overlapping(boxes) -> list:
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5]


def test_loading_picture_names_the_game_in_its_theme(browser, base_url_app):
    """Before Python runs: the picture of the game in the address, its name, the embed's theme."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(NO_BACKGROUND_WORK)
    context.route("**/py.tar.gz", lambda route: None)   # Python never gets its code: stay loading
    page = context.new_page()
    try:
        for query, shown, word, dark in (("?game=alto", "sk-alto", "Alto", False),
                                         ("?game=Altitude&new=1", "sk-altitude", "Altitude", False),
                                         ("?game=altiplano&embed=1&theme=dark", "sk-altiplano", "Altiplano", True)):
            page.goto(base_url_app + query, wait_until="domcontentloaded")
            visible = page.evaluate("() => [...document.querySelectorAll('#board svg.skeleton-board')]"
                                    ".filter(s => s.getBoundingClientRect().height > 0).map(s => s.classList[1])")
            assert visible == [shown]
            assert page.locator("#board .sk-word").inner_text().startswith(f"Loading {word}:")
            bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert (bg == "rgb(23, 26, 33)") == dark, bg
            assert page.evaluate("document.documentElement.classList.contains('ready')") is False
    finally:
        context.unroute_all(behavior="ignoreErrors")
        context.close()


def test_addresses_dialogs_landing_and_log_words(open_app):
    page = open_app("?game=altiplano&page=nope")
    error = page.locator("#error").inner_text()
    assert "There is no page called “nope” here." in error and "a guided first game (page=learn)" in error
    # &players= without &new=1 and no save: the form starts with the link's count, and says why
    go(page, "?game=altiplano&players=3")
    assert page.locator('#setup input[name="players"][value="3"]').is_checked()
    assert "applies only to a new game" in notice(page)
    go(page, "?game=altiplano&players=9")
    assert page.locator('#setup input[name="players"][value="2"]').is_checked()
    assert notice(page) == "Altiplano is played by 2 to 5 players, not '9': the link's player count is not used."
    go(page, "?game=ALTO&new=1&seed=3", ready=False)
    wait_ply(page, 0)
    assert page.locator("#board").get_attribute("data-game") == "alto"
    # the log's notation explains itself on hover
    page.locator('#board [data-move]').first.click()
    wait_ply(page, 1)
    code = page.locator("#log li code.notation").first
    assert code.get_attribute("title") == alto.notation_help(code.inner_text())
    # a link that would replace the game in progress: Resume is the primary, safe choice
    go(page, "?game=alto&new=1&seed=4", ready=False)
    primary = page.locator("#setup .actions .primary")
    assert primary.get_attribute("data-action") == "resume"
    assert "danger" in page.locator('#setup [data-action="start-pending"]').get_attribute("class")
    # the landing page: on every card How to play shares its line with another link (new-user
    # run: it wrapped alone), the cards without a save alike; Alto's saved game: Resume on a
    # line of its own above, New game beside How to play, the guided game under them
    go(page, "?", ready=False)
    tops = page.evaluate("""() => [...document.querySelectorAll('#landing .game-card .actions')]
        .map(a => Object.fromEntries([...a.querySelectorAll('.button')]
          .map(b => [b.hasAttribute('data-resume') ? 'Resume' : b.textContent.trim(), Math.round(b.getBoundingClientRect().top)])))""")
    assert len(tops) == 3 and tops[1] == tops[2], tops
    assert tops[1]["Play"] < tops[1]["How to play"] == tops[1]["Guided first game"], tops
    alto_card = tops[0]
    assert alto_card["Resume"] < alto_card["New game"] == alto_card["How to play"] < alto_card["Guided first game"], tops


def test_a_links_notice_is_in_the_window_when_the_page_loads(open_app, base_url_app):
    """New-user run at 1280x800: the guided game scrolled to its first target on load, so the
    notice that said why the link's step was not used sat ~270 px above the window."""
    page = open_app("?")
    page.set_viewport_size({"width": 1280, "height": 800})
    cases = {"?game=altiplano&page=learn&step=999": "This link asks for step 999;",
             "?game=altiplano&page=learn&step=abc": "This link asks for step “abc”, which is not a step number",
             "?game=altitude&players=9": "Altitude is played by 1 to 4 players, not '9'"}
    for query, words in cases.items():
        page.goto(base_url_app + query)
        page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert notice(page).startswith(words), (query, notice(page))
        box = page.locator("#notice .text").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 800, (query, box)


def _words_split_across_lines(page, selector: str) -> list[str]:
    """The words of the elements matched that a line break cuts in two."""
    return page.evaluate("""sel => {
      const out = [];
      for (const el of document.querySelectorAll(sel)) {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const re = /\\S+/g; let m;
          while ((m = re.exec(n.data))) {
            const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
            const tops = new Set([...r.getClientRects()].map(b => Math.round(b.top)));
            if (tops.size > 1) out.push(m[0]);
          }
        }
      }
      return out; }""", selector)


def test_altitude_on_a_phone_bar_labels_and_names(open_app):
    page = open_app("?game=altitude&new=1&seed=5&players=3&seat1=person&seat2=medium&seat3=hard", touch=True)
    hand = page.locator("#board .hand-card").first
    hand.click()
    bar = page.locator(".turnbar").bounding_box()
    # issue 22: the bar is <= 64 px, <= 96 px while it carries a notice or hint line
    noted = page.evaluate("""() => [...document.querySelectorAll('.turnbar :is(#hint, #notice, .notice)')]
        .some(e => e.offsetParent && e.textContent.trim())""")
    assert bar["height"] <= (96 if noted else 64), (bar, noted)
    # the tray's words never run into each other; the pile is named
    caps = page.evaluate(BOXES, "#board .tray .cap")
    assert len(caps) >= 3 and not overlapping(caps)
    assert "PILE" in page.locator("#board .tray").text_content()
    # the turn buttons are touch targets
    sizes = page.evaluate("() => [...document.querySelectorAll('.turnbar :is(button, .button)')]"
                          ".filter(b => b.offsetParent).map(b => b.getBoundingClientRect().height)")
    assert sizes and min(sizes) >= 44
    # a click that plays nothing: the "why not" line shows, the bar stays under 96 px
    page.locator("#board .pile").click()
    page.wait_for_selector("#hint:not([hidden])")
    assert page.locator(".turnbar").bounding_box()["height"] <= 96
    # "Bot 2 (medium)" and the other names: no word cut by a line break in the score pad
    assert "(medium)" in page.locator("#scores").inner_text()
    assert _words_split_across_lines(page, "#scores thead th") == []


def test_altitude_base_width_and_a_stranding_target(open_app):
    state, rng = altitude.new_game(seed=29, players=2), random.Random(29)
    while not altitude.stranded(state):
        state = altitude.apply(state, rng.choice(altitude.legal_moves(state)))
    record = altitude.to_record(state, meta={"seats": ["person", "person"]})
    page = open_app("?game=altitude", init_script=saved_game_script("altitude", record))
    wait_ply(page, len(record["moves"]))
    if page.locator('[data-action="reveal"]').is_visible():
        page.locator('[data-action="reveal"]').click()
    me = state.current
    pills = page.locator(f'#board .mountain[data-player="{me}"] .stat-t').all_text_contents()
    assert "Base 9/10" in pills
    warned = page.locator("#board g.warn")
    assert warned.count() == 2
    target = page.locator('#board [data-move="A 1.-4"]')
    assert "no place on your mountain" in target.get_attribute("aria-label")
    target.click()    # still legal: played, and undo stays available
    wait_ply(page, len(record["moves"]) + 1)
    assert page.locator("#undo").is_enabled()


def test_a_position_link_is_played_or_refused_in_words_and_nothing_is_lost(open_app):
    """New-user run: ``?game=altiplano&pos=abc`` showed the new-game form without a word."""
    state = altiplano.new_game(seed=5, players=2)
    rng = random.Random(5)
    for _ in range(3):
        state = altiplano.apply(state, rng.choice(altiplano.legal_moves(state)))
    record = altiplano.to_record(state)
    page = open_app("?game=altiplano&pos=abc", init_script=saved_game_script("altiplano", record))
    page.wait_for_selector('html[data-screen="error"]', state="attached")  # refused, the saved game offered
    assert page.locator("#error p").first.inner_text() == (
        "Altiplano keeps cards hidden, so a link cannot give its position (pos=): a position text would show "
        "every hand and the draw pile. Share a game of Altiplano by its record (rec=, from Share / Embed) "
        "instead. The link says “pos=abc”.")
    assert json.loads(page.evaluate("localStorage.getItem('altibox:save:altiplano')"))["moves"] == record["moves"]
    page.locator("#error .primary", has_text="Resume my saved game").click()
    wait_ply(page, 3)  # the saved game goes on
    go(page, "?game=alto&pos=OD,DO+r+m")  # no Alto game here: a new one is offered
    page.wait_for_selector('html[data-screen="error"]', state="attached")
    assert page.locator("#error p").first.inner_text() == (
        "This link’s position is not a valid Alto position: rule 1: expected 4 rows "
        "separated by '/', got 1. The link says “pos=OD,DO r m”.")
    page.locator("#error .primary", has_text="Start a new game").click()
    page.wait_for_selector("#setup-form")
    start = alto.new_game(seed=3)
    for move in ("@b2", "@c3"):
        start = alto.apply(start, move)
    text = alto.to_position(start)
    go(page, "?game=alto&pos=" + text.replace(" ", "+"))
    page.wait_for_selector(f'#board[data-position="{text}"]', state="attached")
    assert page.locator("#status").get_attribute("data-turn") == "0"  # Red to place, as the position says
    assert json.loads(page.evaluate("localStorage.getItem('altibox:save:alto')"))["start"] == text
    page.locator("#board [data-move]").first.click()
    wait_ply(page, 1)
    saved = page.evaluate("localStorage.getItem('altibox:save:alto')")
    go(page, "?game=alto&pos=" + text.replace(" ", "+"))  # over a game in progress: asked first
    assert page.locator("#setup .actions .primary").get_attribute("data-action") == "resume"
    assert page.evaluate("localStorage.getItem('altibox:save:alto')") == saved
    # an unknown parameter is named in one quiet line, also after an in-page address change
    page.locator('#setup [data-action="resume"]').click()
    wait_ply(page, 1)
    go(page, "?game=altiplano&form=1&foo=bar")
    page.wait_for_selector("#setup-form")
    assert page.locator(".param-note").all_inner_texts() == [
        "This link has a parameter this page does not know: “foo”."]
    # a seat's name field shows the name the seat gets for its kind, as the kind changes
    assert page.locator('#setup-form input[name="name2"]').get_attribute("placeholder") == "Player 2"
    page.locator('#setup-form select[name="seat2"]').select_option("hard")
    assert page.locator('#setup-form input[name="name2"]').get_attribute("placeholder") == "Bot 2 (hard)"
    page.locator('#setup-form select[name="seat2"]').select_option("person")
    assert page.locator('#setup-form input[name="name2"]').get_attribute("placeholder") == "Player 2"
    go(page, "?game=alto")
    wait_ply(page, 1)
    assert page.locator(".param-note").count() == 0
