"""The analysis beyond the button: its progress reaches the replay page over a socket (counts
only, throttled, then the finished panel), an event's games are analysed as they end on a queue
of their own, and the viewer draws each player's value over the game."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config import serve
from config.asgi import application
from config.celery import app
from games.bots.analysis import analyse_game
from games.models import Match
from games.services import jobs, play, seating
from history import analysis, analysis_presenters, progress, tasks
from history.models import GameAnalysis
from tests.bots.test_analysis import PLANTED
from tests.factories import DEFAULT_PASSWORD, make_user, start_table
from tests.games.helpers import play_out_game
from tests.history.helpers import played
from tests.tournaments.factories import make_club
from tournaments.models import Round, Stage, TableAssignment, Tournament


def live(test):
    """A socket test: async, on a database whose commits the sockets' threads can see."""
    return pytest.mark.asyncio(pytest.mark.django_db(transaction=True)(test))


@sync_to_async
def _analysis_of_a_played_game() -> tuple[GameAnalysis, str]:
    match, (ann,) = played("cutthroat", 4, seed=5, prefix="live")
    row = GameAnalysis.objects.create(game=match.games.get(number=1), number=1, state="queued")
    client = Client()
    assert client.login(username=ann.username, password=DEFAULT_PASSWORD)
    return row, client.cookies[settings.SESSION_COOKIE_NAME].value


async def _connect(pk: int, session: str) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"),
               (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())]  # fmt: skip
    socket = WebsocketCommunicator(application, f"/ws/analysis/{pk}/", headers=headers)
    connected, _code = await socket.connect()
    assert connected
    return socket


async def _frames(socket: WebsocketCommunicator, wait: float = 1.5) -> list[str]:
    frames = []
    while not await socket.receive_nothing(timeout=wait, interval=0.02):
        output = await socket.output_queue.get()
        if output["type"] == "websocket.close":
            frames.append("<closed>")
            break
        frames.append(output["text"])
    return frames


@live
async def test_progress_moves_over_the_socket_and_the_finished_panel_follows():
    row, session = await _analysis_of_a_played_game()
    socket = await _connect(row.pk, session)
    first = await _frames(socket)
    assert 'id="analysis-status"' in first[0] and "Waiting for a free worker" in first[0]

    await sync_to_async(progress.tell_progress)(row.pk, 5, 12)
    moved = await _frames(socket)
    assert 'value="5"' in moved[-1] and 'max="12"' in moved[-1]
    assert "hand" not in moved[-1]  # a count, nothing of the deal

    await sync_to_async(tasks.analyse_game)(row.pk)
    frames = await _frames(socket, 3.0)
    assert frames[-1] == "<closed>"
    done = frames[-2]
    assert 'id="analysis"' in done and 'data-state="done"' in done
    assert "analysis-summary" in done
    steps = [f for f in frames if 'id="analysis-status"' in f]
    await sync_to_async(row.refresh_from_db)()
    assert 1 <= len(steps) <= row.total + 1  # throttled: at most one per step, fewer when quick


@live
async def test_a_stranger_to_a_private_game_gets_no_socket():
    row, _session = await _analysis_of_a_played_game()

    @sync_to_async
    def private_and_a_stranger() -> str:
        row.game.match.table.is_private = True
        row.game.match.table.save(update_fields=["is_private"])
        make_user("stranger")
        client = Client()
        assert client.login(username="stranger", password=DEFAULT_PASSWORD)
        return client.cookies[settings.SESSION_COOKIE_NAME].value

    session = await private_and_a_stranger()
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"),
               (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())]  # fmt: skip
    socket = WebsocketCommunicator(application, f"/ws/analysis/{row.pk}/", headers=headers)
    connected, _code = await socket.connect()
    assert not connected


def test_progress_is_written_and_told_at_most_twice_a_second(monkeypatch, db):
    told = []
    monkeypatch.setattr(progress, "tell_progress", lambda pk, d, t: told.append((d, t)))
    reporter = progress.Reporter(0, interval=60)
    for done in range(1, 21):
        reporter(done, 20)
    assert told == [(1, 20), (20, 20)]  # the first, then nothing till the last


def _event_game(prefix: str):
    """A Cut-Throat table of an event (one person, three casual bots), its first game dealt."""
    ann = make_user(f"{prefix}ann")
    table = seating.create_table(ann, "cutthroat", 4, {}, bots=[None] + ["casual"] * 3,
                                 host_sits=False, players=[ann, None, None, None])  # fmt: skip
    match = start_table(table, seed=7)
    club = make_club(make_user(f"{prefix}boss"))
    event = Tournament.objects.create(club=club, name=f"{prefix} night", slug=f"{prefix}-night",
                                      style="cutthroat", seats=4, format="swiss")  # fmt: skip
    stage = Stage.objects.create(tournament=event, number=1)
    rnd = Round.objects.create(tournament=event, stage=stage, number=1)
    TableAssignment.objects.create(round=rnd, number=1, seats=[], table=table, match=match)
    return match


