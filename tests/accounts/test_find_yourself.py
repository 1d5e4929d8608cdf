"""A player finds their own public page from the header, and the club from the home page."""

import pytest
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, make_table, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_client(client):
    make_user("ann", display_name="Ann B")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    return client


def test_your_name_in_the_header_opens_your_public_page(ann_client):
    page = ann_client.get(reverse("lobby")).text
    public = reverse("player", kwargs={"username": "ann"})
    assert f'<a href="{public}" aria-label="Ann B: your public page">Ann B</a>' in page


def test_your_public_page_links_to_your_settings(ann_client):
    page = ann_client.get(reverse("player", kwargs={"username": "ann"})).text
    assert f'href="{reverse("profile")}"' in page


def test_your_settings_link_back_to_your_public_page(ann_client):
    page = ann_client.get(reverse("profile")).text
    assert f'href="{reverse("player", kwargs={"username": "ann"})}"' in page


def test_join_the_club_on_the_home_page_goes_to_the_clubs(client):
    page = client.get(reverse("home")).text
    assert f'<a class="button" href="{reverse("clubs")}">Join the club</a>' in page


def test_the_language_switcher_is_on_a_table_page(client):
    table = make_table(make_user("host"))
    page = client.get(reverse("table", kwargs={"code": table.code})).text
    assert 'class="lang-switch"' in page
