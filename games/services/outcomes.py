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
from games.engine.rules import make_rules

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
    """The winner first, then parties by the pips they were left holding (fewer is better).
    A game stopped by a resignation (``services/leaving.py``): the resigning party last, the
    others sharing the first place (the live update and the recompute both read it here)."""
    if result.get("resigned"):
        gave_up = set(result["resigned"])
        lost = [bool(gave_up & set(members)) for members in parties]
        return [len(parties) if out else 1 for out in lost]
    counts = [sum(result["counts"][s] for s in members) for members in parties]
    return ranks(counts, low_is_better=True, first=result["winner"])


def match_places(
    style: str, totals: list[int], winner: int | None, parties, last: list[int] | None = None
) -> list[int]:
    """A set's places by its totals, the winner first; ``last``, the parties that resigned it,
    come after everyone else."""
    low = engine.STYLES[style].low_totals_win
    places = ranks(list(totals), low_is_better=low, first=winner)
    if not last:
        return places
    kept = [i for i in range(len(places)) if i not in last]
    out = [1 + sum(places[j] < places[i] for j in kept) if i in kept else 0
           for i in range(len(places))]  # fmt: skip
    for i in last:
        out[i] = len(kept) + 1
    return out


def left_seats(players: list[dict], game_number: int) -> list[bool]:
    """Per seat, whether its player had left the set by game ``game_number`` (``leaving``):
    the game is then the stand-in's at that seat, whoever made its early moves."""
    return [bool(p.get("left")) and p["left"] <= game_number for p in players]


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
    parties = [list(p) for p in state.parties]
    _announce_game(game, match, parties)
    if state.over:
        announce_set(match, parties, list(state.totals), state.winner, state.result or "")


def announce_resigned(game: Game, match: Match, parties: list[list[int]]) -> None:
    """On commit, the game a resignation stopped, as finished: rated as a loss for the party
    that resigned (``game_places``), under the same stand-in rule as any game."""
    _announce_game(game, match, parties)


def game_outcome(game: Game, match: Match, parties: list[list[int]]) -> GameOutcome:
    """A finished game's outcome as ``game_finished`` announces it (one query: the moves the
    server made)."""
    players = [p.get("id") for p in match.players]
    result = game.result
    replaced = replaced_seats([game.pk], match.table.seat_count)
    left = left_seats(match.players, game.number)
    return GameOutcome(
        parties, players, game_places(result, parties), list(result["points"]),
        result["end"], result["winner"], [r or g for r, g in zip(replaced, left, strict=False)],
    )  # fmt: skip


def stored_outcome(game: Game) -> GameOutcome:
    """The outcome of a game finished earlier, rebuilt from its rows exactly as it was
    announced (the parties are the table's rules'): for a listener that let the game wait, as
    ratings do a sealed set's games until ``sets_unsealed``."""
    table = game.match.table
    rules = make_rules(table.style, table.seat_count, table.options)
    return game_outcome(game, game.match, [list(p) for p in rules.parties])


def _announce_game(game: Game, match: Match, parties: list[list[int]]) -> None:
    table = match.table
    outcome = game_outcome(game, match, parties)
    about = {"game_id": game.pk, "match_id": match.pk, "table_id": table.pk, "style": table.style}
    transaction.on_commit(
        lambda: _send(signals.game_finished, Game, result=outcome, **about), robust=True
    )


def announce_set(
    match: Match, parties: list[list[int]], totals: list[int], winner: int | None, result: str,
    last: list[int] | None = None,
) -> None:  # fmt: skip
    """On commit, tell listeners that this set is over (by its rules, closed early, or
    resigned: ``last`` are the parties that resigned, placed after everyone else). A seat its
    player left counts as replaced (``leaving``)."""
    table = match.table
    players = [p.get("id") for p in match.players]
    ids = list(match.games.values_list("pk", flat=True))
    replaced = replaced_seats(ids, table.seat_count)
    left = [bool(p.get("left")) for p in match.players]
    finished = MatchOutcome(
        parties, players, match_places(table.style, totals, winner, parties, last), totals,
        result, winner, [r or g for r, g in zip(replaced, left, strict=False)],
    )  # fmt: skip
    about = {"match_id": match.pk, "table_id": table.pk, "style": table.style}
    transaction.on_commit(
        lambda: _send(signals.match_finished, Match, result=finished, **about), robust=True
    )


def send(signal, sender: type, **kwargs) -> None:
    """Send ``signal`` robustly, logging a listener that failed (see ``signals``)."""
    _send(signal, sender, **kwargs)


def _send(signal, sender: type, **kwargs) -> None:
    for receiver, response in signal.send_robust(sender=sender, **kwargs):
        if isinstance(response, Exception):
            log.error("a %s listener failed: %r", receiver, response, exc_info=response)