@pytest.fixture
def sent(monkeypatch) -> list[tuple]:
    calls: list[tuple] = []
    monkeypatch.setattr(jobs, "send", lambda name, args, **kw: calls.append((name, args)) or True)
    return calls


@pytest.mark.django_db
def test_a_finished_event_game_queues_exactly_one_analysis(
    sent, django_capture_on_commit_callbacks
):
    match = _event_game("ev")
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out_game(match)
    queued = [args for name, args in sent if name == analysis.ANALYSE]
    row = GameAnalysis.objects.get(game=game)
    assert queued == [(row.pk,)]
    assert row.requested_by is None and row.state == GameAnalysis.State.QUEUED
    from history import listeners

    listeners.on_game_finished(None, game_id=game.pk, match_id=match.pk)  # heard twice
    assert [a for n, a in sent if n == analysis.ANALYSE] == [(row.pk,)]


@pytest.mark.django_db
def test_a_sealed_event_game_is_analysed_once_its_deals_are_unsealed(
    sent, django_capture_on_commit_callbacks
):
    match = _event_game("sealed")
    Match.objects.filter(pk=match.pk).update(sealed=True, deal_key="k")
    match.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out_game(match)
    assert not GameAnalysis.objects.exists()  # its deal is still being played elsewhere
    with django_capture_on_commit_callbacks(execute=True):
        play.unseal([match.pk])
    row = GameAnalysis.objects.get(game=game)
    assert [a for n, a in sent if n == analysis.ANALYSE] == [(row.pk,)]


@pytest.mark.django_db
def test_a_site_may_leave_event_games_to_the_players(
    sent, settings, django_capture_on_commit_callbacks
):
    settings.ANALYSE_EVENT_GAMES = False
    match = _event_game("off")
    with django_capture_on_commit_callbacks(execute=True):
        play_out_game(match)
    assert not GameAnalysis.objects.exists()
    assert all(name != analysis.ANALYSE for name, _args in sent)


@pytest.mark.django_db
def test_a_game_outside_an_event_is_not_analysed_unasked(sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        played("cutthroat", 4, seed=6, prefix="free")
    assert not GameAnalysis.objects.exists()


def test_analyses_go_to_their_own_queue_and_bot_moves_do_not():
    route = app.amqp.router.route
    assert route({}, analysis.ANALYSE)["queue"].name == settings.ANALYSIS_QUEUE
    assert route({}, jobs.BOT_TURN)["queue"].name == settings.CELERY_TASK_DEFAULT_QUEUE
    assert settings.ANALYSIS_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE


def test_make_run_starts_a_worker_of_one_slot_for_the_analysis_queue(tmp_path):
    commands = serve.commands("127.0.0.1", "8000", tmp_path)
    worker, analyse = commands["worker"], commands["analyse"]
    assert "-Q" not in worker  # bots and clocks: the default queue
    assert analyse[analyse.index("-Q") + 1] == settings.ANALYSIS_QUEUE
    assert analyse[analyse.index("--concurrency") + 1] == "1"
    assert analyse[:3] == ["nice", "-n", "10"]


def test_the_value_chart_has_a_point_per_judged_move_of_each_player_and_marks_the_one_shown():
    result = analyse_game(PLANTED, 1, seed=1, worlds=40, luck_samples=40, draw_samples=20)
    names = ["Ann", "Bob", "Cy", "Di"]
    moves = len(PLANTED["games"][0]["moves"])
    at = result["decisions"][0]["index"] + 1
    chart = analysis_presenters.value_chart(result, names, at, moves)
    assert [line.label for line in chart.series] == names
    for seat, line in enumerate(chart.series):
        judged = sum(d["seat"] == seat for d in result["decisions"])
        drawn = sum(d["seat"] == seat for d in result["draws"])
        assert len(line.dots) == judged + drawn + 2  # the deal and the end too
        xs = [dot.x for dot in line.dots]
        assert xs == sorted(xs)
    assert sum(dot.css == "at" for line in chart.series for dot in line.dots) == 1
    assert chart.marker is not None
    assert chart.title.startswith("Each player's estimated win chance")
    assert all(re.search(rf"{name}: \d+% to \d+%", chart.title) for name in names)


def test_an_analysis_stored_before_the_deal_value_still_draws():
    result = analyse_game(PLANTED, 1, seed=1, worlds=20, luck_samples=20, draw_samples=10)
    for player in result["players"]:
        del player["deal_value"]
    chart = analysis_presenters.value_chart(result, ["A", "B", "C", "D"], 0, 10)
    assert all(line.dots for line in chart.series)
