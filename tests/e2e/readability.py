"""Measuring what a player can read, in the page (issue 12): the smallest text on screen in CSS
pixels, SVG scaling included. Shared by tests/e2e/test_polish.py and screenshot scripts."""

from __future__ import annotations

#: Every visible text in the page: ``[{"px": size on screen, "text": ..., "where": ...}]``.
#: For SVG text the computed font-size is multiplied by the element's scale on screen
#: (``getScreenCTM``: the viewBox scaling and every transform, e.g. the drawn card's 1.25).
TEXT_SIZES_JS = r"""
() => {
  const out = [];
  const visible = el => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const shut = el.closest("details:not([open])");             // a closed <details> shows only its summary
    if (shut && !el.closest("summary")) return false;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || +cs.opacity === 0) return false;
    }
    return true;
  };
  for (const el of document.querySelectorAll("svg text, svg tspan")) {
    if (!el.textContent.trim() || !visible(el)) continue;
    if (el.tagName === "tspan" && el.parentElement && getComputedStyle(el).fontSize === getComputedStyle(el.parentElement).fontSize) continue;
    const m = el.getScreenCTM();
    const scale = m ? Math.sqrt(m.a * m.a + m.b * m.b) : 1;
    out.push({px: parseFloat(getComputedStyle(el).fontSize) * scale, text: el.textContent.trim().slice(0, 40),
              where: (el.getAttribute("class") || el.tagName)});
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest("svg") || !visible(el)) continue;
    if (el.closest(".sr-only")) continue;
    out.push({px: parseFloat(getComputedStyle(el).fontSize), text: n.textContent.trim().slice(0, 40),
              where: el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "")});
  }
  return out;
}
"""


def smallest_texts(page, limit: float = 11.0) -> list[dict]:
    """The texts on screen smaller than ``limit`` CSS px (an empty list when all are readable)."""
    return sorted((t for t in page.evaluate(TEXT_SIZES_JS) if t["px"] < limit - 1e-6), key=lambda t: t["px"])


def horizontal_overflow(page) -> int:
    """How many CSS px the page scrolls sideways (0: it does not)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
