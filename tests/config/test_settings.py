"""Settings switch on each environment variable, and refuse what they cannot understand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from config import env

ROOT = Path(__file__).resolve().parents[2]


def test_database_is_sqlite_under_var_when_nothing_is_set(tmp_path):
    config = env.database({}, tmp_path)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "db.sqlite3")


def test_database_url_switches_to_postgresql(tmp_path):
    config = env.database({"DATABASE_URL": "postgres://u:p@db.example:5433/club"}, tmp_path)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example", 5433, "club")
    assert (config["USER"], config["PASSWORD"]) == ("u", "p")


def test_postgresql_connections_come_from_a_pool_unless_it_is_turned_off(tmp_path):
    url = "postgres://u:p@db.example:5433/club"
    pooled = env.database({"DATABASE_URL": url, "DB_POOL_MAX": "8"}, tmp_path)
    assert pooled["OPTIONS"]["pool"]["max_size"] == 8 and pooled["CONN_MAX_AGE"] == 0
    plain = env.database({"DATABASE_URL": url, "DB_POOL_MAX": "0"}, tmp_path)
    assert "pool" not in plain.get("OPTIONS", {}) and plain["CONN_MAX_AGE"] == 60


def test_a_request_waits_for_a_pooled_connection_only_as_long_as_db_pool_timeout(tmp_path):
    url = "postgres://u:p@db.example:5433/club"
    assert env.database({"DATABASE_URL": url}, tmp_path)["OPTIONS"]["pool"]["timeout"] == 5.0
    quick = env.database({"DATABASE_URL": url, "DB_POOL_TIMEOUT": "1.5"}, tmp_path)
    assert quick["OPTIONS"]["pool"]["timeout"] == 1.5
    # A slot whose reconnection keeps failing is given up soon, so that once PostgreSQL is
    # back the next request connects at once instead of waiting out a long backoff.
    assert quick["OPTIONS"]["pool"]["reconnect_timeout"] <= 5.0
    with pytest.raises(env.ConfigError, match="DB_POOL_TIMEOUT"):
        env.database({"DATABASE_URL": url, "DB_POOL_TIMEOUT": "soon"}, tmp_path)


def test_a_database_url_that_is_not_postgresql_is_refused(tmp_path):
    with pytest.raises(env.ConfigError, match="DATABASE_URL"):
        env.database({"DATABASE_URL": "mysql://localhost/club"}, tmp_path)


def test_redis_defaults_to_the_embedded_socket(tmp_path):
    url = env.redis_url({}, tmp_path)
    assert url == f"unix://{tmp_path / 'redis.sock'}"
    assert env.uses_embedded_redis({})
    assert env.broker_url(url) == f"redis+socket://{tmp_path / 'redis.sock'}"
    assert env.channel_layers(url)["default"]["CONFIG"]["hosts"] == [url]


def test_redis_url_switches_the_channel_layer_and_the_broker(tmp_path):
    url = env.redis_url({"REDIS_URL": "redis://cache:6379/2"}, tmp_path)
    assert url == "redis://cache:6379/2"
    assert not env.uses_embedded_redis({"REDIS_URL": url})
    assert env.broker_url(url) == "redis://cache:6379/2"
    layer = env.channel_layers(url)["default"]
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert layer["CONFIG"]["hosts"] == ["redis://cache:6379/2"]


def test_a_redis_url_with_another_scheme_is_refused(tmp_path):
    with pytest.raises(env.ConfigError, match="REDIS_URL"):
        env.redis_url({"REDIS_URL": "amqp://guest@localhost//"}, tmp_path)


def test_a_long_var_path_gets_a_short_socket(tmp_path):
    deep = tmp_path / ("x" * 120)
    assert len(str(env.embedded_redis_socket(deep))) < 100


def test_secret_key_is_generated_once_and_kept(tmp_path):
    first = env.secret_key({}, tmp_path)
    assert len(first) >= 50
    assert env.secret_key({}, tmp_path) == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_secret_key_from_the_environment_wins(tmp_path):
    assert env.secret_key({"SECRET_KEY": "given"}, tmp_path) == "given"
    assert not (tmp_path / "secret_key").exists()


@pytest.mark.parametrize(
    ("raw", "expected"), [("1", True), ("yes", True), ("ON", True), ("0", False), ("", False)]
)
def test_debug_flag_reads_common_words(raw, expected):
    assert env.flag({"DJANGO_DEBUG": raw}, "DJANGO_DEBUG") is expected


def test_debug_is_off_unless_asked_for():
    assert env.flag({}, "DJANGO_DEBUG") is False


def test_a_misspelt_flag_is_refused():
    with pytest.raises(env.ConfigError, match="DJANGO_DEBUG"):
        env.flag({"DJANGO_DEBUG": "ture"}, "DJANGO_DEBUG")


def _settings_in_subprocess(tmp_path: Path, **variables: str) -> dict:
    code = (
        "import json, django; from django.conf import settings as s; django.setup();"
        "print(json.dumps({'db': s.DATABASES['default']['ENGINE'], 'debug': s.DEBUG,"
        "'broker': s.CELERY_BROKER_URL, 'hosts': s.CHANNEL_LAYERS['default']['CONFIG']['hosts'],"
        "'embedded': s.EMBEDDED_REDIS}))"
    )
    environment = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DOMINOES_VAR_DIR": str(tmp_path),
        **variables,
    }
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_settings_module_runs_embedded_with_nothing_set(tmp_path):
    loaded = _settings_in_subprocess(tmp_path)
    assert loaded["db"] == "django.db.backends.sqlite3"
    assert loaded["debug"] is False
    assert loaded["embedded"] is True
    assert loaded["broker"].startswith("redis+socket://")
    assert (tmp_path / "secret_key").exists()


def test_settings_module_follows_database_and_redis_urls(tmp_path):
    loaded = _settings_in_subprocess(
        tmp_path,
        DATABASE_URL="postgresql://postgres@127.0.0.1:5432/test",
        REDIS_URL="redis://127.0.0.1:6379/0",
        DJANGO_DEBUG="1",
    )
    assert loaded == {
        "db": "django.db.backends.postgresql",
        "debug": True,
        "broker": "redis://127.0.0.1:6379/0",
        "hosts": ["redis://127.0.0.1:6379/0"],
        "embedded": False,
    }
