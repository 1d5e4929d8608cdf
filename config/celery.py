"""The Celery app. Settings come from Django (``CELERY_*``); tasks are found in each app's tasks.py.

Tasks subclass Celery's DjangoTask, so ``task.delay_on_commit(...)`` queues a task only once the
surrounding transaction commits: a task never runs for a change that was rolled back.

The worker must ride out a broker outage (see ``_closed_channels_fail_as_connection_errors``).
"""

from __future__ import annotations

import os
from typing import Any

import redis
from celery import Celery
from celery.signals import task_prerun, worker_process_init
from django.db import close_old_connections
from kombu.transport import redis as kombu_redis

from config import collector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dominoes", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["config", "accounts", "games", "tournaments", "history"])


@worker_process_init.connect
def _settle_collector(**kwargs: object) -> None:
    """A pool process holds Django and every task module by now: freeze them, as the web
    process does (``config.collector``); a full collection in the middle of a bot's move
    otherwise held its row lock and its table's sockets for up to ~150 ms."""
    collector.settle()


@task_prerun.connect
def _fresh_connections(task=None, **kwargs: object) -> None:
    """Drop a broken or too old database connection before a task, as Django does per request
    (connections are otherwise reused across tasks: CELERY_DB_REUSE_MAX in settings). An eager
    task runs inside its caller's transaction and keeps its connection."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    close_old_connections()


def _closed_channels_fail_as_connection_errors() -> None:
    """Make a broker channel whose connection was already collected fail as a connection error.

    Why: when the broker goes away, Celery 5.7's consumer first *collects* the connection (which
    detaches its transport: ``transport.client = None``) and then *closes* it. Closing the default
    channel requeues the messages it still holds unacknowledged, and with ``acks_late`` that is
    every task running at that moment (a bot's move, a turn clock). The requeue asks kombu's
    redis channel for a connection pool, which reads ``self.connection.client.hostname`` and
    fails with ``AttributeError: 'NoneType' object has no attribute 'hostname'``. Celery
    ignores only connection errors during that cleanup, so the AttributeError ended the worker
    ("Unrecoverable error"); the late ack of the task still running failed the same way.

    Raising redis's ConnectionError instead lets both cleanup paths carry on as they are meant
    to: the consumer reconnects when the broker is back, the running task finishes, and its
    message, still in Redis's unacked set, is redelivered after the visibility timeout (the
    task is idempotent by game version). Test: tests/config/test_worker_outage.py.
    """
    original = kombu_redis.Channel._connparams
    if getattr(original, "_rides_out_outages", False):
        return

    def _connparams(self: kombu_redis.Channel, *args: Any, **kwargs: Any) -> dict[str, Any]:
        transport = self.connection
        if transport is None or transport.client is None:
            raise redis.exceptions.ConnectionError("the broker connection was already closed")
        return original(self, *args, **kwargs)

    _connparams._rides_out_outages = True  # type: ignore[attr-defined]
    kombu_redis.Channel._connparams = _connparams


_closed_channels_fail_as_connection_errors()
