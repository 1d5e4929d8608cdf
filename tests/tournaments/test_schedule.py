"""The schedule runs an event by itself: times, rounds seated once, no-shows, byes, deadlines,
withdrawals. Steps are called here directly (the worker tests run them through Celery)."""

from __future__ import annotations

import re
import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections, connection
from django.urls import reverse
from django.utils import timezone

from games.models import Match, Seat, Table
from games.services import presence
from games.services.outcomes import MatchOutcome
from tests.factories import make_user
from tests.games.helpers import play_out_match
from tests.tournaments.factories import enter, make_event, open_event, owner_of
from tournaments.models import Entry, Round, TableAssignment, Tournament
from tournaments.services import entries, results, schedule, state
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db(transaction=True)

QUICK = {"play_mode": "games", "games_per_table": 1, "turn_clock": 0}


def play_round(row: Round, skip: int = 0) -> list[TableAssignment]:
    """Play out every table of the round but the last ``skip``; returns those left."""
    tables = list(row.tables.order_by("number"))
    for table in tables[: len(tables) - skip]:
        play_out_match(Match.objects.get(pk=table.match_id))
    return tables[len(tables) - skip :]


def latest(event: Tournament) -> Round:
    return event.rounds.order_by("-number").first()


def started_event(club, people: int, **fields) -> Tournament:
    fields = {"style": "block", "seats": 2, "format": "swiss", **QUICK, **fields}
    fields.setdefault("format_options", {"rounds": 2})
    event = open_event(club, starts_at=timezone.now() + timedelta(hours=1), **fields)
    enter(event, people)
    Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    schedule.step(event.pk)
    event.refresh_from_db()
    assert event.state == Tournament.State.RUNNING
    return event


def test_an_event_opens_registration_and_check_in_and_starts_at_its_times(club):
    t0 = timezone.now() + timedelta(hours=2)
    event = make_event(
        club, registration_opens_at=t0, checkin_opens_at=t0 + timedelta(minutes=30),
        starts_at=t0 + timedelta(hours=1), **QUICK,
    )  # fmt: skip
    assert schedule.step(event.pk, now=t0 - timedelta(seconds=1)) == []
    assert schedule.step(event.pk, now=t0) == ["registration"]
    made = enter(event, 5)
    assert schedule.step(event.pk, now=t0 + timedelta(minutes=30)) == ["checkin"]
    for entry in made[:4]:
        entries.check_in(event, entry.player, entry)
    done = schedule.step(event.pk, now=t0 + timedelta(hours=1))
    assert done[0] == "start"
    event.refresh_from_db()
    assert event.state == Tournament.State.RUNNING
    assert Entry.objects.get(pk=made[4].pk).status == Entry.Status.WITHDRAWN
    row = latest(event)
    assert row.state == Round.State.RUNNING and row.started_at is not None
    assert row.tables.count() == 2
    assert schedule.step(event.pk, now=t0 + timedelta(hours=1)) == []  # idempotent


def test_a_start_the_format_refuses_leaves_a_notice_and_changes_nothing(club):
    event = open_event(club, starts_at=timezone.now() + timedelta(hours=1), **QUICK)
    enter(event, 1)
    assert schedule.step(event.pk, now=event.starts_at) == ["notice"]
    event.refresh_from_db()
    assert event.state == Tournament.State.REGISTRATION and event.notice
    assert not event.rounds.exists()


def test_the_next_round_is_seated_and_started_when_the_last_table_finishes(club):
    event = started_event(club, 4)
    play_round(latest(event))
    assert latest(event).state == Round.State.FINISHED
    done = schedule.step(event.pk)
    assert done == ["round 2 seated", "round 2 started"]
    assert latest(event).number == 2 and latest(event).state == Round.State.RUNNING
    assert schedule.step(event.pk) == []
    play_round(latest(event))
    assert schedule.step(event.pk) == ["finished"]
    event.refresh_from_db()
    assert event.state == Tournament.State.FINISHED
    assert sorted(event.entries.values_list("final_place", flat=True))[0] == 1


