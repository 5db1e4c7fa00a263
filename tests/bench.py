#!/usr/bin/env python3
"""Altibox benchmarks: print figures, assert nothing (DESIGN.md §4, §5).

    .venv/bin/python tests/bench.py [game ...] [--runs N] [--clicks N] [--frames] [--boot]

Without games, every game with a benchmark. For each game:

- boot: cold-cache time to ``html.ready`` of the app vs the bare PyScript page (same ``core.js``
  and interpreter; its only Python adds class ``ready``), interleaved runs, each in a fresh
  browser context (empty HTTP cache), medians and the ratio (budget <= 1.10);
- boot modes: cold, warm without the snapshot (HTTP cache and service worker, snapshot off in
  ``altibox:settings``) and warm with the snapshot, beside the bare page cold and warm, in
  interleaved runs; medians and the issue's targets (snapshot <= 1.5 s and <= 0.4 x bare warm;
  cold <= 1.10 x bare cold);
- click-to-render: the app pushes ``performance.now()`` deltas from the start of each board
  event handler to the end of its DOM update into ``window.altiboxPerf`` (DESIGN §4), and
  from the same start to the next frame painted (``requestAnimationFrame`` then a task) into
  ``window.altiboxPaint`` (what a player feels: style, layout and paint included); median and p95 over
  at least ``--clicks`` clicks of random games (budget p95 <= 16 ms for Alto; Altiplano: late
  games, from round 9, at 2 and 5 players, target p95 <= 50 ms);
- random playouts per second in CPython, per player count (``tests/bench_playouts.py``);
- the app's own payload (everything but the runtime) in KB (budget <= 300 KB).

``--boot``: only the two boot figures (cold ratio, start modes), for before/after comparisons.

``--frames``: only the boot of the app in an iframe of another site (``localhost`` framing
``127.0.0.1``: third-party storage blocked, as in Playwright's Chromium) and in a sandboxed
iframe (opaque origin), beside the top-level boot, from the host page's navigation start.

Uses the built site (``serve.py --build``) in a temporary directory, served under a sub-path, so
the figures are the deployed site's. Needs Chromium as the e2e tests do (tests/run.sh finds it).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

import serve  # noqa: E402
from tests.browser import launch  # noqa: E402
from altibox import GAMES  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from bench_playouts import report as report_playouts  # noqa: E402

READY_PROBE = """
(() => {
  const mark = () => { const html = document.documentElement;
                       if (html && html.classList.contains('ready') && !window.__readyAt)
                         window.__readyAt = performance.now(); };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true, attributeFilter: ['class']});
})();
"""


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)




def boot_once(browser, url: str) -> float:
    """Milliseconds from navigation start to html.ready in a fresh context (cold HTTP cache)."""
    ctx = browser.new_context()
    ctx.add_init_script(READY_PROBE)
    try:
        return boot_in(ctx, url)
    finally:
        ctx.close()


def bench_boot(browser, site: str, game: str, runs: int) -> None:
    app, bare = [], []
    app_url = f"{site}?game={game}&new=1&seed=1&players=2"
    bare_url = f"{site}static/bench/bare.html"
    boot_once(browser, bare_url)  # warm the OS file cache and the server, not measured
    for i in range(runs):
        order = [(app, app_url), (bare, bare_url)] if i % 2 == 0 else [(bare, bare_url), (app, app_url)]
        for sink, url in order:
            sink.append(boot_once(browser, url))
    ma, mb = statistics.median(app), statistics.median(bare)
    print(f"  boot to html.ready, cold cache, {runs} interleaved runs each:")
    print(f"    app  median {ma:7.0f} ms   runs: {', '.join(f'{x:.0f}' for x in app)}")
    print(f"    bare median {mb:7.0f} ms   runs: {', '.join(f'{x:.0f}' for x in bare)}")
    print(f"    ratio app/bare {ma / mb:.3f}   (budget <= 1.10)")


NO_SNAPSHOT = "localStorage.setItem('altibox:settings', JSON.stringify({snapshot: false}))"


def boot_in(ctx, url: str, marks: dict[str, list[float]] | None = None) -> float:
    """Milliseconds from navigation start to html.ready of one more visit in ``ctx``; with
    ``marks``, the time of each ``altibox:*`` performance mark of the visit (the stages of a
    start that static/boot/runtime.mjs and index.html mark) is appended to ``marks[name]``."""
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("window.__readyAt", timeout=120_000)
    ms = page.evaluate("window.__readyAt")
    if marks is not None:
        for name, at in page.evaluate("performance.getEntriesByType('mark').filter(m => "
                                      "m.name.startsWith('altibox:')).map(m => [m.name, m.startTime])"):
            marks.setdefault(name.removeprefix("altibox:"), []).append(at)
    page.close()
    return ms


def bench_boot_modes(browser, site: str, game: str, runs: int) -> None:
    """Cold, warm without snapshot and warm with snapshot, beside the bare page cold and warm."""
    app_url = f"{site}?game={game}&new=1&seed=1&players=2"
    bare_url = f"{site}static/bench/bare.html"
    fig: dict[str, list[float]] = {k: [] for k in ("bare cold", "bare warm", "app cold", "app warm",
                                                   "app snapshot")}
    stages: dict[str, list[float]] = {}  # the warm start's performance marks

    def bare():
        ctx = browser.new_context()
        ctx.add_init_script(READY_PROBE)
        fig["bare cold"].append(boot_in(ctx, bare_url))
        fig["bare warm"].append(boot_in(ctx, bare_url))
        ctx.close()

    def app(snapshot: bool):
        ctx = browser.new_context()
        ctx.add_init_script(READY_PROBE)
        if not snapshot:
            ctx.add_init_script(NO_SNAPSHOT)
        page = ctx.new_page()
        page.goto(app_url)
        page.wait_for_function("window.__readyAt", timeout=120_000)
        fig["app cold"].append(page.evaluate("window.__readyAt"))
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # offline cache complete
        if snapshot:
            page.wait_for_selector('html[data-snapshot="saved"]', state="attached", timeout=120_000)
        page.close()
        key = "app snapshot" if snapshot else "app warm"
        ms = boot_in(ctx, app_url, stages if snapshot else None)
        fig[key].append(ms)
        ctx.close()

    subjects = [bare, lambda: app(False), lambda: app(True)]
    for i in range(runs):
        for k in range(3):
            subjects[(i + k) % 3]()
    med = {k: statistics.median(v) for k, v in fig.items()}
    print(f"  boot to html.ready by start mode, {runs} interleaved runs each (app cold: {2 * runs} runs):")
    for k, v in fig.items():
        print(f"    {k:<13} median {med[k]:7.0f} ms   runs: {', '.join(f'{x:.0f}' for x in v)}")
    print(f"    snapshot/bare warm {med['app snapshot'] / med['bare warm']:.2f} (target <= 0.4), "
          f"snapshot {med['app snapshot'] / 1000:.2f} s (target <= 1.5 s), "
          f"app warm/bare warm {med['app warm'] / med['bare warm']:.2f}, "
          f"app cold/bare cold {med['app cold'] / med['bare cold']:.2f} (target <= 1.10)")
    order = sorted(stages, key=lambda k: statistics.median(stages[k]))
    print("    where the snapshot start goes (median ms from navigation start of each mark): "
          + ", ".join(f"{k} {statistics.median(stages[k]):.0f}" for k in order))


class FrameHost:
    """Another site (``localhost``) whose pages frame the app (``127.0.0.1``): ``/?src=URL[&sandbox=1]``."""

    def __init__(self):
        import html
        import http.server
        from urllib.parse import parse_qs, urlsplit

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                q = parse_qs(urlsplit(self.path).query)
                sandbox = ' sandbox="allow-scripts"' if q.get("sandbox") else ""
                body = (f'<!doctype html><link rel="icon" href="data:,"><title>host</title><iframe{sandbox} '
                        f'src="{html.escape(q["src"][0])}" width="1000" height="760"></iframe>').encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = serve.Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://localhost:{self.server.server_address[1]}/"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def framed_boot_once(browser, host_url: str) -> tuple[float, str]:
    """Milliseconds from the host page's navigation start to html.ready in its iframe (fresh
    context, cold cache), and the frame's ``data-storage``."""
    ctx = browser.new_context()
    ctx.add_init_script(READY_PROBE)  # runs in every frame
    try:
        page = ctx.new_page()
        page.goto(host_url)
        frame = page.wait_for_selector("iframe").content_frame()
        frame.wait_for_function("window.__readyAt", timeout=120_000)
        ms = frame.evaluate("performance.timeOrigin + window.__readyAt") - page.evaluate("performance.timeOrigin")
        return ms, frame.evaluate("document.documentElement.dataset.storage || 'allowed'")
    finally:
        ctx.close()


