"""The expert's analysis on the replay page: asked for once per finished game, worked out by the
task (run here synchronously), shown move by move with the summary per player; never offered
for a game still being played."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.services import seating
from history import analysis, tasks
from history.models import GameAnalysis, ImportedRecord
from tests.bots.test_analysis import PLANTED
from tests.factories import make_user, start_table
from tests.history.helpers import played

pytestmark = pytest.mark.django_db


def test_analysing_a_finished_game_queues_once_runs_and_shows_in_the_replay(
    client, django_capture_on_commit_callbacks
):
    match, (ann,) = played("cutthroat", 4, seed=3)
    client.force_login(ann)
    replay = reverse("history_match_game", args=[match.pk, 1])
    assert "Analyse this game" in client.get(replay).content.decode()
    ask = reverse("history_match_game_analyse", args=[match.pk, 1])
    with django_capture_on_commit_callbacks(execute=False) as queued:
        assert client.post(ask).status_code == 302
    row = GameAnalysis.objects.get(game__match=match, number=1)
    assert row.state == GameAnalysis.State.QUEUED
    assert len(queued) == 1
    with django_capture_on_commit_callbacks(execute=False) as again:
        panel = client.post(ask, HTTP_HX_REQUEST="true")  # the button, pressed again
    assert again == []  # asking twice does not analyse twice
    assert "analysis-progress" in panel.content.decode()
    assert GameAnalysis.objects.count() == 1
    assert "analysis-progress" in client.get(replay).content.decode()

    tasks.analyse_game(row.pk)

    row.refresh_from_db()
    assert row.state == GameAnalysis.State.DONE
    assert row.done == row.total > 0
    decision = row.result["decisions"][0]
    page = client.get(f"{replay}?at={decision['index'] + 1}").content.decode()
    assert "analysis-summary" in page
    assert 'class="judged' in page  # the move shown has its cost and the best move
    assert 'class="cost' in page  # the move list is marked
    assert 'class="value-chart"' in page
    assert page.count('<g class="series') == 4  # a line per player
    assert page.count('<circle class="at"') == 1  # the move on screen, on its player's line
    with django_capture_on_commit_callbacks(execute=False) as after:
        done = client.post(ask, HTTP_HX_REQUEST="true")  # a page left open, pressed once done
    assert after == []
    assert done.status_code == 204
    assert done["HX-Refresh"] == "true"  # the page reloads to show the costs in the move list


def test_the_panel_shows_the_progress_while_the_analysis_runs(client):
    match, (ann,) = played("cutthroat", 4, seed=4)
    client.force_login(ann)
    game = match.games.get(number=1)
    GameAnalysis.objects.create(game=game, number=1, state="running", done=3, total=12)
    replay = reverse("history_match_game", args=[match.pk, 1])
    row = GameAnalysis.objects.get(game=game)
    page = client.get(replay).content.decode()
    panel = page[page.index('id="analysis"') :]
    panel = panel[: panel.index("</section>")]
    assert f'ws-connect="/ws/analysis/{row.pk}/"' in panel  # it moves over the socket
    assert "hx-trigger" not in panel  # no polling
    assert 'value="3"' in panel and 'max="12"' in panel


def test_a_game_still_being_played_is_never_analysed(client):
    ann = make_user("ann")

    table = seating.create_table(ann, "cutthroat", 4, {}, bots=[None] + ["casual"] * 3,
                                 host_sits=False, players=[ann, None, None, None])  # fmt: skip
    match = start_table(table, seed=2)
    assert match.games.get(number=1).state == Game.State.PLAYING
    client.force_login(ann)
    page = client.get(reverse("history_match_game", args=[match.pk, 1])).content.decode()
    assert "Analyse this game" not in page
    assert 'id="analysis"' not in page
    response = client.post(reverse("history_match_game_analyse", args=[match.pk, 1]))
    assert response.status_code == 404
    assert not GameAnalysis.objects.exists()


def test_asking_for_an_analysis_takes_a_signed_in_player(client):
    match, _ = played("cutthroat", 4, seed=3)
    response = client.post(reverse("history_match_game_analyse", args=[match.pk, 1]))
    assert response.status_code == 302
    assert "login" in response["Location"]
    assert not GameAnalysis.objects.exists()


def test_an_imported_game_shows_its_planted_blunder(client):
    ann = make_user("ann")
    imported = ImportedRecord.objects.create(
        owner=ann, name="planted", style="cutthroat", seats=4, games=1, record=PLANTED
    )
    client.force_login(ann)
    client.post(reverse("history_imported_game_analyse", args=[imported.pk, 1]))
    row = GameAnalysis.objects.get(imported=imported, number=1)
    tasks.analyse_game(row.pk)
    page = client.get(reverse("history_imported_game", args=[imported.pk, 1]) + "?at=24")
    text = page.content.decode()
    assert "big error" in text
    assert "3-1 on 4-3" in text  # the best move, beside the one played


WAITING = "You already have 2 analyses waiting; ask for this one once one of them is done."


@override_settings(ANALYSES_WAITING_PER_USER=2)
def test_one_person_may_keep_only_so_many_analyses_waiting(client):
    """The analysis worker has one slot: a person's pile of requests must not hold up the
    others', nor the event games' own, which nobody asks for."""
    match, (ann,) = played("cutthroat", 4, seed=3, whole_set=True)
    client.force_login(ann)

    def ask(number: int, **headers: str):
        url = reverse("history_match_game_analyse", args=[match.pk, number])
        return client.post(url, follow=not headers, **headers)

    assert ask(1).status_code == ask(2).status_code == 200
    refused = ask(3, HTTP_HX_REQUEST="true")
    assert refused.status_code == 429
    assert WAITING in refused.text and "Analyse this game" in refused.text  # ask later
    assert WAITING in ask(3).text  # without htmx: on the replay page
    assert not GameAnalysis.objects.filter(game__number=3).exists()
    assert ask(1).status_code == 200  # one already waiting: asking again costs nothing
    assert analysis.request_automatically(match.games.filter(number__in=[3, 4])) == 2
    bob = make_user("bob")
    assert analysis.request_for_game(bob, match.games.get(number=5)).requested_by == bob
    GameAnalysis.objects.filter(game__number=1).update(state=GameAnalysis.State.DONE)
    ask(6)
    assert GameAnalysis.objects.get(game__number=6).requested_by == ann


@override_settings(ANALYSES_WAITING_PER_USER=1)
def test_an_analysis_presumed_lost_no_longer_counts_as_waiting(client):
    match, (ann,) = played("cutthroat", 4, seed=3, whole_set=True)
    first, second = match.games.filter(number__in=[1, 2]).order_by("number")
    analysis.request_for_game(ann, first)
    with pytest.raises(analysis.TooManyWaiting):
        analysis.request_for_game(ann, second)
    lost = timezone.now() - analysis.STALE - timedelta(minutes=1)
    GameAnalysis.objects.filter(game=first).update(updated_at=lost)
    assert analysis.request_for_game(ann, second).state == GameAnalysis.State.QUEUED
