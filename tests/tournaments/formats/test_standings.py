"""Standings and tiebreaks on hand-worked examples."""

from __future__ import annotations

import pytest

from tournaments.formats import Entrant, RoundPlan, State, TablePlan, make_format

from .play import entrants

T = TablePlan

# Four entrants, three rounds, every one against every other:
#   round 1: 1 beats 2, 3 and 4 draw;  round 2: 3 beats 1, 2 beats 4;  round 3: 1 beats 4, 2-3 draw
# points: 1 -> 2, 2 -> 1.5, 3 -> 2, 4 -> 0.5
SMALL_EVENT = State(
    entrants(4),
    (
        RoundPlan(1, (TablePlan((1, 2), (1, 2)), TablePlan((3, 4), (1, 1)))),
        RoundPlan(2, (TablePlan((1, 3), (2, 1)), TablePlan((2, 4), (1, 2)))),
        RoundPlan(3, (TablePlan((1, 4), (1, 2)), TablePlan((2, 3), (1, 1)))),
    ),
)


def columns(rows):
    return {row.entrant: (row.points, *row.tiebreaks.values()) for row in rows}


def test_buchholz_median_buchholz_and_sonneborn_berger_by_hand():
    rows = make_format("swiss", rounds=3).standings(SMALL_EVENT)
    # buchholz: 1 met 2 (1.5), 3 (2), 4 (0.5) = 4; median drops the best and the worst: 1.5
    # sonneborn-berger: 1 beat 2 (1.5) and 4 (0.5) = 2; 3 drew 4 (0.25), beat 1 (2), drew 2 (0.75)
    assert columns(rows) == {
        1: (2.0, 4.0, 1.5, 2.0, 0.0),
        2: (1.5, 4.5, 2.0, 1.5, 0.0),
        3: (2.0, 4.0, 1.5, 3.0, 0.0),
        4: (0.5, 5.5, 2.0, 1.0, 0.0),
    }
    # head to head only compares entrants still level after the earlier tiebreaks: nobody here
    assert [row.entrant for row in rows] == [3, 1, 2, 4]
    assert [row.rank for row in rows] == [1, 2, 3, 4]


def test_head_to_head_decides_between_entrants_who_met():
    rows = make_format("swiss", rounds=3, tiebreaks=["head_to_head"]).standings(SMALL_EVENT)
    assert [(row.entrant, row.tiebreaks["head_to_head"]) for row in rows[:2]] == [
        (3, 1.0),
        (1, 0.0),
    ]


def test_head_to_head_is_void_while_some_of_the_tied_never_met():
    state = State(
        entrants(4),
        (RoundPlan(1, (TablePlan((1, 2), (1, 2)), TablePlan((3, 4), (1, 2)))),),
    )
    rows = make_format("swiss", rounds=3, tiebreaks=["head_to_head"]).standings(state)
    assert [row.tiebreaks["head_to_head"] for row in rows] == [0.0] * 4
    assert [row.rank for row in rows] == [1, 1, 3, 3]


def test_entrants_level_on_everything_share_a_rank_and_are_listed_by_seed():
    state = State(
        entrants(4), (RoundPlan(1, (TablePlan((4, 3), (1, 2)), TablePlan((2, 1), (1, 2)))),)
    )
    rows = make_format("swiss", rounds=3, tiebreaks=[]).standings(state)
    assert [(row.entrant, row.rank) for row in rows] == [(2, 1), (4, 1), (1, 3), (3, 3)]


def test_a_bye_counts_for_buchholz_as_an_opponent_on_ones_own_points():
    state = State(entrants(3), (RoundPlan(1, (TablePlan((1, 2), (1, 2)),), byes=(3,)),))
    rows = {row.entrant: row for row in make_format("swiss", rounds=2).standings(state)}
    assert rows[3].points == 1.0 and rows[3].byes == 1
    assert rows[3].tiebreaks["buchholz"] == 1.0
    assert rows[3].tiebreaks["sonneborn_berger"] == 0.0
    assert rows[1].tiebreaks["buchholz"] == 0.0


def test_four_seat_tiebreaks_take_the_mean_over_the_table():
    state = State(entrants(4), (RoundPlan(1, (TablePlan((1, 2, 3, 4), (1, 2, 2, 4)),)),))
    rows = {row.entrant: row for row in make_format("swiss_tables").standings(state)}
    # points 4, 1.5, 1.5, 0
    assert rows[1].tiebreaks["buchholz"] == pytest.approx((1.5 + 1.5 + 0) / 3)
    # entrant 2 is behind 1, level with 3 (half of 1.5), ahead of 4 (0 points)
    assert rows[2].tiebreaks["sonneborn_berger"] == pytest.approx((0 + 0.75 + 0) / 3)
    assert rows[1].tiebreaks["sonneborn_berger"] == pytest.approx((1.5 + 1.5 + 0) / 3)
    assert rows[4].tiebreaks["sonneborn_berger"] == 0.0


def test_bots_are_no_opponents_for_tiebreaks():
    state = State(entrants(3), (RoundPlan(1, (TablePlan((1, None, 2, 3), (2, 1, 3, 4)),)),))
    rows = {row.entrant: row for row in make_format("swiss_tables").standings(state)}
    assert rows[1].points == 2.0
    assert rows[1].tiebreaks["buchholz"] == pytest.approx((1 + 0) / 2)


def test_outright_wins_do_not_count_a_shared_first():
    state = State(
        entrants(4), (RoundPlan(1, (TablePlan((1, 2), (1, 1)), TablePlan((3, 4), (1, 2)))),)
    )
    rows = {row.entrant: row for row in make_format("swiss").standings(state)}
    assert (rows[1].wins, rows[3].wins) == (0, 1)


def test_unfinished_tables_do_not_count_yet():
    state = State(entrants(4), (RoundPlan(1, (TablePlan((1, 2), (1, 2)), TablePlan((3, 4)))),))
    rows = {row.entrant: row for row in make_format("swiss").standings(state)}
    assert (rows[1].played, rows[3].played) == (1, 0)


def test_seating_the_next_round_changes_no_head_to_head():
    fmt = make_format("swiss", rounds=4, tiebreaks=["head_to_head"])
    state = State([Entrant(i, seed=i) for i in range(1, 7)])
    state = state.then(RoundPlan(1, (T((1, 3), (1, 2)), T((2, 4), (1, 2)), T((6, 5), (1, 2)))))
    state = state.then(RoundPlan(2, (T((3, 2), (1, 2)), T((6, 1), (1, 2)), T((4, 5), (1, 1)))))
    seated = state.then(RoundPlan(3, (T((1, 2)), T((3, 6)), T((4, 5)))))
    assert fmt.standings(seated) == fmt.standings(state)
