"""Logins and sign-ups are throttled (django-axes, counted in the database).

Five wrong passwords for one username from one address lock that pair out for 15 minutes:
the lockout page says so, and even the right password is refused until the cool-off ends.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.db.models import F
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.factories import DEFAULT_PASSWORD, make_user

pytestmark = pytest.mark.django_db

LOCKED_OUT = "Too many attempts"


def _log_in(client: Client, username: str, password: str, **extra: str):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def _fail(client: Client, username: str, times: int, **extra: str) -> list[int]:
    return [_log_in(client, username, "wrong-guess", **extra).status_code for _ in range(times)]


def _logged_in(response) -> bool:
    return response.status_code == 302 and response.url == reverse("home")


def test_the_sixth_wrong_password_is_refused_with_the_lockout_page(client):
    make_user("ann")
    assert _fail(client, "ann", 4) == [200] * 4  # the usual "wrong password" form
    assert _fail(client, "ann", 1) == [429]  # the fifth locks
    response = _log_in(client, "ann", "another-guess")
    assert response.status_code == 429
    assert LOCKED_OUT in response.text
    assert "try again in 15 minutes" in response.text


def test_the_right_password_is_refused_until_the_cool_off_ends(client):
    make_user("ann")
    _fail(client, "ann", 5)
    response = _log_in(client, "ann", DEFAULT_PASSWORD)
    assert response.status_code == 429 and LOCKED_OUT in response.text
    assert "_auth_user_id" not in client.session
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=16))
    assert _logged_in(_log_in(client, "ann", DEFAULT_PASSWORD))


def test_a_lockout_holds_only_for_that_username_from_that_address(client):
    make_user("ann")
    make_user("bob")
    _fail(client, "ann", 5)
    assert _logged_in(_log_in(Client(), "bob", DEFAULT_PASSWORD))
    elsewhere = Client(REMOTE_ADDR="198.51.100.7")
    assert _logged_in(_log_in(elsewhere, "ann", DEFAULT_PASSWORD))


def test_changing_the_case_of_a_username_does_not_reset_the_count(client):
    make_user("ann")
    _fail(client, "ann", 2)
    _fail(client, "ANN", 2)
    assert _fail(client, " Ann", 1) == [429]


def test_a_right_password_before_the_limit_forgets_the_wrong_ones(client):
    make_user("ann")
    _fail(client, "ann", 4)
    assert _logged_in(_log_in(client, "ann", DEFAULT_PASSWORD))
    client.post(reverse("logout"))
    assert _fail(client, "ann", 4) == [200] * 4


def test_a_lockout_does_not_depend_on_redis(client, settings):
    make_user("ann")
    settings.CACHES = {
        alias: {**config, "LOCATION": "redis://127.0.0.1:1/0"}
        for alias, config in settings.CACHES.items()
    }
    assert _fail(client, "ann", 5)[-1] == 429


def _sign_up(client: Client, username: str):
    password = "tile-6-6-pose!"
    data = {"username": username, "password1": password, "password2": password}
    return client.post(reverse("signup"), data)


def test_sign_ups_from_one_address_are_limited_per_hour(settings):
    settings.SIGNUPS_PER_IP_PER_HOUR = 2
    for name in ("marcia", "desmond"):
        assert _sign_up(Client(), name).status_code == 302
    response = _sign_up(Client(), "third")
    assert response.status_code == 429
    assert "Too many new accounts" in response.text
    assert not User.objects.filter(username="third").exists()
    assert _sign_up(Client(REMOTE_ADDR="198.51.100.7"), "fourth").status_code == 302


def test_sign_ups_count_only_the_last_hour(settings):
    from axes.models import AccessLog

    settings.SIGNUPS_PER_IP_PER_HOUR = 1
    assert _sign_up(Client(), "marcia").status_code == 302
    AccessLog.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=61))
    assert _sign_up(Client(), "desmond").status_code == 302
