"""``python -m config.serve``: run the whole site in one terminal (what ``make run`` ends with).

A small process supervisor. It starts the embedded Redis (unless REDIS_URL points elsewhere),
then Daphne, a Celery worker, a second one for the expert's analyses (``analyse``: their own
queue, one slot, under ``nice``) and Celery beat, prefixes their output, and waits for /healthz
before printing where to go and how to log in.

A child that dies is started again, Redis before the others since they all need it, after a
pause that doubles with each death that follows a short run (1 s, 2 s, … up to 30 s), and the
runner says so in one line. The others need no restart when Redis comes back: Daphne's channel
layer and Celery reconnect by themselves (config/celery.py keeps the worker alive meanwhile).
Only Ctrl-C or SIGTERM stops the site: beat, worker and web in turn, Redis last. A child that
dies within seconds of every start (say the port is taken) is hopeless to restart, so after
``GIVE_UP_AFTER`` such deaths in a row the runner stops everything and exits with status 1.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.conf import settings  # noqa: E402

from config import embedded_redis  # noqa: E402

ASGI_APP = "config.asgi:application"
FIRST_PAUSE_S = 1.0
MAX_PAUSE_S = 30.0
SHORT_RUN_S = 30.0  # a child that ran longer than this was fine: its next pause starts over
GIVE_UP_AFTER = 5
# Gossip, mingle and event heartbeats coordinate workers through extra broker channels; the
# site uses none of them, and each is one more thing to break while the broker is away.
WORKER_QUIET = ["--without-gossip", "--without-mingle", "--without-heartbeat"]


def say(line: str) -> None:
    """The runner's own lines, prefixed like the children's so the console reads as one log."""
    sys.stdout.write(f"[runner] {line}\n")
    sys.stdout.flush()


def _pump(name: str, stream: IO[bytes]) -> None:
    for raw in iter(stream.readline, b""):
        sys.stdout.write(f"[{name:<6}] {raw.decode(errors='replace')}")
        sys.stdout.flush()


def _spawn(name: str, args: list[str]) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=embedded_redis.die_with_parent,
    )
    _follow(name, process)
    return process


def _follow(name: str, process: subprocess.Popen[bytes]) -> None:
    if process.stdout is not None:
        threading.Thread(target=_pump, args=(name, process.stdout), daemon=True).start()


def _reap(process: subprocess.Popen[bytes]) -> None:
    """Kill what a dead child leaves behind (a worker's pool processes): its whole session."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


@dataclass
class Child:
    """One supervised process: how to start it, and its record of deaths."""

    name: str
    launch: Callable[[], subprocess.Popen[bytes]]
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    short_runs: int = 0
    restart_at: float | None = None

    def start(self) -> None:
        self.restart_at = None
        self.started = time.monotonic()
        self.process = self.launch()

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def died(self, now: float, why: str) -> bool:
        """Schedule the next start; False when this child keeps dying at once (give up)."""
        ran = now - self.started
        self.short_runs = self.short_runs + 1 if ran < SHORT_RUN_S else 1
        if self.short_runs > GIVE_UP_AFTER:
            say(f"{self.name} {why}, {GIVE_UP_AFTER} times in a row soon after starting")
            return False
        pause = min(MAX_PAUSE_S, FIRST_PAUSE_S * 2 ** (self.short_runs - 1))
        say(f"{self.name} {why} after {ran:.0f} s; starting it again in {pause:g} s")
        self.restart_at = now + pause
        return True


def _redis_launcher(socket: Path, var: Path) -> Callable[[], subprocess.Popen[bytes]]:
    def launch() -> subprocess.Popen[bytes]:
        process = embedded_redis.start(socket, var)
        _follow("redis", process)
        return process

    return launch


def _wait_healthy(url: str, timeout: float = 90) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.5)
    return False


def _banner(base_url: str) -> None:
    logins = Path(settings.VAR_DIR) / "demo-logins.json"
    lines = [f"Dominoes Club is up: {base_url}", f"Health: {base_url}healthz"]
    if logins.exists():
        for role, password in json.loads(logins.read_text()).items():
            lines.append(f"Log in as {role:<6}  username: {role:<6}  password: {password}")
    lines.append("Press Ctrl-C to stop web, worker, beat and Redis.")
    width = max(map(len, lines)) + 4
    print("\n" + "=" * width + "\n" + "\n".join(f"  {line}" for line in lines))
    print("=" * width + "\n", flush=True)


