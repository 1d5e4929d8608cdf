"""Two organisers override one table's result at once: each form carries the result it was built
from, and the service compares it under the table's row lock, so the second save is refused
(409) and shown the result as it is now, instead of silently overwriting the first."""

from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tournaments.models import TableAssignment, Tournament
from tournaments.services import results
from tournaments.services.errors import ChangedMeanwhile
from tournaments.services.locks import locked

pytestmark = pytest.mark.django_db

CHANGED = "This table&#x27;s result was changed meanwhile: here is the result now."


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def first_table(event: Tournament) -> TableAssignment:
    return TableAssignment.objects.filter(round__tournament=event).order_by("number").first()


def form_version(client: Client, url: str) -> str:
    """The result the page's form was built from (its hidden field)."""
    form = client.get(url).context["form"]
    return form["version"].value()


def test_the_second_of_two_forms_built_from_one_result_is_refused_and_shown_the_first(
    people, running
):
    table = first_table(running)
    url = reverse("table_result", kwargs={"slug": running.slug, "table": table.pk})
    owner, organiser = signed_in(people.owner), signed_in(people.organiser)
    seen_by_owner, seen_by_organiser = form_version(owner, url), form_version(organiser, url)
    assert seen_by_owner == seen_by_organiser
    first = {"place_0": "2", "place_1": "1", "reason": "seat 1 conceded"}
    assert owner.post(url, first | {"version": seen_by_owner}).status_code == 302
    second = {"place_0": "1", "place_1": "2", "reason": "seat 2 revoked"}
    refused = organiser.post(url, second | {"version": seen_by_organiser})
    assert refused.status_code == 409 and CHANGED in refused.text
    table.refresh_from_db()
    assert (table.places, table.override_reason) == ([2, 1], "seat 1 conceded")
    assert table.overridden_by == people.owner
    shown = refused.context["form"]
    assert [shown["place_0"].value(), shown["place_1"].value()] == [2, 1]  # the result now
    assert shown["reason"].value() == "seat 2 revoked"  # what they typed stays
    assert "seat 1 conceded" in refused.text  # who set it, and why
    # having seen it, the organiser may still save over it, from the form now shown
    again = organiser.post(url, second | {"version": shown["version"].value()})
    assert again.status_code == 302
    table.refresh_from_db()
    assert (table.places, table.overridden_by) == ([1, 2], people.organiser)


def test_the_admins_result_form_is_refused_alike(people, running):
    table = first_table(running)
    url = reverse("admin:tournaments_tableassignment_changelist")
    chosen = {"action": "record_result", ACTION_CHECKBOX_NAME: [table.pk]}
    organiser = signed_in(people.organiser)
    seen = organiser.post(url, chosen).context["form"]["version"].value()
    # the owner saves first, from a form built from the same result
    results.record_result(running, people.owner, table, [2, 1], "seat 1 conceded",
                          expected=seen)  # fmt: skip
    second = {"apply": "1", "place_0": "1", "place_1": "2", "reason": "seat 2 revoked"}
    refused = organiser.post(url, chosen | second | {"version": seen})
    assert CHANGED in refused.text
    assert refused.context["form"]["place_0"].value() == 2
    table.refresh_from_db()
    assert (table.places, table.override_reason) == ([2, 1], "seat 1 conceded")


def test_a_result_that_arrived_from_the_set_meanwhile_is_not_overwritten_unseen(people, running):
    """The form was built while the table was still playing; its set finished before the
    organiser saved."""
    table = first_table(running)
    seen = results.result_version(table)
    with transaction.atomic():  # what a finishing set does, under the event's lock
        results.settle(locked(running), table, [1, 2])
    with pytest.raises(ChangedMeanwhile):
        results.record_result(running, people.owner, table, [2, 1], "typo", expected=seen)
    table.refresh_from_db()
    assert table.places == [1, 2] and table.overridden_by is None
