// Altibox's interpreter module: pyscript.toml points `interpreter` here instead of at
// ../vendor/pyodide/pyodide.mjs. PyScript only needs `version` and `loadPyodide` from it.
//
// 1. Early start: static/boot/start.mjs imports this module beside PyScript's core.js, and the
//    interpreter starts loading at once, while PyScript is still loading itself, its config and
//    its storage; PyScript's later call to loadPyodide() receives that same interpreter (its
//    stdout/stderr handlers are forwarded to). The page's code (py.tar.gz, built by serve.py) is
//    fetched at once too and unpacked by this module (not by PyScript's [files]) into Python's
//    working directory before the interpreter is handed over: inflated by the browser
//    (DecompressionStream, one stream) while Python loads, then written with Pyodide's FS, so no
//    Python code runs for it.
// 2. Fast start: when Cache Storage holds a memory snapshot made for this exact runtime version
//    and app build, Python is restored from it (about 1 s) instead of started (4-6 s). The
//    snapshot API is private to Pyodide (`_loadSnapshot`, `_makeSnapshot`), so it is used only
//    with the pinned version; any failure removes the entry and starts Python normally.
// 3. After the page is ready and idle: register the service worker (../../sw.js, offline play)
//    and, when no snapshot exists yet, let a worker make one (snapshot-worker.mjs).
// The page shows how it started in <html data-boot="snapshot|cold"> and the snapshot's fate in
// data-snapshot ("saved", "failed", "off"). `altibox:settings` {"snapshot": false} or
// {"offline": false} turns either off (the e2e tests do, except tests/e2e/test_offline.py).
// 4. In an iframe both are optional: where Cache Storage is denied (blocked third-party storage,
//    a sandboxed frame, where even reading `navigator.serviceWorker` throws) there is simply no
//    snapshot; the service worker (offline play of the site itself) is never registered from a
//    frame; several embeds of one page make one snapshot between them (a Web Lock), not one each.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const PINNED = "314.0.7"; // the only Pyodide whose snapshot API we have tested
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SITE = new URL("../../", import.meta.url).href; // the site root, under any sub-path
const BUILD = document.querySelector('meta[name="altibox-build"]')?.content || "dev";
const CACHE = "altibox-snapshot"; // Cache Storage entries: SITE + "snapshot/<version>/<build>"
const KEY = `${SITE}snapshot/${version}/${BUILD}`;
const html = document.documentElement;

function settings() {
  try {
    const s = JSON.parse(localStorage.getItem("altibox:settings"));
    return s && typeof s === "object" ? s : {};
  } catch {
    return {}; // storage denied or unreadable: defaults
  }
}

const snapshots = () => version === PINNED && "caches" in self && typeof Worker === "function"
  && settings().snapshot !== false;

// Our Cache Storage, or null where the browser denies it (opaque origin, blocked storage).
const cacheReady = (async () => {
  try { return snapshots() ? await caches.open(CACHE) : null; } catch { return null; } // even reading `caches` may throw
})();

// The snapshot's entry (a Response, or null), and its bytes read at once: index.html's inline
// script starts both as the page starts parsing (window.altiboxSnapshot, for this same key), long
// before this module runs; where it did not, they start here.
function snapshotEntry() {
  const early = globalThis.altiboxSnapshot;
  delete globalThis.altiboxSnapshot; // its 31 MB are Pyodide's once read, not the page's for ever
  if (early && early.key === KEY && early.entry && early.bytes) {
    return { entry: early.entry.catch(() => null), bytes: early.bytes }; // denied storage: no snapshot
  }
  const entry = cacheReady.then((cache) => cache && cache.match(KEY)).then((res) => res || null);
  return { entry, bytes: entry.then((res) => res && res.arrayBuffer()) };
}

// The snapshot's bytes, checked: a truncated or altered entry must not reach Pyodide (size and
// SHA-256, ~40 ms for 31 MB).
async function checkedSnapshot(res, read) {
  const bytes = new Uint8Array(await read);
  performance.mark("altibox:snapshot-read");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (String(bytes.length) !== res.headers.get("x-size") || hex !== res.headers.get("x-sha256")) {
    throw new Error("snapshot entry damaged");
  }
  performance.mark("altibox:snapshot-checked");
  return bytes;
}

