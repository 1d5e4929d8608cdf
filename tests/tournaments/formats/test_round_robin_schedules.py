"""Round robin schedules: the perfect 16-player plan, seat balance, and the order of tables."""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict

import pytest

from tournaments.formats import Entrant, State, make_format
from tournaments.formats.round_robin import affine_plane, circle, circle_round

from .play import assert_seated_once, entrants, play, record, table_mates

SEEDS = [*range(200), "spring-open", "x", "2024-club-night"]


def everyone_met_once(state: State, ids) -> bool:
    met = table_mates(state)
    return all(met[frozenset(pair)] == 1 for pair in itertools.combinations(ids, 2))


# -- the affine plane: 16 at four tables of four, 9 at three tables of three ----------------


@pytest.mark.parametrize("q", [3, 4])
def test_the_affine_plane_seats_everyone_each_round_and_every_pair_once(q):
    plane = affine_plane(q)
    assert len(plane) == q + 1
    met = Counter()
    for tables in plane:
        assert sorted(x for t in tables for x in t) == list(range(q * q))
        assert all(len(t) == q for t in tables)
        met.update(frozenset(p) for t in tables for p in itertools.combinations(t, 2))
    assert len(met) == q * q * (q * q - 1) // 2 and set(met.values()) == {1}


@pytest.mark.parametrize("seed", SEEDS)
def test_sixteen_players_meet_everyone_exactly_once_for_every_seed(seed):
    fmt = make_format("round_robin", seats=4, style="cutthroat", seed=seed)
    state = play(fmt, State(entrants(16)), random.Random(1))
    assert len(state.rounds) == 5
    assert everyone_met_once(state, range(1, 17))
    # round 1 is the fold by seed, as before: table j holds seeds j, j + 4, j + 8, j + 12
    first = [t.seats for t in state.rounds[0].tables]
    assert first == [(1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16)]


@pytest.mark.parametrize("seed", [0, 1, 10, 17, "abc"])
def test_sixteen_unseeded_players_meet_everyone_exactly_once(seed):
    people = [Entrant(i, seed=None) for i in range(1, 17)]
    fmt = make_format("round_robin", seats=4, style="french", seed=seed, fill_with_bots=True)
    state = play(fmt, State(people), random.Random(2))
    assert len(state.rounds) == 5 and everyone_met_once(state, range(1, 17))


@pytest.mark.parametrize("seed", [0, 1, 10, 41, "pools"])
def test_two_pools_of_sixteen_each_meet_everyone_exactly_once(seed):
    fmt = make_format("round_robin", seats=4, style="cutthroat", pools=2, seed=seed)
    state = play(fmt, State(entrants(32)), random.Random(3))
    assert len(state.rounds) == 5
    pools = {row.entrant: row.pool for row in fmt.standings(state)}
    met = table_mates(state)
    assert all(len({pools[x] for x in pair}) == 1 for pair in met)
    for label in "AB":
        members = sorted(e for e, p in pools.items() if p == label)
        assert len(members) == 16 and everyone_met_once(state, members)
    for round_ in state.rounds:
        for table in round_.tables:
            assert table.label == f"Pool {pools[table.seats[0]]}"


@pytest.mark.parametrize(
    ("options", "rounds", "times"),
    [({"cycles": 2}, 10, {2}), ({"rounds": 10}, 10, {2}), ({"rounds": 7}, 7, {1, 2})],
)
def test_more_rounds_than_five_keep_every_pair_level(options, rounds, times):
    fmt = make_format("round_robin", seats=4, style="cutthroat", seed=1, **options)
    state = play(fmt, State(entrants(16)), random.Random(4))
    assert len(state.rounds) == rounds
    met = table_mates(state)
    assert len(met) == 120 and set(met.values()) == times
    if rounds == 7:  # rounds 6 and 7 repeat rounds 1 and 2: 2 * 4 * 6 pairs meet twice
        assert Counter(met.values()) == {1: 72, 2: 48}


def test_fewer_rounds_than_five_repeat_nobody():
    fmt = make_format("round_robin", seats=4, style="cutthroat", rounds=3, seed=1)
    state = play(fmt, State(entrants(16)), random.Random(5))
    met = table_mates(state)
    assert len(state.rounds) == 3 and len(met) == 3 * 4 * 6 and set(met.values()) == {1}


@pytest.mark.parametrize("seed", [0, 1, 2, 3, "nine"])
@pytest.mark.parametrize(
    "options", [{"style": "doubles"}, {"style": "cutthroat", "fill_with_bots": True}]
)
def test_nine_players_at_tables_of_three_meet_everyone_once_in_four_rounds(seed, options):
    fmt = make_format("round_robin", seats=4, rounds=4, seed=seed, **options)
    state = play(fmt, State(entrants(9)), random.Random(6))
    assert len(state.rounds) == 4 and everyone_met_once(state, range(1, 10))
    assert [t.entrants for t in state.rounds[0].tables] == [(1, 4, 7), (2, 5, 8), (3, 6, 9)]


def test_a_withdrawal_among_sixteen_falls_back_to_the_mixer():
    fmt = make_format("round_robin", seats=4, style="cutthroat", fill_with_bots=True)
    state = State(entrants(16))
    rng = random.Random(7)
    state = record(state, fmt.next_round(state), rng).withdraw([16])
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        assert 16 not in set(round_.seated())
        state = record(state, round_, rng)
    assert max(table_mates(state).values()) <= 2


# -- two parties: seat 0 --------------------------------------------------------------------


