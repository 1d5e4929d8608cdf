"""The pause for corrections between rounds (issue 41): after a round's last result the event
waits ``pairing_pause`` before the schedule pairs the next round (or finishes the event after
its last), so that a wrong result, a knockout's above all, can still be corrected; "seat now"
pairs at once, "hold" waits for the director, and an event set to wait for the director does
so after every round. Events made before the pause existed keep pairing at once."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.factories import enter, make_event, open_event, owner_of, record_by_seed
from tournaments import actions
from tournaments.forms import EventForm
from tournaments.models import Round, Tournament
from tournaments.services import events, results, rounds, schedule, state
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db

PAUSE = 120


def _running(club, count: int = 4, **fields) -> tuple[Tournament, Round]:
    fields.setdefault("pairing_pause", PAUSE)
    event = open_event(club, turn_clock=0, **fields)
    enter(event, count)
    row = events.start(event, owner_of(club))
    return event, row


def _latest(event: Tournament) -> Round:
    return event.rounds.order_by("-number").first()


def _fresh(event: Tournament) -> Tournament:
    return Tournament.objects.select_related("club").get(pk=event.pk)


def _seated_pairs(row: Round) -> set[frozenset]:
    return {frozenset(t.seats) for t in row.tables.all()}


def test_a_new_event_waits_two_minutes_and_an_older_one_pairs_at_once(club):
    assert Tournament().pairing_pause == 120
    fresh = events.create(club, owner_of(club), name="New", style="block", seats=2,
                          format="swiss")  # fmt: skip
    assert fresh.pairing_pause == 120
    assert EventForm(clubs=None).fields["pairing_pause"].initial == "120"
    migration = importlib.import_module(
        "tournaments.migrations.0010_pause_for_corrections_and_event_log"
    )
    added = migration.Migration.operations[0]
    assert (added.name, added.field.default) == ("pairing_pause", 0)  # the events there were


def test_the_migration_lets_a_running_event_between_rounds_move_on_at_once(club):
    event, row = _running(club)
    record_by_seed(event, row)
    Tournament.objects.filter(pk=event.pk).update(moves_on_at=None)  # as before the migration
    migration = importlib.import_module(
        "tournaments.migrations.0010_pause_for_corrections_and_event_log"
    )
    migration.between_rounds_and_overrides(apps, None)
    assert _fresh(event).moves_on_at <= timezone.now()
    assert event.pk in schedule.due_events()


def test_the_next_round_is_paired_when_the_pause_ends_and_not_before(club):
    event, row = _running(club)
    record_by_seed(event, row)
    event = _fresh(event)
    at = event.moves_on_at
    assert at is not None and abs((at - timezone.now()).total_seconds() - PAUSE) < 5
    assert schedule.step(event.pk) == []
    assert _latest(event).number == 1
    assert event.pk not in schedule.due_events(now=at - timedelta(seconds=1))
    assert event.pk in schedule.due_events(now=at)
    assert schedule.step(event.pk, now=at) == ["round 2 seated", "round 2 started"]
    assert _latest(event).number == 2 and _fresh(event).moves_on_at is None


def test_seat_now_pairs_within_the_pause(club):
    event, row = _running(club)
    record_by_seed(event, row)
    target = actions.Target(_fresh(event))
    assert actions.COMMANDS["next-round"].available(target)
    assert actions.COMMANDS["hold"].available(target)
    said = actions.COMMANDS["next-round"].perform(target, owner_of(club),
                                                  {"round": "2", "start": "on"})  # fmt: skip
    assert said == "Round 2 is out."
    assert _fresh(event).moves_on_at is None
    assert schedule.step(event.pk) == []  # the pause's end pairs nothing more
    assert event.rounds.count() == 2


def test_hold_waits_for_the_director_until_they_seat_the_round(club):
    event, row = _running(club)
    record_by_seed(event, row)
    schedule.hold(event, owner_of(club))
    event = _fresh(event)
    assert event.moves_on_at is None
    later = timezone.now() + timedelta(days=1)
    assert event.pk not in schedule.due_events(now=later)
    assert schedule.step(event.pk, now=later) == []
    assert _latest(event).number == 1
    assert not actions.COMMANDS["hold"].available(actions.Target(event))
    rounds.generate_round(event, owner_of(club), number=2)
    assert _latest(event).number == 2


def test_an_event_set_to_wait_for_the_director_waits_after_every_round(club):
    event, row = _running(club, pairing_pause=None)
    record_by_seed(event, row)
    assert _fresh(event).moves_on_at is None
    assert schedule.step(event.pk, now=timezone.now() + timedelta(days=1)) == []
    assert not actions.COMMANDS["hold"].available(actions.Target(_fresh(event)))
    assert actions.COMMANDS["next-round"].available(actions.Target(_fresh(event)))


def test_a_knockout_result_corrected_in_the_pause_sends_the_right_player_to_the_final(club):
    event, row = _running(club, format="single_elimination")
    record_by_seed(event, row)  # seeds 1 and 2 win their semi-finals
    seeds = {seed: pk for pk, seed in event.entries.values_list("pk", "seed")}
    semi = next(t for t in row.tables.all() if seeds[1] in t.seats)
    places = [2, 1] if semi.seats[0] == seeds[1] else [1, 2]  # seed 4 won after all
    results.record_result(event, owner_of(club), semi, places, "the score sheet was misread")
    schedule.step(event.pk, now=_fresh(event).moves_on_at)
    final = _latest(event)
    assert final.number == 2
    assert _seated_pairs(final) == {frozenset({seeds[4], seeds[2]})}


def test_a_swiss_result_corrected_in_the_pause_changes_the_next_pairing(club):
    event, row = _running(club)
    record_by_seed(event, row)
    seeds = {seed: pk for pk, seed in event.entries.values_list("pk", "seed")}
    planned = rounds.preview_round(event, owner_of(club))
    table = next(t for t in row.tables.all() if seeds[1] in t.seats)
    results.record_result(event, owner_of(club), table, list(reversed(table.places)), "misread")
    schedule.step(event.pk, now=_fresh(event).moves_on_at)
    paired = _seated_pairs(_latest(event))
    assert paired != {frozenset(t.seats) for t in planned.tables}
    assert frozenset({seeds[1], seeds[2]}) not in paired  # seed 1 is no longer a winner


def test_the_event_finishes_when_the_pause_after_its_last_round_ends(club):
    event, row = _running(club, format="single_elimination")
    record_by_seed(event, row)
    schedule.step(event.pk, now=_fresh(event).moves_on_at)
    record_by_seed(event, _latest(event))
    event = _fresh(event)
    assert event.state == Tournament.State.RUNNING and event.moves_on_at is not None
    assert schedule.step(event.pk) == []
    assert schedule.step(event.pk, now=event.moves_on_at) == ["finished"]
    assert _fresh(event).state == Tournament.State.FINISHED


def test_the_run_page_counts_the_pause_down_and_offers_seat_now_and_hold(client, club):
    event, row = _running(club)
    record_by_seed(event, row)
    client.force_login(owner_of(club))
    page = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "Round 2 will be paired at" in page
    assert 'class="countdown" role="timer"' in page and "js/countdown.js" in page
    assert "Seat round 2 now" in page and ">Hold<" in page
    assert "Until then a wrong result can still be corrected" in page
    client.post(reverse("event_step", kwargs={"slug": event.slug, "step": "hold"}))
    page = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "Round 2 waits for you: seat it when the results are right." in page
    assert 'role="timer"' not in page and ">Hold<" not in page and "Seat round 2 now" in page


def test_the_event_page_says_when_the_next_round_is_paired(client, club):
    event, row = _running(club)
    record_by_seed(event, row)
    page = client.get(reverse("event", kwargs={"slug": event.slug})).content.decode()
    assert "Round 2 will be paired at" in page and "Round 2 is paired in" in page


def test_the_standings_do_not_move_while_the_pause_runs(club):
    event, row = _running(club)
    record_by_seed(event, row)
    before = [(s.entrant, s.points) for s in state.standings(event)]
    schedule.step(event.pk)
    assert [(s.entrant, s.points) for s in state.standings(event)] == before


def test_an_organiser_round_still_waits_seated_after_the_pause(club):
    event, row = _running(club, advance="organiser")
    record_by_seed(event, row)
    assert schedule.step(event.pk, now=_fresh(event).moves_on_at) == ["round 2 seated"]
    assert _latest(event).state == Round.State.SEATED


def test_the_pause_is_refused_out_of_range(club):
    with pytest.raises(TournamentError, match="from 0 to 86400 seconds"):
        make_event(club, pairing_pause=86_401)