def test_with_a_pause_the_round_is_seated_at_once_and_starts_after_it(club, client):
    event = started_event(club, 4, round_pause=60)
    play_round(latest(event))
    assert schedule.step(event.pk) == ["round 2 seated"]
    row = latest(event)
    assert row.state == Round.State.SEATED and row.starts_at is not None
    client.force_login(owner_of(club))
    page = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert re.search(r"Round 2 is seated\. At [^<]+ it starts by itself\.</p>", page)
    assert schedule.due_events(now=timezone.now()) == []
    assert event.pk in schedule.due_events(now=row.starts_at)
    assert schedule.step(event.pk, now=row.starts_at) == ["round 2 started"]


def test_an_organiser_round_waits_seated_for_the_organisers_start(club):
    event = started_event(club, 4, advance="organiser")
    play_round(latest(event))
    assert schedule.step(event.pk) == ["round 2 seated"]
    assert schedule.step(event.pk, now=timezone.now() + timedelta(days=3)) == []
    row = schedule.start_seated_round(event, owner_of(club), timezone.now() + timedelta(minutes=5))
    assert row.state == Round.State.SEATED
    assert schedule.step(event.pk, now=row.starts_at) == ["round 2 started"]


def test_two_tables_finishing_at_once_seat_the_next_round_once(club):
    event = started_event(club, 8, format_options={"rounds": 3})
    last = play_round(latest(event), skip=2)
    if connection.vendor == "postgresql":  # real concurrency: the event's row lock decides
        _at_once([lambda t=t: play_out_match(Match.objects.get(pk=t.match_id)) for t in last])
        _at_once([lambda: schedule.step(event.pk)] * 4)
    else:  # SQLite writes one at a time: two steps in a row, as a duplicate task would
        for table in last:
            play_out_match(Match.objects.get(pk=table.match_id))
        schedule.step(event.pk)
        assert schedule.step(event.pk) == []
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2]
    assert latest(event).tables.count() == 4


def _at_once(calls) -> None:
    barrier = threading.Barrier(len(calls))
    errors = []

    def run(call):
        try:
            barrier.wait()
            call()
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors


def test_a_player_who_never_comes_gets_a_bot_whose_result_counts_when_the_event_says(club):
    event = started_event(club, 4, no_show="bot", no_show_grace=60)
    table = latest(event).tables.first()
    came = Seat.objects.get(table_id=table.table_id, index=0)
    presence.arrived(table.table_id, came.player, "socket-1")
    assert schedule.step(event.pk) == []  # within the grace
    later = timezone.now() + timedelta(seconds=61)
    assert event.pk in schedule.due_events(now=later)
    assert schedule.step(event.pk, now=later) == ["no-shows looked for at 2 tables"]
    seats = {s.index: s.stand_in for s in Seat.objects.filter(table_id=table.table_id)}
    assert seats == {0: False, 1: True}
    table.refresh_from_db()
    assert table.presence_checked and table.forfeited == []
    assert schedule.step(event.pk, now=later) == []


def test_a_player_who_never_comes_forfeits_when_the_event_says(club):
    event = started_event(club, 4, no_show="forfeit", no_show_grace=0)
    table = latest(event).tables.first()
    came = Seat.objects.get(table_id=table.table_id, index=0)
    presence.arrived(table.table_id, came.player, "socket-1")
    schedule.step(event.pk)
    table.refresh_from_db()
    assert table.forfeited == [table.seats[1]]
    assert table.places == [1, 2] and table.state == TableAssignment.State.FINISHED
    assert Table.objects.get(pk=table.table_id).state == Table.State.FINISHED
    other = latest(event).tables.get(number=2)  # nobody came: the bots play it out
    assert other.places is None and other.forfeited == sorted(other.seats)


def test_a_scored_bye_needs_no_table(club):
    event = started_event(club, 5, byes="scored")
    row = latest(event)
    assert len(row.byes) == 1 and not row.tables.filter(bye=True).exists()
    play_round(row)
    standings = {line.entrant: line for line in state.standings(event)}
    assert standings[row.byes[0]].points > 0


