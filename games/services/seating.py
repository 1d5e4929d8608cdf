"""Creating tables and sitting down: join, leave, swap, fill with bots, start.

Every function checks who acts and locks the table row, so two players racing for one seat
cannot both get it. Every input is checked here, where it enters the core (a seat number
outside the table, an unknown bot level), so a bad request is a ``TableError`` with a reason,
never a crash. Nobody is moved out of a seat without saying yes: a swap with another person is
a request that the other side accepts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games import bots, engine

from ..models import Direction, Seat, Table
from . import notify
from .errors import TableError
from .play import validate_options

#: Friendly names for the bots the site creates, by level (Jamaican kitchen staples).
BOT_NAMES = {
    "random": ["Ackee", "Bulla", "Toto", "Gizzada"],
    "casual": ["Callaloo", "Dumpling", "Bammy", "Plantain"],
    "expert": ["Festival", "Escovitch", "Breadfruit", "Rundown"],
}


def check_level(level: object) -> str:
    """A bot level from outside (a form, a request): one of ``bots.LEVELS`` or a TableError."""
    if not isinstance(level, str) or level not in bots.LEVELS:
        raise TableError(_("There is no such bot level."))
    return level


def create_table(
    host: User | None,
    style: str,
    seat_count: int,
    options: dict | None = None,
    *,
    direction: str = "ccw",
    turn_clock: int = 30,
    result_pause: int = 20,
    is_private: bool = False,
    rated: bool = True,
    bots: Sequence[str | None] = (),
    host_sits: bool = True,
    players: Sequence[User | None] = (),
    bots_avoid: Iterable[int] = (),
) -> Table:
    """Create a table. ``bots[i]`` is a bot level for seat i (None leaves it open);
    ``players[i]`` seats that person in seat i (an event seats its entrants so); ``rated``
    says whether its finished games change ratings (the ratings app reads it). The bots are
    none of the users in ``bots_avoid`` (an event's entrants: a bot filling an empty seat must
    not bear the name of a bot entered in the event)."""
    rules = engine.STYLES.get(style)
    if rules is None:
        raise TableError(_("Unknown style."))
    if seat_count not in rules.seat_counts:
        counts = ", ".join(map(str, rules.seat_counts))
        raise TableError(_("This style is played with %(n)s seats.") % {"n": counts})
    if direction not in Direction.values:
        raise TableError(_("Play goes clockwise or counterclockwise."))
    levels = [check_level(level) if level else None for level in bots]
    options = validate_options(style, seat_count, options or {})
    with transaction.atomic():
        if host is not None and not host.is_bot:
            _check_table_limit(host)
        table = Table.objects.create(
            style=style, seat_count=seat_count, options=options, direction=direction,
            turn_clock=turn_clock, result_pause=result_pause, is_private=is_private, rated=rated,
            host=host,
        )  # fmt: skip
        Seat.objects.bulk_create(Seat(table=table, index=i) for i in range(seat_count))
        if host is not None and host_sits:
            _sit(table, host, 0)
        for index, person in enumerate(players):
            if person is not None:
                _sit(table, person, index)
        avoid = set(bots_avoid)
        for index, level in enumerate(levels):
            if level and index < seat_count and not (host_sits and host and index == 0):
                _sit(table, pick_bot(table, level, exclude=avoid), index)
    notify.lobby_changed()
    return table


def _check_table_limit(host: User) -> None:
    """One person may keep only so many tables open or playing at once."""
    limit = settings.TABLES_PER_USER
    live = Table.objects.filter(host=host, state__in=[Table.State.OPEN, Table.State.PLAYING])
    if live.count() >= limit:
        raise TableError(
            _("You already have %(n)s tables waiting or playing; finish or leave one first.")
            % {"n": limit}
        )


def pick_bot(table: Table | None, level: str, exclude: Iterable[int] = ()) -> User:
    """A bot of that level not yet at this table nor in ``exclude`` (user ids); one is created
    the first time it is needed.

    Bots are shared users, made only when every bot of the level is taken where it is asked
    for, so their number is bounded by what is really played at once, not by requests.
    """
    level = check_level(level)
    taken_ids = set(exclude)
    if table is not None:
        taken_ids.update(table.seats.exclude(player=None).values_list("player_id", flat=True))
    bots = User.objects.filter(is_bot=True, bot_level=level)
    bot = bots.exclude(pk__in=taken_ids).order_by("pk").first()
    if bot is not None:
        return bot
    made = bots.count()
    names = BOT_NAMES[level]
    name = names[made % len(names)] + ("" if made < len(names) else f" {made // len(names)}")
    username = f"bot-{level}-{made + 1}"
    while User.objects.filter(username=username).exists():
        made += 1
        username = f"bot-{level}-{made + 1}"
    bot = User(username=username, display_name=name, is_bot=True, bot_level=level)
    bot.set_unusable_password()
    bot.save()
    return bot


def _locked(table_id: int) -> Table:
    return Table.objects.select_for_update().get(pk=table_id)


def _seat(table: Table, index: object) -> Seat:
    """The seat numbered ``index`` (from 0), or a TableError for any other value."""
    if isinstance(index, bool) or not isinstance(index, int):
        raise TableError(_("There is no such seat at this table."))
    seat = table.seats.filter(index=index).select_related("player").first()
    if seat is None:
        raise TableError(_("There is no such seat at this table."))
    return seat


def _sit(table: Table, user: User, index: int) -> Seat:
    seat = _seat(table, index)
    if seat.player_id is not None:
        raise TableError(_("That seat is taken."))
    seat.player = user
    seat.swap_with = None
    try:
        with transaction.atomic():
            seat.save(update_fields=["player", "swap_with"])
    except IntegrityError:
        raise TableError(_("You already have a seat at this table.")) from None
    return seat


def _require_open(table: Table) -> None:
    if table.state != Table.State.OPEN:
        raise TableError(_("The game has started: seats can no longer change."))


def _require_seated_or_host(table: Table, actor: User, message: str) -> None:
    if actor != table.host and not table.seats.filter(player=actor).exists():
        raise TableError(message)


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
        mine = table.seats.filter(player=user).first()
        if mine is None:
            raise TableError(_("You are not seated at this table."))
        table.seats.filter(swap_with=mine.index).update(swap_with=None)
        mine.player, mine.swap_with = None, None
        mine.save(update_fields=["player", "swap_with"])
    notify.table_changed(table)


def swap(table: Table, user: User, index: int) -> str:
    """Move to another seat. An empty seat or a bot's is taken at once (the bot moves to yours);
    another person's seat only when they agree: the first call asks, and their call to swap
    with you (or yours, if they asked first) completes it. Returns "moved", "asked" or
    "swapped"."""
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        mine = table.seats.filter(player=user).first()
        if mine is None:
            raise TableError(_("You are not seated at this table."))
        other = _seat(table, index)
        if other.pk == mine.pk:
            raise TableError(_("You are already in that seat."))
        other_player = other.player
        if other_player is not None and not other_player.is_bot and other.swap_with != mine.index:
            mine.swap_with = other.index
            mine.save(update_fields=["swap_with"])
            done = "asked"
        else:
            _exchange(table, mine, other, user, other_player)
            done = "moved" if other_player is None else "swapped"
    notify.table_changed(table)
    return done


def _exchange(table: Table, mine: Seat, other: Seat, user: User, other_player) -> None:
    """Trade the two seats' occupants; any swap requests touching either seat lapse."""
    table.seats.filter(swap_with__in=[mine.index, other.index]).update(swap_with=None)
    mine.player, other.player, mine.swap_with, other.swap_with = None, None, None, None
    mine.save(update_fields=["player", "swap_with"])
    other.save(update_fields=["player", "swap_with"])
    other.player, mine.player = user, other_player
    other.save(update_fields=["player"])
    mine.save(update_fields=["player"])


