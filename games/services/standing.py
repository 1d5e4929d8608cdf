"""What an event reads of a table it seated: how its set stands right now, and which seats'
players never came to it.

Two reads for the tournaments schedule (issue 15), kept here so that it never reads the games
tables' rows itself: the adjudication of a table at a round's deadline, and the no-show check
once the event's grace period after a table's start has run out.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    now, never marked away (a socket that closed marks its seat away), no stand-in yet, and no
    move of their own at it."""
    moved = set(
        Move.objects.filter(game__match__table_id=table_id, reason=Move.Reason.PLAYER)
        .values_list("seat", flat=True)
        .distinct()
    )
    seats = Seat.objects.filter(
        table_id=table_id, player__isnull=False, player__is_bot=False, stand_in=False,
        away_since__isnull=True, presences__isnull=True,
    )  # fmt: skip
    return [(pk, player) for pk, player, index in seats.values_list("pk", "player_id", "index")
            if index not in moved]  # fmt: skip


def seats_of_people(table_id: int, people: list[int]) -> list[int]:
    """The seat ids of these people at the table (a withdrawn entry's players)."""
    return list(
        Seat.objects.filter(table_id=table_id, player_id__in=people).values_list("pk", flat=True)
    )
