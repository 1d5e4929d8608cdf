"""Celery tasks: ids in, one service call, nothing else."""

from celery import shared_task
from celery.signals import worker_process_init

from .services import autoplay, notify, play, presence


@worker_process_init.connect
def _worker_sends_through_one_loop(**kwargs) -> None:
    notify.use_background_loop()


@shared_task(ignore_result=True)
def bot_turn(game_id: int, version: int) -> None:
    autoplay.play_for_seat(game_id, version, reason="bot")


@shared_task(ignore_result=True)
def turn_clock(game_id: int, version: int) -> None:
    autoplay.play_for_seat(game_id, version, reason="clock")


@shared_task(ignore_result=True)
def stand_in(game_id: int, version: int) -> None:
    autoplay.play_for_seat(game_id, version, reason="stand-in")


@shared_task(ignore_result=True)
def next_game(match_id: int, after_game: int) -> None:
    play.start_next_game(match_id, after_game)


@shared_task(ignore_result=True)
def away_check(seat_id: int, since: str) -> None:
    presence.away_check(seat_id, since)


@shared_task(ignore_result=True)
def sweep() -> None:
    from .services.sweep import sweep as run_sweep

    run_sweep()
