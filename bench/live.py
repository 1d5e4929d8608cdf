"""Live-play benchmark: latency from a move to its partial on every socket of the table, and
the same against a floor: a bare Channels app on the same stack, measured in the same run.

Runs the site on PostgreSQL and Redis with one web process (daphne) and one Celery worker.
Each table has one scripted player (HTTP posts and a websocket), three bots and three
spectator sockets, so every move is pushed to four sockets.

- paced: N tables at once, each making about one move per second (bots wait 1 s, the player
  waits 1 s), their sets started evenly over the first second so that the tables' moves are
  spread over each second rather than all landing in the same instant; latency = first frame
  showing the move on the table's slowest socket minus the time the move was stored (the first
  two seconds are warm-up and not counted).
- saturated: bots do not wait and the player answers at once; the number of busy tables rises
  step by step, and we report the most moves per second reached while p95 stayed under 100 ms,
  with the web process's CPU time per move.
- queries per move: measured in process for the move service plus the renders of the four
  viewers, early and late in a game.
- the floor (``bench/floor``): one daphne process running a bare Channels app on the same
  PostgreSQL pool and Redis pub/sub layer, where every move is one POST that writes one row and
  publishes one message to the table's four sockets, each sending a small frame. The same load
  generator drives it: saturated steps (its best moves per second and CPU per move), and paced
  runs of more and more tables, to find the most it holds at p95 under 50 ms. The JSON line
  reports the site's figures against the floor's: ``moves_per_s_vs_floor`` (goal >= 1.0),
  ``cpu_per_move_vs_floor`` (goal <= 1.0) and the site's paced p95 at the floor's most tables
  (goal < 50 ms).
- turn about: the floor and the site run side by side and are measured in turns, each paced
  count and each saturated step on the floor and then on the site, and the saturated ladder
  ``--rounds`` times (best step of each side kept). A host's speed drifts over minutes (the
  same floor gave 124 and 187 moves/s in two runs an hour apart); measured in turns, both sides
  meet the same drift, so the ratios hold even when the absolute figures move.
- ``--scale``: the saturated steps again with two web processes and two workers (a table's
  posts go to one web process and its sockets to both, through the channel layer), against
  one of each: the second figure a club that outgrows one process will ask for.

Prints one JSON line. Usage: python bench/live.py [--tables 50] [--paced-seconds 20] [--scale]
Environment: DATABASE_URL (default: a bench database on 127.0.0.1), REDIS_URL (default db 3).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/dominoes_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/3"
VERSION = re.compile(rb'data-version="(\d*)" data-game="(\d*)"')
OPTION = re.compile(
    rb'name="game" value="(\d+)"><input type="hidden" name="version" value="(\d+)">'
    rb'<input type="hidden" name="kind" value="play">\s*'
    rb'<input type="hidden" name="tile" value="([0-6]-[0-6])"><input type="hidden" name="on" '
    rb'value="([0-6-]*)"'
)
NEW_SET = b"new-set/"
DEBUG = bool(os.environ.get("BENCH_DEBUG"))


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return round(ordered[index], 1)


# -- set-up ----------------------------------------------------------------------------------


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_tables(count: int) -> list[dict]:
    """Tables with a scripted player in seat 0 and three casual bots; a session for each."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from games.services import seating

    tables = []
    for i in range(count):
        # Signed in by the session below: no password, so none is hashed (seconds per table).
        user = User.objects.create_user(f"bench{i}", password=None)
        table = seating.create_table(
            user, "cutthroat", 4, {}, turn_clock=0, bots=[None, "casual", "casual", "casual"]
        )
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        tables.append({"id": table.pk, "code": table.code, "session": session.session_key})
    return tables


def start_all(tables: list[dict]) -> None:
    from games.models import Table
    from games.services import play

    for table in tables:
        play.start_match(Table.objects.get(pk=table["id"]))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def spawn(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        args, cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT
    )


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


def cpu_seconds(process: subprocess.Popen, children: bool = False) -> float:
    """CPU time of a process (and, for the worker's pool, of its children)."""
    import psutil

    proc = psutil.Process(process.pid)
    procs = [proc, *proc.children(recursive=True)] if children else [proc]
    total = 0.0
    for one in procs:
        times = one.cpu_times()
        total += times.user + times.system
    return total


