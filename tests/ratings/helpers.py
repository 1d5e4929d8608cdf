"""Finished games for the ratings tests: written as rows (with exactly the places, players and
stand-ins a test needs) and announced as the games core announces them."""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import count

from django.utils import timezone

from games.models import Game, Match, Move, Seat, Table
from games.services import outcomes
from ratings import skill
from ratings.services import live

_numbers = count(1)


def table_of(
    people: list, style: str = "cutthroat", options: dict | None = None, rated: bool = True,
    private: bool = False,
) -> Match:  # fmt: skip
    """A set at a table of its own with ``people`` (users) in seat order."""
    table = Table.objects.create(
        style=style, seat_count=len(people), options=options or {}, rated=rated,
        is_private=private, state=Table.State.PLAYING,
    )  # fmt: skip
    Seat.objects.bulk_create(Seat(table=table, index=i, player=p) for i, p in enumerate(people))
    return Match.objects.create(
        table=table, seed=1,
        players=[{"id": p.pk, "name": p.name, "bot": p.is_bot} for p in people],
    )  # fmt: skip


def finish(
    match: Match, counts: list[int], winner: int | None, *, key: bool = False,
    at: datetime | None = None, stand_in: tuple[int, ...] = (), clock: tuple[int, ...] = (),
) -> Game:  # fmt: skip
    """A finished game of ``match``: pips left per seat, the winning party; ``stand_in`` seats
    had three of their four choices made by a bot standing in, ``clock`` seats one of four by
    the clock."""
    number = match.games.count() + 1
    points = [0] * len(parties(match))
    if winner is not None:
        points[winner] = 2 if key else 1
    result = {"end": "domino", "winner": winner, "key_card": key, "stake": 1,
              "counts": counts, "points": points}  # fmt: skip
    game = Game.objects.create(
        match=match, number=number, snapshot={}, state=Game.State.OVER, result=result,
        finished_at=at or timezone.now() + timedelta(seconds=next(_numbers)),
    )  # fmt: skip
    moves, seq = [], count(1)
    for seat in range(match.table.seat_count):
        server = 3 if seat in stand_in else 1 if seat in clock else 0
        reason = Move.Reason.STAND_IN if seat in stand_in else Move.Reason.CLOCK
        for i in range(4):
            moves.append(Move(game=game, seq=next(seq), seat=seat, kind="pass",
                              reason=reason if i < server else ""))  # fmt: skip
    Move.objects.bulk_create(moves)
    return game


def parties(match: Match) -> list[list[int]]:
    table = match.table
    return skill.parties_of(table.style, table.seat_count, table.options)


def outcome_of(game: Game) -> outcomes.GameOutcome:
    """The outcome exactly as ``outcomes.announce`` builds it."""
    match = game.match
    found = parties(match)
    return outcomes.GameOutcome(
        found, [p.get("id") for p in match.players], outcomes.game_places(game.result, found),
        list(game.result["points"]), game.result["end"], game.result["winner"],
        outcomes.replaced_seats([game.pk], match.table.seat_count),
    )  # fmt: skip


def announce(game: Game):
    """What the listener of ``game_finished`` does for this game."""
    return live.rate_game(game.pk, game.match.table.style, outcome_of(game))
