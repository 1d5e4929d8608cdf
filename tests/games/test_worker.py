"""Bots play whole sets of every style through a real Celery worker on the run's real broker
(the embedded Redis, or REDIS_URL's in CI's second pass): tasks queued on commit, run by the
worker, each one move, until every set is over. The worker is a process of its own
(tests/worker_process.py) and forks its pool as in production."""

from __future__ import annotations

import pytest

from games.models import Match, Move
from games.services import seating
from games.services.play import start_match
from tests.waiting import wait_until
from tests.worker_process import worker_process

pytestmark = [pytest.mark.processes, pytest.mark.django_db(transaction=True)]

#: (style, seats, options, bot levels): every style, short targets where the style has one.
SETS = [
    ("cutthroat", 4, {}, ["casual", "random", "casual", "random"]),
    ("partner", 4, {}, ["random", "casual", "random", "casual"]),
    ("block", 2, {"target": 50}, ["casual", "random"]),
    ("draw", 4, {"teams": True, "target": 50}, ["random", "casual", "random", "casual"]),
    ("french", 4, {}, ["expert", "random", "casual", "random"]),
    ("doubles", 3, {"target": 50}, ["casual", "random", "casual"]),
]


def test_bot_tables_of_every_style_play_whole_sets_through_the_worker(tmp_path):
    tables = [
        seating.create_table(None, style, seats, options, turn_clock=0, bots=levels,
                             host_sits=False)
        for style, seats, options, levels in SETS
    ]  # fmt: skip
    with worker_process(tmp_path / "worker.log") as worker:
        matches = [start_match(table, seed=7) for table in tables]
        unfinished = Match.objects.exclude(state=Match.State.OVER).filter(
            pk__in=[m.pk for m in matches]
        )
        wait_until(
            lambda: not unfinished.exists(),
            240,
            "every set to end",
            interval=0.2,
            detail=lambda: f"{[str(m) for m in unfinished.all()]}\n{worker.tail()}",
        )
    for match in matches:
        moves = Move.objects.filter(game__match=match)
        assert moves.filter(reason=Move.Reason.BOT).exists()
        assert match.games.count() >= 1
