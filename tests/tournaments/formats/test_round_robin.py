"""Round robin: completeness, pools, cycles, four-seat spread and partner rotation."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tournaments.formats import SeatingError, State, make_format
from tournaments.formats.round_robin import circle

from .play import assert_seated_once, entrants, play, record, table_mates


@pytest.mark.parametrize("count", range(2, 131))
def test_the_circle_method_meets_every_pair_exactly_once(count):
    rounds = circle(list(range(count)))
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    met = Counter()
    for pairs in rounds:
        seen = [x for pair in pairs for x in pair if x is not None]
        assert len(seen) == len(set(seen)) == count
        met.update(frozenset(p) for p in pairs if None not in p)
    assert len(met) == count * (count - 1) // 2
    assert set(met.values()) == {1}
    firsts = Counter(p[0] for pairs in rounds for p in pairs if None not in p)
    assert max(firsts.values()) - min(firsts.values(), default=0) <= 2


@pytest.mark.parametrize("count", [*range(2, 21), 33, 64])
def test_a_two_party_round_robin_is_complete(count):
    fmt = make_format("round_robin")
    state = State(entrants(count))
    rng = random.Random(count)
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        state = record(state, round_, rng, ties=True)
    assert len(state.rounds) == (count - 1 if count % 2 == 0 else count)
    met = table_mates(state)
    assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
    byes = Counter(b for r in state.rounds for b in r.byes)
    assert set(byes.values()) <= {1} and len(byes) == count % 2 * count


def test_pools_are_snake_seeded_and_play_only_among_themselves():
    fmt = make_format("round_robin", pools=2)
    state = play(fmt, State(entrants(9)), random.Random(1))
    pools = {row.entrant: row.pool for row in fmt.standings(state)}
    assert sorted(e for e, p in pools.items() if p == "A") == [1, 4, 5, 8, 9]
    met = table_mates(state)
    assert all(len({pools[x] for x in pair}) == 1 for pair in met)
    assert len(met) == 10 + 6
    assert len(state.rounds) == 5


def test_two_cycles_swap_the_seats():
    fmt = make_format("round_robin", cycles=2)
    state = play(fmt, State(entrants(4)), random.Random(1))
    seatings = Counter(t.seats for r in state.rounds for t in r.tables)
    assert len(state.rounds) == 6 and set(seatings.values()) == {1}
    assert set(table_mates(state).values()) == {2}


def test_a_withdrawn_entrants_opponents_sit_that_round_out():
    fmt = make_format("round_robin")
    state = State(entrants(6))
    rng = random.Random(4)
    state = record(state, fmt.next_round(state), rng).withdraw([3])
    for _ in range(4):
        round_ = fmt.next_round(state)
        assert 3 not in {*round_.seated(), *round_.byes}
        assert len(round_.byes) == 1
        state = record(state, round_, rng)
    assert fmt.is_finished(state)


def test_sixteen_players_at_tables_of_four_meet_everyone_exactly_once():
    fmt = make_format("round_robin", seats=4, style="cutthroat")
    state = play(fmt, State(entrants(16)), random.Random(1))
    assert len(state.rounds) == 5
    met = table_mates(state)
    assert len(met) == 120 and set(met.values()) == {1}


@pytest.mark.parametrize("count", [*range(4, 18), 20, 23, 24, 29, 36, 40])
def test_four_seat_table_mates_are_spread_evenly(count):
    fmt = make_format("round_robin", seats=4, style="cutthroat", fill_with_bots=True)
    state = State(entrants(count))
    rng = random.Random(count)
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        assert not round_.byes and all(len(t.seats) == 4 for t in round_.tables)
        state = record(state, round_, rng)
    met = table_mates(state)
    assert max(met.values()) <= 2
    share = Counter(x for pair in met for x in pair)
    assert len(share) == count


@pytest.mark.parametrize("count", range(4, 41))
def test_partners_rotate_so_nobody_partners_anyone_twice(count):
    fmt = make_format("round_robin", seats=4, partnerships=True, fill_with_bots=True)
    state = State(entrants(count))
    rng = random.Random(count)
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        assert len(round_.byes) <= count % 2
        state = record(state, round_, rng, teams=True)
    partners = Counter(
        frozenset((t.seats[i], t.seats[i + 2]))
        for r in state.rounds
        for t in r.tables
        for i in (0, 1)
        if None not in (t.seats[i], t.seats[i + 2])
    )
    assert set(partners.values()) == {1}
    assert len(partners) == count * (count - 1) // 2


def test_partner_rounds_need_bots_or_byes_for_an_odd_number_of_pairs():
    fmt = make_format("round_robin", seats=4, partnerships=True)
    with pytest.raises(SeatingError, match="allow bots to fill seats, or byes"):
        fmt.next_round(State(entrants(6)))
    round_ = make_format("round_robin", seats=4, partnerships=True, allow_byes=True).next_round(
        State(entrants(6))
    )
    assert len(round_.byes) == 2 and len(round_.tables) == 1


def test_a_withdrawn_players_partner_is_partnered_anew():
    fmt = make_format("round_robin", seats=4, partnerships=True, fill_with_bots=True)
    state = State(entrants(8))
    rng = random.Random(2)
    state = record(state, fmt.next_round(state), rng, teams=True).withdraw([5])
    round_ = fmt.next_round(state)
    assert 5 not in set(round_.seated())
    assert sorted(len(t.entrants) for t in round_.tables) == [3, 4]
    assert len(round_.byes) == 0
    first = state.rounds[0].tables
    before = {frozenset((t.seats[i], t.seats[i + 2])) for t in first for i in (0, 1)}
    now = {
        frozenset((t.seats[i], t.seats[i + 2]))
        for t in round_.tables
        for i in (0, 1)
        if None not in (t.seats[i], t.seats[i + 2])
    }
    assert not before & now


def test_round_robin_tiebreaks_start_with_head_to_head():
    fmt = make_format("round_robin")
    assert fmt.tiebreak_order[0] == "head_to_head"
    assert list(itertools.islice(fmt.tiebreak_order, 3)) == [
        "head_to_head",
        "sonneborn_berger",
        "wins",
    ]
