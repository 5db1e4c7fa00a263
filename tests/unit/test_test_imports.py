"""The test suite's own structure (issue 19): a test module imports no other test module.

Helpers shared by end-to-end tests live once, in ``tests/e2e/driver.py``; fixtures in the
``conftest.py`` files, which pytest loads itself. A test module that imported helpers from
another test module (``from .test_alto import click_move``) would make that module's tests run
twice under another name and tie unrelated files together, so this test reads every test
module's imports, those inside functions too, and fails on one that names a ``test_*`` module
or a ``conftest``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
MODULES = sorted(p for p in TESTS.rglob("test_*.py") if ".venv" not in p.parts)


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """``[(line, dotted module name as written)]`` of every import in ``tree``, relative ones
    with their leading dots, and ``from . import x`` as ``.x``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            if node.module:
                out.append((node.lineno, base))
            else:  # from . import test_alto
                out += [(node.lineno, base + alias.name) for alias in node.names]
    return out


def forbidden(name: str) -> bool:
    """Whether an import of the module ``name`` reaches into a test module or a conftest."""
    last = name.lstrip(".").split(".")[-1]
    return last.startswith("test_") or last == "conftest"


def test_the_check_sees_what_it_must():
    tree = ast.parse("import os\nfrom .test_alto import x\ndef f():\n    from tests.e2e.conftest import G\n"
                     "from . import test_frames\nfrom .driver import wait_ply\n")
    assert sorted(n for _, n in imported_modules(tree) if forbidden(n)) == [
        ".test_alto", ".test_frames", "tests.e2e.conftest"]


def test_there_are_test_modules_to_check():
    names = {p.name for p in MODULES}
    assert {"test_alto.py", "test_frames.py", "test_test_imports.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(TESTS)))
def test_a_test_module_imports_no_other_test_module(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [f"line {line}: {name}" for line, name in imported_modules(tree) if forbidden(name)]
    assert not bad, f"{path.name} imports from a test module (move the helper to tests/e2e/driver.py): {bad}"
