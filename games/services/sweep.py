"""The safety net behind every queued task: find games that wait with nothing under way.

Tasks can be lost (a broker flushed, a worker killed before it acknowledged, a deploy). Beat runs
``sweep`` every few seconds; it queues the task a waiting game needs. Because every task checks
the game's version, queuing one that turns out to be a duplicate is harmless.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from ..models import Game, Match, Seat
from . import jobs, presence
from .scheduling import played_by_server

STALL_SECONDS = 8.0


def _longest_think() -> float:
    return max((high for _, high in settings.BOT_THINK_SECONDS.values()), default=0.0)


def sweep(now=None) -> dict[str, int]:
    """Queue what stalled games need; returns how many of each kind were queued (and how many
    presences of lost sockets were dropped)."""
    now = now or timezone.now()
    stalled_before = now - timedelta(seconds=_longest_think() + STALL_SECONDS)
    queued = {"bot": 0, "clock": 0, "next_game": 0}
    waiting = Game.objects.filter(state=Game.State.PLAYING, updated_at__lt=stalled_before)
    for game in waiting.select_related("match"):
        seat = Seat.objects.select_related("player").get(
            table_id=game.match.table_id, index=game.turn
        )
        if played_by_server(seat):
            task = jobs.BOT_TURN if seat.player.is_bot else jobs.STAND_IN
            jobs.send(task, (game.pk, game.version))
            queued["bot"] += 1
    late = now - timedelta(seconds=2)
    for game in Game.objects.filter(state=Game.State.PLAYING, turn_deadline__lt=late):
        jobs.send(jobs.TURN_CLOCK, (game.pk, game.version))
        queued["clock"] += 1
    pause = timedelta(seconds=settings.NEXT_GAME_PAUSE_SECONDS + STALL_SECONDS)
    for match in Match.objects.filter(state=Match.State.PLAYING):
        last = match.games.order_by("-number").first()
        if last is None or last.state != Game.State.OVER:
            continue
        due = last.next_at + timedelta(seconds=STALL_SECONDS) if last.next_at else None
        if (due or last.finished_at + pause) < now:
            jobs.send(jobs.NEXT_GAME, (match.pk, last.number))
            queued["next_game"] += 1
    queued["presences"] = presence.expire(now)
    return queued
