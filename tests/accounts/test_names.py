"""Nobody can pass for a bot, for staff, for another player or for "You" (issue 10, item 14)."""

import pytest
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, make_bot, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_client(client):
    make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    return client


@pytest.mark.parametrize(
    "name",
    ["You", " you ", "YOU", "Organiser", "the organizer", "Admin", "Casual bot 1", "Ann (bot)",
     "Callaloo", "callaloo", "\uff23\uff41\uff4c\uff4c\uff41\uff4c\uff4f\uff4f",
     "Cal\u200bla", "Bob\u202e", "bob", "Vous", "ты"],
)  # fmt: skip
def test_a_display_name_that_would_impersonate_is_refused(ann_client, name):
    make_bot("bot-casual-1", display_name="Callaloo")
    make_user("bob")
    response = ann_client.post(reverse("profile"), {"display_name": name, "email": ""})
    assert response.status_code == 200
    assert "errorlist" in response.text or "error" in response.text
    from accounts.models import User

    assert User.objects.get(username="ann").display_name == ""


@pytest.mark.parametrize("name", ["Ann B", "Bottle Cap", "Marcus  Garvey", "Dré"])
def test_an_ordinary_display_name_is_kept_tidy(ann_client, name):
    response = ann_client.post(reverse("profile"), {"display_name": name, "email": ""})
    assert response.status_code == 302
    from accounts.models import User

    assert User.objects.get(username="ann").display_name == " ".join(name.split())


def test_a_player_may_keep_their_own_name(ann_client):
    ann_client.post(reverse("profile"), {"display_name": "Ann B", "email": ""})
    response = ann_client.post(reverse("profile"), {"display_name": "ann b", "email": ""})
    assert response.status_code == 302


@pytest.mark.parametrize("username", ["Admin2", "bot-casual-9", "Ann", "you"])
def test_a_username_that_would_impersonate_is_refused_at_sign_up(client, username):
    make_user("ann")
    response = client.post(
        reverse("signup"),
        {"username": username, "password1": "a-long-secret-99", "password2": "a-long-secret-99"},
    )
    assert response.status_code == 200
    from accounts.models import User

    assert not User.objects.filter(username=username).exists()