def bench_frames(browser, site: str, game: str, runs: int) -> None:
    """Boot at top level vs in a cross-site iframe (third-party storage blocked), and sandboxed."""
    from urllib.parse import quote

    app_url = f"{site}?game={game}&new=1&seed=1&players=2"
    host = FrameHost()
    cases = {"top level": lambda: (boot_once(browser, app_url), "-"),
             "cross-site frame": lambda: framed_boot_once(browser, f"{host.url}?src={quote(app_url)}"),
             "sandboxed frame": lambda: framed_boot_once(browser, f"{host.url}?src={quote(app_url)}&sandbox=1")}
    fig: dict[str, list[float]] = {k: [] for k in cases}
    storage = {}
    try:
        boot_once(browser, app_url)  # warm the OS file cache and the server, not measured
        names = list(cases)
        for i in range(runs):
            for k in range(len(names)):
                name = names[(i + k) % len(names)]
                ms, storage[name] = cases[name]()
                fig[name].append(ms)
    finally:
        host.close()
    top = statistics.median(fig["top level"])
    print(f"  boot to html.ready, cold cache, framed by another site (localhost), {runs} interleaved runs each:")
    for name, v in fig.items():
        med = statistics.median(v)
        print(f"    {name:<17} median {med:7.0f} ms  x{med / top:.2f}  storage: {storage[name]:<7} "
              f"runs: {', '.join(f'{x:.0f}' for x in v)}")


