"""Text helpers for what players type: user-perceived characters (grapheme clusters).

Pure Python, standard library only (it runs in Pyodide too, where the ``regex`` module's ``\\X``
is not available). :func:`graphemes` follows the extended grapheme cluster rules of Unicode
Standard Annex #29 (GB3–GB13, without the Indic conjunct rule GB9c) closely enough for names: combining marks and spacing marks stay
with their base, emoji modifiers (skin tones), variation selectors and tag sequences stay with
their emoji, zero-width-joiner sequences (families, professions) stay whole, regional-indicator
pairs (flags) stay whole, Hangul jamo sequences form one syllable, and CR LF is one character.
The tests compare it with the ``regex`` module's ``\\X`` on generated text.
"""

from __future__ import annotations

import unicodedata

ZWJ = "\u200d"
# Prepend characters (GB9b): Arabic/Syriac number signs and the like, and a few Indic ones
PREPEND = frozenset([*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x0D4E,
                     0x110BD, 0x110CD, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A,
                     *range(0x11A84, 0x11A8A), 0x11D46, 0x11F02])


def _kind(ch: str) -> str:
    """The Grapheme_Cluster_Break class of one code point, as far as names need it."""
    cp = ord(ch)
    if ch == "\r":
        return "CR"
    if ch == "\n":
        return "LF"
    if ch == ZWJ:
        return "ZWJ"
    if 0x1F1E6 <= cp <= 0x1F1FF:
        return "RI"
    if cp in PREPEND:
        return "Prepend"
    if 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F or ch == "\u200c":
        return "Extend"  # emoji modifiers, tags, zero-width non-joiner
    if 0x1100 <= cp <= 0x115F or 0xA960 <= cp <= 0xA97C:
        return "L"
    if 0x1160 <= cp <= 0x11A7 or 0xD7B0 <= cp <= 0xD7C6:
        return "V"
    if 0x11A8 <= cp <= 0x11FF or 0xD7CB <= cp <= 0xD7FB:
        return "T"
    if 0xAC00 <= cp <= 0xD7A3:
        return "LV" if (cp - 0xAC00) % 28 == 0 else "LVT"
    cat = unicodedata.category(ch)
    if cat in ("Mn", "Me"):
        return "Extend"
    if cat == "Mc":
        return "SpacingMark"
    if cat in ("Cc", "Zl", "Zp") or (cat == "Cf" and cp not in (0x200C, 0x200D)):
        return "Control"
    return "Other"


def _pictographic(ch: str) -> bool:
    """Extended_Pictographic, approximately: the emoji and symbol blocks."""
    cp = ord(ch)
    if 0x1F1E6 <= cp <= 0x1F1FF or 0x1F3FB <= cp <= 0x1F3FF:  # regional indicators, skin tones
        return False
    return (0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or 0x2300 <= cp <= 0x23FF
            or 0x2B00 <= cp <= 0x2BFF or cp in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139,
                                                  0x3030, 0x303D, 0x3297, 0x3299))


def graphemes(text: str) -> list[str]:
    """``text`` split into user-perceived characters (extended grapheme clusters, UAX #29).

    >>> [len(g) for g in graphemes("e\\u0301t\\u00e9 \\U0001F44D\\U0001F3FD")]
    [2, 1, 1, 1, 2]
    """
    out: list[str] = []
    prev = None
    ri_run = 0          # regional indicators in a row before this point (GB12/13)
    emoji_zwj = False   # in an Extended_Pictographic Extend* ZWJ sequence (GB11)
    in_emoji = False    # after Extended_Pictographic Extend*
    for ch in text:
        k = _kind(ch)
        join = False
        if prev is not None:
            if prev == "CR" and k == "LF":
                join = True                                   # GB3
            elif prev in ("CR", "LF", "Control") or k in ("CR", "LF", "Control"):
                join = False                                  # GB4, GB5
            elif prev == "L" and k in ("L", "V", "LV", "LVT"):
                join = True                                   # GB6
            elif prev in ("LV", "V") and k in ("V", "T"):
                join = True                                   # GB7
            elif prev in ("LVT", "T") and k == "T":
                join = True                                   # GB8
            elif k in ("Extend", "ZWJ", "SpacingMark"):
                join = True                                   # GB9, GB9a
            elif prev == "Prepend":
                join = True                                   # GB9b
            elif emoji_zwj and _pictographic(ch):
                join = True                                   # GB11
            elif prev == "RI" and k == "RI" and ri_run % 2 == 1:
                join = True                                   # GB12, GB13
        if join and out:
            out[-1] += ch
        else:
            out.append(ch)
        # state for the next code point
        if _pictographic(ch):
            in_emoji = True
        elif k != "Extend" and not (k == "ZWJ" and in_emoji):
            in_emoji = False
        emoji_zwj = k == "ZWJ" and in_emoji
        if k == "ZWJ":
            in_emoji = False
        ri_run = ri_run + 1 if k == "RI" else 0
        prev = k
    return out


def cut(text: str, limit: int) -> str:
    """At most ``limit`` user-perceived characters of ``text``, never splitting one."""
    parts = graphemes(text)
    return text if len(parts) <= limit else "".join(parts[:limit])
