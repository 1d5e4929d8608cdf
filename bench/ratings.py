"""Ratings benchmark: the live update per finished game, and the recompute of 100,000 games.

Builds its own stored results in a private database, in bulk (rows as the games core writes
them, without playing): ``--games`` finished games (default 100,000) in sets of ten at rated
tables of every style and party shape (Cut-Throat, French, Doubles, four-seat Block and Draw,
Partner and team Block and Draw), among ``--people`` players and a few bots, each game with
``--moves`` move rows (one game in 200 has a seat mostly played by a stand-in, which the
recompute must find among the moves). Then:

- ``recompute_cold_seconds``: ``recompute_ratings`` on an empty ledger (every game unseen,
  taken by finishing time), as on the day ratings are switched on;
- ``recompute_seconds``: ``recompute_ratings`` again, now replaying the ledger it wrote (the
  command as it runs on a live site). Goal: under 60 s for 100,000 games;
- ``live_update``: ``--live`` more games finished one by one on top of that, each announced to
  the ratings as the games core announces it (``ratings.services.live.rate_game``, which the
  ``game_finished`` listener calls after the move's commit): the time it adds to a finished
  game, median and 95th percentile in ms, with its queries and the median time of its commit
  (the disk's share: on SQLite's default rollback journal, a flush to disk), and the median
  CPU time of this process (what the machine's other load does not inflate). Goal: under 5 ms;
- ``recompute_matches_live``: ``recompute_ratings --check`` after those live updates.

Prints one JSON line. Usage:
  python bench/ratings.py [--games 100000] [--live 500] [--moves 24] [--people 2000] [--postgres]
                          [--wal]
The default runs on the embedded default's SQLite (a temporary var/ directory); ``--postgres``
creates and drops a ``dominoes_bench_ratings`` database on DATABASE_URL's server (default the
local one).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.database import recreate, setup  # noqa: E402

GAMES_PER_SET = 10
#: style, seats, options: every party shape the ratings know
SHAPES = [
    ("cutthroat", 4, {}),
    ("french", 4, {}),
    ("doubles", 4, {}),
    ("block", 4, {}),
    ("draw", 4, {}),
    ("partner", 4, {}),
    ("block", 4, {"teams": True}),
    ("draw", 4, {"teams": True}),
]


def wal() -> None:
    from django.db import connection
    from django.db.backends.signals import connection_created

    def pragmas(sender, connection, **kwargs) -> None:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")

    connection_created.connect(pragmas, weak=False)
    connection.close()


def make_people(count: int, bots: int) -> list[dict]:
    """Players as a set's ``players`` list holds them (passwords unusable: no hashing)."""
    from accounts.models import User

    rows = [User(username=f"p{i}", password="!") for i in range(count)]
    rows += [User(username=f"bot{i}", password="!", is_bot=True, bot_level="casual")
             for i in range(bots)]  # fmt: skip
    made = User.objects.bulk_create(rows, batch_size=2000)
    return [{"id": u.pk, "name": u.username, "bot": u.is_bot} for u in made]


def result_of(chooser: random.Random, parties: list[list[int]], seats: int) -> dict:
    """A finished game's result: a winning party (or a block with none), pips left per seat."""
    winner = None if chooser.random() < 0.1 else chooser.randrange(len(parties))
    counts = [chooser.randrange(0, 40) for _ in range(seats)]
    if winner is not None:
        for seat in parties[winner]:
            counts[seat] = 0
    points = [0] * len(parties)
    key = winner is not None and chooser.random() < 0.05
    if winner is not None:
        points[winner] = 2 if key else 1
    return {"end": "domino" if winner is not None else "blocked", "winner": winner,
            "key_card": key, "stake": 1, "counts": counts, "points": points}  # fmt: skip


