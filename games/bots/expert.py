"""The expert bot: Monte Carlo play-outs over deals consistent with what the seat knows.

Each round deals the hidden tiles once (``sampling.sample_world``) and plays every legal move out
in that same deal with the greedy rollout policy, so moves are compared on equal luck. The move
with the best mean value under the style's scoring (``utility``) wins. The play-outs block on
the public voids (``Knowledge.passed``) as the table's players can; ``inference`` may weigh each
deal by how well it explains the other seats' earlier choices (``Hooks.beta``), or
``posterior.Chain`` may deal near the likely deals in the first place (``Hooks.swap_beta``; see
``dealer``). Rounds stop at the time budget, at ``max_worlds`` (tests use it to be
deterministic), or early when one move leads every other by a clear margin; with
``Hooks.prune_z`` a move clearly behind stops being played out, so the deals go to the close
ones. With ``Hooks.lookahead`` the expert's own next turns in each play-out are searched one ply
deep in the deal (``lookahead``) instead of played greedily. A forced move takes no time, and the
casual choice breaks near-ties.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from . import casual
from .hooks import hooks_for
from .inference import Evidence
from .knowledge import read
from .lookahead import play_out_searching
from .posterior import Chain
from .rollout import play_out
from .sampling import sample_world
from .utility import scorer_for

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.moves import Action

    from .knowledge import Knowledge

BUDGET_MS = 150.0
MIN_ROUNDS = 12  # effective deals before the early stop may trust its statistics
CLEAR_Z = 3.0  # lead, in standard errors of the paired difference, that counts as clear
SAME_ROUNDS = 40  # rounds after which moves that never differed are taken as equal
#: A seat with no partner favours the casual move only to break near-ties: nobody reads its play
#: for it (``Hooks.casual_edge`` is for a seat with a partner).
TIE_EDGE = 1e-3

#: A source of complete worlds to play out in (the default deals them with ``sampling``).
Deal = Callable[[], "GameState"]


def choose(
    game: GameState,
    seat: int,
    rng: random.Random,
    budget_ms: float = BUDGET_MS,
    max_worlds: int | None = None,
    deal: Deal | None = None,
) -> Action:
    """The expert move for ``seat``, thinking for at most about ``budget_ms``.

    ``deal`` replaces the sampler as the source of worlds to play out in. Only the bench passes
    one (its open-hand yardstick plays out on the true deal); the live game never does.
    """
    legal = game.legal_moves(seat)
    if len(legal) <= 1:
        return legal[0]
    deadline = time.perf_counter() + budget_ms / 1000.0
    means = evaluate(game, seat, legal, rng, deadline, max_worlds, deal)
    prior = casual.choose(game, seat, rng)
    rules = game.rules
    partnered = len(rules.parties[rules.party_of[seat]]) > 1
    edge = hooks_for(rules.name).casual_edge if partnered else TIE_EDGE
    best = max(range(len(legal)), key=lambda i: means[i] + (edge if legal[i] == prior else 0.0))
    return legal[best]


def evaluate(
    game: GameState,
    seat: int,
    legal: list[Action],
    rng: random.Random,
    deadline: float,
    max_worlds: int | None,
    deal: Deal | None = None,
) -> list[float]:
    """Per legal move, its mean value over the simulated deals (each deal plays every move)."""
    know = read(game, seat)
    value = scorer_for(game, seat)
    if deal is None:
        deal, evidence = dealer(game, know, rng)
    else:
        evidence = Evidence(game, seat, beta=0.0)
    stats = Paired(len(legal))
    style = hooks_for(game.rules.name)
    prune_z, depth = style.prune_z, style.lookahead
    while max_worlds is None or stats.rounds < max_worlds:
        if time.perf_counter() >= deadline:
            break
        world = deal()
        weight = math.exp(evidence.log_weight(world)) if evidence.choices else 1.0
        row: list[float | None] = []
        for i, move in enumerate(legal):
            if not stats.alive[i]:
                row.append(None)
                continue
            sim = world.copy()
            sim.apply(move)
            if depth:
                row.append(value(play_out_searching(sim, list(know.passed), seat, value, depth)))
            else:
                row.append(value(play_out(sim, list(know.passed))))
        stats.add(row, weight)
        if stats.settled():
            break
        if prune_z:
            stats.prune(prune_z)
    return stats.means()


def dealer(game: GameState, know: Knowledge, rng: random.Random) -> tuple[Deal, Evidence]:
    """Where the deals come from, and the evidence that weighs them (no choices: unweighted).

    With the style's ``swap_beta`` on, a ``posterior.Chain`` deals near the likely deals and
    every deal counts once; otherwise ``sampling`` deals uniformly and ``inference`` weighs each
    deal where the style's ``beta`` is on.
    """
    swap_beta = hooks_for(game.rules.name).swap_beta
    if swap_beta > 0:
        chain_evidence = Evidence(game, know.seat, beta=swap_beta)
        if chain_evidence.choices:
            chain = Chain(game, know, chain_evidence, rng)
            return chain.world, Evidence(game, know.seat, beta=0.0)
    return lambda: sample_world(game, know, rng), Evidence(game, know.seat)


class Paired:
    """Running weighted sums for paired comparisons: means, and the spread of each difference.

    Every round (one deal, every move played out in it) comes with the deal's weight from
    ``inference``. Kept as sums and cross products so a check after every round costs
    O(moves^2), not O(rounds); the spread uses the effective number of deals, (sum w)^2 / sum w^2,
    so a few heavy deals do not pass for many.
    """

    def __init__(self, moves: int) -> None:
        self.rounds = 0
        self.weight = 0.0
        self.square_weight = 0.0
        self.sums = [0.0] * moves
        self.cross = [[0.0] * moves for _ in range(moves)]
        #: Moves still played out; a pruned move (``prune``) keeps the mean it had then.
        self.alive = [True] * moves
        self.frozen = [0.0] * moves

    def add(self, row: list[float | None], weight: float = 1.0) -> None:
        """One deal's values, None for a pruned move (not played out in it)."""
        self.rounds += 1
        self.weight += weight
        self.square_weight += weight * weight
        for i, a in enumerate(row):
            if a is None:
                continue
            wa = weight * a
            self.sums[i] += wa
            line = self.cross[i]
            for j, b in enumerate(row):
                if b is not None:
                    line[j] += wa * b

    def means(self) -> list[float]:
        w = self.weight or 1.0
        return [s / w if self.alive[i] else self.frozen[i] for i, s in enumerate(self.sums)]

    def prune(self, z: float) -> None:
        """Stop playing out the moves that trail the best by ``z`` standard errors of the paired
        difference: the deals left in the budget go to the moves still in contention
        (successive halving, ``Hooks.prune_z``). Needs MIN_ROUNDS effective deals first."""
        for i, own, mean, square, spread, n in self._gaps():
            if mean > 0 and square > 1e-12 and mean >= z * math.sqrt(spread / n):
                self.alive[i] = False
                self.frozen[i] = own

    def settled(self) -> bool:
        """One move leads every other by CLEAR_Z standard errors (or never differed from it in
        SAME_ROUNDS deals: then they are as good as equal).

        Weighted deals count as the effective number of deals: with French inference a dozen
        rounds can be worth two or three deals, too few to trust their spread. Unweighted, it is
        the round count. (French score ratio, 2,000 games: 0.792 against 0.800 on one set of
        deals, 0.764 against 0.758-0.771 on another: within noise, at the cost of time the
        budget allows.)
        """
        if self._deals() < MIN_ROUNDS:
            return False
        for _i, _own, mean, square, spread, n in self._gaps():
            if square <= 1e-12:
                if self.rounds < SAME_ROUNDS:
                    return False
                continue
            if mean <= 0 or mean < CLEAR_Z * math.sqrt(spread / n):
                return False
        return True

    def _deals(self) -> float:
        """The effective number of deals, (sum w)^2 / sum w^2; 0 before any weight."""
        w = self.weight
        if w <= 0.0:
            return 0.0
        return w * w / self.square_weight

    def _gaps(self) -> Iterator[tuple[int, float, float, float, float, float]]:
        """How far each live move trails the best, for ``prune`` and ``settled`` alike: (move,
        its mean, mean gap, mean square of the paired difference, spread of it, effective
        deals). Nothing before MIN_ROUNDS effective deals. The means and the live moves are
        read before the first yield, so a caller may prune as it goes."""
        n = self._deals()
        if n < MIN_ROUNDS:
            return
        w = self.weight
        means = self.means()
        alive = [i for i in range(len(means)) if self.alive[i]]
        best = max(alive, key=means.__getitem__)
        c = self.cross
        for i in alive:
            if i == best:
                continue
            mean = means[best] - means[i]
            square = (c[best][best] + c[i][i] - 2 * c[best][i]) / w
            spread = max(0.0, square - mean * mean) * n / (n - 1)
            yield i, means[i], mean, square, spread, n
