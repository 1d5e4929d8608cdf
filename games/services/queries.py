"""Read-side helpers shared by views and consumers."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from accounts.models import User

from ..models import Game, Seat, Table
from . import reads


def lobby_tables() -> QuerySet[Table]:
    """Public tables that are waiting for players or playing now, newest first."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("index"))
    return (
        Table.objects.filter(is_private=False, state__in=[Table.State.OPEN, Table.State.PLAYING])
        .select_related("host")
        .prefetch_related(seats)[:50]
    )


def seat_of(table: Table, user: User | None) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    return table.seats.filter(player=user).values_list("index", flat=True).first()


def current_game(table: Table) -> Game | None:
    return current_game_of(table.pk)


def table_by_code(code: str) -> Table | None:
    return Table.objects.filter(code=code).first()


def current_game_of(table_id: int) -> Game | None:
    """The table's latest game with its match and table, in one query."""
    return reads.latest_game(table_id)
