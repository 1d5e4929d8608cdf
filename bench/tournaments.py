"""Tournament formats: seconds to pair or seat one mid-event round, one JSON line per format.

Usage: python bench/tournaments.py [--sizes N ...] [--repeat R] [--formats NAME ...] [--seed S]

For each format and entry count the event is played up to a realistic point with results drawn
by a seeded random (a tenth of two-party games drawn), then the next round is timed: the best
of ``--repeat`` runs (other jobs on a shared machine only ever slow a run down). The state
handed in is the whole history, so the figure includes checking it and reading the standings
the pairing needs, as the Django side will pay. Points reached:

- ``single_elimination``: round 3 (round 2 for 64 entries' six-round bracket, likewise).
- ``double_elimination``: the round after the winners bracket's final (losers bracket busy).
- ``round_robin``: round 5 of a two-party round robin; ``tables_*`` the same for four-seat
  Cut-Throat tables, ``partners_*`` for rotating Partner tables.
- ``swiss``: round 5. ``swiss_tables``: round 5 of Cut-Throat tables (bots fill seats).
- ``table_knockout``: round 2 of Cut-Throat tables (bots fill seats).
- ``two_stage``: the first playoff round after a 4-round Swiss (top 64 into single
  elimination): the pools' standings, the qualifiers and the bracket; ``pool_*`` round 4.

Goal: every figure under 1 s for 4,096 entries.

``--end-to-end`` (issue 15) instead runs whole events on the site, by bots without think time,
through a real Celery worker (``celery worker``, prefork, two processes, as in production) on its
own database and broker: a 64-entry Cut-Throat table knockout and a 64-entry two-party Swiss
(Block) of 6 rounds, each table playing ``--games`` games (default 1). The bench only sets the
start time; the schedule does the rest (the worker's steps seat and start every round; the
bench runs beat's two sweeps every 5 seconds, as production does). Keys per event:
``*_wall_s`` (start to finish), ``*_tasks`` (Celery tasks the worker ran), ``*_rounds`` and
``*_next_round_p50_s`` / ``*_next_round_p95_s``: from the last table of a round finishing (its
set closed) to the next round's tables being seated (goal: p95 under 2 s). The embedded default
(SQLite and the embedded Redis) unless ``--postgres`` (a ``dominoes_bench_events`` database on
DATABASE_URL's server, and REDIS_URL or redis://127.0.0.1:6379/4).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.formats import Entrant, Format, State, TablePlan, make_format

SIZES = (64, 512, 4096)


def places(rng: random.Random, table: TablePlan, teams: bool, draws: bool) -> tuple[int, ...]:
    if teams:
        return rng.choice([(1, 2, 1, 2), (2, 1, 2, 1)])
    if len(table.seats) == 2:
        return (1, 1) if draws and rng.random() < 0.1 else rng.choice([(1, 2), (2, 1)])
    order = list(range(1, len(table.seats) + 1))
    rng.shuffle(order)
    return tuple(order)


def advance(fmt: Format, state: State, rounds: int, rng: random.Random, case: dict) -> State:
    """Play ``rounds`` rounds with random results."""
    teams, draws = case.get("teams", False), case.get("draws", False)
    for _ in range(rounds):
        round_ = fmt.next_round(state)
        results = {n: places(rng, t, teams, draws) for n, t in enumerate(round_.tables, start=1)}
        state = state.then(round_.with_results(results))
    return state


def timed(fmt: Format, state: State, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        fmt.next_round(state)
        best = min(best, time.perf_counter() - began)
    return round(best, 4)


def field(count: int) -> State:
    return State([Entrant(i, seed=i) for i in range(1, count + 1)])


CUT_THROAT = {"style": "cutthroat", "fill_with_bots": True}
TWO_STAGE = {"pool_options": {"rounds": 4}, "advance": 64}

#: format -> cases: figure prefix, options, rounds played first, draws / partnership results
CASES: dict[str, list[dict]] = {
    "single_elimination": [{"prefix": "entries", "options": {}, "first": 2}],
    "double_elimination": [{"prefix": "entries", "options": {}, "first": "winners_final"}],
    "round_robin": [
        {"prefix": "entries", "options": {}, "first": 4, "draws": True},
        {"prefix": "tables_entries", "options": {"seats": 4, **CUT_THROAT}, "first": 4},
        {
            "prefix": "partners_entries",
            "options": {"seats": 4, "partnerships": True, "fill_with_bots": True},
            "first": 4,
            "teams": True,
        },
    ],
    "swiss": [{"prefix": "entries", "options": {"rounds": 7}, "first": 4, "draws": True}],
    "swiss_tables": [{"prefix": "entries", "options": {**CUT_THROAT, "rounds": 7}, "first": 4}],
    "table_knockout": [{"prefix": "entries", "options": CUT_THROAT, "first": 1}],
    "two_stage": [
        {"prefix": "entries", "options": TWO_STAGE, "first": 4, "draws": True},
        {"prefix": "pool_entries", "options": TWO_STAGE, "first": 3, "draws": True},
    ],
}


def played_first(plan: object, count: int) -> int:
    if plan == "winners_final":
        return max(1, (count - 1).bit_length()) + 1
    return int(plan)


def run(name: str, sizes: list[int], repeat: int, seed: int) -> dict:
    line: dict = {"format": name}
    for case in CASES[name]:
        for count in sizes:
            fmt = make_format(name, seed=seed, **case["options"])
            rng = random.Random(f"{seed}:{name}:{case['prefix']}:{count}")
            state = advance(fmt, field(count), played_first(case["first"], count), rng, case)
            line[f"{case['prefix']}_{count}_s"] = timed(fmt, state, repeat)
    return line


# -- end to end (issue 15) -------------------------------------------------------------------

EVENTS = {
    "table_knockout_64": {"style": "cutthroat", "seats": 4, "format": "table_knockout"},
    "swiss_64": {"style": "block", "seats": 2, "format": "swiss", "format_options": {"rounds": 6}},
}


def end_to_end_setup(postgres: bool) -> object | None:
    import os
    import tempfile

    os.environ.setdefault("DOMINOES_VAR_DIR", tempfile.mkdtemp(prefix="dominoes-bench-events-"))
    os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings", "STATIC_MANIFEST": "0",
                       "BOT_THINK": "0", "NEXT_GAME_PAUSE_SECONDS": "0.01",
                       "LOG_LEVEL": "WARNING"})  # fmt: skip
    if postgres:
        import psycopg

        base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/x")
        server = base.rsplit("/", 1)[0]
        with psycopg.connect(server + "/postgres", autocommit=True) as conn:
            conn.execute('DROP DATABASE IF EXISTS "dominoes_bench_events" WITH (FORCE)')
            conn.execute('CREATE DATABASE "dominoes_bench_events"')
        os.environ["DATABASE_URL"] = server + "/dominoes_bench_events"
        os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/4")
    else:
        os.environ.pop("DATABASE_URL", None)
        os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    process = None
    if settings.EMBEDDED_REDIS:
        from config import embedded_redis

        socket = Path(settings.EMBEDDED_REDIS_SOCKET)
        process = embedded_redis.start(socket, Path(settings.VAR_DIR), persist=False)
    call_command("migrate", verbosity=0)
    return process


def percentile_s(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))], 3)


def next_round_gaps(event) -> list[float]:
    """Per round after the first: its creation (tables seated) minus the latest finish of the
    sets of the round before."""
    from django.db.models import Max

    from games.models import Match
    from tournaments.models import TableAssignment

    rows = list(event.rounds.order_by("number"))
    gaps = []
    for before, after in pairwise(rows):
        matches = TableAssignment.objects.filter(round=before).values_list("match_id", flat=True)
        last = Match.objects.filter(pk__in=list(matches)).aggregate(Max("finished_at"))
        if last["finished_at__max"] is not None:
            gaps.append((after.created_at - last["finished_at__max"]).total_seconds())
    return gaps


def worker_totals(app) -> dict[str, int]:
    """Tasks the worker has run so far, by name (its own statistics)."""
    replies = app.control.inspect(timeout=5).stats() or {}
    totals: dict[str, int] = {}
    for stats in replies.values():
        for name, count in (stats.get("total") or {}).items():
            totals[name] = totals.get(name, 0) + count
    return totals


def end_to_end(postgres: bool, games: int, timeout: float) -> dict:
    import os
    import subprocess

    from django.utils import timezone

    from clubs import services as clubs
    from config.celery import app
    from games.services import sweep as games_sweep
    from tests.factories import make_user
    from tournaments.models import Tournament
    from tournaments.services import entries, events, schedule

    owner = make_user("bench-owner")
    club = clubs.create_club(owner, "Bench Club")
    made = {}
    for name, fields in EVENTS.items():
        event = events.create(
            club, owner, name=name, play_mode="games", games_per_table=games, turn_clock=0,
            bots_fill=True, **fields,
        )  # fmt: skip
        events.open_registration(event, owner)
        for _ in range(64):
            entries.register_bot(event, owner)
        made[name] = event
    app.control.purge()  # tasks left on the broker by an earlier run
    from django.db import connections

    line: dict = {"end_to_end": "worker", "database": connections["default"].vendor,
                  "games_per_table": games}  # fmt: skip
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "WARNING",
         "--concurrency", "2", "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=Path(__file__).resolve().parents[1], env=dict(os.environ),
        stdout=subprocess.DEVNULL,  # its banner; the bench's own output is one JSON line
    )  # fmt: skip
    try:
        while not worker_totals(app) and not app.control.ping(timeout=2):
            time.sleep(0.5)
        for name, event in made.items():
            before = worker_totals(app)
            Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now())
            began = time.perf_counter()
            schedule.sweep()  # what beat does: the start time has come
            deadline, swept = began + timeout, began
            while time.perf_counter() < deadline:
                event.refresh_from_db()
                if event.state == Tournament.State.FINISHED:
                    break
                if time.perf_counter() - swept >= 5:  # beat's two sweeps, as in production
                    games_sweep.sweep()
                    schedule.sweep()
                    swept = time.perf_counter()
                time.sleep(0.1)
            wall = time.perf_counter() - began
            after = worker_totals(app)
            event.refresh_from_db()
            gaps = next_round_gaps(event)
            line.update({
                f"{name}_finished": event.state == Tournament.State.FINISHED,
                f"{name}_wall_s": round(wall, 2),
                f"{name}_tasks": sum(after.values()) - sum(before.values()),
                f"{name}_rounds": event.rounds.count(),
                f"{name}_next_round_p50_s": percentile_s(gaps, 50),
                f"{name}_next_round_p95_s": percentile_s(gaps, 95),
            })  # fmt: skip
    finally:
        worker.terminate()
        worker.wait(60)
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--formats", nargs="+", default=list(CASES), choices=list(CASES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--end-to-end", action="store_true", help="whole events on the site")
    parser.add_argument("--postgres", action="store_true", help="end to end on PostgreSQL")
    parser.add_argument("--games", type=int, default=1, help="games per table, end to end")
    parser.add_argument("--timeout", type=float, default=900.0)
    args = parser.parse_args()
    if args.end_to_end:
        redis = end_to_end_setup(args.postgres)
        try:
            print(json.dumps(end_to_end(args.postgres, args.games, args.timeout)), flush=True)
        finally:
            if redis is not None:
                from config import embedded_redis

                embedded_redis.stop(redis)
        return
    for name in args.formats:
        print(json.dumps(run(name, args.sizes, args.repeat, args.seed)), flush=True)


if __name__ == "__main__":
    main()
