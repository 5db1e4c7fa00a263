// Makes the memory snapshot that runtime.mjs restores (a module Web Worker, started by the page
// only after it is ready and idle, so it never competes with the first boot or the first clicks).
//
// The snapshot is Pyodide started fresh, with every module of py.tar.gz imported (the DOM glue too:
// it reaches the page only through web.dom.browser, on first use, so a warm start imports and
// compiles nothing) and nothing else: no game, no storage, no page state. What was imported is
// moved out of the garbage collector's passes (gc.freeze), as web.dom.app's main does after a
// cold start, so the page's first collection walks only what it made itself. Python's files are
// not in it (Pyodide keeps them outside its memory), so runtime.mjs still unpacks py.tar.gz after
// a restore. The standard modules PyScript's own package imports at start are imported too. It
// is stored in Cache Storage under a key holding the runtime version and the app's build id,
// with its size and SHA-256 in headers; entries of other builds are removed.
// PyScript's own package (pyscript/*.py, which PyScript writes into the page's Python on every
// start) is compiled here too, from the files the page sends, and kept in the snapshot
// (web/dom/codecache.py): a warm start imports it without compiling it.
// Message: {indexURL, code (the URL of py.tar.gz), cache, key, prefix, pyscript: [[path, text]]}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const IMPORT_ALL = `
import importlib, pkgutil
for _pkg in ("altibox", "web"):
    for _info in pkgutil.walk_packages(importlib.import_module(_pkg).__path__, _pkg + "."):
        try:
            importlib.import_module(_info.name)
        except ModuleNotFoundError as _exc:  # a module that needs PyScript at import: the page imports it
            if _exc.name != "pyscript":
                raise
import asyncio, base64, html, inspect, io, json  # what PyScript's own package imports at start
from web.dom import codecache
codecache.install(_pyscript_files)  # PyScript's package, compiled once (web/dom/codecache.py)
del _pyscript_files
import gc
gc.collect()
gc.freeze()
`;

self.onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({ indexURL: data.indexURL, _makeSnapshot: true });
    const code = await fetch(data.code);
    if (!code.ok) throw new Error(`py.tar.gz: HTTP ${code.status}`);
    py.unpackArchive(await code.arrayBuffer(), "gztar", { extractDir: "." }); // as runtime.mjs does
    // PyScript's own package as the page holds it (written there by PyScript), at the same paths
    const paths = [];
    for (const [path, text] of data.pyscript || []) {
      py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      py.FS.writeFile(path, text);
      paths.push(path);
    }
    const ns = py.toPy({ _pyscript_files: paths });
    py.runPython(IMPORT_ALL, { globals: ns });
    ns.destroy();
    const bytes = py.makeMemorySnapshot();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    const cache = await caches.open(data.cache);
    for (const req of await cache.keys()) { // older builds or runtimes of this site
      if (req.url.startsWith(data.prefix) && req.url !== data.key) await cache.delete(req);
    }
    await cache.put(data.key, new Response(bytes, {
      headers: { "content-type": "application/octet-stream", "x-size": String(bytes.length),
                 "x-sha256": hex },
    })); // a QuotaExceededError lands in catch: the page simply starts cold next time
    self.postMessage({ ok: true, size: bytes.length });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err && err.message || err) });
  }
};
