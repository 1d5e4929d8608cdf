"""The results that the core announces: places, points, and who really played each seat.

Kept apart from the move service so that the rule for places is written once and tested
alone. Places go per party (a seat, or a team): 1 is best and tied parties share a place.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass

from django.db import transaction
from django.db.models import Count, Q

from games import engine

from .. import signals
from ..models import Game, Match, Move

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameOutcome:
    parties: list[list[int]]
    players: list[int | None]
    places: list[int]
    points: list[int]
    end: str
    winner: int | None
    replaced: list[bool]

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class MatchOutcome:
    parties: list[list[int]]
    players: list[int | None]
    places: list[int]
    totals: list[int]
    result: str
    winner: int | None
    replaced: list[bool]

    def to_dict(self) -> dict:
        return asdict(self)


def ranks(values: list[int], low_is_better: bool, first: int | None = None) -> list[int]:
    """Competition ranking ("1, 2, 2, 4") of ``values``; ``first`` (a winner) ranks 1 alone."""
    key = [(0 if i == first else 1, v if low_is_better else -v) for i, v in enumerate(values)]
    return [1 + sum(other < mine for other in key) for mine in key]


def game_places(result: dict, parties: list[list[int]]) -> list[int]:
    """The winner first, then parties by the pips they were left holding (fewer is better)."""
    counts = [sum(result["counts"][s] for s in members) for members in parties]
    return ranks(counts, low_is_better=True, first=result["winner"])


def match_places(style: str, totals: list[int], winner: int | None, parties) -> list[int]:
    low = engine.STYLES[style].low_totals_win
    return ranks(list(totals), low_is_better=low, first=winner)


def replaced_seats(game_ids: list[int], seats: int) -> list[bool]:
    """Per seat: did the server (a stand-in or the clock) make most of its own choices?

    Forced moves are left out (nobody chooses them); a bot's own seat is never "replaced".
    """
    rows = (
        Move.objects.filter(game_id__in=game_ids)
        .exclude(reason__in=[Move.Reason.FORCED, Move.Reason.BOT])
        .values("seat")
        .annotate(
            total=Count("pk"),
            server=Count("pk", filter=Q(reason__in=[Move.Reason.STAND_IN, Move.Reason.CLOCK])),
        )
    )
    replaced = [False] * seats
    for row in rows:
        replaced[row["seat"]] = row["server"] * 2 > row["total"]
    return replaced


def announce(game: Game, match: Match, state: engine.MatchState) -> None:
    """On commit, tell listeners that this game (and maybe its match) is finished."""
    table = match.table
    style, parties = table.style, [list(p) for p in state.parties]
    players = [p.get("id") for p in match.players]
    result = game.result
    outcome = GameOutcome(
        parties, players, game_places(result, parties), list(result["points"]),
        result["end"], result["winner"], replaced_seats([game.pk], table.seat_count),
    )  # fmt: skip
    about = {"game_id": game.pk, "match_id": match.pk, "table_id": table.pk, "style": style}
    transaction.on_commit(
        lambda: _send(signals.game_finished, Game, result=outcome, **about), robust=True
    )
    if state.over:
        announce_set(match, parties, list(state.totals), state.winner, state.result or "")


def announce_set(
    match: Match, parties: list[list[int]], totals: list[int], winner: int | None, result: str
) -> None:
    """On commit, tell listeners that this set is over (by its rules, or closed early)."""
    table = match.table
    players = [p.get("id") for p in match.players]
    ids = list(match.games.values_list("pk", flat=True))
    finished = MatchOutcome(
        parties, players, match_places(table.style, totals, winner, parties), totals,
        result, winner, replaced_seats(ids, table.seat_count),
    )  # fmt: skip
    about = {"match_id": match.pk, "table_id": table.pk, "style": table.style}
    transaction.on_commit(
        lambda: _send(signals.match_finished, Match, result=finished, **about), robust=True
    )


def _send(signal, sender: type, **kwargs) -> None:
    for receiver, response in signal.send_robust(sender=sender, **kwargs):
        if isinstance(response, Exception):
            log.error("a %s listener failed: %r", receiver, response, exc_info=response)
