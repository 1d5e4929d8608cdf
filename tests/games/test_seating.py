"""Tables fill up through the lobby's seating actions, and only the right people act."""

import pytest

from games.models import Table
from games.services import seating
from games.services.errors import TableError
from tests.factories import make_table, make_user

pytestmark = pytest.mark.django_db


def test_create_table_seats_the_host_and_the_bots():
    host = make_user("host")
    table = make_table(host, bots=[None, "casual", "random", None])
    names = [seat.player for seat in table.seats.order_by("index")]
    assert names[0] == host
    assert names[1].is_bot and names[1].bot_level == "casual"
    assert names[2].is_bot and names[2].bot_level == "random"
    assert names[3] is None
    assert table.state == Table.State.OPEN


def test_create_refuses_a_seat_count_the_style_does_not_have():
    with pytest.raises(TableError):
        seating.create_table(make_user(), "cutthroat", 2)


def test_create_refuses_an_option_the_style_does_not_have():
    with pytest.raises(TableError):
        seating.create_table(make_user(), "cutthroat", 4, {"target": 150})


def test_join_takes_the_first_free_seat_and_refuses_a_second_seat():
    table = make_table(make_user("host"), bots=[None, None, "casual", "casual"])
    guest = make_user("guest")
    assert seating.join(table, guest).index == 1
    with pytest.raises(TableError):
        seating.join(table, guest)


def test_join_refuses_a_taken_seat_and_a_full_table():
    table = make_table(make_user("host"))
    with pytest.raises(TableError):
        seating.join(table, make_user("late"), 2)
    with pytest.raises(TableError):
        seating.join(table, make_user("later"))


def test_swap_exchanges_two_players():
    host = make_user("host")
    table = make_table(host, bots=[None, "casual", None, None])
    seating.swap(table, host, 1)
    seats = {s.index: s.player for s in table.seats.all()}
    assert seats[1] == host and seats[0].is_bot


def test_leave_frees_the_seat_before_the_start_only():
    host = make_user("host")
    table = make_table(host)
    seating.leave(table, host)
    assert not table.seats.filter(player=host).exists()
    seating.join(table, host, 0)
    from tests.factories import start_table

    start_table(table)
    with pytest.raises(TableError):
        seating.leave(table, host)


def test_only_players_at_the_table_may_add_bots():
    table = make_table(make_user("host"), bots=[None, None, None, None])
    with pytest.raises(TableError):
        seating.add_bot(table, make_user("stranger"), 1, "casual")


def test_start_needs_every_seat_filled():
    table = make_table(make_user("host"), bots=[None, "casual", None, "casual"])
    from games.services import play

    with pytest.raises(TableError):
        play.start_match(table)


def test_an_event_can_seat_chosen_people_and_fill_the_rest_with_bots():
    ann, bob = make_user("ann"), make_user("bob")
    table = seating.create_table(
        None, "cutthroat", 4, {}, players=[None, ann, None, bob],
        bots=["casual", None, "expert", None], host_sits=False,
    )  # fmt: skip
    seats = {s.index: s.player for s in table.seats.all()}
    assert seats[1] == ann and seats[3] == bob
    assert seats[0].bot_level == "casual" and seats[2].bot_level == "expert"