def test_a_bye_played_against_a_bot_scores_as_a_bye_and_holds_the_round(club):
    event = started_event(club, 5, byes="bots")
    row = latest(event)
    bye = row.tables.get(bye=True)
    assert bye.seats == [row.byes[0], None] and bye.match_id is not None
    others = row.tables.filter(bye=False)
    for table in others:
        play_out_match(Match.objects.get(pk=table.match_id))
    row.refresh_from_db()
    assert row.state == Round.State.RUNNING  # the bye's game is still being played
    play_out_match(Match.objects.get(pk=bye.match_id))
    row.refresh_from_db()
    bye.refresh_from_db()
    assert row.state == Round.State.FINISHED and bye.points == [0.0, 0.0]
    standings = {line.entrant: line for line in state.standings(event)}
    winners = [t.seats[t.places.index(1)] for t in row.tables.filter(bye=False)]
    assert standings[row.byes[0]].points == standings[winners[0]].points


def test_tables_still_playing_at_the_deadline_are_adjudicated(club):
    event = started_event(club, 4, round_minutes=30)
    row = latest(event)
    assert row.deadline is not None
    play_round(row, skip=1)
    open_table = row.tables.get(places__isnull=True)
    before = schedule.step(event.pk, now=row.deadline - timedelta(seconds=1))
    assert not any("adjudicated" in what for what in before)
    done = schedule.step(event.pk, now=row.deadline)
    assert done[:2] == ["1 tables adjudicated", "round 2 seated"]
    open_table.refresh_from_db()
    assert open_table.adjudicated and sorted(open_table.places) == [1, 2]
    assert Match.objects.get(pk=open_table.match_id).state != Match.State.PLAYING


def test_the_adjudication_rule_orders_by_score_then_pips_then_counts_in_hand(club):
    event = started_event(club, 4)
    table = latest(event).tables.first()
    # a fresh set: level on score and pips; counts in hand decide, then the seed
    places = schedule.adjudicated_places(event, table)
    assert sorted(places) == [1, 2]


def test_a_withdrawal_mid_round_forfeits_a_two_party_table_at_once_and_the_event_goes_on(club):
    event = started_event(club, 4)
    row = latest(event)
    table = row.tables.first()
    gone = Entry.objects.get(pk=table.seats[0])
    entries.withdraw(event, gone.player, gone)
    table.refresh_from_db()
    assert table.places == [2, 1] and table.forfeited == [gone.pk]
    assert Match.objects.get(pk=table.match_id).state != Match.State.PLAYING
    for other in row.tables.exclude(pk=table.pk):
        play_out_match(Match.objects.get(pk=other.match_id))
    schedule.step(event.pk)
    assert latest(event).number == 2
    seated = {who for t in latest(event).tables.all() for who in t.seats}
    assert gone.pk not in seated


def test_a_withdrawal_at_a_table_of_four_leaves_a_bot_playing_and_puts_the_entry_last(club):
    event = started_event(club, 4, style="cutthroat", seats=4, format="swiss_tables")
    row = latest(event)
    table = row.tables.get()
    gone = Entry.objects.get(pk=table.seats[1])
    entries.withdraw(event, gone.player, gone)
    assert Seat.objects.get(table_id=table.table_id, player=gone.player).stand_in
    play_round(row)
    table.refresh_from_db()
    assert table.places[1] == 4 and sorted(table.places) == [1, 2, 3, 4]


def test_a_finalist_who_withdraws_during_the_pause_hands_the_final_to_the_opponent(club):
    event = started_event(club, 4, format="single_elimination", format_options={})
    Tournament.objects.filter(pk=event.pk).update(round_pause=600)
    play_round(latest(event))
    schedule.step(event.pk)
    final = latest(event).tables.get()
    assert final.state == TableAssignment.State.SEATED
    gone = Entry.objects.get(pk=final.seats[0])
    entries.withdraw(event, owner_of(club), gone)
    final.refresh_from_db()
    assert final.places == [2, 1] and final.table_id is None  # no set is played
    schedule.step(event.pk)
    event.refresh_from_db()
    assert event.state == Tournament.State.FINISHED
    champion = event.entries.get(final_place=1)
    assert champion.pk == final.seats[1]


