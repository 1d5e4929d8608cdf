"""Single and double elimination: one champion, byes to the top seeds, two losses to go out."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from tournaments.formats import (
    Entrant,
    ResultError,
    RoundPlan,
    State,
    StateError,
    TablePlan,
    make_format,
)

from .play import assert_seated_once, entrants, record


def play_bracket(fmt, count: int, seed: int, withdraw: dict[int, list[int]] | None = None):
    state = State(entrants(count))
    rng = random.Random(seed)
    losses: Counter = Counter()
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        state = record(state, round_, rng)
        for table in state.rounds[-1].tables:
            losses[table.seats[table.places.index(2)]] += 1
        for who in (withdraw or {}).get(round_.number, []):
            state = state.withdraw([who])
    return state, losses


def first_round_byes(count: int) -> set[int]:
    return set(range(1, 2 ** math.ceil(math.log2(count)) - count + 1)) if count > 1 else set()


@pytest.mark.parametrize("count", range(2, 131))
def test_single_elimination_crowns_one_champion_with_byes_to_the_top_seeds(count):
    fmt = make_format("single_elimination", third_place=count % 3 == 0)
    state, losses = play_bracket(fmt, count, count)
    assert set(state.rounds[0].byes) == first_round_byes(count)
    assert all(not r.byes for r in state.rounds[1:])
    assert len(state.rounds) == max(1, math.ceil(math.log2(count)))
    bracket = fmt.bracket(state)
    champions = [e for e in range(1, count + 1) if losses[e] == 0]
    assert champions == [bracket.champion]
    assert sorted(bracket.places) == list(range(1, count + 1))
    assert Counter(bracket.places.values())[1] == 1
    assert bracket.places[bracket.champion] == 1
    rows = fmt.standings(state)
    assert [row.place for row in rows] == sorted(row.place for row in rows)


@pytest.mark.parametrize("count", range(2, 131))
def test_double_elimination_puts_nobody_out_before_two_losses(count):
    fmt = make_format("double_elimination")
    state, losses = play_bracket(fmt, count, count)
    assert set(state.rounds[0].byes) == first_round_byes(count)
    assert all(not r.byes for r in state.rounds[1:])
    bracket = fmt.bracket(state)
    assert bracket.champion is not None and losses[bracket.champion] <= 1
    assert all(losses[e] == 2 for e in range(1, count + 1) if e != bracket.champion)
    assert sorted(bracket.places) == list(range(1, count + 1))
    assert sorted(bracket.places.values())[:3] == [1, 2, 3][: min(3, count)]
    k = max(1, math.ceil(math.log2(count)))
    assert len(state.rounds) in (2 * k, 2 * k + 1)


def test_without_a_reset_the_first_grand_final_decides():
    fmt = make_format("double_elimination", grand_final_reset=False)
    state = State(entrants(2))
    state = state.then(fmt.next_round(state).with_results({1: (1, 2)}))
    final = fmt.next_round(state)
    assert [t.label for t in final.tables] == ["GF"]
    state = state.then(final.with_results({1: (2, 1)}))
    assert fmt.is_finished(state)
    assert fmt.bracket(state).champion == 2


def test_with_a_reset_a_win_from_the_losers_side_forces_a_second_final():
    fmt = make_format("double_elimination")
    state = State(entrants(2))
    state = state.then(fmt.next_round(state).with_results({1: (1, 2)}))
    state = state.then(fmt.next_round(state).with_results({1: (2, 1)}))
    assert not fmt.is_finished(state)
    reset = fmt.next_round(state)
    assert [t.label for t in reset.tables] == ["GF2"]
    state = state.then(reset.with_results({1: (2, 1)}))
    assert fmt.bracket(state).champion == 2
    assert fmt.bracket(state).places == {2: 1, 1: 2}


def test_the_third_place_match_is_played_beside_the_final():
    fmt = make_format("single_elimination", third_place=True)
    state, _ = play_bracket(fmt, 8, 1)
    final = state.rounds[-1]
    assert sorted(t.label for t in final.tables) == ["3P", "R3-1"]
    assert sorted(fmt.bracket(state).places.values()) == [1, 2, 3, 4, 5, 5, 5, 5]


def test_the_whole_bracket_is_drawn_before_a_game_is_played():
    bracket = make_format("single_elimination").bracket(State(entrants(6)))
    assert [c.name for c in bracket.rounds] == ["Quarter-finals", "Semi-finals", "Final"]
    first = bracket.rounds[0].matches
    assert [(m.slots[0].label, m.slots[1].label, m.status) for m in first] == [
        ("Seed 1", "Bye", "bye"),
        ("Seed 4", "Seed 5", "ready"),
        ("Seed 2", "Bye", "bye"),
        ("Seed 3", "Seed 6", "ready"),
    ]
    semi = bracket.match("R2-1")
    assert [s.label for s in semi.slots] == ["Winner of R1-1", "Winner of R1-2"]
    assert semi.slots[0].entrant == 1 and semi.slots[1].entrant is None
    assert semi.status == "waiting"


def test_the_double_elimination_bracket_names_where_losers_drop():
    bracket = make_format("double_elimination").bracket(State(entrants(8)))
    assert [s.label for s in bracket.match("L1-1").slots] == ["Loser of W1-1", "Loser of W1-2"]
    assert [s.label for s in bracket.match("L2-1").slots] == ["Winner of L1-1", "Loser of W2-2"]
    assert bracket.match("W1-1").loser_to == "L1-1"
    assert bracket.match("W2-1").loser_to == "L2-2"
    names = [c.name for c in bracket.rounds]
    assert names[:3] == ["Winners quarter-finals", "Winners semi-finals", "Winners final"]
    assert names[-2:] == ["Grand final", "Grand final reset"]


def test_a_withdrawn_entrant_loses_the_next_match_by_walkover():
    fmt = make_format("single_elimination")
    state = State(entrants(8))
    state = state.then(
        fmt.next_round(state).with_results({1: (1, 2), 2: (1, 2), 3: (1, 2), 4: (1, 2)})
    )
    state = state.withdraw([4])
    second = fmt.next_round(state)
    assert [t.seats for t in second.tables] == [(2, 3)]
    assert fmt.bracket(state).match("R2-1").status == "walkover"
    state = state.then(second.with_results({1: (2, 1)}))
    final = fmt.next_round(state)
    assert [t.seats for t in final.tables] == [(1, 3)]
    assert fmt.bracket(state).places[4] == 3


def test_withdrawals_in_double_elimination_still_crown_one_champion():
    fmt = make_format("double_elimination")
    state, _ = play_bracket(fmt, 12, 3, withdraw={1: [5], 3: [1, 9]})
    bracket = fmt.bracket(state)
    assert bracket.champion not in (5, 1, 9)
    assert sorted(bracket.places) == list(range(1, 13))


def test_a_knockout_match_needs_a_winner():
    fmt = make_format("single_elimination")
    state = State(entrants(4))
    state = state.then(fmt.next_round(state).with_results({1: (1, 1), 2: (1, 2)}))
    with pytest.raises(ResultError, match="needs a winner"):
        fmt.next_round(state)


def test_a_table_that_does_not_match_the_bracket_is_refused():
    fmt = make_format("single_elimination")
    state = State(
        entrants(4), (RoundPlan(1, (TablePlan((1, 2), (1, 2)), TablePlan((3, 4), (1, 2)))),)
    )
    with pytest.raises(Exception, match="R1-1"):
        fmt.next_round(state)


@pytest.mark.parametrize(
    ("name", "options", "gone", "champion"),
    [("single_elimination", {"third_place": True}, [2, 3], 1),
     ("double_elimination", {}, [1, 4], 2)],
)  # fmt: skip
def test_both_sides_of_a_match_withdrawn_are_placed_below_the_champion(
    name, options, gone, champion
):
    fmt = make_format(name, **options)
    state = State([Entrant(i, seed=i) for i in range(1, 9)])
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        state = state.then(round_)
        for i, table in enumerate(round_.tables, start=1):
            a, b = (state.by_id[who].seed for who in table.seats)
            state = state.with_result(round_.number, i, (1, 2) if a < b else (2, 1))
        if round_.number == 1:
            state = state.withdraw(gone)
    rows = fmt.standings(state)
    assert rows[0].entrant == champion and rows[0].place == 1
    assert all(row.place is not None for row in rows)
    assert all(row.place > 1 for row in rows if row.entrant in gone)


def test_a_correction_that_swaps_two_walkovers_of_a_made_round_is_refused():
    """Round 3 gives walkovers to 1 (winners' final) and 4 (losers' bracket); correcting
    W2-1 so that 4 beat 1 would swap them, though the set of walkover winners stays the same."""
    fmt = make_format("double_elimination")
    state = State([Entrant(i, seed=i) for i in range(1, 9)])
    for _ in range(2):
        round_ = fmt.next_round(state)
        state = state.then(round_)
        for i, table in enumerate(round_.tables, start=1):
            state = state.with_result(
                round_.number, i, (1, 2) if table.seats[0] < table.seats[1] else (2, 1)
            )
    state = state.withdraw([2, 6])
    third = fmt.next_round(state)
    assert third.walkovers == (1, 4)
    state = state.then(third)
    w2 = next(i for i, t in enumerate(state.rounds[1].tables, start=1) if t.label == "W2-1")
    with pytest.raises(StateError) as refused:
        fmt.bracket(state.with_result(2, w2, (2, 1)))
    assert refused.value.code == "seated_already"
