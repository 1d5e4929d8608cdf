"""Turn clocks and dropped players: the server plays for a seat, and notes why."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import tasks
from games.models import Game, Move, Seat
from games.services import autoplay, presence
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_turn

pytestmark = pytest.mark.django_db


def _to_human_turn(match) -> Game:
    game = current(match)
    while game.turn != 0:
        play_turn(game.pk, game.version)
        game = current(match)
    return game


def test_a_human_turn_gets_a_deadline_and_a_bot_turn_does_not():
    match = start_table(make_table(make_user("ann"), turn_clock=20), seed=5)
    game = _to_human_turn(match)
    assert game.turn_deadline is not None
    remaining = (game.turn_deadline - timezone.now()).total_seconds()
    assert 15 < remaining <= 20


def test_an_early_clock_task_does_nothing():
    match = start_table(make_table(make_user("ann"), turn_clock=20), seed=5)
    game = _to_human_turn(match)
    tasks.turn_clock(game.pk, game.version)
    game.refresh_from_db()
    assert game.turn == 0


def test_an_expired_clock_plays_for_the_seat_and_notes_it():
    match = start_table(make_table(make_user("ann"), turn_clock=20), seed=5)
    game = _to_human_turn(match)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    tasks.turn_clock(game.pk, game.version)
    move = Move.objects.filter(game=game, seat=0).latest("seq")
    assert move.reason == Move.Reason.CLOCK


def test_a_late_clock_task_after_the_player_moved_does_nothing():
    match = start_table(make_table(make_user("ann"), turn_clock=20), seed=5)
    game = _to_human_turn(match)
    old_version = game.version
    play_turn(game.pk, game.version)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    count = Move.objects.filter(game=game).count()
    tasks.turn_clock(game.pk, old_version)
    assert Move.objects.filter(game=game).count() == count


def test_a_repeated_bot_task_does_nothing_the_second_time():
    match = start_table(make_table(make_user("ann"), turn_clock=0), seed=5)
    game = current(match)
    assert game.turn != 0
    tasks.bot_turn(game.pk, game.version)
    after_first = Move.objects.filter(game=game).count()
    tasks.bot_turn(game.pk, game.version)
    assert Move.objects.filter(game=game).count() == after_first > 0


def test_a_player_who_drops_keeps_the_seat_then_a_bot_stands_in_until_they_return():
    ann = make_user("ann")
    table = make_table(ann, turn_clock=0)
    match = start_table(table, seed=5)
    presence.arrived(table.pk, ann, "tab-1")
    presence.left("tab-1")
    seat = Seat.objects.get(table=table, index=0)
    assert seat.away_since is not None and not seat.stand_in
    assert presence.away_check(seat.pk, seat.away_since.isoformat())
    seat.refresh_from_db()
    assert seat.stand_in
    game = _to_human_turn_with_stand_in(match)
    assert Move.objects.filter(game=game, seat=0, reason=Move.Reason.STAND_IN).exists()
    presence.arrived(table.pk, ann, "tab-2")
    seat.refresh_from_db()
    assert not seat.stand_in and seat.away_since is None


def _to_human_turn_with_stand_in(match) -> Game:
    game = current(match)
    for _ in range(8):
        reason = "stand-in" if game.turn == 0 else "bot"
        autoplay.play_for_seat(game.pk, game.version, reason)
        game = current(match)
    return game


def test_a_returning_player_within_the_grace_period_keeps_playing_themselves():
    ann = make_user("ann")
    table = make_table(ann, turn_clock=0)
    start_table(table, seed=5)
    presence.arrived(table.pk, ann, "tab-1")
    presence.left("tab-1")
    seat = Seat.objects.get(table=table, index=0)
    since = seat.away_since.isoformat()
    presence.arrived(table.pk, ann, "tab-2")
    assert not presence.away_check(seat.pk, since)
    seat.refresh_from_db()
    assert not seat.stand_in


def test_a_stand_in_task_does_nothing_once_the_player_is_back():
    ann = make_user("ann")
    table = make_table(ann, turn_clock=0)
    match = start_table(table, seed=5)
    game = _to_human_turn(match)
    presence.arrived(table.pk, ann, "tab-1")
    tasks.stand_in(game.pk, game.version)
    assert not Move.objects.filter(game=game, seat=0, reason=Move.Reason.STAND_IN).exists()
    game.refresh_from_db()
    assert game.turn == 0


def test_every_socket_of_a_process_refreshes_its_presence_in_one_query():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Presence

    people = [make_user(name) for name in ("ann", "bob", "cy")]
    tables = [make_table(person) for person in people]
    sockets = {}
    for i, (person, table) in enumerate(zip(people, tables, strict=True)):
        presence.arrived(table.pk, person, f"tab-{i}")
        sockets[f"tab-{i}"] = (table.pk, person)
    old = timezone.now() - timedelta(seconds=20)
    assert Presence.objects.update(seen_at=old) == 3
    with CaptureQueriesContext(connection) as queries:
        presence.all_still_here(sockets)
    assert len(queries.captured_queries) == 1
    assert not Presence.objects.filter(seen_at=old).exists()


def test_a_presence_the_sweep_expired_comes_back_at_the_next_beat_unless_its_socket_closed():
    from games.models import Presence

    ann, bob = make_user("ann"), make_user("bob")
    first, second = make_table(ann), make_table(bob)
    presence.arrived(first.pk, ann, "tab-1")
    presence.arrived(second.pk, bob, "tab-2")
    Presence.objects.all().delete()  # as if the sweep had expired both
    sockets = {"tab-1": (first.pk, ann), "tab-2": (second.pk, bob)}
    presence.all_still_here(sockets, is_open=lambda channel: channel == "tab-1")
    assert list(Presence.objects.values_list("channel", flat=True)) == ["tab-1"]
