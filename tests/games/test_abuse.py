"""Bad input and abuse over HTTP: every refusal is a 4xx with its reason, nothing changes, no 500.

Each test here failed before the hardening of issue 10 (the item is named in its docstring).
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from accounts.models import User
from games.live import rendering
from games.models import Game, Match, Move, Seat, Table
from games.services import play, seating
from games.services.errors import TableError
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.games.helpers import current, play_out_match, play_turn

pytestmark = pytest.mark.django_db


def _client(user: User) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    return client


def _post(client: Client, table: Table, name: str, data: dict, htmx: bool = True):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse(name, kwargs={"code": table.code}), data, **headers)


@pytest.mark.parametrize("level", ["", "grandmaster", "x" * 315, "casual\x00"])
def test_an_unknown_bot_level_is_refused_and_makes_no_bot(level):
    """Item 4: any level string used to make a permanent bot user; an empty one answered 500."""
    host = make_user("host")
    table = make_table(host, bots=[None, None, None, None])
    bots_before = User.objects.filter(is_bot=True).count()
    response = _post(_client(host), table, "add_bot", {"seat": 1, "level": level})
    assert response.status_code == 409
    assert "There is no such bot level" in response.text
    assert User.objects.filter(is_bot=True).count() == bots_before
    assert Seat.objects.get(table=table, index=1).player is None


def test_bots_are_reused_so_their_number_stays_bounded():
    host = make_user("host")
    for _ in range(3):
        make_table(host, bots=[None, "expert", "expert", "expert"])
    assert User.objects.filter(is_bot=True, bot_level="expert").count() == 3


@pytest.mark.parametrize(
    "seat", ["99", "4", "-1", "abc", "1e3", "10000000000000000000000", "", "²"]
)  # "²" passes isdigit() and breaks int() (issue 40)
@pytest.mark.parametrize("action", ["join", "swap", "add_bot", "remove_bot"])
def test_a_seat_number_outside_the_table_is_refused_with_a_reason(action, seat):
    """Item 6: seat numbers outside the table answered 500."""
    host, guest = make_user("host"), make_user("guest")
    table = make_table(host, bots=[None, None, "casual", None])
    actor = guest if action == "join" else host
    response = _post(_client(actor), table, action, {"seat": seat, "level": "casual"})
    if action == "join" and seat == "":
        assert response.status_code == 200  # no seat named: the first free one
        return
    assert response.status_code == 409
    assert "no such seat" in response.text or "no bot in that seat" in response.text


def test_a_refused_plain_post_shows_the_reason_instead_of_a_silent_redirect():
    table = make_table(make_user("host"), bots=[None, None, None, None])
    response = _post(_client(make_user("guest")), table, "join", {"seat": "7"}, htmx=False)
    assert response.status_code == 409
    assert "There is no such seat at this table" in response.text


def test_a_swap_with_another_person_waits_for_their_yes():
    """Item 7: swap moved another human out of their seat without asking."""
    ann, bob = make_user("ann"), make_user("bob")
    table = make_table(ann, bots=[None, None, "casual", "casual"])
    seating.join(table, bob, 1)
    assert seating.swap(table, ann, 1) == "asked"
    seats = {s.index: s.player for s in table.seats.all()}
    assert seats[0] == ann and seats[1] == bob
    page = _client(bob).get(reverse("table", kwargs={"code": table.code})).text
    assert "asks to swap seats with you" in page
    assert seating.swap(table, bob, 0) == "swapped"
    seats = {s.index: s.player for s in table.seats.all()}
    assert seats[0] == bob and seats[1] == ann
    assert not table.seats.exclude(swap_with=None).exists()


def test_a_swap_request_can_be_declined_and_then_changes_nothing():
    ann, bob = make_user("ann"), make_user("bob")
    table = make_table(ann, bots=[None, None, "casual", "casual"])
    seating.join(table, bob, 1)
    seating.swap(table, ann, 1)
    seating.decline_swap(table, bob, 0)
    assert Seat.objects.get(table=table, index=0).swap_with is None
    assert seating.swap(table, ann, 1) == "asked"
    with pytest.raises(TableError):
        seating.decline_swap(table, make_user("carol"), 0)


def test_a_swap_into_an_empty_seat_or_with_a_bot_needs_nobody_s_yes():
    ann = make_user("ann")
    table = make_table(ann, bots=[None, "casual", None, None])
    assert seating.swap(table, ann, 2) == "moved"
    assert seating.swap(table, ann, 1) == "swapped"
    seats = {s.index: s.player for s in table.seats.all()}
    assert seats[1] == ann and seats[2].is_bot


def test_a_watcher_never_gets_the_render_made_for_the_host():
    """Item 8: the cached live render was keyed by seat or watcher only, so a watcher's push
    could carry the host's "Play another set" form."""
    host = make_user("host")
    table = make_table(host, bots=[None, "casual", "casual", "casual"], turn_clock=0)
    match = play_out_match(start_table(table, seed=3))
    # The host gives their seat away and watches: host and watcher are both seatless.
    Seat.objects.filter(table=table, player=host).update(player=make_user("sub"))
    rendering.clear()
    as_host, _ = rendering.render_live(table.pk, host, "en")
    as_watcher, _ = rendering.render_live(table.pk, make_user("watcher"), "en")
    assert match.state == Match.State.OVER
    assert "Play another set" in as_host
    assert "Play another set" not in as_watcher


