"""Sign up, log in, log out and change password, as a visitor would."""

import pytest
from django.db import IntegrityError
from django.urls import reverse

from accounts.models import User
from tests.factories import DEFAULT_PASSWORD, make_bot, make_user

pytestmark = pytest.mark.django_db


def test_signup_creates_the_player_and_logs_them_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "marcia",
            "display_name": "Marcia",
            "email": "marcia@example.com",
            "preferred_language": "",
            "password1": "tile-6-6-pose!",
            "password2": "tile-6-6-pose!",
        },
        follow=True,
    )
    assert response.status_code == 200
    user = User.objects.get(username="marcia")
    assert user.name == "Marcia"
    assert response.context["user"] == user
    assert "Welcome to the club" in response.text


def test_signup_with_mismatched_passwords_shows_the_error(client):
    response = client.post(
        reverse("signup"),
        {"username": "x", "password1": "tile-6-6-pose!", "password2": "different-1!"},
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="x").exists()
    assert "password fields didn" in response.text


def test_login_with_the_right_password_works(client):
    make_user("ann")
    response = client.post(
        reverse("login"), {"username": "ann", "password": DEFAULT_PASSWORD}, follow=True
    )
    assert response.context["user"].is_authenticated


def test_login_with_a_wrong_password_is_refused(client):
    make_user("ann")
    response = client.post(reverse("login"), {"username": "ann", "password": "nope"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated


def test_logout_is_a_post_and_ends_the_session(client):
    make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    response = client.post(reverse("logout"), follow=True)
    assert not response.context["user"].is_authenticated


def test_password_change_requires_the_old_password(client):
    user = make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": DEFAULT_PASSWORD,
            "new_password1": "new-domino-pass-9",
            "new_password2": "new-domino-pass-9",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("new-domino-pass-9")


def test_preferred_language_is_applied_to_pages(client):
    make_user("ann", preferred_language="es")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    response = client.get(reverse("home"))
    assert response.headers["Content-Language"] == "es"


def test_home_page_explains_the_six_styles(client):
    text = client.get(reverse("home")).text
    for name in ("Cut-Throat", "Partner", "Block", "Draw", "French", "Doubles"):
        assert name in text
    assert "htmx-2.0.11.min.js" in text
    assert "X-CSRFToken" in text


def test_a_bot_must_have_a_level():
    with pytest.raises(IntegrityError):
        User.objects.create(username="bad-bot", is_bot=True, bot_level="")


def test_bots_are_users_flagged_as_bots():
    bot = make_bot("bot-1", display_name="Dumpling")
    assert bot.is_bot and bot.name == "Dumpling"
    assert not bot.has_usable_password()
