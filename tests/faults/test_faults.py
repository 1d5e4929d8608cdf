"""The site under faults: Redis, a web process, a worker and PostgreSQL die mid-game; two web
processes and two workers share one database and one Redis; a client sends every kind of abuse.

Every game played here must end, with every move stored exactly once, and no process may answer
a 500 or be left dead by a fault it should ride out. See tests/faults/cluster.py for how the
services are the test's own (embedded or a private PostgreSQL and Redis).
"""

from __future__ import annotations

import os
import time
import urllib.request
from pathlib import Path

import pytest

from tests.faults.client import VERSION, Player
from tests.faults.cluster import Cluster, postgres_binaries
from tests.waiting import wait_until

pytestmark = pytest.mark.faults


@pytest.fixture
def cluster(tmp_path: Path, request):
    marker = request.node.get_closest_marker("site")
    made = Cluster(tmp_path, **(marker.kwargs if marker else {}))
    try:
        yield made
    finally:
        made.close()
        artifacts = Path(__file__).resolve().parents[2] / "test-results" / "faults"
        artifacts.mkdir(parents=True, exist_ok=True)
        for log in tmp_path.glob("*.log"):
            (artifacts / f"{request.node.name}-{log.name}").write_bytes(log.read_bytes())


def moves_stored_once(cluster: Cluster, table: int) -> dict:
    """Every game of the table has moves 1..version, each once; returns the state."""
    state = cluster.fixture("state", "--table", str(table))
    for match in state["matches"]:
        for game in match["games"]:
            seqs = game["seqs"]
            assert seqs == list(range(1, len(seqs) + 1)), game  # no gap, no move twice
            if game["state"] != "playing":
                assert len(seqs) == game["version"], game
            else:  # still being played: moves may land between the two reads
                assert len(seqs) >= game["version"], game
    return state


def first_game_over(cluster: Cluster, table: int, timeout: float) -> dict:
    last: dict = {}

    def over():
        state = cluster.fixture("state", "--table", str(table))
        last.update(state)
        games = state["matches"][0]["games"]
        return state if games and games[0]["state"] == "over" else None

    def where() -> str:  # whose turn it stopped on, at which version
        games = [{k: g[k] for k in ("state", "version", "turn")}
                 for m in last.get("matches", []) for g in m["games"]]  # fmt: skip
        return f"games {games}, seats {last.get('seats')}"

    return wait_until(over, timeout, "the first game to end", interval=0.5, detail=where)


#: What a web process logs when a request answers 500 or a consumer dies (socket closed 1011).
SERVER_ERRORS = ("Internal Server Error", "Exception inside application", "HTTP 500")


def no_server_errors(cluster: Cluster, *names: str) -> None:
    for name in names:
        log = cluster.log(name)
        for marker in SERVER_ERRORS:
            assert marker not in log, f"{name}: {marker}\n{log[-3000:]}"


def get(url: str, session: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url)
    if session:
        request.add_header("Cookie", f"sessionid={session}")
    try:  # well beyond the site's own waits (DB_POOL_TIMEOUT), which the tests measure
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def on_page(cluster: Cluster, code: str) -> tuple[int, int]:
    """(game, version) of the table as its page shows it now, read from the database."""
    status, page = get(f"{cluster.base()}play/t/{code}/")
    assert status == 200, status
    found = VERSION.search(page)
    return int(found.group(2)), int(found.group(1))


def start_site(cluster: Cluster, webs: int = 1, workers: int = 1) -> None:
    for index in range(webs):
        cluster.start_web(index)
    for index in range(workers):
        cluster.start_worker(index)
    cluster.start_beat()


