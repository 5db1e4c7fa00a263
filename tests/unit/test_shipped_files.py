"""Our scripts, stylesheets and page as the browser gets them (serve.shipped_file): the same code
without its comments, from the build and from the dev server alike; and the app's own payload
within DESIGN §5's budget."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import serve

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [p for p in sorted((ROOT / "static").rglob("*.*js")) if "vendor" not in p.parts and "bench" not in p.parts]
SCRIPTS.append(ROOT / "sw.js")
STYLES = sorted((ROOT / "static" / "css").glob("*.css"))
NODE = shutil.which("node")


def test_js_comments_go_and_strings_templates_and_regexes_stay():
    src = ('// a comment line\n'
           'const a = "not // a comment", b = \'/* nor this */\'; // trailing\n'
           '/* a block\n   of two lines */ const c = 1;\n'
           'const t = `line one\n// inside a template: kept\n  ${a /* gone */ + `nested // ${b}`}\n`;\n'
           'const re = /["\'`/]+\\/\\/x/g, half = 6 / 3 / 2;\n'
           'if (x) return /a\\/b/.test(y);\n')
    out = serve.strip_js_comments(src)
    assert out == ('const a = "not // a comment", b = \'/* nor this */\';\n'
                   'const c = 1;\n'  # the block comment held a line break: one stays
                   'const t = `line one\n// inside a template: kept\n  ${a   + `nested // ${b}`}\n`;\n'
                   'const re = /["\'`/]+\\/\\/x/g, half = 6 / 3 / 2;\n'
                   'if (x) return /a\\/b/.test(y);\n')


def test_css_comments_go_and_strings_stay():
    src = ('/* head */\n.a::before { content: "/* kept; { } */"; }\n\n  .b,\n  .c { color: red; } /* why */\n'
           "@media (max-width: 760px) {\n  .d::after { content: 'a ; b'; }\n}\n")
    # no spaces or line breaks around braces and semicolons (never significant there)
    assert serve.strip_css_comments(src) == ('.a::before{content: "/* kept; { } */";}.b,\n.c{color: red;}'
                                             "@media (max-width: 760px){.d::after{content: 'a ; b';}}\n")


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_each_shipped_script_is_the_same_code_without_comments(path, tmp_path):
    rel = path.relative_to(ROOT).as_posix()
    source = path.read_text()
    shipped = serve.shipped_file(rel, source.encode()).decode()
    assert len(shipped) < len(source)
    squeeze = lambda s: re.sub(r"\s+", "", s)  # noqa: E731
    # what is left is the source's code in order: each shipped line is a piece of the source
    at = 0
    flat = squeeze(re.sub(r"/\*.*?\*/", "", source, flags=re.S))  # (no "/*" in a string of ours)
    for line in shipped.splitlines():
        piece = squeeze(line)
        found = flat.find(piece, at)
        assert found >= 0, (rel, line)
        at = found + len(piece)
    if NODE:
        out = tmp_path / ("x.mjs" if path.suffix == ".mjs" else "x.js")
        out.write_text(shipped)
        done = subprocess.run([NODE, "--check", str(out)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("path", STYLES, ids=lambda p: p.name)
def test_each_shipped_stylesheet_has_every_rule(path):
    rel = path.relative_to(ROOT).as_posix()
    source = path.read_text()
    shipped = serve.shipped_file(rel, source.encode()).decode()
    assert "/*" not in shipped
    assert re.sub(r"\s+", "", shipped) == re.sub(r"/\*.*?\*/|\s+", "", source, flags=re.S)


class Outline(HTMLParser):
    """The tags, attributes and words of a page (what the browser builds from it)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.items: list = []
        self.script = False

    def handle_starttag(self, tag, attrs):
        self.items.append((tag, attrs))
        self.script = tag == "script"

    def handle_endtag(self, tag):
        self.items.append(("/" + tag,))
        self.script = False

    def handle_data(self, data):
        if data.strip() and not self.script:
            self.items.append(" ".join(data.split()))

    def handle_comment(self, data):
        self.items.append(("comment",))


def outline(text: str) -> list:
    parser = Outline()
    parser.feed(text)
    return [i for i in parser.items if i != ("comment",)]


def test_the_shipped_page_has_every_element_attribute_and_word():
    source = (ROOT / "index.html").read_text()
    shipped = serve.shipped_file("index.html", source.encode()).decode()
    assert "<!--" not in shipped and len(shipped) < len(source)
    assert outline(shipped) == outline(source)
    # the Python of the page is kept as it is
    assert shipped[shipped.index('<script type="py"'):] .startswith(source[source.index('<script type="py"'):].split("</script>")[0])


def test_vendored_and_benchmark_files_are_shipped_as_they_are():
    data = b"// a comment\nexport const x = 1;\n"
    assert serve.shipped_file("static/vendor/pyscript/core.js", data) == data
    assert serve.shipped_file("static/bench/bare.html", b"<!-- x -->\n") == b"<!-- x -->\n"
    assert serve.shipped_file("static/icons/icon.svg", b"<!-- x -->") == b"<!-- x -->"


def test_the_build_and_the_dev_server_ship_the_same_bytes(tmp_path):
    import threading
    import urllib.request

    out = tmp_path / "site"
    serve.build(out)
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        for rel in ("static/css/altibox.css", "static/boot/runtime.mjs", "static/embed.js", "pyscript.toml"):
            with urllib.request.urlopen(base + rel) as res:
                assert res.read() == (out / rel).read_bytes(), rel
            assert (out / rel).read_bytes() == serve.shipped_file(rel, (ROOT / rel).read_bytes())
    finally:
        server.shutdown()
        server.server_close()
    # the app's own payload as tests/bench.py counts it: everything but the runtime
    sys.path.insert(0, str(ROOT / "tests"))
    total = sum(p.stat().st_size for p in out.rglob("*")
                if p.is_file() and "vendor" not in p.relative_to(out).parts and "bench" not in p.parts)
    assert total <= 300 * 1024, f"{total / 1024:.0f} KB > 300 KB (DESIGN §5)"
