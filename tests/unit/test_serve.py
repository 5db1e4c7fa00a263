"""serve.py: the built site is self-contained, relative and served with the right types."""

import io
import os
import threading
import tarfile
import urllib.request
import zipfile

import pytest

import serve


def members(archive: bytes) -> dict[str, bytes]:
    """The files of a py.tar.gz, by path."""
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tf:
        return {m.name: tf.extractfile(m).read() for m in tf.getmembers()}


def test_py_archive_is_deterministic_and_holds_the_packages():
    a, b = serve.py_archive_bytes(), serve.py_archive_bytes()
    assert a == b
    assert a[:2] == b"\x1f\x8b"  # gzip
    with tarfile.open(fileobj=io.BytesIO(a), mode="r:gz") as tf:
        infos = tf.getmembers()
    names = [m.name for m in infos]
    assert "altibox/__init__.py" in names and "web/dom/app.py" in names and "altibox/alto/scenes.json" in names
    # the data first, then the code, each by path: like files share deflate's window
    assert names == sorted(names, key=lambda n: (n.rsplit(".", 1)[1], n))
    assert names.index("altibox/altiplano/house_set_13.json") < names.index("altibox/__init__.py")
    assert not any("__pycache__" in n for n in names)
    # what static/boot/runtime.mjs reads: regular files in ustar headers, no owner, no time
    assert all(m.isreg() and m.mtime == 0 and m.uid == 0 and m.uname == "" and m.mode == 0o644 for m in infos)
    # one deflate stream over all files: smaller than a zip of the same files (each deflated alone)
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in members(a).items():
            zf.writestr(name, data)
    assert len(a) < 0.9 * len(zipped.getvalue())


def test_py_archive_is_made_again_only_when_py_changes(tmp_path, monkeypatch):
    pkg = tmp_path / "py" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text('"""doc"""\nX = 1\n')
    monkeypatch.setattr(serve, "PY_DIR", tmp_path / "py")
    monkeypatch.setattr(serve, "_PY_ARCHIVE_MEMO", None)
    first = serve.py_archive_bytes()
    assert serve.py_archive_bytes() is first  # the same bytes object: not made again
    assert members(first) == {"pkg/__init__.py": b"X = 1\n"}
    (pkg / "__init__.py").write_text('"""doc"""\nX = 22\n')  # another size
    assert members(serve.py_archive_bytes()) == {"pkg/__init__.py": b"X = 22\n"}
    (pkg / "data.json").write_text("{}")  # a new file
    assert list(members(serve.py_archive_bytes())) == ["pkg/data.json", "pkg/__init__.py"]
    (pkg / "data.json").unlink()  # a file removed
    assert list(members(serve.py_archive_bytes())) == ["pkg/__init__.py"]


def test_build_writes_a_relative_self_contained_site(tmp_path):
    out = tmp_path / "site"
    serve.build(out)
    for rel in ("index.html", "pyscript.toml", "py.tar.gz", ".nojekyll", "static/vendor/pyodide/pyodide.asm.wasm",
                "static/vendor/pyscript/core.js", "static/css/altibox.css"):
        assert (out / rel).is_file(), rel
    html = (out / "index.html").read_text()
    assert 'src="/' not in html and 'href="/' not in html  # relative URLs only
    assert not (out / "node_modules").exists() and not (out / "py").exists()


def test_build_refuses_the_source_tree_and_unwritable_dirs(tmp_path):
    with pytest.raises(serve.SetupError, match="source tree"):
        serve.build(serve.ROOT)
    if os.geteuid() != 0:  # root can write anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        with pytest.raises(serve.SetupError, match="cannot write"):
            serve.build(ro / "site")
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(serve.SetupError, match="not a directory"):
        serve.build(f)


def test_cli_prints_a_clear_error_not_a_traceback_when_the_port_is_taken(capsys):
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    try:
        port = server.server_address[1]
        assert serve.main(["--port", str(port)]) == 2
        err = capsys.readouterr().err
        assert f"port {port} is already in use" in err and "Traceback" not in err
    finally:
        server.server_close()


def test_missing_npm_is_explained(monkeypatch, tmp_path):
    monkeypatch.setattr(serve, "runtime_ok", lambda: False)
    monkeypatch.setattr(serve, "ROOT", tmp_path)  # no node_modules here
    monkeypatch.setattr(serve.shutil, "which", lambda name: None)
    with pytest.raises(serve.SetupError, match="npm is needed"):
        serve.install_runtime(quiet=True)


@pytest.fixture
def dev_server():
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def head(url):
    try:
        with urllib.request.urlopen(url) as r:
            r.read()
            return r.status, r.headers.get("Content-Type")
    except urllib.error.HTTPError as e:
        return e.code, None


