"""A bot stands in at once for a seat whose player never came (an event's no-show), and the
player takes the seat back by connecting, as after any stand-in."""

import pytest

from games import tasks
from games.models import Move, Seat
from games.services import presence
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_turn

pytestmark = pytest.mark.django_db


def test_a_bot_stands_in_at_once_for_a_player_who_never_came_until_they_connect():
    ann = make_user("ann")
    table = make_table(ann, turn_clock=0)
    match = start_table(table, seed=5)
    seat = Seat.objects.get(table=table, index=0)
    assert presence.stand_in_now(seat.pk)
    seat.refresh_from_db()
    assert seat.stand_in and seat.away_since is not None
    game = current(match)
    while game.turn != 0:
        play_turn(game.pk, game.version)
        game = current(match)
    tasks.stand_in(game.pk, game.version)
    assert Move.objects.filter(game=game, seat=0, reason=Move.Reason.STAND_IN).exists()
    presence.arrived(table.pk, ann, "tab-1")
    seat.refresh_from_db()
    assert not seat.stand_in and seat.away_since is None


def test_standing_in_for_a_bot_or_twice_changes_nothing():
    table = make_table(make_user("ann"), turn_clock=0)
    start_table(table, seed=5)
    bot_seat = Seat.objects.get(table=table, index=1)
    assert not presence.stand_in_now(bot_seat.pk)
    seat = Seat.objects.get(table=table, index=0)
    assert presence.stand_in_now(seat.pk)
    assert not presence.stand_in_now(seat.pk)


def test_no_bot_stands_in_at_a_table_not_being_played():
    table = make_table(make_user("ann"), turn_clock=0)
    seat = Seat.objects.get(table=table, index=0)
    assert not presence.stand_in_now(seat.pk)
