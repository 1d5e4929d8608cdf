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
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from celery import Celery

from config import embedded_redis, env
from tests.config.outage_tasks import HOLD

pytestmark = pytest.mark.processes
ROOT = Path(__file__).resolve().parents[2]
QUEUE = "outage"


def _wait(what: str, done: Callable[[], bool], worker: subprocess.Popen, log: Path) -> None:
    """Wait up to 30 s for ``done``; fail at once if the worker exits meanwhile."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and worker.poll() is None:
        if done():
            return
        time.sleep(0.1)
    state = "running" if worker.poll() is None else f"exited with {worker.returncode}"
    raise AssertionError(f"not {what}; the worker {state}; its log:\n{log.read_text()[-4000:]}")


def _send(broker: str, marker: Path, seconds: float) -> None:
    client = Celery(broker=broker)
    try:
        client.send_task(HOLD, args=[str(marker), seconds], queue=QUEUE)
    finally:
        client.close()


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
    celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "INFO"]
    # Two processes, as ``make run`` starts: with one held by the task, the worker is back in
    # its blocking read for the next message when Redis goes, the state in which it died.
    command = [*celery, "-c", "2", "-Q", QUEUE, "--include", "tests.config.outage_tasks"]
    with log.open("wb") as out:
        worker = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=out, stderr=out)
    try:
        first, second = tmp_path / "first", tmp_path / "second"
        _send(broker, first, seconds=3)
        _wait("the first task started", first.exists, worker, log)
        time.sleep(0.5)
        redis.send_signal(signal.SIGKILL)
        redis.wait()
        time.sleep(1.5)  # the worker notices and starts reconnecting
        assert worker.poll() is None, log.read_text()[-4000:]
        redis = embedded_redis.start(socket, tmp_path, persist=False)
        _send(broker, second, seconds=0)
        _wait("a task sent after the outage ran", lambda: _done(second), worker, log)
        assert _done(first), "the task running during the outage should have finished"
        assert worker.poll() is None, log.read_text()[-4000:]
        assert "Unrecoverable error" not in log.read_text()
    finally:
        if worker.poll() is None:
            worker.terminate()
            try:
                worker.wait(15)
            except subprocess.TimeoutExpired:
                worker.kill()
        embedded_redis.stop(redis)


def _done(marker: Path) -> bool:
    return marker.exists() and marker.read_text() == "done"
