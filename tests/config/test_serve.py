"""`make run`'s runner brings up web, worker, beat and the embedded Redis, keeps them up, and
stops them all on Ctrl-C.

This is the embedded default end to end: beat schedules the heartbeat, the worker (another
process) runs it through the embedded broker, and the web process reports it in /healthz. One
site serves the whole module (starting it is most of the cost); the tests then break it the
way a machine would, in order, and the last one stops it.
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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif("REDIS_URL" in os.environ, reason="checks the embedded default"),
]


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


@dataclass
class Site:
    port: int
    runner: subprocess.Popen[bytes]
    var: Path

    def output(self) -> str:
        return (self.var / "runner.log").read_text(errors="replace")

    def child(self, match: Callable[[list[str]], bool]) -> psutil.Process:
        """The runner's child whose command line matches (waiting briefly for a restart)."""

        def found() -> psutil.Process | None:
            for process in psutil.Process(self.runner.pid).children():
                try:
                    if match(process.cmdline()):
                        return process
                except psutil.NoSuchProcess:
                    continue
            return None

        return wait_until(
            found,
            10,
            f"a {match.__name__.removeprefix('_is_')} child of the runner",
            interval=0.2,
            detail=lambda: self.output()[-3000:],
        )

    def heartbeat_after(self, moment: float, timeout: float = 30) -> dict:
        """Wait for /healthz to be 200 with a heartbeat that beat and a worker ran after
        ``moment`` (a time.time()); its body."""
        last: list = [0, {}]

        def fresh() -> dict | None:
            last[:] = _health(self.port)
            status, body = last
            age = body.get("broker", {}).get("last_heartbeat_s_ago")
            if status == 200 and age is not None and time.time() - age > moment:
                return body
            return None

        return wait_until(
            fresh,
            timeout,
            "a fresh heartbeat",
            interval=0.3,
            detail=lambda: f"{last[0]} {last[1]}\n{self.output()[-3000:]}",
        )


def _is_redis(cmdline: list[str]) -> bool:
    return "redis-server" in " ".join(cmdline)  # redis rewrites its title: one "argument"


def _is_worker(cmdline: list[str]) -> bool:
    return "celery" in cmdline and "worker" in cmdline and "-Q" not in cmdline  # not the analyses'


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[Site]:
    var = tmp_path_factory.mktemp("serve")
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DOMINOES_VAR_DIR": str(var),
        "STATIC_MANIFEST": "0",
        "PORT": str(port),
        "HEARTBEAT_SECONDS": "1",
        "CELERY_CONCURRENCY": "1",
    }
    env.pop("DATABASE_URL", None)
    migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True)
    with (var / "runner.log").open("wb") as log:
        runner = subprocess.Popen(
            [sys.executable, "-m", "config.serve"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    started = Site(port, runner, var)
    try:
        yield started
    finally:
        if runner.poll() is None:
            runner.send_signal(signal.SIGINT)
            try:
                runner.wait(30)
            except subprocess.TimeoutExpired:
                runner.kill()


def test_runner_serves_health_and_runs_beat_tasks_on_the_worker(site):
    site.heartbeat_after(0, timeout=60)
    assert "Dominoes Club is up" in site.output()


def test_a_killed_redis_is_started_again_and_the_worker_rides_it_out(site):
    site.heartbeat_after(0, timeout=60)
    redis = site.child(_is_redis)
    worker = site.child(_is_worker)
    killed_at = time.time()
    redis.kill()
    site.heartbeat_after(killed_at)
    assert site.child(_is_redis).pid != redis.pid
    assert site.child(_is_worker).pid == worker.pid, "the worker should have reconnected"
    assert "redis exited with status -9" in site.output()


def test_a_killed_worker_is_started_again(site):
    site.heartbeat_after(0, timeout=60)
    worker = site.child(_is_worker)
    killed_at = time.time()
    worker.kill()
    site.heartbeat_after(killed_at)
    assert site.child(_is_worker).pid != worker.pid
    assert "worker exited with status -9" in site.output()


def test_ctrl_c_stops_every_process(site):
    site.heartbeat_after(0, timeout=60)
    children = psutil.Process(site.runner.pid).children(recursive=True)
    site.runner.send_signal(signal.SIGINT)
    assert site.runner.wait(30) == 0, site.output()[-3000:]
    _gone, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, [process.cmdline() for process in alive]
    from config.embedded_redis import answers
    from config.env import embedded_redis_socket

    assert not answers(embedded_redis_socket(site.var))
