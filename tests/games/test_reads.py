"""The hand-written reads behind every push give what the ORM gives, field for field."""

import pytest
from django.db import transaction
from django.forms.models import model_to_dict

from games.models import Game, Seat
from games.services import reads
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import play_turn

pytestmark = pytest.mark.django_db


def _orm_latest_game(table_id: int) -> Game:
    """The same read through the ORM, to compare against."""
    return (
        Game.objects.filter(match__table_id=table_id)
        .select_related("match__table")
        .order_by("-match__number", "-number")
        .first()
    )


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_latest_game_read_matches_the_orm_with_its_match_and_table():
    table = make_table(make_user("host"), style="french")
    start_table(table, seed=4)
    game = _orm_latest_game(table.pk)
    play_turn(game.pk, game.version)
    expected = _orm_latest_game(table.pk)
    read = reads.latest_game(table.pk)
    assert _fields(read) == _fields(expected)
    assert isinstance(read.snapshot, dict) and read.recent
    assert _fields(read.match) == _fields(expected.match)
    assert _fields(read.match.table) == _fields(expected.match.table)
    assert read.started_at == expected.started_at and read.started_at.tzinfo is not None


def test_a_table_without_a_game_has_no_latest_game():
    assert reads.latest_game(make_table(make_user("host")).pk) is None


def test_the_seats_read_matches_the_orm_with_players_and_empty_seats():
    table = make_table(make_user("host"), bots=[None, "expert", None, "casual"])
    seats = reads.seats_of(table)
    expected = list(Seat.objects.filter(table=table).select_related("player").order_by("index"))
    assert [_fields(s) for s in seats] == [_fields(s) for s in expected]
    assert [s.player and model_to_dict(s.player) for s in seats] == [
        s.player and model_to_dict(s.player) for s in expected
    ]
    assert seats[2].player is None and seats[1].player.is_bot


def test_the_locked_game_read_matches_the_orm_and_refuses_an_unknown_id():
    table = make_table(make_user("host"))
    start_table(table, seed=2)
    expected = _orm_latest_game(table.pk)
    with transaction.atomic():
        read = reads.locked_game(expected.pk)
    assert _fields(read) == _fields(expected)
    assert _fields(read.match.table) == _fields(expected.match.table)
    with pytest.raises(Game.DoesNotExist):
        reads.locked_game(expected.pk + 1000)


def test_seated_and_latest_reads_both_facts_in_one_query(django_assert_num_queries):
    from tests.factories import make_table, make_user, start_table

    host, watcher = make_user("host"), make_user("watcher")
    table = make_table(host, turn_clock=0)
    assert reads.seated_and_latest(table.pk, host.pk) == (True, None)
    game = start_table(table, seed=2).games.get()
    with django_assert_num_queries(1):
        assert reads.seated_and_latest(table.pk, host.pk) == (True, game.pk)
    assert reads.seated_and_latest(table.pk, watcher.pk) == (False, game.pk)
