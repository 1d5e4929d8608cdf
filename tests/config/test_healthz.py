"""/healthz tells a load balancer whether this process can serve: 200 only if all answer."""

import pytest


@pytest.mark.django_db
def test_healthz_is_200_when_database_layer_and_broker_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert {"database", "channel_layer", "broker"} <= body.keys()
    assert all(body[name]["ok"] for name in ("database", "channel_layer", "broker"))


@pytest.mark.django_db
def test_healthz_reports_a_dead_broker_as_503(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False
    assert body["broker"]["ok"] is False
    assert body["broker"]["error"]
    assert body["database"]["ok"] is True


@pytest.mark.django_db
def test_healthz_reports_a_dead_channel_layer_as_503(client, settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},
        }
    }
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    try:
        response = client.get("/healthz")
    finally:
        channel_layers.backends.clear()
    assert response.status_code == 503
    assert response.json()["channel_layer"]["ok"] is False


@pytest.mark.django_db
def test_heartbeat_from_beat_shows_in_healthz(client):
    from config.tasks import heartbeat

    heartbeat()
    body = client.get("/healthz").json()
    assert body["broker"]["last_heartbeat_s_ago"] is not None
    assert body["broker"]["last_heartbeat_s_ago"] < 5


PUBLIC = {"REMOTE_ADDR": "203.0.113.9"}  # a visitor from elsewhere


@pytest.fixture
def dead_socket_broker(settings, tmp_path):
    """A broker on a unix socket nobody listens on: its error names a file path."""
    path = tmp_path / "nobody-here.sock"
    settings.CELERY_BROKER_URL = f"redis+socket://{path}"
    return path


@pytest.mark.django_db
def test_healthz_tells_the_public_only_which_service_fails(client, dead_socket_broker):
    response = client.get("/healthz", **PUBLIC)
    assert response.status_code == 503
    assert response.json() == {
        "ok": False,
        "database": {"ok": True},
        "channel_layer": {"ok": True},
        "broker": {"ok": False},
    }
    assert str(dead_socket_broker.parent) not in response.text


@pytest.mark.django_db
def test_a_failing_check_is_logged_with_its_exception(client, dead_socket_broker, caplog):
    with caplog.at_level("WARNING", logger="config.health"):
        client.get("/healthz", **PUBLIC)
    [record] = [r for r in caplog.records if r.name == "config.health"]
    assert "broker" in record.getMessage()
    assert str(dead_socket_broker) in record.getMessage()
    assert record.exc_info is not None


@pytest.mark.django_db
def test_one_granted_to_see_everything_sees_the_details_from_anywhere(client, dead_socket_broker):
    from django.contrib.auth.models import Permission

    from tests.factories import make_user

    watcher = make_user("watcher")
    watcher.user_permissions.add(Permission.objects.get(codename="view_everything"))
    client.force_login(watcher)
    body = client.get("/healthz", **PUBLIC).json()
    assert body["broker"]["ok"] is False
    assert str(dead_socket_broker) in body["broker"]["error"]
    assert body["database"]["vendor"]


@pytest.mark.django_db
@pytest.mark.parametrize("staff", [False, True])
def test_a_player_or_organiser_sees_only_ok_or_failing(client, dead_socket_broker, staff):
    """Staff as such (every club organiser is staff) see no more than any player."""
    from tests.factories import make_user

    client.force_login(make_user("ann", is_staff=staff))
    assert client.get("/healthz", **PUBLIC).json()["broker"] == {"ok": False}


@pytest.mark.django_db
def test_a_request_through_a_proxy_on_this_machine_is_not_local(client, dead_socket_broker):
    body = client.get("/healthz", HTTP_X_FORWARDED_FOR="203.0.113.9").json()
    assert body["broker"] == {"ok": False}


@pytest.mark.django_db
def test_without_local_details_this_machine_sees_only_ok_or_failing(
    client, settings, dead_socket_broker
):
    settings.HEALTHZ_LOCAL_DETAILS = False  # as in the production profile
    assert client.get("/healthz").json()["broker"] == {"ok": False}
