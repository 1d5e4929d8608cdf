"""An event started by its schedule from check-in (issue 41, "On the clock"): entries an
organiser made count as checked in, so the start withdraws only people who entered themselves
and never checked in; the run page says beforehand who that would be, and a notice afterwards
says who it was and why, on the run page and the event page."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_bot, make_user
from tests.tournaments.factories import enter, join, make_event, open_event, owner_of
from tournaments.models import Entry, Tournament
from tournaments.services import entries, events, schedule
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db

QUICK = {"play_mode": "games", "games_per_table": 1, "turn_clock": 0}
CUT_THROAT = {"style": "cutthroat", "seats": 4, "format": "swiss_tables", "bots_fill": True}


def scheduled(club, **fields) -> Tournament:
    """A Cut-Throat Swiss whose check-in opens in an hour and which starts in two."""
    soon = timezone.now() + timedelta(hours=1)
    fields = {**CUT_THROAT, **QUICK, "checkin_opens_at": soon,
              "starts_at": soon + timedelta(hours=1), **fields}  # fmt: skip
    return open_event(club, **fields)


def night(club) -> tuple[Tournament, dict[str, Entry]]:
    """The issue's night: four bots and two people the organiser entered, two people who
    entered themselves (one of whom will check in): eight entries."""
    event = scheduled(club)
    boss = owner_of(club)
    made = {f"bot{i}": entries.register_bot(event, boss) for i in range(4)}
    for name in ("ann", "bob"):
        made[name] = entries.register(event, boss, make_user(name))
    for name in ("cy", "dee"):
        person = make_user(name)
        made[name] = entries.register(event, person, person)
    return event, made


def test_entries_an_organiser_makes_count_as_checked_in_and_self_entries_do_not(club):
    _event, made = night(club)
    statuses = {name: Entry.objects.get(pk=e.pk).status for name, e in made.items()}
    assert {statuses[f"bot{i}"] for i in range(4)} == {Entry.Status.CHECKED_IN}
    assert statuses["ann"] == statuses["bob"] == Entry.Status.CHECKED_IN
    assert statuses["cy"] == statuses["dee"] == Entry.Status.REGISTERED


def test_an_organiser_entering_themselves_checks_in_like_anyone(club):
    event = scheduled(club)
    boss = owner_of(club)
    assert entries.register(event, boss, boss).status == Entry.Status.REGISTERED


def test_the_scheduled_start_withdraws_only_those_who_entered_themselves_and_never_came(club):
    event, made = night(club)
    t0 = event.checkin_opens_at
    assert schedule.step(event.pk, now=t0) == ["checkin"]
    entries.check_in(event, made["cy"].player, made["cy"])
    done = schedule.step(event.pk, now=event.starts_at)
    assert done[0] == "start"
    event.refresh_from_db()
    out = Entry.objects.get(pk=made["dee"].pk)
    assert out.status == Entry.Status.WITHDRAWN and out.withdrawn_after_round == 0
    assert event.entries.filter(status__in=Entry.ACTIVE).count() == 7
    round_one = event.rounds.get(number=1)
    seated = {who for table in round_one.tables.all() for who in table.seats if who}
    assert seated == {e.pk for name, e in made.items() if name != "dee"}
    assert event.notice_text == (
        f"Not checked in when the event started, so withdrawn: {out.name}."
    )


def test_the_notice_of_who_was_withdrawn_shows_on_the_event_page_and_the_run_page(client, club):
    event, made = night(club)
    events.open_checkin(event, owner_of(club))
    events.start(event, owner_of(club))
    names = {made["cy"].name, made["dee"].name}
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Not checked in when the event started, so withdrawn:" in page
    assert all(name in page for name in names)
    assert page.count("Withdrawn at the start (not checked in)") == 2  # the entries' table
    client.force_login(owner_of(club))
    run = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "Not checked in when the event started, so withdrawn:" in run


def test_a_start_that_withdraws_nobody_leaves_no_notice(club):
    event = scheduled(club)
    boss = owner_of(club)
    for _ in range(8):
        entries.register_bot(event, boss)
    events.open_checkin(event, boss)
    events.start(event, boss)
    event.refresh_from_db()
    assert event.notice == "" and event.entries.filter(status=Entry.Status.WITHDRAWN).count() == 0


def test_a_refused_start_keeps_its_own_notice_and_withdraws_nobody(club):
    event = scheduled(club)
    boss = owner_of(club)
    entries.register_bot(event, boss)
    person = make_user("solo")
    entries.register(event, person, person)
    schedule.step(event.pk, now=event.checkin_opens_at)
    assert schedule.step(event.pk, now=event.starts_at) == ["notice"]
    event.refresh_from_db()
    assert "Not checked in" not in event.notice_text
    assert event.entries.filter(status=Entry.Status.WITHDRAWN).count() == 0


def test_an_organiser_may_say_one_they_entered_has_not_come_after_all(club):
    event, made = night(club)
    boss = owner_of(club)
    entries.undo_check_in(event, boss, made["ann"])
    assert Entry.objects.get(pk=made["ann"].pk).status == Entry.Status.REGISTERED
    with pytest.raises(TournamentError, match="not checked in"):
        entries.undo_check_in(event, boss, made["ann"])
    with pytest.raises(TournamentError, match="organisers"):
        entries.undo_check_in(event, made["bob"].player, made["bob"])
    events.open_checkin(event, boss)
    events.start(event, boss)
    assert Entry.objects.get(pk=made["ann"].pk).status == Entry.Status.WITHDRAWN
    with pytest.raises(TournamentError, match="before the event starts"):
        entries.undo_check_in(event, boss, made["bob"])


def test_before_the_start_the_run_page_lists_who_it_would_withdraw(client, club):
    event, made = night(club)
    client.force_login(owner_of(club))
    url = reverse("event_run", kwargs={"slug": event.slug})
    page = client.get(url).content.decode()
    assert "Once check-in opens, these 2 entries must check in before the start" in page
    events.open_checkin(event, owner_of(club))
    entries.check_in(event, made["cy"].player, made["cy"])
    page = client.get(url).content.decode()
    assert "If the event started now, this entry would be withdrawn for not checking in:" in page
    listed = page[page.index('class="ev-no-show-list"') :].split("</ul>")[0]
    assert made["dee"].name in listed
    assert all(made[name].name not in listed for name in ("ann", "bob", "cy", "bot0"))
    entries.check_in(event, made["dee"].player, made["dee"])
    assert "the start withdraws nobody" in client.get(url).content.decode()


def test_the_run_page_lists_nobody_for_an_event_without_check_in(client, club):
    event = open_event(club, **QUICK)
    enter(event, 2)
    client.force_login(owner_of(club))
    page = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "ev-no-shows" not in page


def test_bots_entered_before_the_rule_are_checked_in_by_the_migration(club):
    event = scheduled(club)
    bot = make_bot("oldbot")
    Entry.objects.create(tournament=event, player=bot)  # as entered before, left registered
    person = make_user("late")
    entries.register(event, person, person)
    running = make_event(club, name="Already on", **QUICK)
    Entry.objects.create(tournament=running, player=make_bot("otherbot"))
    Tournament.objects.filter(pk=running.pk).update(state=Tournament.State.FINISHED)
    migration = importlib.import_module(
        "tournaments.migrations.0008_bots_entered_count_as_checked_in"
    )
    migration.check_in_bots(apps, None)
    assert Entry.objects.get(player=bot).status == Entry.Status.CHECKED_IN
    assert Entry.objects.get(player=person).status == Entry.Status.REGISTERED
    assert Entry.objects.get(player__username="otherbot").status == Entry.Status.REGISTERED


def test_a_club_event_takes_an_organisers_entry_of_a_member_as_checked_in(club):
    event = scheduled(club, visibility=Tournament.Visibility.CLUB)
    member = join(club, make_user("member"))
    entry = entries.register(event, owner_of(club), member)
    assert entry.status == Entry.Status.CHECKED_IN
