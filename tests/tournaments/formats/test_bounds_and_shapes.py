"""Options at their limits, states of the wrong shape, and counts a format cannot seat: each is
played out in full or refused at once with a ``FormatError`` that says why (never a bare
``TypeError``, a hang or an entrant who silently drops out)."""

from __future__ import annotations

import random
import time

import pytest

from tournaments.formats import (
    Entrant,
    FormatError,
    OptionError,
    ResultError,
    RoundPlan,
    SeatingError,
    State,
    StateError,
    TablePlan,
    make_format,
)
from tournaments.formats.round_robin import pool_label

from .arbiter import within
from .play import entrants, record


def first_seat_wins(state: State, round_: RoundPlan) -> State:
    state = state.then(round_)
    for number, table in enumerate(round_.tables, start=1):
        state = state.with_result(round_.number, number, tuple(range(1, len(table.seats) + 1)))
    return state


# -- round robin: pools, partners, options ----------------------------------------------------


def test_pools_beyond_z_are_labelled_like_spreadsheet_columns():
    assert [pool_label(i) for i in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("round_robin", {"pools": 27}),
        ("two_stage", {"pools": "round_robin", "pool_options": {"pools": 27}, "advance": 4}),
    ],
)
def test_a_round_robin_of_27_pools_seats_every_entrant(name, options):
    fmt = make_format(name, **options)
    fmt.check_entries(54)
    state = State(entrants(54))
    round_ = fmt.next_round(state)
    assert sorted([*round_.seated(), *round_.byes]) == list(range(1, 55))
    state = first_seat_wins(state, round_)
    rows = fmt.standings(state)
    assert sorted(row.entrant for row in rows) == list(range(1, 55))
    pools = {row.pool for row in rows} - {""}  # a playoff's lines have no pool
    assert len(pools) == 27 and {"A", "Z", "AA"} <= pools
    assert all(table.label.startswith("Pool ") for table in round_.tables)


@pytest.mark.parametrize(
    ("options", "counts"),
    [({}, (6, 7, 10, 11, 14, 22)), ({"pools": 2}, (11, 13, 14, 22))],
)
def test_partner_entries_that_round_1_cannot_seat_are_refused_by_check_entries(options, counts):
    fmt = make_format("round_robin", seats=4, partnerships=True, **options)
    for count in counts:
        with pytest.raises(SeatingError) as refused:
            fmt.check_entries(count)
        assert "take" in str(refused.value)
    for count in (8, 9, 12, 16):  # even partnerships in every pool: every round seats
        fmt = make_format("round_robin", seats=4, partnerships=True)
        fmt.check_entries(count)
        fmt.next_round(State(entrants(count)))


def test_partner_entries_that_check_entries_takes_all_play_round_1():
    for pools in (1, 2, 3):
        fmt = make_format("round_robin", seats=4, partnerships=True, pools=pools)
        for count in range(2, 40):
            try:
                fmt.check_entries(count)
            except FormatError:
                continue
            fmt.next_round(State(entrants(count)))


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"style": "nope"}, "option_choice"),
        ({"table_sizes": (1,)}, "table_sizes_range"),
        ({"table_sizes": (2, 4)}, "table_sizes_range"),
        ({"style": "cutthroat"}, "style_table_sizes"),
        ({"seats": 4, "partnerships": True, "style": "nope"}, "option_choice"),
        ({"seats": 4, "partnerships": True, "table_sizes": (99,)}, "table_sizes_range"),
        ({"seats": 4, "partnerships": True, "table_sizes": (2, 4)}, "option_choice"),
    ],
)
def test_a_round_robin_of_two_or_of_partners_checks_style_and_table_sizes(options, code):
    with pytest.raises(OptionError) as refused:
        make_format("round_robin", **options)
    assert refused.value.code == code


def test_a_two_stage_round_robin_pool_checks_its_style():
    with pytest.raises(OptionError) as refused:
        make_format("two_stage", pools="round_robin", pool_options={"style": "nope"})
    assert refused.value.code == "option_choice"


