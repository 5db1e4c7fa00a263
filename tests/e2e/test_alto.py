"""Alto end to end in a real Chromium: whole games by clicks, undo/redo, reloads, broken saves."""

from __future__ import annotations

import json
import random

import pytest

from altibox import alto

from .driver import BOOT_TIMEOUT_MS, click_alto, put_save, saved_game_script, saved_record, stored_script, wait_ply

SEED = 20261129


def board(page):
    return page.locator("#board")


def test_whole_game_by_clicks_ends_with_the_engines_winner_and_scores(open_app):
    page = open_app(f"?game=alto&new=1&seed={SEED}")
    state = alto.new_game(seed=SEED)
    assert board(page).get_attribute("data-position") == alto.to_position(state)
    assert page.locator("#status").get_attribute("data-turn") == "0"
    rng = random.Random(1)
    ply = 0
    while alto.outcome(state) is None:
        move = str(rng.choice(alto.legal_moves(state)))
        if not move.startswith("@"):
            # the highlighted destinations of the selected source are exactly the engine's
            page.locator(f'#board [data-cell="{move[:2]}"]').click()
            shown = sorted(page.locator("#board [data-move]").evaluate_all("els => els.map(e => e.dataset.move)"))
            assert shown == [str(m) for m in alto.destinations(state, move[:2])]
            page.locator(f'#board [data-move="{move}"]').click()
            ply += 1
            wait_ply(page, ply)
        else:
            ply += 1
            click_alto(page, move, ply)
        state = alto.apply(state, move)
        assert board(page).get_attribute("data-position") == alto.to_position(state)
    out = alto.outcome(state)
    status = page.locator("#status")
    assert status.get_attribute("data-winners") == ",".join(map(str, out.winners))
    assert status.get_attribute("data-reason") == out.reason
    for p in (0, 1):
        cell = page.locator(f'#scores [data-player="{p}"]')
        assert cell.get_attribute("data-score") == str(out.scores[p])
    assert page.locator("#log li[data-move]").count() == ply
    assert page.locator("#log li[data-move]").last.get_attribute("data-move") == str(state.moves[-1])
    # the headline names the winner (the end panel says why the game ended, not who won)
    assert page.locator("#result").is_visible()
    assert alto.end_reason(state) in page.locator("#result").inner_text()
    head = status.inner_text()
    assert head.startswith("Draw") if out.reason == "draw" else f"{alto.seat_name(state, out.winners[0])} wins" in head


def test_undo_redo_and_reload_resume_with_the_redo_stack(open_app):
    page = open_app(f"?game=alto&new=1&seed={SEED}&setup=random&first_player=1")
    state = alto.new_game(seed=SEED, setup="random", first_player=1)
    assert page.locator("#status").get_attribute("data-turn") == "1"
    moves = []
    for i in range(3):
        m = str(alto.legal_moves(state)[i])
        click_alto(page, m, i + 1)
        state = alto.apply(state, m)
        moves.append(m)
    after3 = alto.to_position(state)
    page.locator("#undo").click()
    wait_ply(page, 2)
    page.keyboard.press("Control+z")
    wait_ply(page, 1)
    saved = saved_record(page, "alto")
    assert saved["moves"] == moves[:1] and saved["meta"]["redo"] == moves[1:]
    assert saved["options"] == {"first_player": 1, "setup": "random"} and saved["seed"] == SEED
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 1)
    assert page.locator("#log li").count() == 1
    assert not page.locator("#redo").is_disabled()
    page.locator("#redo").click()
    wait_ply(page, 2)
    page.keyboard.press("Control+y")
    wait_ply(page, 3)
    assert board(page).get_attribute("data-position") == after3
    assert page.locator("#redo").is_disabled()


