"""The history in the admin site: staff see imported records (and may open and remove them)
and every history line, but edit nothing."""

from __future__ import annotations

import pytest

from games import engine
from games.engine.cli import play as play_random
from history.models import ImportedRecord, Item
from tests.factories import make_user
from tests.history.test_records import client_of, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported():
    ann = make_user("ann")
    upload(client_of(ann), engine.make_record(play_random("block", 2, 4, 1)), name="Friday.json")
    return ImportedRecord.objects.get()


def staff():
    return client_of(make_user("boss", is_staff=True, is_superuser=True))


def test_staff_see_imported_records_and_open_them_but_cannot_edit_them(imported):
    client = staff()
    listing = client.get("/admin/history/importedrecord/").text
    assert "Friday" in listing and f"/history/imported/{imported.pk}/" in listing
    assert client.get(f"/history/imported/{imported.pk}/").status_code == 200
    assert client.get(f"/history/imported/{imported.pk}/record.json").status_code == 200
    page = client.get(f"/admin/history/importedrecord/{imported.pk}/change/")
    assert page.status_code == 200 and 'name="name"' not in page.text
    assert client.get("/admin/history/importedrecord/add/").status_code == 403


def test_staff_may_remove_an_imported_record_with_its_history_line(imported):
    response = staff().post(f"/admin/history/importedrecord/{imported.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not ImportedRecord.objects.exists() and not Item.objects.exists()


def test_history_lines_are_listed_and_never_deleted_by_hand(imported):
    client = staff()
    item = Item.objects.get()
    assert "Friday" in client.get("/admin/history/item/").text
    assert client.get(f"/admin/history/item/{item.pk}/delete/").status_code == 403


def test_staff_look_at_someone_elses_import_but_only_its_owner_deletes_it_on_the_site(imported):
    client = staff()
    page = client.get(f"/history/imported/{imported.pk}/").text
    assert "Delete this record" not in page
    assert client.post(f"/history/imported/{imported.pk}/delete/").status_code == 404
    assert ImportedRecord.objects.exists()
