"""The lobby leads a player back to the tables where they hold a seat."""

import pytest
from django.urls import reverse

from games.live.consumers import _render_lobby
from tests.factories import DEFAULT_PASSWORD, make_table, make_user

pytestmark = pytest.mark.django_db


def test_a_table_where_you_hold_a_seat_offers_resume(client):
    ann = make_user("ann")
    make_table(ann)
    client.login(username="ann", password=DEFAULT_PASSWORD)
    text = client.get(reverse("lobby")).text
    assert ">Resume<" in text
    assert ">Watch<" not in text


def test_a_table_of_others_offers_watch(client):
    make_table(make_user("host"))
    make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    text = client.get(reverse("lobby")).text
    assert ">Watch<" in text
    assert ">Resume<" not in text


def test_a_visitor_is_offered_watch(client):
    make_table(make_user("host"))
    text = client.get(reverse("lobby")).text
    assert ">Watch<" in text and ">Resume<" not in text


def test_the_live_lobby_offers_resume_to_its_own_viewer_only():
    ann = make_user("ann")
    make_table(ann)
    assert ">Resume<" in _render_lobby("en", ann)
    assert ">Resume<" not in _render_lobby("en", make_user("bob"))
    assert ">Resume<" not in _render_lobby("en", None)