def test_keyboard_only_play_with_announcements(open_app):
    page = open_app(f"?game=alto&new=1&seed={SEED}")
    page.locator('#board [data-cell="a1"]').focus()
    page.keyboard.press("ArrowRight")  # b1
    page.keyboard.press("ArrowUp")     # b2
    page.keyboard.press("Enter")       # place on b2
    wait_ply(page, 1)
    assert page.locator("#log li").first.get_attribute("data-move") == "@b2"
    assert "Red places a disc on b2" in page.locator("#announce").inner_text()
    # the focus stays on the board, on the cell just played
    assert page.evaluate("document.activeElement.dataset.cell") == "b2"


def test_a_save_with_an_illegal_move_names_the_ply(open_app):
    record = {"schema": 1, "game": "alto", "players": 2, "options": {}, "seed": 5,
              "moves": ["@a1", "@b1", "@a1"], "start": None, "meta": {}}
    page = open_app("?game=alto", init_script=saved_game_script("alto", record))
    text = page.locator("#notice").inner_text()
    assert "could not be opened whole: move 3 cannot be played" in text and "nothing is lost" in text
    # the replay's own words, which name the ply and the move, are under "Technical details"
    page.locator("#notice details.detail summary").click()
    detail = page.locator("#notice details.detail").inner_text()
    assert "ply 3" in detail and "@a1" in detail
    wait_ply(page, 2)  # the two moves before it are replayed: the game goes on
    assert saved_record(page, "alto")["moves"] == ["@a1", "@b1"]


def test_without_storage_the_game_plays_and_says_it_will_not_be_saved(open_app):
    deny = """
      Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});
    """
    page = open_app(f"?game=alto&new=1&seed={SEED}", init_script=deny)
    assert "will not be saved" in page.locator("#notice").inner_text()
    click_alto(page, "@c3", 1)
    assert page.locator("#log li").count() == 1


def test_full_storage_warns_and_keeps_playing(open_app):
    full = """
      Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    """
    page = open_app(f"?game=alto&new=1&seed={SEED}", init_script=full)
    assert "is full" in page.locator("#notice").inner_text()
    click_alto(page, "@d4", 1)
    assert board(page).get_attribute("data-ply") == "1"


@pytest.mark.parametrize("query, words", [
    ("?game=nope", "no game called"),
    ("?game=alto&new=1&seed=banana", "seed must be a whole number"),
    ("?game=alto&new=1&setup=upside", "setup"),
])
def test_bad_urls_get_a_message_in_the_page(open_app, query, words):
    page = open_app(query)
    assert words in page.locator("main, #notice").all_inner_texts().__str__()


def test_landing_lists_games_and_offers_to_resume(open_app):
    page = open_app("")
    assert page.locator('[data-game-id="alto"]').is_visible()
    assert page.locator("[data-resume]").count() == 0
    page.goto(page.url + f"?game=alto&new=1&seed={SEED}")
    page.wait_for_selector("html.ready", state="attached")
    click_alto(page, "@a4", 1)
    page.goto(page.url.split("?")[0])
    page.wait_for_selector("html.ready", state="attached")
    page.locator('[data-resume="alto"]').click()
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 1)


def test_a_new_game_link_over_a_game_in_progress_asks_first(open_app):
    page = open_app(f"?game=alto&new=1&seed={SEED}")
    click_alto(page, "@a1", 1)
    click_alto(page, "@b1", 2)
    page.goto(page.url.split("?")[0] + "?game=alto&new=1&seed=5")
    page.wait_for_selector("html.ready", state="attached")
    assert "game in progress (move 2)" in page.locator("#setup").inner_text()
    page.locator('[data-action="resume"]').click()
    wait_ply(page, 2)
    assert saved_record(page, "alto")["seed"] == SEED
    page.goto(page.url.split("?")[0] + "?game=alto&new=1&seed=5")
    page.wait_for_selector("html.ready", state="attached")
    page.locator('[data-action="start-pending"]').click()
    wait_ply(page, 0)
    assert saved_record(page, "alto")["seed"] == 5


