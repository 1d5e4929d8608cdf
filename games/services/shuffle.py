"""Each game's secret deal seed, and the commitment published before the deal.

The verifiable shuffle (docs/history.md): the server draws a seed for every game when it deals
it, stores it with ``commitment(seed)`` (SHA-256), shows the commitment while the game is played
and reveals the seed once it is over; the engine deals from the seed alone, so anyone can redo
the deal. A seed is drawn with ``secrets`` for each game on its own, so revealing one game's seed
tells nothing of the next. A set started with an explicit seed (tests, benchmarks) must deal the
same games every run: its games' seeds derive one way from a key made of that seed.
"""

from __future__ import annotations

import secrets
from hashlib import sha256

from games import engine

from ..models import Match


def match_key(seed: int | None) -> str:
    """The key a seeded set's game seeds derive from; "" (draw every seed) without a seed."""
    if seed is None:
        return ""
    return sha256(f"dominoes-seeded-set:{seed}".encode()).hexdigest()


def game_seed(match: Match, index: int) -> str:
    """The seed of game ``index`` (0-based) of ``match``: fresh from ``secrets``, or derived."""
    if match.deal_key:
        return engine.game_seed(match.deal_key, index)
    return secrets.token_hex(32)
