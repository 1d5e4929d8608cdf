"""The tasks an event queues, by name, through the games core's sender (``games.services.jobs``).

As in the games core, services never import ``tournaments.tasks``: they name the task, and the
task module declares it under that name. Every task is sent on commit, a broker that does not
answer is logged and never fails the change, and the sweep (beat, every few seconds) queues a
step for any event that has something due, so a lost task costs a few seconds, nothing more.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from games.services import jobs

#: "Do whatever is due for this event now" (``schedule.step``): the one task of the schedule.
STEP = "tournaments.tasks.step"
SWEEP = "tournaments.tasks.sweep"

#: Steps further ahead than this are left to the sweep: a task held for days by a worker is
#: one more thing a restart or the broker's redelivery can repeat or lose.
HORIZON = timedelta(hours=1)

send = jobs.send


def step_now(tournament_id: int) -> None:
    """Queue a step for the event once the current transaction commits."""
    jobs.later(STEP, tournament_id)


def step_at(tournament_id: int, when: datetime | None) -> None:
    """Queue a step for ``when`` (on commit), if it is within the horizon; the sweep finds the
    rest when their time comes."""
    if when is None:
        return
    now = timezone.now()
    if when <= now:
        jobs.later(STEP, tournament_id)
    elif when - now <= HORIZON:
        jobs.later(STEP, tournament_id, eta=when)
