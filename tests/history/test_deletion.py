"""A match history is never lost: deleting an account keeps its sets in the others' histories
under a neutral name, takes the name off them, and lets a set in progress go on."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from games.models import Game, Match, Seat, is_deleted
from history.models import Item
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game, play_turn
from tests.history.helpers import days_ago, set_row

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    return client


def test_a_deleted_players_sets_stay_in_the_others_histories_under_a_neutral_name():
    ann = make_user("ann", display_name="Annabel")
    bob, cy, dee = (make_user(n) for n in ("bob", "cy", "dee"))
    match = set_row([ann, bob, cy, dee], at=days_ago(1))
    ann.delete()
    assert not User.objects.filter(username="ann").exists()
    match.refresh_from_db()
    assert match.players[0] == {"id": None, "name": "", "bot": False, "deleted": True}
    assert [p["name"] for p in match.players[1:]] == ["bob", "cy", "dee"]
    assert not Item.objects.filter(match=match, seat=0).exists()  # ann's own line went with her
    client = client_of(bob)
    listing = client.get("/history/").text
    assert "Deleted player" in listing and "Annabel" not in listing
    page = client.get(f"/history/set/{match.pk}/").text
    assert "Deleted player" in page and "Annabel" not in page
    record = json.loads(client.get(f"/history/set/{match.pk}/record.json").content)
    assert record["players"][0] == "Deleted player"


def test_a_played_table_keeps_every_seat_filled_after_a_player_is_deleted():
    ann = make_user("ann", display_name="Annabel")
    table = make_table(ann)
    match = start_table(table, seed=3)
    play_out_game(match)
    ann.delete()
    seat = Seat.objects.get(table=table, index=0)
    assert seat.player is not None and is_deleted(seat.player)
    assert not seat.player.has_usable_password() and not seat.player.is_active
    bob = make_user("bob")
    assert client_of(bob).get(f"/play/t/{table.code}/").status_code == 200
    replay = client_of(bob).get(f"/history/set/{match.pk}/game/1/").text
    assert "Annabel" not in replay and "Deleted player" in replay


def test_a_set_in_progress_goes_on_after_a_player_is_deleted():
    ann = make_user("ann")
    match = start_table(make_table(ann), seed=5)
    game = current(match)
    play_turn(game.pk, game.version)
    ann.delete()
    for _ in range(200):
        game.refresh_from_db()
        if game.state == Game.State.OVER:
            break
        assert play_turn(game.pk, game.version).applied
    assert game.state == Game.State.OVER
    assert Match.objects.get(pk=match.pk).players[0]["deleted"] is True


def test_two_deleted_players_at_one_table_get_an_account_each():
    ann, bob = make_user("ann"), make_user("bob")
    table = make_table(ann, bots=[None, None, "casual", "casual"])
    from games.services import seating

    seating.join(table, bob)
    start_table(table, seed=2)
    User.objects.filter(pk__in=[ann.pk, bob.pk]).delete()
    ghosts = [s.player for s in Seat.objects.filter(table=table, index__in=[0, 1])]
    assert all(is_deleted(g) for g in ghosts) and ghosts[0] != ghosts[1]
