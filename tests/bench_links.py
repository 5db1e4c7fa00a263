#!/usr/bin/env python3
"""Link lengths of scenes and lessons carried in links (issue 20): prints figures, asserts nothing.

    .venv/bin/python tests/bench_links.py [--base URL]

For each game: the embed link of each scene of our scene file (``?game=G&embed=1&scene=z:…``,
the scene itself in the link, not its id: what a teacher's own scene costs), their median and
longest; and a 5-scene lesson (the game's first five scenes) as ``&page=lesson&lesson=z:…``,
with where it goes (query, or the fragment past 8,000 characters).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from altibox import GAMES  # noqa: E402
from web.links.lessons import MAX_QUERY_LINK, lesson_url  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="https://you.github.io/altibox/")
    args = ap.parse_args()
    print(f"base {args.base!r} ({len(args.base)} characters); a link over {MAX_QUERY_LINK:,} uses the fragment")
    print(f"{'game':<10} {'scenes':>6} {'scene JSON':>10} {'scene link median':>17} {'longest':>8} "
          f"{'5-scene lesson':>14}  where")
    for game in GAMES:
        raw = json.loads((ROOT / f"py/altibox/{game}/scenes.json").read_text())["scenes"]
        if not raw:
            continue
        links = [lesson_url(args.base, game, scene=sc, embed=True) for sc in raw]
        sizes = [len(u) for u in links]
        five = (raw * 5)[:5]
        url = lesson_url(args.base, game, lesson={"schema": 1, "game": game, "title": "Five examples",
                                                  "scenes": five})
        where = "fragment" if "#lesson=" in url else "query"
        plain = statistics.median(len(json.dumps(sc, separators=(",", ":"))) for sc in raw)
        print(f"{game:<10} {len(raw):>6} {plain:>10.0f} {statistics.median(sizes):>17.0f} {max(sizes):>8} "
              f"{len(url):>14}  {where}")


if __name__ == "__main__":
    main()
