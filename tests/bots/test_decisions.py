"""The bots' decisions from fixed seeds stay what they were.

A refactoring of the bots or the engine (issue 12 moved every per-style weight into
``games.bots.hooks`` and the rules classes) must not change a single choice. This plays seeded
games in every style and seat count, with casual, expert (bounded by deals, not time, so it is
deterministic) and random seats, and compares the digest of every decision with a real choice
against the one recorded before that refactoring. A change meant to alter decisions updates
``DIGEST`` (and says why in its commit); any other change must leave it alone.
"""

from __future__ import annotations

import hashlib
import random

from games import bots
from games.bots import expert
from games.engine import new_match

SETUPS = [
    ("cutthroat", 4, {}),
    ("partner", 4, {}),
    ("block", 2, {}),
    ("block", 4, {"teams": True}),
    ("draw", 2, {}),
    ("draw", 4, {}),
    ("french", 4, {}),
    ("french", 4, {"double_blank_ten": True}),
    ("doubles", 2, {}),
    ("doubles", 3, {}),
    ("doubles", 4, {}),
]
LEVELS = ("casual", "expert", "random", "casual")  # by seat
#: Decisions with a real choice, and the SHA-256 of their lines. Each change of play since issue
#: 12 (tile swaps, placements before draws, free poses, ``casual_edge``) replaced them in its own
#: commit, which says why; ``git log -p`` of this file keeps every earlier digest.
COUNT = 569
DIGEST = "9a63efd1a3bcd386e0638d38c1634e58b921cce0957a520c95c641e04d5cb473"


def decisions() -> list[str]:
    """``style seats: level: move`` for every decision with a real choice, in play order."""
    out = []
    for style, seats, options in SETUPS:
        for number in range(2):
            match = new_match(style, seats, options, seed=f"decisions-{number}")
            rng = random.Random(f"{style}{seats}{number}")
            for _ in range(2):
                if match.over:
                    break
                game = match.start_game()
                while not game.over:
                    seat = game.turn
                    legal = game.legal_moves()
                    move = legal[0]
                    if len(legal) > 1:
                        level = LEVELS[seat]
                        if level == "expert":
                            move = expert.choose(game, seat, rng, budget_ms=1e9, max_worlds=12)
                        else:
                            move = bots.choose(level, game, seat, rng)
                        out.append(f"{style} {seats}: {level}: {move}")
                    game.apply(move)
    return out


def test_a_fixed_seed_gets_the_same_decisions_as_before():
    made = decisions()
    assert len(made) == COUNT
    assert hashlib.sha256("\n".join(made).encode()).hexdigest() == DIGEST
