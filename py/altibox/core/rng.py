"""Seeded randomness (DESIGN.md §2).

No RNG object lives in a game state. Every chance event builds its own generator from the game
seed and the event's identity, e.g. ``rng_for(7, "draw", 3, 1)`` is
``random.Random("7/draw/3/1")``. String seeds are hashed with SHA-512 by CPython's ``random``
module, so the draws are the same in every process, in CPython and in Pyodide.
"""

from __future__ import annotations

import random

MAX_SEED = 2**53  # a seed must survive a round trip through a JavaScript number


def rng_for(seed: int, *event: object) -> random.Random:
    """A generator for one chance event.

    Args:
        seed: the game seed, ``0 <= seed < 2**53``.
        *event: the event's identity (strings or ints), joined with ``/`` after the seed.

    Returns:
        ``random.Random(f"{seed}/{'/'.join(event)}")``.
    """
    return random.Random("/".join([str(seed), *map(str, event)]))


def new_seed() -> int:
    """A fresh random seed in ``[0, 2**53)`` from the OS entropy source."""
    return random.SystemRandom().randrange(MAX_SEED)


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid game seed, else raise ``ValueError``.

    A seed is an ``int`` (not a ``bool``) with ``0 <= seed < 2**53``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to 2**53-1, got {seed!r}")
    return seed
