"""An event every page can show before it has the entries its format needs: a knockout with
no one entered yet is an event waiting for entries, not an error page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_user
from tests.tournaments.factories import enter, make_club, make_event, open_event, owner_of

pytestmark = pytest.mark.django_db

#: (style, seats, format) for each format, as an organiser would create it.
EVENTS = [
    ("block", 2, "single_elimination"),
    ("block", 2, "double_elimination"),
    ("block", 2, "swiss"),
    ("block", 2, "round_robin"),
    ("cutthroat", 4, "swiss_tables"),
    ("cutthroat", 4, "table_knockout"),
    ("block", 2, "two_stage"),
]


def pages(event) -> list[str]:
    slug = event.slug
    return [
        reverse("event", kwargs={"slug": slug}),
        reverse("event_run", kwargs={"slug": slug}),
        reverse("event_screen", kwargs={"slug": slug}),
        reverse("event_print", kwargs={"slug": slug}),
        reverse("event_export", kwargs={"slug": slug, "what": "standings"}),
    ]


@pytest.mark.parametrize("entries", [0, 1])
@pytest.mark.parametrize(("style", "seats", "name"), EVENTS)
def test_every_page_of_an_event_short_of_entries_answers(client, style, seats, name, entries):
    club = make_club()
    event = open_event(club, name=f"{name} night", style=style, seats=seats, format=name)
    enter(event, entries)
    client.force_login(owner_of(club))
    for url in pages(event):
        response = client.get(url)
        assert response.status_code in (200, 404), (url, response.status_code)
    assert client.get(reverse("event_run", kwargs={"slug": event.slug})).status_code == 200
    assert client.get(reverse("event", kwargs={"slug": event.slug})).status_code == 200
    client.force_login(make_user("visitor"))
    assert client.get(reverse("event", kwargs={"slug": event.slug})).status_code == 200


@pytest.mark.parametrize(("style", "seats", "name"), EVENTS)
def test_a_draft_event_with_no_entries_shows_its_run_page(client, style, seats, name):
    club = make_club()
    event = make_event(club, name=f"{name} draft", style=style, seats=seats, format=name)
    client.force_login(owner_of(club))
    response = client.get(reverse("event_run", kwargs={"slug": event.slug}))
    assert response.status_code == 200