def test_a_game_survives_redis_stopping_and_starting(cluster):
    start_site(cluster)
    made = cluster.fixture("table", "--humans", "1")
    player = Player(cluster.base(), made["code"], made["sessions"][0])
    player.start()
    try:
        player.wait(lambda seen: len(seen.versions) >= 3, 30, "a few moves before the fault")
        player.auto.clear()  # the player waits for their turn while Redis is down
        player.wait(player.offers_a_tile, 30, "the bots to play round to the player")
        cluster.kill_redis()
        url = f"{cluster.base()}play/t/{made['code']}/"
        status, page = get(url, made["sessions"][0])
        assert status == 200 and 'id="table-live"' in page, "pages answer without Redis"
        assert get(cluster.base() + "healthz")[0] == 503
        shown = player.seen.latest
        answered = len(player.statuses)
        player.auto.set()  # moves made now commit; nobody can be told until Redis is back
        player.act_now()
        # Its answer, within the 3 s the test has always watched the clicks for.
        player.wait(lambda _: len(player.statuses) > answered, 3, "the click to be answered")
        assert all(status in (0, 200) for status in player.statuses), player.statuses
        cluster.start_redis()
        player.wait(lambda seen: seen.latest != shown, 30, "the table to move on after Redis")
        first_game_over(cluster, made["table"], 90)
        assert all(cluster.alive().values()), cluster.alive()
    finally:
        player.stop()
    moves_stored_once(cluster, made["table"])
    no_server_errors(cluster, "web0")


def test_a_killed_web_process_comes_back_and_players_resync(cluster):
    start_site(cluster)
    made = cluster.fixture("table", "--humans", "1")
    player = Player(cluster.base(), made["code"], made["sessions"][0])
    player.start()
    try:
        player.wait(lambda seen: len(seen.versions) >= 4, 30, "moves before the kill")
        cluster.kill_web(0)
        player.wait(lambda seen: seen.drops >= 1, 10, "the socket to drop with its process")
        cluster.start_web(0)
        player.wait(lambda seen: seen.connects >= 2, 30, "the socket to reconnect")
        first_game_over(cluster, made["table"], 90)
        moves_stored_once(cluster, made["table"])
        # The dead process could not release its presence; the sweep expires it, and the
        # player's new socket keeps the seat present.
        state = wait_until(
            lambda: (s := cluster.fixture("state", "--table", str(made["table"])))["presences"]
            == 1 and s,
            20, "the dead process's presence to expire",
        )  # fmt: skip
        assert not state["seats"][0]["away"]
    finally:
        player.stop()


@pytest.mark.site(BOT_DELAY="0.3")
def test_a_worker_killed_mid_bot_turn_leaves_each_turn_played_once(cluster):
    start_site(cluster)
    made = cluster.fixture("table", "--humans", "0", "--level", "casual")
    watcher = Player(cluster.base(), made["code"])
    watcher.start()
    try:
        for _ in range(3):
            # Once the worker started last has played a move, it holds the next bot's turn
            # (queued with BOT_DELAY's countdown) until it plays it: killed now, it dies mid
            # turn, and that turn waits for the sweep (a game stalled 8 s, swept every 5 s).
            # The page read after a kill shows every move the killed worker made, so a later
            # version is the new worker's.
            before = on_page(cluster, made["code"])
            watcher.wait(
                lambda seen, before=before: seen.latest and seen.latest > before,
                30,
                "a move by the worker started last",
            )
            cluster.kill_worker(0)
            cluster.start_worker(0)
    finally:
        watcher.stop()
    first_game_over(cluster, made["table"], 120)
    moves_stored_once(cluster, made["table"])


@pytest.mark.skipif(not os.environ.get("DATABASE_URL"), reason="needs the PostgreSQL pass")
@pytest.mark.skipif(postgres_binaries() is None, reason="no PostgreSQL binaries")
def test_requests_fail_with_a_clear_page_while_postgres_restarts_and_then_recover(cluster):
    start_site(cluster)
    made = cluster.fixture("table", "--humans", "1")
    player = Player(cluster.base(), made["code"], made["sessions"][0])
    player.start()
    url = f"{cluster.base()}play/t/{made['code']}/"
    try:
        player.wait(lambda seen: len(seen.versions) >= 3, 30, "moves before the restart")
        cluster.postgres.stop()
        down = time.monotonic()
        # The first request may still meet a pooled connection that fails at once; after it
        # the pool is empty, and a request waits DB_POOL_TIMEOUT (5 s) for it, never longer.
        for _ in range(2):
            started = time.monotonic()
            status, page = get(url, made["sessions"][0])
            assert status == 503, status
            assert "Traceback" not in page and "try again" in page
            assert time.monotonic() - started < 5 + 3, "the 503 comes within the pool's wait"
        started = time.monotonic()
        assert get(cluster.base() + "healthz")[0] == 503
        assert time.monotonic() - started < 2 + 2, "a health probe answers in its own time"
        # Down for 20 s, then back within a request's wait. A pool left to its own backoff
        # (retrying 1, 2, 4, 8... s apart for 5 minutes) came back 5 s after 20 s down and
        # 16 s after 44 s; giving a slot up after 5 s lets the next request try at once.
        # This sleep stays: the outage's length is what is tested, not a wait for anything.
        time.sleep(max(0.0, 20 - (time.monotonic() - down)))
        cluster.postgres.start()
        wait_until(lambda: get(url, made["sessions"][0])[0] == 200, 6, "the page to recover")
        first_game_over(cluster, made["table"], 90)
    finally:
        player.stop()
    moves_stored_once(cluster, made["table"])
    assert all(cluster.alive().values()), cluster.alive()