def seat_runs(rounds) -> tuple[Counter, int]:
    """Seat 0 counts and the longest run of one seat (byes skipped) over ``rounds``."""
    seats = defaultdict(list)
    for pairs in rounds:
        for a, b in pairs:
            if a is not None and b is not None:
                seats[a].append(0)
                seats[b].append(1)
    firsts = Counter({x: s.count(0) for x, s in seats.items()})
    longest = max(len(list(run)) for s in seats.values() for _, run in itertools.groupby(s))
    return firsts, longest


@pytest.mark.parametrize("count", range(3, 132, 2))
def test_odd_counts_give_everyone_seat_zero_equally_often(count):
    firsts, longest = seat_runs(circle(list(range(count))))
    assert set(firsts.values()) == {(count - 1) // 2} and len(firsts) == count
    assert longest <= 2


@pytest.mark.parametrize("count", range(2, 131, 2))
def test_even_counts_give_seat_zero_counts_at_most_one_apart(count):
    firsts, longest = seat_runs(circle(list(range(count))))
    assert max(firsts.values()) - min(firsts.values()) <= 1 and len(firsts) == count
    assert longest <= 2


@pytest.mark.parametrize("count", [*range(2, 40), 64, 65, 131])
def test_the_pairs_of_each_round_are_those_of_the_circle_method(count):
    """Only the seats changed: round r pairs rotating indices x, y with x + y = c (mod m), c =
    m - 2 - 2r, and the fixed player with the x of 2x = c (an odd count's dummy: index m - 1)."""
    members = list(range(count))
    rotating = [*members[1:], None] if count % 2 else members[1:]
    m = len(rotating)
    for index in range(m):
        c = (m - 2 - 2 * index) % m
        expected = {frozenset((members[0], rotating[c * (m + 1) // 2 % m]))} | {
            frozenset((rotating[x], rotating[(c - x) % m])) for x in range(m) if x != (c - x) % m
        }
        assert {frozenset(pair) for pair in circle_round(members, index)} == expected


@pytest.mark.parametrize("count", [5, 7, 9, 12])
def test_a_two_party_event_balances_seat_zero_over_both_cycles(count):
    fmt = make_format("round_robin", cycles=2)
    state = play(fmt, State(entrants(count)), random.Random(count))
    cycle = count if count % 2 else count - 1
    assert len(state.rounds) == 2 * cycle
    halves = [state.rounds[:cycle], state.rounds[cycle:]]
    firsts = [Counter(t.seats[0] for r in half for t in r.tables) for half in halves]
    if count % 2:
        assert set(firsts[0].values()) == {(count - 1) // 2} and len(firsts[0]) == count
    # the second cycle swaps the seats: everyone has seat 0 in exactly count - 1 games
    both = firsts[0] + firsts[1]
    assert set(both.values()) == {count - 1}
    swapped = {(b, a) for r in halves[0] for a, b in (t.seats for t in r.tables)}
    assert swapped == {t.seats for r in halves[1] for t in r.tables}


# -- the order of tables: full tables first -------------------------------------------------


def assert_full_tables_first(round_, full: int, by_seed: bool = True) -> None:
    kinds = [(-len(t.entrants), t.seats.count(None)) for t in round_.tables]
    assert kinds == sorted(kinds), f"round {round_.number}: {[t.seats for t in round_.tables]}"
    if not by_seed:
        return
    groups = defaultdict(list)
    for table, kind in zip(round_.tables, kinds, strict=True):
        groups[kind].append((table.label, min(table.entrants)))
    for rows in groups.values():
        assert rows == sorted(rows), f"round {round_.number} out of order: {rows}"
    if round_.tables and kinds[0][0] == -full:
        assert round_.tables[0].seats.count(None) == 0


@pytest.mark.parametrize(
    ("count", "options"),
    [
        (10, {"style": "cutthroat", "fill_with_bots": True}),
        (15, {"style": "cutthroat", "fill_with_bots": True}),
        (18, {"style": "cutthroat", "fill_with_bots": True}),
        (30, {"style": "cutthroat", "fill_with_bots": True}),
        (10, {"style": "doubles"}),
        (13, {"style": "doubles"}),
        (22, {"style": "doubles"}),
        (33, {"style": "doubles"}),
        (20, {"style": "cutthroat", "fill_with_bots": True, "pools": 2}),
        (18, {"style": "cutthroat", "fill_with_bots": True, "pools": 2}),
        (30, {"style": "cutthroat", "fill_with_bots": True, "pools": 2}),
        (20, {"style": "doubles", "pools": 2}),
        (27, {"style": "doubles", "pools": 3}),
        (45, {"style": "cutthroat", "fill_with_bots": True, "pools": 3}),
    ],
)
def test_short_and_bot_tables_come_last(count, options):
    fmt = make_format("round_robin", seats=4, **options)
    state = State(entrants(count))
    rng = random.Random(count)
    shorts = 0
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        assert_full_tables_first(round_, 4)
        shorts += sum(len(t.entrants) < 4 for t in round_.tables)
        state = record(state, round_, rng)
    assert shorts
    if options.get("pools", 1) > 1:
        pools = {row.entrant: row.pool for row in fmt.standings(state)}
        for round_ in state.rounds:
            for table in round_.tables:
                assert {f"Pool {pools[x]}" for x in table.entrants} == {table.label}


@pytest.mark.parametrize(("count", "pools"), [(10, 1), (14, 1), (20, 2), (22, 2), (28, 2)])
def test_partner_tables_with_bots_come_last(count, pools):
    fmt = make_format("round_robin", seats=4, partnerships=True, fill_with_bots=True, pools=pools)
    state = State(entrants(count))
    rng = random.Random(count)
    bots = 0
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_full_tables_first(round_, 4, by_seed=False)
        bots += sum(None in t.seats for t in round_.tables)
        state = record(state, round_, rng, teams=True)
    assert bots