# -- the client ------------------------------------------------------------------------------


@dataclass
class Table:
    id: int
    code: str
    session: str
    #: where the player posts, and where each of the four sockets connects
    post_base: str = ""
    socket_bases: tuple[str, ...] = ()
    seen: list[dict] = field(default_factory=lambda: [{}, {}, {}, {}])
    last: bytes = b""
    acting: bool = False
    errors: int = 0


class Client:
    """Scripted players and spectators for every table, over aiohttp."""

    def __init__(self, tables: list[Table], think: float, stagger: float = 0) -> None:
        self.tables = tables
        self.think = think
        self.stagger = stagger
        self.csrf = secrets.token_hex(16)
        self.running = True
        self.errors = 0
        self.posts = 0
        self.pending: set[asyncio.Task] = set()

    async def run(self, seconds: float) -> None:
        import aiohttp

        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as http:
            self.http = http
            tasks = []
            for i, table in enumerate(self.tables):
                delay = i * self.stagger / len(self.tables)
                for index in range(4):
                    tasks.append(asyncio.create_task(self.socket(table, index, delay)))
            await asyncio.sleep(seconds)
            self.running = False
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    def _cookies(self, table: Table, seated: bool) -> dict[str, str]:
        cookies = {"csrftoken": self.csrf}
        if seated:
            cookies["sessionid"] = table.session
        return cookies

    async def socket(self, table: Table, index: int, delay: float = 0) -> None:
        """One of the table's sockets; opened ``delay`` seconds in (the floor's tables start
        when their player's socket sees the first frame: staggered, as the site's sets are)."""
        import aiohttp

        await asyncio.sleep(delay)
        base = table.socket_bases[index]
        url = base.replace("http", "ws") + f"ws/table/{table.code}/"
        headers = {"Origin": base.rstrip("/")}
        cookies = self._cookies(table, index == 0)
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        try:
            async with self.http.ws_connect(url, headers=headers, max_msg_size=0) as ws:
                async for message in ws:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        break
                    self.frame(table, index, message.data.encode())
        except asyncio.CancelledError:
            raise
        except Exception:
            if self.running:
                self.errors += 1

    def frame(self, table: Table, index: int, data: bytes) -> None:
        now = time.time()
        found = VERSION.search(data)
        if not found or not found.group(1):
            return
        key = (int(found.group(2)), int(found.group(1)))
        table.seen[index].setdefault(key, now)
        if index == 0:
            table.last = data
            if DEBUG:
                print("frame", table.code, key, file=sys.stderr)
            self.act(table)

    def act(self, table: Table) -> None:
        """The scripted player: play the first playable tile, or start another set."""
        if table.acting or not self.running:
            return
        data = table.last
        option = OPTION.search(data)
        if DEBUG:
            print("act", table.code, option and option.groups(), file=sys.stderr)
        if option:
            table.acting = True
            self.pending.add(asyncio.create_task(self.move(table, option.groups())))
        elif NEW_SET in data and b"Play another set" in data:
            table.acting = True
            self.pending.add(asyncio.create_task(self.post(table, "new-set/", {})))

    async def move(self, table: Table, option: tuple[bytes, ...]) -> None:
        if self.think:
            await asyncio.sleep(self.think)
        game, version, tile, on = (part.decode() for part in option)
        await self.post(table, "move/", {"game": game, "version": version, "kind": "play",
                                         "tile": tile, "on": on})  # fmt: skip

    async def post(self, table: Table, path: str, data: dict) -> None:
        url = f"{table.post_base}play/t/{table.code}/{path}"
        headers = {"X-CSRFToken": self.csrf, "HX-Request": "true", "Referer": table.post_base}
        try:
            async with self.http.post(
                url, data=data, headers=headers, cookies=self._cookies(table, True)
            ) as response:
                body = await response.read()
                self.posts += 1
                if DEBUG:
                    print("post", table.code, data, response.status, body[:80], file=sys.stderr)
                if response.status != 200:
                    self.errors += 1
        except Exception:
            if self.running:
                self.errors += 1
        finally:
            table.acting = False
        posted = data.get("version")
        if posted and b'data-version="' + posted.encode() + b'"' not in table.last:
            self.act(table)


