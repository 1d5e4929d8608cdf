"""Bot policies: pure functions of what one seat may know (no Django, like the engine).

``choose(level, game, seat, rng)`` is what the live server calls with the real game (which holds
the hidden tiles). Every level reads only the seat's own knowledge: its legal moves and hand, and
``knowledge.read`` for the public facts (board, passes, draws, hand sizes). The expert simulates
on deals it makes up itself (``sampling``), never on the real hidden tiles.

Levels: ``random`` (any legal move), ``casual`` (greedy heuristics, ``casual.py``) and ``expert``
(Monte Carlo play-outs within a time budget, ``expert.py``). An unknown level plays casual.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable
from typing import TYPE_CHECKING

from games.engine.texts import gettext_noop

from . import casual, expert

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.moves import Action

Policy = Callable[["GameState", int, _random.Random], "Action"]
#: The bot levels, weakest first, with their names in English (the site translates them).
#: This is the one list: a level that is not here is refused wherever a level enters.
LEVELS: dict[str, str] = {
    "random": gettext_noop("Random"),
    "casual": gettext_noop("Casual"),
    "expert": gettext_noop("Expert"),
}


def random_policy(game: GameState, seat: int, rng: _random.Random) -> Action:
    """Any legal move, uniformly."""
    return rng.choice(game.legal_moves(seat))


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "casual": casual.choose,
    "expert": expert.choose,
}


def choose(level: str, game: GameState, seat: int, rng: _random.Random) -> Action:
    """The move ``seat`` makes at ``level``; forced moves need no thought."""
    legal = game.legal_moves(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do: it is not its turn")
    if len(legal) == 1:
        return legal[0]
    return POLICIES.get(level, casual.choose)(game, seat, rng)
