"""Charts as SVG drawn on the server: shapes worked out here, drawn by one template.

No charting library on either side: a chart is a list of bars (or lines), texts and rules in a fixed
``viewBox`` that the page scales to its width (so it reads on a phone), coloured by class from
``history.css``. Each bar has a ``<title>`` for pointers, and every chart comes with a table of
the same figures for screen readers and for anyone who prefers numbers.

The arithmetic of the axes (``round_step``, ``grid``) is here for every chart of the site: the
rating plots (``ratings.charts``) take their ticks from it too. So this module stays pure Python,
without Django (an import-linter contract holds it to that): the words, dates included, come
from the presenters.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date

WIDTH = 400  # narrow, so that the text stays readable when a phone scales the chart down
ROW = 30  # height of one horizontal bar's row
LABEL = 112  # room for the labels left of horizontal bars
#: The steps of a grid of counts (``_ticks``) and of a line chart's y axis (``span_ticks``).
COUNT_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
SPAN_STEPS = (0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500)


@dataclass
class Shape:
    x: float
    y: float
    width: float = 0
    height: float = 0
    css: str = ""
    text: str = ""
    anchor: str = "start"

    @property
    def x2(self) -> float:
        return self.x + self.width

    @property
    def y2(self) -> float:
        return self.y + self.height


@dataclass
class Chart:
    """What the template draws: ``bars`` (rect with a title), ``texts``, ``rules`` (lines)."""

    title: str
    height: int
    bars: list[Shape] = field(default_factory=list)
    texts: list[Shape] = field(default_factory=list)
    rules: list[Shape] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)
    width: int = WIDTH
    series: list[Series] = field(default_factory=list)
    marker: Shape | None = None  # a vertical rule (the move on screen)

    @property
    def empty(self) -> bool:
        return not self.bars and not self.series


@dataclass
class Series:
    """One line of a line chart: its points (in the chart's coordinates), each with a dot and
    a title; ``css`` colours it (and dashes it, so that it reads without colour too)."""

    css: str
    label: str
    dots: list[Shape] = field(default_factory=list)

    @property
    def points(self) -> str:
        return " ".join(f"{d.x:.1f},{d.y:.1f}" for d in self.dots)


#: A point of a line: x (a whole number from 0), y (in the data's unit), its title, whether it is
#: the one on screen.
Point = tuple[int, float, str, bool]


def lines(
    title: str,
    series: list[tuple[str, list[Point]]],
    x_max: int,
    y_ticks: list[tuple[float, str]],
    labels: tuple[str, str],
    at: int | None = None,
) -> Chart:
    """A line per series (label, points) over x from 0 to ``x_max``; the y axis runs from the
    first to the last of ``y_ticks`` (value, label), each drawn as a grid line. ``labels`` name
    the x and y axes; ``at`` puts a vertical rule on one x (the move on screen)."""
    height, top, bottom, left, right = 190, 24, 34, 44, 10
    chart = Chart(title, height)
    low, high = y_ticks[0][0], y_ticks[-1][0]
    span_x, span_y = max(1, x_max), (high - low) or 1.0
    room_x, room_y = WIDTH - left - right, height - top - bottom

    def place(x: float, y: float) -> tuple[float, float]:
        return left + room_x * x / span_x, top + room_y * (high - y) / span_y

    for value, label in y_ticks:
        y = place(0, value)[1]
        chart.rules.append(Shape(left, y, room_x, 0, "grid"))
        chart.texts.append(Shape(left - 6, y + 4, text=label, anchor="end", css="tick"))
    base = top + room_y
    for x in _ticks(span_x):
        chart.texts.append(Shape(place(x, 0)[0], base + 14, text=str(x), anchor="middle",
                                 css="tick"))  # fmt: skip
    chart.texts.append(Shape(left + room_x, height - 4, text=labels[0], anchor="end", css="axis"))
    chart.texts.append(Shape(4, 12, text=labels[1], css="axis"))
    if at is not None and 0 <= at <= x_max:
        x = place(at, 0)[0]
        chart.marker = Shape(x, top, 0, room_y, "now")
    for i, (label, points) in enumerate(series):
        line = Series(f"s{i}", label)
        for x, y, words, current in sorted(points, key=lambda p: p[0]):
            px, py = place(x, min(high, max(low, y)))
            line.dots.append(Shape(px, py, css="at" if current else "", text=words))
        chart.series.append(line)
        chart.legend.append((f"s{i}", label))
    return chart


def span_ticks(low: float, high: float) -> list[float]:
    """Round values from below ``low`` to above ``high`` (0 among them), at most about six."""
    low, high = min(low, 0.0), max(high, 0.0)
    return grid(low, high, float(round_step(high - low, 5, SPAN_STEPS)))


def stacked_months(
    title: str,
    months: dict[date, dict[str, int]],
    series: list[tuple[str, str]],
    date_format: Callable[[date, str], str],
    last: int = 24,
) -> Chart:
    """One column per month (the last ``last`` months with a set), stacked by ``series``
    ((key, label) bottom first); ``date_format`` words a month in a Django date format
    (``django.utils.formats.date_format``)."""
    keys = sorted(months)[-last:]
    height, top, bottom = 220, 16, 40
    chart = Chart(title, height, legend=[(key, label) for key, label in series])
    if not keys:
        return chart
    peak = max(sum(months[k].values()) for k in keys) or 1
    scale = (height - top - bottom) / peak
    left = 36
    slot = (WIDTH - left - 8) / len(keys)
    bar = max(3.0, min(30.0, slot * 0.7))
    base = height - bottom
    for value in _ticks(peak):
        y = base - value * scale
        chart.rules.append(Shape(left, y, WIDTH - 8 - left, 0, "grid"))
        chart.texts.append(Shape(left - 6, y + 4, text=str(value), anchor="end", css="tick"))
    for i, month in enumerate(keys):
        x = left + i * slot + (slot - bar) / 2
        y = base
        for key, label in series:
            count = months[month].get(key, 0)
            if not count:
                continue
            h = count * scale
            y -= h
            when = date_format(month, "YEAR_MONTH_FORMAT")
            chart.bars.append(Shape(x, y, bar, h, key, f"{when}: {label} {count}"))
        if i % -(-len(keys) // 6) == 0:  # at most six labels: they must not overlap
            chart.texts.append(
                Shape(x + bar / 2, base + 16, text=date_format(month, "M y"), anchor="middle",
                      css="tick")
            )  # fmt: skip
    return chart


def horizontal(title: str, rows: list[tuple[str, float, str]], peak: float) -> Chart:
    """One bar per row: (label, value, the value in words); ``peak`` is the full width."""
    chart = Chart(title, max(1, len(rows)) * ROW + 8)
    room = WIDTH - LABEL - 96
    for i, (label, value, words) in enumerate(rows):
        y = 4 + i * ROW
        width = room * (value / peak) if peak else 0
        chart.texts.append(Shape(LABEL - 8, y + 19, text=label, anchor="end", css="label"))
        chart.bars.append(
            Shape(LABEL, y + 4, max(width, 1), ROW - 10, "value", f"{label}: {words}")
        )
        chart.texts.append(Shape(LABEL + width + 6, y + 19, text=words, css="figure"))
    return chart


def given_taken(title: str, rows: list[tuple[str, int, int]], labels: tuple[str, str]) -> Chart:
    """Two bars per row, given above taken."""
    legend = [("given", labels[0]), ("taken", labels[1])]
    chart = Chart(title, max(1, len(rows)) * ROW * 2 + 8, legend=legend)
    peak = max([max(g, t) for _label, g, t in rows] + [1])
    room = WIDTH - LABEL - 50
    for i, (label, given, taken) in enumerate(rows):
        y = 4 + i * ROW * 2
        chart.texts.append(Shape(LABEL - 8, y + ROW, text=label, anchor="end", css="label"))
        for j, (key, value) in enumerate((("given", given), ("taken", taken))):
            width = room * value / peak
            top = y + j * (ROW - 4) + 4
            name = labels[j]
            chart.bars.append(
                Shape(LABEL, top, max(width, 1), ROW - 10, key, f"{label}, {name}: {value}")
            )
            chart.texts.append(Shape(LABEL + width + 6, top + 15, text=str(value), css="figure"))
    return chart


# -- the axes ------------------------------------------------------------------------------------


def round_step(spread: float, most: int, steps: Sequence[float]) -> float:
    """The first of ``steps`` (smallest first) that cuts ``spread`` into at most ``most``
    intervals, or the last of them when none does."""
    for step in steps:
        if spread / step <= most:
            return step
    return steps[-1]


def grid(low: float, high: float, step: float) -> list[float]:
    """The multiples of ``step`` from the last at or below ``low`` to the first at or above
    ``high``: at least two, so that even a flat line has an axis."""
    first = math.floor(low / step)
    last = max(first + 1, math.ceil(high / step))
    return [k * step for k in range(first, last + 1)]


def _ticks(peak: int) -> list[int]:
    """Up to five round values from 0 to ``peak`` for the grid."""
    return list(range(0, peak + 1, round_step(peak, 5, COUNT_STEPS)))
