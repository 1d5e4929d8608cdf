"""What a move costs, in the style's own unit, and what a cost means (error marks, bands).

A style won by games (the rules class's ``won_by_games``: Cut-Throat, Partner) is judged by the
chance that the seat's party wins this game: a move that takes a 60% game to 52% cost 0.08. A
style scored on points (Block, Draw, Doubles, and French where the totals are penalties,
``low_totals_win``) is judged in points: the party's points against the mean of the other
parties', the sign turned where points are bad. No style is named here.

Costs are turned into marks by fixed thresholds (``MARKS``), and a seat's mean cost per unforced
decision into a band named like GNU Backgammon's (``BANDS``). To compare units, a cost is
*normalised* by the unit's scale (1 for a win chance; for points the style's
``Hooks.points_scale``, 20 points, 40 in Draw): the thresholds and bands are in normalised units.
docs/analysis.md gives the figures behind them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..hooks import hooks_for

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.rules import Rules

WIN = "win"
POINTS = "points"

#: Normalised cost at or above which a decision is a small, clear or big error (first match
#: from the end wins). A win chance lost: 0.02, 0.05, 0.10; points: 0.4, 1 and 2 at a scale of 20
#: points (0.8, 2 and 4 in Draw).
MARKS: tuple[tuple[str, float], ...] = (("small", 0.02), ("clear", 0.05), ("big", 0.10))
#: A cost is marked only when it also exceeds this many standard errors of its estimate, so that
#: the noise of the play-outs does not pass for an error.
NOISE_Z = 2.0

#: Bands by mean normalised cost per unforced decision (upper bounds, best first), calibrated on
#: bench games of the random, casual and expert bots (bench/analysis.py, docs/analysis.md).
BANDS: tuple[tuple[str, float], ...] = (
    ("Supernatural", 0.003),
    ("World class", 0.006),
    ("Expert", 0.012),  # the expert bot: about 0.010
    ("Advanced", 0.020),
    ("Intermediate", 0.028),
    ("Casual player", 0.045),  # the casual bot: about 0.036
    ("Beginner", 0.065),
    ("Awful!", float("inf")),  # random play: about 0.08
)

#: A seat is given a band only from this many unforced decisions on: below it one lucky or
#: unlucky choice decides the band (four choices that happened not to matter read "World
#: class"). The analysis page states it (docs/analysis.md, "Bands").
MIN_BAND_DECISIONS = 6

Valuer = Callable[["GameState"], float]


@dataclass(frozen=True)
class Unit:
    """The unit a style is judged in: its name (``WIN`` or ``POINTS``) and its scale."""

    name: str
    scale: float


def unit_for(rules: Rules) -> Unit:
    """Win chance where the set is won by games, points otherwise (scaled by the style's
    ``Hooks.points_scale``)."""
    if rules.won_by_games:
        return Unit(WIN, 1.0)
    return Unit(POINTS, hooks_for(rules.name).points_scale)


def valuer(rules: Rules, seat: int) -> Valuer:
    """What a finished game is worth to ``seat`` in its style's unit."""
    me = rules.party_of[seat]
    parties = len(rules.parties)
    if rules.won_by_games:
        return lambda done: 1.0 if done.result.winner == me else 0.0
    sign = -1.0 if rules.low_totals_win else 1.0

    def points(done: GameState) -> float:
        pts = done.result.points
        return sign * (pts[me] - (sum(pts) - pts[me]) / (parties - 1))

    return points


def mark(cost: float, stderr: float, unit: Unit) -> str:
    """ "small", "clear", "big", or "" for a cost below the thresholds or within the noise."""
    if cost <= NOISE_Z * stderr:
        return ""
    normal = cost / unit.scale
    word = ""
    for name, threshold in MARKS:
        if normal >= threshold:
            word = name
    return word


def band(mean_normal_cost: float, decisions: int = MIN_BAND_DECISIONS) -> str:
    """The band of a mean normalised cost per unforced decision (English; the site translates),
    or "" for fewer than ``MIN_BAND_DECISIONS`` decisions: too few to judge by."""
    if decisions < MIN_BAND_DECISIONS:
        return ""
    for name, bound in BANDS:
        if mean_normal_cost < bound:
            return name
    return BANDS[-1][0]
