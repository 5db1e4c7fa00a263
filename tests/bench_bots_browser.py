"""Browser half of ``tests/bench_bots.py browser``: bot move times in Pyodide (headless Chromium).

Builds the site (``serve.build``) into a temporary directory, serves it on 127.0.0.1, opens
``static/bench/bots.html`` with the jobs in ``window.BOT_JOBS`` and prints, per game and level,
the median and max milliseconds per move and the longest slice when the search runs in slices.
The positions are the ones ``bench_bots.py timing`` uses (mid-game positions of easy-bot games),
and every move is also played in CPython for the ratio.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests")]

import serve  # noqa: E402
from altibox import GAMES, bots  # noqa: E402
from bench import launch  # noqa: E402


def browser(games: list[str], count: int, size: int, levels=("medium", "hard")) -> None:
    from bench_bots import mid_positions
    from playwright.sync_api import sync_playwright

    jobs = []
    cpy: dict = {}
    for gid in games:
        rules = GAMES[gid]
        for i, s in enumerate(mid_positions(gid, count)):
            text = rules.to_position(s)
            s2 = rules.from_position(text)
            for level in levels:
                jobs.append([gid, text, level, i, size])
                t = time.perf_counter()
                bots.choose_move(gid, s2, level, seed=i)
                cpy.setdefault((gid, level), []).append((time.perf_counter() - t) * 1000)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        serve.build(site)
        server = serve.make_server("127.0.0.1", 0, site_dir=site, prefix="/altibox/", quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/altibox/static/bench/bots.html"
        with sync_playwright() as pw:
            b = launch(pw)
            page = b.new_page()
            page.add_init_script(f"window.BOT_JOBS = {json.dumps(json.dumps(jobs))};")
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_selector("html.done", timeout=60_000 + 20_000 * len(jobs))
            res = json.loads(page.evaluate("window.BOT_RESULTS || '[]'"))
            b.close()
        server.shutdown()
    if errors:
        print("page errors:", *errors, sep="\n  ")
    for gid in games:
        for level in levels:
            rows = [r for r in res if r["game"] == gid and r["level"] == level]
            if not rows:
                continue
            ms = [r["ms"] for r in rows]
            sl = [r["max_slice_ms"] for r in rows]
            c = cpy[(gid, level)]
            print(f"{gid:9s} {level:6s} browser ms/move: median {statistics.median(ms):7.0f}  "
                  f"max {max(ms):7.0f}   longest slice ({rows[0]['slice']} sims) {max(sl):5.0f} ms   "
                  f"CPython median {statistics.median(c):6.0f} ms  (x{statistics.median(ms) / max(1e-9, statistics.median(c)):.1f})",
                  flush=True)


# ----------------------------------------------------------------------------------------------
# Clicks during a bot's turn (the page itself, not the bench page)

LATENCY_JS = """
window.__clicks = [];
window.addEventListener("click", (e) => {
  // a window listener in the bubble phase runs after the app's own (document) handler, so this
  // is the whole wait: from the input event to the end of its handling
  const undo = e.target.closest && e.target.closest("#undo");
  window.__clicks.push({ms: performance.now() - e.timeStamp, what: undo ? "undo" : "log",
                        thinking: window.__thinkingAtDown === true});
});
window.addEventListener("pointerdown", () => {
  window.__thinkingAtDown = document.documentElement.dataset.bot === "thinking";
}, true);
try { localStorage.setItem("altibox:settings", JSON.stringify({snapshot: false, offline: false})); } catch (e) {}
"""


def clicks(games: list[str], count: int, level: str = "hard") -> None:
    """How long a click on the log or on Undo waits while a bot searches (issue 10, target
    ≤ 200 ms): two bots of ``level`` play each other in the app at the normal pace; every
    100–300 ms a real mouse click lands on ``#log`` (every fifth on Undo, which takes back a bot
    move and lets the bot search again); only clicks pressed while a bot was searching count.
    Prints median, p95 and max in ms, and the longest search slice of each bot move
    (``window.altiboxBotSlices``)."""
    import random
    from playwright.sync_api import sync_playwright

    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        serve.build(site)
        server = serve.make_server("127.0.0.1", 0, site_dir=site, prefix="/altibox/", quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/altibox/"
        with sync_playwright() as pw:
            b = launch(pw)
            for gid in games:
                ctx = b.new_context(viewport={"width": 1280, "height": 800})
                ctx.add_init_script(LATENCY_JS)
                page = ctx.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                seeds = iter(range(100, 10_000))
                got: list[dict] = []
                slices: list[float] = []

                def start():
                    page.goto(f"{base}?game={gid}&new=1&seed={next(seeds)}&players=2&seat1={level}&seat2={level}")
                    page.wait_for_selector("html.ready", state="attached", timeout=120_000)

                start()
                while len(got) < count:
                    if page.locator("#status[data-winners]").count():
                        slices += page.evaluate("Array.from(window.altiboxBotSlices)")
                        got += [c for c in page.evaluate("window.__clicks") if c["thinking"]]
                        start()
                        continue
                    try:
                        page.wait_for_selector('html[data-bot="thinking"]', state="attached", timeout=30_000)
                    except Exception:
                        continue
                    page.wait_for_timeout(rng.uniform(100, 300))
                    n = len(page.evaluate("window.__clicks"))
                    target = "#undo" if n % 5 == 4 and not page.locator("#undo").is_disabled() else "#log"
                    box = page.locator(target).bounding_box()
                    if box is None or box["height"] < 2:
                        box = page.locator("#status").bounding_box()
                    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + min(10, box["height"] / 2))
                    if n and n % 10 == 0:
                        done = len([c for c in page.evaluate("window.__clicks") if c["thinking"]])
                        if len(got) + done >= count:
                            break
                slices += page.evaluate("Array.from(window.altiboxBotSlices)")
                got += [c for c in page.evaluate("window.__clicks") if c["thinking"]]
                ctx.close()
                for what in ("log", "undo", None):
                    ms = sorted(c["ms"] for c in got if what is None or c["what"] == what)
                    if not ms:
                        continue
                    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
                    print(f"{gid:9s} click on {what or 'either':6s} during a {level} bot's search: "
                          f"{len(ms):3d} clicks, median {statistics.median(ms):5.0f} ms, p95 {p95:5.0f} ms, "
                          f"max {ms[-1]:5.0f} ms", flush=True)
                if slices:
                    print(f"{gid:9s} longest search slice per bot move: median {statistics.median(slices):5.0f} ms, "
                          f"max {max(slices):5.0f} ms over {len(slices)} moves", flush=True)
                if errors:
                    print("page errors:", *errors, sep="\n  ")
            b.close()
        server.shutdown()
