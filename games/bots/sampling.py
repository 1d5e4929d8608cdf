"""Dealing the hidden tiles at random, consistently with what one seat knows.

The expert plays its candidate moves out in many such worlds. A world must respect every fact the
seat has seen: each other seat gets exactly as many tiles as it holds, never a tile it is known to
lack (``Knowledge.void``), at most ``spare`` tiles of its ``soft`` mask, and each unseen tile goes
to exactly one place (a hand or the boneyard, whose order is shuffled for the draw styles).

Tiles are dealt most constrained first, each to a place chosen with weight equal to the room left
there, which keeps the deal close to uniform over the consistent worlds. A dead end deals again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from games.engine.errors import RulesError
from games.engine.sim import sample_hidden, with_hidden
from games.engine.tiles import bits

if TYPE_CHECKING:
    from games.engine import GameState

    from .knowledge import Knowledge

PILE = -1  # the boneyard (or Block's sleeping tiles) as a place a tile can go
TRIES = 200


def deal_hidden(
    know: Knowledge, rng: random.Random, strict: bool = True
) -> tuple[dict[int, list[int]], list[int]] | None:
    """Hands for the other seats and the boneyard in draw order, or None after a dead end.

    With ``strict`` off the soft limits are dropped (the last resort when no deal is found).
    """
    places = [s for s in range(len(know.sizes)) if s != know.seat]
    room = {s: know.sizes[s] for s in places}
    room[PILE] = know.pile
    used = dict.fromkeys(places, 0)
    tiles = bits(know.unseen)
    rng.shuffle(tiles)
    tiles.sort(key=lambda t: sum(not know.void[s] >> t & 1 for s in places))
    hands: dict[int, list[int]] = {s: [] for s in places}
    pile: list[int] = []
    for t in tiles:
        options = [s for s in places if room[s] and _may_hold(know, s, t, used, strict)]
        weights = [room[s] for s in options]
        if room[PILE]:
            options.append(PILE)
            weights.append(room[PILE])
        if not options:
            return None
        place = rng.choices(options, weights)[0]
        room[place] -= 1
        if place == PILE:
            pile.append(t)
            continue
        hands[place].append(t)
        if know.soft[place] >> t & 1:
            used[place] += 1
    rng.shuffle(pile)
    return hands, pile


def _may_hold(know: Knowledge, s: int, t: int, used: dict[int, int], strict: bool) -> bool:
    if know.void[s] >> t & 1:
        return False
    return not (strict and know.soft[s] >> t & 1 and used[s] >= know.spare[s])


def sample_world(game: GameState, know: Knowledge, rng: random.Random) -> GameState:
    """A detached game with the hidden tiles dealt consistently with ``know``.

    Worlds the engine refuses (the game would already be blocked) are dealt again; if no
    consistent deal turns up, the soft limits are relaxed, and last of all the engine's own
    uniform deal is used, so a decision is always possible.
    """
    for attempt in range(TRIES):
        dealt = deal_hidden(know, rng, strict=attempt < TRIES // 2)
        if dealt is None:
            continue
        hands, pile = dealt
        try:
            return with_hidden(game, know.seat, hands, pile)
        except RulesError:
            continue
    return sample_hidden(game, know.seat, rng)
