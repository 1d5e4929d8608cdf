"""Deterministic order of entrants: by seed, with a seeded draw among the unseeded and the tied.

Python's ``hash`` of a string changes from one process to the next, so the draw uses BLAKE2 over
the caller's seed and the entrant's id: the same state and seed give the same order anywhere.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from .model import Entrant, EntrantId

SeedKey = tuple[int, int, bytes]


def draw(salt: int | str, entrant_id: EntrantId) -> bytes:
    """A stable pseudo-random key for one entrant under one seed."""
    text = f"{salt}|{type(entrant_id).__name__}|{entrant_id}".encode()
    return hashlib.blake2b(text, digest_size=8).digest()


def seed_key(entrant: Entrant, salt: int | str) -> SeedKey:
    """Sort key: seeded entrants by seed (1 first), then the unseeded; ties by the draw."""
    seeded = entrant.seed is not None
    return (0 if seeded else 1, entrant.seed if seeded else 0, draw(salt, entrant.id))


def by_seed(entrants: Iterable[Entrant], salt: int | str) -> list[Entrant]:
    return sorted(entrants, key=lambda e: seed_key(e, salt))
