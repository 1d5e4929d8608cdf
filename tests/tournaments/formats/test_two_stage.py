"""Two stages: pools then a knockout of the top N."""

from __future__ import annotations

import random

import pytest

from tournaments.formats import Entrant, RoundPlan, State, StateError, TablePlan, make_format

from .play import assert_seated_once, entrants, play, record

T = TablePlan


@pytest.mark.parametrize("count", [*range(2, 34), *range(37, 131, 8)])
def test_a_swiss_then_the_top_qualifiers_play_a_knockout(count):
    advance = min(count, 8)
    fmt = make_format("two_stage", pool_options={"rounds": 2}, advance=advance)
    state = State(entrants(count))
    rng = random.Random(count)
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        state = record(state, round_, rng)
    stages = [r.stage for r in state.rounds]
    assert stages[:2] == ["pools", "pools"] and set(stages[2:]) == {"playoff"}
    pool_rows = fmt.pool_format.standings(State(state.entrants, state.rounds[:2]))
    top = {row.entrant for row in pool_rows[:advance]}
    assert set(state.rounds[2].seated()) | set(state.rounds[2].byes) == top
    rows = fmt.standings(state)
    assert rows[0].rank == 1 and len(rows) == count
    assert fmt.bracket(state).champion == rows[0].entrant


def test_round_robin_pools_send_the_pool_winners_first():
    fmt = make_format("two_stage", pools="round_robin", pool_options={"pools": 4}, advance=4)
    state = State(entrants(16))
    rng = random.Random(3)
    while state.rounds == () or state.rounds[-1].stage != "playoff":
        state = record(state, fmt.next_round(state), rng)
    pools = fmt.pool_format.standings(State(state.entrants, state.rounds[:-1]))
    winners = {row.entrant for row in pools if row.rank == 1 and row.pool}
    if len(winners) == 4:
        assert set(state.rounds[-1].seated()) == winners


def test_the_playoff_bracket_shows_qualifier_slots_before_the_pools_end():
    fmt = make_format("two_stage", pool_options={"rounds": 3}, advance=6)
    bracket = fmt.bracket(State(entrants(20)))
    first = bracket.rounds[0].matches
    assert [(m.slots[0].label, m.slots[1].label) for m in first] == [
        ("Qualifier 1", "Bye"),
        ("Qualifier 4", "Qualifier 5"),
        ("Qualifier 2", "Bye"),
        ("Qualifier 3", "Qualifier 6"),
    ]
    assert all(s.entrant is None for m in first for s in m.slots)


def test_swiss_tables_then_a_table_knockout_for_four_seat_styles():
    fmt = make_format(
        "two_stage",
        pools="swiss_tables",
        pool_options={"style": "cutthroat", "rounds": 3, "fill_with_bots": True},
        playoff="table_knockout",
        playoff_options={"style": "cutthroat"},
        advance=8,
    )
    state = play(fmt, State(entrants(30)), random.Random(2))
    playoff = [r for r in state.rounds if r.stage == "playoff"]
    assert [len(r.tables) for r in playoff] == [2, 1]
    assert [r.number for r in playoff] == [4, 5]
    assert fmt.bracket(state).champion == fmt.standings(state)[0].entrant


def test_the_playoff_keeps_its_qualifiers_when_one_withdraws():
    fmt = make_format("two_stage", pool_options={"rounds": 2}, advance=4)
    state = State(entrants(10))
    rng = random.Random(9)
    for _ in range(3):
        state = record(state, fmt.next_round(state), rng)
    first_playoff = state.rounds[-1]
    quitter = first_playoff.tables[0].seats[0]
    state = state.withdraw([quitter])
    final = fmt.next_round(state)
    assert quitter not in set(final.seated())
    assert set(final.seated()) <= {*first_playoff.seated(), *first_playoff.byes}


def test_a_pool_correction_that_would_move_a_made_playoff_match_in_the_draw_is_refused():
    fmt = make_format("two_stage", pool_options={"rounds": 3}, advance=7)
    pools = [
        [T((1, 5), (1, 2)), T((6, 2), (2, 1)), T((3, 7), (1, 2)), T((8, 4), (2, 1))],
        [T((3, 1), (2, 1)), T((2, 4), (1, 2)), T((7, 5), (2, 1)), T((6, 8), (2, 1))],
        [T((1, 2), (1, 2)), T((4, 3), (2, 1)), T((5, 8), (2, 1)), T((7, 6), (2, 1))],
    ]
    rounds = [RoundPlan(n, tuple(tables), stage="pools") for n, tables in enumerate(pools, 1)]
    state = State([Entrant(i, seed=i) for i in range(1, 9)], rounds)
    state = state.then(fmt.next_round(state))  # the playoff's round 1: 8 v 4 is R1-2
    with pytest.raises(StateError) as refused:
        fmt.bracket(state.with_result(1, 1, (1, 1)))  # would make 8 v 4 R1-4
    assert refused.value.code == "seated_already"