def test_two_web_processes_and_two_workers_share_every_move(cluster):
    start_site(cluster, webs=2, workers=2)
    made = cluster.fixture("table", "--humans", "1")
    # The player's socket is on web 1 while its clicks go to web 0; watchers sit on both.
    player = Player(cluster.base(1), made["code"], made["sessions"][0], post_base=cluster.base(0))
    watchers = [Player(cluster.base(i), made["code"]) for i in (0, 1)]
    for one in (player, *watchers):
        one.start()
    try:
        first_game_over(cluster, made["table"], 90)
        state = moves_stored_once(cluster, made["table"])
        last = (state["matches"][0]["games"][0]["id"], state["matches"][0]["games"][0]["version"])
        for one in (player, *watchers):
            one.wait(lambda seen, last=last: last in seen.versions, 20, "the last move")
    finally:
        for one in (player, *watchers):
            one.stop()
    assert any(s == 200 for s in player.statuses)
    assert all(cluster.alive().values()), cluster.alive()


def test_abuse_over_a_real_socket_is_refused_and_changes_nothing(cluster):
    start_site(cluster)
    made = cluster.fixture("table", "--humans", "4", "--seed", "11")
    ann = Player(cluster.base(), made["code"], made["sessions"][0], play=False)
    bob = Player(cluster.base(), made["code"], made["sessions"][1], play=False)
    ann.start()
    bob.start()
    try:
        ann.wait(lambda seen: seen.latest, 20, "the first frame")
        before = cluster.fixture("state", "--table", str(made["table"]))
        game, version = ann.seen.latest
        # Whoever is not to play sends the frames: each claims the turn for another seat.
        forger = bob if before["matches"][0]["games"][0]["turn"] == 0 else ann
        claim = (f'{{"game": "{game}", "version": "{version}", "kind": "play", '
                 '"tile": "6-6", "seat": 0, "player": 1}')  # fmt: skip
        frames = ["hello", "[]", "{}", '{"kind": "play"}', "x" * 100_000, claim,
                  '{"game": 1, "version": 0, "kind": "pass", "seat": 3}']  # fmt: skip
        for frame in frames:
            forger.send(frame)
        forger.send(b"\x00" * 1000)
        for _ in range(200):
            forger.send(claim)
        forger.wait(lambda seen: len(seen.notices) >= 5, 20, "notices for the bad frames")
        assert forger.post_now("move/", {"game": str(game), "version": str(version),
                                         "kind": "pass", "seat": "0"}) == 400  # fmt: skip
        assert ann.post_now("move/", {"game": "x"}) == 400
        assert ann.post_now("bot/", {"seat": "9", "level": "x" * 300}) == 409
        after = cluster.fixture("state", "--table", str(made["table"]))
        assert after["matches"] == before["matches"], "no game changed"
        assert get(f"{cluster.base()}play/t/{made['code']}/")[0] == 200
        foreign = Player(cluster.base(), made["code"], made["sessions"][0], play=False,
                         origin="http://127.0.0.1:9")  # fmt: skip
        foreign.start()
        foreign.wait(lambda seen: seen.refused, 20, "the other origin's socket to be refused")
        assert foreign.seen.connects == 0, "a page of another origin cannot open a socket"
        foreign.stop()
    finally:
        ann.stop()
        bob.stop()
    wait_until(
        lambda: cluster.fixture("state", "--table", str(made["table"]))["presences"] == 0,
        15, "both seats released",
    )  # fmt: skip
    no_server_errors(cluster, "web0")
    assert all(cluster.alive().values())
