"""The pause between two games of a set: the result stays on screen until every player at the
table has pressed "Next game" or the table's countdown (``Table.result_pause``) ends.

It is a state of the finished game, not a timer in a page: ``Game.next_at`` is when the next deal
comes at the latest and ``Game.ready`` the seats that pressed, so every web process and the worker
agree. The worker deals at ``next_at`` (a ``next_game`` task queued for that moment, as turn clocks
are; the sweep queues it again if it was lost), and the press that completes the table deals at
once (``play.next_game_by``). The next game's turn clock starts with its deal.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings

from ..models import Game, Seat, Table


def waited_seats(seats: Iterable[Seat]) -> set[int]:
    """The seats the pause waits for: people at the table now. A bot never presses, and a player
    who is away (or has a bot standing in) cannot, so neither holds the table."""
    return {
        seat.index
        for seat in seats
        if seat.player is not None
        and not seat.player.is_bot
        and not seat.stand_in
        and seat.away_since is None
    }


def pause_end(table: Table, seats: Iterable[Seat], now: datetime) -> datetime:
    """When the next deal comes at the latest: after the table's result pause when someone is
    there to read the result, after the short pause of ``NEXT_GAME_PAUSE_SECONDS`` otherwise
    (bots alone, or nobody left at the table)."""
    short = settings.NEXT_GAME_PAUSE_SECONDS
    if not waited_seats(seats):
        return now + timedelta(seconds=short)
    return now + timedelta(seconds=max(short, table.result_pause))


def everyone_ready(game: Game, seats: Iterable[Seat]) -> bool:
    """Whether every player the pause waits for has pressed "Next game" (False when it waits for
    nobody: then only the countdown ends it)."""
    waited = waited_seats(seats)
    return bool(waited) and waited <= set(game.ready or [])


def is_due(game: Game, seats: Iterable[Seat], now: datetime) -> bool:
    """Whether the next game may be dealt now: the countdown has ended or everyone pressed."""
    if game.next_at is None or game.next_at <= now:
        return True
    return everyone_ready(game, seats)
