"""The live update: one finished game, heard from ``game_finished``, rated once.

What it costs a finished game (the budget is 5 ms; ``bench/ratings.py`` measures it): one read
of the game's row with its table and set, then one transaction that locks the players' ratings
and writes the ledger row, the history rows and the ratings in one statement each. A player's
first rated game in a style creates the rating row first, in a transaction of its own. The
arithmetic is openskill's, about 40 microseconds.

A game of a sealed set (an event's same deals, still being played at other tables) is not
rated when it ends: a rating page would show its result to the players of those tables. It
waits for ``sets_unsealed``, and ``rate_unsealed`` then rates the set's finished games in the
order they finished, from their stored rows (``outcomes.stored_outcome``, the outcome
``game_finished`` carried).

Idempotent per game: the ledger (``RatedGame``) holds one row per game under a unique
constraint, written under the ratings' locks before anything else changes, so a repeated or
concurrent signal for the same game is refused there and changes nothing. Two games that
share a player are rated one after the other (the ratings' row locks; SQLite's write lock),
and the ledger's ids record that order, which the recompute command replays.
"""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import Game
from games.services import outcomes
from games.services.leaving import RESIGNED
from games.services.outcomes import GameOutcome

from .. import skill
from ..models import RatedGame, Rating, RatingChange

#: The fields of ``Rating`` that a rated game changes.
RATING_FIELDS = ["mu", "sigma", "ordinal", "games", "wins", "last_played_at"]
#: ``record`` found a player without a rating row in the game's style.
MISSING = object()


def rate_game(game_id: int, style: str, outcome: GameOutcome) -> RatedGame | None:
    """Rate a finished game once; None when it is not rated (an unrated table, or a sealed
    set's game, which waits for ``rate_unsealed``) or was already taken in. A game the server
    played for someone is entered in the ledger as such and changes nobody's rating.

    The common case is one transaction; only a player's first rated game in a style goes
    round twice (``ensure_ratings`` in between)."""
    game = finished(game_id, style, outcome)
    if game is None:
        return None
    for first_try in (True, False):
        try:
            with transaction.atomic():
                found = record(game, create_missing=not first_try)
        except IntegrityError:
            if RatedGame.objects.filter(game_id=game_id).exists():
                return None  # the same game, taken in before or by a concurrent signal
            raise
        if found is not MISSING:
            return found
        ensure_ratings(game)
    return None


def finished(game_id: int, style: str, outcome: GameOutcome) -> skill.Finished | None:
    """The game as the ratings see it, or None if its table is unrated or its set still
    sealed: the outcome as announced, with the key card, the bots and the time from the stored
    rows (one query)."""
    row = (
        Game.objects.filter(pk=game_id)
        .values_list(
            "match_id", "finished_at", "result", "match__players", "match__table__rated",
            "match__sealed",
        )
        .first()
    )  # fmt: skip
    if row is None or not row[4] or row[5]:
        return None
    match_id, finished_at, result, players, _rated, _sealed = row
    return skill.Finished(
        game_id=game_id, match_id=match_id, style=style,
        played_at=finished_at or timezone.now(), parties=[list(p) for p in outcome.parties],
        players=list(outcome.players), bots=[bool(p.get("bot")) for p in players],
        places=list(outcome.places), winner=outcome.winner,
        key_card=bool(result.get("key_card")), replaced=list(outcome.replaced),
    )  # fmt: skip


def rateable() -> QuerySet[Game]:
    """The games the ratings take in: finished at a rated table, or stopped by a resignation
    (rated as a loss for the side that resigned: ``games.services.leaving``)."""
    resigned = Q(state=Game.State.ABANDONED, result__end=RESIGNED)
    return Game.objects.filter(Q(state=Game.State.OVER) | resigned, match__table__rated=True)


def rate_unsealed(match_ids: list[int]) -> list[RatedGame]:
    """Rate the games of these sets, unsealed now, that ended while they were sealed: in the
    order they finished, each as ``game_finished`` announced it. Games rated before (or by a
    concurrent call) are left alone, so a set unsealed twice is rated once."""
    games = (
        rateable()
        .filter(match_id__in=list(match_ids), match__sealed=False)
        .exclude(pk__in=RatedGame.objects.values("game_id"))
        .select_related("match__table")
        .order_by("finished_at", "pk")
    )
    rated = []
    for game in games:
        found = rate_game(game.pk, game.match.table.style, outcomes.stored_outcome(game))
        if found is not None:
            rated.append(found)
    return rated


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


def record(game: skill.Finished, create_missing: bool = True) -> RatedGame | object:
    """In a transaction: lock the players' ratings, enter the game in the ledger and apply it.

    The ledger's unique game refuses a game taken in before (``IntegrityError``, which rolls
    the transaction back). ``MISSING`` when a player has no rating row yet in this style and
    ``create_missing`` is off: the caller creates it outside (``ensure_ratings``) and retries.
    """
    if game.stand_in:
        return _ledger(game, RatedGame.Status.STAND_IN)
    ratings = _locked(game, create_missing)
    if ratings is None:
        return MISSING
    rated = _ledger(game, RatedGame.Status.RATED)
    changes = skill.rate(game, lambda p: skill.Skill(ratings[p].mu, ratings[p].sigma))
    RatingChange.objects.bulk_create(history_rows(rated.pk, game, changes))
    for change in changes:
        apply(ratings[change.player_id], change, game.played_at)
    save(list(ratings.values()))
    return rated


def save(ratings: list[Rating]) -> None:
    """Write the changed fields of ``ratings`` in one ``executemany``: the same rows as
    ``bulk_update``, whose CASE expressions cost a finished game several milliseconds of
    Python for four rows."""
    ops = connection.ops
    columns = ", ".join(f"{ops.quote_name(name)} = %s" for name in RATING_FIELDS)
    sql = f"UPDATE {ops.quote_name(Rating._meta.db_table)} SET {columns} WHERE id = %s"
    rows = [
        (r.mu, r.sigma, r.ordinal, r.games, r.wins,
         ops.adapt_datetimefield_value(r.last_played_at), r.pk)
        for r in ratings
    ]  # fmt: skip
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _locked(game: skill.Finished, create_missing: bool) -> dict[int, Rating] | None:
    """The players' ratings in this style, locked in id order (the same order for every
    game, so two games sharing players wait for each other instead of deadlocking)."""
    ids = [p for p in game.players if p is not None]
    rows = Rating.objects.select_for_update().filter(style=game.style, player_id__in=ids)
    found = {r.player_id: r for r in rows.order_by("pk")}
    missing = [p for p in ids if p not in found]
    if missing and not create_missing:
        return None
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
