"""The sweep finds games that wait with nothing under way and queues what they need."""

import json
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from config.health import broker_client
from games.models import Game, Match
from games.services.sweep import sweep
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def queue():
    """The run's own task queue on the real broker, emptied before and after."""
    client = broker_client()
    name = settings.CELERY_TASK_DEFAULT_QUEUE
    client.delete(name)

    def queued() -> list[tuple[str, str]]:
        messages = [json.loads(raw) for raw in client.lrange(name, 0, -1)]
        return [(m["headers"]["task"], m["headers"]["argsrepr"]) for m in messages]

    yield queued
    client.delete(name)
    client.close()


def _age(game: Game, seconds: float) -> None:
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def test_sweep_requeues_a_lost_bot_turn(queue):
    match = start_table(make_table(make_user("ann"), turn_clock=0), seed=5)
    game = current(match)
    assert game.turn != 0, "a bot poses first with this seed"
    _age(game, 60)
    broker_client().delete(settings.CELERY_TASK_DEFAULT_QUEUE)  # the queued bot turn is "lost"
    assert sweep() == {"bot": 1, "clock": 0, "next_game": 0, "presences": 0}
    assert queue() == [("games.tasks.bot_turn", f"({game.pk}, {game.version})")]


def test_sweep_leaves_a_game_that_is_moving_alone(queue):
    match = start_table(make_table(make_user("ann"), turn_clock=0), seed=5)
    queue_before = len(queue())
    assert sweep() == {"bot": 0, "clock": 0, "next_game": 0, "presences": 0}
    assert len(queue()) == queue_before
    assert current(match).state == Game.State.PLAYING


def test_sweep_fires_an_expired_clock(queue):
    ann = make_user("ann")
    match = start_table(make_table(ann, turn_clock=15), seed=5)
    game = current(match)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=30))
    assert sweep()["clock"] == 1
    assert ("games.tasks.turn_clock", f"({game.pk}, {game.version})") in queue()


def test_sweep_deals_the_next_game_when_the_pause_task_was_lost(queue):
    match = start_table(make_table(make_user("ann"), turn_clock=0), seed=5)
    game = play_out_game(match)
    match.refresh_from_db()
    if match.state == Match.State.OVER:
        pytest.skip("that set ended in one game")
    assert sweep()["next_game"] == 0  # the result is still on screen: its pause is running
    ended = timezone.now() - timedelta(seconds=120)
    Game.objects.filter(pk=game.pk).update(finished_at=ended, next_at=ended)
    assert sweep()["next_game"] == 1
    assert ("games.tasks.next_game", f"({match.pk}, {game.number})") in queue()
