"""The shared model: bad input raises an error the organiser can read, and changes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.formats import (
    FORMATS,
    DuplicateEntrantError,
    Entrant,
    EntryCountError,
    OptionError,
    ResultError,
    RoundNotFinishedError,
    RoundPlan,
    SeatingError,
    State,
    StateError,
    TablePlan,
    TournamentFinishedError,
    make_format,
)

from .play import entrants


def test_an_entrant_entered_twice_is_refused():
    state = State([Entrant(1, seed=1), Entrant(2, seed=2), Entrant(1, seed=3)])
    with pytest.raises(DuplicateEntrantError, match="entrant 1 is entered twice"):
        make_format("swiss").next_round(state)


def test_an_entrant_seated_twice_in_one_round_is_refused():
    round_ = RoundPlan(1, (TablePlan((1, 2), (1, 2)), TablePlan((1, 3), (1, 2))))
    with pytest.raises(DuplicateEntrantError, match="round 1 has 1 twice"):
        make_format("swiss").standings(State(entrants(4), (round_,)))


def test_a_stranger_at_a_table_is_refused():
    round_ = RoundPlan(1, (TablePlan((1, 9), (1, 2)),))
    with pytest.raises(StateError, match="seats 9, who is not an entrant"):
        make_format("swiss").standings(State(entrants(4), (round_,)))


def test_rounds_out_of_order_are_refused():
    round_ = RoundPlan(2, (TablePlan((1, 2), (1, 2)),))
    with pytest.raises(StateError, match="round 2 is listed where round 1 should be"):
        make_format("swiss").standings(State(entrants(2), (round_,)))


@pytest.mark.parametrize(
    ("seats", "places", "message"),
    [
        ((1, 2), (1,), "has 2 seats but 1 places"),
        ((1, 2, 3, 4), (1, 2, 2, 3), "a seat placed 3 should be 4"),
        ((1, 2, 3, 4), (2, 2, 3, 4), "a seat placed 2 should be 1"),
        ((1, 2, 3, 4), (1, 1, 1, 5), "a seat placed 5 should be 4"),
    ],
)
def test_places_that_do_not_fit_the_table_are_refused(seats, places, message):
    round_ = RoundPlan(1, (TablePlan(seats, places),))
    fmt = make_format("swiss_tables", style="doubles")
    with pytest.raises(ResultError, match=message):
        fmt.standings(State(entrants(4), (round_,)))


def test_partners_must_share_their_place():
    round_ = RoundPlan(1, (TablePlan((1, 2, 3, 4), (1, 2, 3, 4)),))
    fmt = make_format("round_robin", seats=4, partnerships=True)
    with pytest.raises(ResultError, match="partners"):
        fmt.standings(State(entrants(4), (round_,)))


def test_the_next_round_waits_for_every_result():
    fmt = make_format("swiss", rounds=3)
    state = State(entrants(6))
    state = state.then(fmt.next_round(state)).with_result(1, 2, (2, 1))
    with pytest.raises(RoundNotFinishedError, match=r"round 1 is not finished: table\(s\) 1, 3"):
        fmt.next_round(state)


def test_no_round_follows_the_last():
    fmt = make_format("swiss", rounds=1)
    state = State(entrants(2))
    state = state.then(fmt.next_round(state)).with_result(1, 1, (1, 2))
    assert fmt.is_finished(state)
    with pytest.raises(TournamentFinishedError):
        fmt.next_round(state)


def test_unknown_formats_and_options_say_what_exists():
    with pytest.raises(OptionError, match="choose among single_elimination"):
        make_format("ladder")
    with pytest.raises(OptionError, match="swiss has no option colour"):
        make_format("swiss", colour="red")
    with pytest.raises(OptionError, match="unknown tiebreak"):
        make_format("swiss", tiebreaks=["coin"])
    with pytest.raises(OptionError, match="French is not played at tables of 3"):
        make_format("swiss_tables", style="french", table_sizes=[3, 4])


def test_options_stored_as_json_are_accepted():
    fmt = make_format(
        "swiss_tables", style="doubles", table_sizes=[3, 4], points={"4": [5, 3, 1, 0]}
    )
    assert fmt.seating.sizes == (3, 4)
    assert fmt.scoring.value(fmt.scoring.points[4][0]) == 5


def test_cut_throat_tells_the_organiser_what_would_work():
    fmt = make_format("swiss_tables", style="cutthroat")
    with pytest.raises(SeatingError) as error:
        fmt.next_round(State(entrants(10)))
    assert str(error.value) == (
        "Cut-Throat tables need 4 players: 10 entries leave 2 over; "
        "allow bots to fill seats, or take 8 or 12"
    )


def test_too_few_entries_are_refused_with_the_minimum():
    with pytest.raises(EntryCountError, match="needs at least 2 entries; there are 1"):
        make_format("single_elimination").next_round(State(entrants(1)))
    with pytest.raises(
        EntryCountError, match="4 are to qualify for the playoff but there are only 3"
    ):
        make_format("two_stage", advance=4).next_round(State(entrants(3)))


def test_the_same_state_gives_the_same_round():
    unseeded = [Entrant(f"p{i}") for i in range(11)]
    for name, options in [("swiss", {}), ("swiss_tables", {"style": "doubles"})]:
        first = make_format(name, seed=7, **options).next_round(State(unseeded))
        again = make_format(name, seed=7, **options).next_round(State(list(reversed(unseeded))))
        assert first == again


def test_the_formats_import_neither_django_nor_the_rest_of_the_site_but_the_engine():
    code = (
        "import sys, tournaments.formats; "
        "engine = ('games', 'games.engine'); "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'accounts', 'clubs', 'config') or m == 'tournaments.models' or "
        "(m.split('.')[0] == 'games' and m not in engine and not m.startswith('games.engine.'))); "
        "print(bad)"
    )
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert out.stdout.strip() == "[]", out.stderr


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("count", ["3", None, 2.5, True, float("nan"), -1, 10**9, 2**64])
def test_an_entry_count_that_is_no_count_is_refused_at_once(name, count):
    with pytest.raises(EntryCountError):
        make_format(name).check_entries(count)


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("active", [None, "no", 0])
def test_an_entrant_neither_active_nor_withdrawn_is_refused(name, active):
    state = State([Entrant(1, seed=1, active=active), Entrant(2, seed=2), Entrant(3, seed=3)])
    fmt = make_format(name)
    for call in (fmt.is_finished, fmt.standings, fmt.next_round):
        with pytest.raises(StateError):
            call(state)
