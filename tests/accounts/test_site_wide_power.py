"""Founding a club gives power over that club only: the staff flag it brings (for the admin
site) never reads as "sees everything". Seeing everything is for superusers and for people a
superuser grants ``accounts.view_everything`` (accounts.access)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.access import sees_everything
from games import engine
from games.engine.cli import play as play_random
from history.models import ImportedRecord
from tests.clubs.factories import make_club
from tests.factories import make_user
from tests.history.helpers import set_row

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    return client


def granted(username: str):
    user = make_user(username)
    user.user_permissions.add(Permission.objects.get(codename="view_everything"))
    return user


def an_import_of(owner) -> ImportedRecord:
    record = engine.make_record(play_random("block", 2, 4, 1))
    return ImportedRecord.objects.create(
        owner=owner, name="Friday night", style="block", seats=2, games=1, record=record
    )


def test_a_founder_is_staff_for_the_admin_but_sees_nothing_more():
    founder = make_user("founder")
    make_club("Founders Club", owner=founder)
    founder.refresh_from_db()
    assert founder.is_staff and not sees_everything(founder)


def test_a_founder_cannot_read_anothers_import_or_private_set_or_their_private_lines():
    ann, bob = make_user("ann"), make_user("bob")
    private = set_row([ann, bob], style="block", private=True)
    imported = an_import_of(ann)
    founder = make_user("founder")
    make_club("Founders Club", owner=founder)
    founder.refresh_from_db()
    client = client_of(founder)
    assert client.get(f"/history/imported/{imported.pk}/record.json").status_code == 404
    assert client.get(f"/history/imported/{imported.pk}/").status_code == 404
    assert client.get(f"/history/set/{private.pk}/").status_code == 404
    assert f"/history/set/{private.pk}/" not in client.get(f"/history/player/{ann.pk}/").text
    assert private.table.code not in client.get(f"/players/{ann.username}/").text


def test_one_granted_the_power_or_a_superuser_sees_them():
    ann, bob = make_user("ann"), make_user("bob")
    private = set_row([ann, bob], style="block", private=True)
    imported = an_import_of(ann)
    root = make_user("root", is_superuser=True, is_staff=True)
    for viewer in (granted("watcher"), root):
        client = client_of(viewer)
        assert client.get(f"/history/imported/{imported.pk}/record.json").status_code == 200
        assert client.get(f"/history/set/{private.pk}/").status_code == 200


def test_an_inactive_account_keeps_no_power():
    watcher = granted("watcher")
    watcher.is_active = False
    assert not sees_everything(watcher)
