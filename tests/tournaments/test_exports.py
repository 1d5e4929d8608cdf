"""The CSV files of an event are opened in spreadsheets: a name or a reason a spreadsheet would
run as a formula (CSV injection, OWASP) is written as text, while the numbers stay numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from accounts.models import User
from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.exports import FORMULA_STARTS, write_csv
from tournaments.models import TableAssignment, Tournament
from tournaments.services import events, results

pytestmark = pytest.mark.django_db

# Short enough for a display name (40 characters), as PostgreSQL holds it to.
FORMULA = 'HYPERLINK("http://x.invalid/","Go")'
FILES = ("entries", "pairings", "standings")


def cells(client, event: Tournament, what: str) -> list[str]:
    response = client.get(reverse("event_export", kwargs={"slug": event.slug, "what": what}))
    assert response.status_code == 200
    return [cell for row in csv.reader(io.StringIO(response.content.decode())) for cell in row]


def played(event: Tournament, reason: str = "played") -> None:
    """Round 1 started and every table recorded by the organiser, the first seat winning."""
    boss = owner_of(event.club)
    events.start(event, boss)
    for table in TableAssignment.objects.filter(round__tournament=event):
        results.record_result(event, boss, table, [1, 2], reason)


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_a_name_a_spreadsheet_would_run_is_written_as_text_in_every_file(client, club, start):
    event = open_event(club, turn_clock=0)
    first = enter(event, 4)[0]
    User.objects.filter(pk=first.player_id).update(display_name=start + FORMULA)
    played(event, reason=start + FORMULA)
    for what in FILES:
        found = cells(client, event, what)
        assert "'" + start + FORMULA in found, what
        assert not [cell for cell in found if cell.startswith(FORMULA_STARTS)], what


@pytest.mark.parametrize("start", ["=", "+", "-", "@"])
def test_an_override_reason_a_spreadsheet_would_run_is_written_as_text(client, club, start):
    event = open_event(club, turn_clock=0)
    enter(event, 4)
    played(event, reason=start + FORMULA)
    found = cells(client, event, "pairings")
    assert found.count("'" + start + FORMULA) == 2  # one per table
    assert start + FORMULA not in found


def test_negative_points_stay_numbers_while_a_text_starting_with_a_minus_is_quoted(client, club):
    """Points may be negative (a lost table costing 3): a spreadsheet must read -3, not the
    text '-3; only text cells are quoted."""
    event = open_event(club, turn_clock=0, points={"2": [1, -3]})
    enter(event, 4)
    played(event)
    assert "-3" in cells(client, event, "pairings")
    assert "-3" in cells(client, event, "standings")
    assert write_csv([[-3, -1.5, "-3", "", None]]) == "-3,-1.5,'-3,,\r\n"
