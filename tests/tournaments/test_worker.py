"""Events of every format run by themselves through a real Celery worker (a process of its own,
tests/worker_process.py) on the run's real broker (the embedded Redis, or REDIS_URL's in CI's
second pass), as ``tests/games/test_worker.py`` does for sets: the test only starts the clock
(one sweep once the start time has passed); the worker starts round 1, bots play every table
move by move, each finished set lands on its table, the last one queues a step that seats and
starts the next round, and the event finishes itself. Bots have no think time here (tests'
settings). A second test stops the worker in the middle of a round, throws away every queued
task, and shows that the sweeps bring the event to its end."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.celery import app
from games.services import sweep as games_sweep
from tests.tournaments.factories import open_event, owner_of
from tests.waiting import wait_until
from tests.worker_process import WorkerProcess, worker_process
from tournaments.models import Entry, Round, TableAssignment, Tournament
from tournaments.services import entries, schedule

pytestmark = [pytest.mark.processes, pytest.mark.django_db(transaction=True)]

QUICK = {"play_mode": "games", "games_per_table": 1, "turn_clock": 0, "bots_fill": True}

#: format -> (fields, bot entries): every format, small, one game a table.
EVENTS = {
    "single_elimination": ({"style": "block", "seats": 2, "format": "single_elimination",
                            "byes": "bots"}, 5),
    "double_elimination": ({"style": "draw", "seats": 2, "format": "double_elimination"}, 4),
    "round_robin": ({"style": "doubles", "seats": 2, "format": "round_robin"}, 3),
    "swiss": ({"style": "partner", "seats": 4, "format": "swiss",
               "format_options": {"rounds": 2}}, 4),
    "swiss_tables": ({"style": "french", "seats": 4, "format": "swiss_tables",
                      "format_options": {"rounds": 2}}, 6),
    "table_knockout": ({"style": "cutthroat", "seats": 4, "format": "table_knockout"}, 8),
    "two_stage": ({"style": "block", "seats": 2, "format": "two_stage",
                   "format_options": {"pools": "swiss", "advance": 4,
                                      "pool_options": {"rounds": 2}}}, 6),
}  # fmt: skip


def bot_event(club, name: str, fields: dict, bots: int) -> Tournament:
    event = open_event(
        club, name=name, starts_at=timezone.now() + timedelta(hours=1), **QUICK, **fields
    )
    for _ in range(bots):
        entries.register_bot(event, owner_of(club))
    Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    return event


def wait_for_finish(
    ids: list[int], seconds: float, worker: WorkerProcess, sweeping: bool = False
) -> None:
    def finished() -> bool:
        states = set(Tournament.objects.filter(pk__in=ids).values_list("state", flat=True))
        if states == {Tournament.State.FINISHED}:
            return True
        if sweeping:  # what beat does every few seconds
            games_sweep.sweep()
            schedule.sweep()
        return False

    def where() -> str:
        states = dict(Tournament.objects.filter(pk__in=ids).values_list("name", "state"))
        return f"{states}; the worker's log:\n{worker.tail()}"

    # Sweeping, the 1 s between looks is beat's cadence played by the test, not a guess.
    interval = 1.0 if sweeping else 0.2
    wait_until(finished, seconds, "every event to finish", interval=interval, detail=where)


def assert_finished_whole(event: Tournament, log: str = "") -> None:
    event.refresh_from_db()
    assert event.state == Tournament.State.FINISHED, (event.format, event.notice, log)
    places = list(Entry.objects.filter(tournament=event).values_list("final_place", flat=True))
    assert None not in places and min(places) == 1
    assert not event.rounds.exclude(state=Round.State.FINISHED).exists()
    tables = TableAssignment.objects.filter(round__tournament=event)
    assert not tables.filter(places__isnull=True).exists()
    assert not tables.filter(adjudicated=True).exists()


def test_an_event_of_every_format_runs_itself_through_the_worker(club, tmp_path):
    events = [bot_event(club, name, *EVENTS[name]) for name in EVENTS]
    with worker_process(tmp_path / "worker.log") as worker:
        assert schedule.sweep() == len(events)  # the start time has come: beat's sweep
        wait_for_finish([e.pk for e in events], 240, worker)
        log = worker.tail()
    for event in events:
        assert_finished_whole(event, log)
    byes = TableAssignment.objects.filter(round__tournament=events[0], bye=True)
    assert byes.exists() and all(t.points == [0.0, 0.0] for t in byes)


def test_a_worker_stopped_mid_round_with_its_tasks_lost_finishes_the_event_by_the_sweep(
    club, tmp_path
):
    event = bot_event(club, "Restarted", *EVENTS["table_knockout"])
    with worker_process(tmp_path / "first.log") as worker:
        schedule.sweep()
        finished = TableAssignment.objects.filter(
            round__tournament=event, state=TableAssignment.State.FINISHED
        )
        # Stop once round 1 has a table finished.
        wait_until(
            lambda: finished.exists(),
            60,
            "a table of round 1 to finish",
            interval=0.05,
            detail=worker.tail,
        )
        worker.stop()  # warm: the tasks it runs finish, the queued ones stay queued
    app.control.purge()  # every queued bot turn and step is lost
    event.refresh_from_db()
    assert event.state == Tournament.State.RUNNING
    with worker_process(tmp_path / "second.log") as worker:
        wait_for_finish([event.pk], 120, worker, sweeping=True)
        log = worker.tail()
    assert_finished_whole(event, log)
