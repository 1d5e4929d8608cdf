"""Seeded deals: the same seed gives the same deal on every Python version and in a browser.

A game's randomness is SHA-512 of ``"{seed}:{index}:{block}"`` (a match seed and the game's index)
or, for a game dealt from a seed of its own, of ``"{game seed}:{block}"``: a fixed and documented
function (docs/engine.md, "The deal, step by step"), cheaper than seeding a Mersenne Twister per
game (one hash against ~5 us for ``random.Random``), which matters when bots and benchmarks deal
millions of games, and simple enough to reimplement anywhere, which is what makes a shuffle
verifiable: the server publishes ``commitment(seed)`` before the deal and the seed after the game.

The shuffle gives each tile a 16-bit key from one digest and sorts by the keys (in C); a digest
whose 28 keys are not all distinct is skipped for the next block, so every order is exactly equally
likely.
"""

from __future__ import annotations

from hashlib import sha256, sha512
from struct import Struct

from .tiles import FULL as _FULL
from .tiles import TILE_COUNT

_KEYS = Struct(f">{TILE_COUNT}H").unpack_from
_ORDER = list(range(TILE_COUNT))
_BIT = [1 << t for t in range(TILE_COUNT)].__getitem__


def commitment(seed: str) -> str:
    """What is published before a deal: SHA-256 of the game seed's UTF-8 bytes, in hex. It pins
    the seed down without telling it (nobody can find a seed for a given digest)."""
    return sha256(seed.encode()).hexdigest()


def game_seed(key: str, index: int) -> str:
    """The seed of game ``index`` (0-based) derived one way from a secret key: SHA-256 of
    ``"{key}:{index}"`` in hex. Revealing one game's seed tells nothing of the key or of any
    other game's seed, so a key may stand for a whole match's seeds (reproducible tests,
    ``play --game-seeds``)."""
    return sha256(f"{key}:{index}".encode()).hexdigest()


class DealRandom:
    """The random source of one game: SHA-512 blocks of its seed and index, or (``index`` None,
    a seed of the game's own) of its seed alone."""

    __slots__ = ("_block", "_key")

    def __init__(self, seed: int | str, index: int | None) -> None:
        self._key = f"{seed}:" if index is None else f"{seed}:{index}:"
        self._block = 0

    def digest(self) -> bytes:
        """The next 64 random bytes."""
        block = self._block
        self._block = block + 1
        return sha512(f"{self._key}{block}".encode()).digest()

    def randrange(self, n: int) -> int:
        """A uniform int in [0, n), by rejection (no modulo bias)."""
        while True:
            for byte in self.digest():
                if byte < 256 - 256 % n:
                    return byte % n

    def order(self) -> list[int]:
        """A uniformly random order of the 28 tile ids."""
        key, block = self._key, self._block
        while True:
            keys = _KEYS(sha512(f"{key}{block}".encode()).digest())
            block += 1
            if len(set(keys)) == TILE_COUNT:
                self._block = block
                return sorted(_ORDER, key=keys.__getitem__)


def deal_hands(rng: DealRandom, seats: int, size: int) -> tuple[list[int], list[int]]:
    """Hands as masks (``size`` tiles each) and the rest as tile ids in draw order."""
    order = rng.order()
    if size == 7 and seats == 4:  # the common full deal, without a loop
        a = sum(map(_BIT, order[:7]))
        b = sum(map(_BIT, order[7:14]))
        c = sum(map(_BIT, order[14:21]))
        return [a, b, c, _FULL ^ a ^ b ^ c], []
    hands = []
    for s in range(0, seats * size, size):
        hands.append(sum(map(_BIT, order[s : s + size])))
    return hands, order[seats * size :]
