"""Bots play whole sets of every style through a real Celery worker on the run's real broker
(the embedded Redis, or REDIS_URL's in CI's second pass): tasks queued on commit, run by the
worker, each one move, until every set is over. The worker forks its pool as in production."""

from __future__ import annotations

import gc
import os
import sqlite3
import time

import pytest
from asgiref.sync import SyncToAsync
from celery.contrib.testing.worker import start_worker
from celery.signals import worker_process_init
from django.db import connections

from config.celery import app
from games.models import Match, Move
from games.services import seating
from games.services.play import start_match

pytestmark = pytest.mark.django_db(transaction=True)

#: (style, seats, options, bot levels): every style, short targets where the style has one.
SETS = [
    ("cutthroat", 4, {}, ["casual", "random", "casual", "random"]),
    ("partner", 4, {}, ["random", "casual", "random", "casual"]),
    ("block", 2, {"target": 50}, ["casual", "random"]),
    ("draw", 4, {"teams": True, "target": 50}, ["random", "casual", "random", "casual"]),
    ("french", 4, {}, ["expert", "random", "casual", "random"]),
    ("doubles", 3, {"target": 50}, ["casual", "random", "casual"]),
]


@pytest.fixture
def environment_kept():
    """Celery's worker writes its log settings into os.environ (CELERY_LOG_LEVEL and more);
    later tests start subprocesses that must not inherit them."""
    saved = dict(os.environ)
    yield
    os.environ.clear()
    os.environ.update(saved)


def test_bot_tables_of_every_style_play_whole_sets_through_the_worker(environment_kept):
    tables = [
        seating.create_table(None, style, seats, options, turn_clock=0, bots=levels,
                             host_sits=False)
        for style, seats, options, levels in SETS
    ]  # fmt: skip
    _forget_connections()  # the forked pool must not inherit (and then close) ours
    with start_worker(
        app, pool="prefork", concurrency=2, perform_ping_check=False, shutdown_timeout=30
    ):
        matches = [start_match(table, seed=7) for table in tables]
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            states = set(Match.objects.filter(pk__in=[m.pk for m in matches]).values_list(
                "state", flat=True))  # fmt: skip
            if states == {Match.State.OVER}:
                break
            time.sleep(0.2)
    unfinished = Match.objects.exclude(state=Match.State.OVER).filter(
        pk__in=[m.pk for m in matches]
    )
    assert not unfinished.exists(), [str(m) for m in unfinished]
    for match in matches:
        moves = Move.objects.filter(game__match=match)
        assert moves.filter(reason=Move.Reason.BOT).exists()
        assert match.games.count() >= 1


def _forget_connections() -> None:
    """Close this process's database connections and pool before the worker forks: a child
    closing an inherited connection ends it on the server for the parent too.

    That means every thread's, not only this one's: asgiref's one sync thread (the one Channels'
    consumers and ``sync_to_async`` use in earlier tests) keeps a connection of its own. A child
    forked with it inherits an open SQLite file, and when the child drops the dead thread's
    state it closes that file, which releases the child's own locks on it (POSIX locks are per
    process): once in a CI run a worker then met "file is not a database" and an event never
    finished."""
    SyncToAsync.single_thread_executor.submit(_close_here).result()
    _close_here()


#: The SQLite handles a forked pool child inherited, held so that they are never finalized.
_INHERITED: list[sqlite3.Connection] = []


@worker_process_init.connect(weak=False)
def _keep_inherited_handles(**kwargs) -> None:
    """In a forked pool child, pin every SQLite handle the parent had open. The parent may open
    one again while the pool is still forking (the test's thread goes on as soon as the worker
    reports started); in the child that handle belongs to a thread that does not exist, and its
    wrapper sits in reference cycles, so the collector would close it at some later moment, and
    closing an SQLite file releases every POSIX lock the child holds on it: a write in flight
    then runs unlocked beside the parent's ("database disk image is malformed" in one CI run).
    Pinned, the handle stays open and unused until the child exits."""
    _INHERITED.extend(o for o in gc.get_objects() if isinstance(o, sqlite3.Connection))


def _close_here() -> None:
    for conn in connections.all(initialized_only=True):
        conn.close()
        if hasattr(conn, "close_pool"):
            conn.close_pool()
