"""``python -m config.serve``: run the whole site in one terminal (what ``make run`` ends with).

Starts the embedded Redis (unless REDIS_URL points elsewhere), then Daphne, a Celery worker and
Celery beat, prefixes their output, and waits for /healthz before printing where to go and how
to log in. Ctrl-C (or SIGTERM) stops them in order; if any one of them dies, all are stopped and
the exit status says so, rather than leaving half a site running.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.conf import settings  # noqa: E402

from config import embedded_redis  # noqa: E402

PR_SET_PDEATHSIG = 1
ASGI_APP = "config.asgi:application"


def _die_with_parent() -> None:
    """Children get SIGTERM if this runner is killed outright, so nothing is left orphaned."""
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _pump(name: str, stream) -> None:
    for raw in iter(stream.readline, b""):
        sys.stdout.write(f"[{name:<6}] {raw.decode(errors='replace')}")
        sys.stdout.flush()


def _spawn(name: str, args: list[str]) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_die_with_parent,
    )
    threading.Thread(target=_pump, args=(name, process.stdout), daemon=True).start()
    return process


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


def main() -> int:
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    var = Path(settings.VAR_DIR)
    python = sys.executable
    redis_process = None
    if settings.EMBEDDED_REDIS:
        socket = Path(settings.EMBEDDED_REDIS_SOCKET)
        if embedded_redis.answers(socket):
            print(f"Using the embedded Redis already running on {socket}")
        else:
            redis_process = embedded_redis.start(socket, var)
            print(f"Embedded Redis {embedded_redis.executable()} on {socket}")
    workers = os.environ.get("CELERY_CONCURRENCY", "2")
    # Every bot move and the 5 s sweep are tasks: at INFO the console would scroll with them.
    level = os.environ.get("WORKER_LOG_LEVEL", "WARNING")
    celery = [python, "-m", "celery", "-A", "config"]
    children = {
        "web": _spawn("web", [python, "-m", "daphne", "-b", host, "-p", port, ASGI_APP]),
        "worker": _spawn("worker", [*celery, "worker", "-l", level, "--concurrency", workers]),
        "beat": _spawn("beat", [*celery, "beat", "-l", level, "-s", str(var / "beat-schedule")]),
    }
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    base_url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    threading.Thread(
        target=lambda: _wait_healthy(base_url + "healthz") and _banner(base_url), daemon=True
    ).start()
    failed = None
    while not stopping.is_set() and failed is None:
        failed = next((n for n, p in children.items() if p.poll() is not None), None)
        stopping.wait(0.5)
    if failed:
        print(f"\n{failed} exited with status {children[failed].returncode}; stopping the rest.")
    else:
        print("\nStopping…")
    for process in children.values():
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in children.values():
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
    if redis_process:
        embedded_redis.stop(redis_process)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
