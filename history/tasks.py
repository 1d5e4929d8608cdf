"""Celery tasks of the history app: ids in, one service call; sent by name (``ANALYSE``)."""

from celery import shared_task

from . import analysis


@shared_task(name=analysis.ANALYSE, ignore_result=True)
def analyse_game(analysis_id: int) -> None:
    analysis.run(analysis_id)
