"""Two-party Swiss: round 1 is exactly the fold for every field size, and the bye goes to the
bottom (the lowest-placed of the lowest score group without a bye) whenever that costs no
rematch."""

from __future__ import annotations

import random

import pytest

from tournaments.formats import RoundPlan, State, TablePlan, make_format

from .play import entrants, record, table_mates

#: every small field, the sizes that used to stray from the fold or misplace the bye (111, 257,
#: 400, 1001), and large fields just past a power of two (chunked, odd)
SIZES = [*range(2, 131), 257, 400, 513, 1001, 2049]


def fold(seeds: list[int]) -> set[frozenset[int]]:
    """1 v m/2 + 1, 2 v m/2 + 2, ... over ``seeds`` (best first, an even count m)."""
    half = len(seeds) // 2
    return {frozenset(p) for p in zip(seeds[:half], seeds[half:], strict=True)}


def pairs_of(round_: RoundPlan) -> set[frozenset[int]]:
    return {frozenset(t.seats) for t in round_.tables}


@pytest.mark.parametrize("count", SIZES)
def test_round_one_is_the_fold_for_every_field_size(count):
    round_ = make_format("swiss").next_round(State(entrants(count)))
    odd = count % 2
    assert round_.byes == ((count,) if odd else ())
    assert pairs_of(round_) == fold(list(range(1, count + 1 - odd)))


@pytest.mark.parametrize("count", [8, 64, 1024])
def test_round_two_folds_each_score_group_when_the_favourites_win(count):
    fmt = make_format("swiss", rounds=3)
    first = fmt.next_round(State(entrants(count)))
    # the better seed wins every table
    results = {
        n: (1, 2) if t.seats[0] < t.seats[1] else (2, 1)
        for n, t in enumerate(first.tables, start=1)
    }
    state = State(entrants(count)).then(first.with_results(results))
    half = count // 2
    winners, losers = list(range(1, half + 1)), list(range(half + 1, count + 1))
    assert pairs_of(fmt.next_round(state)) == fold(winners) | fold(losers)


def played(count: int, *rounds: tuple[int | None, list[tuple[int, int]]]) -> State:
    """Entrants 1..count (seeded by id) and finished rounds given as (bye, [(winner, loser)])."""
    state = State(entrants(count))
    for number, (bye, games) in enumerate(rounds, start=1):
        tables = tuple(TablePlan((won, lost), (1, 2)) for won, lost in games)
        state = state.then(RoundPlan(number, tables, (bye,) if bye is not None else ()))
    return state


def test_later_the_bye_goes_to_the_lowest_placed_of_the_lowest_group_without_one():
    # byes worth nothing keep their holders at the bottom: 4, 6 and 7 are on 0 points, and 6
    # and 7 have had a bye, so 4 sits out (1 v 3, 2 v 6 and 5 v 7 are all first meetings)
    fmt = make_format("swiss", rounds=3, bye_points=0)
    state = played(
        7,
        (7, [(1, 4), (2, 5), (3, 6)]),
        (6, [(1, 2), (3, 4), (5, 7)]),
    )
    round_ = fmt.next_round(state)
    assert round_.byes == (4,)
    assert max(table_mates(state.then(round_)).values()) == 1


#: who met whom in the bye-moving cases: six play three rounds, then 6 withdraws, leaving five
#: without a bye. 1, 2 and 3 have all met one another, so whichever of 4 and 5 sits out, the
#: other four hold that triangle and one of its pairs must meet again. Without 3 the rest pair
#: afresh (1 v 4, 2 v 5), and so they do without 2 or 1.
TRIANGLE = [[(1, 2), (3, 6), (4, 5)], [(1, 3), (2, 4), (5, 6)], [(2, 3), (1, 5), (4, 6)]]


def triangle(*winners: set[int]) -> State:
    """The ``TRIANGLE`` rounds, the given entrants winning their game in each, 6 withdrawn."""
    rounds = [
        (None, [(a, b) if a in won else (b, a) for a, b in games])
        for games, won in zip(TRIANGLE, winners, strict=True)
    ]
    return played(6, *rounds).withdraw([6])


def test_the_bye_moves_up_its_score_group_when_the_lowest_would_force_a_rematch():
    state = triangle({1, 3, 4}, {1, 2, 5}, {2, 1, 6})
    fmt = make_format("swiss", rounds=4)
    points = {row.entrant: row.points for row in fmt.standings(state)}
    # the lowest group is 3, 4 and 5 on 1 point: 5 and 4 would force a rematch, 3 would not
    assert [points[i] for i in (1, 2, 3, 4, 5)] == [3, 2, 1, 1, 1]
    round_ = fmt.next_round(state)
    assert round_.byes == (3,)
    assert max(table_mates(state.then(round_)).values()) == 1


def test_the_bye_moves_up_a_score_group_when_the_lowest_group_would_force_a_rematch():
    state = triangle({1, 3, 5}, {1, 2, 6}, {2, 1, 6})
    fmt = make_format("swiss", rounds=4)
    points = {row.entrant: row.points for row in fmt.standings(state)}
    # 4 alone is on 0 points, then 3 and 5 on 1: 4 and 5 would force a rematch, 3 would not
    assert [points[i] for i in (1, 2, 3, 4, 5)] == [3, 2, 1, 0, 1]
    round_ = fmt.next_round(state)
    assert round_.byes == (3,)
    assert max(table_mates(state.then(round_)).values()) == 1


@pytest.mark.parametrize("count", [65, 257, 1001])
def test_in_a_big_field_the_bye_goes_to_the_bottom_of_the_lowest_score_group(count):
    fmt = make_format("swiss", rounds=5)
    state = State(entrants(count))
    rng = random.Random(count)
    for _ in range(3):
        state = record(state, fmt.next_round(state), rng, ties=True)
    rows = fmt.standings(state)
    fewest = min(row.byes for row in rows)
    eligible = [row for row in rows if row.byes == fewest]
    lowest = min(row.points for row in eligible)
    bottom = max(row.entrant for row in eligible if row.points == lowest)
    round_ = fmt.next_round(state)
    assert round_.byes == (bottom,)
    assert max(table_mates(state.then(round_)).values()) == 1


def test_round_one_tables_follow_the_fold_with_seat_one_alternating():
    round_ = make_format("swiss").next_round(State(entrants(9)))
    assert round_.byes == (9,)
    assert [t.seats for t in round_.tables] == [(1, 5), (6, 2), (3, 7), (8, 4)]
