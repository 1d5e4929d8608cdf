"""A real Celery worker for a test, started as a process of its own on the test's database.

The worker tests once ran Celery's in-process test worker, whose prefork pool forks the pytest
process itself: every child inherited the parent's open SQLite files (one per thread that had
touched the database), and closing one of those in a child releases the child's own POSIX locks
on the file. Closing them first and pinning them in the child made it rarer, not gone: a CI run
still saw an event stop half way and the test database left unflushable. A worker started with
``python -m celery`` (fork and exec) inherits nothing but the environment, as in production.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def worker_command(name: str, concurrency: int) -> list[str]:
    """``celery worker`` as the site runs it (prefork pool), quiet but for warnings; the fault
    tests' cluster starts its workers with it too."""
    return [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "WARNING",
            "-P", "prefork", "--concurrency", str(concurrency), "-n", f"{name}@%h",
            "--without-mingle", "--without-gossip"]  # fmt: skip


class WorkerProcess:
    """One ``celery worker`` with a prefork pool, logging to ``log``; ``stop`` ends it warmly."""

    def __init__(self, log: Path, concurrency: int = 2) -> None:
        self.log = log
        env = dict(os.environ)
        env.update({
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DOMINOES_VAR_DIR": str(settings.VAR_DIR),
            "DOMINOES_TEST_DATABASE": str(connection.settings_dict["NAME"]),
            "PYTHONUNBUFFERED": "1",
        })  # fmt: skip
        args = worker_command(f"test-{os.getpid()}", concurrency)
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                args,
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def stop(self, timeout: float = 90) -> None:
        """A warm shutdown (SIGTERM: running tasks finish), then SIGKILL for the whole group."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout)
        with contextlib.suppress(ProcessLookupError):  # the pool's children, whatever is left
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def tail(self, lines: int = 40) -> str:
        """The end of the worker's log, for a failing assertion's message."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


@contextlib.contextmanager
def worker_process(log: Path, concurrency: int = 2) -> Iterator[WorkerProcess]:
    """A worker for the block's length: stopped however the block ends."""
    worker = WorkerProcess(log, concurrency)
    try:
        yield worker
    finally:
        worker.stop()
