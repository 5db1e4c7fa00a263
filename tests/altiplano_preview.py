#!/usr/bin/env python3
"""Render Altiplano positions to HTML pages and screenshot them (a look, not a test).

    .venv/bin/python tests/altiplano_preview.py [--out DIR] [--only NAME ...] [--no-shots]
    .venv/bin/python tests/altiplano_preview.py --bench     # render timings, no pages

Each scene is written as ``DIR/NAME.html`` (the board column beside a side panel with the round
banner, the prompt and the score pad, styled by ``static/css/altibox.css`` and
``static/css/altiplano.css``) and screenshotted with Playwright + Chromium at 1280x800
(``NAME-desktop.png``, the whole page) and 390x844 (``NAME-phone.png``, the narrow layout).
It also prints the smallest text size found on each page in CSS px. Chromium comes from
``ALTIBOX_CHROMIUM`` or ``/usr/bin/chromium``.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "unit"))

from altibox import altiplano as A  # noqa: E402
from altibox.altiplano import words as W  # noqa: E402

from altiplano_support import choose, give, load, pos, scene  # noqa: E402

NAMES = ["Anna", "Tim", "Bo", "Chiara", "Kofi"]


def _play_until(state, rng, stop, limit=20000):
    for _ in range(limit):
        if stop(state) or A.is_over(state):
            return state
        state = A.apply(state, choose(rng, state, 0.1))
    return state


def scenes() -> dict:
    """name -> (state, seat or None, ui dict)."""
    out = {}
    s = A.new_game(seed=7, players=2)
    out["draw"] = (s, 0, {})
    dr = A.new_game(seed=4, players=3, role_selection="draft")
    out["draft"] = (dr, dr.current, {})
    s2 = A.apply(A.apply(s, "draw"), "draw")
    plan = [m.text for m in A.legal_moves(s2) if ">" in m.text]
    s3 = A.apply(s2, plan[0]) if plan else s2
    out["planning"] = (s3, s3.current, {"selected": "plan:1"})
    out["planning-public"] = (s3, None, {})
    rng = random.Random(5)
    g = A.new_game(seed=21, players=5)
    g = _play_until(g, rng, lambda st: st.round >= 6 and st.phase == "actions")
    out["actions-5p"] = (g, g.current, {})
    # a seat at the Village with a choice of houses and of storage rows
    d = scene(4, seed=3, pawn="village", coins=5)
    give(d, 0, "village", "stone", "stone")
    give(d, 0, "market", "silver")
    give(d, 0, "farm", "alpaca", "food")
    give(d, 0, "bag", "wood", "wood", "food", "fish", "cacao")
    give(d, 0, "crate", "glass", "ore")
    v = load(d)
    out["choice"] = (v, 0, {"selected": "src:village"})
    rng = random.Random(9)
    late = A.new_game(seed=33, players=5)
    late = _play_until(late, rng, lambda st: st.final_round is not None and st.round == st.final_round
                       and st.phase == "actions")
    out["final-round"] = (late, late.current, {})
    over = _play_until(late, rng, lambda st: False)
    out["over"] = (over, 0, {})
    return out


PAGE = """<!doctype html><html lang="en" data-game="altiplano" data-screen="play"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Altiplano preview: {name}</title>
<link rel="stylesheet" href="{css}/altibox.css"><link rel="stylesheet" href="{css}/altiplano.css">
</head><body><header class="topbar"><a class="brand" href="#">Altibox</a>
<span class="game-title">Altiplano</span></header><main><section class="screen-play">
<div class="board-wrap"><div id="board" class="board" data-game="altiplano">{svg}</div></div>
<aside class="side"><div class="banner{final}">{banner}</div>
<p id="status" class="status">{status}</p>{result}
<table class="scoreboard"><caption>Score pad</caption><thead><tr><th></th>{heads}</tr></thead>
<tbody>{rows}</tbody><tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot></table>
</aside></section></main></body></html>"""


def page(name, state, seat, ui, narrow) -> str:
    n = state.players
    names = NAMES[:n]
    view = A.view(state, seat)
    svg = A.render_svg(view, dict(ui, names=names, narrow=narrow))
    b = W.round_banner(view, names)
    pad = W.scoreboard(state)
    heads = "".join(f"<th>{html.escape(x)}</th>" for x in names)
    rows = ""
    for k, part in enumerate(pad[0]["parts"]):
        cells = "".join(f"<td>{p['parts'][k]['points']}</td>" for p in pad)
        rows += f'<tr><th scope="row">{html.escape(part["label"])}</th>{cells}</tr>'
    totals = "".join(f"<td>{p['total']}</td>" for p in pad)
    result = ""
    if A.is_over(state):
        result = f'<div class="result"><h2>{html.escape(W.explain(state, names=names))}</h2></div>'
    return PAGE.format(name=name, css=os.path.relpath(ROOT / "static" / "css", OUT), svg=svg,
                       banner=html.escape(b["text"]), final=" final" if b["final"] else "",
                       status=html.escape(W.prompt(state, names) or "Game over"),
                       result=result, heads=heads, rows=rows, totals=totals)


SMALLEST = """() => {
  let min = 1e9, where = '';
  for (const t of document.querySelectorAll('svg text')) {
    const r = t.getBoundingClientRect();
    if (!r.height || !t.textContent.trim()) continue;
    const fs = parseFloat(getComputedStyle(t).fontSize);
    const m = t.getScreenCTM();
    const px = fs * (m ? Math.hypot(m.a, m.b) : 1);
    if (px < min) { min = px; where = t.textContent; }
  }
  return [min, where, document.documentElement.scrollWidth, window.innerWidth];
}"""


def shots(names: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    exe = os.environ.get("ALTIBOX_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=[
            "--no-sandbox", "--disable-background-networking", "--disable-gpu"])
        for name in names:
            for kind, size in (("desktop", (1280, 800)), ("phone", (390, 844))):
                pg = browser.new_page(viewport={"width": size[0], "height": size[1]})
                pg.goto((OUT / f"{name}-{kind}.html").as_uri())
                small, where, sw, iw = pg.evaluate(SMALLEST)
                pg.screenshot(path=str(OUT / f"{name}-{kind}.png"), full_page=True)
                # parts readable at full size: phone screens, and the board column on desktop
                total = pg.evaluate("document.documentElement.scrollHeight")
                cw, ch = (size[0], size[1]) if kind == "phone" else (880, 600)
                for k in range(0, min(total, 6 * ch), ch):
                    pg.screenshot(path=str(OUT / f"{name}-{kind}-{k // ch + 1}.png"),
                                  full_page=True, clip={"x": 0, "y": k, "width": cw,
                                                        "height": min(ch, total - k)})
                print(f"{name:16} {kind:7} smallest text {small:5.2f}px ({where[:30]!r}); "
                      f"page width {sw} / viewport {iw}")
                pg.close()
        browser.close()


def bench(runs: int = 50) -> None:
    """Print the time of ``render_svg(view(state, seat))`` in this CPython for late-game
    positions (2 and 5 players, the final round's Actions): median and p95 of wall-clock time,
    and the median of process CPU time (steadier on a busy machine)."""
    import statistics
    import time
    for players, seed in ((2, 31), (5, 33)):
        rng = random.Random(seed)
        s = _play_until(A.new_game(seed=seed, players=players), rng,
                        lambda st: st.final_round is not None and st.round == st.final_round
                        and st.phase == "actions")
        for narrow in (False, True):
            wall, cpu = [], []
            for _ in range(runs):
                t0, c0 = time.perf_counter(), time.process_time()
                svg = A.render_svg(A.view(s, s.current), {"names": NAMES, "narrow": narrow})
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
            wall.sort()
            print(f"{players} players, round {s.round}, {'narrow' if narrow else 'wide  '}: "
                  f"median {statistics.median(wall):.1f} ms, p95 {wall[int(.95 * runs) - 1]:.1f} ms "
                  f"(CPU median {statistics.median(cpu):.1f} ms), {len(svg) // 1024} KB of SVG")


def main() -> None:
    global OUT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/altiplano_preview")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--no-shots", action="store_true")
    ap.add_argument("--bench", action="store_true")
    args = ap.parse_args()
    if args.bench:
        bench()
        return
    OUT = Path(args.out)
    OUT.mkdir(parents=True, exist_ok=True)
    sc = scenes()
    names = [k for k in sc if not args.only or k in args.only]
    for name in names:
        state, seat, ui = sc[name]
        for kind, narrow in (("desktop", False), ("phone", True)):
            (OUT / f"{name}-{kind}.html").write_text(page(name, state, seat, ui, narrow),
                                                     encoding="utf-8")
    if not args.no_shots:
        shots(names)
    print(f"pages and screenshots in {OUT}")


OUT = Path("/tmp/altiplano_preview")

if __name__ == "__main__":
    main()
