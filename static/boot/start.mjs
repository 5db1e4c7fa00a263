// Altibox's start module: index.html's only module script. It loads PyScript (core.js) once
// the page is ready for it, so PyScript starts in every frame a page can be embedded in.
//
// 1. A srcdoc iframe (about:srcdoc: no address, no URL parameters, the host page's origin and
//    storage) does not start Python: index.html's inline script shows the message that says to
//    embed the site with <iframe src=...>. PyScript is not even loaded there (one of its plugins
//    builds `new URL("./config.txt", location.href)`, which throws on about:srcdoc).
// 2. The IndexedDB guard, installed before core.js runs. PyScript core 0.7.31 (polyscript
//    0.20.20) keeps two IndexedDB maps (@webreflection/idb-map 0.3.2): "IDBMap/@pyscript.fs",
//    opened when core.js loads, and "IDBMap/<runtime>@<version>", the package cache, whose
//    contents it awaits before it starts Pyodide. Where IndexedDB is denied (a cross-site iframe
//    with third-party storage blocked; a sandboxed iframe; some private modes) the open fails;
//    IDBMap's onerror re-dispatches the event that is being dispatched (InvalidStateError) and
//    rejects, the interpreter never loads and the page stays on "Loading Python" for ever (see
//    docs/upstream-pyscript-iframe.md). For databases named "IDBMap/..." only (PyScript's), a
//    failed open (an error event, or an exception) is answered with an in-memory database of
//    this page instead: PyScript starts, and has nothing to cache anyway (we install no
//    packages). Every other open is the browser's own. `<html data-storage="denied">` says that
//    this happened (tests read it). The Python side finds out by itself (web/play/storage.py) and
//    says in the page that nothing is saved, in words for an embed when `<html data-frame>`
//    (set here) says that the page runs in an iframe.
// 3. The interpreter module (runtime.mjs, the one pyscript.toml names), imported beside core.js
//    rather than when PyScript's config asks for it: Python starts loading (or restoring from its
//    snapshot) while PyScript loads itself; PyScript's import of it later is the same module.
// 4. core.js, preloaded by index.html (<link rel="modulepreload">) so that importing it here
//    costs no round trip.
const html = document.documentElement;

try {
  if (self !== top) html.dataset.frame = ""; // <html data-frame>: the page runs in an iframe
} catch { /* cannot tell: not a frame then */ }

if (location.protocol !== "about:") {
  guardIndexedDB();
  import("./runtime.mjs").catch(() => {}); // PyScript reports a failure when it imports it too
  await import("../vendor/pyscript/core.js");
}

function guardIndexedDB() {
  let factory = null;
  try { factory = self.indexedDB || null; } catch { /* the getter throws: denied */ }
  const realOpen = factory && factory.open;
  let denied = false;
  const databases = new Map(); // name -> Map: what PyScript stored in this page's life

  const deny = (why) => {
    if (!denied) console.info("Altibox: IndexedDB is not available here; PyScript keeps its data in memory:", why);
    denied = true;
    html.dataset.storage = "denied";
  };
  if (!realOpen) deny("no indexedDB");

  function open(name, version) {
    const ours = String(name).startsWith("IDBMap/");
    if (!ours) { // as the browser does
      if (!realOpen) throw new DOMException("IndexedDB is not available here", "SecurityError");
      return realOpen.call(factory, name, version);
    }
    if (denied) return memoryOpen(name);
    let request;
    try {
      request = realOpen.call(factory, name, version);
    } catch (err) { // a sandboxed iframe: SecurityError
      deny(err && err.message);
      return memoryOpen(name);
    }
    // Registered before PyScript sets onerror, so it runs first and stops it: the failure
    // becomes a success with an in-memory database.
    request.addEventListener("error", (event) => {
      event.stopImmediatePropagation();
      event.preventDefault();
      deny(request.error && request.error.message);
      const { onsuccess } = request;
      if (typeof onsuccess === "function") {
        onsuccess.call(request, { type: "success", target: { result: memoryDatabase(name) } });
      }
    });
    return request;
  }

  // An IDBOpenDBRequest look-alike: onsuccess is called in a later task, as the browser does.
  function memoryOpen(name) {
    return later({}, () => memoryDatabase(name));
  }

  function memoryDatabase(name) {
    if (!databases.has(name)) databases.set(name, new Map());
    const entries = databases.get(name);
    const store = {
      count: () => later({}, () => entries.size),
      clear: () => later({}, () => { entries.clear(); }),
      delete: (key) => later({}, () => { entries.delete(key); }),
      get: (key) => later({}, () => entries.get(key)),
      getKey: (key) => later({}, () => (entries.has(key) ? key : undefined)),
      getAllKeys: () => later({}, () => [...entries.keys()]),
      put: (value, key) => later({}, () => { entries.set(key, value); return key; }),
    };
    return {
      name,
      objectStoreNames: { length: 1, contains: () => true },
      transaction: () => ({ objectStore: () => store }),
      close() {},
    };
  }

  // Fills `request` with `run()`'s result (or error) in a later task and calls its handlers.
  function later(request, run) {
    Object.assign(request, { readyState: "pending", result: undefined, error: null,
                             onsuccess: null, onerror: null });
    setTimeout(() => {
      request.readyState = "done";
      try {
        request.result = run();
      } catch (err) {
        request.error = err;
        request.onerror?.call(request, { type: "error", target: request });
        return;
      }
      request.onsuccess?.call(request, { type: "success", target: request });
    });
    return request;
  }

  const guarded = { open };
  if (factory) {
    // keep every other method of the browser's IDBFactory (deleteDatabase, cmp, databases)
    factory.open = open;
  } else {
    try {
      Object.defineProperty(self, "indexedDB", { value: guarded, configurable: true, writable: true });
    } catch { /* not ours to replace: PyScript may not start, as without this guard */ }
  }
}