def test_styles_that_fit_two_party_or_partner_tables_are_taken():
    make_format("round_robin", style="block")
    make_format("round_robin", table_sizes=(2,))
    make_format("round_robin", seats=4, partnerships=True, style="partner", table_sizes=(4,))


@pytest.mark.parametrize(
    "options",
    [{}, {"pools": 2}, {"seats": 4, "style": "cutthroat", "fill_with_bots": True}],
)
def test_a_round_robin_with_fewer_than_two_entrants_left_is_over(options):
    fmt = make_format("round_robin", **options)
    state = first_seat_wins(State(entrants(8)), fmt.next_round(State(entrants(8))))
    state = state.withdraw(range(2, 9))
    assert fmt.is_finished(state)


def test_a_round_robin_ends_when_no_pool_has_two_entrants_left():
    fmt = make_format("round_robin", pools=2)
    state = first_seat_wins(State(entrants(8)), fmt.next_round(State(entrants(8))))
    keep = {fmt.standings(state)[0].entrant, fmt.standings(state)[-1].entrant}
    pools = {row.entrant: row.pool for row in fmt.standings(state)}
    assert len({pools[who] for who in keep}) == 2  # one left in each pool
    state = state.withdraw([who for who in range(1, 9) if who not in keep])
    assert fmt.is_finished(state)


@pytest.mark.parametrize(
    ("options", "count"),
    [({"rounds": 200}, 12), ({"cycles": 50}, 20), ({"rounds": 999}, 12), ({"cycles": 7}, 24)],
)
def test_a_long_four_seat_round_robin_seats_each_round_at_once(options, count):
    fmt = make_format("round_robin", seats=4, style="cutthroat", seed=count, **options)
    state = State(entrants(count))
    rng = random.Random(count)
    for _ in range(3):
        with within(2.0):
            round_ = fmt.next_round(state)
        state = record(state, round_, rng)
    assert not fmt.is_finished(state)


def test_rounds_beyond_a_cycle_repeat_the_planned_cycle():
    fmt = make_format("round_robin", seats=4, style="cutthroat", rounds=8, seed=3)
    state = State(entrants(12))  # a cycle is ceil(11 / 3) = 4 rounds
    rng = random.Random(3)
    while not fmt.is_finished(state):
        state = record(state, fmt.next_round(state), rng)
    tables = [{frozenset(t.entrants) for t in r.tables} for r in state.rounds]
    assert len(tables) == 8 and tables[4:] == tables[:4]


# -- two stages: option keys and bounds -------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"pool_options": {1: 2}},
        {"playoff_options": {4: (1, 2, 3, 4)}},
        {"pool_options": {1: 2, "rounds": 3}},
        {"pool_options": {None: 1, (1, 2): 3}},
    ],
)
def test_a_stage_option_named_by_anything_but_a_text_is_an_unknown_option(options):
    with pytest.raises(OptionError) as refused:
        make_format("two_stage", **options)
    assert refused.value.code == "unknown_option"
    assert refused.value.params["option"]


@pytest.mark.parametrize("advance", [1025, 10**9])
def test_a_two_stage_event_with_a_huge_advance_is_refused(advance):
    with pytest.raises(OptionError) as refused:
        make_format("two_stage", advance=advance)
    assert refused.value.code == "option_range"
    assert refused.value.params == {"option": "advance", "minimum": 2, "maximum": 1024}


@pytest.mark.parametrize("playoff", ["single_elimination", "double_elimination"])
def test_the_largest_advance_draws_its_bracket_at_once(playoff):
    fmt = make_format("two_stage", advance=1024, playoff=playoff)
    with within(2.0):
        bracket = fmt.bracket(State(entrants(10)))
    assert bracket.champion is None


