"""The waiting room says what it waits for: players while a seat is open, the start once every
seat is filled (issue 42: it said "Waiting for players" with every seat filled)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, make_table, make_user

pytestmark = pytest.mark.django_db


def page(table, user=None) -> str:
    client = Client()
    if user is not None:
        client.login(username=user.username, password=DEFAULT_PASSWORD)
    return client.get(reverse("table", kwargs={"code": table.code})).text


def test_a_table_with_an_open_seat_waits_for_players():
    ann = make_user("ann")
    table = make_table(ann, bots=[None, "casual", "casual", None])
    assert "Waiting for players" in page(table, ann)
    assert "All seats are filled" not in page(table, ann)


def test_a_full_table_asks_its_players_to_start_and_tells_a_watcher_it_waits_for_the_start():
    ann = make_user("ann")
    table = make_table(ann)
    shown = page(table, ann)
    assert "All seats are filled: start the game." in shown
    assert "Waiting for players" not in shown
    assert "All seats are filled: waiting for the start." in page(table)


def test_the_lobby_lists_a_full_waiting_table_as_ready_to_start():
    ann, bob = make_user("ann"), make_user("bob")
    make_table(ann)
    make_table(bob, bots=[None, None, "casual", "casual"])
    lobby = Client().get(reverse("lobby")).text
    assert "Ready to start" in lobby and "Waiting for players" in lobby
