"""Labels that run into each other, in the page (issue 22): every visible text label of a board
(SVG ``<text>``) and of the bars (the status, the "why not" line, the turn buttons, the banner)
is measured on screen, and any two whose ink overlaps are reported. Shared by
tests/e2e/test_phone_layout.py and screenshot scripts.

A label's box is its ``getBoundingClientRect`` with the line's leading taken off (a text's box
is its font's whole line: ascent to descent, taller than its letters), so two lines that only
touch are not counted. A label inside its own badge (a pill, a disc) is one thing, not a
collision; a badge (``.scored``, a turn or stat pill's text) is a label like any other.
"""

from __future__ import annotations

#: ``(selector) -> [{"a": text, "b": text, "where": [class, class], "px": overlap area}]``
#: for every pair of visible labels under ``selector`` whose boxes overlap by more than 2 px in
#: both directions. SVG texts are compared within the same ``<svg>``; HTML labels with each other.
COLLISIONS_JS = r"""
(selector) => {
  const root = document.querySelector(selector) || document;
  const visible = el => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || +cs.opacity === 0) return false;
      if (e.hidden) return false;
    }
    return true;
  };
  const ink = (el, r) => {
    // the letters' height is about 0.72 of the font size (capitals and digits); the box is the
    // line: take the leading off, above and below, keeping the baseline's side
    const m = el.getScreenCTM ? el.getScreenCTM() : null;
    const fs = parseFloat(getComputedStyle(el).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
    const lines = Math.max(1, Math.round(r.height / (fs * 1.25)));
    const cut = Math.max(0, (r.height - lines * fs * 0.78) / 2);
    return {left: r.left + 1, right: r.right - 1, top: r.top + cut, bottom: r.bottom - cut};
  };
  const labels = [];
  for (const t of root.querySelectorAll("svg text")) {
    if (!t.textContent.trim() || !visible(t)) continue;
    labels.push({el: t, group: t.closest("svg"), box: ink(t, t.getBoundingClientRect()),
                 text: t.textContent.trim().slice(0, 30), where: t.getAttribute("class") || "text"});
  }
  // badges (a disc or pill with its own words: Altitude's "+1" of an animal scored, Alto's
  // height badge and score tags) may cover no other label
  for (const g of root.querySelectorAll("svg :is(.scored, .badge, .score-tag)")) {
    if (!visible(g)) continue;
    const r = g.getBoundingClientRect();
    labels.push({el: g, group: g.closest("svg"),
                 box: {left: r.left + 1, right: r.right - 1, top: r.top + 1, bottom: r.bottom - 1},
                 text: g.textContent.trim().slice(0, 30) || "(badge)", where: g.getAttribute("class")});
  }
  const html = ["#status", "#hint", "#banner", ".turnbar button", ".turnbar .button", ".turnbar label"];
  for (const el of document.querySelectorAll(html.join(","))) {
    if (!el.textContent.trim() || !visible(el) || el.closest("svg")) continue;
    // the text's own extent (a button's padding is not its label), without words kept for
    // assistive technology only (a 1 px clipped box: the phone bar's "Undo" beside its ↶)
    const srOnly = e => { const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
      return r.width <= 1 && r.height <= 1 && cs.overflow === "hidden"; };
    const rects = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim() || srOnly(n.parentElement) || !visible(n.parentElement)) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      rects.push(...[...range.getClientRects()].filter(r => r.width > 0 && r.height > 0));
    }
    for (const r of rects) {
      labels.push({el, group: "html", box: ink(el, r), text: el.textContent.trim().slice(0, 30),
                   where: el.id ? "#" + el.id : el.tagName.toLowerCase()});
    }
  }
  const out = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i], b = labels[j];
      if (a.group !== b.group || a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (w > 2 && h > 2) out.push({a: a.text, b: b.text, where: [a.where, b.where], px: Math.round(w * h)});
    }
  }
  return out;
}
"""


def collisions(page, selector: str = "body") -> list[dict]:
    """The pairs of labels that overlap on screen under ``selector`` (empty when none do)."""
    return page.evaluate(COLLISIONS_JS, selector)
