"""The Python the browser gets (serve.shipped_source: docstrings and comments left out) behaves
exactly like the sources: the same positions, move words, boards and bot moves along seeded
games of every game, and every module imports (serve.py)."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

import serve

ROOT = Path(__file__).resolve().parents[2]

# Runs in a fresh interpreter with one code tree first on sys.path; prints one JSON line.
PROBE = r'''
import hashlib, importlib, json, pkgutil, random, sys
sys.path.insert(0, sys.argv[1])
import altibox
from altibox import GAMES, bots
imported = []
for pkg in ("altibox", "web"):
    for info in pkgutil.walk_packages(importlib.import_module(pkg).__path__, pkg + "."):
        try:
            importlib.import_module(info.name)
            imported.append(info.name)
        except ModuleNotFoundError as exc:   # DOM glue needs PyScript in both trees
            imported.append(f"{info.name}: no {exc.name}")
out = {"modules": imported}
for gid, mod in GAMES.items():
    players = mod.INFO.default_players
    state = mod.new_game(players=players, seed=5)
    rng = random.Random(gid)
    digest = hashlib.sha256()
    for ply in range(60):
        if mod.is_over(state):
            break
        seat = mod.current_player(state)
        digest.update(mod.to_position(state).encode())
        digest.update(mod.render_svg(mod.view(state, seat), {}).encode())
        move = rng.choice(mod.legal_moves(state))
        if ply % 20 == 7:
            digest.update(str(bots.choose_move(gid, state, "easy", seed=ply)).encode())
        digest.update(str(mod.describe(state, move)).encode())
        state = mod.apply(state, move)
    out[gid] = digest.hexdigest()
print(json.dumps(out))
'''


def run_probe(tree: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, str(tree)], capture_output=True, text=True,
                          cwd=tree, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_shipped_code_plays_exactly_like_the_sources(tmp_path):
    with tarfile.open(fileobj=io.BytesIO(serve.py_archive_bytes()), mode="r:gz") as tf:
        tf.extractall(tmp_path, filter="data")
    shipped, source = run_probe(tmp_path), run_probe(ROOT / "py")
    assert shipped == source
    assert set(source) == {"modules", "alto", "altitude", "altiplano"}
    assert "altibox.bots.altiplano" in source["modules"]


def test_shipped_source_drops_docstrings_and_comments_only():
    src = '"""Module."""\nimport os  # why\n\n\ndef f(x):\n    """Doc."""\n    return x + 1\n\n\nclass C:\n    """Only a docstring."""\n'
    out = serve.shipped_source(src)
    # one space per indentation level
    assert out == "import os\n\ndef f(x):\n return x + 1\n\nclass C:\n pass\n"
    scope: dict = {}
    exec(out, scope)
    assert scope["f"](2) == 3
    # a string over several lines keeps its indented lines (the same tree)
    tricky = 'def g():\n    return """a\n        b"""\n'
    assert ast.dump(ast.parse(serve.shipped_source(tricky))) == ast.dump(ast.parse(tricky))
