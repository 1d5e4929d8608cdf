"""Table knockout: tables of four, the top K go on re-seated, down to one final table."""

from __future__ import annotations

import random

import pytest

from tournaments.formats import (
    Entrant,
    OptionError,
    RoundPlan,
    SeatingError,
    State,
    StateError,
    TablePlan,
    make_format,
)

from .play import assert_seated_once, entrants, random_places


def play_knockout(fmt, count: int, seed: int, withdraw: dict[int, list[int]] | None = None):
    state = State(entrants(count))
    rng = random.Random(seed)
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        assert_seated_once(round_, state)
        assert not round_.byes
        state = state.then(round_)
        for number, table in enumerate(round_.tables, start=1):
            state = state.with_result(round_.number, number, random_places(rng, table))
        for who in (withdraw or {}).get(round_.number, []):
            state = state.withdraw([who])
    return state


def qualifiers(table, advance):
    pairs = enumerate(zip(table.seats, table.places, strict=True))
    ranked = sorted((p, i) for i, (who, p) in pairs if who)
    return {table.seats[i] for _, i in ranked[:advance]}


@pytest.mark.parametrize("count", range(2, 131))
def test_cut_throat_with_bots_plays_down_to_one_final_table(count):
    fmt = make_format("table_knockout", style="cutthroat", fill_with_bots=True)
    state = play_knockout(fmt, count, count)
    for before, after in zip(state.rounds, state.rounds[1:], strict=False):
        going = set().union(*(qualifiers(t, 2) for t in before.tables))
        assert set(after.seated()) == going
    assert len(state.rounds[-1].tables) == 1
    assert all(len(t.seats) == 4 for r in state.rounds for t in r.tables)
    bracket = fmt.bracket(state)
    assert bracket.champion is not None
    assert sorted(bracket.places) == list(range(1, count + 1))
    assert sorted(bracket.places.values())[: min(count, 4)] == list(range(1, min(count, 4) + 1))


@pytest.mark.parametrize("count", range(2, 131))
def test_doubles_plays_at_three_and_four_without_bots(count):
    fmt = make_format("table_knockout", style="doubles")
    if count == 5:
        with pytest.raises(SeatingError, match="5 entries leave 1 over"):
            fmt.check_entries(count)
        return
    state = play_knockout(fmt, count, count)
    assert all(3 <= len(t.seats) <= 4 or len(r.tables) == 1 for r in state.rounds for t in r.tables)
    assert None not in {s for r in state.rounds for t in r.tables for s in t.seats}
    assert fmt.bracket(state).champion is not None


def test_one_going_on_per_table_quarters_the_field():
    fmt = make_format("table_knockout", style="cutthroat", advance=1)
    state = play_knockout(fmt, 64, 1)
    assert [len(r.tables) for r in state.rounds] == [16, 4, 1]


def test_counts_that_cannot_be_seated_are_refused_with_counts_that_can():
    fmt = make_format("table_knockout", style="cutthroat")
    with pytest.raises(SeatingError) as error:
        fmt.check_entries(12)
    assert str(error.value) == (
        "a knockout of 12 players sends 6 to a later round, and Cut-Throat tables need "
        "4 players; allow bots to fill seats, or take 8 or 16 entries"
    )
    fmt.check_entries(16)
    with pytest.raises(OptionError, match="no byes"):
        make_format("table_knockout", style="cutthroat", allow_byes=True)


def test_the_whole_knockout_is_drawn_before_a_game_is_played():
    bracket = make_format("table_knockout", style="cutthroat").bracket(State(entrants(16)))
    assert [c.name for c in bracket.rounds] == ["Round 1", "Round 2", "Final table"]
    assert [s.label for s in bracket.match("K1-1").slots] == [
        "Seed 1",
        "Seed 8",
        "Seed 9",
        "Seed 16",
    ]
    assert [s.label for s in bracket.match("K2-1").slots] == [
        "1st of K1-1",
        "1st of K1-4",
        "2nd of K1-4",
        "2nd of K1-1",
    ]
    assert [s.label for s in bracket.match("K3-1").slots] == [
        "1st of K2-1",
        "1st of K2-2",
        "2nd of K2-2",
        "2nd of K2-1",
    ]
    assert bracket.match("K1-1").status == "ready" and bracket.match("K2-1").status == "waiting"


def test_a_qualifier_who_withdraws_is_replaced_by_the_next_at_that_table():
    fmt = make_format("table_knockout", style="cutthroat")
    state = State(entrants(16))
    first = fmt.next_round(state)
    state = state.then(first.with_results({n: (1, 2, 3, 4) for n in range(1, 5)}))
    top_table = first.tables[0].seats
    state = state.withdraw([top_table[0]])
    second = fmt.next_round(state)
    assert top_table[0] not in set(second.seated())
    assert top_table[2] in set(second.seated())


def test_places_rank_the_final_table_first_then_each_round_out_by_place():
    fmt = make_format("table_knockout", style="cutthroat")
    state = play_knockout(fmt, 16, 4)
    places = sorted(fmt.bracket(state).places.values())
    # round 2: the two 3rds share 5th, the two 4ths 7th; round 1: four 3rds 9th, four 4ths 13th
    assert places == [1, 2, 3, 4, 5, 5, 7, 7, 9, 9, 9, 9, 13, 13, 13, 13]


@pytest.mark.parametrize(
    ("options", "handed_in"),
    [({"style": "doubles"}, ((1, 4, 5, None), (2, 3, 6))),
     ({"style": "cutthroat", "fill_with_bots": True}, ((1, 4, 5), (2, 3, 6, None)))],
)  # fmt: skip
def test_a_table_handed_in_with_a_bot_seat_more_or_fewer_is_not_the_knockouts(options, handed_in):
    fmt = make_format("table_knockout", **options)
    state = State([Entrant(i, seed=i) for i in range(1, 7)])
    tables = tuple(TablePlan(seats, tuple(range(1, len(seats) + 1))) for seats in handed_in)
    with pytest.raises(StateError) as refused:
        fmt.standings(state.then(RoundPlan(1, tables)))
    assert refused.value.code == "not_the_brackets"
