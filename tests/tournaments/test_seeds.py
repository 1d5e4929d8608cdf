"""Seeds: each entry still in the event holds its own, set before the start; a refusal names
who holds the seed and changes nothing, on the run page's service and in the admin alike."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.models import Entry
from tournaments.services import entries, events
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def test_a_seed_another_entry_holds_is_refused_naming_the_holder(club):
    event = open_event(club)
    first, fifth = enter(event, 5)[0], Entry.objects.get(tournament=event, seed=5)
    with pytest.raises(TournamentError) as refused:
        entries.set_seed(event, owner_of(club), fifth, 1)
    assert f"Seed 1 is {first.name}'s already" in str(refused.value)
    fifth.refresh_from_db()
    assert fifth.seed == 5


def test_two_entries_swap_seeds_in_one_save(club):
    event = open_event(club)
    made = enter(event, 3)
    entries.set_seeds(event, owner_of(club), {made[0]: 3, made[2]: 1})
    assert [e.seed for e in Entry.objects.filter(pk__in=[m.pk for m in made]).order_by("pk")] == [
        3,
        2,
        1,
    ]


def test_a_withdrawn_entrys_seed_is_free_again(club):
    event = open_event(club)
    made = enter(event, 3)
    entries.withdraw(event, owner_of(club), made[0])
    entries.set_seed(event, owner_of(club), made[2], 1)
    assert Entry.objects.get(pk=made[2].pk).seed == 1


def test_the_admin_shows_a_taken_seed_on_the_form_and_saves_nothing(client, club, people):
    event = open_event(club)
    made = enter(event, 2)
    client.force_login(people.owner)
    url = reverse("admin:tournaments_entry_change", args=[made[1].pk])
    response = client.post(url, {"seed": "1"})
    assert response.status_code == 200
    assert f"Seed 1 is {made[0].name}&#x27;s already" in response.content.decode()
    assert Entry.objects.get(pk=made[1].pk).seed == 2


def test_the_admin_refuses_a_seed_once_the_event_runs_on_the_form(client, club, people):
    event = open_event(club)
    made = enter(event, 4)
    events.start(event, owner_of(club))
    client.force_login(people.owner)
    url = reverse("admin:tournaments_entry_change", args=[made[0].pk])
    response = client.post(url, {"seed": "9"})
    assert response.status_code == 200
    assert "Seeds are set before the event starts." in response.content.decode()
    assert Entry.objects.get(pk=made[0].pk).seed == 1
