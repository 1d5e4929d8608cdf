"""Celery tasks of events: the outer edge of the schedule. Ids in, one service call.

The services queue these by name (``services/jobs.py``), so each is declared with that name.
"""

from celery import shared_task
from celery.signals import worker_process_init

from sockets.notify import use_background_loop

from .services import jobs, schedule


@worker_process_init.connect
def _worker_sends_through_one_loop(**kwargs) -> None:
    """Event notices from a worker (the schedule, games finishing at event tables) go through
    one long-lived loop, as games' table notices do, not a new loop and connection each."""
    use_background_loop()


@shared_task(name=jobs.STEP, ignore_result=True)
def step(tournament_id: int) -> None:
    schedule.step(tournament_id)


@shared_task(name=jobs.SWEEP, ignore_result=True)
def sweep() -> None:
    schedule.sweep()
