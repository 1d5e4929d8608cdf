"""Places to points: defaults, ties sharing the points of the places they span, byes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.formats import TablePlan, make_format
from tournaments.formats.scoring import Scoring


def points(scoring: Scoring, seats: int, places: tuple[int, ...]) -> list[Fraction]:
    table = TablePlan(tuple(range(seats)), places)
    return [scoring.value(p) for p in scoring.table_points(table)]


def test_four_seats_earn_four_two_one_nothing():
    scoring = make_format("swiss_tables").scoring
    assert points(scoring, 4, (2, 1, 4, 3)) == [2, 4, 0, 1]


def test_tied_seats_share_the_points_of_the_places_they_span():
    scoring = make_format("swiss_tables").scoring
    assert points(scoring, 4, (1, 2, 2, 4)) == [4, Fraction(3, 2), Fraction(3, 2), 0]
    assert points(scoring, 4, (2, 1, 2, 2)) == [1, 4, 1, 1]
    assert points(scoring, 4, (1, 1, 1, 1)) == [Fraction(7, 4)] * 4


def test_a_drawn_two_party_game_is_half_a_point_each():
    scoring = make_format("swiss").scoring
    assert points(scoring, 2, (1, 1)) == [Fraction(1, 2)] * 2


def test_partners_earn_the_two_party_points_of_their_team():
    scoring = make_format("round_robin", seats=4, partnerships=True).scoring
    assert points(scoring, 4, (2, 1, 2, 1)) == [0, 1, 0, 1]


@pytest.mark.parametrize(
    ("name", "options", "bye"),
    [
        ("swiss", {}, 1),
        ("swiss_tables", {}, Fraction(7, 4)),
        ("round_robin", {}, 0),
        ("swiss", {"bye_points": 0.5}, Fraction(1, 2)),
    ],
)
def test_a_bye_is_worth_what_the_format_says(name, options, bye):
    scoring = make_format(name, **options).scoring
    assert scoring.value(scoring.bye) == bye


def test_organisers_may_set_their_own_points():
    scoring = make_format("swiss_tables", points={4: (3, 2, 1, 0), 3: (3, 1.5, 0)}).scoring
    assert points(scoring, 3, (3, 2, 1)) == [0, Fraction(3, 2), 3]
