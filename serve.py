#!/usr/bin/env python3
"""Altibox dev server and static-site builder (standard library only).

    python3 serve.py                 install the pinned runtime on first use, serve on 127.0.0.1:8000
    python3 serve.py --port 8080     another port
    python3 serve.py --build DIR     write a self-contained static site to DIR (GitHub Pages ready)
    python3 serve.py --install-only  only install the pinned runtime into static/vendor/

The runtime (PyScript core and Pyodide, pinned exactly in package.json / package-lock.json) comes
from npm and is copied to ``static/vendor/{pyscript,pyodide}/``; a stamp file there holds the hash
of the lock file, so a lock-file change reinstalls it. The Python code in ``py/`` reaches the
browser as one gzipped tar (``py.tar.gz``, unpacked into Python's working directory by
static/boot/runtime.mjs): the dev server builds it in memory from ``py/`` when ``py/`` changed, so
edits show on reload; ``--build`` writes it to DIR.
The shipped modules are the sources without docstrings and comments (:func:`shipped_source`):
the browser never reads them, and they were a third of the download and of Python's compile time.

Every URL the pages use is relative, so the built site works from any sub-path
(``https://user.github.io/<repo>/``).

Build id: :func:`build_id` hashes the site's own files (and the runtime's lock stamp); both the
dev server and ``--build`` write it into ``index.html`` (``<meta name="altibox-build">``, read by
the interpreter module static/boot/runtime.mjs to key the memory snapshot) and into ``sw.js``
(with the list of files the service worker caches), so a new deploy changes both.
"""

from __future__ import annotations

import argparse
import ast
import errno
import gzip
import hashlib
import http.server
import io
import json
import re
import shutil
import socketserver
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENDOR = ROOT / "static" / "vendor"
STAMP = VENDOR / "runtime.stamp"
LOCK = ROOT / "package-lock.json"
PY_DIR = ROOT / "py"
PY_ARCHIVE = "py.tar.gz"

# What the site is made of: these top-level entries (and the generated py.tar.gz), nothing else.
SITE_FILES = ("index.html", "pyscript.toml", "sw.js")
SITE_DIRS = ("static",)
# Which runtime files are copied from node_modules (source dir, destination dir, file filter).
RUNTIME = (
    ("node_modules/@pyscript/core/dist", "pyscript", lambda n: not n.endswith(".map")),
    (
        "node_modules/pyodide",
        "pyodide",
        lambda n: n in {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                        "pyodide-lock.json", "package.json"},
    ),
)

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}


class SetupError(Exception):
    """A problem the user can fix; printed as one clear message, never a traceback."""


# ---------------------------------------------------------------- runtime install

def lock_hash() -> str:
    """SHA-256 of package-lock.json: the version stamp of the installed runtime."""
    return hashlib.sha256(LOCK.read_bytes()).hexdigest()


def runtime_ok() -> bool:
    """True when static/vendor/ holds the runtime of the current lock file."""
    return STAMP.is_file() and STAMP.read_text().strip() == lock_hash()


