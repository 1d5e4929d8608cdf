"""Results arrive from real games sets, played out through the games services: each finished
set lands on its table as places and points, and a table playing a fixed number of games has
its set closed after that many."""

from __future__ import annotations

import pytest

from games.models import Game, Match
from games.services.outcomes import MatchOutcome
from tests.games.helpers import play_out_match
from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.models import Entry, Round, TableAssignment
from tournaments.services import events, results, state

pytestmark = pytest.mark.django_db(transaction=True)


def _outcome(match: Match) -> MatchOutcome:
    """What games would announce for this two-seat set, seat 0 winning."""
    return MatchOutcome([[0], [1]], [p["id"] for p in match.players], [1, 2], [50, 0], "target", 0,
                        [False, False])  # fmt: skip


def _tables(row: Round) -> list[TableAssignment]:
    return list(row.tables.order_by("number"))


def test_a_finished_set_lands_as_places_and_points_and_finishes_the_round(club):
    event = open_event(club, options={"target": 50}, turn_clock=0)
    made = enter(event, 4)
    row = events.start(event, owner_of(club))
    first, second = _tables(row)
    match = play_out_match(first.match)
    first.refresh_from_db()
    assert first.state == TableAssignment.State.FINISHED
    winner_seat = match.winner_party
    assert first.places == [1 if seat == winner_seat else 2 for seat in range(2)]
    assert first.points == [1.0 if seat == winner_seat else 0.0 for seat in range(2)]
    row.refresh_from_db()
    assert row.state == Round.State.RUNNING
    play_out_match(second.match)
    row.refresh_from_db()
    assert row.state == Round.State.FINISHED and row.finished_at is not None
    lines = state.standings(event)
    assert sorted(line.points for line in lines) == [0, 0, 1, 1]
    assert {line.entrant for line in lines} == {e.pk for e in made}


def test_a_table_of_pairs_gives_the_winning_pair_first_place(club):
    event = open_event(club, style="partner", seats=4, format="single_elimination",
                       play_mode="games", games_per_table=1, turn_clock=0)  # fmt: skip
    enter(event, 2)
    row = events.start(event, owner_of(club))
    (table,) = _tables(row)
    match = play_out_match(table.match)
    table.refresh_from_db()
    winner = match.games.get().result["winner"]
    assert sorted(table.places) == [1, 2]  # a knockout always gets a winner
    if winner is not None:  # party 0 (seats 0 and 2) is the pair in format seat 0
        assert table.places[winner] == 1


def test_tables_playing_a_fixed_number_of_games_are_closed_after_that_many(club):
    event = open_event(club, style="cutthroat", seats=4, format="swiss_tables", play_mode="games",
                       games_per_table=2, turn_clock=0)  # fmt: skip
    enter(event, 4)
    row = events.start(event, owner_of(club))
    (table,) = _tables(row)
    match = play_out_match(table.match)
    # Cut-Throat cannot reach six in two games, so the set ends only because it is closed
    assert match.games.filter(state=Game.State.OVER).count() == 2
    assert (match.state, match.result) == (Match.State.OVER, "games")
    table.refresh_from_db()
    assert sorted(table.places) == [1, 2, 3, 4]  # distinct seeds settle any tie left
    assert sorted(table.points) == [0, 1, 2, 4]


def test_an_organisers_result_is_not_overwritten_by_a_set_finishing_later(club):
    event = open_event(club, options={"target": 50}, turn_clock=0)
    enter(event, 2)
    boss = owner_of(club)
    row = events.start(event, boss)
    (table,) = _tables(row)
    match = Match.objects.get(pk=table.match_id)
    results.record_result(event, boss, table, [2, 1], "the players agreed at the club")
    match.refresh_from_db()
    assert match.state == Match.State.ABANDONED  # the organiser's result stands; play stops
    results.set_finished(match.pk, _outcome(match))
    table.refresh_from_db()
    assert table.places == [2, 1] and table.override_reason == "the players agreed at the club"


def test_a_set_of_an_event_that_has_ended_changes_nothing(club):
    event = open_event(club, options={"target": 50}, turn_clock=0)
    enter(event, 2)
    row = events.start(event, owner_of(club))
    (table,) = _tables(row)
    match = Match.objects.get(pk=table.match_id)
    events.cancel(event, owner_of(club))
    results.set_finished(match.pk, _outcome(match))
    table.refresh_from_db()
    assert table.places is None
    assert Entry.objects.filter(final_place__isnull=False).count() == 0
