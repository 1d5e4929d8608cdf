"""Luck: what the deal and each draw from the boneyard were worth, against what they might be.

- The deal, for each seat: the mean value of play-outs where the seat holds the hand it was dealt
  and every other tile is dealt again at random, against the mean over play-outs of whole new
  deals (the same re-deals serve every seat). Who poses follows each deal by the style's rules, as
  it did at the table; a Block/Draw starter chosen at random stays the real one.
- A draw: the value of the position, from the drawing seat's view, just after the draw (the tile
  known) against just before it (any tile it could have drawn). Both are means of play-outs over
  deals consistent with what the seat knew at the time, like a decision's values.

Every play-out is the rollout policy for every seat, scored in the style's unit (``units``).
Estimates are means of independent samples, so each comes with its standard error.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from games.engine.deal import DealRandom
from games.engine.errors import RulesError
from games.engine.game import make_game
from games.engine.tiles import FULL, bits

from ..knowledge import read
from ..rollout import play_out
from ..sampling import sample_world
from .units import valuer

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.moves import Action


class Mean:
    """A running mean and its standard error."""

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.square = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.square += x * x

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def stderr(self) -> float:
        if self.n < 2:
            return 0.0
        var = max(0.0, self.square / self.n - self.mean**2) * self.n / (self.n - 1)
        return math.sqrt(var / self.n)


def deal_luck(game: GameState, carry: dict, rng: random.Random, samples: int) -> list[dict]:
    """Per seat: the dealt hand's value, the re-dealt mean, their difference (luck) and its error.

    ``game`` is the game as dealt (no move yet), ``carry`` what the match carried into it (who
    poses, the stake).
    """
    seats = game.seats
    values = [valuer(game.rules, s) for s in range(seats)]
    redealt = [Mean() for _ in range(seats)]
    for i in range(samples):
        masks, pile = game.rules.deal(DealRandom(f"luck:{rng.random()}", i))
        done = _play_deal(game, carry, masks, pile)
        if done is not None:
            for s in range(seats):
                redealt[s].add(values[s](done))
    out = []
    for s in range(seats):
        own = Mean()
        for _ in range(samples):
            done = _play_deal(game, carry, *_deal_around(game, s, rng))
            if done is not None:
                own.add(values[s](done))
        luck = own.mean - redealt[s].mean
        error = math.hypot(own.stderr, redealt[s].stderr)
        out.append({"hand": own.mean, "mean": redealt[s].mean, "luck": luck, "stderr": error})
    return out


def _deal_around(game: GameState, seat: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """The seat's dealt hand kept, every other tile dealt again."""
    pool = bits(FULL & ~game.dealt[seat])
    rng.shuffle(pool)
    masks = []
    at = 0
    for s in range(game.seats):
        if s == seat:
            masks.append(game.dealt[s])
            continue
        size = game.dealt[s].bit_count()
        mask = 0
        for t in pool[at : at + size]:
            mask |= 1 << t
        masks.append(mask)
        at += size
    return masks, pool[at:]


def _play_deal(game: GameState, carry: dict, masks: list[int], pile: list[int]):
    """A detached game from this deal, posed by the style's rules, played out (None if the deal
    could not happen in this style)."""
    rules = game.rules
    if rules.deal_problem(masks):
        return None
    try:
        pose = rules.pose(carry, masks)
    except RulesError:
        return None
    first = game.first if pose.seat is None else pose.seat
    sim = make_game(rules, masks, pile, first, pose.mask, pose.rule, game.stake, game.index)
    if not sim.hands[first] & sim.pose_mask:
        return None
    return play_out(sim)


def position_value(game: GameState, seat: int, rng: random.Random, samples: int) -> Mean:
    """The value of the position to ``seat`` from its view: play-outs over consistent deals."""
    know = read(game, seat)
    value = valuer(game.rules, seat)
    mean = Mean()
    for _ in range(samples):
        world = sample_world(game, know, rng)
        mean.add(value(play_out(world, list(know.passed))))
    return mean


def draw_luck(
    before: GameState, draw: Action, after: GameState, rng: random.Random, samples: int
) -> dict:
    """The luck of one draw to its seat: the value after it against the value before it."""
    seat = draw.seat
    was = position_value(before, seat, rng, samples)
    now = position_value(after, seat, rng, samples) if not after.over else _final(after, seat)
    return {
        "before": was.mean,
        "after": now.mean,
        "luck": now.mean - was.mean,
        "stderr": math.hypot(was.stderr, now.stderr),
    }


def _final(game: GameState, seat: int) -> Mean:
    mean = Mean()
    mean.add(valuer(game.rules, seat)(game))
    return mean
