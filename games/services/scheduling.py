"""What happens after a change: the next game after a pause, a bot's turn, a turn clock.

Every task is queued on commit with the game's id and version; a task that arrives late (the
version moved on) does nothing, so a repeated or stale task is always harmless.
"""

from __future__ import annotations

import random

from django.conf import settings

from ..models import Game, Match, Seat, Table
from . import jobs


def think_delay(level: str) -> float | None:
    """A natural pause before a bot plays; none at all when BOT_THINK is off (tests, benches).

    None rather than 0: a countdown of 0 still makes an ETA task, which the worker holds on a
    timer instead of running at once.
    """
    low, high = settings.BOT_THINK_SECONDS.get(level, (0.0, 0.0))
    return random.uniform(low, high) if high else None


def played_by_server(seat: Seat) -> bool:
    """A bot's seat, or a dropped player's seat with a bot standing in."""
    return seat.player is not None and (seat.player.is_bot or seat.stand_in)


def after_change(game: Game, table: Table, seats: dict[int, Seat]) -> None:
    """Queue, on commit, whatever this game now waits for."""
    if game.state == Game.State.OVER:
        match = game.match
        if match.state == Match.State.PLAYING:  # at the end of the result's pause (pause.py)
            if game.next_at is None:
                pause = settings.NEXT_GAME_PAUSE_SECONDS or None
                jobs.later(jobs.NEXT_GAME, match.pk, game.number, countdown=pause)
            else:
                jobs.later(jobs.NEXT_GAME, match.pk, game.number, eta=game.next_at)
        return
    seat = seats[game.turn]
    player = seat.player
    if player is not None and player.is_bot:
        delay = think_delay(player.bot_level)
        jobs.later(jobs.BOT_TURN, game.pk, game.version, countdown=delay)
    elif seat.stand_in:
        jobs.later(jobs.STAND_IN, game.pk, game.version, countdown=think_delay("casual"))
    elif game.turn_deadline is not None:
        jobs.later(jobs.TURN_CLOCK, game.pk, game.version, eta=game.turn_deadline)