async function dropSnapshot() {
  try { await (await cacheReady)?.delete(KEY); } catch { /* nothing to remove */ }
}

// Start looking for the snapshot now: PyScript does other work before it calls loadPyodide.
let early = snapshots() ? snapshotEntry() : null; // null once used: the bytes are Pyodide's then
early?.entry.catch(() => {}); // reported by start()
early?.bytes.catch(() => {});

// Python's output goes to PyScript's handlers once loadPyodide() gives them, to the console before.
const out = { stdout: (s) => console.log(s), stderr: (s) => console.error(s) };
const stdio = { stdout: (...a) => out.stdout(...a), stderr: (...a) => out.stderr(...a) };

// The page's code, fetched now (index.html preloads it) and inflated while Python loads.
const code = fetchCode();
code.catch(() => {}); // reported by start() when the interpreter needs it

// The interpreter, started at once (see 1.), with the page's code unpacked.
let pyodide = null;
const started = start().then((py) => (pyodide = py));
started.catch(() => {}); // reported when PyScript asks for it

export async function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") out.stdout = options.stdout;
  if (typeof options.stderr === "function") out.stderr = options.stderr;
  return started;
}

async function start() {
  if (early) {
    const { entry, bytes } = early;
    early = null;
    try {
      const res = await entry;
      if (res) {
        // the entry exists: Pyodide starts fetching and compiling its runtime while the
        // snapshot's bytes are still being read and checked (_loadSnapshot takes a promise)
        const checked = checkedSnapshot(res, bytes);
        // handled here too: a check that fails before Pyodide awaits it is no unhandled
        // rejection (a "pageerror"); Pyodide still gets it and load() throws into the catch below
        checked.catch(() => {});
        const py = await load({ ...stdio, indexURL: INDEX_URL, _loadSnapshot: checked });
        performance.mark("altibox:restored");
        // a foreign snapshot (another app, no modules of ours) is not ours to use
        const ns = py.toPy({});
        const ours = py.runPython("import sys; 'web.play.session' in sys.modules and 'altibox.core' in sys.modules",
                                  { globals: ns });
        ns.destroy();
        if (ours !== true) throw new Error("snapshot without the app's modules");
        await unpack(py);
        performance.mark("altibox:interpreter");
        html.dataset.boot = "snapshot";
        whenIdle(() => registerWorker());
        return py;
      }
    } catch (err) {
      console.info("Altibox: starting Python without the snapshot:", err && err.message);
      await dropSnapshot();
    }
  }
  const py = await load({ ...stdio, indexURL: INDEX_URL });
  await unpack(py);
  performance.mark("altibox:interpreter");
  html.dataset.boot = "cold";
  whenIdle(() => { registerWorker(); makeSnapshot(); });
  return py;
}

// The page's code (py.tar.gz) as [path, bytes] pairs, or as its raw bytes where the browser
// cannot inflate it (then Python unpacks it).
async function fetchCode() {
  const res = await fetch(`${SITE}py.tar.gz`);
  if (!res.ok) throw new Error(`py.tar.gz: HTTP ${res.status}`);
  const gz = await res.arrayBuffer();
  performance.mark("altibox:code-fetched");
  try {
    if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
    const tar = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const files = untar(new Uint8Array(tar));
    performance.mark("altibox:code-inflated");
    return { files };
  } catch (err) {
    console.info("Altibox: py.tar.gz unpacked by Python:", err && err.message);
    return { gz };
  }
}

// The regular files of a ustar archive (what serve.py writes) as [path, bytes].
function untar(tar) {
  const text = new TextDecoder();
  const field = (at, len) => {
    const bytes = tar.subarray(at, at + len);
    const end = bytes.indexOf(0);
    return text.decode(end < 0 ? bytes : bytes.subarray(0, end));
  };
  const files = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const name = field(at, 100);
    if (!name) break; // the end: blocks of zeros
    if (field(at + 257, 5) !== "ustar") throw new Error("not a ustar archive");
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const type = field(at + 156, 1);
    const prefix = field(at + 345, 155);
    const path = prefix ? `${prefix}/${name}` : name;
    if (path.startsWith("/") || path.split("/").includes("..")) throw new Error(`bad entry ${path}`);
    if (type === "0" || type === "") files.push([path, tar.slice(at + 512, at + 512 + size)]);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  if (!files.length) throw new Error("an empty archive");
  return files;
}