def test_dev_server_mime_types_and_no_source_leaks(dev_server):
    serve.install_runtime(quiet=True)
    assert head(dev_server + "/static/vendor/pyodide/pyodide.asm.wasm") == (200, "application/wasm")
    assert head(dev_server + "/static/vendor/pyodide/pyodide.mjs") == (200, "text/javascript")
    assert head(dev_server + "/py.tar.gz") == (200, "application/gzip")
    assert head(dev_server + "/")[0] == 200
    for hidden in ("/serve.py", "/.git/config", "/node_modules/pyodide/package.json", "/tests/run.sh",
                   "/static/", "/py/altibox/__init__.py"):
        assert head(dev_server + hidden)[0] == 404, hidden


def test_build_never_empties_a_folder_it_did_not_write(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "thesis.txt").write_text("years of work")
    with pytest.raises(serve.SetupError, match="not empty"):
        serve.build(victim)
    assert (victim / "thesis.txt").read_text() == "years of work"
    for inside in ("py", "static", ".git", "static/sub", "tests"):
        with pytest.raises(serve.SetupError, match="inside the source tree|contains the source"):
            serve.check_build_dir(serve.ROOT / inside)


def test_rebuilding_an_earlier_build_is_allowed(tmp_path):
    out = tmp_path / "site"
    serve.build(out)
    (out / "stale.txt").write_text("left over")
    serve.build(out)
    assert (out / serve.BUILD_MARKER).is_file() and not (out / "stale.txt").exists()


def test_bad_port_is_a_message_not_a_traceback(capsys):
    with pytest.raises(SystemExit) as exc:
        serve.main(["--port", "99999"])
    assert exc.value.code == 2
    assert "not a port number" in capsys.readouterr().err


def test_build_writes_the_build_id_into_the_page_and_the_service_worker(tmp_path):
    import json
    import re

    out = tmp_path / "site"
    serve.build(out)
    bid = serve.build_id()
    assert re.fullmatch(r"[0-9a-f]{16}", bid)
    assert f'<meta name="altibox-build" content="{bid}">' in (out / "index.html").read_text()
    sw = (out / "sw.js").read_text()
    assert f'const BUILD = "{bid}";' in sw
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    assert files == serve.cached_files()
    for f in files:  # every cached file exists in the site; benchmarks and sw.js are not cached
        assert (out / ("index.html" if f == "./" else f)).is_file(), f
        assert not f.startswith(("static/bench/", "/")) and f != "sw.js" and not f.endswith(".map")
    for must in ("./", "py.tar.gz", "pyscript.toml", "static/boot/runtime.mjs", "static/boot/snapshot-worker.mjs",
                 "static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyscript/core.js",
                 "static/manifest.webmanifest", "static/icons/icon-192.png"):
        assert must in files, must


def test_build_id_changes_with_the_python_code(monkeypatch):
    before = serve.build_id()
    assert serve.build_id() == before
    monkeypatch.setattr(serve, "py_archive_bytes", lambda: b"another build")
    assert serve.build_id() != before


def test_manifest_is_linked_and_its_icons_exist():
    import json

    html = (serve.ROOT / "index.html").read_text()
    assert '<link rel="manifest" href="./static/manifest.webmanifest">' in html
    manifest = json.loads((serve.ROOT / "static/manifest.webmanifest").read_text())
    assert manifest["start_url"] == "../" and manifest["scope"] == "../"  # relative: any sub-path
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (serve.ROOT / "static" / icon["src"]).is_file()


def test_dev_server_serves_the_build_id(dev_server):
    with urllib.request.urlopen(dev_server + "/") as r:
        assert f'content="{serve.build_id()}"' in r.read().decode()
    with urllib.request.urlopen(dev_server + "/sw.js") as r:
        assert r.headers.get("Content-Type") == "text/javascript"
        assert f'const BUILD = "{serve.build_id()}";' in r.read().decode()


@pytest.mark.parametrize("built", [False, True], ids=["dev", "built"])
def test_every_response_allows_any_origin_as_github_pages_does(built, tmp_path):
    """A sandboxed iframe (opaque origin ``null``) loads module scripts in CORS mode."""
    serve.install_runtime(quiet=True)
    site = None
    if built:
        site = tmp_path / "site"
        serve.build(site)
    server = serve.make_server("127.0.0.1", 0, site_dir=site, prefix="/altibox/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        for path, status in (("/altibox/", 200), ("/altibox/static/vendor/pyscript/core.js", 200),
                             ("/altibox/static/boot/runtime.mjs", 200), ("/altibox/py.tar.gz", 200),
                             ("/altibox/sw.js", 200), ("/altibox/missing.js", 404), ("/altibox", 301)):
            req = urllib.request.Request(base + path, headers={"Origin": "null"})
            opener = urllib.request.build_opener(_NoRedirect)
            try:
                with opener.open(req) as r:
                    got, headers = r.status, r.headers
            except urllib.error.HTTPError as e:
                got, headers = e.code, e.headers
            assert got == status, path
            assert headers.get("Access-Control-Allow-Origin") == "*", path
    finally:
        server.shutdown()
        server.server_close()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
