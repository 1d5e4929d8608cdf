"""The rules an arbiter can rely on (docs/tournaments.md), one test per rule, each from the
organiser's side: withdrawals never rewrite the past, no option makes a format loop, a result
is fixed once a later round is seated, brackets refuse tables that are not theirs, and bad
input is refused with a ``FormatError`` that says what went wrong."""

from __future__ import annotations

import pytest

from tournaments.formats import (
    Entrant,
    FormatError,
    OptionError,
    RoundPlan,
    SeatingError,
    State,
    StateError,
    TablePlan,
    make_format,
)

from .arbiter import within
from .play import entrants


def better_seed_wins(state: State, round_: RoundPlan) -> State:
    """Record ``round_`` with every table won by its best seed (bots last)."""
    state = state.then(round_)
    for number, table in enumerate(round_.tables, start=1):
        seeds = [state.by_id[who].seed if who is not None else 10**6 for who in table.seats]
        order = sorted(range(len(seeds)), key=seeds.__getitem__)
        places = [0] * len(seeds)
        for place, seat in enumerate(order, start=1):
            places[seat] = place
        state = state.with_result(round_.number, number, tuple(places))
    return state


def play_with_withdrawals(fmt, count: int, withdraw: dict[int, list[int]]) -> State:
    state = State(entrants(count))
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        state = better_seed_wins(state, round_)
        state = state.withdraw(withdraw.get(round_.number, []))
    return state


# -- 1. a withdrawal never rewrites the past --------------------------------------------------


def test_a_walkover_stands_when_its_winner_withdraws_later():
    fmt = make_format("single_elimination")
    state = play_with_withdrawals(fmt, 16, {1: [8], 3: [1]})
    bracket = fmt.bracket(state)
    walkover = bracket.match("R2-1")
    assert (walkover.status, walkover.advancing) == ("walkover", (1,))
    semi = bracket.match("R3-1")
    assert [s.entrant for s in semi.slots] == [1, 4] and semi.advancing == (1,)
    final = bracket.match("R4-1")
    assert [s.entrant for s in final.slots] == [1, 2]
    assert bracket.champion == 2
    assert bracket.places[1] == 2 and bracket.places[4] == 3


def test_the_round_that_decides_a_walkover_records_it():
    fmt = make_format("single_elimination")
    state = play_with_withdrawals(fmt, 8, {1: [4]})
    second = state.rounds[1]
    assert second.walkovers == (1,)
    assert [t.seats for t in second.tables] == [(2, 3)]


def test_double_elimination_never_seats_anyone_with_two_defeats_after_withdrawals():
    fmt = make_format("double_elimination")
    state = State(entrants(16))
    lost: dict[int, int] = {}
    while not fmt.is_finished(state):
        round_ = fmt.next_round(state)
        for table in round_.tables:
            assert all(lost.get(who, 0) <= 1 for who in table.entrants), table.label
        state = better_seed_wins(state, round_)
        for table in state.rounds[-1].tables:
            loser = table.seats[table.places.index(2)]
            lost[loser] = lost.get(loser, 0) + 1
        for match in fmt.bracket(state).matches():
            if match.status == "walkover" and match.round == round_.number:
                (loser,) = (s.entrant for s in match.slots if s.entrant not in match.advancing)
                lost[loser] = lost.get(loser, 0) + 1
        state = state.withdraw({1: [8], 3: [1], 5: [3]}.get(round_.number, []))
    champion = fmt.bracket(state).champion
    assert champion is not None and lost.get(champion, 0) <= 1


def test_a_two_stage_playoff_crowns_nobody_with_two_defeats():
    fmt = make_format(
        "two_stage", pool_options={"rounds": 2}, playoff="double_elimination", advance=8
    )
    state = play_with_withdrawals(fmt, 16, {3: [8], 5: [1]})
    champion = fmt.bracket(state).champion
    playoff = [r for r in state.rounds if r.stage == "playoff"]
    defeats = sum(
        1
        for r in playoff
        for t in r.tables
        if champion in t.seats and t.places[t.seats.index(champion)] == 2
    )
    assert champion is not None and defeats <= 1


# -- 2. no format can loop for ever ----------------------------------------------------------


@pytest.mark.parametrize("count", [5, 6, 7, 9])
def test_a_table_knockout_that_would_knock_nobody_out_is_refused_at_once(count):
    fmt = make_format("table_knockout", style="cutthroat", advance=3, fill_with_bots=True)
    with within(2), pytest.raises(SeatingError, match="knock nobody out") as refused:
        fmt.check_entries(count)
    assert refused.value.code == "knockout_stuck"
    with within(2), pytest.raises(SeatingError):
        fmt.next_round(State(entrants(count)))


