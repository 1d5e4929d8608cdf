"""The live update: one finished game, heard from ``game_finished``, rated once.

What it costs a finished game (the budget is 5 ms): one read of the game's row with its table
and set, one read of the players' ratings (and one insert the first time a player is rated in
a style), then one transaction that locks those ratings, checks the ledger, and writes the
ledger row, the history rows and the ratings in one statement each. The arithmetic is
openskill's, about 40 microseconds.

Idempotent per game: the ledger (``RatedGame``) holds one row per game, checked under the
ratings' locks and backed by a unique constraint, so a repeated or concurrent signal for the
same game changes nothing. Two games that share a player are rated one after the other (the
ratings' row locks; SQLite's write lock), and the ledger's ids record that order, which the
recompute command replays.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Game
from games.services.outcomes import GameOutcome

from .. import skill
from ..models import RatedGame, Rating, RatingChange

#: The fields of ``Rating`` that a rated game changes.
RATING_FIELDS = ["mu", "sigma", "ordinal", "games", "wins", "last_played_at"]


def rate_game(game_id: int, style: str, outcome: GameOutcome) -> RatedGame | None:
    """Rate a finished game once; None when it is not rated (an unrated table) or was already
    taken in. A game the server played for someone is entered in the ledger as such and
    changes nobody's rating."""
    game = finished(game_id, style, outcome)
    if game is None:
        return None
    ensure_ratings(game)
    try:
        with transaction.atomic():
            return record(game)
    except IntegrityError:
        if RatedGame.objects.filter(game_id=game_id).exists():
            return None  # the same game, recorded by a concurrent signal
        raise


def finished(game_id: int, style: str, outcome: GameOutcome) -> skill.Finished | None:
    """The game as the ratings see it, or None if its table is unrated: the outcome as
    announced, with the key card, the bots and the time from the stored rows (one query)."""
    row = (
        Game.objects.filter(pk=game_id)
        .values_list("match_id", "finished_at", "result", "match__players", "match__table__rated")
        .first()
    )
    if row is None or not row[4]:
        return None
    match_id, finished_at, result, players, _rated = row
    return skill.Finished(
        game_id=game_id, match_id=match_id, style=style,
        played_at=finished_at or timezone.now(), parties=[list(p) for p in outcome.parties],
        players=list(outcome.players), bots=[bool(p.get("bot")) for p in players],
        places=list(outcome.places), winner=outcome.winner,
        key_card=bool(result.get("key_card")), replaced=list(outcome.replaced),
    )  # fmt: skip


def ensure_ratings(game: skill.Finished) -> None:
    """Create the rating rows a first rated game needs, before the transaction that locks
    them: inserted in a transaction of their own, so two games cannot each hold one player's
    lock while waiting on the other's new row."""
    if game.stand_in:
        return
    seats = {p: s for s, p in enumerate(game.players) if p is not None}
    have = set(
        Rating.objects.filter(style=game.style, player_id__in=seats).values_list(
            "player_id", flat=True
        )
    )
    missing = [
        Rating(player_id=p, style=game.style, is_bot=game.bots[s])
        for p, s in seats.items()
        if p not in have
    ]
    if missing:
        Rating.objects.bulk_create(missing, ignore_conflicts=True)


def record(game: skill.Finished) -> RatedGame | None:
    """In a transaction: lock the players' ratings, enter the game in the ledger and apply it."""
    if game.stand_in:
        if RatedGame.objects.filter(game_id=game.game_id).exists():
            return None
        return _ledger(game, RatedGame.Status.STAND_IN)
    ratings = _locked(game)
    if RatedGame.objects.filter(game_id=game.game_id).exists():
        return None
    rated = _ledger(game, RatedGame.Status.RATED)
    changes = skill.rate(game, lambda p: skill.Skill(ratings[p].mu, ratings[p].sigma))
    RatingChange.objects.bulk_create(history_rows(rated.pk, game, changes))
    for change in changes:
        apply(ratings[change.player_id], change, game.played_at)
    Rating.objects.bulk_update(list(ratings.values()), RATING_FIELDS)
    return rated


def _locked(game: skill.Finished) -> dict[int, Rating]:
    """The players' ratings in this style, locked in id order (the same order for every
    game, so two games sharing players wait for each other instead of deadlocking)."""
    ids = [p for p in game.players if p is not None]
    rows = Rating.objects.select_for_update().filter(style=game.style, player_id__in=ids)
    found = {r.player_id: r for r in rows.order_by("pk")}
    missing = [p for p in ids if p not in found]
    if missing:  # deleted by a recompute since ``ensure_ratings``
        bots = {p: game.bots[s] for s, p in enumerate(game.players)}
        made = [Rating(player_id=p, style=game.style, is_bot=bots[p]) for p in missing]
        for row in Rating.objects.bulk_create(made):
            found[row.player_id] = row
    return found


def _ledger(game: skill.Finished, status: str) -> RatedGame:
    return RatedGame.objects.create(
        game_id=game.game_id, match_id=game.match_id, style=game.style,
        played_at=game.played_at, status=status,
    )  # fmt: skip


def history_rows(
    rated_game_id: int, game: skill.Finished, changes: list[skill.Change]
) -> list[RatingChange]:
    return [change_row(rated_game_id, game, c) for c in changes]


def change_row(rated_game_id: int, game: skill.Finished, c: skill.Change) -> RatingChange:
    """The history row of one player's change (the live update and the recompute alike)."""
    return RatingChange(
        rated_game_id=rated_game_id, player_id=c.player_id, style=game.style,
        played_at=game.played_at, seat=c.seat, party=c.party, place=c.place,
        mu_before=c.before.mu, sigma_before=c.before.sigma, mu=c.after.mu, sigma=c.after.sigma,
        ordinal=c.after.ordinal, key_card=c.key_card,
    )  # fmt: skip


def apply(rating: Rating, change: skill.Change, played_at) -> None:
    rating.mu, rating.sigma, rating.ordinal = (
        change.after.mu,
        change.after.sigma,
        change.after.ordinal,
    )
    rating.games += 1
    rating.wins += change.place == 1
    rating.last_played_at = played_at
