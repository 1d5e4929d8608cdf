"""The CSV files open as a spreadsheet user expects (issue 41): UTF-8 a spreadsheet
recognises, a finished event's places filled in, each entry's status where it stands, the stage
and label columns only where the event has them, and the games table as a link to its page."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from accounts.models import User
from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.models import TableAssignment, Tournament
from tournaments.services import entries, events, results, schedule

pytestmark = pytest.mark.django_db

QUICK = {"play_mode": "games", "games_per_table": 1, "turn_clock": 0}


def rows(client, event: Tournament, what: str) -> list[dict[str, str]]:
    response = client.get(
        reverse("event_export", kwargs={"slug": event.slug, "what": what}),
        HTTP_HOST="localhost:8000",
    )
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def play_every_table(event: Tournament) -> None:
    boss = owner_of(event.club)
    for table in TableAssignment.objects.filter(round__tournament=event, places__isnull=True):
        results.record_result(event, boss, table, [1, 2], "played on paper")


def test_a_finished_events_standings_have_every_place_and_each_entry_where_it_stands(client, club):
    event = open_event(club, format_options={"rounds": 2}, **QUICK)
    made = enter(event, 5)
    boss = owner_of(club)
    events.start(event, boss)
    play_every_table(event)
    entries.withdraw(event, boss, made[4])
    schedule.step(event.pk)  # round 2, seated and started
    play_every_table(event)
    events.finish(event, boss)
    standings = rows(client, event, "standings")
    assert [row["place"] for row in standings] == [row["rank"] for row in standings]
    assert all(row["place"] for row in standings)
    statuses = {row["entry"]: row["status"] for row in standings}
    assert statuses[made[4].name] == "Withdrawn after round 1"
    assert {statuses[e.name] for e in made[:4]} == {"Finished"}
    listed = {row["player"]: row for row in rows(client, event, "entries")}
    assert listed[made[0].player.name]["status"] == "Finished"
    assert listed[made[0].player.name]["final place"]
    assert "partner" not in listed[made[0].player.name]  # one against one: no partner column


def test_a_games_table_is_a_link_to_its_page_on_the_site_asked(client, club):
    event = open_event(club, **QUICK)
    enter(event, 4)
    events.start(event, owner_of(club))
    pairings = rows(client, event, "pairings")
    codes = TableAssignment.objects.filter(round__tournament=event).order_by("number")
    assert [row["games table"] for row in pairings] == [
        f"http://localhost:8000/play/t/{table.table.code}/" for table in codes
    ]
    assert "stage" not in pairings[0] and "label" not in pairings[0]


def test_a_knockouts_pairings_carry_its_match_labels(client, club):
    event = open_event(club, format="single_elimination", **QUICK)
    enter(event, 4)
    events.start(event, owner_of(club))
    pairings = rows(client, event, "pairings")
    assert [row["label"] for row in pairings] == ["R1-1", "R1-2"]
    assert "stage" not in pairings[0]


def test_a_two_stage_events_pairings_carry_the_stage(client, club):
    options = {"advance": 2, "pool_options": {"rounds": 1}}
    event = open_event(club, format="two_stage", format_options=options, **QUICK)
    enter(event, 4)
    events.start(event, owner_of(club))
    assert {row["stage"] for row in rows(client, event, "pairings")} == {"Pools"}


def test_a_pair_events_entries_have_a_partner_column(client, club):
    event = open_event(club, style="partner", seats=4, **QUICK)
    made = enter(event, 2)
    listed = rows(client, event, "entries")
    assert [row["partner"] for row in listed] == [e.partner.name for e in made]
    assert [row["status"] for row in listed] == ["Registered", "Registered"]


def test_every_new_cell_keeps_the_formula_guard(client, club):
    event = open_event(club, format_options={"rounds": 1}, **QUICK)
    made = enter(event, 2)
    User.objects.filter(pk=made[0].player_id).update(display_name="=1+1")
    events.start(event, owner_of(club))
    play_every_table(event)
    events.finish(event, owner_of(club))
    for what in ("entries", "pairings", "standings"):
        for row in rows(client, event, what):
            assert not [v for v in row.values() if v and v.startswith(("=", "+", "@"))], what