def play_clicks_alto(page, rng: random.Random) -> None:
    """Play one random Alto game by clicks (source, then destination)."""
    from altibox import alto

    state = alto.from_position(page.locator("#board").get_attribute("data-position"))
    ply = int(page.locator("#board").get_attribute("data-ply"))
    while alto.outcome(state) is None:
        move = str(rng.choice(alto.legal_moves(state)))
        if move.startswith("@"):
            page.locator(f'#board [data-move="{move}"]').click()
        else:
            page.locator(f'#board [data-cell="{move[:2]}"]').click()
            page.locator(f'#board [data-move="{move}"]').click()
        ply += 1
        page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")
        state = alto.apply(state, move)


def play_clicks_altitude(page, rng: random.Random) -> None:
    """Play one random 2-player Altitude game by clicks: reveal, card, target, end turn."""
    import json

    from altibox import altitude

    record = json.loads(page.evaluate("localStorage.getItem('altibox:save:altitude')"))
    state = altitude.replay(record)
    ply = len(record["moves"])
    while altitude.outcome(state) is None:
        if page.locator("#privacy").is_visible():
            page.locator('[data-action="reveal"]').click()
        move = str(rng.choice(altitude.legal_moves(state)))
        toks = move.split(" ")
        if toks[0] in ("R", "D", "F2", "H", "V", "S"):
            page.locator(f'#board [data-cell="hand:{toks[1]}"]').click()
        page.locator(f'#board [data-move="{move}"]').first.click()
        ply += 1
        page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")
        state = altitude.apply(state, move)
        if altitude.outcome(state) is None:
            page.locator("#confirm").click()


