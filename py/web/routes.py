"""URL parameters (DESIGN.md §3, URLs): parsing and turning them into a new-game request.

Pure Python. ``?game=ID`` opens a game; ``&new=1`` starts a new one at once with ``&seed=N``,
``&players=N`` and any option as ``&name=value``. Unknown parameters are ignored; bad values
raise ``ValueError`` with a message meant for the page.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from altibox.core import coerce_option, check_seed

_DIGITS = re.compile(r"[0-9]{1,16}")


def parse_query(search: str) -> dict[str, str]:
    """``location.search`` (with or without ``?``) as a dict; a ``+`` decodes to a space.

    The first value of a repeated parameter wins.
    """
    out: dict[str, str] = {}
    for key, value in parse_qsl(search.lstrip("?"), keep_blank_values=True):
        out.setdefault(key, value)
    return out


def new_game_request(params: dict[str, str], module) -> tuple[int | None, int | None, dict]:
    """The ``(seed, players, options)`` a ``&new=1`` URL asks for.

    Args:
        params: from :func:`parse_query`.
        module: the game's rules module (for ``OPTIONS`` and ``PLAYERS``).
    Raises:
        ValueError: a seed that is not a whole number below 2**53, a bad player count,
            or an option value the game does not accept.
    """
    seed = None
    if params.get("seed", "") != "":
        try:
            if not _DIGITS.fullmatch(params["seed"]):
                raise ValueError
            seed = check_seed(int(params["seed"]))
        except ValueError:
            raise ValueError(f"seed must be a whole number from 0 to 9007199254740991, not {params['seed']!r}") from None
    players = None
    if params.get("players", "") != "":
        players = int(params["players"]) if _DIGITS.fullmatch(params["players"]) else -1
        if players not in module.PLAYERS:
            lo, hi = min(module.PLAYERS), max(module.PLAYERS)
            allowed = str(lo) if lo == hi else f"{lo} to {hi}"
            raise ValueError(f"{module.NAME} is played by {allowed} players, not {params['players']!r}")
    options = {}
    for key, value in params.items():
        if key in module.OPTIONS:
            if module.OPTIONS[key][0] not in (int, str, bool):
                raise ValueError(f"option {key!r} cannot be set from a link")
            options[key] = coerce_option(module.OPTIONS, key, value)
    return seed, players, options
