"""Tables and events are rated unless their host or organiser says otherwise; an event's
tables are as rated as the event."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from tests.factories import make_user
from tests.tournaments.factories import enter, make_club, make_event, open_event, owner_of
from tournaments.models import Tournament
from tournaments.services import events

pytestmark = pytest.mark.django_db

FORM = {"style": "cutthroat", "seats": 4, "direction": "ccw", "turn_clock": 0, "fill": "casual"}


@pytest.fixture
def host_client():
    client = Client()
    client.force_login(make_user("host"))
    return client


def test_the_create_form_offers_rated_and_ticks_it(host_client):
    page = host_client.get(reverse("lobby")).text
    assert re.search(r'<input type="checkbox" name="rated"[^>]*checked', page)


def test_a_table_is_rated_unless_unticked(host_client):
    host_client.post(reverse("create_table"), {**FORM, "rated": "on"})
    host_client.post(reverse("create_table"), FORM)
    assert list(Table.objects.order_by("pk").values_list("rated", flat=True)) == [True, False]


@pytest.mark.parametrize("rated", [True, False])
def test_an_events_tables_follow_the_event(rated):
    club = make_club(make_user("owner"))
    event = open_event(club, turn_clock=0)
    Tournament.objects.filter(pk=event.pk).update(rated=rated)
    event.refresh_from_db()
    enter(event, 4)
    row = events.start(event, owner_of(club))
    tables = [t.table for t in row.tables.all()]
    assert tables and all(t.rated is rated for t in tables)


def test_the_event_form_offers_rated_ticked_and_an_organiser_may_untick_it():
    club = make_club(make_user("owner"))
    client = Client()
    client.force_login(owner_of(club))
    page = client.get(reverse("event_new")).text
    assert re.search(r'<input type="checkbox" name="rated"[^>]*checked', page)
    event = make_event(club, rated=False)
    assert Tournament.objects.get(pk=event.pk).rated is False
    events.update(event, owner_of(club), rated=True)
    assert Tournament.objects.get(pk=event.pk).rated is True


def test_an_unrated_table_says_so_in_the_lobby_and_on_its_page(host_client):
    host_client.post(reverse("create_table"), FORM)
    table = Table.objects.get()
    assert table.rated is False
    assert ">unrated<" in host_client.get(reverse("lobby")).text
    assert ">unrated<" in host_client.get(f"/play/t/{table.code}/").text
    host_client.post(reverse("create_table"), {**FORM, "rated": "on"})
    rated = Table.objects.get(rated=True)
    assert ">unrated<" not in host_client.get(f"/play/t/{rated.code}/").text
