"""Results entered and overridden by organisers: kept with who, why and when, standings
recomputed from them, and refused (changing nothing) where they cannot apply."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.models import Entry, Round, TableAssignment
from tournaments.services import events, results, rounds, state
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def _running(club, count: int = 4, **fields):
    event = open_event(club, turn_clock=0, **fields)
    made = enter(event, count)
    row = events.start(event, owner_of(club))
    return event, made, list(row.tables.order_by("number"))


def _points(event) -> dict[int, float]:
    return {line.entrant: line.points for line in state.standings(event)}


def test_an_override_is_kept_with_who_why_and_when_and_the_standings_follow(club, people):
    event, _made, tables = _running(club)
    boss = people.organiser
    for table in tables:
        results.record_result(event, boss, table, [1, 2], "played on paper")
    first = tables[0]
    winner, loser = first.seats
    assert _points(event)[winner] == 1 and _points(event)[loser] == 0
    results.record_result(event, boss, first, ["2", "1"], "  seat 1 revoked a tile  ")
    first.refresh_from_db()
    assert (first.places, first.points) == ([2, 1], [0.0, 1.0])
    assert first.overridden_by == boss and first.override_reason == "seat 1 revoked a tile"
    assert first.overridden_at is not None
    assert _points(event)[winner] == 0 and _points(event)[loser] == 1
    standings = state.standings(event)
    assert standings[0].points == 1 and {s.entrant for s in standings[:2]} == {
        loser,
        tables[1].seats[0],
    }


def test_a_result_needs_a_reason(club):
    event, _made, tables = _running(club)
    with pytest.raises(TournamentError, match="Say why"):
        results.record_result(event, owner_of(club), tables[0], [1, 2], "  ")
    tables[0].refresh_from_db()
    assert tables[0].places is None


@pytest.mark.parametrize(
    ("places", "says"),
    [([1], "Give each of the 2 seats a place"), ([1, 3], "from 1 to 2"), (["a", 1], "place")],
)
def test_places_that_do_not_fit_the_table_are_refused(club, places, says):
    event, _made, tables = _running(club)
    with pytest.raises(TournamentError, match=says):
        results.record_result(event, owner_of(club), tables[0], places, "typo")
    tables[0].refresh_from_db()
    assert tables[0].places is None


def test_a_tie_where_a_knockout_needs_a_winner_is_refused(club):
    event, _made, tables = _running(club, format="single_elimination")
    with pytest.raises(TournamentError) as refused:
        results.record_result(event, owner_of(club), tables[0], [1, 1], "a draw")
    assert "needs a winner" in str(refused.value)
    tables[0].refresh_from_db()
    assert tables[0].places is None and tables[0].state == TableAssignment.State.PLAYING


def test_an_override_on_a_finished_event_is_refused_and_changes_nothing(club):
    event, _made, tables = _running(club, count=2, format="single_elimination")
    boss = owner_of(club)
    results.record_result(event, boss, tables[0], [1, 2], "played")
    events.finish(event, boss)
    with pytest.raises(TournamentError, match="finished: its results can no longer change"):
        results.record_result(event, boss, tables[0], [2, 1], "second thoughts")
    tables[0].refresh_from_db()
    assert tables[0].places == [1, 2]
    assert Entry.objects.get(pk=tables[0].seats[0]).final_place == 1


def test_a_knockout_result_cannot_change_once_the_next_round_was_seated_from_it(club):
    event, _made, tables = _running(club, format="single_elimination")
    boss = owner_of(club)
    for table in tables:
        results.record_result(event, boss, table, [1, 2], "played")
    rounds.generate_round(event, boss)
    with pytest.raises(TournamentError) as refused:
        results.record_result(event, boss, tables[0], [2, 1], "too late")
    assert "which is seated already" in str(refused.value)
    tables[0].refresh_from_db()
    assert tables[0].places == [1, 2]


def test_only_organisers_record_results(club, people):
    event, _made, tables = _running(club)
    with pytest.raises(TournamentError, match="organisers"):
        results.record_result(event, people.member, tables[0], [1, 2], "I won")


def test_the_round_finishes_when_its_last_table_is_in_and_the_next_is_not_made_by_itself(club):
    event, _made, tables = _running(club)
    boss = owner_of(club)
    results.record_result(event, boss, tables[0], [1, 2], "played")
    assert Round.objects.get(tournament=event).state == Round.State.RUNNING
    results.record_result(event, boss, tables[1], [1, 2], "played")
    assert Round.objects.get(tournament=event).state == Round.State.FINISHED
    assert Round.objects.filter(tournament=event).count() == 1


def test_a_seated_round_can_be_reseated_then_started(club):
    event, _made, tables = _running(club, count=8)
    boss = owner_of(club)
    for table in tables:
        results.record_result(event, boss, table, [1, 2], "played")
    row = rounds.generate_round(event, boss, start=False)
    seated = list(row.tables.order_by("number"))
    assert all(t.state == TableAssignment.State.SEATED and t.table is None for t in seated)
    a, b = seated[0].seats[0], seated[1].seats[1]
    rounds.reseat(event, boss, Entry.objects.get(pk=a), Entry.objects.get(pk=b))
    swapped = list(row.tables.order_by("number"))
    assert swapped[0].seats[0] == b and swapped[1].seats[1] == a
    assert rounds.start_round(event, boss) == 4
    started = row.tables.get(number=1)
    assert started.table.seats.get(index=0).player_id == Entry.objects.get(pk=b).player_id
    with pytest.raises(TournamentError, match="has started"):
        rounds.reseat(event, boss, Entry.objects.get(pk=a), Entry.objects.get(pk=b))


def test_a_reseat_that_breaks_a_bracket_is_refused_with_the_formats_reason(club):
    event, _made, tables = _running(club, count=8, format="single_elimination")
    boss = owner_of(club)
    for table in tables:
        results.record_result(event, boss, table, [1, 2], "played")
    row = rounds.generate_round(event, boss, start=False)
    first, second = row.tables.order_by("number")[:2]
    before = [list(first.seats), list(second.seats)]
    with pytest.raises(TournamentError) as refused:
        rounds.reseat(event, boss, Entry.objects.get(pk=first.seats[0]),
                      Entry.objects.get(pk=second.seats[0]))  # fmt: skip
    assert "which is seated already" in str(refused.value)
    first.refresh_from_db()
    second.refresh_from_db()
    assert [first.seats, second.seats] == before
