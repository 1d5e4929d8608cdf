"""Hostile input to the history pages (issue 40): each was a 500, now a refusal with its reason
and nothing changed. A record nested deeper than the parser's recursion, an id in the filters
too big for the database, a date at the end of year 9999."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from history.models import ImportedRecord, Item
from tests.factories import make_user
from tests.history.helpers import days_ago, set_row

pytestmark = pytest.mark.django_db

DEEP = ["[" * 100_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000]


def client_of(user) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    return client


@pytest.mark.parametrize("text", DEEP, ids=["open", "closed", "objects"])
def test_a_record_nested_too_deep_is_refused_with_the_limit_and_imports_nothing(text):
    """The parser recursed once per bracket until Python's limit: a RecursionError, a 500."""
    upload = SimpleUploadedFile("deep.json", text.encode())
    response = client_of(make_user("ann")).post("/history/import/", {"file": upload})
    assert response.status_code == 400
    assert "That JSON is too deeply nested (more than 20 levels of brackets)." in response.text
    assert not ImportedRecord.objects.exists() and not Item.objects.exists()


def test_nan_in_a_record_is_refused_as_not_json():
    """A JSON column cannot hold NaN: it is refused here, not by the database later."""
    upload = SimpleUploadedFile("nan.json", b'{"format": "dominoes-record/1", "seats": NaN}')
    response = client_of(make_user("ann")).post("/history/import/", {"file": upload})
    assert response.status_code == 400
    assert "That file is not JSON: NaN is not a number JSON has." in response.text
    assert not ImportedRecord.objects.exists()


@pytest.mark.parametrize("name", ["club", "tournament"])
@pytest.mark.parametrize("value", ["9999999999999999999999999", str(2**63), "0", "-1", "abc", "²"])
def test_an_id_no_row_can_have_in_the_filters_is_a_form_error_and_the_filter_is_ignored(
    name, value
):
    """The page needs no login; a number past SQLite's integers reached the query (an
    OverflowError, a 500). Now it is the field's error and the list is shown unfiltered."""
    ann = make_user("ann")
    played = set_row([ann, make_user("bob")], "block", at=days_ago(1))
    response = Client(HTTP_HOST="localhost").get(f"/history/player/{ann.pk}/", {name: value})
    assert response.status_code == 200
    assert "That is not one of the choices." in response.text
    assert [row["pk"] for row in response.context["rows"]] == [played.pk]


@pytest.mark.parametrize(
    ("name", "value"), [("until", "9999-12-31"), ("since", "0001-01-01"), ("since", "2999-01-01")]
)
def test_a_date_outside_the_sites_years_in_the_filters_is_a_form_error(name, value):
    """The day after 9999-12-31 is past what a date holds (a ValueError, a 500)."""
    ann = make_user("ann")
    played = set_row([ann, make_user("bob")], "block", at=days_ago(1))
    response = Client(HTTP_HOST="localhost").get(f"/history/player/{ann.pk}/", {name: value})
    assert response.status_code == 200
    assert "Choose a date from the year 2000 to the year" in response.text
    assert [row["pk"] for row in response.context["rows"]] == [played.pk]
