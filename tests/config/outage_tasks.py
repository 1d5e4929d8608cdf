"""A task for tests/config/test_worker_outage.py: it holds the worker busy until the test lets it
go, so the broker can be taken away while a task is unacknowledged (acks_late), which is when
the worker used to die."""

from __future__ import annotations

from pathlib import Path

from celery import shared_task

from tests.waiting import wait_until

HOLD = "tests.outage.hold"


@shared_task(name=HOLD, ignore_result=True)
def hold(marker: str, release: str) -> None:
    """Say it started, run until ``release`` exists, say it is done. Held by the test rather
    than for a fixed time, it runs through the whole outage however long the outage takes."""
    Path(marker).write_text("started")
    wait_until(Path(release).exists, 60, "the test to let the task end", interval=0.05)
    Path(marker).write_text("done")
