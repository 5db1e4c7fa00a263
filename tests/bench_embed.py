#!/usr/bin/env python3
"""Boards in a host page (``static/embed.js``, issue 21): memory and time to playable, 1 vs 4 boards.

    .venv/bin/python tests/bench_embed.py [--runs N] [--frames]

Prints figures, asserts nothing (DESIGN.md §4, §5: a page with 4 boards <= 1.3 x the memory and
the time to playable of a page with 1 board). The built site (``serve.py --build``) is served at
``127.0.0.1`` under a sub-path; the host pages come from ``localhost`` (another site, third-party
storage blocked as in Playwright's Chromium), with their boards side by side so that all of them
are in the 1280x800 viewport.

- time to playable: from the host page's navigation start to the last board's ``altibox:ready``;
- memory: the proportional set size (PSS, ``/proc/PID/smaps_rollup``) summed over every process
  of a browser launched for that one page (browser, renderers, GPU/utility), read 1.5 s after the
  last board is ready; each page in its own browser, 1 and 4 boards interleaved, ``--runs`` each;
- the returning reader: a persistent profile visits the 4-board page (cold; the memory snapshot
  is then made in the host page's own Cache Storage), the browser is closed, started again on
  the same profile and the page visited again: time to playable and how Python started;
- ``--frames``: the same 1 vs 4 boards as plain ``<iframe>`` embeds (one Python per frame), once.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

import serve  # noqa: E402
from tests.browser import launch, launch_args  # noqa: E402
from tests.e2e.driver import Host  # noqa: E402

BOARDS = ('<altibox-board game="alto" seed="3"></altibox-board>',
          '<altibox-board game="altitude" seed="5" players="2"></altibox-board>',
          '<altibox-board game="altiplano" seed="4" players="2"></altibox-board>',
          '<altibox-board game="alto" scene="move-and-flip"></altibox-board>')
FRAMES = ("game=alto&seed=3", "game=altitude&seed=5&players=2", "game=altiplano&seed=4&players=2",
          "game=alto&scene=move-and-flip")
NO_SNAPSHOT = "try { localStorage.setItem('altibox:settings', JSON.stringify({snapshot: false})); } catch (e) {}"


def host_page(host: Host, site: str, n: int, frames: bool = False) -> str:
    """A lesson page with ``n`` boards in one row (all in the viewport); returns its URL."""
    if frames:
        body = "".join(f'<iframe src="{site}?embed=1&amp;{q.replace("&", "&amp;")}" height="420"></iframe>'
                       for q in FRAMES[:n])
        script = ""
    else:
        body = "".join(BOARDS[:n])
        script = f'<script src="{site}static/embed.js"></script>'
    return host.page(f"lesson-{n}{'-frames' if frames else ''}.html", f"""<!doctype html><html lang="en">
<meta charset="utf-8"><link rel="icon" href="data:,"><title>A lesson</title>
<script>window.readyAt = []; document.addEventListener('altibox:ready', () => readyAt.push(performance.now()));</script>
{script}<style>main {{ display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; }}
iframe {{ width: 100%; border: 0; }}</style><main>{body}</main>""")


def browser_pss_mb(root_pid: int) -> float:
    """PSS in MB summed over the Chromium processes below ``root_pid`` (this Python)."""
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(d.name))
    total, stack = 0, [root_pid]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, []))
        try:
            if "chrom" not in Path(f"/proc/{pid}/comm").read_text():
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def frames_ready_ms(page, n: int) -> float:
    """Milliseconds from the page's start to html.ready in the last of its ``n`` frames."""
    last = 0.0
    for frame in page.frames[1:n + 1]:
        frame.wait_for_selector("html.ready", state="attached", timeout=300_000)
        last = max(last, frame.evaluate("performance.timeOrigin + performance.now()"))
    return last - page.evaluate("performance.timeOrigin")


