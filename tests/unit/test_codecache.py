"""web.dom.codecache: PyScript's package compiled once, in the memory snapshot, and imported from
there on a warm start only while its files hold the very bytes it was compiled from."""

from __future__ import annotations

import sys

import pytest

from web.dom import codecache


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package ``ccpkg`` (``__init__`` and ``sub``) on sys.path; the finder and the cache are
    removed afterwards."""
    pkg = tmp_path / "ccpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from ccpkg import sub\nWHO = 'file'\n")
    (pkg / "sub.py").write_text("WHO = 'file'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield pkg
    for name in ("ccpkg", "ccpkg.sub"):
        sys.modules.pop(name, None)
    if codecache.CachedCodeFinder in sys.meta_path:
        sys.meta_path.remove(codecache.CachedCodeFinder)
    codecache.CODE.clear()


def mark_cached(path, who: str) -> None:
    """Replace the cached code of ``path`` by code that says ``who`` ran (same file bytes)."""
    data, _ = codecache.CODE[str(path)]
    source = data.decode().replace("'file'", repr(who))
    codecache.CODE[str(path)] = (data, compile(source, str(path), "exec", dont_inherit=True))


def test_install_compiles_the_files_and_puts_the_finder_first(package):
    count = codecache.install([str(package / "__init__.py"), str(package / "sub.py"), str(package / "none.py")])
    assert count == 2  # the missing file is left out
    assert sys.meta_path[0] is codecache.CachedCodeFinder
    codecache.install([])
    assert sys.meta_path.count(codecache.CachedCodeFinder) == 1


def test_an_import_uses_the_cached_code_of_an_unchanged_file(package):
    codecache.install([str(package / "__init__.py"), str(package / "sub.py")])
    mark_cached(package / "__init__.py", "cache")
    mark_cached(package / "sub.py", "cache")
    import ccpkg

    assert (ccpkg.WHO, ccpkg.sub.WHO) == ("cache", "cache")
    assert isinstance(ccpkg.__spec__.loader, codecache.CachedSourceLoader)
    assert ccpkg.__path__ == [str(package)]  # still a package, found where the file is


def test_a_changed_file_is_compiled_as_always(package):
    codecache.install([str(package / "__init__.py"), str(package / "sub.py")])
    mark_cached(package / "__init__.py", "cache")
    mark_cached(package / "sub.py", "cache")
    (package / "sub.py").write_text("WHO = 'new file'\n")
    import ccpkg

    assert (ccpkg.WHO, ccpkg.sub.WHO) == ("cache", "new file")


def test_modules_without_cached_code_are_not_the_finders(package):
    codecache.install([str(package / "sub.py")])
    assert codecache.CachedCodeFinder.find_spec("ccpkg") is None  # its __init__ is not cached
    assert codecache.CachedCodeFinder.find_spec("json") is None
    import ccpkg

    assert ccpkg.WHO == "file" and not isinstance(ccpkg.__spec__.loader, codecache.CachedSourceLoader)
