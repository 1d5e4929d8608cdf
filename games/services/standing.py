"""What an event reads of a table it seated: how its set stands right now, which seats'
players never came to it, and who is at its tables.

Reads for the tournaments schedule and pages, kept here so that they never read the games
tables' rows themselves: the adjudication of a table at a round's deadline, the no-show check
once the event's grace period after a table's start has run out, and the run page's view of
who is at each table of the round being played.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count

from ..models import Game, Match, Move, Seat
from .play import load


@dataclass(frozen=True)
class SetStanding:
    """A set as it stands, per party (``parties`` lists the games seats of each)."""

    parties: list[list[int]]
    totals: list[int]
    low_totals_win: bool
    #: Pips left in hand over the set's finished games (fewer is better).
    finished_pips: list[int]
    #: Pips in hand in the game being played (zero for everyone between games).
    in_hand: list[int]
    between_games: bool


def set_standing(match_id: int) -> SetStanding | None:
    """The set's totals and counts now; None if no game has been dealt."""
    match = Match.objects.select_related("table").get(pk=match_id)
    games = list(match.games.order_by("number"))
    if not games:
        return None
    latest = games[-1]
    state = load(latest)
    parties = [list(p) for p in state.parties]
    finished = [0] * len(parties)
    for game in games:
        if game.state == Game.State.OVER and game.result:
            for p, members in enumerate(parties):
                finished[p] += sum(game.result["counts"][s] for s in members)
    in_hand = [0] * len(parties)
    between = latest.state != Game.State.PLAYING
    if not between and state.game is not None:
        counts = state.rules.counts(state.game)
        in_hand = [sum(counts[s] for s in members) for members in parties]
    return SetStanding(
        parties=parties,
        totals=list(state.totals),
        low_totals_win=bool(state.rules.low_totals_win),
        finished_pips=finished,
        in_hand=in_hand,
        between_games=between,
    )


def seats_never_joined(table_id: int) -> list[tuple[int, int]]:
    """(seat id, player id) of the people seated here who never opened the table: no socket
    now, none ever (``Seat.arrived_at``), and no move of their own at it. A bot may already
    be standing in for them (one who was not on the site when the table started)."""
    moved = set(
        Move.objects.filter(game__match__table_id=table_id, reason=Move.Reason.PLAYER)
        .values_list("seat", flat=True)
        .distinct()
    )
    seats = Seat.objects.filter(
        table_id=table_id, player__isnull=False, player__is_bot=False,
        arrived_at__isnull=True, presences__isnull=True,
    )  # fmt: skip
    return [(pk, player) for pk, player, index in seats.values_list("pk", "player_id", "index")
            if index not in moved]  # fmt: skip


@dataclass(frozen=True)
class SeatPresence:
    """One seat of a table as the room sees it."""

    index: int
    player: int | None
    name: str
    bot: bool
    connected: bool  # a socket of this player is open at the table now
    came: datetime | None  # when the player first opened the table (None: never)
    away_since: datetime | None
    stand_in: bool


def presence_at(table_ids: list[int]) -> dict[int, list[SeatPresence]]:
    """Who is at each of these tables, seat by seat, in one query however many tables."""
    seats = (
        Seat.objects.filter(table_id__in=table_ids)
        .select_related("player")
        .annotate(sockets=Count("presences"))
        .order_by("table_id", "index")
    )
    found: dict[int, list[SeatPresence]] = {pk: [] for pk in table_ids}
    for seat in seats:
        player = seat.player
        found[seat.table_id].append(
            SeatPresence(
                index=seat.index, player=seat.player_id,
                name=player.name if player is not None else "",
                bot=player is not None and player.is_bot, connected=seat.sockets > 0,
                came=seat.arrived_at, away_since=seat.away_since, stand_in=seat.stand_in,
            )
        )  # fmt: skip
    return found


def seats_of_people(table_id: int, people: list[int]) -> list[int]:
    """The seat ids of these people at the table (a withdrawn entry's players)."""
    return list(
        Seat.objects.filter(table_id=table_id, player_id__in=people).values_list("pk", flat=True)
    )
