"""Every doctest in ``py/altibox`` and in the pure modules of ``py/web`` (those that import
nothing from the browser) runs with the unit tests (README's test command).

One test per module, so a failure names the module; a final check makes sure the examples did
not silently disappear.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import altibox
import web

# every web module outside the DOM glue, and the DOM helpers that import nothing from the browser
WEB_PURE = sorted(m.name for m in pkgutil.walk_packages(web.__path__, "web.")
                  if not m.name.startswith("web.dom")) + ["web.dom.nodes", "web.dom.patch", "web.dom.scenes"]
MODULES = sorted(m.name for m in pkgutil.walk_packages(altibox.__path__, "altibox.")) + WEB_PURE


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out: list[str] = []
    for test in finder.find(module, name):
        runner.run(test, out=out.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(out)


def test_the_game_packages_have_examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    for game in ("alto", "altitude", "altiplano"):
        module = importlib.import_module(f"altibox.{game}")
        examples = sum(len(t.examples) for t in finder.find(module, module.__name__))
        assert examples >= 2, f"altibox.{game}'s docstring shows the API at work"
