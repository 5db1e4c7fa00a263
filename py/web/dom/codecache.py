"""Compiled code of PyScript's own Python package, kept in the memory snapshot.

On every page start PyScript writes its package (``pyscript/*.py``, ~30 KB) into Python's
working directory and imports it. After a warm start from the memory snapshot that import was
the largest piece of Python work left: compiling those files took 70–240 ms (a third of the
Python time of a warm start, measured in Chromium on this 2-core machine, load 2–9). The
worker that makes the snapshot (``static/boot/snapshot-worker.mjs``) gets the text of those files
from the page that asks for it, writes them at the same paths and calls :func:`install`: their
code objects live in the snapshot, and an import of one of those files on a warm start finds its
code here instead of compiling it, when the file holds exactly the bytes the code was compiled
from. Any other file, or a file that changed (another PyScript), is compiled as Python always
does. Nothing here imports the browser: CPython tests use it as the page does.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import PathFinder, SourceFileLoader

#: absolute path -> (the file's bytes, its code object compiled from them)
CODE: dict[str, tuple[bytes, object]] = {}


class CachedSourceLoader(SourceFileLoader):
    """A source file loader that returns the code compiled in advance for its file when the
    file still holds the same bytes (else it compiles, as :class:`SourceFileLoader` does)."""

    def get_code(self, fullname: str):
        entry = CODE.get(os.path.abspath(self.path))
        if entry is not None:
            try:
                if self.get_data(self.path) == entry[0]:
                    return entry[1]
            except OSError:
                pass
        return super().get_code(fullname)


class CachedCodeFinder:
    """A meta path finder (first on ``sys.meta_path``) for the files of :data:`CODE` only: it
    finds modules as the path finder does and gives the ones it has code for a
    :class:`CachedSourceLoader`; for every other module it answers ``None`` (not mine)."""

    @classmethod
    def find_spec(cls, fullname: str, path=None, target=None):
        if not CODE:
            return None
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is None or not spec.origin or os.path.abspath(spec.origin) not in CODE \
                or not isinstance(spec.loader, SourceFileLoader):
            return None
        spec.loader = CachedSourceLoader(fullname, spec.origin)
        return spec

    @classmethod
    def invalidate_caches(cls) -> None:
        """Nothing to forget (``importlib.invalidate_caches`` calls this on every finder)."""


def install(paths: list[str]) -> int:
    """Compile the Python files ``paths`` (their current bytes; absolute or relative to the
    working directory) and put :class:`CachedCodeFinder` first on ``sys.meta_path`` (once).

    Returns how many files were compiled. A file that cannot be read or does not compile is left
    out (its import will say why, as it would have). Compiled as ``SourceFileLoader`` compiles
    (``dont_inherit``, the interpreter's optimisation level), so a cached module behaves the same.
    """
    count = 0
    for name in paths:
        path = os.path.abspath(name)
        try:
            with open(path, "rb") as f:
                data = f.read()
            CODE[path] = (data, compile(data, path, "exec", dont_inherit=True))
            count += 1
        except (OSError, SyntaxError, ValueError):
            continue
    if CachedCodeFinder not in sys.meta_path:
        sys.meta_path.insert(0, CachedCodeFinder)
    return count
