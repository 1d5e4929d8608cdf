"""Celery tasks: the outer edge of the core. Ids in, one service call, nothing else.

The core queues these by name (``services/jobs.py``), so each is declared with that name.
"""

from celery import shared_task
from celery.signals import worker_process_init

from sockets.notify import use_background_loop

from .services import autoplay, jobs, play, presence
from .services import sweep as sweeping


@worker_process_init.connect
def _worker_sends_through_one_loop(**kwargs) -> None:
    use_background_loop()


@shared_task(name=jobs.BOT_TURN, ignore_result=True)
def bot_turn(game_id: int, version: int) -> None:
    autoplay.play_for_seat(game_id, version, reason="bot")


@shared_task(name=jobs.TURN_CLOCK, ignore_result=True)
def turn_clock(game_id: int, version: int) -> None:
    autoplay.play_for_seat(game_id, version, reason="clock")


@shared_task(name=jobs.STAND_IN, ignore_result=True)
def stand_in(game_id: int, version: int) -> None:
    autoplay.play_for_seat(game_id, version, reason="stand-in")


@shared_task(name=jobs.NEXT_GAME, ignore_result=True)
def next_game(match_id: int, after_game: int) -> None:
    play.start_next_game(match_id, after_game, only_when_due=True)


@shared_task(name=jobs.AWAY_CHECK, ignore_result=True)
def away_check(seat_id: int, since: str) -> None:
    presence.away_check(seat_id, since)


@shared_task(name="games.tasks.sweep", ignore_result=True)
def sweep() -> None:
    sweeping.sweep()
