"""How much a finished game is worth to one seat, under its style's own scoring.

The expert maximises the mean of this over its simulated deals, so the value must rank outcomes
the way a strong player of that style would:

- A set won by games (``rules.won_by_games``: Cut-Throat and Partner): the stake (1, 2 after a
  draw, 2 for a key card) moves the party's set standing; a game that ends the set counts far
  more (six love won or lost), and a bruck wipes the standing out, which is what a leader fears
  and a seat on 0 may want.
- A match won on points (Block, Draw, Doubles): the points the party scores, against the mean of
  the other parties'.
- Totals that are penalties (``rules.low_totals_win``: French): the same with the sign turned,
  since a game score (fines included) is bad.

Values are relative to the other parties, so in a four-seat game "somebody else won" is mildly bad
and a draw is neutral.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.engine import GameState

Scorer = Callable[["GameState"], float]
SET_VALUE = 1.0  # a set won, against 1/6 of it for one game point ahead
SIX = 6.0
POINT_SCALE = 20.0  # typical points of a Block/Draw/Doubles/French game, to keep values near 1


def scorer_for(game: GameState, seat: int) -> Scorer:
    """The value function of finished games for ``seat``, given the match so far."""
    rules = game.rules
    me = rules.party_of[seat]
    parties = len(rules.parties)
    if rules.won_by_games:
        totals = _totals(game, parties)
        return lambda done: _set_value(rules, totals, me, done)
    sign = -1.0 if rules.low_totals_win else 1.0

    def points(done: GameState) -> float:
        pts = done.result.points
        others = (sum(pts) - pts[me]) / (parties - 1)
        return sign * (pts[me] - others) / POINT_SCALE

    return points


def _totals(game: GameState, parties: int) -> list[int]:
    """Match totals before this game (public); zeros for a game played outside a match."""
    match = game.match
    if match is None or len(match.base) != parties:
        return [0] * parties
    return list(match.base)


def _standing(totals: list[int], me: int) -> float:
    others = (sum(totals) - totals[me]) / (len(totals) - 1)
    return (totals[me] - others) / SIX


def _set_value(rules, totals: list[int], me: int, done: GameState) -> float:
    result = done.result
    if result.winner is None:
        return 0.0
    after = [t + p for t, p in zip(totals, result.points, strict=True)]
    over, winner, _word = rules.set_end(after, result.winner)
    if not over:
        return _standing(after, me) - _standing(totals, me)
    if winner is None:  # bruck: everybody back to 0
        return -_standing(totals, me)
    return SET_VALUE if winner == me else -SET_VALUE