def late_altiplano_record(seed: int, players: int, round_: int = 9) -> dict:
    """A record of an Altiplano game played with ``altiplano_support.choose`` up to the Actions
    phase of round ``round_`` (late game: full boards, long log)."""
    sys.path.insert(0, str(ROOT / "tests" / "unit"))
    from altiplano_support import choose

    from altibox import altiplano

    state = altiplano.new_game(seed=seed, players=players)
    rng = random.Random(f"bench/{seed}/{players}")
    while not (state.round >= round_ and state.phase == "actions") and not altiplano.is_over(state):
        state = altiplano.apply(state, choose(rng, state, 0.1))
    return altiplano.to_record(state)


def play_clicks_altiplano(page, rng: random.Random, limit: int = 10_000) -> None:
    """Play on the Altiplano game shown by clicks (tests/e2e/driver.py): reveal, End
    turn, then each move's data-cell / data-move, until the game ends or ``limit`` moves."""
    import json

    sys.path.insert(0, str(ROOT / "tests" / "unit"))
    from altiplano_support import choose

    from altibox import altiplano
    from tests.e2e.driver import click_altiplano as click_move

    record = json.loads(page.evaluate("localStorage.getItem('altibox:save:altiplano')"))
    state = altiplano.replay(record)
    ply = len(record["moves"])
    for _ in range(limit):
        if altiplano.is_over(state):
            return
        if page.locator("#confirm").is_visible():
            page.locator("#confirm").click()
            continue
        if page.locator("#privacy").is_visible():
            page.locator('[data-action="reveal"]').click()
        move = str(choose(rng, state, 0.1))
        click_move(page, state, move)
        ply += 1
        page.wait_for_selector(f'#board[data-ply="{ply}"]', state="attached")
        state = altiplano.apply(state, move)


def bench_clicks_altiplano(browser, site: str, clicks: int) -> None:
    """Click-to-render of Altiplano late in the game (from round 9 on) at 2 and 5 players."""
    import json

    for players in (2, 5):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.add_init_script("localStorage.setItem('altibox:settings', "
                            "JSON.stringify({snapshot: false, offline: false}))")
        page = ctx.new_page()
        rng = random.Random(7)
        times: list[float] = []
        paints: list[float] = []
        seed = 1
        while len(times) < clicks:
            record = late_altiplano_record(seed, players)
            page.goto(f"{site}static/manifest.webmanifest")  # our origin, to write the save
            page.evaluate(f"localStorage.setItem('altibox:save:altiplano', {json.dumps(json.dumps(record))})")
            page.goto(f"{site}?game=altiplano")
            page.wait_for_selector("html.ready", state="attached", timeout=120_000)
            play_clicks_altiplano(page, rng, limit=max(10, clicks - len(times)))
            page.wait_for_timeout(200)  # the last click's frame
            times += page.evaluate("Array.from(window.altiboxPerf)")
            paints += page.evaluate("Array.from(window.altiboxPaint || [])")
            page.evaluate("localStorage.clear()")
            seed += 1
        ctx.close()
        print(f"  click-to-render, {players} players, late game (round 9 on), over {len(times)} clicks: "
              f"median {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
              f"max {max(times):.1f} ms   (target p95 <= 50 ms)")
        report_paint(paints)


CLICKERS = {"alto": play_clicks_alto, "altitude": play_clicks_altitude,
            "altiplano": play_clicks_altiplano}


