// Altibox boards in any web page (issue 21; DESIGN.md §3 "The host page's script").
//
//   <script src="https://SITE/static/embed.js"></script>
//   <altibox-board game="alto" pos="…" caption="…"></altibox-board>
//
// Each <altibox-board> draws into an open shadow root holding our stylesheets. At once it shows a
// first picture (the element's own content, e.g. the board's SVG a snippet carries, else a small
// drawing of the game) with its caption and "Loading"; Python starts when a board comes into view
// or is touched. Every board of the page shares ONE Python: a module Worker (made from a blob:
// URL, so it belongs to the host page) imports our pinned Pyodide from `src` (the site sends
// Access-Control-Allow-Origin: *), unpacks py.tar.gz and answers through web.play.hostboards.handle.
// Its memory snapshot is kept in the host page's own Cache Storage (made after the boards are
// ready and the page is idle, by static/boot/snapshot-worker.mjs), so a returning reader starts
// warm even where third-party storage is blocked. Where the page's CSP forbids the worker or our
// origin, each board falls back to an <iframe> of ?embed=1 (static/embed.js talks to it only
// through postMessage checked against the frame's window and our origin).
// Events on the element: altibox:ready, altibox:move {ply, move, position}, altibox:solved
// {scene, index}, altibox:error {message}. Nothing here touches the player's saves on our origin.
(() => {
  "use strict";
  if (!self.customElements || customElements.get("altibox-board")) return;
  const ME = document.currentScript && document.currentScript.src;
  const SITE = new URL("../", ME || location.href).href; // embed.js lives in <site>/static/
  // the page's own attributes (never embed parameters), as in web.play.hostboards
  const PAGE_OWN = /^(src|class|id|style|slot|hidden|title|lang|dir|tabindex|role|data-.*|aria-.*)$/;
  const NAMES = { alto: "Alto", altitude: "Altitude", altiplano: "Altiplano" };
  const PICTURES = { // a drawing of each game, shown before Python (no position in it)
    alto: '<svg viewBox="0 0 400 400" aria-hidden="true">' + [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) =>
      `<rect x="${20 + c * 92}" y="${20 + r * 92}" width="84" height="84" rx="8" fill="${(r + c) % 3 ? "#efe6d2" : "#2d2d33"}" stroke="#6b6257"/>`).join("")).join("") + "</svg>",
    altitude: '<svg viewBox="0 0 400 260" aria-hidden="true">' + [0, 1, 2, 3, 4, 5, 6].map((i) =>
      `<rect x="${14 + i * 54}" y="${150 - 18 * Math.min(i, 6 - i)}" width="48" height="70" rx="6" fill="#fffdf9" stroke="#6b6f7a"/>`).join("") + "</svg>",
    altiplano: '<svg viewBox="0 0 400 400" aria-hidden="true">' + [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
      const a = (i * Math.PI) / 4, x = 200 + 140 * Math.cos(a), y = 200 + 140 * Math.sin(a);
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="40" fill="#efe6d2" stroke="#6b6257"/>`;
    }).join("") + '<circle cx="200" cy="200" r="70" fill="none" stroke="#6b6257" stroke-dasharray="6 6"/></svg>',
  };
  const NARROW_BELOW = 760; // as web.play.board.NARROW_BELOW: boards narrower use their phone layout
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const FIRST_CSS = `:host { --bg: #f6f3ee; --ink: #1f2430; --muted: #6b6f7a; font-family: system-ui, sans-serif; }
.theme-dark { --bg: #171a21; --ink: #e8e6e1; --muted: #a9acb5; }`; // before our stylesheet arrives
  const BASE_CSS = `:host { display: block; contain: content; }
.first { display: flex; flex-direction: column; gap: .35rem; padding: .4rem; background: var(--bg); color: var(--ink); }
.first svg, .wboard svg, .scene-board svg { display: block; width: 100%; height: auto; max-height: none; }
.first .pic { opacity: .55; } .first .loading { margin: 0; color: var(--muted); }
.widget { height: auto; padding: .4rem; } .scene { margin: 0; }
iframe { display: block; width: 100%; border: 0; }`;

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const settings = () => { try { return JSON.parse(localStorage.getItem("altibox:settings")) || {}; } catch { return {}; } };

  // ------------------------------------------------------------ one runtime per site per page
  const runtimes = new Map(); // site -> Runtime

  class Runtime {
    constructor(site) {
      this.site = site;
      this.boards = new Map(); // n -> element
      this.failed = false;
      this.css = Promise.all(["static/css/altibox.css", "static/css/altiplano.css"].map((p) =>
        fetch(site + p).then((r) => r.text()))).then((texts) => {
        const sheet = new CSSStyleSheet();
        // the page-wide selectors, read for one board: :root is the element, html[data-game] its widget
        sheet.replaceSync(texts.join("\n").replace(/:root\b/g, ":host").replace(/\bhtml\[data-game=/g, "[data-widget=") + "\n" + BASE_CSS);
        return sheet;
      }).catch(() => null);
      this.worker = null;
      this.started = null;
    }

    start() {
      if (this.started) return this.started;
      this.started = new Promise((resolve, reject) => {
        let worker;
        try {
          const code = `import { loadPyodide, version } from ${JSON.stringify(this.site + "static/vendor/pyodide/pyodide.mjs")};
const SITE = ${JSON.stringify(this.site)};
let handle = null;
const hex = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", b)), (x) => x.toString(16).padStart(2, "0")).join("");
const boot = (async () => {
  const zipRes = await fetch(SITE + "py.tar.gz");
  if (!zipRes.ok) throw new Error("py.tar.gz: HTTP " + zipRes.status);
  const zip = await zipRes.arrayBuffer();
  const key = SITE + "embed-snapshot/" + version + "/" + (await hex(zip)).slice(0, 16);
  const opts = { indexURL: SITE + "static/vendor/pyodide/" };
  let py = null, how = "cold", cache = null;
  try { cache = self.caches ? await caches.open("altibox-snapshot") : null; } catch { cache = null; }
  const res = cache && (await cache.match(key));
  if (res) {
    try {
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (String(bytes.length) !== res.headers.get("x-size") || (await hex(bytes)) !== res.headers.get("x-sha256")) throw new Error("damaged");
      py = await loadPyodide({ ...opts, _loadSnapshot: bytes });
      if (py.runPython("import sys; 'web.play.session' in sys.modules") !== true) throw new Error("foreign");
      how = "snapshot";
    } catch (err) { py = null; try { await cache.delete(key); } catch {} }
  }
  if (!py) py = await loadPyodide(opts);
  py.unpackArchive(zip, "gztar", { extractDir: "." });
  handle = py.pyimport("web.play.hostboards").handle;
  return { how, key, storage: !!cache };
})();
self.onmessage = async ({ data }) => {
  let info;
  try { info = await boot; } catch (err) { self.postMessage({ op: "failed", error: String(err && err.message || err) }); return; }
  if (data.op === "hello") { self.postMessage({ op: "booted", ...info }); return; }
  self.postMessage(JSON.parse(handle(JSON.stringify(data))));
};`;
          worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), { type: "module" });
        } catch (err) { // the page's CSP forbids blob: workers
          reject(err);
          return;
        }
        worker.onerror = (e) => { e.preventDefault(); reject(new Error(e.message || "the worker could not start")); };
        worker.onmessage = ({ data }) => {
          if (data.op === "booted") { this.worker = worker; this.boot = data; resolve(data); worker.onmessage = (m) => this.answer(m.data); return; }
          if (data.op === "failed") reject(new Error(data.error));
        };
        worker.postMessage({ op: "hello" });
      }).then((info) => { this.whenIdle(); return info; }, (err) => { this.fail(err); throw err; });
      this.started.catch(() => {});
      return this.started;
    }

    send(msg) { this.start().then(() => this.worker.postMessage(msg), () => {}); }

    answer(data) {
      if (data.op === "failed") return this.fail(new Error(data.error));
      const el = this.boards.get(data.n);
      if (el) el._answer(data);
      this.whenIdle();
    }

    fail(err) { // no worker here (CSP, no module workers): each board becomes a frame
      if (this.failed) return;
      this.failed = true;
      console.info("altibox-board: one Python for the page is not possible here, using frames:", err && err.message);
      for (const el of this.boards.values()) el._frame();
    }

    // after the boards are ready and 3 s pass without a message: make the memory snapshot
    whenIdle() {
      clearTimeout(this.idle);
      if (this.snapshotTried || !this.boot || this.boot.how === "snapshot" || !this.boot.storage) return;
      this.idle = setTimeout(() => this.makeSnapshot(), 3000);
    }

    makeSnapshot() {
      if (this.snapshotTried || settings().snapshot === false) { this.snapshot = "off"; return; }
      this.snapshotTried = true;
      const run = () => new Promise((resolve) => {
        let w;
        try {
          const code = `import ${JSON.stringify(this.site + "static/boot/snapshot-worker.mjs")};`;
          w = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), { type: "module" });
        } catch { resolve(); return; }
        const done = (ok) => { w.terminate(); this.snapshot = ok ? "saved" : "failed"; resolve(); };
        w.onmessage = (e) => { if (!e.data.ok) console.info("altibox-board: no snapshot made:", e.data.error); done(e.data.ok); };
        w.onerror = (e) => { e.preventDefault(); done(false); };
        w.postMessage({ indexURL: this.site + "static/vendor/pyodide/", code: this.site + "py.tar.gz", cache: "altibox-snapshot",
                        key: this.boot.key, prefix: this.site + "embed-snapshot/" });
      });
      const locks = navigator.locks;
      if (!locks) { run(); return; }
      locks.request(`altibox-snapshot:${this.boot.key}`, { ifAvailable: true }, (lock) => lock ? run() : null).catch(() => {});
    }
  }

  const runtime = (site) => {
    if (!runtimes.has(site)) runtimes.set(site, new Runtime(site));
    return runtimes.get(site);
  };

  // ------------------------------------------------------------ the element
  let counter = 0;
  const seen = new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) e.target._wake();
  }, { rootMargin: "200px" });
  const sized = new ResizeObserver((entries) => { for (const e of entries) e.target._resized(); });

  class AltiboxBoard extends HTMLElement {
    connectedCallback() {
      if (this._n) return;
      this._n = ++counter;
      this._site = this.getAttribute("src") ? new URL(this.getAttribute("src"), location.href).href.replace(/[?#].*$/, "").replace(/\/?$/, "/") : SITE;
      this._rt = runtime(this._site);
      this._rt.boards.set(this._n, this);
      const root = this.shadowRoot || this.attachShadow({ mode: "open" });
      this._root = root;
      const game = this.getAttribute("game") || "";
      const dark = this.getAttribute("theme") === "dark";
      const caption = this.getAttribute("caption") || "";
      // the first picture: the element's own content (a snippet's SVG) through <slot>, else a drawing
      root.innerHTML = `<style>${FIRST_CSS}\n${BASE_CSS}</style>` +
        `<div class="first widget${dark ? " theme-dark" : ""}" data-widget="${esc(game)}">` +
        `<div class="pic"><slot>${PICTURES[game] || PICTURES.alto}</slot></div>` +
        (caption ? `<p class="wcaption">${esc(caption)}</p>` : "") +
        `<p class="loading" role="status">${esc(NAMES[game] || "Altibox")}: loading the board…</p></div>`;
      this._rt.css.then((sheet) => { if (sheet) root.adoptedStyleSheets = [sheet]; });
      if (this._wired) { seen.observe(this); sized.observe(this); return; } // moved in the page
      this._wired = true;
      root.addEventListener("click", (e) => this._click(e.target));
      root.addEventListener("keydown", (e) => {
        const cell = e.target.closest && e.target.closest("[data-cell]");
        if (cell && ARROWS[e.key]) { e.preventDefault(); return this._arrow(cell, ...ARROWS[e.key]); }
        if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("[data-cell],button[data-step],[data-scene-action],[data-action]")) {
          e.preventDefault();
          this._keyCell = (e.target.closest("[data-cell]") || {}).dataset?.cell || null;
          this._click(e.target);
        }
      });
      this.addEventListener("pointerdown", () => this._wake());
      this.addEventListener("focusin", () => this._wake());
      seen.observe(this);
      this._narrow = this.clientWidth < NARROW_BELOW;
      sized.observe(this);
    }

    disconnectedCallback() {
      seen.unobserve(this);
      sized.unobserve(this);
      if (this._rt && this._rt.boards.get(this._n) === this) {
        this._rt.boards.delete(this._n);
        if (this._rt.worker) this._rt.worker.postMessage({ op: "close", n: this._n });
      }
      this._n = 0;
      this._opened = this._live = false;
    }

    _attrs() {
      const out = {};
      for (const a of this.attributes) out[a.name] = a.value;
      return out;
    }

    _wake() { // start Python (once per page) and open this board in it
      if (this._opened || !this._n) return;
      this._opened = true;
      seen.unobserve(this);
      if (this._rt.failed) return this._frame();
      this._rt.send({ op: "open", n: this._n, attrs: this._attrs(), width: this.clientWidth });
    }

    _click(target) {
      if (!this._live || !target.closest) return;
      const step = target.closest("button[data-step]"); // (a lesson's #board carries data-step too)
      if (step) { if (!step.disabled) this._act({ step: step.dataset.step }); return; }
      if (target.closest("[data-scene-action]")) return this._act({ action: "reset" });
      const nav = target.closest('[data-action="prev-scene"],[data-action="next-scene"]');
      if (nav) { if (!nav.disabled) this._act({ action: nav.dataset.action }); return; }
      const move = target.closest("[data-move]"), cell = target.closest("[data-cell]");
      if (move || cell) this._act({ move: move ? move.getAttribute("data-move") : null, cell: cell ? cell.getAttribute("data-cell") : null });
    }

    // an arrow key on a cell: the nearest cell that way, by place on screen (the rule of
    // web.play.board.nearest: distance ahead plus twice the distance sideways)
    _arrow(cell, dx, dy) {
      const centre = (n) => { const r = n.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
      const [cx, cy] = centre(cell);
      let best = null, bestD = Infinity;
      for (const other of this._root.querySelectorAll("[data-cell]")) {
        const [x, y] = centre(other), along = (x - cx) * dx + (y - cy) * dy;
        const d = along + 2 * Math.abs((x - cx) * dy - (y - cy) * dx);
        if (along > 1 && d < bestD) { best = other; bestD = d; }
      }
      if (!best) return;
      cell.setAttribute("tabindex", "-1");
      best.setAttribute("tabindex", "0");
      best.focus();
    }

    _resized() { // the phone layout starts below NARROW_BELOW px: draw again when the line is crossed
      const narrow = this.clientWidth < NARROW_BELOW;
      if (this._live && narrow !== this._narrow) this._rt.send({ op: "draw", n: this._n, width: this.clientWidth });
      this._narrow = narrow;
    }

    _act(what) { this._rt.send({ op: "act", n: this._n, cell: null, move: null, step: null, action: null, ...what, width: this.clientWidth }); }

    _answer(data) {
      if (data.quiet) { console.info(data.quiet); this._quiet = data.quiet; } // also said under the board
      const active = this._root.activeElement;
      const focus = this._keyCell || (active && active.closest && active.closest("[data-cell]") ? active.getAttribute("data-cell") : null);
      const stepFocus = active && active.matches && active.matches("button[data-step]") ? active.dataset.step : null;
      this._keyCell = null;
      if (data.html !== undefined) {
        this._root.innerHTML = data.html;
        if (this._quiet) { // the quiet line of unknown names (as the page's #param-note)
          const p = document.createElement("p");
          p.className = "param-note muted";
          p.textContent = this._quiet;
          this._root.appendChild(p);
        }
      }
      if (data.html !== undefined) this._live = !data.events.some(([type]) => type === "altibox:error");
      if (focus) (this._root.querySelector(`[data-cell="${CSS.escape(focus)}"]`) || this._root.querySelector('[tabindex="0"]'))?.focus();
      else if (stepFocus) this._root.querySelector(`button[data-step="${CSS.escape(stepFocus)}"]:not([disabled])`)?.focus();
      for (const [type, detail] of data.events) this._emit(type, detail);
    }

    _emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true })); }

    // ---------------------------------------------------------- the fallback: one frame per board
    _frame() {
      if (this._framed || !this._n) return;
      this._framed = true;
      const q = new URLSearchParams({ embed: "1" });
      for (const [k, v] of Object.entries(this._attrs())) if (!PAGE_OWN.test(k)) q.set(k, v);
      const origin = new URL(this._site).origin;
      const f = document.createElement("iframe");
      f.title = `${NAMES[this.getAttribute("game")] || "Altibox"} board`;
      f.src = `${this._site}?${q}`;
      f.style.height = `${Math.round(Math.max(this.clientWidth, 240) * 1.15 + 90)}px`; // until the frame says its height
      this._root.replaceChildren(f);
      // the frame speaks after our hello (sent to our origin only, until it answers: Python
      // starts seconds after the frame's load), and only to this page's origin
      const hello = () => f.contentWindow && f.contentWindow.postMessage({ altibox: "hello" }, origin);
      let tries = 0;
      const timer = setInterval(() => (++tries > 240 ? clearInterval(timer) : hello()), 500);
      addEventListener("message", (e) => {
        if (e.source !== f.contentWindow || e.origin !== origin || !e.data || typeof e.data.altibox !== "string") return;
        const d = e.data;
        if (d.altibox === "hello") clearInterval(timer);
        else if (/^altibox:(ready|move|solved|error)$/.test(d.altibox)) {
          let detail = {};
          try { detail = JSON.parse(d.json); } catch { /* a detail we cannot read: none */ }
          this._emit(d.altibox, detail);
        }
      });
    }
  }

  customElements.define("altibox-board", AltiboxBoard);
  // how each site's Python started, for a page's own checks and our tests: [{site, boot, snapshot}]
  // (boot: "cold" | "snapshot" | "frames" | null before; snapshot: "saved" | "failed" | null)
  Object.defineProperty(self, "AltiboxEmbed", { value: Object.freeze({
    status: () => [...runtimes.values()].map((r) => ({ site: r.site, boot: r.failed ? "frames" : r.boot ? r.boot.how : null,
                                                      snapshot: r.snapshot || null })),
  }) });
})();
