"""The casual bot: sound greedy play, one look at each legal move, no lookahead.

Each placement gets a score from the habits of a decent club player:

- shed weight (a blocked game is lost on count), and doubles early on a line (a double fits one
  number only) but late where numbers are locked (the style's ``Hooks.double_bonus``);
- keep suits you hold many of: prefer leaving an end you can follow again;
- block when it pays: prefer leaving an end the opponents have shown they lack, especially the
  next seat, and an end only you can still play on;
- in partner play (Partner, team Block/Draw) never shut out your partner the same way;
- domino whenever you can;
- in Doubles, leave ends few others can follow (``Hooks.openness``).

What the seat knows of the others comes from ``knowledge.read`` (passes, draws, the board), never
from their hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.engine.tiles import COMMON, DOUBLE, HIGH, LOW, OTHER, SUIT, TILE_COUNT

from .hooks import hooks_for
from .knowledge import Knowledge, read

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.moves import Action
    from games.engine.rules import Rules

DOMINO = 1000.0
FOLLOW = 2.0  # per tile kept that can follow the new end
BLOCK = 3.0  # per opponent shown to lack the new end (half again for the next seat)
SHUT_PARTNER = 4.0
ONLY_MINE = 2.0


@dataclass(frozen=True)
class Situation:
    """What one decision needs about the table, worked out once for all legal moves.

    (Not named Table: that is the Django model of a table people sit at.)
    """

    know: Knowledge
    weights: list[int]
    opened: int | None  # numbers opened by their double (None: a line board, nothing locked)
    next_seat: int
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    double_bonus: float
    openness: float = 0.0


def situation_for(game: GameState, seat: int) -> Situation:
    """The facts about the table that every move's score reads."""
    return situation_at(game.rules, seat, read(game, seat), getattr(game.board, "opened", None))


def situation_at(rules: Rules, seat: int, know: Knowledge, opened: int | None) -> Situation:
    """The same for any position: ``seat`` knowing ``know``, with the numbers ``opened`` then
    (``inference`` asks it of the other seats' earlier positions)."""
    seats = len(rules.party_of)
    party = rules.parties[rules.party_of[seat]]
    hooks = hooks_for(rules.name)
    return Situation(
        know=know,
        weights=rules.weights,
        opened=opened,
        next_seat=(seat + 1) % seats,
        partners=tuple(s for s in party if s != seat),
        opponents=tuple(s for s in range(seats) if s not in party),
        double_bonus=hooks.double_bonus,
        openness=hooks.openness,
    )


def choose(game: GameState, seat: int, rng: random.Random) -> Action:
    """The casual move: the best-scoring legal move, ties broken at random."""
    legal = game.legal_moves(seat)
    if len(legal) == 1:
        return legal[0]
    situation = situation_for(game, seat)
    return max(legal, key=lambda move: score(situation, move) + rng.random() * 1e-3)


def score(situation: Situation, move: Action) -> float:
    """How much the casual player likes ``move`` (a placement; passes and draws come alone)."""
    tile = move.tile
    bit = 1 << tile
    rest = situation.know.hand & ~bit
    if not rest:
        return DOMINO
    value = float(situation.weights[tile])
    if HIGH[tile] == LOW[tile]:
        value += situation.double_bonus
    if move.on is None:  # the pose: keep the suits of the posed tile
        return value + FOLLOW * (rest & (SUIT[HIGH[tile]] | SUIT[LOW[tile]])).bit_count()
    shown = _shown_after(tile, move.on)
    takes = _takes(situation, tile, shown)
    value += FOLLOW * (rest & takes).bit_count()
    value -= situation.openness * (takes & situation.know.unseen).bit_count()
    return value + _blocking(situation, takes, rest)


def _shown_after(tile: int, on: int) -> int:
    """The number the new tile shows where it lies (a double shows its own number)."""
    matched = COMMON[tile * TILE_COUNT + on]
    return matched if HIGH[tile] == LOW[tile] else OTHER[tile * 7 + matched]


def _takes(situation: Situation, tile: int, n: int) -> int:
    """Tiles an end showing ``n`` will take: its suit, or only n-n while n is locked."""
    if situation.opened is None or situation.opened >> n & 1 or tile == DOUBLE[n]:
        return SUIT[n]
    return 1 << DOUBLE[n]


def _blocking(situation: Situation, takes: int, rest: int) -> float:
    """Reward an end the opponents cannot follow; punish one that shuts out a partner."""
    know = situation.know
    value = 0.0
    for other in situation.opponents:
        if know.lacks(other, takes):
            value += BLOCK * (1.5 if other == situation.next_seat else 1.0)
    for other in situation.partners:
        if know.lacks(other, takes):
            value -= SHUT_PARTNER
    if not takes & know.unseen and rest & takes:
        value += ONLY_MINE
    return value