def test_renders_in_two_languages_are_kept_apart():
    host = make_user("host")
    table = make_table(host, turn_clock=0)
    start_table(table, seed=3)
    _, key_en = rendering.render_live(table.pk, None, "en")
    _, key_es = rendering.render_live(table.pk, None, "es")
    assert key_en != key_es


def test_a_late_click_from_the_previous_game_cannot_land_in_the_next():
    """Item 9: a move carried only the version, which restarts each game."""
    host = make_user("host")
    table = make_table(host, bots=[None, "casual", "casual", "casual"], turn_clock=0)
    match = start_table(table, seed=3)
    first = current(match)
    while current(match).pk == first.pk or current(match).state != Game.State.PLAYING:
        game = current(match)
        if game.state == Game.State.OVER:
            play.start_next_game(match.pk, game.number)
        else:
            play_turn(game.pk, game.version)
    second = current(match)
    before = second.version
    data = {"game": first.pk, "version": second.version, "kind": "pass"}
    outcome = play.player_move(table.pk, host, data)
    assert not outcome.applied
    second.refresh_from_db()
    assert second.version == before


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"game": "x", "version": "0"},
        {"game": "1", "version": "-1"},
        {"game": "1", "version": "99999999999999999999"},
        {"game": "1", "version": "0", "kind": "cheat"},
        {"game": "1", "version": "0", "kind": "play", "tile": "7-7"},
        {"game": "1", "version": "0", "kind": "play", "tile": "6-6", "on": "<script>"},
        {"game": "1", "version": "0", "kind": "play"},
    ],
)
def test_a_malformed_move_is_refused_with_a_reason_and_changes_nothing(data):
    host = make_user("host")
    table = make_table(host, turn_clock=0)
    game = current(start_table(table, seed=3))
    response = _post(_client(host), table, "move", data)
    assert response.status_code == 400
    assert 'id="table-notice"' in response.text
    game.refresh_from_db()
    assert game.version == current(table.current_match).version


def test_a_spectators_move_is_refused_before_any_write_transaction():
    """Item 5: a spectator's frames opened a write transaction (and locked the game row)."""
    table = make_table(make_user("host"), turn_clock=0)
    game = current(start_table(table, seed=3))
    watcher = make_user("watcher")
    with CaptureQueriesContext(connection) as queries:
        outcome = play.player_move(
            table.pk, watcher, {"game": game.pk, "version": 0, "kind": "pass"}
        )
    assert not outcome.applied and outcome.refused
    assert len(queries) == 1
    assert not any("FOR UPDATE" in q["sql"] for q in queries.captured_queries)


