"""A task for tests/config/test_worker_outage.py: it holds the worker busy, so the broker can be
taken away while a task is unacknowledged (acks_late), which is when the worker used to die."""

from __future__ import annotations

import time
from pathlib import Path

from celery import shared_task

HOLD = "tests.outage.hold"


@shared_task(name=HOLD, ignore_result=True)
def hold(marker: str, seconds: float) -> None:
    Path(marker).write_text("started")
    time.sleep(seconds)
    Path(marker).write_text("done")
