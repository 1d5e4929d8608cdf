"""Resigning or leaving an event's table (``games.services.leaving``, heard through
``games.signals.seat_given_up``) is a forfeit of that table by the leaver's entry: it comes last
there, the event says so, and the confirmation said so before it was done. An event's table
cannot be aborted."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Match, Table
from games.services import leaving
from games.services.errors import TableError
from tests.games.helpers import play_out_match
from tests.tournaments.factories import (
    first_table,
    person,
    started,
)
from tournaments.director import log_rows
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)

CUTTHROAT = {"style": "cutthroat", "seats": 4, "format": "swiss_tables"}


def test_resigning_an_event_table_is_a_forfeit_and_the_other_wins_it(club):
    event = started(club, 4)
    table = first_table(event)
    quitter, _other = table.seats
    leaving.resign(Table.objects.get(pk=table.table_id), person(quitter))
    table.refresh_from_db()
    assert table.forfeited == [quitter]
    assert table.places == [2, 1] and table.points == [0.0, 1.0]
    match = Match.objects.get(pk=table.match_id)
    assert (match.state, match.result) == (Match.State.OVER, "resigned")
    assert match.note["result"]["forfeited"] == [0]  # the table page names who lost so


def test_leaving_a_table_of_two_decides_it_by_forfeit_at_once(club):
    event = started(club, 4)
    table = first_table(event)
    quitter, _other = table.seats
    leaving.leave(Table.objects.get(pk=table.table_id), person(quitter))
    table.refresh_from_db()
    assert table.forfeited == [quitter] and table.places == [2, 1]
    assert Match.objects.get(pk=table.match_id).state != Match.State.PLAYING


def test_leaving_a_bigger_table_lets_the_bot_play_on_and_the_leaver_comes_last(club):
    event = started(club, 4, **CUTTHROAT)
    table = first_table(event)
    quitter = table.seats[0]
    leaving.leave(Table.objects.get(pk=table.table_id), person(quitter))
    table.refresh_from_db()
    assert table.forfeited == [quitter] and table.places is None  # the others play on
    play_out_match(Match.objects.get(pk=table.match_id))
    table.refresh_from_db()
    assert table.places[0] == 4


def test_an_event_table_cannot_be_aborted(club):
    event = started(club, 4)
    table = first_table(event)
    with pytest.raises(TableError):
        leaving.abort(Table.objects.get(pk=table.table_id), person(table.seats[0]))
    assert Match.objects.get(pk=table.match_id).state == Match.State.PLAYING


@pytest.mark.parametrize("way", ["resign", "leave"])
def test_the_confirmation_at_an_event_table_says_it_is_a_forfeit_before_it_is_done(club, way):
    event = started(club, 4)
    table = first_table(event)
    client = Client()
    client.force_login(person(table.seats[0]))
    url = reverse("give_up", kwargs={"code": table.table.code, "way": way})
    page = client.get(url).text
    assert f"At {event.name}" in page and "forfeit of this table" in page
    assert Match.objects.get(pk=table.match_id).state == Match.State.PLAYING  # asked, not done
    assert client.post(url).status_code == 302
    table.refresh_from_db()
    assert table.forfeited == [table.seats[0]]


@pytest.mark.parametrize(("way", "said"), [("resign", "resigned"), ("leave", "left")])
def test_a_table_forfeited_at_the_table_is_in_the_directors_log(club, way, said):
    event = started(club, 4)
    table = first_table(event)
    quitter = table.seats[0]
    who = person(quitter)
    getattr(leaving, way)(Table.objects.get(pk=table.table_id), who)
    (row,) = log_rows(event)
    assert row.what == "Table forfeited at the table"
    assert row.detail == f"{Entry.objects.get(pk=quitter).name} {said}"
    assert (row.round, row.table, row.by) == (1, table.number, who.name)
