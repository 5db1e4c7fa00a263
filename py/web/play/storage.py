"""Saved games in ``localStorage`` (DESIGN.md §3, Storage).

Keys (the only ones we read or write; all start with ``altibox:``):

- ``altibox:save:<game>``: the record JSON of the game in progress (moves up to the position
  shown; an undone tail is kept in ``meta.redo``);
- ``altibox:settings``: JSON object of user settings;
- ``altibox:backup:<game>:<time>``: a save that could not be read or replayed, at most
  :data:`MAX_BACKUPS` per game, the oldest dropped.

:class:`Storage` wraps any object with ``getItem``/``setItem``/``removeItem``/``key``/``length``
(the browser's ``localStorage``, or :class:`MemoryBackend` in tests). Storage that is missing,
full or denied never raises out of here: the failure is recorded in :attr:`Storage.problem`
so the page can say the game will not be saved, and play goes on.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from altibox.core import bounded

PREFIX = "altibox:"
MAX_BACKUPS = 5


def save_key(game: str) -> str:
    """``altibox:save:<game>``."""
    return f"{PREFIX}save:{game}"


def backup_key(game: str, time_ms: int) -> str:
    """``altibox:backup:<game>:<time>`` with the time in milliseconds since the epoch."""
    return f"{PREFIX}backup:{game}:{int(time_ms)}"


def backup_time(key: str) -> int | None:
    """The time (ms) of a backup key ``altibox:backup:<game>:<time>``; ``None`` when its last
    part is not a whole number (a stray key such as ``altibox:backup:alto:notanumber``)."""
    last = key.rsplit(":", 1)[-1]
    return int(last) if last.isascii() and last.isdigit() and len(last) < 20 else None


SETTINGS_KEY = f"{PREFIX}settings"


def download_name(key: str) -> str | None:
    """The file name a damaged save downloads as (``#notice``'s "Download the damaged save"),
    from its storage key: a backup ``altibox:backup:<game>:<time>`` as
    ``altibox-<game>-damaged-save-<UTC date and time>.json``, a save left in place
    (``altibox:save:<game>``, when no copy fitted) as ``altibox-<game>-damaged-save.json``;
    ``None`` for any other key (nothing else is offered for download).

    >>> download_name("altibox:backup:altiplano:1735689600000")
    'altibox-altiplano-damaged-save-2025-01-01-000000.json'
    >>> download_name("altibox:save:alto"), download_name("altibox:settings")
    ('altibox-alto-damaged-save.json', None)
    """
    parts = str(key).split(":")
    if parts[0] != PREFIX[:-1]:
        return None
    if len(parts) == 3 and parts[1] == "save" and parts[2]:
        return f"altibox-{parts[2]}-damaged-save.json"
    if len(parts) != 4 or parts[1] != "backup" or not parts[2]:
        return None
    time_ms = backup_time(key)
    if time_ms is None:
        return f"altibox-{parts[2]}-damaged-save.json"
    from datetime import datetime, timezone
    try:
        when = datetime.fromtimestamp(time_ms / 1000, tz=timezone.utc).strftime("%Y-%m-%d-%H%M%S")
    except (OverflowError, OSError, ValueError):
        return f"altibox-{parts[2]}-damaged-save.json"
    return f"altibox-{parts[2]}-damaged-save-{when}.json"


def problem_notice(problem: str | None, framed: bool = False) -> str:
    """The words ``#notice`` shows when a game cannot be saved (DESIGN.md §3, Storage).

    Args:
        problem: :attr:`Storage.problem` (``"full"``, ``"unavailable"``; ``None`` reads as
            unavailable).
        framed: the page runs in an iframe (``<html data-frame>``, set by
            static/boot/start.mjs): there, denied storage is the host site's or the
            browser's choice (third-party storage blocked, a sandboxed frame), not a fault.
    """
    if problem == "full":
        return "This browser's storage is full, so this game will not be saved. You can keep playing."
    if framed:
        return ("This game is embedded in another site, where the browser gives it no storage, "
                "so nothing will be saved here. You can keep playing.")
    return "This browser's storage is not available, so this game will not be saved. You can keep playing."


class MemoryBackend:
    """A dict with the ``localStorage`` interface; ``quota`` (characters) simulates a full store."""

    def __init__(self, quota: int | None = None):
        self.data: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, i: int) -> str | None:
        keys = list(self.data)
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802 (Web Storage names)
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        size = sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(value)
        if self.quota is not None and size > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


def _text(value: Any) -> str | None:
    """A JS ``null``/``undefined`` (``JsNull`` in Pyodide) or ``None`` becomes ``None``."""
    if value is None or not isinstance(value, str):
        return None
    return value


class Storage:
    """Safe access to our keys in a Web Storage backend.

    Args:
        get_backend: returns the backend; called lazily, because merely reading
            ``window.localStorage`` throws in a sandboxed or cross-site iframe.
        now_ms: clock for backup keys (milliseconds).

    Attributes:
        problem: ``None`` while storage works; otherwise a plain-words reason
            (``"unavailable"`` or ``"full"``) after the first failure.
    """

    def __init__(self, get_backend: Callable[[], Any], now_ms: Callable[[], float]):
        self._get_backend = get_backend
        self._backend: Any = None
        self._now_ms = now_ms
        self.problem: str | None = None

    def _b(self) -> Any:
        if self._backend is None:
            try:
                backend = self._get_backend()
            except Exception:  # SecurityError in a sandboxed iframe, denied storage, ...
                backend = None
            if backend is None or _text(type(backend).__name__) == "JsNull":
                self.problem = "unavailable"
                return None
            self._backend = backend
        return self._backend

    @property
    def available(self) -> bool:
        """True if the backend could be reached (it may still be full)."""
        return self._b() is not None

    def get(self, key: str) -> str | None:
        """The text stored at ``key`` or ``None`` (missing key or unusable storage)."""
        b = self._b()
        if b is None:
            return None
        try:
            return _text(b.getItem(key))
        except Exception:
            self.problem = "unavailable"
            return None

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; True on success, False (and :attr:`problem` set) on failure."""
        assert key.startswith(PREFIX)
        b = self._b()
        if b is None:
            return False
        try:
            b.setItem(key, value)
        except Exception as exc:
            self.problem = "full" if "quota" in str(exc).lower() else "unavailable"
            return False
        if self.problem == "full":
            self.problem = None
        return True

    def remove(self, key: str) -> None:
        """Remove ``key`` if storage is usable; never raises."""
        assert key.startswith(PREFIX)
        b = self._b()
        if b is None:
            return
        try:
            b.removeItem(key)
        except Exception:
            self.problem = "unavailable"

    def keys(self, prefix: str = PREFIX) -> list[str]:
        """All stored keys that start with ``prefix`` (ours only), sorted."""
        b = self._b()
        if b is None:
            return []
        try:
            n = int(b.length)
            found = [_text(b.key(i)) for i in range(n)]
        except Exception:
            self.problem = "unavailable"
            return []
        return sorted(k for k in found if k and k.startswith(prefix))

    # ----------------------------------------------------------- saves

    def load_save(self, game: str) -> str | None:
        """The raw save text of ``game`` (not parsed: the caller replays and may back it up)."""
        return self.get(save_key(game))

    def write_save(self, game: str, record: dict) -> str | None:
        """Store a record as the save of ``game`` (compact JSON).

        Returns:
            the text written, or ``None`` when it could not be stored (:attr:`problem` says why).
        """
        text = json.dumps(record, separators=(",", ":"))
        return text if self.set(save_key(game), text) else None

    def clear_save(self, game: str) -> None:
        """Forget the save of ``game``."""
        self.remove(save_key(game))

    def backup(self, game: str, text: str) -> str | None:
        """Move a broken save aside to a backup key and drop the oldest beyond MAX_BACKUPS.

        The save is removed only after its copy has been written **and read back** equal
        (issue 23): when no copy fits (storage full, denied), the save is left where it is and
        ``None`` is returned, so the caller can say so and must not write over it. Keys under
        ``altibox:backup:<game>:`` whose time is not a number (written by hand, another tool)
        are never read as times nor dropped.

        Returns:
            the backup key, or ``None`` if no copy could be made (the save is then untouched).
        """
        key = backup_key(game, self._now_ms())
        while self.get(key) is not None:  # two backups in the same millisecond
            key = backup_key(game, backup_time(key) + 1)
        if not self.set(key, text) or self.get(key) != text:
            self.remove(key)
            return None
        self.remove(save_key(game))
        timed = [k for k in self.keys(f"{PREFIX}backup:{game}:") if backup_time(k) is not None]
        timed.sort(key=backup_time)
        for old in timed[:-MAX_BACKUPS]:
            self.remove(old)
        return key

    def settings(self) -> dict:
        """The settings object (``{}`` when missing or unreadable)."""
        try:
            data = bounded.loads(self.get(SETTINGS_KEY) or "{}", "the settings", max_chars=20_000)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def write_settings(self, settings: dict) -> bool:
        """Store the settings object. True on success."""
        return self.set(SETTINGS_KEY, json.dumps(settings, separators=(",", ":")))