def test_a_late_entry_after_the_playoff_began_is_not_a_qualifier():
    fmt = make_format("two_stage", advance=4, pool_options={"rounds": 1})
    state = State(entrants(4))
    state = first_seat_wins(state, fmt.next_round(state)).withdraw([1])
    state = state.then(fmt.next_round(state))
    late = State((*state.entrants, Entrant(99)), state.rounds)
    assert 99 not in {row.entrant for row in fmt.standings(late)[:3]}
    assert not fmt.is_finished(late)
    fmt.bracket(late)


# -- Swiss: weights and points that would overflow ------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "option"),
    [
        ("swiss", {"avoid_weight": 1e308}, "avoid_weight"),
        ("swiss_tables", {"style": "cutthroat", "avoid_weight": 101}, "avoid_weight"),
        ("swiss", {"bye_points": 1e300}, "bye_points"),
        ("swiss", {"bye_points": -1e300}, "bye_points"),
        ("swiss", {"points": {2: (1e300, 0)}}, "points"),
        ("two_stage", {"pool_options": {"avoid_weight": 1e308}}, "avoid_weight"),
        ("two_stage", {"bye_points": 1e300}, "bye_points"),
    ],
)
def test_weights_and_points_that_would_overflow_the_pairing_are_refused(name, options, option):
    with pytest.raises(OptionError) as refused:
        make_format(name, **options)
    assert refused.value.code == "option_range"
    assert refused.value.params["option"] == option


@pytest.mark.parametrize("options", [{"avoid_weight": 100}, {"bye_points": 1000}])
def test_the_largest_weights_and_points_still_pair(options):
    fmt = make_format("swiss", **options)
    state = State(entrants(5, club=[1, 2, 3]))
    rng = random.Random(1)
    while not fmt.is_finished(state):
        state = record(state, fmt.next_round(state), rng)
    fmt.standings(state)


# -- results and entrants of the wrong type ---------------------------------------------------


@pytest.mark.parametrize("places", [None, 5, "12", {1: 2}])
def test_places_that_are_not_a_sequence_are_a_result_error(places):
    fmt = make_format("swiss")
    state = State(entrants(4))
    state = state.then(fmt.next_round(state))
    with pytest.raises(ResultError) as refused:
        state.with_result(1, 1, places)
    assert refused.value.code == "places_type"
    assert refused.value.params == {"round": 1, "table": 1}
    if places is not None:  # a table without places is one not played yet
        with pytest.raises(ResultError):
            TablePlan((1, 2), places)


@pytest.mark.parametrize(
    "entrant",
    [
        Entrant(None, seed=1),
        Entrant("", seed=1),
        Entrant(True, seed=1),
        Entrant(2.5, seed=1),
        Entrant(50, active=False, withdrawn_after="x"),
        Entrant(50, active=False, withdrawn_after=-1),
    ],
)
@pytest.mark.parametrize(
    "name", ["single_elimination", "double_elimination", "swiss", "round_robin", "two_stage"]
)
def test_an_entrant_with_an_id_or_withdrawal_of_the_wrong_kind_is_refused(entrant, name):
    state = State([entrant, *entrants(9)[1:]])
    fmt = make_format(name)
    methods = ["next_round", "standings"]
    if name != "swiss" and name != "round_robin":
        methods += ["bracket", "is_finished"]
    for method in methods:
        with pytest.raises(StateError):
            getattr(fmt, method)(state)


# -- brackets: tables that are not the bracket's ----------------------------------------------


@pytest.mark.parametrize("playoff", [None, "double_elimination"])
def test_a_correction_that_swaps_the_sides_of_a_seated_grand_final_is_refused(playoff):
    if playoff:
        fmt = make_format("two_stage", advance=2, playoff=playoff, pool_options={"rounds": 1})
    else:
        fmt = make_format("double_elimination")
    state = State(entrants(2))
    while not fmt.is_finished(state):
        state = first_seat_wins(state, fmt.next_round(state))
    champion = fmt.bracket(state).champion
    first = next(r for r in state.rounds if r.stage != "pools")
    swapped = tuple(reversed(first.tables[0].places))
    corrected = state.with_result(first.number, 1, swapped)
    for method in ("standings", "bracket", "is_finished"):
        with pytest.raises(StateError) as refused:
            getattr(fmt, method)(corrected)
        assert refused.value.code == "seated_already"
        assert refused.value.params == {"round": first.number + 1}
    assert fmt.bracket(state).champion == champion  # the event as played still stands


