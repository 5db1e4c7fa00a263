"""The shape of py/ (issue 19): only the DOM package imports the browser, no import cycle
anywhere, and no module of the web layer over 500 lines. Imports are read with ``ast`` from
the sources, so an import inside a function counts as much as one at the top."""

from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"
BROWSER = ("pyscript", "pyodide", "js")
DOM_PACKAGE = "web.dom"
MAX_LINES = 500


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PY.rglob("*.py")) if "__pycache__" not in p.parts}


def imported_names(node: ast.AST, package: str) -> set[str]:
    """The module names an ``import`` statement ``node`` of a module of ``package`` names
    (relative imports resolved; ``from pkg import sub`` names the submodule when ``pkg.sub`` is
    one of ours); empty for any other node."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        anchor = package.split(".")
        anchor = anchor[:len(anchor) - (node.level - 1)]
        base = ".".join(anchor + ([base] if base else []))
    return {base} | {f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in MODULES}


def _package(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def imports(name: str) -> set[str]:
    """Every module name ``name`` imports, anywhere in its source (:func:`imported_names`)."""
    path = MODULES[name]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        found |= imported_names(node, _package(name))
    return found


GRAPH = {name: {m for m in imports(name) if m in MODULES and m != name} for name in MODULES}


def test_the_graph_reads_the_real_imports():
    assert "web.play.session" in GRAPH["web.dom.app"]
    assert "altibox.core" in GRAPH["web.play.session"]
    assert len([m for m in MODULES if m.startswith("web.")]) >= 20


def test_only_the_dom_package_imports_the_browser():
    offenders = {}
    for name in MODULES:
        if name == DOM_PACKAGE or name.startswith(DOM_PACKAGE + "."):
            continue
        bad = sorted(m for m in imports(name) if m.split(".")[0] in BROWSER)
        if bad:
            offenders[name] = bad
    assert offenders == {}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as ``[a, b, ..., a]``, or None (depth-first search)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_py():
    # a package's own __init__ importing its submodules is the package, not a cycle
    graph = {n: {m for m in deps if not n.startswith(m + ".")} for n, deps in GRAPH.items()}
    assert find_cycle(graph) is None


def test_no_web_module_over_500_lines():
    long = {name: n for name, p in MODULES.items() if name.startswith("web")
            and (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_the_dom_glue_reaches_pyscript_only_through_web_dom_browser_on_first_use():
    """The memory snapshot's worker has no page and no ``pyscript``: every module must import
    there, so that a warm start imports none (static/boot/snapshot-worker.mjs). Only
    ``web.dom.browser`` imports ``pyscript``, and only inside a function (on first use)."""
    users = {name for name in MODULES if any(m.split(".")[0] == "pyscript" for m in imports(name))}
    assert users == {"web.dom.browser"}
    tree = ast.parse(MODULES["web.dom.browser"].read_text())
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not [n for n in top if any(a.name.split(".")[0] == "pyscript" for a in n.names)
                or (isinstance(n, ast.ImportFrom) and (n.module or "").startswith("pyscript"))]


def dom_class_bases() -> dict[str, set[str]]:
    """``{class name: names of its bases}`` for every class of ``web.dom`` with a base of its
    own (``object``, ``Exception`` and other outside bases left out)."""
    ours = {node.name for name, p in MODULES.items() if name.startswith(DOM_PACKAGE)
            for node in ast.walk(ast.parse(p.read_text())) if isinstance(node, ast.ClassDef)}
    out = {}
    for name, p in MODULES.items():
        if not name.startswith(DOM_PACKAGE):
            continue
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.ClassDef):
                bases = {b.id for b in node.bases if isinstance(b, ast.Name) and b.id in ours}
                if bases:
                    out[node.name] = bases
    return out


def test_dom_classes_own_their_parts_instead_of_inheriting_them():
    """No class of the DOM glue inherits another of ours (issue 19: App by composition): its
    parts are objects the App owns, each given what it needs (``app.playscreen``, ``app.input``,
    ``app.bots``, ``app.howto``)."""
    assert dom_class_bases() == {}
    app = ast.parse(MODULES["web.dom.app"].read_text())
    owned = {t.attr for node in ast.walk(app) if isinstance(node, ast.Assign)
             for t in node.targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
             and t.value.id == "self"}
    assert {"playscreen", "input", "bots", "howto"} <= owned


def test_no_module_imports_the_standard_html_module():
    """Start-up (issue 19, DESIGN §5): ``import html`` loads ``html.entities``, a table of 2,231
    named references that took ~50 ms of a cold start in the browser; our escapers are
    ``altibox.core.svg.esc``/``unescape`` and ``web.html.escape.esc``. (``web.html`` is ours.)"""
    offenders = sorted(name for name in MODULES
                       if any(m == "html" or m.startswith("html.") for m in imports(name)))
    assert offenders == []
    assert "web.html.escape" in MODULES  # the name test above must not be fooled by our own package


def top_level_imports(name: str) -> set[str]:
    """The modules of ours ``name`` imports when it is imported: statements of the module's body
    (and of its plain ``if``/``try`` blocks), not inside functions or ``if TYPE_CHECKING``."""
    path = MODULES[name]
    found: set[str] = set()

    def walk(body):
        for node in body:
            if isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    walk(node.body)
                    walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
            else:
                found.update(imported_names(node, _package(name)))

    walk(ast.parse(path.read_text(), str(path)).body)
    # importing a.b.c imports the packages a and a.b first
    for m in list(found):
        parts = m.split(".")
        found.update(".".join(parts[:k]) for k in range(1, len(parts)))
    return {m for m in found if m in MODULES and m != name}


def test_a_game_screen_compiles_only_what_it_shows():
    """Start-up (issue 19: "the first screen should import only what it shows"): importing the
    page's entry module (``web.dom.app``) does not compile the How-to-play texts, the guided
    game, the landing/form screens, the embed machinery, the editor or any game's rules (the
    game of the address is imported when its screen is drawn: ``altibox.GAMES`` is lazy)."""
    seen, todo = set(), ["web.dom.app"]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(top_level_imports(m))
    lazy = {"web.html.howto", "web.html.screens", "web.dom.learnpage", "web.play.learn",
            "web.dom.widget", "web.dom.editorpage", "web.play.editor", "web.html.editor",
            "web.play.sceneboard", "altibox.alto", "altibox.altitude", "altibox.altiplano"}
    assert sorted(seen & lazy) == []
    assert {"web.play.session", "web.html.legend", "web.dom.playscreen"} <= seen
