"""Game options: declared as data by each game, checked here (DESIGN.md §2).

Each game module declares ``OPTIONS = {name: (type, default, choices)}``; ``choices`` is a tuple
of allowed values or ``None`` (any value of the type; the game validates it further).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

_WHOLE = re.compile(r"-?[0-9]{1,18}")

OptionSpec = Mapping[str, tuple[type, Any, "tuple[Any, ...] | None"]]


def coerce_option(spec: OptionSpec, name: str, value: Any) -> Any:
    """Check one option value, converting a text value (from a URL or a form) to the option's type.

    Raises:
        ValueError: unknown option, a value of the wrong type, or a value not among the choices.
    """
    if name not in spec:
        raise ValueError(f"unknown option {name!r}; options are: {', '.join(sorted(spec)) or 'none'}")
    typ, _default, choices = spec[name]
    if typ is int and isinstance(value, str):
        if not _WHOLE.fullmatch(value):  # ASCII digits only: no "1_000", no other scripts
            raise ValueError(f"option {name!r} must be a whole number, got {value!r}")
        value = int(value)
    if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ValueError(f"option {name!r} must be a whole number, got {value!r}")
    if typ is str and not isinstance(value, str):
        raise ValueError(f"option {name!r} must be text, got {value!r}")
    if typ is bool and not isinstance(value, bool):
        if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on", "0", "false", "no", "off"):
            value = value.lower() in ("1", "true", "yes", "on")
        else:
            raise ValueError(f"option {name!r} must be true or false, got {value!r}")
    if typ in (list, tuple) and not isinstance(value, (list, tuple)):
        raise ValueError(f"option {name!r} must be a list, got {value!r}")
    if choices is not None and value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"option {name!r} must be one of {allowed}, got {value!r}")
    return value


def resolve_options(spec: OptionSpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """All options with defaults filled in, each checked by :func:`coerce_option`."""
    out = {name: default for name, (_t, default, _c) in spec.items()}
    for name, value in given.items():
        out[name] = coerce_option(spec, name, value)
    return out


def non_default(spec: OptionSpec, options: Mapping[str, Any],
                always: Iterable[str] = ()) -> dict[str, Any]:
    """Only the options that differ from their defaults, JSON-friendly (tuples become lists),
    plus the options named in ``always`` (written even at their default), in ``spec`` order.

    This is what a record stores (DESIGN.md §2; ``always``: e.g. Altiplano's ``house_set``,
    which names the component version a game is played with).
    """
    always = frozenset(always)
    out: dict[str, Any] = {}
    for name, (_t, default, _c) in spec.items():
        if name in options and (name in always or _jsonable(options[name]) != _jsonable(default)):
            out[name] = _jsonable(options[name])
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