def test_a_grand_final_correction_that_keeps_who_is_which_side_is_taken():
    fmt = make_format("double_elimination")
    state = State(entrants(2))
    state = first_seat_wins(state, fmt.next_round(state))
    state = first_seat_wins(state, fmt.next_round(state))
    assert fmt.is_finished(state)
    corrected = state.with_result(2, 1, (2, 1))  # the reset is now needed
    assert not fmt.is_finished(corrected)


@pytest.mark.parametrize("name", ["single_elimination", "double_elimination"])
def test_a_bracket_refuses_a_match_table_with_a_bot_seat(name):
    fmt = make_format(name)
    round_1 = RoundPlan(1, (TablePlan((1, 4, None), (1, 2, 3)), TablePlan((2, 3), (1, 2))))
    state = State(entrants(4), (round_1,))
    for method in ("next_round", "standings", "bracket", "is_finished"):
        with pytest.raises(StateError) as refused:
            getattr(fmt, method)(state)
        assert refused.value.code == "not_the_brackets"
        assert refused.value.params == {"round": 1}


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("single_elimination", {}),
        ("double_elimination", {}),
        ("table_knockout", {"style": "cutthroat"}),
    ],
)
def test_a_bracket_refuses_a_round_1_that_leaves_out_entrants_still_in(name, options):
    fmt = make_format(name, **options)
    full = fmt.next_round(State(entrants(8)))
    short = RoundPlan(1, full.tables[:1])
    for state in (
        State(entrants(8), (short,)),
        State(entrants(8), (short,)).withdraw(list(full.tables[1].entrants)),
    ):
        for method in ("next_round", "standings", "bracket", "is_finished"):
            with pytest.raises(StateError) as refused:
                getattr(fmt, method)(state)
            assert refused.value.code == "not_the_brackets"
    # entrants who withdrew before round 1 was made may be left out
    gone = State(entrants(8)).withdraw([8])
    round_ = fmt.next_round(gone) if name != "table_knockout" else None
    if round_ is not None:
        fmt.standings(gone.then(round_))


# -- table knockout: refusals answer at once --------------------------------------------------


@pytest.mark.parametrize("count", [1001, 5001, 20001, 99_997])
@pytest.mark.parametrize(
    "options",
    [{"style": "cutthroat"}, {"style": "draw", "advance": 3}, {"style": "cutthroat", "advance": 1}],
)
def test_a_table_knockout_refuses_a_huge_count_at_once(count, options):
    fmt = make_format("table_knockout", **options)
    started = time.perf_counter()
    with pytest.raises(SeatingError) as refused:
        fmt.check_entries(count)
    assert time.perf_counter() - started < 1.0
    assert refused.value.params["take"]


def test_a_table_knockout_offers_the_nearest_counts_that_work():
    fmt = make_format("table_knockout", style="cutthroat")
    with pytest.raises(SeatingError) as refused:
        fmt.check_entries(20001)
    assert refused.value.params["take"] == "16384, 32768"
    for count in (16384, 32768):
        fmt.check_entries(count)


@pytest.mark.parametrize(
    ("name", "option"),
    [("swiss", "rounds"), ("swiss_tables", "rounds"), ("round_robin", "rounds"),
     ("round_robin", "cycles"), ("round_robin", "pools")],
)  # fmt: skip
def test_rounds_cycles_and_pools_beyond_999_are_refused_where_they_are_set(name, option):
    with pytest.raises(OptionError) as refused:
        make_format(name, **{option: 10**6})
    assert refused.value.code == "option_range" and refused.value.params["maximum"] == 999
