"""Parameter names a page knows, and the quiet line about those it does not (issue 20, point 6).

Pure Python, CPython-tested. A misspelled parameter *name* (``contorls=1``) is otherwise ignored
without a word; a page says so in one quiet line, with a "did you mean" from :mod:`difflib`. A
bad *value* of a known name still gets its own message where it is read. ``amp;X`` (what
``&amp;`` pasted from an HTML snippet becomes) is read as ``X`` by
:func:`web.links.routes.first_values`, so it is never unknown.

    >>> unknown_notice({"game": "alto", "contorls": "1", "captoin": "Hi"}, {})
    'This link has parameters this page does not know: “contorls” (did you mean “controls”?), “captoin” (did you mean “caption”?).'
    >>> unknown_notice({"game": "alto", "seat2": "hard"}, {}) is None
    True
"""

from __future__ import annotations

import re

KNOWN = ("game", "new", "seed", "players", "form", "page", "rec", "ply", "pos", "embed", "interactive",
         "controls", "scene", "lesson", "theme", "caption", "focus", "autoplay", "frame", "step")
"""Every parameter name of DESIGN.md §3 (URLs), besides ``seatN`` and each game's options."""

_SEAT = re.compile(r"seat[0-9]{1,2}")


def unknown_names(params: dict[str, str], options: dict) -> list[str]:
    """The parameter names in ``params`` that no page reads (in the link's order).

    Args:
        options: the game's ``OPTIONS`` (their names are parameters too); ``{}`` for none.
    """
    known = set(KNOWN) | set(options)
    return [k for k in params if k not in known and not _SEAT.fullmatch(k)]


def unknown_notice(params: dict[str, str], options: dict) -> str | None:
    """One quiet line naming the unknown parameter names, each with a "did you mean" when a
    known name is close (:func:`difflib.get_close_matches`); None when every name is known."""
    names = unknown_names(params, options)
    if not names:
        return None
    import difflib  # only for a link with an unknown name: every start reads this module, and
    # Pyodide compiles difflib from source (~40 ms of a cold start)
    known = list(KNOWN) + list(options)
    said = []
    for name in names[:5]:
        close = difflib.get_close_matches(name.lower(), known, n=1, cutoff=0.6)
        shown = name if len(name) <= 40 else name[:40] + "…"
        said.append(f"“{shown}”" + (f" (did you mean “{close[0]}”?)" if close else ""))
    more = f" and {len(names) - 5} more" if len(names) > 5 else ""
    noun = "a parameter" if len(names) == 1 else "parameters"
    return f"This link has {noun} this page does not know: {', '.join(said)}{more}."