def test_a_save_whose_options_clash_is_backed_up_not_a_lockout(open_app):
    record = {"schema": 1, "game": "alto", "players": 2, "options": {"players": 3}, "seed": 5,
              "moves": [], "start": None, "meta": {}}
    page = open_app("", init_script=stored_script({"altibox:save:alto": json.dumps(record)}))
    assert page.locator('[data-game-id="alto"]').is_visible()  # the landing page still works
    page.goto(page.url.split("?")[0] + "?game=alto")
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 0)
    assert "could not be read" in page.locator("#notice").inner_text()
    assert any(k.startswith("altibox:backup:alto:") for k in page.evaluate("Object.keys(localStorage)"))


def test_the_storage_warning_goes_away_when_saving_works_again(open_app):
    flaky = """
      window.__failSaves = true;
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (window.__failSaves) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return real.call(this, k, v);
      };
    """
    page = open_app(f"?game=alto&new=1&seed={SEED}", init_script=flaky)
    assert page.locator("#notice").is_visible()
    page.evaluate("window.__failSaves = false")
    click_alto(page, "@a2", 1)
    assert not page.locator("#notice").is_visible()
    assert saved_record(page, "alto")["moves"] == ["@a2"]


def test_two_tabs_follow_each_other_instead_of_overwriting(open_app):
    page = open_app(f"?game=alto&new=1&seed={SEED}")
    other = page.context.new_page()
    other.set_default_timeout(BOOT_TIMEOUT_MS)  # a second cold boot, as open_app's pages wait
    other.goto(page.url)
    other.wait_for_selector("html.ready", state="attached")
    wait_ply(other, 0)
    click_alto(page, "@c1", 1)
    wait_ply(other, 1)  # the other tab follows through the storage event
    click_alto(other, "@c2", 2)
    wait_ply(page, 2)
    assert saved_record(page, "alto")["moves"] == ["@c1", "@c2"]


def test_new_games_back_returns_to_the_game_and_seat_links_are_never_silently_ignored(open_app):
    """The form's Back (after the game's "New game") shows the game in progress again without
    reloading Python; a link with a bad seat but no &new=1 says so and resumes the save; a
    saved bot of a level this version does not know stays a bot and the player is told."""
    page = open_app(f"?game=alto&new=1&seed={SEED}&seat2=hard")
    wait_ply(page, 0)
    click_alto(page, "@a1", 1)
    wait_ply(page, 2)  # the bot placed its tile
    page.evaluate("window.__sameInterpreter = true")
    page.locator("#newgame").click()
    page.wait_for_selector("#setup-form", state="visible")
    page.locator("#setup-form a", has_text="Back to the game").click()
    page.wait_for_selector('html[data-screen="play"]', state="attached")
    wait_ply(page, 2)
    assert page.evaluate("window.__sameInterpreter === true")  # no reload
    assert page.evaluate("location.search") == "?game=alto"
    page.goto(page.url.split("?")[0] + "?game=alto&seat2=expert")
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 2)  # the saved game goes on
    words = page.locator("#notice .text").inner_text()
    assert words.startswith("This link cannot choose the seats: seat2: ") and "'expert'" in words
    assert "Your saved game goes on" in words
    save = saved_record(page, "alto")
    assert save["meta"]["seats"] == ["person", "hard"]
    save["meta"]["seats"] = ["person", "godlike"]
    put_save(page, "alto", save)
    page.goto(page.url.split("?")[0] + "?game=alto")
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 2)
    assert page.locator("#notice .text").inner_text() == (
        "The saved bot level “godlike” for White is not recognised by this version of Altibox: "
        "that bot plays at level medium.")
    click_alto(page, "@b2", 3)
    wait_ply(page, 4)  # White is still a bot: it plays
    assert saved_record(page, "alto")["meta"]["seats"] == \
        ["person", "medium"]
