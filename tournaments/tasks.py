"""Celery tasks of events: the outer edge of the schedule. Ids in, one service call.

The services queue these by name (``services/jobs.py``), so each is declared with that name.
"""

from celery import shared_task

from .services import jobs, schedule


@shared_task(name=jobs.STEP, ignore_result=True)
def step(tournament_id: int) -> None:
    schedule.step(tournament_id)


@shared_task(name=jobs.SWEEP, ignore_result=True)
def sweep() -> None:
    schedule.sweep()
