"""A Celery worker rides out a broker outage, even with a task running when the broker goes.

Before config/celery.py's fix the worker ended with ``Unrecoverable error: AttributeError(
"'NoneType' object has no attribute 'hostname'")`` as soon as Redis went away while it held a
task (every task is acknowledged late). The worker here runs with Celery's defaults (gossip,
mingle and event heartbeats on, which ``make run`` turns off) and without the runner, so
nothing but that fix keeps it alive.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import redis as redis_client
from celery import Celery

from config import embedded_redis, env
from tests.config.outage_tasks import HOLD
from tests.waiting import wait_until

pytestmark = pytest.mark.processes
ROOT = Path(__file__).resolve().parents[2]
QUEUE = "outage"


def _wait(what: str, done: Callable[[], bool], worker: subprocess.Popen, log: Path) -> None:
    """Wait up to 30 s for ``done``; fail at once if the worker exits meanwhile."""

    def holds() -> bool:
        if worker.poll() is not None:
            raise AssertionError(
                f"the worker exited with {worker.returncode} before {what}; "
                f"its log:\n{log.read_text()[-4000:]}"
            )
        return done()

    wait_until(
        holds, 30, what, detail=lambda: f"the worker runs; its log:\n{log.read_text()[-4000:]}"
    )


def _send(broker: str, marker: Path, release: Path) -> None:
    client = Celery(broker=broker)
    try:
        client.send_task(HOLD, args=[str(marker), str(release)], queue=QUEUE)
    finally:
        client.close()


def _blocked_in_a_read(socket: Path) -> bool:
    """Some client of Redis waits in BRPOP: the worker's consumer, for its next message."""
    client = redis_client.Redis(unix_socket_path=str(socket), socket_timeout=2)
    try:
        return any(c["cmd"] == "brpop" and "b" in c["flags"] for c in client.client_list())
    finally:
        client.close()


def _logged_since(log: Path, start: int, text: str) -> bool:
    return text in log.read_text(errors="replace")[start:]


def test_a_worker_rides_out_a_broker_outage_while_it_runs_a_task(tmp_path):
    socket = env.embedded_redis_socket(tmp_path)
    broker = env.broker_url(f"unix://{socket}")
    redis = embedded_redis.start(socket, tmp_path, persist=False)
    environment = {
        **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DOMINOES_VAR_DIR": str(tmp_path),
        "STATIC_MANIFEST": "0",
    }
    log = tmp_path / "worker.log"
    release = tmp_path / "release"  # the held task ends once it exists
    celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "INFO"]
    # Two processes, as ``make run`` starts: with one held by the task, the worker is back in
    # its blocking read for the next message when Redis goes, the state in which it died.
    command = [*celery, "-c", "2", "-Q", QUEUE, "--include", "tests.config.outage_tasks"]
    with log.open("wb") as out:
        worker = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=out, stderr=out)
    try:
        first, second = tmp_path / "first", tmp_path / "second"
        _send(broker, first, release)
        _wait("the first task to start", first.exists, worker, log)
        _wait(
            "the worker to wait for its next message",
            lambda: _blocked_in_a_read(socket),
            worker,
            log,
        )
        before = len(log.read_text(errors="replace"))
        redis.send_signal(signal.SIGKILL)
        redis.wait()
        # Past the cleanup of the lost connection (where it died), it tries to connect again.
        _wait(
            "the worker to try to reconnect",
            lambda: _logged_since(log, before, "Cannot connect"),
            worker,
            log,
        )
        assert worker.poll() is None, log.read_text()[-4000:]
        redis = embedded_redis.start(socket, tmp_path, persist=False)
        release.touch()  # the task that ran through the outage ends now, and is acked late
        _send(broker, second, release)
        _wait("a task sent after the outage to run", lambda: _done(second), worker, log)
        _wait("the task running during the outage to finish", lambda: _done(first), worker, log)
        assert worker.poll() is None, log.read_text()[-4000:]
        assert "Unrecoverable error" not in log.read_text()
    finally:
        release.touch()  # a task still held would keep the worker's warm shutdown waiting
        if worker.poll() is None:
            worker.terminate()
            try:
                worker.wait(15)
            except subprocess.TimeoutExpired:
                worker.kill()
        embedded_redis.stop(redis)


def _done(marker: Path) -> bool:
    return marker.exists() and marker.read_text() == "done"