# -- 3. a result is fixed once a later round is seated -----------------------------------------


def knockout_with_round_two_seated():
    fmt = make_format("table_knockout", style="cutthroat")
    state = State(entrants(16))
    first = fmt.next_round(state)
    state = state.then(first.with_results({n: (1, 2, 3, 4) for n in range(1, 5)}))
    return fmt, state.then(fmt.next_round(state))


def test_a_result_that_changes_who_went_on_is_refused_once_the_next_round_is_seated():
    fmt, state = knockout_with_round_two_seated()
    changed = state.with_result(1, 1, (1, 3, 2, 4))  # 3rd and 2nd swap: another goes on
    for read in (fmt.bracket, fmt.standings, fmt.is_finished):
        with pytest.raises(StateError, match="cannot change who went through"):
            read(changed)


def test_a_correction_below_the_cut_is_taken_after_the_next_round_is_seated():
    fmt, state = knockout_with_round_two_seated()
    corrected = state.with_result(1, 1, (1, 2, 4, 3))  # 3rd and 4th swap: both are out
    places = fmt.bracket(corrected).places
    before = fmt.bracket(state).places
    table = state.rounds[0].tables[0].seats
    assert places[table[2]] == before[table[3]] and places[table[3]] == before[table[2]]


def test_a_changed_winner_is_refused_once_the_next_round_is_seated():
    fmt = make_format("single_elimination")
    state = State(entrants(4))
    state = state.then(fmt.next_round(state).with_results({1: (1, 2), 2: (1, 2)}))
    state = state.then(fmt.next_round(state))
    with pytest.raises(StateError):
        fmt.bracket(state.with_result(1, 1, (2, 1)))


# -- 6. options are checked where they are set ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "option", "code"),
    [
        ("swiss_tables", {"style": "cutthroat", "seats": 5}, "seats", "option_choice"),
        ("table_knockout", {"seats": 5}, "seats", "option_choice"),
        ("swiss_tables", {"seats": 5}, "seats", "option_choice"),
        ("swiss", {"rounds": "3"}, "rounds", "option_type"),
        ("swiss", {"rounds": True}, "rounds", "option_type"),
        ("swiss", {"avoid_weight": None}, "avoid_weight", "option_type"),
        ("swiss", {"rounds": 0}, "rounds", "option_range"),
        ("round_robin", {"pools": "2"}, "pools", "option_type"),
        ("round_robin", {"cycles": None}, "cycles", "option_type"),
        ("single_elimination", {"third_place": "yes"}, "third_place", "option_type"),
        ("double_elimination", {"grand_final_reset": 1}, "grand_final_reset", "option_type"),
        ("table_knockout", {"style": "cutthroat", "advance": "2"}, "advance", "option_type"),
        ("table_knockout", {"style": "cutthroat", "advance": 4}, "advance", "option_range"),
        ("swiss_tables", {"style": 4}, "style", "option_type"),
        ("swiss_tables", {"table_sizes": "3,4"}, "table_sizes", "option_type"),
        ("swiss_tables", {"fill_with_bots": "true"}, "fill_with_bots", "option_type"),
        ("swiss", {"tiebreaks": "wins"}, "tiebreaks", "option_type"),
        ("swiss", {"bye_points": "1"}, "bye_points", "option_type"),
        ("swiss", {"seed": None}, "seed", "option_type"),
        ("two_stage", {"advance": None}, "advance", "option_type"),
        ("two_stage", {"pool_options": []}, "pool_options", "option_type"),
        ("two_stage", {"pool_options": {"rounds": "x"}}, "rounds", "option_type"),
        ("two_stage", {"pools": None}, "pools", "option_type"),
    ],
)
def test_a_wrong_option_is_refused_where_it_is_set_with_its_name(name, options, option, code):
    with pytest.raises(OptionError) as refused:
        make_format(name, **options)
    assert refused.value.code == code
    assert refused.value.params.get("option") == option
    assert option in str(refused.value)


@pytest.mark.parametrize(
    "points", [{"x": [1, 0]}, {"4": [4, "2", 1, 0]}, {"5": [1, 1, 1, 1, 1]}, {"2": None}, [4, 2]]
)
def test_wrong_points_are_refused_with_an_option_error(points):
    with pytest.raises(OptionError):
        make_format("swiss_tables", style="cutthroat", points=points)


