"""Every rating again, from the stored results, in the order they were rated live.

The stored results are the games core's rows: each finished game at a rated table, its result,
the players of its set, and its moves (who played each seat's choices). From them a game is
rebuilt exactly as the games core announced it (the engine's parties, ``outcomes.game_places``,
the stand-in rule of ``outcomes.replaced_seats``) and rated by the same ``skill.rate`` as the
live update.

The order is the ledger's: games the live update took in are replayed in the order it took
them (``RatedGame`` ids), so the figures are exactly the live ones; games it never saw (played
before ratings existed, or whose update failed) follow, by the time they finished. Games whose
table is no longer rated drop out, and a sealed set's games wait for its unsealing as they do
live (``live.rate_unsealed``).

Two phases. First everything is read and rated in memory, streaming, with no lock. Then one
transaction locks the ratings (PostgreSQL: the three tables; SQLite: its write lock), rates the
games that finished meanwhile, deletes every rating, ledger and history row and writes the new
ones. Live updates wait for that transaction (a few seconds per 100,000 games), then go on from
the new figures.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache

from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.utils import timezone

from games.models import Move
from games.services.outcomes import game_places, left_seats

from .. import skill
from ..models import RatedGame, Rating, RatingChange
from . import live

BATCH = 5000
#: Games that finished this long before a recompute began are looked for again when it writes
#: (a transaction may commit a game some time after stamping its finish).
CATCH_UP = timedelta(minutes=10)
SERVER = [Move.Reason.STAND_IN, Move.Reason.CLOCK]
NOT_CHOSEN = [Move.Reason.FORCED, Move.Reason.BOT]


@dataclass
class Tally:
    """A player's running rating in one style during a recompute."""

    is_bot: bool
    skill: skill.Skill = skill.NEW
    games: int = 0
    wins: int = 0
    last: datetime | None = None


@dataclass
class Replay:
    """The whole rebuilt state, in memory: the ledger in order, the history rows, the tallies."""

    ledger: list[tuple] = field(default_factory=list)
    changes: list[tuple] = field(default_factory=list)
    tallies: dict[tuple[int, str], Tally] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)

    def take(self, game: skill.Finished) -> None:
        """Rate one game on top of what came before (the live rules: ``live.record``)."""
        self.seen.add(game.game_id)
        if game.stand_in:
            self.ledger.append((game, RatedGame.Status.STAND_IN))
            return
        for seat, player in enumerate(game.players):
            if player is not None and (player, game.style) not in self.tallies:
                self.tallies[player, game.style] = Tally(game.bots[seat])
        tallies = self.tallies
        changes = skill.rate(game, lambda p: tallies[p, game.style].skill)
        self.ledger.append((game, RatedGame.Status.RATED))
        index = len(self.ledger) - 1
        for change in changes:
            tally = tallies[change.player_id, game.style]
            tally.skill = change.after
            tally.games += 1
            tally.wins += change.place == 1
            tally.last = game.played_at
            self.changes.append((index, change))


def recompute(*, write: bool = True) -> Replay:
    """Rebuild every rating; with ``write=False`` only compute (for ``--check``)."""
    began = timezone.now()
    replay = Replay()
    for game in stored_games():
        replay.take(game)
    if not write:
        return replay
    with transaction.atomic():
        _lock()
        late = stored_games(since=began - CATCH_UP, skip=replay.seen)
        for game in late:
            replay.take(game)
        _write(replay)
    return replay


def differences(replay: Replay) -> list[str]:
    """Where the stored ratings differ from a replay (exact float comparison), in words."""
    found = []
    stored = {
        (r.player_id, r.style): r
        for r in Rating.objects.filter(games__gt=0).only(
            "player_id", "style", "mu", "sigma", "games", "wins"
        )
    }
    for key, tally in replay.tallies.items():
        row = stored.pop(key, None)
        if row is None:
            found.append(f"player {key[0]} {key[1]}: missing")
        elif (row.mu, row.sigma, row.games, row.wins) != (
            tally.skill.mu, tally.skill.sigma, tally.games, tally.wins,
        ):  # fmt: skip
            found.append(
                f"player {key[0]} {key[1]}: stored mu {row.mu!r} sigma {row.sigma!r} "
                f"after {row.games} games; recomputed mu {tally.skill.mu!r} "
                f"sigma {tally.skill.sigma!r} after {tally.games}"
            )
    found += [f"player {p} {s}: stored but not recomputed" for p, s in stored]
    return found


def stored_games(
    since: datetime | None = None, skip: Iterable[int] = ()
) -> Iterator[skill.Finished]:
    """Finished games at rated tables (and games a resignation stopped, rated as a loss for the
    side that resigned: ``games.services.leaving``), rebuilt from their rows, in the ledger's
    order and then by finishing time. A seat its player had left counts as replaced.
    ``since`` limits them to games finished from then on (the catch-up)."""
    games = live.rateable().exclude(match__sealed=True)  # a sealed set's wait (``live``)
    if since is not None:
        games = games.filter(finished_at__gte=since)
    skip = set(skip)
    replaced = replaced_seats(games)
    position = RatedGame.objects.filter(game_id=OuterRef("pk")).values("pk")
    rows = (
        games.annotate(position=Subquery(position))
        .order_by(F("position").asc(nulls_last=True), "finished_at", "pk")
        .values_list(
            "pk",
            "match_id",
            "finished_at",
            "result",
            "match__players",
            "match__table__style",
            "match__table__seat_count",
            "match__table__options",
            "number",
        )
    )
    for pk, match_id, at, result, players, style, seats, options, number in rows.iterator(BATCH):
        if pk in skip:
            continue
        parties = _parties(style, seats, _frozen(options))
        yield skill.Finished(
            game_id=pk, match_id=match_id, style=style, played_at=at,
            parties=[list(p) for p in parties], players=[p.get("id") for p in players],
            bots=[bool(p.get("bot")) for p in players],
            places=game_places(result, [list(p) for p in parties]),
            winner=result["winner"],
            key_card=bool(result.get("key_card")),
            replaced=[s in replaced.get(pk, ()) or gone for s, gone in
                      enumerate(left_seats(players, number))],
        )  # fmt: skip


