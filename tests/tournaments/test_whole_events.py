"""One small event of each format, from registration to its finish, every table played out
by bot choices through the games services, the results arriving by games' own signals."""

from __future__ import annotations

import pytest

from games.models import Match
from tests.games.helpers import play_out_match
from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.models import Entry, Round, TableAssignment, Tournament
from tournaments.services import entries, events, rounds, state
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db(transaction=True)

#: (fields of the event, people entered, bots entered): one game a table keeps the run short.
EVENTS = {
    "single_elimination": ({"style": "block", "seats": 2, "format": "single_elimination",
                            "format_options": {"third_place": True}}, 5, 0),
    "double_elimination": ({"style": "draw", "seats": 2, "format": "double_elimination"}, 4, 0),
    "round_robin_duels": ({"style": "doubles", "seats": 2, "format": "round_robin"}, 3, 0),
    "round_robin_tables": ({"style": "cutthroat", "seats": 4, "format": "round_robin",
                            "bots_fill": True}, 5, 1),
    "round_robin_rotating_partners": ({"style": "partner", "seats": 4, "format": "round_robin",
                                       "format_options": {"partnerships": True}}, 4, 0),
    "swiss_pairs": ({"style": "partner", "seats": 4, "format": "swiss", "bots_fill": True,
                     "format_options": {"rounds": 2}}, 3, 1),
    "swiss_tables": ({"style": "french", "seats": 4, "format": "swiss_tables", "bots_fill": True,
                      "format_options": {"rounds": 2}}, 6, 0),
    "table_knockout": ({"style": "doubles", "seats": 4, "format": "table_knockout"}, 8, 0),
    "two_stage": ({"style": "block", "seats": 2, "format": "two_stage",
                   "format_options": {"pools": "swiss", "advance": 4,
                                      "pool_options": {"rounds": 2}}}, 6, 0),
}  # fmt: skip


def play_round(row: Round) -> None:
    for table in row.tables.order_by("number"):
        play_out_match(Match.objects.get(pk=table.match_id))


@pytest.mark.parametrize("name", list(EVENTS))
def test_an_event_runs_from_registration_to_its_finish(club, name):
    fields, people, bots = EVENTS[name]
    event = open_event(club, play_mode="games", games_per_table=1, turn_clock=0, **fields)
    boss = owner_of(club)
    enter(event, people)
    for _ in range(bots):
        entries.register_bot(event, boss)
    row = events.start(event, boss)
    for _ in range(40):
        play_round(row)
        row.refresh_from_db()
        assert row.state == Round.State.FINISHED
        assert not row.tables.exclude(state=TableAssignment.State.FINISHED).exists()
        try:
            preview = rounds.preview_round(event, boss)
        except TournamentError as done:
            assert "Every round of this event has been played" in str(done)
            break
        row = rounds.generate_round(event, boss, number=preview.number)
    events.finish(event, boss)
    event.refresh_from_db()
    assert event.state == Tournament.State.FINISHED
    placed = list(Entry.objects.filter(tournament=event).order_by("final_place"))
    assert all(e.final_place is not None for e in placed)
    assert placed[0].final_place == 1
    snap = state.snapshot(event)
    standings = snap.standings()
    assert {line.entrant for line in standings} == {e.pk for e in placed}
    bracket = snap.bracket()
    if bracket is not None and event.format != "two_stage":
        assert bracket.champion == placed[0].pk
    for table in TableAssignment.objects.filter(round__tournament=event):
        assert table.places is not None and len(table.places) == len(table.seats)
        assert len(table.points) == len(table.seats)
