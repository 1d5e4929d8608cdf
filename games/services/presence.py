"""Who is at the table: sockets coming and going, grace periods and bot stand-ins.

Each open socket of a seated player is a ``Presence`` row that the socket refreshes while it
lives (``all_still_here``: one UPDATE for every socket of a process) and deletes when it
closes (``left``). A seat with no fresh row is away; after a grace period a bot plays for it
until the player returns. A socket whose process died (killed, crashed, a lost network) cannot
delete its row, so the sweep expires rows that stopped being refreshed (``expire``): no lost
process can pin a seat as present for ever.

Each change of a seat's state (away, a bot standing in, back again) is announced to the table
like a move, so every screen shows it at once rather than at the next move.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ..models import Game, Match, Presence, Seat, Table
from . import jobs, notify, reads


def arrived(table_id: int, user, channel: str) -> int | None:
    """A socket opened; returns the viewer's seat index (None for a watcher)."""
    if user is None or not user.is_authenticated:
        return None
    seat = Seat.objects.filter(table_id=table_id, player=user).select_related("table").first()
    if seat is None:
        return None
    now = timezone.now()
    with transaction.atomic():
        Presence.objects.update_or_create(channel=channel, defaults={"seat": seat, "seen_at": now})
        if seat.arrived_at is None:  # the first time: this player came to the table
            Seat.objects.filter(pk=seat.pk, arrived_at__isnull=True).update(arrived_at=now)
        if (seat.away_since is not None or seat.stand_in) and not _left(seat):
            Seat.objects.filter(pk=seat.pk).update(away_since=None, stand_in=False)
            notify.table_changed(seat.table, lobby=False)
    return seat.index


def _left(seat: Seat) -> bool:
    """Whether the seat's player left the set being played (``leaving``): coming back to
    watch does not end that stand-in. One query, only for a seat away or stood in for."""
    match = seat.table.matches.order_by("-number").only("players", "state").first()
    if match is None or match.state != Match.State.PLAYING:
        return False
    players = match.players or []
    return seat.index < len(players) and bool(players[seat.index].get("left"))


def all_still_here(sockets: dict[str, tuple[int, object]], is_open=lambda channel: True) -> None:
    """The heartbeat of every live socket of a process at once (channel -> (table id, user)):
    one UPDATE for all of them, not one per socket; those the sweep expired meanwhile
    re-register, unless ``is_open`` says the socket has closed
    since (its row is gone because it left, not because it went stale)."""
    channels = list(sockets)
    if Presence.objects.filter(channel__in=channels).update(seen_at=timezone.now()) == len(
        channels
    ):
        return
    alive = set(Presence.objects.filter(channel__in=channels).values_list("channel", flat=True))
    for channel in channels:
        if channel not in alive and is_open(channel):
            table_id, user = sockets[channel]
            arrived(table_id, user, channel)


def left(channel: str) -> None:
    """A socket closed: if it was the seat's last one, the seat is away from now."""
    with transaction.atomic():
        row = Presence.objects.select_related("seat").filter(channel=channel).first()
        if row is None:
            return
        row.delete()
        _away_if_gone(row.seat_id, timezone.now())


def expire(now: datetime | None = None) -> int:
    """Drop presences not refreshed for ``PRESENCE_TTL_SECONDS``; their seats may be away now.
    Returns how many were dropped."""
    now = now or timezone.now()
    stale = Presence.objects.filter(seen_at__lt=now - timedelta(seconds=settings.PRESENCE_TTL))
    seats = set(stale.values_list("seat_id", flat=True))
    dropped = 0
    for seat_id in seats:
        with transaction.atomic():
            dropped += Presence.objects.filter(
                seat_id=seat_id, seen_at__lt=now - timedelta(seconds=settings.PRESENCE_TTL)
            ).delete()[0]
            _away_if_gone(seat_id, now)
    return dropped


def _away_if_gone(seat_id: int, now: datetime) -> None:
    seat = Seat.objects.select_for_update().get(pk=seat_id)
    if seat.presences.exists() or seat.away_since is not None:
        return
    seat.away_since = now
    seat.save(update_fields=["away_since"])
    notify.table_changed(Table.objects.get(pk=seat.table_id), lobby=False)
    grace = settings.AWAY_GRACE_SECONDS
    jobs.later(jobs.AWAY_CHECK, seat.pk, seat.away_since.isoformat(), countdown=grace)


def stand_in_now(seat_id: int) -> bool:
    """A bot plays for this seat from now on, at a bot's speed and without the grace period:
    for a player who is not there when a table someone else seated them at starts, or who never
    came by the end of an event's no-show grace, or who left the event. The seat is away (from
    now, unless it was already) until its player connects, which ends the stand-in as usual.
    False if nothing changed (a bot's own seat, a stand-in already, a table not being played)."""
    with transaction.atomic():
        seat = (
            Seat.objects.select_for_update(of=("self",))
            .select_related("table", "player")
            .get(pk=seat_id)
        )
        if seat.stand_in or seat.player is None or seat.player.is_bot:
            return False
        if seat.table.state != Table.State.PLAYING:
            return False
        seat.away_since = seat.away_since or timezone.now()
        seat.stand_in = True
        seat.save(update_fields=["away_since", "stand_in"])
        notify.table_changed(seat.table, lobby=False)
        game = reads.latest_game(seat.table_id)
        if game and game.state == Game.State.PLAYING and game.turn == seat.index:
            jobs.later(jobs.STAND_IN, game.pk, game.version)
    return True


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
        notify.table_changed(seat.table, lobby=False)
        game = reads.latest_game(seat.table_id)
        if game and game.state == Game.State.PLAYING and game.turn == seat.index:
            jobs.later(jobs.STAND_IN, game.pk, game.version)
    return True