def decline_swap(table: Table, user: User, index: int) -> None:
    """Say no to the swap the player in seat ``index`` asked for (or withdraw one's own)."""
    with transaction.atomic():
        table = _locked(table.pk)
        mine = table.seats.filter(player=user).first()
        if mine is None:
            raise TableError(_("You are not seated at this table."))
        other = _seat(table, index)
        if other.swap_with == mine.index:
            other.swap_with = None
            other.save(update_fields=["swap_with"])
        elif mine.swap_with == other.index:
            mine.swap_with = None
            mine.save(update_fields=["swap_with"])
        else:
            raise TableError(_("There is no swap to decline."))
    notify.table_changed(table)


def add_bot(table: Table, actor: User, index: int, level: str) -> Seat:
    level = check_level(level)
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        _require_seated_or_host(table, actor, _("Only players at the table can invite bots."))
        seat = _sit(table, pick_bot(table, level), index)
    notify.table_changed(table)
    return seat


def remove_bot(table: Table, actor: User, index: int) -> None:
    with transaction.atomic():
        table = _locked(table.pk)
        _require_open(table)
        _require_seated_or_host(table, actor, _("Only players at the table can remove bots."))
        seat = _seat(table, index)
        if seat.player is None or not seat.player.is_bot:
            raise TableError(_("There is no bot in that seat."))
        seat.player = None
        seat.save(update_fields=["player"])
    notify.table_changed(table)


def ensure_bots() -> list[User]:
    """One bot of every level, so a fresh site's lobby can fill a table at once."""
    made = []
    for level in bots.LEVELS:
        bot = User.objects.filter(is_bot=True, bot_level=level).order_by("pk").first()
        made.append(bot or pick_bot(None, level))
    return made
