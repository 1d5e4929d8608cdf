"""One decision judged from the deciding seat's view: every legal move's value, and the cost of
the one played.

This is the expert's search (``expert.evaluate``) with a fixed number of deals instead of a time
budget, so that a seed gives the same figures on any machine: each round deals the hidden tiles
consistently with what the seat knew then, exactly as the expert deals them (``expert.dealer``:
near the likely deals by ``posterior`` where the style's hooks say so, else uniformly by
``sampling`` and weighed by ``inference``), plays every legal move out in that deal with the
rollout policy, and scores the end in the style's unit (``units.valuer``). Moves are compared on
the same deals (paired), so the standard error of a cost is that of a paired difference.

Only ``game`` as the seat could see it is read: its own hand, the board and the public log. The
real hidden tiles in ``game`` are never looked at (tests/bots/test_analysis.py checks it with
twin games).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..expert import Paired, dealer
from ..knowledge import read
from ..rollout import play_out
from .units import Unit, mark, unit_for, valuer

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.moves import Action


@dataclass(frozen=True)
class Verdict:
    """A judged decision: per legal move its value, the best move, and the played move's cost."""

    seat: int
    legal: tuple[Action, ...]
    values: tuple[float, ...]
    played: int
    best: int
    cost: float
    stderr: float
    mark: str
    unit: Unit


def judge(game: GameState, played: Action, rng: random.Random, worlds: int) -> Verdict:
    """Judge ``played`` (a legal move of the seat to act, which must have a real choice)."""
    seat = game.turn
    legal = game.legal_moves(seat)
    index = legal.index(played)
    stats = evaluate(game, seat, legal, rng, worlds)
    means = stats.means()
    best = max(range(len(legal)), key=means.__getitem__)
    if means[index] >= means[best]:
        best = index  # a tie goes to the move played: it cost nothing
    cost = means[best] - means[index]
    stderr = difference_error(stats, best, index)
    unit = unit_for(game.rules)
    return Verdict(
        seat, tuple(legal), tuple(means), index, best, cost, stderr, mark(cost, stderr, unit), unit
    )


def evaluate(
    game: GameState, seat: int, legal: list[Action], rng: random.Random, worlds: int
) -> Paired:
    """Every legal move played out in ``worlds`` deals consistent with the seat's knowledge."""
    know = read(game, seat)
    value = valuer(game.rules, seat)
    deal, evidence = dealer(game, know, rng)
    stats = Paired(len(legal))
    for _ in range(worlds):
        world = deal()
        weight = math.exp(evidence.log_weight(world)) if evidence.choices else 1.0
        row = []
        for move in legal:
            sim = world.copy()
            sim.apply(move)
            row.append(value(play_out(sim, list(know.passed))))
        stats.add(row, weight)
    return stats


def difference_error(stats: Paired, a: int, b: int) -> float:
    """Standard error of mean[a] - mean[b] over the weighted deals (0 when a is b)."""
    w = stats.weight
    if a == b or w <= 0.0:
        return 0.0
    n = w * w / stats.square_weight
    if n <= 1.0:
        return 0.0
    mean = (stats.sums[a] - stats.sums[b]) / w
    c = stats.cross
    square = (c[a][a] + c[b][b] - 2 * c[a][b]) / w
    spread = max(0.0, square - mean * mean) * n / (n - 1)
    return math.sqrt(spread / n)
