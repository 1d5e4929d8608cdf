"""Places to points: checking a table's places and sharing points between seats that tie.

A table's result is a full order of places, one per seat, 1 best, in "competition" form: seats
that tie share a place and the next place skips (1, 2, 2, 4). Tied seats share the points of the
places they span equally: two seats tied for 2nd at a 4-2-1-0 table get (2 + 1) / 2 each. In a
partnership format (individual Partner, seats 0 and 2 against 1 and 3) the places are those of
the two teams, given per seat: (1, 2, 1, 2), (2, 1, 2, 1), or (1, 1, 1, 1) for a drawn set, and
each player earns the two-party points of the team.

Points are kept as exact whole numbers of a small fraction of a point, so that equal totals
compare equal however they were added.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import OptionError, ResultError
from .model import TablePlan
from .options import POINTS_LIMIT

#: Tournament points per place, by the number of seats at the table (organisers may change them).
DEFAULT_POINTS: Mapping[int, tuple[int, ...]] = {2: (1, 0), 3: (4, 2, 0), 4: (4, 2, 1, 0)}


def _as_fraction(value: float | int | str | Fraction) -> Fraction:
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


@dataclass(frozen=True)
class Scoring:
    """How a format turns places and byes into tournament points.

    Points are kept as whole numbers of 1/``scale`` of a point (``scale`` is 12 times the common
    denominator of the organiser's points, so that splitting between up to four tied seats stays
    whole): sums are exact and fast. ``value`` turns such a number back into a ``Fraction``.
    ``points[n]``: the scaled points of places 1..n at a table of n seats. ``bye``: a bye's.
    ``partnerships``: tables of four where seats 0 and 2 play 1 and 3 as teams.
    """

    points: Mapping[int, tuple[int, ...]]
    bye: int
    scale: int
    partnerships: bool = False

    @classmethod
    def build(
        cls,
        points: Mapping[int, Sequence[float]] | None,
        bye_points: float | None,
        default_bye: str,
        partnerships: bool = False,
    ) -> Scoring:
        """Merge the organiser's points over the defaults and settle the bye's worth.

        ``default_bye`` names what a bye is worth when the organiser did not say: ``"win"``
        (the points of a two-seat win, as in chess Swiss events), ``"mean"`` (the average points
        of a four-seat table, what a table would have given on average) or ``"zero"``.
        """
        table = {n: tuple(Fraction(p) for p in ps) for n, ps in DEFAULT_POINTS.items()}
        for size, values in (points or {}).items():
            size = int(size)
            if size not in (2, 3, 4):
                raise OptionError(
                    f"points can be set for tables of 2, 3 or 4, not {size}",
                    "points_size",
                    size=str(size),
                )
            if len(values) != size:
                raise OptionError(
                    f"points for {size}-seat tables need {size} values, one per place",
                    "points_count",
                    size=size,
                )
            if any(not -POINTS_LIMIT <= v <= POINTS_LIMIT for v in values):
                raise OptionError(
                    f"points for {size}-seat tables must be from {-POINTS_LIMIT} to "
                    f"{POINTS_LIMIT}, not {tuple(values)!r}",
                    "option_range",
                    option="points",
                    minimum=-POINTS_LIMIT,
                    maximum=POINTS_LIMIT,
                )
            table[size] = tuple(_as_fraction(v) for v in values)
        for size, values in table.items():
            if list(values) != sorted(values, reverse=True):
                raise OptionError(
                    f"points for {size}-seat tables must not rise with the place",
                    "points_order",
                    size=size,
                )
        if bye_points is not None:
            bye = _as_fraction(bye_points)
        elif default_bye == "win":
            bye = table[2][0]
        elif default_bye == "mean":
            bye = sum(table[4], Fraction(0)) / 4
        else:
            bye = Fraction(0)
        every = [bye, *(v for values in table.values() for v in values)]
        scale = 12 * math.lcm(*(v.denominator for v in every))
        scaled = {n: tuple(int(v * scale) for v in values) for n, values in table.items()}
        return cls(points=scaled, bye=int(bye * scale), scale=scale, partnerships=partnerships)

    def value(self, scaled: int) -> Fraction:
        return Fraction(scaled, self.scale)

    def span(self, size: int) -> int:
        """Scaled points between first and last place at a table of ``size``: the scale of a
        points gap when seating such tables."""
        gap = self.points[size][0] - self.points[size][-1]
        return gap if gap > 0 else self.scale

    @property
    def unit(self) -> int:
        """The scaled points between winning and losing a two-party game: the scale of gaps."""
        gap = self.points[2][0] - self.points[2][-1]
        return gap if gap > 0 else self.scale

    def check(self, table: TablePlan, where: str) -> None:
        """Raise ``ResultError`` unless the table's places fit its seats."""
        places = table.places
        if places is None:
            return
        seats = len(table.seats)
        if len(places) != seats:
            raise ResultError(
                f"{where} has {seats} seats but {len(places)} places: {places}",
                "places_count",
                seats=seats,
                count=len(places),
            )
        if self.partnerships and seats == 4:
            if places[0] != places[2] or places[1] != places[3]:
                raise ResultError(
                    f"{where}: partners (seats 1 and 3, seats 2 and 4) share a place: {places}",
                    "partners_share",
                )
            _check_ranking((places[0], places[1]), where)
            return
        _check_ranking(places, where)
        if seats not in self.points:
            raise ResultError(f"{where} has {seats} seats and no points are set for that size")

    def table_points(self, table: TablePlan) -> tuple[int, ...]:
        """The scaled points of every seat of a finished table (bot seats too)."""
        assert table.places is not None
        if self.partnerships and len(table.seats) == 4:
            team = share(self.points[2], (table.places[0], table.places[1]))
            return (team[0], team[1], team[0], team[1])
        return share(self.points[len(table.seats)], table.places)


def _check_ranking(places: Sequence[int], where: str) -> None:
    for place in places:
        expected = 1 + sum(1 for other in places if other < place)
        if place != expected:
            raise ResultError(
                f"{where}: places {tuple(places)} do not fit: a seat placed {place} should be "
                f"{expected}, one more than the number of seats ahead of it (ties share a place "
                "and the next place skips, as in 1, 2, 2, 4)",
                "places_order",
            )


@functools.lru_cache(maxsize=1024)
def share(points: tuple[int, ...], places: tuple[int, ...]) -> tuple[int, ...]:
    """Scaled points per seat: seats tied on a place split the points of the places they span."""
    out = []
    for place in places:
        tied = places.count(place)
        out.append(sum(points[place - 1 : place - 1 + tied]) // tied)
    return tuple(out)


def pairwise(mine: int, theirs: int) -> int:
    """One seat's result against another at the same table, in halves: 2 ahead, 1 level,
    0 behind."""
    if mine < theirs:
        return 2
    return 1 if mine == theirs else 0
