"""serve.py: the built site is self-contained, relative and served with the right types."""

import io
import os
import threading
import urllib.request
import zipfile

import pytest

import serve


def test_py_zip_is_deterministic_and_holds_the_packages():
    a, b = serve.py_zip_bytes(), serve.py_zip_bytes()
    assert a == b
    names = zipfile.ZipFile(io.BytesIO(a)).namelist()
    assert "altibox/__init__.py" in names and "web/app.py" in names
    assert not any("__pycache__" in n for n in names)


def test_build_writes_a_relative_self_contained_site(tmp_path):
    out = tmp_path / "site"
    serve.build(out)
    for rel in ("index.html", "pyscript.toml", "py.zip", ".nojekyll", "static/vendor/pyodide/pyodide.asm.wasm",
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
    assert head(dev_server + "/py.zip") == (200, "application/zip")
    assert head(dev_server + "/")[0] == 200
    for hidden in ("/serve.py", "/.git/config", "/node_modules/pyodide/package.json", "/tests/run.sh",
                   "/static/", "/py/altibox/__init__.py"):
        assert head(dev_server + hidden)[0] == 404, hidden