# -- measuring -------------------------------------------------------------------------------

#: Stored moves in a window: (table key, game, seq) -> the time it was stored.
Stored = dict[tuple[object, int, int], float]


def site_moves(tables: list[Table], since: float, until: float) -> Stored:
    from games.models import Move

    rows = Move.objects.filter(
        game__match__table_id__in=[t.id for t in tables], at__gte=_dt(since), at__lte=_dt(until)
    ).values_list("game__match__table_id", "game_id", "seq", "at")
    return {(table_id, game, seq): at.timestamp() for table_id, game, seq, at in rows}


def floor_moves(database: str, tables: list[Table], since: float, until: float) -> Stored:
    import psycopg

    with psycopg.connect(database) as connection:
        rows = connection.execute(
            "SELECT tbl, game, seq, at FROM floor_move WHERE tbl = ANY(%s) AND at BETWEEN %s "
            "AND %s",
            [[t.code for t in tables], _dt(since), _dt(until)],
        ).fetchall()
    return {(code, game, seq): at.timestamp() for code, game, seq, at in rows}


def latencies(tables: list[Table], stored: Stored, key) -> tuple[list[float], int, int]:
    """Per stored change: ms from its store to its arrival on the table's slowest socket."""
    by_key = {key(t): t for t in tables}
    values: list[float] = []
    per_socket: list[list[float]] = [[], [], [], []]
    missing = 0
    for (table_key, game_id, seq), at in stored.items():
        table = by_key[table_key]
        worst = 0.0
        for index, seen in enumerate(table.seen):
            arrived = [when for (g, v), when in seen.items() if g == game_id and v >= seq]
            if not arrived:
                worst = -1
                break
            worst = max(worst, min(arrived) - at)
            per_socket[index].append((min(arrived) - at) * 1000)
        if worst < 0:
            missing += 1
        else:
            values.append(worst * 1000)
    if DEBUG:
        print("per socket p50", [percentile(v, 50) for v in per_socket], file=sys.stderr)
    return values, missing, len(stored)


def _dt(timestamp: float):
    from datetime import UTC, datetime

    return datetime.fromtimestamp(timestamp, tz=UTC)


