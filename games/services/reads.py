"""The reads behind every move and push, in hand-written SQL.

Each stored move is rendered by every socket of its table, so the table's state (latest game
with its match and table, and the seats with their players) is read once per version in each web
process, and the move service reads the locked game and the seats. Through the ORM these queries
cost more CPU to compile and hydrate than anything else in a push; here the SQL is built once from
the models' own column lists, and rows become model instances through the same database converters
the ORM applies (JSON, dates on SQLite).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Model, Prefetch, Q, QuerySet

from accounts.models import User

from ..models import Game, Match, Move, Seat, Table


class Columns:
    """One model's concrete columns under a table alias, and how to turn them into an instance."""

    def __init__(self, model: type[Model], alias: str) -> None:
        self.model = model
        self.fields = model._meta.concrete_fields
        self.names = [f.attname for f in self.fields]
        self.sql = ", ".join(f'{alias}."{f.column}"' for f in self.fields)
        self.converters = [_converters(f, model._meta.db_table) for f in self.fields]

    def build(self, row: tuple, start: int) -> tuple[Model | None, int]:
        """The instance from ``row[start:]`` (None for a row a LEFT JOIN left empty)."""
        end = start + len(self.fields)
        values = list(row[start:end])
        if values[0] is None:
            return None, end
        for i, converters in enumerate(self.converters):
            for convert in converters:
                values[i] = convert(values[i], None, connection)
        return self.model.from_db(connection.alias, self.names, values), end


def _converters(field: Any, table: str) -> list:
    col = field.get_col(table)
    return connection.ops.get_db_converters(col) + field.get_db_converters(connection)


@cache
def _game_select() -> tuple[str, Columns, Columns, Columns]:
    """A game joined to its match and table; the callers add the WHERE clause."""
    g, m, t = Columns(Game, "g"), Columns(Match, "m"), Columns(Table, "t")
    sql = (
        f"SELECT {g.sql}, {m.sql}, {t.sql} FROM {Game._meta.db_table} g "
        f'INNER JOIN {Match._meta.db_table} m ON g."match_id" = m."id" '
        f'INNER JOIN {Table._meta.db_table} t ON m."table_id" = t."id"'
    )
    return sql, g, m, t


@cache
def _game_sql() -> tuple[str, Columns, Columns, Columns]:
    select, g, m, t = _game_select()
    where = ' WHERE m."table_id" = %s ORDER BY m."number" DESC, g."number" DESC LIMIT 1'
    return select + where, g, m, t


@cache
def _seats_sql() -> tuple[str, Columns, Columns]:
    s, u = Columns(Seat, "s"), Columns(User, "u")
    sql = (
        f"SELECT {s.sql}, {u.sql} FROM {Seat._meta.db_table} s "
        f'LEFT OUTER JOIN {User._meta.db_table} u ON s."player_id" = u."id" '
        f'WHERE s."table_id" = %s ORDER BY s."index"'
    )
    return sql, s, u


@cache
def _locked_sql() -> tuple[str, Columns, Columns, Columns]:
    sql, g, m, t = _game_select()
    sql += ' WHERE g."id" = %s'
    if connection.features.has_select_for_update:  # SQLite: the write lock is taken at BEGIN
        sql += " FOR UPDATE"
    return sql, g, m, t


def latest_game(table_id: int) -> Game | None:
    """The table's latest game, its ``match`` and ``match.table`` loaded with it."""
    return _game(_game_sql(), table_id)


def locked_game(game_id: int) -> Game:
    """A game with its match and table, their rows locked until the transaction ends (as
    ``select_for_update().select_related("match__table")`` would); the move service's read."""
    game = _game(_locked_sql(), game_id)
    if game is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    return game


def _game(query: tuple[str, Columns, Columns, Columns], key: int) -> Game | None:
    sql, g, m, t = query
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        row = cursor.fetchone()
    if row is None:
        return None
    game, at = g.build(row, 0)
    match, at = m.build(row, at)
    table, _ = t.build(row, at)
    match.table = table
    game.match = match
    return game


def seats_of(table: Table) -> list[Seat]:
    """The table's seats in order, each with its ``player`` loaded (None when empty)."""
    sql, s, u = _seats_sql()
    with connection.cursor() as cursor:
        cursor.execute(sql, [table.pk])
        rows = cursor.fetchall()
    seats = []
    for row in rows:
        seat, at = s.build(row, 0)
        seat.player, _ = u.build(row, at)
        seat.table = table
        seats.append(seat)
    return seats


@cache
def _seated_sql() -> str:
    g, m, s = Game._meta.db_table, Match._meta.db_table, Seat._meta.db_table
    return (
        f'SELECT EXISTS (SELECT 1 FROM {s} s WHERE s."table_id" = %s AND s."player_id" = %s), '
        f'(SELECT g."id" FROM {g} g INNER JOIN {m} m ON g."match_id" = m."id" '
        f'WHERE m."table_id" = %s ORDER BY m."number" DESC, g."number" DESC LIMIT 1)'
    )


def seated_and_latest(table_id: int, user_id: int) -> tuple[bool, int | None]:
    """Whether the user has a seat at the table, and the id of its latest game, in one
    round trip: what the move service checks before it opens a write transaction."""
    with connection.cursor() as cursor:
        cursor.execute(_seated_sql(), [table_id, user_id, table_id])
        seated, game_id = cursor.fetchone()
    return bool(seated), game_id


def seat_of(table: Table, user: User | None) -> int | None:
    """The seat index of ``user`` at ``table`` (None for a watcher or an anonymous visitor)."""
    if user is None or not user.is_authenticated:
        return None
    return table.seats.filter(player=user).values_list("index", flat=True).first()


def table_by_code(code: str) -> Table | None:
    return Table.objects.filter(code=code).first()


def lobby_tables() -> QuerySet[Table]:
    """Public tables that are waiting for players or playing now, newest first."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("index"))
    return (
        Table.objects.filter(is_private=False, state__in=[Table.State.OPEN, Table.State.PLAYING])
        .select_related("host")
        .prefetch_related(seats)[:50]
    )


def tables_of(user: User, limit: int = 100) -> list[Table]:
    """The tables where ``user`` has a seat or is the host, finished ones too, latest activity
    first; with the seats and players, and the sets played there newest first."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("index"))
    matches = Prefetch("matches", queryset=Match.objects.order_by("-number"))
    mine = Table.objects.filter(Q(seats__player=user) | Q(host=user)).distinct()
    return list(mine.order_by("-updated_at").prefetch_related(seats, matches)[:limit])


def fines_of(game_id: int) -> dict[int, int]:
    """French fines of one game, added up per seat (public facts kept on each move)."""
    totals: dict[int, int] = {}
    for detail in Move.objects.filter(game_id=game_id).values_list("detail", flat=True):
        for seat, points, *_why in (detail or {}).get("fines", []):
            totals[seat] = totals.get(seat, 0) + points
    return totals


def latest_version(table_id: int) -> tuple[int, int] | None:
    """(game id, version) of the table's latest game: what a socket compares with what it shows."""
    return (
        Game.objects.filter(match__table_id=table_id)
        .order_by("-match__number", "-number")
        .values_list("pk", "version")
        .first()
    )
