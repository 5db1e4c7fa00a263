"""Golden hashes of every game's ``render_svg``: the renderers draw exactly what they drew.

Seeded random games are played through the public API (``new_game``, ``legal_moves``, ``apply``,
``view``); at a few hundred positions per game, every seat's view and the public view are drawn
with a few UI selections (none; a selected and a focused hook taken from the drawing itself, the
last move, seat names; the narrow layout; game-specific switches such as Altitude's hidden hand or
Altiplano's board of another seat). The sha256 of all drawings of one position is compared with
``data/render_golden.json``. Altiplano's house set is pinned (``house_set="house_set"``, v1), so
a new default component version does not change the figures.

A refactor of a renderer keeps these hashes equal. An intended change of the drawing (a palette,
an escaper, a style) regenerates them, in its own commit, with::

    .venv/bin/python tests/unit/test_render_golden.py --update
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: find py/ and this folder's helpers
    sys.path[:0] = [str(Path(__file__).resolve().parents[2] / "py"), str(Path(__file__).parent)]

import pytest

from altibox import GAMES

DATA = Path(__file__).parent / "data" / "render_golden.json"

#: game id -> (seeds and player counts of the games played, options, every k-th position drawn)
PLAN = {
    "alto": ([(seed, 2) for seed in range(1, 9)], {}, 1),
    "altitude": ([(1, 1), (2, 2), (3, 3), (4, 4), (5, 2), (6, 3)], {}, 3),
    "altiplano": ([(1, 2), (2, 3), (3, 4), (4, 5), (5, 2)], {"house_set": "house_set"}, 8),
}
NAMES = ["Anna", "Tim", "Bo", "Chiara", "Kofi"]
_CELL = re.compile(r'data-cell="([^"]*)"')


def _unescape(text: str) -> str:
    return (text.replace("&quot;", '"').replace("&#x27;", "'").replace("&#39;", "'")
            .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))


def _uis(game_id: str, module, view: dict, bare: str, rng: random.Random,
         last: str | None, last_player: int | None) -> list[dict]:
    """The UI selections drawn for one view, beyond ``{}`` (already drawn as ``bare``)."""
    n = int(view["players"])
    cells = sorted({_unescape(c) for c in _CELL.findall(bare)})
    chooser = getattr(module.render, "choice_cells", None)
    choices = sorted(chooser(view)) if chooser else []
    if game_id == "alto" and view.get("phase") == "movement":
        choices = sorted({m[:2] for m in view.get("legal_moves") or []})
    pick = choices or cells
    base = {"names": NAMES[:n]}
    if last is not None:
        base["last"] = last
        base["last_player"] = last_player
    out = [base]
    if pick:
        sel = {**base, "selected": rng.choice(pick), "focus": rng.choice(cells or pick)}
        out.append(sel)
        out.append({**sel, "narrow": True})
    else:
        out.append({**base, "narrow": True})
    if game_id == "altitude":
        out.append({**base, "hide_hand": True})
        out.append({**base, "withhold": True, "selected": pick[0] if pick else None})
    if game_id == "altiplano" and n > 1:
        out.append({**base, "board": rng.randrange(n)})
    return out


def _position_digest(game_id: str, module, state, rng: random.Random, last: str | None,
                     last_player: int | None) -> str:
    h = hashlib.sha256()
    seats = list(range(module.num_players(state)))
    for seat in [None, *seats]:
        view = module.view(state, seat)
        bare = module.render.render_svg(view, {})
        h.update(bare.encode())
        for ui in _uis(game_id, module, view, bare, rng, last, last_player):
            h.update(b"\0" + module.render.render_svg(view, ui).encode())
    return h.hexdigest()


def compute(game_id: str) -> dict[str, str]:
    """``{"seed/players/ply": sha256 of every drawing at that position}`` for one game."""
    module = GAMES[game_id]
    games, options, every = PLAN[game_id]
    out: dict[str, str] = {}
    for seed, players in games:
        rng = random.Random(f"golden/{game_id}/{seed}/{players}")
        state = module.new_game(seed=seed, players=players, **options)
        ply, last, last_player = 0, None, None
        while True:
            if ply % every == 0 or module.is_over(state):
                out[f"{seed}/{players}/{ply}"] = _position_digest(
                    game_id, module, state, rng, last, last_player)
            if module.is_over(state):
                break
            last_player = module.current_player(state)
            move = rng.choice(module.legal_moves(state))
            last = str(move)
            state = module.apply(state, move)
            ply += 1
    return out


def _stored() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", list(PLAN))
def test_render_hashes_unchanged(game_id):
    stored = _stored()[game_id]
    now = compute(game_id)
    assert len(now) >= 200, f"{game_id}: only {len(now)} positions drawn"
    assert set(now) == set(stored), f"{game_id}: the positions drawn changed (seeds, rules?)"
    changed = [k for k in stored if now[k] != stored[k]]
    assert not changed, (f"{game_id}: render_svg changed at {len(changed)} of {len(now)} "
                         f"positions, first {changed[:5]}; if intended, run "
                         f"'python tests/unit/test_render_golden.py --update' in its own commit")


def test_every_game_is_pinned():
    assert set(PLAN) == set(GAMES) == set(_stored())


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/unit/test_render_golden.py --update")
    table = {game_id: compute(game_id) for game_id in PLAN}
    DATA.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(", ".join(f"{g}: {len(t)} positions" for g, t in table.items()), "->", DATA)
