"""Swiss for tables of four: seating by style, leaders together, repeat table-mates minimised."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import RoundPlan, SeatingError, State, TablePlan, make_format

from .play import assert_seated_once, entrants, record, table_mates
from .reference import partitions, seating_cost


def play_rounds(fmt, count, rounds, seed):
    state = State(entrants(count))
    rng = random.Random(seed)
    for _ in range(rounds):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        yield round_
        state = record(state, round_, rng, ties=True)


@pytest.mark.parametrize("count", range(2, 131))
def test_cut_throat_with_bots_seats_every_count_at_full_tables(count):
    fmt = make_format("swiss_tables", style="cutthroat", fill_with_bots=True, rounds=3)
    for round_ in play_rounds(fmt, count, 3, count):
        assert not round_.byes
        assert all(len(t.seats) == 4 for t in round_.tables)
        humans = sorted(len(t.entrants) for t in round_.tables)
        assert humans[0] >= 2 and humans[-1] - humans[0] <= 1
        assert len(round_.tables) == -(-count // 4)


@pytest.mark.parametrize("count", range(2, 131))
def test_doubles_uses_tables_of_three_and_two_instead_of_bots(count):
    fmt = make_format("swiss_tables", style="doubles", rounds=2)
    for round_ in play_rounds(fmt, count, 2, count):
        sizes = [len(t.seats) for t in round_.tables]
        assert None not in list(round_.seated())
        assert sum(sizes) == count and set(sizes) <= {2, 3, 4}
        assert sizes == sorted(sizes, reverse=True)
        assert max(sizes) - min(sizes) <= 1 or count < 6


@pytest.mark.parametrize("count", range(4, 131))
def test_french_with_byes_rotates_them_fairly(count):
    fmt = make_format("swiss_tables", style="french", allow_byes=True, rounds=3)
    byes: Counter = Counter()
    for round_ in play_rounds(fmt, count, 3, count):
        assert len(round_.byes) == count % 4
        assert all(len(t.seats) == 4 for t in round_.tables)
        byes.update(round_.byes)
    if 3 * (count % 4) <= count:
        assert max(byes.values(), default=0) <= 1


def test_cut_throat_without_bots_refuses_what_it_cannot_seat():
    fmt = make_format("swiss_tables", style="cutthroat")
    with pytest.raises(
        SeatingError, match="14 entries leave 2 over; allow bots to fill seats, or take 12 or 16"
    ):
        fmt.check_entries(14)
    fmt.check_entries(16)


@pytest.mark.parametrize("count", [48, 64, 100, 128])
def test_big_events_have_no_repeat_table_mates_in_early_rounds(count):
    fmt = make_format("swiss_tables", style="cutthroat", fill_with_bots=True, rounds=4)
    state = State(entrants(count))
    rng = random.Random(count)
    for _ in range(4):
        state = record(state, fmt.next_round(state), rng)
    assert max(table_mates(state).values()) == 1


@st.composite
def table_histories(draw):
    count = draw(st.integers(5, 12))
    fmt = make_format("swiss_tables", style="doubles", rounds=9)
    sizes = fmt.seating.split(count).sizes
    state = State(entrants(count))
    for number in range(1, draw(st.integers(1, 4)) + 1):
        ids = draw(st.permutations(list(range(1, count + 1))))
        tables, start = [], 0
        for size in sizes:
            seats = tuple(ids[start : start + size])
            places = tuple(draw(st.permutations(list(range(1, size + 1)))))
            tables.append(TablePlan(seats, places))
            start += size
        state = state.then(RoundPlan(number, tuple(tables)))
    return fmt, state, sizes


@settings(max_examples=60, deadline=None, derandomize=True)
@given(table_histories())
def test_repeat_table_mates_are_as_few_as_an_exhaustive_search_finds(case):
    fmt, state, sizes = case
    met: dict = {e.id: Counter() for e in state.entrants}
    for pair, times in table_mates(state).items():
        a, b = tuple(pair)
        met[a][b] = met[b][a] = times
    ours = fmt.next_round(state)
    ids = [e.id for e in state.entrants]
    best = min(seating_cost(p, met) for p in partitions(ids, list(sizes)))
    assert seating_cost([t.entrants for t in ours.tables], met) == best


def test_leaders_sit_together():
    fmt = make_format("swiss_tables", style="cutthroat", rounds=3)
    state = State(entrants(16))
    first = fmt.next_round(state)
    assert [t.seats for t in first.tables] == [
        (1, 5, 9, 13),
        (2, 6, 10, 14),
        (3, 7, 11, 15),
        (4, 8, 12, 16),
    ]
    state = state.then(first.with_results({n: (1, 2, 3, 4) for n in range(1, 5)}))
    second = fmt.next_round(state)
    assert [set(t.seats) for t in second.tables] == [
        {1, 2, 3, 4},
        {5, 6, 7, 8},
        {9, 10, 11, 12},
        {13, 14, 15, 16},
    ]


@pytest.mark.parametrize("count", [6, 10, 14, 18, 30])
def test_round_one_deals_the_seeds_apart_at_tables_of_four_and_two(count):
    """Block at tables of four and two: the field is dealt to the tables like cards, so the
    first seeds sit at different tables, and the table of two comes last."""
    fmt = make_format("swiss_tables", style="block", table_sizes=[2, 4])
    first = fmt.next_round(State(entrants(count)))
    sizes = [len(t.seats) for t in first.tables]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 2
    tables = len(first.tables)
    firsts = [min(t.seats) for t in first.tables]
    assert firsts == list(range(1, tables + 1))
    if count == 6:
        assert [t.seats for t in first.tables] == [(1, 3, 5, 6), (2, 4)]


def test_club_mates_are_spread_over_tables_when_it_costs_nothing():
    fmt = make_format("swiss_tables", style="cutthroat", rounds=3)
    state = State(entrants(8, **{"club:spanish-town": [1, 3, 5]}))
    round_ = fmt.next_round(state)
    assert all(len({1, 3, 5} & set(t.seats)) <= 2 for t in round_.tables)
    assert sum(len({1, 3, 5} & set(t.seats)) == 2 for t in round_.tables) == 1


def test_withdrawn_players_leave_and_the_rest_are_reseated():
    fmt = make_format("swiss_tables", style="cutthroat", fill_with_bots=True, rounds=4)
    state = State(entrants(12))
    rng = random.Random(2)
    state = record(state, fmt.next_round(state), rng)
    state = state.withdraw([4, 11])
    round_ = fmt.next_round(state)
    assert not {4, 11} & set(round_.seated())
    assert sorted(len(t.entrants) for t in round_.tables) == [3, 3, 4]
