"""The organiser steers a scheduled event from the run page and the admin: a seated round's
start, adjudication, the schedule's fields, kept-apart labels; an override in the middle of a
round keeps every game played."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Match
from tests.games.helpers import play_out_game
from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.models import Round, TableAssignment, Tournament
from tournaments.services import events, results, rounds, schedule

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def seated(club):
    """A running Swiss of four whose round 2 waits seated for the organiser."""
    event = open_event(
        club, turn_clock=0, play_mode="games", games_per_table=1, advance="organiser"
    )
    enter(event, 4)
    row = events.start(event, owner_of(club))
    for table in row.tables.all():
        play_out_game(Match.objects.get(pk=table.match_id))
    schedule.step(event.pk)
    event.refresh_from_db()
    assert event.rounds.get(number=2).state == Round.State.SEATED
    return event


def test_the_event_form_saves_the_schedule_and_its_policies(client, club, people):
    client.force_login(people.owner)
    data = {
        "club": club.pk, "name": "Timed", "style": "block", "seats": "2", "format": "swiss",
        "pools": "swiss", "playoff": "single_elimination", "play_mode": "set",
        "points_4": "4-2-1-0", "points_3": "4-2-0", "points_2": "1-0", "bot_level": "casual",
        "turn_clock": "30", "visibility": "public", "grand_final_reset": "on",
        "registration_opens_at": "2030-01-01T18:00", "checkin_opens_at": "2030-01-01T19:30",
        "starts_at": "2030-01-01T20:00", "advance": "organiser", "round_pause": "120",
        "round_minutes": "40", "no_show": "forfeit", "no_show_grace": "300", "byes": "bots",
        "same_deals": "on", "separate_clubs": "on",
    }  # fmt: skip
    response = client.post(reverse("event_new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Tournament.objects.get(name="Timed")
    assert (event.advance, event.round_pause, event.round_minutes) == ("organiser", 120, 40)
    assert (event.no_show, event.no_show_grace, event.byes) == ("forfeit", 300, "bots")
    assert event.same_deals and event.separate_clubs
    assert event.checkin_opens_at < event.starts_at
    page = client.get(reverse("event_edit", kwargs={"slug": event.slug})).content.decode()
    assert "No-shows and byes" in page and 'value="300"' in page


def test_check_in_after_the_start_is_refused_with_the_reason(client, club, people):
    client.force_login(people.owner)
    data = {
        "club": club.pk, "name": "Odd", "style": "block", "seats": "2", "format": "swiss",
        "pools": "swiss", "playoff": "single_elimination", "play_mode": "set",
        "points_4": "4-2-1-0", "points_3": "4-2-0", "points_2": "1-0", "bot_level": "casual",
        "turn_clock": "30", "visibility": "public", "checkin_opens_at": "2030-01-01T21:00",
        "starts_at": "2030-01-01T20:00",
    }  # fmt: skip
    response = client.post(reverse("event_new"), data)
    assert response.status_code == 400
    assert "must come before" in response.content.decode()


def test_the_organiser_sets_a_seated_rounds_start_and_then_starts_it_now(client, seated):
    client.force_login(owner_of(seated.club))
    url = reverse("event_step", kwargs={"slug": seated.slug, "step": "round-time"})
    page = client.get(reverse("event_run", kwargs={"slug": seated.slug})).content.decode()
    assert "It waits for you to start it." in page
    later = (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    assert client.post(url, {"starts_at": later}).status_code == 302
    row = seated.rounds.get(number=2)
    assert row.state == Round.State.SEATED and row.starts_at > timezone.now()
    assert client.post(url, {"starts_at": ""}).status_code == 302
    row.refresh_from_db()
    assert row.state == Round.State.RUNNING
    assert not row.tables.filter(state=TableAssignment.State.SEATED).exists()


def test_the_organiser_adjudicates_a_running_round_now(client, seated):
    client.force_login(owner_of(seated.club))
    schedule.start_seated_round(seated, owner_of(seated.club))
    url = reverse("event_step", kwargs={"slug": seated.slug, "step": "adjudicate"})
    assert client.post(url).status_code == 302
    row = seated.rounds.get(number=2)
    assert row.state == Round.State.FINISHED
    assert all(t.adjudicated and t.places for t in row.tables.all())


def test_the_organiser_labels_entries_to_keep_apart(client, seated):
    client.force_login(owner_of(seated.club))
    entry = seated.entries.first()
    url = reverse(
        "event_entry_action", kwargs={"slug": seated.slug, "entry": entry.pk, "action": "groups"}
    )
    response = client.post(url, {"groups": "Brown family,  St Mary's , Brown family"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.groups == ["Brown family", "St Mary's"]


def test_an_override_in_the_middle_of_a_round_keeps_every_game_and_result(club):
    event = open_event(club, turn_clock=0, play_mode="games", games_per_table=3)
    enter(event, 4)
    boss = owner_of(club)
    row = events.start(event, boss)
    first, second = row.tables.order_by("number")
    play_out_game(Match.objects.get(pk=first.match_id))
    played = Game.objects.filter(match_id=first.match_id, state=Game.State.OVER).count()
    results.record_result(event, boss, first, [2, 1], "players agreed to stop")
    assert Game.objects.filter(match_id=first.match_id, state=Game.State.OVER).count() == played
    second.refresh_from_db()
    assert Match.objects.get(pk=second.match_id).state == Match.State.PLAYING
    with pytest.raises(Exception, match="has started"):
        rounds.reseat(event, boss, *event.entries.filter(pk__in=first.seats))


def test_the_admin_runs_the_schedule_and_starts_a_seated_round(client, seated):
    client.force_login(owner_of(seated.club))
    url = reverse("admin:tournaments_tournament_changelist")
    response = client.post(url, {"action": "step_now", "_selected_action": [seated.pk]})
    assert response.status_code == 302
    change = client.get(reverse("admin:tournaments_tournament_change", args=[seated.pk]))
    assert change.status_code == 200 and "No-shows and byes" in change.content.decode()
    row = seated.rounds.get(number=2)
    url = reverse("admin:tournaments_round_changelist")
    client.post(url, {"action": "start_now", "_selected_action": [row.pk]})
    row.refresh_from_db()
    assert row.state == Round.State.RUNNING


def test_the_admin_sets_a_seated_rounds_start_time(client, seated):
    client.force_login(owner_of(seated.club))
    row = seated.rounds.get(number=2)
    url = reverse("admin:tournaments_round_change", args=[row.pk])
    later = timezone.localtime() + timedelta(hours=3)
    data = {"starts_at_0": later.strftime("%Y-%m-%d"), "starts_at_1": later.strftime("%H:%M:%S"),
            **{f"tables-{n}": "0" for n in ("TOTAL_FORMS", "INITIAL_FORMS")}}  # fmt: skip
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    row.refresh_from_db()
    assert row.state == Round.State.SEATED
    assert abs((row.starts_at - later).total_seconds()) < 1
