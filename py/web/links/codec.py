"""Links that carry a game: records in URLs, share and embed addresses, ``<iframe>`` snippets.

Pure Python (standard library only), CPython-tested. DESIGN.md §3 (URLs): a record in a link
is plain JSON or ``z:`` + base64url (no padding) of the raw-deflated JSON (``zlib`` with
``wbits=-15``), which keeps a whole game short enough to paste::

    >>> rec = {"schema": 1, "game": "alto", "players": 2, "options": {}, "seed": 7,
    ...        "moves": ["@b2", "@c3"], "start": None, "meta": {}}
    >>> text = encode_record(rec)
    >>> text.startswith("z:"), decode_record(text) == rec
    (True, True)

A decoded record is only JSON: the rules check it afterwards (``Session.from_record`` replays
every move), so a tampered link is refused by the rules, naming the ply that failed.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from urllib.parse import quote

from altibox.core import bounded

MAX_RECORD_CHARS = 200_000
"""Longest record text read from a link (JSON or ``z:``), and longest inflated JSON."""

_B64URL = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(ValueError):
    """A link parameter that cannot be read; ``.text`` is the bad text as given."""

    def __init__(self, message: str, text: str = ""):
        super().__init__(message)
        self.text = text


def encode_record(record: dict) -> str:
    """``z:`` + base64url (no ``=`` padding) of the raw-deflated compact JSON of ``record``
    (any JSON object: a record, a scene, a lesson).

    Args:
        record: a JSON-friendly dict (a game record, DESIGN.md §2).
    Returns:
        Text made only of ``A-Z a-z 0-9 - _`` after ``z:``: safe in a URL without escaping.
    """
    data = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(data) + packer.flush()
    return "z:" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_record(text: str, what: str = "record") -> dict:
    """The record dict a link carries: plain JSON text, or ``z:`` + base64url of raw deflate.
    ``what`` names the thing in messages (``"scene"``, ``"lesson"``: the same codec).

    Args:
        text: the ``rec=`` value, already URL-decoded (a ``+`` has become a space, which
            plain JSON tolerates between tokens; inside ``z:`` text it is refused).
    Returns:
        The JSON object as a dict (not yet checked against any game's rules).
    Raises:
        LinkError: text too long, not base64url, not deflate data, not JSON, or not a
            JSON object; ``.text`` holds ``text``.
    """
    if not isinstance(text, str):
        raise LinkError(f"a {what} must be text", str(text))
    body = text.strip()
    if len(body) > MAX_RECORD_CHARS:
        raise LinkError(f"the {what} is too long ({len(body):,} characters; at most {MAX_RECORD_CHARS:,})", text)
    if body.startswith("z:"):
        packed = body[2:]
        if not _B64URL.fullmatch(packed) or len(packed) % 4 == 1:
            raise LinkError(f"the compressed {what} is damaged: after “z:” only the letters A–Z, a–z, "
                            "digits, “-” and “_” may appear", text)
        try:
            raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
            unpacker = zlib.decompressobj(-15)
            data = unpacker.decompress(raw, MAX_RECORD_CHARS + 1)
            if len(data) > MAX_RECORD_CHARS or unpacker.unconsumed_tail:
                raise LinkError(f"the compressed {what} unpacks to more than {MAX_RECORD_CHARS:,} characters", text)
            if not unpacker.eof:
                raise LinkError(f"the compressed {what} is cut short (was the link copied whole?)", text)
            body = data.decode("utf-8")
        except LinkError:
            raise
        except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
            raise LinkError(f"the compressed {what} is damaged (was the link copied whole?)", text) from None
    elif not body.startswith("{"):
        raise LinkError(f"a {what} in a link is JSON text (starting with “{{”) or “z:” followed by "
                        f"the compressed {what}", text)
    try:
        record = bounded.loads(body, f"the {what}", max_chars=MAX_RECORD_CHARS)
    except ValueError as exc:
        raise LinkError(f"the {what} is not valid JSON ({exc})", text) from None
    if not isinstance(record, dict):
        raise LinkError(f"a {what} must be a JSON object", text)
    return record


def share_query(game_id: str, record: dict) -> str:
    """The query of the play-by-link address: ``?game=G&rec=z:…`` (continue this game)."""
    return f"?game={quote(game_id)}&rec={encode_record(record)}"


def embed_query(game_id: str, *, record: dict | None = None, pos: str | None = None,
                ply: int | None = None, interactive: bool = True, controls: bool | None = None,
                theme: str | None = None, caption: str | None = None, scene: str | None = None,
                focus: str | None = None) -> str:
    """The query of an embed address (DESIGN.md §3): ``?game=G&embed=1`` and the given parts.

    Exactly the parameters :func:`web.links.embed.parse_embed` reads; ``None`` leaves one out (its
    default applies). ``pos`` is URL-encoded (spaces become ``%20``, not ``+``).
    """
    parts = [f"game={quote(game_id)}", "embed=1"]
    if scene is not None:
        parts.append(f"scene={quote(scene, safe='')}")
    if pos is not None:
        parts.append(f"pos={quote(pos, safe=',/')}")
    if record is not None:
        parts.append(f"rec={encode_record(record)}")
    if ply is not None:
        parts.append(f"ply={int(ply)}")
    if not interactive:
        parts.append("interactive=0")
    if controls is not None:
        parts.append(f"controls={int(bool(controls))}")
    if theme is not None:
        parts.append(f"theme={quote(theme)}")
    if caption:
        parts.append(f"caption={quote(caption, safe='')}")
    if focus:
        parts.append(f"focus={quote(focus)}")
    return "?" + "&".join(parts)


def iframe_snippet(url: str, title: str, width: int = 480, height: int = 560) -> str:
    """A copyable ``<iframe>`` element for ``url`` (attribute values HTML-escaped).

    ``width``/``height`` in CSS px; the embed fits its board to whatever size the frame has.
    """
    from web.html.escape import esc as escape
    return (f'<iframe src="{escape(url)}" title="{escape(title)}" '
            f'width="{int(width)}" height="{int(height)}" style="border:0;max-width:100%" '
            f'loading="lazy"></iframe>')


def script_snippet(url: str) -> str:
    """The ``embed.js`` snippet for an embed address (DESIGN.md §3, the host page's script):
    the one-line include from the same site, then an ``<altibox-board>`` whose attributes are
    the address's embed parameters (``embed=1`` left out; values HTML-escaped).

    >>> print(script_snippet("https://x.org/altibox/?game=alto&embed=1&pos=OD%2C&caption=a%20%22b%22"))
    <script src="https://x.org/altibox/static/embed.js"></script>
    <altibox-board game="alto" pos="OD," caption="a &quot;b&quot;"></altibox-board>
    """
    from urllib.parse import parse_qsl

    from web.html.escape import esc as escape
    base, _, query = url.partition("?")
    attrs = "".join(f' {escape(k)}="{escape(v)}"'
                    for k, v in parse_qsl(query, keep_blank_values=True) if k != "embed")
    return (f'<script src="{escape(base)}static/embed.js"></script>\n'
            f'<altibox-board{attrs}></altibox-board>')


def shown_text(text: str, limit: int = 160) -> str:
    """``text`` as a message quotes it: literally (escape it when writing HTML), at most
    ``limit`` characters, a cut made visible: ``…[4,840 more characters]``.

    >>> shown_text("x" * 200, 10)
    'xxxxxxxxxx…[190 more characters]'
    """
    text = str(text)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}…[{len(text) - limit:,} more characters]"
