"""Creating tables and sitting down: join, leave, swap, fill with bots, start.

Every function checks who acts and locks the table row, so two players racing for one seat
cannot both get it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User

from ..models import Seat, Table
from ..styles import STYLES
from . import notify
from .errors import TableError


def create_table(
    host: User | None,
    style: str,
    seat_count: int,
    options: dict | None = None,
    *,
    direction: str = "ccw",
    turn_clock: int = 30,
    is_private: bool = False,
    bots: Sequence[str | None] = (),
    host_sits: bool = True,
) -> Table:
    """Create a table. ``bots[i]`` is a bot level for seat i (None leaves it open)."""
    info = STYLES.get(style)
    if info is None:
        raise TableError(_("Unknown style."))
    if seat_count not in info.seat_counts:
        raise TableError(_("This style is played with %(n)s seats.") % {"n": info.seat_counts})
    from .play import validate_options

    options = validate_options(style, seat_count, options or {})
    with transaction.atomic():
        table = Table.objects.create(
            style=style, seat_count=seat_count, options=options, direction=direction,
            turn_clock=turn_clock, is_private=is_private, host=host,
        )  # fmt: skip
        Seat.objects.bulk_create(Seat(table=table, index=i) for i in range(seat_count))
        if host is not None and host_sits:
            _sit(table, host, 0)
        for index, level in enumerate(bots):
            if level and index < seat_count and not (host_sits and host and index == 0):
                _sit(table, pick_bot(table, level), index)
    notify.lobby_changed()
    return table


def pick_bot(table: Table, level: str) -> User:
    """A bot of that level not yet at this table."""
    seated = table.seats.exclude(player=None).values_list("player_id", flat=True)
    bot = User.objects.filter(is_bot=True, bot_level=level).exclude(pk__in=seated).first()
    if bot is None:
        taken = User.objects.filter(username__startswith=f"bot-{level}-").count()
        bot = User(
            username=f"bot-{level}-{taken + 1}",
            display_name=_("%(level)s bot %(n)s") % {"level": level.title(), "n": taken + 1},
            is_bot=True,
            bot_level=level,
        )
        bot.set_unusable_password()
        bot.save()
    return bot


def _locked(table_id: int) -> Table:
    return Table.objects.select_for_update().get(pk=table_id)


def _sit(table: Table, user: User, index: int) -> Seat:
    seat = table.seats.get(index=index)
    if seat.player_id is not None:
        raise TableError(_("That seat is taken."))
    seat.player = user
    try:
        with transaction.atomic():
            seat.save(update_fields=["player"])
    except IntegrityError:
        raise TableError(_("You already have a seat at this table.")) from None
    return seat


def _require_open(table: Table) -> None:
    if table.state != Table.State.OPEN:
        raise TableError(_("The game has started: seats can no longer change."))


def join(table: Table, user: User, index: int | None = None) -> Seat:
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        if table.seats.filter(player=user).exists():
            raise TableError(_("You already have a seat at this table."))
        if index is None:
            free = table.seats.filter(player=None).first()
            if free is None:
                raise TableError(_("The table is full."))
            index = free.index
        seat = _sit(table, user, index)
    notify.table_changed(table)
    return seat


def leave(table: Table, user: User) -> None:
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        updated = table.seats.filter(player=user).update(player=None)
        if not updated:
            raise TableError(_("You are not seated at this table."))
    notify.table_changed(table)


def swap(table: Table, user: User, index: int) -> None:
    """Move to another seat; if it is taken, the two players change places."""
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        mine = table.seats.filter(player=user).first()
        if mine is None:
            raise TableError(_("You are not seated at this table."))
        other = table.seats.get(index=index)
        if other.pk == mine.pk:
            return
        other_player = other.player
        mine.player, other.player = None, None
        mine.save(update_fields=["player"])
        other.save(update_fields=["player"])
        other.player, mine.player = user, other_player
        other.save(update_fields=["player"])
        mine.save(update_fields=["player"])
    notify.table_changed(table)


def add_bot(table: Table, actor: User, index: int, level: str) -> Seat:
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        if actor != table.host and not table.seats.filter(player=actor).exists():
            raise TableError(_("Only players at the table can invite bots."))
        seat = _sit(table, pick_bot(table, level), index)
    notify.table_changed(table)
    return seat


def remove_bot(table: Table, actor: User, index: int) -> None:
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        if actor != table.host and not table.seats.filter(player=actor).exists():
            raise TableError(_("Only players at the table can remove bots."))
        seat = table.seats.select_related("player").get(index=index)
        if seat.player is None or not seat.player.is_bot:
            raise TableError(_("There is no bot in that seat."))
        seat.player = None
        seat.save(update_fields=["player"])
    notify.table_changed(table)
