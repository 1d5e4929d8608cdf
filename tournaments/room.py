"""Who is in the room, for the director on the run page: for each table of the round being
played, each seat's person and whether they are at the table now, on the site though not at
the table (a page of it open: an organiser who plays and runs the event, say), or absent and
since when, and whether a bot plays for them.

Read through the games core (``standing.presence_at``: one query for every table of the
round, never one per table) and the attendance marks (``services.attendance``: one cache
read for everyone), so the block costs the same for two tables or two hundred.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from games.services import standing

from .models import Round, TableAssignment, table_label
from .services import attendance
from .services.state import Snapshot

#: Where a seat's person is, as the block marks it (a class and the words).
AT_TABLE, ON_SITE, ABSENT, BOT = "here", "site", "absent", "bot"


@dataclass
class RoomSeat:
    name: str
    where: str  # AT_TABLE, ON_SITE, ABSENT or BOT
    words: str
    stand_in: bool = False


@dataclass
class RoomTable:
    number: int
    label: str
    code: str | None
    finished: bool
    seats: list[RoomSeat] = field(default_factory=list)


@dataclass
class Room:
    round: int | None
    tables: list[RoomTable]


def _clock(moment: datetime | None) -> str:
    return time_format(timezone.localtime(moment), "H:i") if moment else ""


def _seat(seat: standing.SeatPresence, around: set[int], started: datetime | None) -> RoomSeat:
    if seat.bot:
        return RoomSeat(seat.name, BOT, _("bot"))
    if seat.connected:
        return RoomSeat(seat.name, AT_TABLE, _("at the table"))
    if seat.player in around:
        words = _("on the site, not at the table")
        return RoomSeat(seat.name, ON_SITE, words, seat.stand_in)
    if seat.came is None:
        words = _("has not come; absent since %(time)s") % {
            "time": _clock(seat.away_since or started)
        }
    else:
        words = _("left the table; absent since %(time)s") % {"time": _clock(seat.away_since)}
    return RoomSeat(seat.name, ABSENT, words, seat.stand_in)


def room_view(snap: Snapshot) -> Room | None:
    """The room during the event's round being played (no tables between rounds); None once
    the event is not running."""
    if snap.tournament.state != snap.tournament.State.RUNNING:
        return None
    row = snap.rounds[-1] if snap.rounds else None
    if row is None or row.state != Round.State.RUNNING:
        return Room(row.number if row else None, [])
    tables = [t for t in row.table_list if t.table_id]
    found = standing.presence_at([t.table_id for t in tables])
    people = {s.player for seats in found.values() for s in seats if s.player and not s.bot}
    around = attendance.who_is_here(people)
    room = Room(row.number, [])
    for table in tables:
        finished = table.state == TableAssignment.State.FINISHED
        view = RoomTable(table.number, table_label(table.label), table.table.code, finished)
        if not finished:
            view.seats = [_seat(s, around, table.started_at) for s in found[table.table_id]]
        room.tables.append(view)
    return room
