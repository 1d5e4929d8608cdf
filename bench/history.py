"""History benchmark: a player's history page with 10,000 sets, and a replay page of a 40-move game.

Builds its own data in a private database, then times the pages in process through Django's
test client (middleware, session, queries, templates: everything but the network):

- history: the first page of the list of a player with ``--sets`` sets (default 10,000), a deep
  page, and a page filtered by opponent and result;
- replay: the replay page of a 40-move game (stopped at move 20), and the same step as the htmx
  frame the viewer's buttons fetch;
- set page, statistics page (over every set and its game) and a set's record.json, for scale.

Each figure is the median and 95th percentile of ``--repeat`` requests after a warm-up, in ms,
with the number of queries one request makes. Goals (issue 16): history < 100 ms, replay < 50 ms.

Prints one JSON line. Usage: python bench/history.py [--sets 10000] [--repeat 40] [--postgres]
The default runs on the embedded default's SQLite (a temporary var/ directory); ``--postgres``
creates and drops a ``dominoes_bench_history`` database on DATABASE_URL's server (default the
local one, as bench/live.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.database import recreate, setup  # noqa: E402


def build(sets: int) -> dict:
    """``sets`` finished Cut-Throat sets of one player against three others, each with one
    game, spread over three years; and one French set whose first game is 40 moves long."""
    from django.utils import timezone

    from accounts.models import User
    from games.models import Game, Match, Table
    from history.models import Item

    people = [User.objects.create_user(n, password="bench-pass-123") for n in
              ("bench", "rival1", "rival2", "rival3")]  # fmt: skip
    now = timezone.now()
    tables = Table.objects.bulk_create(
        Table(style="cutthroat", seat_count=4, state=Table.State.FINISHED) for _ in range(sets)
    )
    players = [{"id": p.pk, "name": p.name, "bot": False} for p in people]
    matches = []
    for i, table in enumerate(tables):
        winner = (0, 1, 2, 3, None)[i % 5]
        matches.append(Match(
            table=table, seed=i, state=Match.State.OVER, winner_party=winner,
            result="bruck" if winner is None else "six-love", players=players,
            totals=[6, 0, 1, 2], finished_at=now - timedelta(hours=2 * i),
        ))  # fmt: skip
    matches = Match.objects.bulk_create(matches, batch_size=1000)
    items, games = [], []
    for i, match in enumerate(matches):
        at = now - timedelta(hours=2 * i + 1)
        items += [Item(owner=p, match=match, seat=s, party=s, style="cutthroat", at=at)
                  for s, p in enumerate(people)]  # fmt: skip
        result = {"end": "domino", "winner": match.winner_party, "key_card": i % 7 == 0,
                  "stake": 1, "counts": [0, 9, 12, 7], "points": [1, 0, 0, 0]}  # fmt: skip
        games.append(Game(match=match, number=1, snapshot={}, state=Game.State.OVER,
                          result=result))  # fmt: skip
    Item.objects.bulk_create(items, batch_size=2000)
    Game.objects.bulk_create(games, batch_size=1000)
    Match.objects.filter(pk__in=[m.pk for m in matches]).update(started_at=now - timedelta(days=3))
    replay = forty_move_game(people)
    analyze()
    return {"user": people[0], "rival": people[1], "replay": replay}


def analyze() -> None:
    """Give the planner its statistics, as autovacuum would on a live PostgreSQL (a bulk load
    leaves none), and SQLite's too."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def forty_move_game(people) -> tuple[int, int]:
    """A French set whose first game (dealt from a game seed) lasts exactly 40 moves, written
    as rows as the move service would. Returns (set id, moves)."""
    import random

    from games import engine
    from games.models import Game, Match, Move, Table
    from games.services.play import deal_of

    for attempt in range(10_000):
        seed = engine.game_seed("bench", attempt)
        state = engine.new_match("french", 4)
        game = state.start_game(seed=seed)
        chooser = random.Random(attempt)
        while not game.over:
            game.apply(chooser.choice(game.legal_moves()))
        if len(game.log) == 40:
            break
    table = Table.objects.create(style="french", seat_count=4, state=Table.State.FINISHED)
    match = Match.objects.create(
        table=table, seed=0, state=Match.State.PLAYING, totals=list(state.totals),
        players=[{"id": p.pk, "name": p.name, "bot": False} for p in people],
    )  # fmt: skip
    row = Game.objects.create(
        match=match, number=1, snapshot=engine.make_snapshot(state), deal=deal_of(game),
        seed=seed, commitment=engine.commitment(seed), state=Game.State.OVER,
        result=game.result.to_dict(),
    )  # fmt: skip
    Move.objects.bulk_create(
        Move(game=row, seq=i + 1, seat=m.seat, kind=m.kind,
             tile="" if m.tile is None else str(m.tile), on="" if m.on is None else str(m.on))
        for i, m in enumerate(game.log)
    )  # fmt: skip
    return match.pk, len(game.log)


def measure(client, url: str, repeat: int, **headers) -> dict:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(3):
        response = client.get(url, **headers)
        assert response.status_code == 200, (url, response.status_code)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        client.get(url, **headers)
        times.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get(url, **headers)
    ordered = sorted(times)
    return {
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 1),
        "queries": len(queries.captured_queries),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    url = setup("history", args.postgres)
    try:
        from django.conf import settings
        from django.test import Client

        settings.ALLOWED_HOSTS = ["*"]
        started = time.perf_counter()
        data = build(args.sets)
        built = time.perf_counter() - started
        client = Client(HTTP_HOST="localhost")
        client.force_login(data["user"])
        set_id, moves = data["replay"]
        replay = f"/history/set/{set_id}/game/1/?at=20"
        pages = args.sets // 25
        figures = {
            "database": "postgresql" if url else "sqlite",
            "sets": args.sets,
            "history": measure(client, "/history/", args.repeat),
            "history_deep_page": measure(client, f"/history/?page={pages // 2}", args.repeat),
            "history_filtered": measure(
                client, f"/history/?opponent={data['rival'].username}&result=won", args.repeat
            ),
            "replay_moves": moves,
            "replay": measure(client, replay, args.repeat),
            "replay_htmx_step": measure(client, replay, args.repeat, HTTP_HX_REQUEST="true"),
            "set_page": measure(client, f"/history/set/{set_id}/", args.repeat),
            "record_json": measure(client, f"/history/set/{set_id}/record.json", args.repeat),
            "stats": measure(client, "/history/stats/", max(5, args.repeat // 8)),
            "setup_seconds": round(built, 1),
        }
        figures["goals_met"] = (
            figures["history"]["p95_ms"] < 100 and figures["replay"]["p95_ms"] < 50
        )
        print(json.dumps(figures))
    finally:
        if url:
            from django.db import connections

            connections.close_all()
            recreate(url, drop_only=True)


if __name__ == "__main__":
    main()
