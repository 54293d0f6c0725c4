"""The one seed derivation: a seed for each part of a seeded whole.

Internal. :func:`~chickenfoot.round_seed` (the rounds of a match) and
:func:`chickenfoot.simulation.game_seed` (the games of a run) are both :func:`seed_path`
of the parts that name what they seed, so every seed the library hands out is
reproducible from the first one alone, in any language.
"""

from __future__ import annotations

import hashlib

__all__ = ["seed_path"]


def seed_path(*parts: object) -> int:
    """The first 8 bytes, big-endian, of the BLAKE2b digest of ``parts`` written with
    ``str`` and joined by ``/``: a whole number from 0 to ``2**64 - 1``.

    >>> from chickenfoot._seeds import seed_path
    >>> seed_path(7, 0) == seed_path("7/0") != seed_path(7, 1)
    True
    """
    text = "/".join(map(str, parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
