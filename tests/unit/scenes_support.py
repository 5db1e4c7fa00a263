"""Scenes shared by the scene-schema and lesson tests (issue 20): an Alto line of two moves with
a scripted reply, marks and an arrow, and our own files' scenes as raw JSON objects."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
POS = "ODr,ASr,DOr,ASw/DOw,SAw,ODw,DOr/DOw,ODr,ODr,ODr/sa,ODwr,DOw,DOw w m"
"""White to move: a3b2 flips a3, Red's a2b1 answers, then White's c2d2 moves the stack."""
LINE = {"title": "Two in a row", "caption": "White to move, twice.", "position": POS,
        "ask": [{"moves": ["a3b2"], "wrong": "Try a3.", "result": "Flipped.", "reply": ["a2b1"]},
                {"moves": ["c2d2"], "wrong": "Now c2.", "result": "Done.", "hints": {"b2a2": "Not back."},
                 "expect": {"cell:d2": "ODrr"}}],
        "marks": ["a3", "b2"], "arrows": [["a3", "b2"]], "hide_hints": True}


def ours(game: str) -> list[dict]:
    """The scenes of ``py/altibox/<game>/scenes.json`` as raw JSON objects."""
    return json.loads((ROOT / f"py/altibox/{game}/scenes.json").read_text())["scenes"]
