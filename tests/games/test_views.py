"""Lobby and table pages over HTTP: listing, creating, seating, moving, permissions."""

import pytest
from django.urls import reverse

from games.models import Game, Table
from games.services import play
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.games.helpers import current, play_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_client(client):
    make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    return client


def test_lobby_lists_public_tables_and_hides_private_ones(client):
    public = make_table(make_user("host"))
    private = make_table(make_user("other"), is_private=True)
    text = client.get(reverse("lobby")).text
    assert reverse("table", kwargs={"code": public.code}) in text
    assert private.code not in text


def test_a_private_table_is_reachable_by_its_link(client):
    private = make_table(make_user("host"), is_private=True)
    assert client.get(reverse("table", kwargs={"code": private.code})).status_code == 200


def test_create_form_offers_only_the_chosen_styles_options(client):
    french = client.get(reverse("create_form"), {"style": "french"}).text
    assert "double_blank_ten" in french and "first_to_six" not in french
    assert '<option value="150"' in french
    block = client.get(reverse("create_form"), {"style": "block"}).text
    assert "teams" in block and "direction" in block


def test_creating_a_table_with_bots_seats_them_and_opens_the_table(ann_client):
    response = ann_client.post(
        reverse("create_table"),
        {"style": "block", "seats": 4, "teams": "on", "target": 150, "direction": "cw",
         "turn_clock": 15, "fill": "casual"},
    )  # fmt: skip
    table = Table.objects.get()
    assert response.status_code == 302
    assert table.options == {"teams": True, "target": 150}
    assert table.direction == "cw" and table.turn_clock == 15
    assert table.seats.filter(player__is_bot=True).count() == 3


def test_creating_needs_a_login(client):
    response = client.post(reverse("create_table"), {"style": "cutthroat", "seats": 4})
    assert response.status_code == 302 and "login" in response.url


def test_bad_create_input_shows_the_form_with_errors(ann_client):
    data = {"style": "draw", "seats": 2, "teams": "on", "turn_clock": 30, "direction": "ccw"}
    response = ann_client.post(reverse("create_table"), data)
    assert response.status_code == 400
    assert "This option needs 4 seats" in response.text


def test_start_then_click_a_tile_moves_through_the_service(ann_client):
    ann = make_user("ann2")
    ann_client.login(username="ann2", password=DEFAULT_PASSWORD)
    table = make_table(ann, turn_clock=0)
    ann_client.post(reverse("start", kwargs={"code": table.code}), HTTP_HX_REQUEST="true")
    game = current(table.current_match)
    while game.turn != 0:
        play_turn(game.pk, game.version)
        game.refresh_from_db()
    move = play.load(game).game.legal_moves()[0]
    page = ann_client.get(reverse("table", kwargs={"code": table.code})).text
    label = f"Pose {move.tile}" if move.on is None else f"Play {move.tile} on {move.on}"
    assert label in page
    response = ann_client.post(
        reverse("move", kwargs={"code": table.code}),
        {"game": game.pk, "version": game.version, "kind": "play", "tile": str(move.tile),
         "on": "" if move.on is None else str(move.on)},
        HTTP_HX_REQUEST="true",
    )  # fmt: skip
    assert response.status_code == 200
    assert 'id="table-live"' in response.text
    game.refresh_from_db()
    assert game.moves.filter(seat=0).exists()


def test_a_stale_click_gets_the_current_table_not_an_error(ann_client):
    ann = make_user("ann3")
    ann_client.login(username="ann3", password=DEFAULT_PASSWORD)
    table = make_table(ann, turn_clock=0)
    game = current(start_table(table))
    response = ann_client.post(
        reverse("move", kwargs={"code": table.code}),
        {"game": game.pk, "version": 9999, "kind": "play", "tile": "6-6"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert 'id="table-live"' in response.text
    assert "moved on" in response.text


def test_another_user_cannot_move_for_a_seat(client):
    owner = make_user("owner")
    table = make_table(owner, turn_clock=0)
    match = start_table(table)
    make_user("mallory")
    client.login(username="mallory", password=DEFAULT_PASSWORD)
    game = current(match)
    before = game.version
    response = client.post(
        reverse("move", kwargs={"code": table.code}),
        {"game": game.pk, "version": game.version, "kind": "play", "tile": "6-6"},
    )
    assert response.status_code == 400
    assert "You are not playing at this table" in response.text
    game.refresh_from_db()
    assert game.version == before


def test_a_spectator_never_sees_a_hand_before_the_game_ends(client):
    table = make_table(make_user("host"), turn_clock=0)
    start_table(table)
    text = client.get(reverse("table", kwargs={"code": table.code})).text
    assert "You are watching" in text
    assert "tile-button" not in text


def test_finished_table_keeps_its_history(client):
    from tests.games.helpers import play_out_match

    table = make_table(make_user("host"), turn_clock=0)
    match = play_out_match(start_table(table, seed=3))
    assert Game.objects.filter(match=match).count() >= 1
    assert all(g.moves.exists() for g in Game.objects.filter(match=match))
    text = client.get(reverse("table", kwargs={"code": table.code})).text
    assert "win the set" in text or "Bruck" in text or "wins the set" in text


def _table_where(client, poses: bool) -> Table:
    """A table whose first game the logged-in user (seat 0) poses, or somebody else does."""
    for seed in range(1, 40):
        user = make_user(f"seat{int(poses)}-{seed}")
        table = make_table(user, turn_clock=0)
        if (current(start_table(table, seed=seed)).turn == 0) == poses:
            client.login(username=user.username, password=DEFAULT_PASSWORD)
            return table
    raise AssertionError("no such deal in 40 seeds")


def test_the_seat_to_pose_is_told_to_pick_a_lit_tile_the_others_wait(client):
    table = _table_where(client, poses=True)
    mine = client.get(reverse("table", kwargs={"code": table.code})).text
    assert "Your pose: pick one of the lit tiles in your hand." in mine
    assert "Waiting for the pose." not in mine
    table = _table_where(client, poses=False)
    theirs = client.get(reverse("table", kwargs={"code": table.code})).text
    assert "Waiting for the pose." in theirs
    assert "Your pose" not in theirs
