"""A game's result stays on screen, with no clock running, until every player at the table has
pressed "Next game" or the table's countdown ends (issue 42): the pause is the server's state
(``Game.next_at``, ``Game.ready``), so a reload during it finds the result and the score."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from games.live import rendering
from games.models import Game, Match, Seat
from games.services import jobs, play, scheduling
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.games.helpers import current, play_out_game

pytestmark = pytest.mark.django_db


def finished_first_game(*people, seed: int = 5, **table):
    """A Cut-Throat table with ``people`` in the first seats and bots in the rest, whose first
    game is over and whose set goes on."""
    table.setdefault("turn_clock", 30)
    bots = [None] * len(people) + ["casual"] * (4 - len(people))
    host = people[0] if people else None
    made = make_table(host, bots=bots, host_sits=bool(people), **table)
    for index, person in enumerate(people[1:], start=1):
        Seat.objects.filter(table=made, index=index).update(player=person)
    match = start_table(made, seed=seed)
    game = play_out_game(match)
    match.refresh_from_db()
    assert match.state == Match.State.PLAYING
    return made, match, game


def signed_in(user) -> Client:
    client = Client()
    client.login(username=user.username, password=DEFAULT_PASSWORD)
    return client


def press_next(client: Client, table) -> object:
    return client.post(reverse("next_game", kwargs={"code": table.code}), HTTP_HX_REQUEST="true")


def test_the_result_stays_with_no_clock_running_until_the_tables_countdown_ends():
    ann = make_user("ann")
    table, match, game = finished_first_game(ann, result_pause=20)
    assert game.turn_deadline is None
    assert game.next_at == game.finished_at + timedelta(seconds=20)
    assert not play.start_next_game(match.pk, game.number, only_when_due=True)
    assert match.games.count() == 1
    shown = rendering.render_live(table.pk, ann, "en")[0]
    assert "Next deal in" in shown and "Next game" in shown
    assert 'class="turn' not in shown  # nobody is to play, and no turn clock runs


def test_the_countdown_ending_deals_the_next_game_and_its_clock_starts_with_the_deal():
    ann = make_user("ann")
    table, match, game = finished_first_game(ann)
    Game.objects.filter(pk=game.pk).update(next_at=timezone.now() - timedelta(seconds=1))
    dealt_at = timezone.now()
    assert play.start_next_game(match.pk, game.number, only_when_due=True)
    second = current(match)
    assert second.number == 2 and second.state == Game.State.PLAYING
    if second.turn_deadline is not None:  # a person to play: a whole clock from the deal
        assert second.turn_deadline >= dealt_at + timedelta(seconds=table.turn_clock)


def test_next_game_from_every_player_ends_the_pause_early():
    ann, bob = make_user("ann"), make_user("bob")
    table, match, game = finished_first_game(ann, bob)
    answer = press_next(signed_in(ann), table)
    assert answer.status_code == 200
    assert "You are ready for the next game." in answer.text
    assert "Waiting for bob." in answer.text
    game.refresh_from_db()
    assert game.ready == [0] and match.games.count() == 1
    bobs = rendering.render_live(table.pk, bob, "en")[0]  # the new version, not a cached one
    assert "Waiting for you." in bobs and "Next game" in bobs
    assert press_next(signed_in(bob), table).status_code == 200
    assert current(match).number == 2


def test_pressing_twice_changes_nothing_more():
    ann, bob = make_user("ann"), make_user("bob")
    table, match, game = finished_first_game(ann, bob)
    assert not play.next_game_by(table, ann)
    version = Game.objects.get(pk=game.pk).version
    assert not play.next_game_by(table, ann)
    assert Game.objects.get(pk=game.pk).version == version + 1
    assert match.games.count() == 1


@pytest.mark.parametrize("gone", ["stand_in", "away"])
def test_a_player_who_left_does_not_hold_the_pause(gone):
    ann, bob = make_user("ann"), make_user("bob")
    table, match, _game = finished_first_game(ann, bob)
    if gone == "stand_in":
        Seat.objects.filter(table=table, index=1).update(away_since=timezone.now(), stand_in=True)
    else:
        Seat.objects.filter(table=table, index=1).update(away_since=timezone.now())
    assert play.next_game_by(table, ann)
    assert current(match).number == 2


@override_settings(NEXT_GAME_PAUSE_SECONDS=6)
def test_a_table_of_bots_alone_waits_only_the_short_pause():
    _table, match, game = finished_first_game()
    assert game.next_at == game.finished_at + timedelta(seconds=6)
    Game.objects.filter(pk=game.pk).update(next_at=timezone.now() - timedelta(seconds=1))
    assert play.start_next_game(match.pk, game.number, only_when_due=True)


def test_the_next_deal_is_queued_for_the_end_of_the_pause(
    monkeypatch, django_capture_on_commit_callbacks
):
    ann = make_user("ann")
    table, match, game = finished_first_game(ann)
    sent = []
    monkeypatch.setattr(jobs, "send", lambda name, args, **when: sent.append((name, args, when)))
    seats = {seat.index: seat for seat in table.seats.select_related("player")}
    with django_capture_on_commit_callbacks(execute=True):
        scheduling.after_change(game, table, seats)
    when = {"countdown": None, "eta": game.next_at}
    assert sent == [(jobs.NEXT_GAME, (match.pk, game.number), when)]


def test_a_reload_during_the_pause_shows_the_result_and_the_running_score():
    ann = make_user("ann")
    table, _match, _game = finished_first_game(ann)
    rendering.clear()
    page = signed_in(ann).get(reverse("table", kwargs={"code": table.code})).text
    assert 'id="table-result"' in page and "wins the game" in page
    assert 'id="table-scores"' in page and "This game" in page
    assert "Next deal in" in page and "Your turn" not in page.split('id="table-live"')[1]


def test_next_game_is_refused_with_a_reason_outside_the_pause_and_to_a_watcher():
    ann, cat = make_user("ann"), make_user("cat")
    table = make_table(ann, turn_clock=0)
    start_table(table)
    playing = press_next(signed_in(ann), table)
    assert playing.status_code == 409
    assert "No game is waiting for the next deal." in playing.text
    watcher = press_next(signed_in(cat), table)
    assert watcher.status_code == 409
    assert "Only players at the table can deal the next game." in watcher.text


def test_the_next_game_still_says_how_the_last_one_ended_beside_the_score():
    ann = make_user("ann")
    table, match, game = finished_first_game(ann)
    assert play.start_next_game(match.pk, game.number)
    winner = game.result["winner"]
    name = table.seats.get(index=winner).player.name
    shown = rendering.render_live(table.pk, ann, "en")[0]
    points = game.result["points"][winner]
    assert f"Last game: {name} won it and scored {points}." in shown


def test_waiting_for_you_reads_as_a_sentence_in_spanish():
    """ "Esperando a tú" was the list's "you" put in a sentence: the viewer alone has its own."""
    ann, bob = make_user("ann"), make_user("bob")
    table, _match, _game = finished_first_game(ann, bob)
    press_next(signed_in(ann), table)
    bobs = rendering.render_live(table.pk, bob, "es")[0]
    assert "Te estamos esperando." in bobs and "Esperando a tú" not in bobs