def replaced_seats(games) -> dict[int, set[int]]:
    """Per game, the seats whose own choices the server made for the most part: the rule of
    ``games.services.outcomes.replaced_seats`` (forced moves and a bot's own seat left out),
    counted for every game at once. Only games with a move the server made can have one."""
    touched = Move.objects.filter(reason__in=SERVER, game__in=games).values("game_id")
    rows = (
        Move.objects.filter(game_id__in=touched)
        .exclude(reason__in=NOT_CHOSEN)
        .values("game_id", "seat")
        .annotate(total=Count("pk"), server=Count("pk", filter=Q(reason__in=SERVER)))
        .order_by()
    )
    found: dict[int, set[int]] = defaultdict(set)
    for row in rows:
        if row["server"] * 2 > row["total"]:
            found[row["game_id"]].add(row["seat"])
    return found


@cache
def _parties(style: str, seats: int, options: tuple) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(p) for p in skill.parties_of(style, seats, dict(options)))


def _frozen(options: dict | None) -> tuple:
    return tuple(sorted((options or {}).items()))


def _lock() -> None:
    """Make live updates wait for the rewrite. SQLite's write lock, taken at the transaction's
    start (``transaction_mode`` IMMEDIATE), already does; PostgreSQL locks the three tables
    against writers and row locks (readers of the pages go on)."""
    if connection.vendor != "postgresql":
        return
    tables = ", ".join(m._meta.db_table for m in (Rating, RatedGame, RatingChange))
    with connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")


def _write(replay: Replay) -> None:
    """Replace every rating, ledger and history row, in ``executemany`` batches of plain
    values (Django's ``bulk_create`` spends most of a recompute building model objects and
    their SQL). The ledger's ids are written too, 1 upwards in the replayed order, and the
    sequences are reset so live updates go on after them."""
    with connection.cursor() as cursor:
        for model in (RatingChange, RatedGame, Rating):
            cursor.execute(f"DELETE FROM {model._meta.db_table}")
        at = connection.ops.adapt_datetimefield_value
        now = at(timezone.now())
        ledger = (
            (i + 1, game.game_id, game.match_id, game.style, at(game.played_at), status, now)
            for i, (game, status) in enumerate(replay.ledger)
        )
        _insert(cursor, RatedGame, LEDGER_COLUMNS, ledger)
        changes = (
            _change_values(index + 1, replay.ledger[index][0], c, at) for index, c in replay.changes
        )
        _insert(cursor, RatingChange, CHANGE_COLUMNS, changes)
        ratings = (
            (player, style, t.is_bot, t.skill.mu, t.skill.sigma, t.skill.ordinal, t.games,
             t.wins, at(t.last))
            for (player, style), t in replay.tallies.items()
        )  # fmt: skip
        _insert(cursor, Rating, RATING_COLUMNS, ratings)
        for sql in connection.ops.sequence_reset_sql(no_style(), [RatedGame, RatingChange, Rating]):
            cursor.execute(sql)


LEDGER_COLUMNS = ["id", "game_id", "match_id", "style", "played_at", "status", "recorded_at"]
CHANGE_COLUMNS = ["rated_game_id", "player_id", "style", "played_at", "seat", "party", "place",
                  "mu_before", "sigma_before", "mu", "sigma", "ordinal", "key_card"]  # fmt: skip
RATING_COLUMNS = ["player_id", "style", "is_bot", "mu", "sigma", "ordinal", "games", "wins",
                  "last_played_at"]  # fmt: skip


def _change_values(rated_game_id: int, game: skill.Finished, c: skill.Change, at) -> tuple:
    """The values of ``live.change_row``'s row, in ``CHANGE_COLUMNS`` order."""
    return (
        rated_game_id, c.player_id, game.style, at(game.played_at), c.seat, c.party, c.place,
        c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, c.after.ordinal, c.key_card,
    )  # fmt: skip


def _insert(cursor, model, columns: list[str], rows: Iterable[tuple]) -> None:
    """Insert ``rows``: PostgreSQL's ``COPY`` (``executemany`` there is a round trip a row),
    elsewhere ``executemany`` in batches."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(c) for c in columns)
    table = quote(model._meta.db_table)
    if connection.vendor == "postgresql":
        with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    sql = f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(columns))})"
    batch: list[tuple] = []
    for row in rows:
        batch.append(row)
        if len(batch) == BATCH:
            cursor.executemany(sql, batch)
            batch = []
    if batch:
        cursor.executemany(sql, batch)
