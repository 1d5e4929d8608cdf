"""What a move costs, in the style's own unit, and what a cost means (error marks, bands).

A style won by games (the rules class's ``won_by_games``: Cut-Throat, Partner) is judged by the
chance that the seat's party wins this game: a move that takes a 60% game to 52% cost 0.08. A
style scored on points (Block, Draw, Doubles, and French where the totals are penalties,
``low_totals_win``) is judged in points: the party's points against the mean of the other
parties', the sign turned where points are bad. No style is named here.

Costs are turned into marks by fixed thresholds (``MARKS``), and a seat's mean cost per unforced
decision into a band named like GNU Backgammon's (``BANDS``). To compare units, a cost is
*normalised* by the unit's scale (1 for a win chance, ``POINT_SCALE`` points for points): the
thresholds and bands are in normalised units. docs/analysis.md gives the figures behind them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.rules import Rules

WIN = "win"
POINTS = "points"
POINT_SCALE = 20.0  # points of a typical game swing; the expert's utility uses the same scale

#: Normalised cost at or above which a decision is a small, clear or big error (first match
#: from the end wins). A win chance lost: 0.02, 0.05, 0.10; points: 1, 3 and 6 points.
MARKS: tuple[tuple[str, float], ...] = (("small", 0.02), ("clear", 0.05), ("big", 0.10))
#: A cost is marked only when it also exceeds this many standard errors of its estimate, so that
#: the noise of the play-outs does not pass for an error.
NOISE_Z = 2.0

#: Bands by mean normalised cost per unforced decision (upper bounds, best first), calibrated on
#: bench games of the random, casual and expert bots (bench/analysis.py, docs/analysis.md).
BANDS: tuple[tuple[str, float], ...] = (
    ("Supernatural", 0.002),
    ("World class", 0.005),
    ("Expert", 0.010),
    ("Advanced", 0.015),
    ("Intermediate", 0.022),
    ("Casual player", 0.032),
    ("Beginner", 0.045),
    ("Awful!", float("inf")),
)

Valuer = Callable[["GameState"], float]


@dataclass(frozen=True)
class Unit:
    """The unit a style is judged in: its name (``WIN`` or ``POINTS``) and its scale."""

    name: str
    scale: float


def unit_for(rules: Rules) -> Unit:
    """Win chance where the set is won by games, points otherwise."""
    if rules.won_by_games:
        return Unit(WIN, 1.0)
    return Unit(POINTS, POINT_SCALE)


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


def band(mean_normal_cost: float) -> str:
    """The band of a mean normalised cost per unforced decision (English; the site translates)."""
    for name, bound in BANDS:
        if mean_normal_cost < bound:
            return name
    return BANDS[-1][0]
