"""Dealing the hidden tiles near the likely deals: tile swaps accepted by how well a deal explains
the other seats' earlier choices (a Metropolis chain over deals).

``sampling`` deals uniformly over the deals the hard facts allow; ``inference`` can then weigh
each deal by the likelihood of the other seats' placements, but the real deal is so much likelier
than a random one that the weights gather on a few deals and most samples are wasted (which is
why weighing paid in French only). Here the likelihood shapes the deals themselves: the chain
starts from a ``sampling`` deal and proposes to swap two unseen tiles between their places (two
hands, or a hand and the boneyard). A swap that breaks a hard fact (a known void, the ``soft``
limit after draws) is refused outright; any other is accepted with probability
min(1, L(new) / L(old)), L being ``Evidence``'s likelihood of the seats' recorded choices. The
proposal is symmetric, so the deals the chain visits are drawn in proportion to that likelihood
among the deals the facts allow, and each counts once: no weights, no lost samples.

A swap changes one or two hands, so only those seats' choices are scored again, and each seat's
score is remembered by its hand (the chain often comes back to a hand). Partner play reads the
partner's placements like the opponents': what a partner laid, or did not lay, says what it holds.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from games.engine.errors import RulesError
from games.engine.sim import with_hidden
from games.engine.tiles import bits

from .sampling import PILE, deal_hidden, sample_world

if TYPE_CHECKING:
    from games.engine import GameState

    from .inference import Evidence
    from .knowledge import Knowledge

BURN_IN = 4  # swaps per unseen tile before the first deal is used
THIN = 1  # swaps per unseen tile between deals used (at least MIN_THIN)
MIN_THIN = 6
TRIES = 20  # chain deals the engine may refuse before falling back to ``sampling``
#: Random deals tried for one that keeps the soft limits before the chain starts without them.
#: The dealer can run into a dead end (a Draw position late in a game did 17% of the time),
#: and one miss used to leave the whole chain free to break the limits.
STRICT_TRIES = 50


def _strict_deal(know: Knowledge, rng: random.Random):
    for _ in range(STRICT_TRIES):
        dealt = deal_hidden(know, rng)
        if dealt is not None:
            return dealt
    return None


class Chain:
    """A Metropolis chain over the deals of ``know``'s hidden tiles, aimed at ``evidence``."""

    def __init__(
        self, game: GameState, know: Knowledge, evidence: Evidence, rng: random.Random
    ) -> None:
        self.game = game
        self.know = know
        self.evidence = evidence
        self.rng = rng
        self.tiles = bits(know.unseen)
        self.ready = False
        self.strict = True
        dealt = _strict_deal(know, rng) or deal_hidden(know, rng, strict=False)
        if dealt is None or len(self.tiles) < 2:
            self.where: dict[int, int] = {}
            return
        self.strict = all(self._soft_used(s, hand) <= know.spare[s] for s, hand in dealt[0].items())
        self.where = {t: s for s, hand in dealt[0].items() for t in hand}
        self.where.update((t, PILE) for t in dealt[1])
        self.hands = {s: sum(1 << t for t in hand) for s, hand in dealt[0].items()}
        self.cache: dict[tuple[int, int], float] = {}
        self.score = {s: self._likelihood(s, hand) for s, hand in self.hands.items()}
        self.ready = True
        self.run(BURN_IN * len(self.tiles))

    def restart(self, hands: dict[int, int], pile: list[int]) -> None:
        """Carry on from this placement of the unseen tiles (every other seat's hand as a mask,
        the rest in ``pile``) instead of the chain's own, after a fresh burn-in. The bench starts
        the chain at the true deal to measure what exact beliefs would be worth; a seat at the
        table never knows one to start from."""
        if not self.ready:
            return
        self.where = {t: s for s, hand in hands.items() for t in bits(hand)}
        self.where.update((t, PILE) for t in pile)
        self.hands = dict(hands)
        self.score = {s: self._likelihood(s, hand) for s, hand in self.hands.items()}
        self.run(BURN_IN * len(self.tiles))

    def world(self) -> GameState:
        """The next deal: a few swaps on from the last, as a detached game to play out in."""
        if not self.ready:
            return sample_world(self.game, self.know, self.rng)
        for _ in range(TRIES):
            self.run(max(MIN_THIN, THIN * len(self.tiles)))
            pile = [t for t in self.tiles if self.where[t] == PILE]
            self.rng.shuffle(pile)
            hands = {s: bits(hand) for s, hand in self.hands.items()}
            try:
                return with_hidden(self.game, self.know.seat, hands, pile)
            except RulesError:
                continue
        return sample_world(self.game, self.know, self.rng)

    def run(self, steps: int) -> None:
        """``steps`` proposals: swap two unseen tiles' places, keep the swap by the likelihood."""
        rng = self.rng
        where = self.where
        hands = self.hands
        for _ in range(steps):
            a, b = rng.sample(self.tiles, 2)
            pa, pb = where[a], where[b]
            if pa == pb or not self._may_take(pb, a, b) or not self._may_take(pa, b, a):
                continue
            new = {}
            for place, out, into in ((pa, a, b), (pb, b, a)):
                if place != PILE:
                    new[place] = hands[place] & ~(1 << out) | 1 << into
            gain = sum(self._likelihood(s, h) - self.score[s] for s, h in new.items())
            if gain >= 0.0 or rng.random() < math.exp(gain):
                where[a], where[b] = pb, pa
                for s, h in new.items():
                    hands[s] = h
                    self.score[s] = self.cache[s, h]

    def _may_take(self, place: int, tile: int, leaving: int) -> bool:
        """Whether ``place`` may hold ``tile`` instead of ``leaving`` by the hard facts."""
        if place == PILE:
            return True
        know = self.know
        if know.void[place] >> tile & 1:
            return False
        if not self.strict or not know.soft[place] >> tile & 1 or know.soft[place] >> leaving & 1:
            return True
        hand = self.hands[place] & ~(1 << leaving) | 1 << tile
        return self._soft_used(place, bits(hand)) <= know.spare[place]

    def _soft_used(self, seat: int, hand: list[int]) -> int:
        return sum(self.know.soft[seat] >> t & 1 for t in hand)

    def _likelihood(self, seat: int, hand: int) -> float:
        key = (seat, hand)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self.evidence.seat_log_weight(seat, hand)
        return found