def install_runtime(quiet: bool = False) -> None:
    """Install the pinned runtime into static/vendor/ unless the stamp says it is current.

    Runs ``npm ci`` (from the lock file) when node_modules does not match, then copies the files.

    Raises:
        SetupError: npm is missing or fails, or the copied files are incomplete.
    """
    if runtime_ok():
        return
    say = (lambda *a: None) if quiet else (lambda *a: print(*a, flush=True))
    installed = ROOT / "node_modules" / ".package-lock.json"
    need_npm = not all((ROOT / src).is_dir() for src, _, _ in RUNTIME) or not installed.is_file() \
        or _locked_versions(installed) != _locked_versions(LOCK)
    if need_npm:
        npm = shutil.which("npm")
        if not npm:
            raise SetupError(
                "npm is needed once, to fetch the pinned runtime (PyScript core 0.7.31 and "
                "Pyodide 314.0.7) from the npm registry.\n"
                "Install Node.js with npm (Debian/Ubuntu: sudo apt-get install npm), then run this again."
            )
        say("Installing the pinned runtime with npm (first run only)...")
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SetupError(f"npm ci failed (exit {proc.returncode}):\n{proc.stderr.strip() or proc.stdout.strip()}")
    tmp = VENDOR.with_name("vendor.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for src, dest, keep in RUNTIME:
        src_dir = ROOT / src
        (tmp / dest).mkdir(parents=True, exist_ok=True)
        for f in sorted(src_dir.iterdir()):
            if f.is_file() and keep(f.name):
                shutil.copy2(f, tmp / dest / f.name)
    for must in ("pyscript/core.js", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm"):
        if not (tmp / must).is_file():
            raise SetupError(f"the runtime is incomplete: {must} is missing after npm ci")
    (tmp / "runtime.stamp").write_text(lock_hash() + "\n")
    shutil.rmtree(VENDOR, ignore_errors=True)
    tmp.rename(VENDOR)
    say(f"Runtime installed in {VENDOR.relative_to(ROOT)}/")


def _locked_versions(lock_file: Path) -> dict:
    data = json.loads(lock_file.read_text())
    return {k: v.get("version") for k, v in data.get("packages", {}).items() if k}


# ---------------------------------------------------------------- the site

# Site files the service worker does not cache: benchmark pages, source maps, the version stamp.
NOT_CACHED = re.compile(r"^(static/bench/|sw\.js$|\.nojekyll$)|\.map$|runtime\.stamp$")
BUILD_META = re.compile(r'<meta name="altibox-build" content="[^"]*">')

def shipped_source(source: str) -> str:
    """``source`` (a Python module's text) as shipped to the browser: the same code with its
    docstrings, comments and function annotations left out and one space per indentation level
    (``ast`` round trip; line numbers change; see :func:`_strip_annotations`).

    The page never reads a docstring (they document the code and run as doctests in CPython), so
    this only cuts what the browser downloads and compiles (a third of both).
    Raises ``SyntaxError`` for a module that does not parse.
    """
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    _strip_annotations(tree)
    text = ast.unparse(tree)
    # one space per indentation level, not ast.unparse's four: 4.7 KB less of the gzipped
    # archive (DESIGN §5's payload budget); kept only when it parses to the very same tree
    lines = text.split("\n")
    narrow = "\n".join(" " * ((len(x) - len(x.lstrip(" "))) // 4) + x.lstrip(" ") for x in lines)
    if ast.dump(ast.parse(narrow)) == ast.dump(ast.parse(text)):
        text = narrow
    return text + "\n"


def _strip_annotations(tree: ast.AST) -> None:
    """Drop the annotations of function parameters and return values in ``tree`` (in place).

    Class-level annotations (dataclass fields, named tuple fields) are code and stay; nothing of
    ours reads a function's annotations at run time (no ``singledispatch``, no
    ``get_type_hints``; ``tests/unit/test_shipped_source.py`` plays every game with the result).
    """
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
                if arg is not None:
                    arg.annotation = None
            if not isinstance(node, ast.Lambda):
                node.returns = None


# The regular expression literal may start after these characters (else "/" divides).
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}


def strip_js_comments(text: str) -> str:
    """JavaScript ``text`` without its comments, its indentation, its trailing spaces and the
    lines they leave empty; strings, template literals (kept byte for byte, ``${...}`` and the
    lines inside them included) and regular expression literals are copied as they are. A block comment becomes a space, or a line
    break when it held one (automatic semicolons stay where they were).

    For our own scripts (static/, sw.js): the browser never reads a comment, and they were a
    third of those files. Not a general minifier: a ``/`` is a regular expression where the
    previous code character is an operator or an opening bracket (or a keyword such as
    ``return``), a division elsewhere, which holds for our code; ``tests/unit/test_serve.py``
    checks the result of each shipped script with ``node --check``.
    """
    out: list[str] = []
    lines_in_template: set[int] = set()  # output line numbers that start inside a template
    i, n = 0, len(text)
    stack: list[str] = []  # "`" inside a template, "{" inside ${...} (or a brace in it)
    prev = ""  # the last code character before the cursor (outside strings), for "/"
    word = ""

    def emit(chunk: str) -> None:
        if stack and stack[-1] == "`":
            base = sum(part.count("\n") for part in out)
            for k in range(chunk.count("\n")):
                lines_in_template.add(base + k + 1)
        out.append(chunk)

    while i < n:
        c = text[i]
        top = stack[-1] if stack else ""
        if top == "`":  # inside a template literal
            if c == "\\":
                emit(text[i:i + 2]); i += 2; continue
            if c == "`":
                stack.pop(); out.append(c); i += 1; prev = ")"; continue
            if text.startswith("${", i):
                stack.append("{"); out.append("${"); i += 2; prev = "("; continue
            emit(c); i += 1; continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise ValueError("an unterminated block comment")
            out.append("\n" if "\n" in text[i:j] else " ")
            i = j + 2
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                if text[j] == "\n":
                    raise ValueError("a line break in a string literal")
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1]); i = j + 1; prev = ")"; word = ""; continue
        if c == "`":
            stack.append("`"); out.append(c); i += 1; continue
        if c == "/" and (prev in _REGEX_AFTER or word in ("return", "typeof", "case", "of", "in", "void")):
            j, klass = i + 1, False
            while j < n and (klass or text[j] != "/"):
                if text[j] == "\n":
                    raise ValueError("a line break in a regular expression")
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    klass = True
                elif text[j] == "]":
                    klass = False
                j += 1
            out.append(text[i:j + 1]); i = j + 1; prev = ")"; word = ""; continue
        if c == "{":
            stack.append("{")
        elif c == "}" and top == "{":
            stack.pop()
        out.append(c)
        i += 1
        if not c.isspace():
            word = word + c if (c.isalnum() or c in "_$") else ""
            prev = ")" if (c.isalnum() or c in "_$.") else c
    if stack:
        raise ValueError("an unclosed template literal or brace")
    kept = []
    for k, line in enumerate("".join(out).split("\n")):
        if k in lines_in_template:
            kept.append(line)
        elif line.strip():
            kept.append(line.strip())  # indentation and line breaks kept apart: no code changes
    return "\n".join(kept) + "\n"


#: a CSS string (kept as it is), or a brace or semicolon with the spaces around it (dropped)
_CSS_TIGHT = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|\s*([{};])\s*""")


def strip_css_comments(text: str) -> str:
    """CSS ``text`` without comments, indentation, empty lines and the spaces and line breaks
    around ``{``, ``}`` and ``;`` (never significant there); strings kept as they are."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise ValueError("an unterminated comment")
            out.append(" ")
            i = j + 2
        elif text[i] in "\"'":
            j = i + 1
            while j < n and text[j] != text[i]:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    tight = _CSS_TIGHT.sub(lambda m: m.group(1) or m.group(2), "".join(out))
    return "".join(line.strip() + "\n" for line in tight.split("\n") if line.strip())


_HTML_COMMENT = re.compile(r"<!--(?!\[).*?-->", re.S)
_SCRIPT = re.compile(r"(<script\b[^>]*>.*?</script>)", re.S | re.I)


def strip_html_comments(text: str) -> str:
    """HTML ``text`` without its comments (``<!-- -->``) and the lines they leave empty; an
    inline classic script loses its comments as :func:`strip_js_comments` says, other scripts
    (PyScript's Python, external ones) are kept as they are. For pages without ``<pre>`` or
    ``<textarea>`` (their blank lines would count)."""
    parts = _SCRIPT.split(text)
    for k, part in enumerate(parts):
        if k % 2:
            head, _, rest = part.partition(">")
            body = rest[:-len("</script>")]
            if "src=" not in head and "type=" not in head and body.strip():
                part = f"{head}>{strip_js_comments(body).rstrip()}</script>"
            parts[k] = part
        else:
            parts[k] = _HTML_COMMENT.sub("", part)
    return "".join(line + "\n" for line in "".join(parts).split("\n") if line.strip())


def strip_toml_comments(text: str) -> str:
    """TOML ``text`` without its comment lines (whole lines starting with ``#``) and empty lines."""
    return "".join(line + "\n" for line in text.split("\n") if line.strip() and not line.lstrip().startswith("#"))


#: what :func:`shipped_file` does to our own files of each kind (never to static/vendor/)
_SHIPPED = {".js": strip_js_comments, ".mjs": strip_js_comments, ".css": strip_css_comments,
            ".html": strip_html_comments, ".toml": strip_toml_comments}


def shipped_file(rel: str, data: bytes) -> bytes:
    """A site file as the browser gets it: our own scripts, stylesheets and pages (``rel``, a
    path relative to the site root) without their comments; every other file as it is.

    Comments are for the people who read the repository: the browser never reads one, and they
    were ~20 KB of the app's own payload (DESIGN §5 budget: 300 KB).
    """
    strip = _SHIPPED.get(Path(rel).suffix)
    if strip is None or rel.startswith(("static/vendor/", "static/bench/")):
        return data
    return strip(data.decode("utf-8")).encode("utf-8")


def _py_files() -> list[Path]:
    """The files of py/ that :func:`py_archive_bytes` ships, the data (``.json``) first, then the
    code (``.py``), each kind sorted by path: like files next to each other share deflate's
    32 KB window, 2.0 KB less of the gzipped archive than one path order (DESIGN §5's payload
    budget)."""
    return sorted((path for path in PY_DIR.rglob("*")
                   if path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in path.parts),
                  key=lambda path: (path.suffix, path.as_posix()))


#: ``(fingerprint of py/, archive)`` of the last :func:`py_archive_bytes`: the dev server builds
#: it once per change of py/, not once per request (every page load asks for it, and for the
#: build id of index.html, which hashes it: ~1 s of CPU each time on 2 cores)
_PY_ARCHIVE_MEMO: tuple[tuple, bytes] | None = None


def py_archive_bytes() -> bytes:
    """The Python code of py/ as a deterministic gzipped tar (entries in :func:`_py_files`' order, fixed times, owners
    and modes; POSIX ustar headers, which static/boot/runtime.mjs reads).

    Holds ``.py`` files (as :func:`shipped_source` makes them) and ``.json`` files (the same
    data, written without spaces) only (no
    caches), with paths relative to py/, so that unpacking it in Pyodide's working directory
    makes ``altibox`` and ``web`` importable. One deflate stream over every file: 19 % smaller
    than a zip, which compresses each file alone (187 vs 231 KB on 2 Dec 2026). Made again
    only when a file of py/ was added, removed or changed (its path, size or modification time)
    since the last call.

    Raises:
        ValueError: a path too long for a ustar header (over 100 characters after the last
            directory that fits in 155).
    """
    global _PY_ARCHIVE_MEMO
    files = _py_files()
    fingerprint = tuple((p.as_posix(), st.st_size, st.st_mtime_ns) for p in files for st in (p.stat(),))
    if _PY_ARCHIVE_MEMO is not None and _PY_ARCHIVE_MEMO[0] == fingerprint:
        return _PY_ARCHIVE_MEMO[1]
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tf:
        for path in files:
            data = path.read_bytes()
            if path.suffix == ".py":
                data = shipped_source(data.decode("utf-8")).encode("utf-8")
            else:  # the same data without the indentation the repository keeps for people
                data = json.dumps(json.loads(data), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            info = tarfile.TarInfo(path.relative_to(PY_DIR).as_posix())
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tf.addfile(info, io.BytesIO(data))
    _PY_ARCHIVE_MEMO = (fingerprint, gzip.compress(raw.getvalue(), compresslevel=9, mtime=0))
    return _PY_ARCHIVE_MEMO[1]


def _static_files() -> list[str]:
    """Relative paths of the files under the SITE_DIRS, sorted (what the site serves from them)."""
    out = []
    for name in SITE_DIRS:
        for path in sorted((ROOT / name).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.is_file() and "__pycache__" not in path.parts and not rel.endswith(".map") \
                    and not rel.endswith("runtime.stamp.tmp"):
                out.append(rel)
    return out


def cached_files() -> list[str]:
    """What the service worker caches on first visit: the shell, py.tar.gz, static/ with the runtime.

    Paths are relative to the site root; ``./`` stands for the start page (index.html).
    """
    files = ["./", "pyscript.toml", PY_ARCHIVE] + _static_files()
    return [f for f in files if not NOT_CACHED.search(f)]


def build_id() -> str:
    """A short hash of everything the site is made of: a new deploy gets a new id.

    Hashes the source of index.html, pyscript.toml and sw.js, py.tar.gz, static/ (the runtime by
    its lock stamp rather than its 13 MB) and the list of cached files.
    """
    h = hashlib.sha256()
    parts = [(n, (ROOT / n).read_bytes()) for n in SITE_FILES if (ROOT / n).is_file()]
    parts.append((PY_ARCHIVE, py_archive_bytes()))
    for rel in _static_files():
        if rel.startswith("static/vendor/") and not rel.endswith("runtime.stamp"):
            continue  # the stamp (the lock file's hash) stands for the runtime files
        parts.append((rel, (ROOT / rel).read_bytes()))
    parts.append(("cached", "\n".join(cached_files()).encode()))
    for name, data in parts:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()[:16]


def render_file(name: str, data: bytes, bid: str) -> bytes:
    """``index.html`` and ``sw.js`` as served: with the build id (and, for sw.js, the file list),
    and, like every file of ours, without comments (:func:`shipped_file`)."""
    data = shipped_file(name, data)
    if name == "index.html":
        text = BUILD_META.sub(f'<meta name="altibox-build" content="{bid}">', data.decode(), count=1)
        return text.encode()
    if name == "sw.js":
        text = data.decode().replace('const BUILD = "dev";', f"const BUILD = {json.dumps(bid)};", 1)
        text = text.replace("const FILES = [];", f"const FILES = {json.dumps(cached_files(), indent=0)};", 1)
        return text.encode()
    return data


BUILD_MARKER = ".altibox-build"


def check_build_dir(out: Path) -> Path:
    """Where a build may go: a new or empty directory, or an earlier build (it has BUILD_MARKER).

    Never the source tree, a folder inside one of its entries (py/, static/, .git/, ...), or a
    non-empty folder that an earlier build did not write: a build replaces what is there.

    Raises:
        SetupError: with the reason.
    """
    out = out.resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        raise SetupError(f"refusing to build into {out}: it contains the source tree")
    if out.is_relative_to(ROOT):
        top = ROOT / out.relative_to(ROOT).parts[0]
        if top.exists() and not (top / BUILD_MARKER).is_file() and not (top.is_dir() and not any(top.iterdir())):
            raise SetupError(f"refusing to build into {out}: it is inside the source tree "
                             f"({top.name}/); use a new folder such as _site")
    if out.exists():
        if not out.is_dir():
            raise SetupError(f"{out} exists and is not a directory")
        if any(out.iterdir()) and not (out / BUILD_MARKER).is_file():
            raise SetupError(f"refusing to build into {out}: it is not empty and is not an earlier "
                             f"Altibox build (a build replaces everything in it); choose a new or empty folder")
    return out


def build(out: Path) -> None:
    """Write the static site to ``out``: the pages, py.tar.gz, static/ (with the runtime), .nojekyll.

    Raises:
        SetupError: ``out`` cannot be created or written, or is the source tree itself.
    """
    install_runtime()
    out = check_build_dir(out)
    try:
        if out.exists():
            for child in out.iterdir():  # clear what a previous build left, keep the dir itself
                shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
        out.mkdir(parents=True, exist_ok=True)
        bid = build_id()
        for name in SITE_FILES:
            if (ROOT / name).is_file():
                (out / name).write_bytes(render_file(name, (ROOT / name).read_bytes(), bid))
        for name in SITE_DIRS:
            shutil.copytree(ROOT / name, out / name,
                            ignore=shutil.ignore_patterns("*.map", "__pycache__", "runtime.stamp.tmp"))
        for rel in _static_files():
            if Path(rel).suffix in _SHIPPED and (out / rel).is_file():
                (out / rel).write_bytes(shipped_file(rel, (ROOT / rel).read_bytes()))
        (out / PY_ARCHIVE).write_bytes(py_archive_bytes())
        (out / ".nojekyll").write_text("")
        (out / BUILD_MARKER).write_text("This directory was written by Altibox's serve.py --build "
                                        "and is replaced by the next build.\n")
    except PermissionError as exc:
        raise SetupError(f"cannot write the site to {out}: permission denied ({exc.filename})") from None
    except OSError as exc:
        if isinstance(exc, SetupError):
            raise
        raise SetupError(f"cannot write the site to {out}: {exc.strerror or exc}") from None


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site with correct MIME types (.wasm, .mjs) and no directory listings.

    Every response carries ``Access-Control-Allow-Origin: *``, as GitHub Pages sends it: a page
    embedded with ``<iframe sandbox="allow-scripts">`` has an opaque origin (``null``), and the
    browser fetches its module scripts (PyScript, the interpreter) in CORS mode, so without the
    header such an embed never starts. The site holds nothing private, so ``*`` exposes nothing.

    In dev mode (``site_dir`` None) only the site's own entries of the source tree are served
    and ``py.tar.gz`` is built from py/ when py/ changed. With ``prefix`` (e.g. ``/altibox/``) the
    site is served under that sub-path, as GitHub Pages serves a project site.
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    site_dir: Path | None = None
    prefix = "/"
    quiet = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(self.site_dir or ROOT), **kwargs)

    def _strip(self) -> str | None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(self.prefix):
            if path + "/" == self.prefix:
                return "redirect"
            return None
        return "/" + path[len(self.prefix):]

    def _allowed(self, rel: str) -> bool:
        if self.site_dir is not None:
            return True
        first = rel.lstrip("/").split("/", 1)[0]
        return first == "" or first in SITE_FILES or first in SITE_DIRS

    def do_GET(self):  # noqa: N802 (http.server naming)
        self._serve(head=False)

    def do_HEAD(self):  # noqa: N802
        self._serve(head=True)

    def _serve(self, head: bool) -> None:
        rel = self._strip()
        if rel == "redirect":
            self.send_response(301)
            query = self.path.split("?", 1)[1] if "?" in self.path else ""
            self.send_header("Location", self.prefix + ("?" + query if query else ""))
            self.end_headers()
            return
        if self.site_dir is None and rel == "/" + PY_ARCHIVE:
            body = py_archive_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            if not head:
                self.wfile.write(body)
            return
        if rel is None or not self._allowed(rel) or "/." in rel:
            self.send_error(404, "Not found")
            return
        name = "index.html" if rel == "/" else rel.lstrip("/")
        if self.site_dir is None and (name in SITE_FILES or Path(name).suffix in _SHIPPED) \
                and (ROOT / name).is_file():
            # the files the build changes, as the build writes them (the others are copied)
            data = (ROOT / name).read_bytes()
            body = render_file(name, data, build_id()) if name in ("index.html", "sw.js") else shipped_file(name, data)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(name))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()  # adds Cache-Control: no-cache in dev mode
            if not head:
                self.wfile.write(body)
            return
        fs_path = Path(self.translate_path(rel))
        if fs_path.is_dir() and not (fs_path / "index.html").is_file():
            self.send_error(404, "Not found")
            return
        self.path = rel + ("?" + self.path.split("?", 1)[1] if "?" in self.path else "")
        if head:
            super().do_HEAD()
        else:
            super().do_GET()

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")  # see the class docstring
        if self.site_dir is None:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True  # rebinding after a restart (TIME_WAIT); a live listener still conflicts

    def handle_error(self, request, client_address):
        """A browser that goes away mid-response (a reload, a closed tab) is not an error to print."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(host: str = "127.0.0.1", port: int = 8000, site_dir: Path | None = None,
                prefix: str = "/", quiet: bool = False) -> Server:
    """An HTTP server for the site (dev tree, or a built ``site_dir``), not yet serving.

    Raises:
        SetupError: the port is taken or cannot be bound.
    """
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise SetupError(f"prefix must start and end with '/', got {prefix!r}")
    handler = type("SiteHandler", (Handler,), {"site_dir": site_dir, "prefix": prefix, "quiet": quiet})
    try:
        return Server((host, port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise SetupError(f"port {port} is already in use; try: python3 serve.py --port {port + 1}") from None
        raise SetupError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def _port(text: str) -> int:
    """argparse type: a TCP port number (0 lets the system choose)."""
    if not text.isascii() or not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve Altibox locally, or build the static site.")
    ap.add_argument("--port", type=_port, default=8000, help="port to serve on (default 8000)")
    ap.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    ap.add_argument("--build", metavar="DIR", type=Path, help="write the static site to DIR and exit")
    ap.add_argument("--install-only", action="store_true", help="install the pinned runtime and exit")
    ap.add_argument("--quiet", action="store_true", help="do not log requests")
    args = ap.parse_args(argv)
    try:
        if args.build:
            build(args.build)
            print(f"Static site written to {args.build.resolve()} (serve it from any path; .nojekyll included)")
            return 0
        install_runtime()
        if args.install_only:
            return 0
        server = make_server(args.host, args.port, quiet=args.quiet)
    except SetupError as exc:
        print(f"serve.py: {exc}", file=sys.stderr)
        return 2
    url = f"http://{args.host}:{server.server_address[1]}/"
    print(f"Altibox is served at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