def visit(pw, url: str, n: int, frames: bool = False, profile: str | None = None,
          snapshot: bool = False) -> tuple[float, float, str]:
    """One page in its own browser: ``(ms to playable, PSS MB, how Python started)``."""
    viewport = {"width": 1280, "height": 800}
    if profile:
        ctx = pw.chromium.launch_persistent_context(profile, viewport=viewport, **launch_args())
        browser = None
    else:
        browser = launch(pw)
        ctx = browser.new_context(viewport=viewport)
    try:
        if not snapshot:
            ctx.add_init_script(NO_SNAPSHOT)
        page = ctx.new_page()
        page.goto(url)
        if frames:
            ms = frames_ready_ms(page, n)
            how = "frames"
        else:
            page.wait_for_function("n => readyAt.length >= n", arg=n, timeout=300_000)
            ms = page.evaluate("Math.max(...readyAt)")
            how = page.evaluate("AltiboxEmbed.status()[0].boot")
        time.sleep(1.5)
        mb = browser_pss_mb(os.getpid())
        if snapshot and how == "cold":  # a first visit: wait until the snapshot is kept
            page.wait_for_function("AltiboxEmbed.status()[0].snapshot", timeout=300_000)
            how += f", snapshot {page.evaluate('AltiboxEmbed.status()[0].snapshot')}"
        return ms, mb, how
    finally:
        ctx.close()
        if browser is not None:
            browser.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="visits of each page (default 3)")
    ap.add_argument("--frames", action="store_true", help="also 1 vs 4 plain iframe embeds, once")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"Boards in a host page (embed.js) on {os.cpu_count()} cores")
    host = Host()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        site_dir = Path(tmp) / "site"
        serve.build(site_dir)
        server = serve.make_server("127.0.0.1", 0, site_dir=site_dir, prefix="/altibox/", quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        site = f"http://127.0.0.1:{server.server_address[1]}/altibox/"
        try:
            urls = {n: host_page(host, site, n) for n in (1, 4)}
            visit(pw, urls[1], 1)  # warm the OS file cache and the server, not measured
            fig: dict[int, list[tuple[float, float]]] = {1: [], 4: []}
            for i in range(args.runs):
                for n in ((1, 4) if i % 2 == 0 else (4, 1)):
                    ms, mb, _ = visit(pw, urls[n], n)
                    fig[n].append((ms, mb))
            med = {n: (statistics.median(v[0] for v in fig[n]), statistics.median(v[1] for v in fig[n]))
                   for n in fig}
            print(f"  cold visits, each page in its own browser, {args.runs} interleaved runs each:")
            for n in (1, 4):
                runs = ", ".join(f"{ms:.0f} ms/{mb:.0f} MB" for ms, mb in fig[n])
                print(f"    {n} board{'s' if n > 1 else ' '}: playable after {med[n][0]:6.0f} ms, memory "
                      f"{med[n][1]:5.0f} MB (medians; runs: {runs})")
            print(f"    4 vs 1: time x{med[4][0] / med[1][0]:.2f}, memory x{med[4][1] / med[1][1]:.2f}"
                  f"   (targets <= 1.3 each)")
            with tempfile.TemporaryDirectory() as profile:
                first = visit(pw, urls[4], 4, profile=profile, snapshot=True)
                again = visit(pw, urls[4], 4, profile=profile, snapshot=True)
            print(f"  returning reader (4 boards, one profile, browser restarted between visits):")
            print(f"    first visit  {first[0]:6.0f} ms, {first[1]:5.0f} MB  ({first[2]})")
            print(f"    second visit {again[0]:6.0f} ms, {again[1]:5.0f} MB  ({again[2]})  "
                  f"x{again[0] / first[0]:.2f} of the first")
            if args.frames:
                furls = {n: host_page(host, site, n, frames=True) for n in (1, 4)}
                f1, f4 = visit(pw, furls[1], 1, frames=True), visit(pw, furls[4], 4, frames=True)
                print("  plain <iframe> embeds (one Python per frame), once each:")
                print(f"    1 frame : {f1[0]:6.0f} ms, {f1[1]:5.0f} MB;  4 frames: {f4[0]:6.0f} ms, {f4[1]:5.0f} MB"
                      f"  (x{f4[0] / f1[0]:.2f} time, x{f4[1] / f1[1]:.2f} memory)")
        finally:
            server.shutdown()
            server.server_close()
            host.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
