"""`make run`'s runner brings up web, worker, beat and the embedded Redis, and stops them all.

This is the embedded default end to end: beat schedules the heartbeat, the worker (another
process) runs it through the embedded broker, and the web process reports it in /healthz.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _health(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=3) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    except OSError:
        return 0, {}


@pytest.mark.skipif("REDIS_URL" in os.environ, reason="checks the embedded default")
def test_runner_serves_health_and_runs_beat_tasks_on_the_worker(tmp_path):
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DOMINOES_VAR_DIR": str(tmp_path),
        "STATIC_MANIFEST": "0",
        "PORT": str(port),
        "HEARTBEAT_SECONDS": "1",
        "CELERY_CONCURRENCY": "1",
    }
    env.pop("DATABASE_URL", None)
    migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True)
    runner = subprocess.Popen(
        [sys.executable, "-m", "config.serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        status, body = 0, {}
        while time.monotonic() < deadline:
            status, body = _health(port)
            beat = body.get("broker", {}).get("last_heartbeat_s_ago")
            if status == 200 and beat is not None:
                break
            time.sleep(0.5)
        assert status == 200, body
        assert body["broker"]["last_heartbeat_s_ago"] is not None, "beat + worker never ran"
    finally:
        runner.send_signal(signal.SIGINT)
        output = runner.communicate(timeout=30)[0].decode(errors="replace")
    assert runner.returncode == 0, output[-2000:]
    assert "Dominoes Club is up" in output
    assert not (tmp_path / "redis.sock").exists() or not _socket_answers(tmp_path / "redis.sock")


def _socket_answers(path: Path) -> bool:
    from config.embedded_redis import answers

    return answers(path)
