"""Altibox: the rules of Alto, Altitude and Altiplano as pure Python.

``GAMES`` maps a game id (used in URLs, records and storage keys) to its rules module. It lives
here, not in ``altibox.core``, so that the game modules can import the core without a cycle.
Every module exposes the same verbs and facts (DESIGN.md §2), checked for every game by
``tests/unit/test_contract.py``.

Every game is a package of one shape: ``__init__.py`` (what kind of game, the notation table,
the position format; re-exports the API), ``rules.py`` (``INFO``, state, moves, legality,
scoring, views, ``private_step``/``reveals``), ``position.py`` (``to_position``/
``from_position``, the numbered validity rules, ``to_record``/``replay`` bound by
``core.records_for``), ``words.py`` (every text a person reads), ``render.py``
(``render_svg``) and its component data. Adding a game: such a package, one line in
``_MODULES`` below, and one hidden-information adapter in ``tests/unit/games_support.py``.

Every game's ``view(state, player)`` starts with the same header: ``game``, ``players``,
``player`` (the viewing seat, ``None`` for the public view), ``current_player``, ``phase``,
``ply``, ``legal_moves`` (the seat to act's, in its own view; in a game with hidden information
``[]`` in every other view) and ``outcome`` (``Outcome.to_json()`` or ``None``).

``GAMES`` imports a game's module on first access, so a page that plays one game does not pay
for importing the others (in Pyodide, importing all three costs a few hundred milliseconds of
start-up). ``from altibox import alto`` works as usual.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

# game id -> module name inside this package, in the order the landing page lists them
_MODULES = {
    "alto": "alto",
    "altitude": "altitude",
    "altiplano": "altiplano",
}


class _Games(Mapping):
    """A read-only ``{game id: rules module}`` mapping that imports each module when first used."""

    def __getitem__(self, game_id: str) -> ModuleType:
        try:
            name = _MODULES[game_id]
        except KeyError:
            raise KeyError(game_id) from None
        return importlib.import_module(f"{__name__}.{name}")

    def __contains__(self, game_id: object) -> bool:
        return game_id in _MODULES

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_MODULES)})"


GAMES: Mapping[str, ModuleType] = _Games()

__all__ = ["GAMES"]
