"""Bot policies: pure functions of what one seat may know (no Django, like the engine).

``choose(level, game, seat, rng)`` looks only at the seat's legal moves, which hold only its own
tiles. The stronger policies of the bots issue will plug in here by level.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable

from games.engine.moves import Move

Policy = Callable[[list[Move], _random.Random], Move]


def random_policy(legal: list[Move], rng: _random.Random) -> Move:
    """Any legal move, uniformly."""
    return rng.choice(legal)


def casual_policy(legal: list[Move], rng: _random.Random) -> Move:
    """Shed weight: doubles first (they are hardest to place later), then the heaviest tile."""

    def weight(move: Move) -> tuple[int, int, float]:
        tile = move.tile
        if tile is None:
            return (0, 0, rng.random())
        return (int(tile.is_double), tile.pips, rng.random())

    return max(legal, key=weight)


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "casual": casual_policy,
    "expert": casual_policy,
}


def choose(level: str, game, seat: int, rng: _random.Random) -> Move:
    """The move ``seat`` makes at ``level``; forced moves need no thought."""
    legal = game.legal_moves(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do: it is not its turn")
    if len(legal) == 1:
        return legal[0]
    return POLICIES.get(level, casual_policy)(legal, rng)
