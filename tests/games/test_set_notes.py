"""A table seated by an event ends as it did: a set closed between games reads over (even on a
render made before it closed), the event's note gives the place, the points and the way back,
a forfeit says it counts, and a note changed later is shown without a new game version. Also
the reads behind the event's no-show check and its run page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.live import rendering
from games.models import Match, Seat
from games.services import notes, play, presence, seating, standing
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import play_out_game

pytestmark = pytest.mark.django_db

NEXT = "Next deal in"  # the result's pause (services/pause.py)


def note(**result) -> dict:
    made = {"event": "Friday Cut-Throat", "url": "/events/friday/", "round": 2, "table": 3}
    if result:
        made["result"] = result
    return made


def one_game_played(ann) -> tuple:
    """A Cut-Throat table, ``ann`` in seat 0 and three bots, whose first game is over."""
    table = make_table(ann, turn_clock=0)
    match = start_table(table, seed=3)
    play_out_game(match)
    return table, match


def page(table, user) -> str:
    return rendering.render_live(table.pk, user, "en")[0]


def test_a_set_closed_between_games_reads_over_though_its_version_did_not_change():
    ann = make_user("ann")
    table, match = one_game_played(ann)
    assert NEXT in page(table, ann)  # rendered and cached for this version
    assert play.close_set(match.pk, "games")
    shown = page(table, ann)
    assert NEXT not in shown
    assert "ended after its fixed number of games" in shown
    assert NEXT not in Client().get(reverse("table", kwargs={"code": table.code})).text


def test_the_events_note_gives_the_place_the_points_and_the_way_back_on_a_reload():
    ann = make_user("ann")
    table, match = one_game_played(ann)
    play.close_set(match.pk, "games")
    notes.annotate(match.pk, note(
        how="played", places=[1, 2, 3, 4], points=[4.0, None, None, None], forfeited=[],
    ))  # fmt: skip
    client = Client()
    client.force_login(ann)
    shown = client.get(reverse("table", kwargs={"code": table.code})).text
    assert "This table is over. Its result counts in Friday Cut-Throat." in shown
    assert "Your place: 1 of 4. Points earned: 4." in shown
    assert 'href="/events/friday/"' in shown and "Back to Friday Cut-Throat" in shown
    assert "Round 2, table 3 of Friday Cut-Throat" in shown
    assert "Play another set" not in shown  # an event's table plays only the set it seated
    assert NEXT not in shown


def test_a_table_decided_by_forfeit_says_so_and_that_it_counts():
    ann = make_user("ann")
    table = make_table(ann, turn_clock=0)
    match = start_table(table, seed=3)
    notes.annotate(match.pk, note(
        how="forfeit", places=[1, 2, 3, 4], points=[4.0, None, 1.0, 0.0], forfeited=[2, 3],
    ))  # fmt: skip
    play.abandon(table)  # the event closed the set mid-game
    shown = page(table, ann)
    assert "This table was decided by forfeit. Its result counts in Friday Cut-Throat." in shown
    assert "counts for nothing" not in shown
    assert "Lost by forfeit (resigned, left, or never came):" in shown


def test_a_result_corrected_later_is_shown_without_a_new_game_version():
    ann = make_user("ann")
    table, match = one_game_played(ann)
    play.close_set(match.pk, "games")
    notes.annotate(match.pk, note(how="played", places=[2, 1, 3, 4], points=[2.0] * 4,
                                  forfeited=[]))  # fmt: skip
    assert "Your place: 2 of 4." in page(table, ann)
    version = match.games.get().version
    notes.annotate(match.pk, note(how="override", places=[1, 2, 3, 4], points=[4.0] * 4,
                                  forfeited=[]))  # fmt: skip
    assert match.games.get().version == version
    shown = page(table, ann)
    assert "Your place: 1 of 4." in shown
    assert "The organiser set this table&#x27;s result." in shown


def test_a_watcher_sees_everyones_place_and_no_place_of_their_own():
    ann = make_user("ann")
    table, match = one_game_played(ann)
    play.close_set(match.pk, "games")
    notes.annotate(
        match.pk,
        note(how="played", places=[1, 2, 3, 4], points=[4.0, None, None, None], forfeited=[]),
    )
    shown = page(table, None)
    assert "Your place" not in shown
    assert shown.count('<tr class="mine">') == 0 and "Places at this table in" in shown


def test_a_table_no_event_seated_has_no_event_part():
    ann = make_user("ann")
    table, match = one_game_played(ann)
    play.close_set(match.pk, "games")
    assert "Back to" not in page(table, ann) and Match.objects.get(pk=match.pk).note == {}


def test_a_player_who_came_once_is_never_a_no_show_and_one_with_a_stand_in_still_is():
    ann, bob = make_user("ann"), make_user("bob")
    table = seating.create_table(None, "block", 2, {}, host_sits=False, players=[ann, bob],
                                 turn_clock=0)  # fmt: skip
    start_table(table)
    bob_seat = Seat.objects.get(table=table, player=bob)
    assert presence.stand_in_now(bob_seat.pk)  # not on the site when the table started
    presence.arrived(table.pk, ann, "ann-1")
    presence.left("ann-1")  # came, and left again
    assert standing.seats_never_joined(table.pk) == [(bob_seat.pk, bob.pk)]
    assert Seat.objects.get(table=table, player=ann).arrived_at is not None


def test_who_is_at_every_table_is_read_in_one_query(django_assert_num_queries):
    ann, bob = make_user("ann"), make_user("bob")
    tables = [make_table(person, turn_clock=0) for person in (ann, bob)]
    presence.arrived(tables[0].pk, ann, "ann-1")
    with django_assert_num_queries(1):
        found = standing.presence_at([t.pk for t in tables])
    assert [s.connected for s in found[tables[0].pk]] == [True, False, False, False]
    assert found[tables[1].pk][0].came is None and found[tables[1].pk][1].bot


def test_bots_filling_empty_seats_are_none_of_the_users_to_avoid():
    first = seating.pick_bot(None, "casual")
    table = seating.create_table(None, "cutthroat", 4, {}, host_sits=False, bots=["casual"] * 4,
                                 bots_avoid=[first.pk])  # fmt: skip
    seated = set(Seat.objects.filter(table=table).values_list("player_id", flat=True))
    assert first.pk not in seated and len(seated) == 4
