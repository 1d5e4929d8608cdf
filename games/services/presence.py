"""Who is at the table: sockets coming and going, grace periods and bot stand-ins.

A player may have several tabs open; the seat counts connections. When the last one closes the
seat is marked away, and after a grace period a bot plays for it until the player returns.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ..models import Game, Seat, Table
from . import play, queries


def _seat(table_id: int, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(table_id=table_id, player=user).first()


def arrived(table_id: int, user) -> None:
    seat = _seat(table_id, user)
    if seat is None:
        return
    with transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(
            connections=F("connections") + 1, away_since=None, stand_in=False
        )


def left(table_id: int, user) -> None:
    seat = _seat(table_id, user)
    if seat is None:
        return
    from .. import tasks

    with transaction.atomic():
        seat = Seat.objects.select_for_update().get(pk=seat.pk)
        seat.connections = max(seat.connections - 1, 0)
        if seat.connections == 0:
            seat.away_since = timezone.now()
            tasks.away_check.apply_async_on_commit(
                (seat.pk, seat.away_since.isoformat()), countdown=settings.AWAY_GRACE_SECONDS
            )
        seat.save(update_fields=["connections", "away_since"])


def away_check(seat_id: int, since: str) -> bool:
    """After the grace period: if the player is still away, a bot stands in for them."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().select_related("table").get(pk=seat_id)
        if seat.away_since is None or seat.away_since.isoformat() != since or seat.stand_in:
            return False
        if seat.table.state != Table.State.PLAYING:
            return False
        seat.stand_in = True
        seat.save(update_fields=["stand_in"])
        game = queries.current_game(seat.table)
        if game and game.state == Game.State.PLAYING and game.turn == seat.index:
            from .. import tasks

            tasks.stand_in.delay_on_commit(game.pk, game.version)
    return True


def move_from_socket(table_id: int, user, content: dict) -> play.Outcome:
    from .rendering import prime

    table = Table.objects.get(pk=table_id)
    outcome = play.submit_for_user(table, user, content)
    prime(outcome)
    return outcome