@pytest.mark.parametrize(
    "places", [("1", "2"), (None, 1), (1.0, 2.0), (True, False), (1, 2, 3), (2, 2)]
)
def test_a_wrong_result_is_refused_with_a_format_error(places):
    fmt = make_format("swiss")
    state = State(entrants(2))
    state = state.then(fmt.next_round(state)).with_result(1, 1, places)
    with pytest.raises(FormatError):
        fmt.standings(state)


def test_an_entrant_with_a_seed_that_is_not_a_number_is_refused():
    with pytest.raises(StateError, match="seed"):
        make_format("swiss").next_round(State([Entrant(1, seed="1"), Entrant(2, seed=2)]))


# -- 7. brackets refuse tables that are not theirs --------------------------------------------


def test_a_bracket_refuses_a_table_of_entrants_already_out():
    fmt = make_format("single_elimination")
    state = State(entrants(8))
    state = better_seed_wins(state, fmt.next_round(state))
    second = fmt.next_round(state)
    losers = TablePlan((5, 6))  # both lost in round 1
    state = state.then(RoundPlan(2, (*second.tables, losers)))
    with pytest.raises(StateError, match="not one of the bracket's matches"):
        fmt.bracket(state)


def test_a_bracket_refuses_a_round_after_its_final():
    fmt = make_format("single_elimination")
    state = play_with_withdrawals(fmt, 4, {})
    with pytest.raises(StateError, match="after the last match"):
        fmt.standings(state.then(RoundPlan(3, (TablePlan((1, 2)),))))
    double = make_format("double_elimination")
    state = play_with_withdrawals(double, 4, {})  # the winners' champion wins: no reset
    with pytest.raises(StateError, match="after the last match"):
        double.bracket(state.then(RoundPlan(len(state.rounds) + 1, (TablePlan((1, 2)),))))


def test_a_table_knockout_refuses_a_non_qualifier_in_a_qualifiers_seat():
    fmt, state = knockout_with_round_two_seated()
    second = state.rounds[1]
    out = state.rounds[0].tables[0].seats[2]  # 3rd at K1-1: out
    table = second.tables[0]
    swapped = TablePlan(tuple(out if i == 1 else who for i, who in enumerate(table.seats)))
    state = State(state.entrants, (state.rounds[0], RoundPlan(2, (swapped, *second.tables[1:]))))
    with pytest.raises(StateError):
        fmt.bracket(state)


def test_a_table_knockout_refuses_a_round_after_its_final_table():
    fmt = make_format("table_knockout", style="cutthroat")
    state = play_with_withdrawals(fmt, 4, {})
    with pytest.raises(StateError, match="after the final table"):
        fmt.bracket(state.then(RoundPlan(2, (TablePlan((1, 2, 3, 4)),))))


def test_a_playoff_refuses_a_non_qualifier():
    fmt = make_format("two_stage", pool_options={"rounds": 2}, advance=4)
    state = State(entrants(8))
    for _ in range(2):
        state = better_seed_wins(state, fmt.next_round(state))
    playoff = fmt.next_round(state)
    assert {*playoff.seated(), *playoff.byes} == {1, 2, 3, 4}
    table = playoff.tables[0]
    wrong = TablePlan((8, table.seats[1]))
    state = state.then(RoundPlan(playoff.number, (wrong, *playoff.tables[1:]), stage="playoff"))
    with pytest.raises(StateError, match="cannot change once the playoff has begun"):
        fmt.bracket(state)


# -- 8. results go to tables that exist --------------------------------------------------------


@pytest.mark.parametrize(("round_number", "table"), [(1, 0), (1, 9), (0, 1), (5, 1), (1, True)])
def test_a_result_for_a_round_or_table_that_does_not_exist_is_refused(round_number, table):
    fmt = make_format("swiss")
    state = State(entrants(4))
    state = state.then(fmt.next_round(state))
    with pytest.raises(StateError, match=r"no round|no table"):
        state.with_result(round_number, table, (1, 2))


# -- 9. a playoff bye is worth what the playoff says --------------------------------------------


def test_a_playoff_bye_is_worth_nothing_whatever_a_pool_bye_is_worth():
    fmt = make_format("two_stage", pool_options={"rounds": 2}, advance=6)
    state = State(entrants(8))
    for _ in range(2):
        state = better_seed_wins(state, fmt.next_round(state))
    pools = {row.entrant: row.points for row in fmt.standings(state)}
    playoff = fmt.next_round(state)
    assert set(playoff.byes) == {1, 2}
    state = better_seed_wins(state, playoff)
    rows = {row.entrant: row for row in fmt.standings(state)}
    assert rows[1].points == pools[1] and rows[1].byes == 1
    assert rows[3].points == pools[3] + 1  # a playoff win is a point
