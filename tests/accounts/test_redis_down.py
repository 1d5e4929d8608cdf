"""Logged-in pages, logins and log-outs answer normally while Redis is down.

Sessions used to be ``cached_db``: Django wrote each session back to the Redis cache as it was
read, so while Redis was down every request with a session cookie, and every login, answered
500. Now nothing in a plain page request touches Redis.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, make_user

pytestmark = pytest.mark.django_db

DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1: refused at once


@pytest.fixture
def stop_redis(settings) -> Callable[[], None]:
    """Point every cache and the channel layer at a Redis that does not answer."""

    def stop() -> None:
        settings.CACHES = {
            alias: {**config, "LOCATION": DEAD_REDIS} for alias, config in settings.CACHES.items()
        }
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [DEAD_REDIS]},
            }
        }

    return stop


def test_a_logged_in_page_answers_while_redis_is_down(client, stop_redis):
    make_user("ann", display_name="Ann Marie")
    assert client.login(username="ann", password=DEFAULT_PASSWORD)
    stop_redis()
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert response.context["user"].username == "ann"
    assert "Ann Marie" in response.text


def test_a_login_answers_while_redis_is_down(client, stop_redis):
    make_user("ann")
    stop_redis()
    response = client.post(
        reverse("login"), {"username": "ann", "password": DEFAULT_PASSWORD}, follow=True
    )
    assert response.status_code == 200
    assert response.context["user"].is_authenticated


def test_a_wrong_password_is_refused_normally_while_redis_is_down(client, stop_redis):
    make_user("ann")
    stop_redis()
    response = client.post(reverse("login"), {"username": "ann", "password": "nope"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated


def test_a_log_out_answers_while_redis_is_down(client, stop_redis):
    make_user("ann")
    assert client.login(username="ann", password=DEFAULT_PASSWORD)
    stop_redis()
    response = client.post(reverse("logout"), follow=True)
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated
