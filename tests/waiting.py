"""Waiting in a test for something to happen, instead of sleeping for a guessed while.

A test that starts processes, sockets or timers waits for the thing it needs (a page answers, a
task has started, a frame came, a worker says it is reconnecting): a fixed ``time.sleep`` is
either too short on a busy CI machine, and the test fails now and then, or longer than needed
everywhere else. ``wait_until`` looks again every ``interval`` until the condition holds and
returns at once then; if it never does, the test fails with a message naming what never
happened (docs/testing.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(
    condition: Callable[[], T],
    timeout: float,
    message: str,
    *,
    interval: float = 0.1,
    detail: Callable[[], str] | None = None,
) -> T:
    """Call ``condition`` until it returns something true, and return that.

    After ``timeout`` seconds without it, fail with ``AssertionError: timed out after <timeout> s
    waiting for <message>``, followed by what ``detail()`` says of where things stopped (a log's
    end, the last state seen). ``condition`` may raise to fail at once, for example when the
    process it waits on has exited. It is looked at once more at the deadline, so a slow look
    never costs the last chance.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        left = deadline - time.monotonic()
        if left <= 0:
            break
        time.sleep(min(interval, left))
    where = f"; {detail()}" if detail else ""
    raise AssertionError(f"timed out after {timeout:g} s waiting for {message}{where}")
