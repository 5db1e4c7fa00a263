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
