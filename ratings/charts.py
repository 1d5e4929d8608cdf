"""A rating's history as a small SVG line, drawn on the server, in the figures players see
(``skill.shown``: whole numbers, a new player at 1500).

No charting library on either side and no script (the Content-Security-Policy allows none
inline): the shapes are worked out here, one template draws them, and ``ratings.css`` colours
them by class. The plot has a fixed ``viewBox`` that the page scales to its width, a title and
a one-line summary for screen readers, and never more points than the page can show. Its rules
are worked out by the site's chart arithmetic (``history.charts``, free of Django as this is).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from history.charts import grid, round_step

from .skill import START

WIDTH, HEIGHT = 320, 110
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 14
#: The steps between the rules, smallest first: two to four rules over the rating's spread.
#: All divide 1500, so the start is one of the rules whenever the line passes it; none is below
#: 10 points, a small move at the start of a new player's career (a first game moves ~80).
STEPS = (10, 20, 25, 50, 100, 250, 500, 1000)


@dataclass(frozen=True)
class Tick:
    y: float
    label: str
    start: bool = False  # the rule at the starting figure, drawn stronger


@dataclass
class Plot:
    """``points`` is the polyline's ``points`` attribute; ``last`` the final point (a dot);
    ``ticks`` the horizontal rules with their values; ``start`` and ``end`` the x range."""

    points: str = ""
    last: tuple[float, float] | None = None
    ticks: list[Tick] = field(default_factory=list)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    low: int = 0
    high: int = 0

    @property
    def empty(self) -> bool:
        return self.last is None


def history(values: list[int]) -> Plot:
    """The plot of a shown rating over its games, ``values[0]`` the figure before the first
    game plotted."""
    if not values:
        return Plot()
    low, high = min(values), max(values)
    step = float(round_step(high - low, 3, STEPS))
    rules = grid(low, high, step)
    bottom_value, top_value = rules[0], rules[-1]
    span = top_value - bottom_value
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(values)

    def x(i: int) -> float:
        return LEFT + (inner_w * i / (count - 1) if count > 1 else inner_w)

    def y(v: float) -> float:
        return TOP + inner_h * (top_value - v) / span

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    ticks = [Tick(round(y(value), 1), f"{value:.0f}", value == START) for value in rules]
    return Plot(points, (round(x(count - 1), 1), round(y(values[-1]), 1)), ticks, low=low,
                high=high)  # fmt: skip