def bench_clicks(browser, site: str, game: str, clicks: int) -> None:
    if game not in CLICKERS:
        print("  click-to-render: no click driver for this game yet")
        return
    if game == "altiplano":
        bench_clicks_altiplano(browser, site, clicks)
        return
    ctx = browser.new_context()
    # no background snapshot worker or service worker install during the clicks
    ctx.add_init_script("localStorage.setItem('altibox:settings', JSON.stringify({snapshot: false, offline: false}))")
    page = ctx.new_page()
    rng = random.Random(7)
    seed = 1
    times: list[float] = []
    paints: list[float] = []
    while len(times) < clicks:
        page.goto(f"{site}?game={game}&new=1&seed={seed}&players=2")
        page.wait_for_selector("html.ready", state="attached", timeout=120_000)
        CLICKERS[game](page, rng)
        page.wait_for_timeout(200)  # the last click's frame
        times += page.evaluate("Array.from(window.altiboxPerf)")
        paints += page.evaluate("Array.from(window.altiboxPaint || [])")
        page.evaluate("localStorage.clear()")
        seed += 1
    ctx.close()
    print(f"  click-to-render over {len(times)} clicks: median {statistics.median(times):.1f} ms, "
          f"p95 {percentile(times, 0.95):.1f} ms, max {max(times):.1f} ms   (budget p95 <= 16 ms)")
    report_paint(paints)


def report_paint(paints: list[float]) -> None:
    """The click to the next frame painted (what a player feels; no budget in DESIGN §5)."""
    if paints:
        print(f"  click to next frame painted over {len(paints)} clicks: median "
              f"{statistics.median(paints):.1f} ms, p95 {percentile(paints, 0.95):.1f} ms, "
              f"max {max(paints):.1f} ms")


def payload_kb(site_dir: Path) -> float:
    total = 0
    for p in site_dir.rglob("*"):
        if p.is_file() and "vendor" not in p.relative_to(site_dir).parts and "bench" not in p.parts:
            total += p.stat().st_size
    return total / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all with a benchmark)")
    ap.add_argument("--runs", type=int, default=5, help="cold boots per page (default 5)")
    ap.add_argument("--clicks", type=int, default=60, help="at least this many clicks (default 60)")
    ap.add_argument("--no-browser", action="store_true", help="CPython figures only")
    ap.add_argument("--no-modes", action="store_true",
                    help="skip the warm / snapshot boot modes (cold boot ratio and clicks only)")
    ap.add_argument("--boot", action="store_true",
                    help="only the boots: cold ratio and start modes (no playouts, no clicks)")
    ap.add_argument("--frames", action="store_true",
                    help="only the boot of the app framed by another site vs top level")
    args = ap.parse_args()
    games = args.games or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    print(f"Altibox benchmarks on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = Path(tmp) / "site"
        serve.build(site_dir)
        print(f"app payload (everything but the runtime): {payload_kb(site_dir):.0f} KB   (budget <= 300 KB)")
        server = serve.make_server("127.0.0.1", 0, site_dir=site_dir, prefix="/altibox/", quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        site = f"http://127.0.0.1:{server.server_address[1]}/altibox/"
        pw_ctx = None
        browser = None
        if not args.no_browser:
            from playwright.sync_api import sync_playwright

            pw_ctx = sync_playwright().start()
            browser = launch(pw_ctx)
        try:
            for game in games if args.frames and browser is not None else ():
                print(f"\n{GAMES[game].NAME}")
                bench_frames(browser, site, game, args.runs)
            for game in games if not args.frames else ():
                print(f"\n{GAMES[game].NAME}")
                if not args.boot:
                    report_playouts(game)
                if browser is not None and game in CLICKERS:
                    bench_boot(browser, site, game, args.runs)
                    if (game == "alto" or args.games) and not args.no_modes:
                        bench_boot_modes(browser, site, game, args.runs)
                    if not args.boot:
                        bench_clicks(browser, site, game, args.clicks)
        finally:
            if browser is not None:
                browser.close()
                pw_ctx.stop()
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