// Writes the page's code into Python's working directory (as PyScript's "./*" did).
async function unpack(py) {
  const { files, gz } = await code;
  if (gz) {
    py.unpackArchive(gz, "gztar", { extractDir: "." });
    return;
  }
  const { FS } = py;
  const cwd = FS.cwd();
  for (const [name, bytes] of files) {
    const slash = name.lastIndexOf("/");
    if (slash > 0) FS.mkdirTree(`${cwd}/${name.slice(0, slash)}`);
    FS.writeFile(`${cwd}/${name}`, bytes);
  }
}

// Run `fn` once the page is ready (html.ready), then 2 s without a click or key, then idle.
function whenIdle(fn) {
  let timer = 0;
  const arm = () => { clearTimeout(timer); timer = setTimeout(go, 2000); };
  const go = () => {
    removeEventListener("pointerdown", arm, true);
    removeEventListener("keydown", arm, true);
    (self.requestIdleCallback || setTimeout)(fn, { timeout: 5000 });
  };
  const ready = () => {
    addEventListener("pointerdown", arm, true);
    addEventListener("keydown", arm, true);
    arm();
  };
  if (html.classList.contains("ready")) return ready();
  const mo = new MutationObserver(() => {
    if (html.classList.contains("ready")) { mo.disconnect(); ready(); }
  });
  mo.observe(html, { attributes: true, attributeFilter: ["class"] });
}

async function makeSnapshot() {
  if (!snapshots() || !(await cacheReady)) { html.dataset.snapshot = "off"; return; }
  // one maker at a time per storage (tabs, or several embeds of one page): the others skip
  const locks = navigator.locks;
  if (!locks) return startWorker();
  try {
    await locks.request(`${CACHE}:${KEY}`, { ifAvailable: true }, async (lock) => {
      if (!lock) { html.dataset.snapshot = "off"; return; }
      if (await (await cacheReady).match(KEY)) { html.dataset.snapshot = "saved"; return; }
      await startWorker();
    });
  } catch { html.dataset.snapshot = "off"; }
}

function startWorker() {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    const done = (ok) => { worker.terminate(); html.dataset.snapshot = ok ? "saved" : "failed"; resolve(); };
    worker.onmessage = (e) => {
      if (!e.data.ok) console.info("Altibox: no snapshot made:", e.data.error);
      done(e.data.ok);
    };
    worker.onerror = (e) => { e.preventDefault(); done(false); };
    worker.postMessage({ indexURL: INDEX_URL, code: `${SITE}py.tar.gz`, cache: CACHE, key: KEY,
                         prefix: `${SITE}snapshot/`, pyscript: pyscriptFiles() });
  });
}

// PyScript's own Python package as this page's Python holds it ([absolute path, text] of each
// pyscript/*.py): the snapshot keeps it compiled (snapshot-worker.mjs). Empty when unreadable.
function pyscriptFiles() {
  try {
    const { FS } = pyodide;
    const dir = `${FS.cwd()}/pyscript`;
    return FS.readdir(dir).filter((n) => n.endsWith(".py"))
      .map((n) => [`${dir}/${n}`, FS.readFile(`${dir}/${n}`, { encoding: "utf8" })]);
  } catch {
    return [];
  }
}

// The service worker (offline play, installable app). When a new deploy takes over a page that
// an older version served, say so in #notice: the next visit uses it. The browser checks for a
// new sw.js on every visit, possibly before we register again: watch from the start.
// Not from an iframe (an embed lives in its host page), and reading it throws in sandboxed frames.
const sw = (() => {
  try { return self === top && "serviceWorker" in navigator ? navigator.serviceWorker : null; } catch { return null; }
})();
const firstController = sw && sw.controller;
sw?.addEventListener("controllerchange", updateReady);

function updateReady() {
  if (!firstController || settings().offline === false) return; // a first install: no update
  const box = document.getElementById("notice");
  if (!box || html.dataset.update) return;
  box.querySelector(".text").textContent =
    "An update of Altibox is ready: reload the page (or open it again) to use it.";
  box.hidden = false;
  html.dataset.update = "ready";
}

function registerWorker() {
  if (!sw || settings().offline === false) return;
  sw.register(new URL("../../sw.js", import.meta.url)).catch((err) => {
    console.info("Altibox: no offline play here:", err && err.message);
  });
}
