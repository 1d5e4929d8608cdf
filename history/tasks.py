"""Celery tasks of the history app: ids in, one service call; sent by name (``ANALYSE``).

The analysis runs on a queue of its own (``settings.ANALYSIS_QUEUE``, routed by
``CELERY_TASK_ROUTES``), so that its seconds of CPU never hold up a bot's move or a clock.
"""

from celery import shared_task
from celery.signals import worker_process_init

from sockets.notify import use_background_loop

from . import analysis


@worker_process_init.connect
def _worker_tells_through_one_loop(**kwargs) -> None:
    use_background_loop()


@shared_task(name=analysis.ANALYSE, ignore_result=True)
def analyse_game(analysis_id: int) -> None:
    analysis.run(analysis_id)