@override_settings(RATE_MOVES="3/m")
def test_a_flood_of_move_posts_is_answered_429():
    host = make_user("host")
    table = make_table(host, turn_clock=0)
    game = current(start_table(table, seed=3))
    client = _client(host)
    codes = [
        _post(client, table, "move", {"game": game.pk, "version": 9999, "kind": "pass"}).status_code
        for _ in range(5)
    ]
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]


@override_settings(TABLES_PER_USER=2)
def test_one_person_may_keep_only_so_many_tables_open():
    host = make_user("host")
    make_table(host)
    make_table(host)
    with pytest.raises(TableError):
        make_table(host)
    response = _client(host).post(
        reverse("create_table"), {"style": "cutthroat", "seats": 4, "turn_clock": 30,
                                  "direction": "ccw", "fill": "casual"},
    )  # fmt: skip
    assert response.status_code == 400
    assert "2 tables waiting or playing" in response.text


def test_play_another_set_works_with_csrf_checks_on():
    """Item 17: "Play another set" failed with 403 CSRF verification: its form had no token."""
    host = make_user("host")
    table = make_table(host, bots=[None, "casual", "casual", "casual"], turn_clock=0)
    play_out_match(start_table(table, seed=3))
    client = Client(HTTP_HOST="localhost", enforce_csrf_checks=True)
    assert client.login(username="host", password=DEFAULT_PASSWORD)
    page = client.get(reverse("table", kwargs={"code": table.code})).text
    assert "Play another set" in page
    token = client.cookies["csrftoken"].value
    live, _ = rendering.render_live(table.pk, host, "en")
    assert 'hx-post="/play/t/' + table.code + '/new-set/"' in live
    response = client.post(
        reverse("new_set", kwargs={"code": table.code}),
        HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token,
    )  # fmt: skip
    assert response.status_code == 200
    assert table.matches.count() == 2


def test_staff_can_abandon_a_stuck_table_and_nothing_more_is_played():
    """Item 15: a stuck table could not be abandoned from anywhere."""
    host = make_user("host")
    table = make_table(host, turn_clock=0)
    match = start_table(table, seed=3)
    game = current(match)
    assert play.abandon(table)
    game.refresh_from_db()
    match.refresh_from_db()
    table.refresh_from_db()
    assert game.state == Game.State.ABANDONED and match.state == Match.State.ABANDONED
    assert table.state == Table.State.FINISHED
    assert not play_turn(game.pk, game.version).applied
    page = _client(host).get(reverse("table", kwargs={"code": table.code})).text
    assert "stopped before it ended" in page
    assert 'tile-button" aria-label="Play' not in page
    assert not play.abandon(table)


def test_the_admin_lists_tables_games_and_moves_and_abandons(admin_client):
    table = make_table(make_user("host"), turn_clock=0)
    game = current(start_table(table, seed=3))
    play_turn(game.pk, game.version)
    for url in ("/admin/games/table/", "/admin/games/match/", "/admin/games/game/",
                "/admin/games/move/", f"/admin/games/table/{table.pk}/change/",
                f"/admin/games/game/{game.pk}/change/"):  # fmt: skip
        assert admin_client.get(url).status_code == 200, url
    detail = admin_client.get(f"/admin/games/game/{game.pk}/change/").text
    assert "Hidden until the game is over" in detail
    response = admin_client.post(
        "/admin/games/table/", {"action": "abandon", "_selected_action": [table.pk]}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.state == Table.State.FINISHED


def test_staff_cannot_turn_a_person_into_a_bot(admin_client):
    """Item 15: staff could switch is_bot on a human (the server would then play for them)."""
    ann = make_user("ann")
    page = admin_client.get(f"/admin/accounts/user/{ann.pk}/change/").text
    assert 'name="is_bot"' not in page and 'name="bot_level"' not in page


def test_moves_are_stored_once_each():
    table = make_table(make_user("host"), turn_clock=0)
    match = play_out_match(start_table(table, seed=3))
    for game in match.games.all():
        seqs = list(Move.objects.filter(game=game).values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1))