def build(games: int, moves: int, people: list[dict], chooser: random.Random, start) -> list:
    """``games`` finished games in sets of ten at rated tables, with their move rows, finished
    a minute apart from ``start``. Returns the new games' ids."""
    from games.models import Game, Match, Table
    from ratings import skill

    sets = -(-games // GAMES_PER_SET)
    shapes = [SHAPES[i % len(SHAPES)] for i in range(sets)]
    tables = Table.objects.bulk_create(
        [Table(style=s, seat_count=n, options=o, rated=True, state=Table.State.FINISHED)
         for s, n, o in shapes], batch_size=2000,
    )  # fmt: skip
    matches = Match.objects.bulk_create(
        [Match(table=t, seed=i, state=Match.State.OVER, players=chooser.sample(people, 4),
               totals=[0, 0, 0, 0]) for i, t in enumerate(tables)], batch_size=2000,
    )  # fmt: skip
    rows = []
    for n in range(games):
        match = matches[n // GAMES_PER_SET]
        style, seats, options = shapes[n // GAMES_PER_SET]
        parties = skill.parties_of(style, seats, options)
        rows.append(Game(
            match=match, number=n % GAMES_PER_SET + 1, snapshot={}, state=Game.State.OVER,
            result=result_of(chooser, parties, seats),
            finished_at=start + timedelta(minutes=n),
        ))  # fmt: skip
    made = Game.objects.bulk_create(rows, batch_size=2000)
    ids = [g.pk for g in made]
    write_moves(ids, moves, chooser)
    return ids


def write_moves(game_ids: list[int], moves: int, chooser: random.Random) -> None:
    """``moves`` move rows per game, in one ``executemany`` per batch (as the games core stores
    them: plays, passes and draws, a few forced or by the clock); one game in 200 has seat 1
    played mostly by a stand-in."""
    from django.db import connection
    from django.utils import timezone

    from games.models import Move

    table = connection.ops.quote_name(Move._meta.db_table)
    on = connection.ops.quote_name("on")
    sql = (f"INSERT INTO {table} (game_id, seq, seat, kind, tile, {on}, reason, detail, at) "
           "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)")  # fmt: skip
    now = timezone.now()
    batch = []
    with connection.cursor() as cursor:
        for game in game_ids:
            stand_in = chooser.random() < 0.005
            for seq in range(1, moves + 1):
                seat = seq % 4
                reason = ""
                if stand_in and seat == 1:
                    reason = "stand-in"
                elif seq % 17 == 0:
                    reason = "forced"
                elif seq % 41 == 0:
                    reason = "clock"
                kind = "pass" if seq % 9 == 0 else "play"
                tile = "" if kind == "pass" else "3-4"
                batch.append((game, seq, seat, kind, tile, "", reason, "{}", now))
            if len(batch) >= 20_000:
                cursor.executemany(sql, batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)


def analyze() -> None:
    """Give the planner its statistics, as autovacuum would (a bulk load leaves none)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def recompute_command(*args: str) -> tuple[float, str, bool]:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    out = io.StringIO()
    began = time.perf_counter()
    ok = True
    try:
        call_command("recompute_ratings", *args, stdout=out)
    except CommandError as error:
        ok = False
        out.write(str(error))
    return time.perf_counter() - began, out.getvalue().strip(), ok


def live_updates(game_ids: list[int]) -> dict:
    """Announce each game as ``games.services.outcomes.announce`` does and time the ratings'
    part alone (the outcome, places and stand-in check are the games core's, paid anyway)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Game
    from games.services import outcomes
    from ratings import skill
    from ratings.services import live

    times, queries, commits, cpu = [], [], [], []
    commit = connection._commit

    def timed_commit() -> None:  # the disk's share: SQLite's journal flush, PostgreSQL's WAL
        began = time.perf_counter()
        commit()
        commits.append((time.perf_counter() - began) * 1000)

    connection.ensure_connection()
    connection._commit = timed_commit
    for game in Game.objects.filter(pk__in=game_ids).select_related("match__table"):
        table, result = game.match.table, game.result
        parties = skill.parties_of(table.style, table.seat_count, table.options)
        outcome = outcomes.GameOutcome(
            parties, [p.get("id") for p in game.match.players],
            outcomes.game_places(result, parties), list(result["points"]), result["end"],
            result["winner"], outcomes.replaced_seats([game.pk], table.seat_count),
        )  # fmt: skip
        with CaptureQueriesContext(connection) as captured:
            began, used = time.perf_counter(), time.process_time()
            live.rate_game(game.pk, table.style, outcome)
            times.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - used) * 1000)
        queries.append(len(captured.captured_queries))
    connection._commit = commit
    ordered = sorted(times)
    return {
        "games": len(times),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(ordered[round(0.95 * (len(ordered) - 1))], 2),
        "max_ms": round(ordered[-1], 2),
        "queries": statistics.median(queries),
        "commit_p50_ms": round(statistics.median(commits), 2),
        "cpu_p50_ms": round(statistics.median(cpu), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--live", type=int, default=500)
    parser.add_argument("--moves", type=int, default=24)
    parser.add_argument("--people", type=int, default=2000)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument(
        "--wal",
        action="store_true",
        help="SQLite in WAL mode, synchronous=NORMAL (no flush to disk per commit)",
    )
    args = parser.parse_args()
    url = setup("ratings", args.postgres)
    if args.wal and not url:
        wal()
    try:
        from django.db import transaction
        from django.utils import timezone

        from ratings.models import RatedGame, RatingChange

        chooser = random.Random(17)
        start = timezone.now() - timedelta(minutes=args.games + args.live + 60)
        began = time.perf_counter()
        with transaction.atomic():
            people = make_people(args.people, 20)
            build(args.games, args.moves, people, chooser, start)
        analyze()
        built = time.perf_counter() - began
        cold, _out, _ok = recompute_command()
        warm, said, _ok = recompute_command()
        ledger = RatedGame.objects.count()
        changes = RatingChange.objects.count()
        later = start + timedelta(minutes=args.games + 1)
        with transaction.atomic():
            new = build(args.live, args.moves, people, chooser, later)
        live = live_updates(new)
        _check_time, check_said, matches = recompute_command("--check")
        figures = {
            "database": "postgresql" if url else "sqlite-wal" if args.wal else "sqlite",
            "games": args.games,
            "moves_per_game": args.moves,
            "players": len(people),
            "recompute_cold_seconds": round(cold, 1),
            "recompute_seconds": round(warm, 1),
            "recompute_said": said,
            "ledger_rows": ledger,
            "history_rows": changes,
            "live_update": live,
            "recompute_matches_live": matches,
            "check_said": check_said[:200],
            "setup_seconds": round(built, 1),
            "load_average": round(os.getloadavg()[0], 1),
        }
        figures["goals_met"] = live["p95_ms"] < 5 and warm < 60 and matches
        print(json.dumps(figures))
    finally:
        if url:
            from django.db import connections

            connections.close_all()
            recreate(url, drop_only=True)


if __name__ == "__main__":
    main()
