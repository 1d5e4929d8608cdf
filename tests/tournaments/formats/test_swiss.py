"""Two-party Swiss: everyone seated once, no rematch or second bye while avoidable, groups."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Entrant, RoundPlan, State, TablePlan, make_format

from .play import assert_seated_once, entrants, record, table_mates
from .reference import best_pairing_cost, tri

ROUNDS = 3


@pytest.mark.parametrize("count", range(2, 131))
def test_every_count_is_paired_with_everyone_seated_once_and_no_rematch(count):
    fmt = make_format("swiss", rounds=ROUNDS + 1, seed=count)
    state = State(entrants(count))
    rng = random.Random(count)
    for _ in range(ROUNDS):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        assert len(round_.byes) == count % 2
        assert all(len(t.seats) == 2 for t in round_.tables)
        state = record(state, round_, rng, ties=True)
    if count >= 2 * ROUNDS + 2:
        # each entrant has met at most 3 others, so a rematch-free pairing exists (Dirac)
        assert max(table_mates(state).values()) == 1
    byes = Counter(b for r in state.rounds for b in r.byes)
    if count >= ROUNDS:
        assert max(byes.values(), default=0) <= 1


def _history(draw, count: int):
    rounds = draw(st.integers(0, count))
    state = State(entrants(count))
    for number in range(1, rounds + 1):
        ids = draw(st.permutations(list(range(1, count + 1))))
        byes = (ids[-1],) if count % 2 else ()
        tables = tuple(
            TablePlan((ids[i], ids[i + 1]), draw(st.sampled_from([(1, 2), (2, 1), (1, 1)])))
            for i in range(0, count - count % 2, 2)
        )
        state = state.then(RoundPlan(number, tables, byes))
    return state


@st.composite
def histories(draw):
    count = draw(st.integers(2, 9))
    return _history(draw, count)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(histories())
def test_no_rematch_or_second_bye_while_one_can_be_avoided(state):
    fmt = make_format("swiss", rounds=len(state.rounds) + 1)
    round_ = fmt.next_round(state)
    met: dict = {e.id: Counter() for e in state.entrants}
    for a, b in [t.seats for r in state.rounds for t in r.tables]:
        met[a][b] += 1
        met[b][a] += 1
    byes = Counter(b for r in state.rounds for b in r.byes)
    ours = (
        sum(1 for b in round_.byes if byes[b] > 0),
        sum(tri(met[a][b]) for a, b in (t.seats for t in round_.tables)),
    )
    assert ours == best_pairing_cost([e.id for e in state.entrants], met, byes)


def test_no_entry_gets_a_second_bye_while_another_has_none():
    fmt = make_format("swiss", rounds=7)
    state = State(entrants(7))
    rng = random.Random(3)
    for _ in range(7):
        state = record(state, fmt.next_round(state), rng)
    assert sorted(b for r in state.rounds for b in r.byes) == list(range(1, 8))


def test_winners_meet_winners_in_round_two():
    fmt = make_format("swiss", rounds=3)
    state = State(entrants(8))
    first = fmt.next_round(state)
    assert [t.seats for t in first.tables] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    state = state.then(first.with_results({1: (1, 2), 2: (2, 1), 3: (1, 2), 4: (2, 1)}))
    winners = {1, 2, 3, 4}
    second = fmt.next_round(state)
    for table in second.tables:
        assert (set(table.seats) <= winners) or not (set(table.seats) & winners)


def test_the_bye_goes_to_the_lowest_placed_without_one():
    fmt = make_format("swiss", rounds=3)
    state = State(entrants(5))
    first = fmt.next_round(state)
    assert first.byes == (5,)


def test_club_mates_are_kept_apart_when_it_costs_nothing():
    fmt = make_format("swiss", rounds=3)
    plain = fmt.next_round(State(entrants(8)))
    assert (1, 5) in [t.seats for t in plain.tables]
    kept = fmt.next_round(State(entrants(8, **{"club:kingston": [1, 5], "family:brown": [2, 6]})))
    pairs = {frozenset(t.seats) for t in kept.tables}
    assert frozenset((1, 5)) not in pairs and frozenset((2, 6)) not in pairs


def test_the_docs_club_mates_example_swaps_inside_the_bottom_half():
    # docs/tournaments.md: the fold of 101..104 (after 105's bye) pairs 101 with 103, club-mates;
    # 101 v 102 and 103 v 104 would keep them apart too, but the top two seeds would meet
    field = [
        Entrant(i, seed=i - 100, groups=frozenset({"club:kingston"} if i in (101, 103) else ()))
        for i in range(101, 106)
    ]
    round_ = make_format("swiss").next_round(State(field))
    assert round_ == RoundPlan(
        number=1, tables=(TablePlan(seats=(101, 104)), TablePlan(seats=(103, 102))), byes=(105,)
    )


CLUBS = "abc"


@st.composite
def clashing_fields(draw) -> list[Entrant]:
    """Round 1 of 2 to 14 entrants, each in up to two of three clubs, one fold pair (of the
    field without the last seed's bye) sharing a club: a single score group whose fold clashes."""
    count = draw(st.integers(2, 14))
    clubs = [set(draw(st.sets(st.sampled_from(CLUBS), max_size=2))) for _ in range(count)]
    half = count // 2
    top = draw(st.integers(0, half - 1))
    shared = draw(st.sampled_from(CLUBS))
    clubs[top].add(shared)
    clubs[top + half].add(shared)
    return [
        Entrant(i, seed=i, groups=frozenset(f"club:{c}" for c in clubs[i - 1]))
        for i in range(1, count + 1)
    ]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(clashing_fields())
def test_a_clash_reorders_the_bottom_half_before_the_halves_exchange(field):
    # FIDE's Dutch system: when the fold must change, the bottom half is transposed first; two
    # of the top half meet only if every top-against-bottom pairing has more clashes
    round_ = make_format("swiss").next_round(State(field))
    assert round_.byes == ((len(field),) if len(field) % 2 else ())
    group = [e.id for e in field if e.id not in round_.byes]
    half = len(group) // 2
    top, bottom = group[:half], group[half:]
    labels = {e.id: e.groups for e in field}

    def clashes(pairs) -> int:
        return sum(1 for a, b in pairs if labels[a] & labels[b])

    across = min(clashes(zip(top, order, strict=True)) for order in itertools.permutations(bottom))
    chosen = [t.seats for t in round_.tables]
    assert clashes(chosen) <= across
    if any(len(set(seats) & set(top)) != 1 for seats in chosen):
        assert clashes(chosen) < across


def test_in_a_big_field_clashes_in_the_fold_keep_the_top_half_against_the_bottom():
    # 400 entrants, matched in slices of the one score group, every seventh fold pair clashing:
    # each slice mends its clashes inside its bottom half, within the cap of a pair across
    half = 200
    field = entrants(2 * half, **{f"club:{k}": [k, k + half] for k in range(1, half + 1, 7)})
    labels = {e.id: e.groups for e in field}
    round_ = make_format("swiss").next_round(State(field))
    for a, b in (t.seats for t in round_.tables):
        assert (a <= half) != (b <= half)
        assert not labels[a] & labels[b]


def test_club_mates_meet_rather_than_anyone_meets_twice():
    state = State(entrants(2, **{"club:mona": [1, 2]}))
    fmt = make_format("swiss", rounds=2)
    assert [t.seats for t in fmt.next_round(state).tables] == [(1, 2)]


def test_withdrawn_entrants_are_never_paired_again_but_keep_their_line():
    fmt = make_format("swiss", rounds=5)
    state = State(entrants(10))
    rng = random.Random(5)
    state = record(state, fmt.next_round(state), rng)
    state = record(state, fmt.next_round(state), rng)
    state = state.withdraw([2, 7, 9])
    for _ in range(3):
        round_ = fmt.next_round(state)
        assert not {2, 7, 9} & {*round_.seated(), *round_.byes}
        assert_seated_once(round_, state)
        state = record(state, round_, rng)
    rows = fmt.standings(state)
    assert len(rows) == 10
    assert {row.entrant for row in rows if not row.active} == {2, 7, 9}


def test_seat_one_alternates():
    fmt = make_format("swiss", rounds=4)
    state = State(entrants(16))
    rng = random.Random(1)
    for _ in range(4):
        state = record(state, fmt.next_round(state), rng)
    firsts = Counter(t.seats[0] for r in state.rounds for t in r.tables)
    assert max(firsts.values()) <= 3