def queries_per_move() -> dict:
    """Queries for one move through the service plus the four viewers' renders, for every move
    of one game: each move is made for whoever is to play (the player's seat too, as a bot
    would), so none is a declined call. ``first`` and ``last`` are the game's first and last
    moves before the one that ends it, ``ending`` that one (results, ratings, the next deal)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User
    from games import bots
    from games.live import rendering
    from games.live.rendering import render_live
    from games.models import Game
    from games.services import play, seating

    user = User.objects.create_user("bench-queries", password=secrets.token_hex(8))
    table = seating.create_table(user, "cutthroat", 4, {}, turn_clock=0,
                                 bots=[None, "casual", "casual", "casual"])  # fmt: skip
    match = play.start_match(table, seed=12345)
    rng = random.Random(12345)

    def choose(state, seat):
        return bots.choose("casual", state, seat.index, rng)

    counts: list[int] = []
    service: list[int] = []
    game = match.games.order_by("-number").first()
    while game.state != Game.State.OVER and len(counts) < 60:
        rendering.clear()
        with CaptureQueriesContext(connection) as captured:
            outcome = play.submit(game.pk, None, game.version, None, reason="bot", choose=choose)
            service.append(len(captured.captured_queries))
            render_live(table.pk, user, "en")
            for _ in range(3):
                render_live(table.pk, None, "en")
        if not outcome.applied:
            raise RuntimeError(f"the bench's move was refused: {outcome.message}")
        counts.append(len(captured.captured_queries))
        game = Game.objects.get(pk=game.pk)
    ended = game.state == Game.State.OVER
    playing = counts[:-1] if ended else counts
    return {
        "first": playing[0], "last": playing[-1], "max": max(playing), "moves": len(counts),
        "service": service[0], "ending": counts[-1] if ended else None,
    }  # fmt: skip


# -- the servers -----------------------------------------------------------------------------


class Servers:
    """Web processes (and workers) under test; CPU is counted over all web processes."""

    webs: list[subprocess.Popen]
    workers: list[subprocess.Popen]
    bases: list[str]
    key = staticmethod(lambda table: table.id)

    def stored(self, tables: list[Table], since: float, until: float) -> Stored:
        return site_moves(tables, since, until)

    def web_cpu(self) -> float:
        return sum(cpu_seconds(web) for web in self.webs)

    def worker_cpu(self) -> float:
        return sum(cpu_seconds(worker, children=True) for worker in self.workers)

    def place(self, tables: list[Table]) -> None:
        """Spread tables over the web processes: a table's posts go to one, and its four
        sockets to every process in turn (the channel layer carries its pushes across)."""
        for i, table in enumerate(tables):
            count = len(self.bases)
            table.post_base = self.bases[i % count]
            table.socket_bases = tuple(self.bases[(i + j) % count] for j in range(4))

    def close(self) -> None:
        for process in [*self.workers, *self.webs]:
            stop(process)


class Site(Servers):
    """The site: web processes and workers, both with the same bot pause (both queue bots)."""

    def __init__(
        self, env: dict[str, str], logs: Path, bot_delay: float, webs: int = 1, workers: int = 1
    ) -> None:
        pause = {"BOT_DELAY": str(bot_delay)} if bot_delay else {"BOT_THINK": "0"}
        self.env = {**env, **pause}
        ports = [free_port() for _ in range(webs)]
        self.bases = [f"http://127.0.0.1:{port}/" for port in ports]
        level = os.environ.get("BENCH_WORKER_LOG", "WARNING")
        self.webs = [
            spawn([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                   "config.asgi:application"], self.env, logs / f"web{i}.log")
            for i, port in enumerate(ports)
        ]  # fmt: skip
        from config.serve import WORKER_QUIET  # the worker as the site runs it (Django is set up)

        self.workers = [
            spawn([sys.executable, "-m", "celery", "-A", "config", "worker", "-l", level,
                   "--concurrency", "2", *WORKER_QUIET, "-n", f"bench{i}@%h"], self.env,
                  logs / f"worker{i}.log")
            for i in range(workers)
        ]  # fmt: skip
        for base in self.bases:
            _wait(base + "healthz", self.webs)
        time.sleep(2)  # the workers' own start-up


class Floor(Servers):
    """The floor app (``bench/floor``) in one daphne process, on its own database, with
    ``stack`` ``django`` (startproject's middleware, signed-in moves) or ``bare``."""

    key = staticmethod(lambda table: table.code)

    def __init__(self, env: dict[str, str], logs: Path, database: str, stack: str) -> None:
        port = free_port()
        self.database = database
        self.bases = [f"http://127.0.0.1:{port}/"]
        self.env = {**env, "DJANGO_SETTINGS_MODULE": "floor.settings", "FLOOR_STACK": stack,
                    "DATABASE_URL": database,
                    "PYTHONPATH": os.pathsep.join([str(ROOT / "bench"), str(ROOT)])}  # fmt: skip
        self.webs = [
            spawn([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                   "floor.app:application"], self.env, logs / f"floor-{stack}.log")
        ]  # fmt: skip
        self.workers = []
        _wait(self.bases[0] + "none", self.webs, any_answer=True)

    def stored(self, tables: list[Table], since: float, until: float) -> Stored:
        return floor_moves(self.database, tables, since, until)

    def tables(self, count: int, sessions: list[str]) -> list[dict]:
        """``count`` fresh tables, their players signed in with ``sessions`` (in turn)."""
        run = secrets.token_hex(3)
        return [
            {"id": i, "code": f"f{run}-{i}", "session": sessions[i % len(sessions)]}
            for i in range(count)
        ]


def floor_database(env: dict[str, str], database: str, users: int) -> list[str]:
    """Make the floor's database (Django's tables, the moves table, ``users`` signed-in
    users); the users' session keys."""
    ensure_database(database)
    made = subprocess.run(
        [sys.executable, "-m", "floor.setup", str(users)], cwd=ROOT, check=True,
        capture_output=True, text=True,
        env={**env, "DJANGO_SETTINGS_MODULE": "floor.settings", "DATABASE_URL": database,
             "PYTHONPATH": os.pathsep.join([str(ROOT / "bench"), str(ROOT)])},
    )  # fmt: skip
    return json.loads(made.stdout.strip().splitlines()[-1])


def _wait(url: str, processes: list[subprocess.Popen], any_answer: bool = False) -> None:
    """Until ``url`` answers 200 (or, with ``any_answer``, answers at all)."""
    import urllib.error
    import urllib.request

    for _ in range(300):
        if any(process.poll() is not None for process in processes):
            raise RuntimeError("a server under test exited while starting")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except urllib.error.HTTPError:
            if any_answer:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer")


def stagger_starts(tables: list[dict], over: float) -> threading.Thread:
    """Start the tables' sets one by one, evenly over ``over`` seconds, from a thread.

    Started in one go, every table would move in the same instant each second for the whole
    phase (fixed bot pauses keep them in step): a burst of N moves a second instead of N
    moves a second. Real tables are spread over the second, and so are these.
    """

    def run() -> None:
        from django.db import connection

        begin = time.monotonic()
        for i, table in enumerate(tables):
            time.sleep(max(0.0, begin + i * over / len(tables) - time.monotonic()))
            start_all([table])
        connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def run_phase(
    servers: Servers,
    tables: list[dict],
    seconds: float,
    think: float,
    stagger: float = 0,
) -> dict:
    table_objs = [Table(t["id"], t["code"], t["session"]) for t in tables]
    servers.place(table_objs)
    floor = isinstance(servers, Floor)
    client = Client(table_objs, think, stagger if floor else 0)
    starter = stagger_starts(tables, stagger) if stagger and not floor else None
    cpu_before = servers.web_cpu()
    worker_before = servers.worker_cpu()
    client_before = time.process_time()
    started = time.time()
    asyncio.run(client.run(seconds))
    ended = time.time()
    if starter is not None:
        starter.join()
    cpu = servers.web_cpu() - cpu_before
    worker_cpu = servers.worker_cpu() - worker_before
    client_cpu = time.process_time() - client_before
    warm = started + 2.0
    stored = servers.stored(table_objs, warm, ended - 1.0)
    values, missing, moves = latencies(table_objs, stored, servers.key)
    every = len(servers.stored(table_objs, started, ended))  # the moves the CPU time paid for
    return {
        "values": values,
        "missing": missing,
        "errors": client.errors + missing,
        "moves": moves,
        "seconds": ended - warm - 1.0,
        "cpu": cpu,
        "cpu_moves": every,
        "worker_cpu_share": round(worker_cpu / (ended - started), 2),
        "web_cpu_share": round(cpu / (ended - started), 2),
        "client_cpu_share": round(client_cpu / (ended - started), 2),
    }


def step(servers: Servers, tables: list[dict], seconds: float, name: str) -> dict:
    """One saturated step: ``tables`` busy at once, bots without pause, the player at once."""
    result = run_phase(servers, tables, seconds, think=0)
    result.update(rate=result["moves"] / result["seconds"], p95=percentile(result["values"], 95),
                  tables=len(tables))  # fmt: skip
    shares = {k: v for k, v in result.items() if k.endswith("_share")}
    print(json.dumps({name: len(tables), "moves_per_s": round(result["rate"], 1),
                      "p95_ms": result["p95"], "errors": result["errors"], **shares}),
          file=sys.stderr)  # fmt: skip
    return result


def better(best: dict | None, result: dict) -> dict | None:
    """The step with the most moves per second at p95 under 100 ms."""
    if result["p95"] is None or result["p95"] >= 100:
        return best
    return result if best is None or result["rate"] > best["rate"] else best


def side_by_side(
    floor: Floor,
    site: Servers,
    floor_sessions: list[str],
    site_pool: list[dict],
    steps: list[int],
    seconds: float,
    rounds: int,
) -> tuple[dict | None, dict | None]:
    """The floor's and the site's best saturated steps, measured turn about: each step runs on
    the floor and then on the site, and the whole ladder ``rounds`` times. A host's speed drifts
    over minutes (the same floor gave 124 and 187 moves/s in two runs an hour apart); measured
    turn about, both sides meet the same drift."""
    best_floor = best_site = None
    most = max(steps)
    for done in range(rounds):
        # Fresh tables each round, as the floor's are: tables left mid-set by the last round's
        # client came back slower (some wait on a step their player had already sent).
        tables = site_pool[done * most : (done + 1) * most]
        started = 0
        for count in steps:
            start_all(tables[started:count])
            started = count
            floor_step = step(floor, floor.tables(count, floor_sessions), seconds,
                              "floor_step_tables")  # fmt: skip
            best_floor = better(best_floor, floor_step)
            best_site = better(best_site, step(site, tables[:count], seconds, "step_tables"))
    return best_floor, best_site


def saturate(servers: Servers, pool: list[dict], steps: list[int], seconds: float, name: str,
             start=None) -> dict | None:  # fmt: skip
    """Raise the busy tables step by step; the best moves per second at p95 under 100 ms."""
    best = None
    started = 0
    for count in steps:
        if start is not None:
            start(pool[started:count])
        started = count
        best = better(best, step(servers, pool[:count], seconds, name))
    return best


def paced_side_by_side(
    floor: Floor,
    site: Servers,
    sessions: list[str],
    tables: list[dict],
    counts: list[int],
    seconds: float,
) -> tuple[int, float | None, dict | None]:
    """The most tables the floor holds paced at p95 under 50 ms (and that p95), and the site
    paced at that many tables: each count runs on the floor and then on the site."""
    held, held_p95, at_floor = 0, None, None
    used = 0
    for count in counts:
        result = run_phase(floor, floor.tables(count, sessions), seconds, think=1.0, stagger=1.0)
        p95 = percentile(result["values"], 95)
        print(json.dumps({"floor_paced_tables": count, "p95_ms": p95,
                          "errors": result["errors"]}), file=sys.stderr)  # fmt: skip
        if p95 is None or p95 >= 50 or result["errors"]:
            break  # past the floor's most, the site is not asked (its backlog would linger)
        ours = run_phase(site, tables[used : used + count], seconds, think=1.0, stagger=1.0)
        used += count
        print(json.dumps({"site_paced_tables": count, "p95_ms": percentile(ours["values"], 95),
                          "errors": ours["errors"]}), file=sys.stderr)  # fmt: skip
        held, held_p95, at_floor = count, p95, ours
    return held, held_p95, at_floor


def per_move(result: dict | None) -> float | None:
    return round(result["cpu"] * 1000 / result["cpu_moves"], 2) if result else None


def ratio(site: float | None, floor: float | None) -> float | None:
    return round(site / floor, 2) if site and floor else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--paced-seconds", type=float, default=20)
    parser.add_argument("--step-seconds", type=float, default=8)
    parser.add_argument("--steps", default="2,4,8,16,32")
    parser.add_argument(
        "--floor-paced",
        default="25,50,75,100,150,200",
        help="table counts to pace the floor at, until p95 passes 50 ms",
    )
    parser.add_argument(
        "--floor-paced-seconds",
        type=float,
        default=None,
        help="seconds of each paced run against the floor and of the site's at "
        "the floor's table count (default: --paced-seconds)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=2,
        help="times the saturated ladder runs, floor and site turn about (best step kept)",
    )
    parser.add_argument(
        "--scale",
        action="store_true",
        help="also run the saturated steps with two web processes and workers",
    )
    args = parser.parse_args()
    if args.floor_paced_seconds is None:
        args.floor_paced_seconds = args.paced_seconds
    database = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    ensure_database(database)
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    logs = ROOT / "var" / "bench"
    logs.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DATABASE_URL": database, "REDIS_URL": redis_url,
           "DJANGO_SETTINGS_MODULE": "config.settings", "STATIC_MANIFEST": "0",
           "NEXT_GAME_PAUSE_SECONDS": "0.5", "LOG_LEVEL": "WARNING",
           "DOMINOES_VAR_DIR": str(logs),
           # The scripted players answer at machine speed when saturated: far above the
           # per-user rate a person can reach, which the limiter is there to catch.
           "RATE_MOVES": "100000/m", "RATE_ACTIONS": "100000/m",
           # A phase's tables stop when its players leave. With the usual grace, bots stood in
           # for them 45 s later and played on at full speed under the next phases' figures.
           "AWAY_GRACE_SECONDS": "86400"}  # fmt: skip
    setup_django(env)
    steps = [int(s) for s in args.steps.split(",")]
    floor_counts = [int(s) for s in args.floor_paced.split(",")]
    floor_db = database + "_floor"
    sessions = floor_database(env, floor_db, max([*steps, *floor_counts]))
    paced_count = args.tables + sum(floor_counts)
    tables = make_tables(paced_count + max(steps) * (args.rounds + (1 if args.scale else 0)))
    pool = tables[paced_count:]

    # Paced: the floor and the site (bots pause 1 s) up together, measured turn about.
    floor = Floor(env, logs, floor_db, "django")
    try:
        site = Site(env, logs, bot_delay=1.0)
        try:
            paced = run_phase(site, tables[: args.tables], args.paced_seconds, think=1.0,
                              stagger=1.0)  # fmt: skip
            held, held_p95, at_floor = paced_side_by_side(
                floor, site, sessions, tables[args.tables : paced_count], floor_counts,
                args.floor_paced_seconds,
            )  # fmt: skip
        finally:
            site.close()
        # Saturated: the floor and the site (bots at once), turn about, step by step.
        site = Site(env, logs, bot_delay=0)
        try:
            floor_best, best = side_by_side(
                floor, site, sessions, pool, steps, args.step_seconds, args.rounds
            )
            queries = queries_per_move()
        finally:
            site.close()
    finally:
        floor.close()
    bare = Floor(env, logs, floor_db, "bare")
    try:
        bare_best = saturate(bare, bare.tables(max(steps), sessions), steps, args.step_seconds,
                             "bare_floor_step_tables")  # fmt: skip
    finally:
        bare.close()
    scaled = None
    if args.scale:
        site = Site(env, logs, bot_delay=0, webs=2, workers=2)
        try:
            scaled = saturate(site, pool[max(steps) * args.rounds :], steps, args.step_seconds,
                              "two_webs_step_tables", start=start_all)  # fmt: skip
        finally:
            site.close()

    site_rate = round(best["rate"], 1) if best else None
    floor_rate = round(floor_best["rate"], 1) if floor_best else None
    figures = {
        "tables": args.tables,
        "paced_moves": paced["moves"],
        "paced_p50_ms": percentile(paced["values"], 50),
        "paced_p95_ms": percentile(paced["values"], 95),
        "paced_p99_ms": percentile(paced["values"], 99),
        "paced_errors": paced["errors"],
        "saturated_moves_per_s": site_rate,
        "saturated_p95_ms": best["p95"] if best else None,
        "saturated_tables": best["tables"] if best else None,
        "cpu_ms_per_move": per_move(best),
        "queries_per_move": queries,
        "floor_moves_per_s": floor_rate,
        "floor_p95_ms": floor_best["p95"] if floor_best else None,
        "floor_cpu_ms_per_move": per_move(floor_best),
        "floor_paced_tables": held,
        "floor_paced_p95_ms": held_p95,
        "paced_p95_ms_at_floor_tables": percentile(at_floor["values"], 95) if at_floor else None,
        "moves_per_s_vs_floor": ratio(site_rate, floor_rate),
        "cpu_per_move_vs_floor": ratio(per_move(best), per_move(floor_best)),
        "bare_floor_moves_per_s": round(bare_best["rate"], 1) if bare_best else None,
        "bare_floor_cpu_ms_per_move": per_move(bare_best),
    }
    if scaled is not None or args.scale:
        figures["two_webs_moves_per_s"] = round(scaled["rate"], 1) if scaled else None
        figures["two_webs_vs_one"] = ratio(figures["two_webs_moves_per_s"], site_rate)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
