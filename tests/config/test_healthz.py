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