def commands(host: str, port: str, var: Path) -> dict[str, list[str]]:
    """The command line of each child but Redis, by name."""
    python = sys.executable
    workers = os.environ.get("CELERY_CONCURRENCY", "2")
    # Every bot move and the 5 s sweep are tasks: at INFO the console would scroll with them.
    level = os.environ.get("WORKER_LOG_LEVEL", "WARNING")
    celery = [python, "-m", "celery", "-A", "config"]
    return {
        "web": [python, "-m", "daphne", "-b", host, "-p", port, ASGI_APP],
        "worker": [*celery, "worker", "-l", level, "--concurrency", workers, *WORKER_QUIET],
        # The expert's analyses (seconds of CPU each) on their own queue and slot, at a lower
        # priority: bot moves and turn clocks never wait behind one (settings.ANALYSIS_QUEUE).
        "analyse": [
            "nice",
            "-n",
            "10",
            *celery,
            "worker",
            "-l",
            level,
            "--concurrency",
            "1",
            "-Q",
            settings.ANALYSIS_QUEUE,
            "-n",
            "analysis@%h",
            *WORKER_QUIET,
        ],
        "beat": [*celery, "beat", "-l", level, "-s", str(var / "beat-schedule")],
    }


def _children(host: str, port: str, var: Path) -> list[Child]:
    """Everything to run, in start order (Redis first); stopped in the reverse order."""
    children = []
    if settings.EMBEDDED_REDIS:
        socket = Path(settings.EMBEDDED_REDIS_SOCKET)
        if embedded_redis.answers(socket):
            say(f"using the embedded Redis already running on {socket} (not supervised)")
        else:
            say(f"embedded Redis {embedded_redis.executable()} on {socket}")
            children.append(Child("redis", _redis_launcher(socket, var)))
    for name, args in commands(host, port, var).items():
        children.append(Child(name, lambda name=name, args=args: _spawn(name, args)))
    return children


def _supervise(children: list[Child], stopping: threading.Event) -> Child | None:
    """Restart children as they die until asked to stop; the child given up on, if any."""
    while not stopping.is_set():
        now = time.monotonic()
        redis_down = False
        for child in children:
            if child.restart_at is not None:
                if now < child.restart_at or redis_down:
                    redis_down = redis_down or child.name == "redis"
                    continue
                say(f"starting {child.name}")
                try:
                    child.start()
                except (RuntimeError, OSError) as error:
                    if not child.died(now, f"did not start ({error})"):
                        return child
            elif child.process is not None and child.process.poll() is not None:
                _reap(child.process)
                if not child.died(now, f"exited with status {child.process.returncode}"):
                    return child
            redis_down = redis_down or (child.name == "redis" and not child.running())
        stopping.wait(0.2)
    return None


def _stop(children: list[Child]) -> None:
    """Beat, worker and web first (SIGTERM, then SIGKILL after 15 s), Redis last."""
    others = [c for c in reversed(children) if c.name != "redis" and c.running()]
    for child in others:
        assert child.process is not None
        child.process.send_signal(signal.SIGTERM)
    for child in others:
        assert child.process is not None
        try:
            child.process.wait(15)
        except subprocess.TimeoutExpired:
            child.process.kill()
        _reap(child.process)
    for child in children:
        if child.name == "redis" and child.process is not None:
            embedded_redis.stop(child.process)


def main() -> int:
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    var = Path(settings.VAR_DIR)
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    children = _children(host, port, var)
    for child in children:
        child.start()  # a Redis that cannot start at all is a setup error: let it raise
    base_url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    threading.Thread(
        target=lambda: _wait_healthy(base_url + "healthz") and _banner(base_url), daemon=True
    ).start()
    hopeless = _supervise(children, stopping)
    say(f"stopping everything: {hopeless.name} cannot be kept running" if hopeless else "stopping…")
    _stop(children)
    return 1 if hopeless else 0


if __name__ == "__main__":
    sys.exit(main())
