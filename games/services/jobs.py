"""Queue the work that happens later (a bot's turn, a clock, the next deal), by task name.

The core names its Celery tasks instead of importing ``games.tasks``: tasks are the outer edge
that calls services, so services never import them, and the two meet only at these names.

Every task is sent once the surrounding transaction commits (at once outside one), and a
broker that does not answer never undoes or fails the change that queued it: the failure is
logged and the sweep, which looks for games waiting with nothing under way, queues the task
again once the broker is back. Every task checks the version it was queued for, so a task
sent twice is harmless.
"""

from __future__ import annotations

import logging
from datetime import datetime

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)

BOT_TURN = "games.tasks.bot_turn"
TURN_CLOCK = "games.tasks.turn_clock"
STAND_IN = "games.tasks.stand_in"
NEXT_GAME = "games.tasks.next_game"
AWAY_CHECK = "games.tasks.away_check"

#: One quick retry: a dead broker must not hold up the answer to the player who moved.
RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.1, "interval_max": 0.1}


def later(
    name: str, *args: object, countdown: float | None = None, eta: datetime | None = None
) -> None:
    """Send task ``name`` with ``args`` once the current transaction commits."""
    transaction.on_commit(lambda: send(name, args, countdown=countdown, eta=eta))


class _Sent:
    """What ``send_task`` hands back for a task whose result nobody reads. Celery's own
    ``AsyncResult`` builds the result backend, once per thread, and under ASGI every request
    runs on a thread of its own: a backend built and dropped for every move sent a bot's turn."""

    def __init__(self, task_id: str) -> None:
        self.id = task_id


def send(
    name: str, args: tuple, *, countdown: float | None = None, eta: datetime | None = None
) -> bool:
    """Send now; False (and a log line) if the broker did not take it."""
    try:
        current_app.send_task(
            name, args=args, countdown=countdown, eta=eta, retry=True, retry_policy=RETRY_POLICY,
            ignore_result=True, add_to_parent=False, result_cls=_Sent,
        )  # fmt: skip
    except Exception as error:  # any broker failure; the sweep queues it again later
        log.warning("could not queue %s%r: %s: %s", name, args, type(error).__name__, error)
        return False
    return True