def test_the_sweep_finds_a_finished_round_whose_step_was_lost(club):
    event = started_event(club, 4)
    play_round(latest(event))
    assert event.pk in schedule.due_events()
    assert schedule.sweep() >= 1


def test_a_bot_event_runs_to_its_finish_on_steps_alone(club):
    event = open_event(
        club, style="cutthroat", seats=4, format="table_knockout", bots_fill=True,
        starts_at=timezone.now() + timedelta(minutes=1), **QUICK,
    )  # fmt: skip
    boss = owner_of(club)
    for _ in range(8):
        entries.register_bot(event, boss)
    schedule.step(event.pk, now=event.starts_at)
    assert all(t.presence_checked for t in latest(event).tables.all())  # nobody to look for
    for _ in range(10):
        row = latest(event)
        if row.state == Round.State.RUNNING:
            play_round(row)
        schedule.step(event.pk)
        event.refresh_from_db()
        if event.state == Tournament.State.FINISHED:
            break
    assert event.state == Tournament.State.FINISHED


def test_a_tie_a_knockout_cannot_take_is_decided_by_seat_with_a_notice(club):
    event = open_event(
        club, style="cutthroat", seats=4, format="table_knockout", bots_fill=True,
        starts_at=timezone.now() + timedelta(minutes=1), **QUICK,
    )  # fmt: skip
    for _ in range(8):
        entries.register_bot(event, owner_of(club))
    Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    schedule.step(event.pk)
    table = latest(event).tables.first()
    tied = MatchOutcome(
        parties=[[0], [1], [2], [3]], players=[None] * 4, places=[1, 2, 2, 4],
        totals=[6, 3, 3, 0], result="games", winner=0, replaced=[False] * 4,
    )  # fmt: skip
    results.set_finished(table.match_id, tied)
    table.refresh_from_db()
    event.refresh_from_db()
    assert table.places == [1, 2, 3, 4]
    assert "earlier seat went first" in event.notice


def test_a_late_arrival_entered_by_the_organiser_is_paired_from_the_next_round(club):
    event = started_event(club, 4)
    boss = owner_of(club)
    late = entries.register(event, boss, make_user("late"))
    with pytest.raises(TournamentError, match="not taking entries"):
        entries.register(event, make_user("other"))  # a player cannot enter themselves now
    play_round(latest(event))
    schedule.step(event.pk)
    row = latest(event)
    assert row.number == 2
    assert late.pk in {who for t in row.tables.all() for who in t.seats} | set(row.byes)


def test_a_swiss_whose_last_round_is_made_takes_no_late_arrival_and_says_why(club, client):
    """With round 2 of 2 made, a late arrival would only sit in the standings: the entry is
    refused (a person or a bot), and the run page says why instead of offering the form."""
    event = started_event(club, 4, bots_fill=True)
    boss = owner_of(club)
    play_round(latest(event))
    schedule.step(event.pk)
    assert latest(event).number == 2
    for enter_late in (
        lambda: entries.register(event, boss, make_user("late")),
        lambda: entries.register_bot(event, boss),
    ):
        with pytest.raises(TournamentError, match="Round 2 is the last round"):
            enter_late()
    assert event.entries.count() == 4
    client.force_login(boss)
    page = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "Round 2 is the last round: a late arrival would not play." in page
    assert 'id="enter-player"' not in page


def test_a_round_robin_takes_no_late_arrival(club):
    event = started_event(club, 4, format="round_robin", format_options={})
    with pytest.raises(TournamentError, match="draws its whole schedule at the start"):
        entries.register(event, owner_of(club), make_user("late"))
