"""A director's second thoughts about entries (issue 41, point 4): a withdrawal or a
disqualification taken back, every bot checked in at once, a check-in undone."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import enter, open_event, owner_of, with_round_two_seated
from tournaments.models import Entry
from tournaments.services import entries, events
from tournaments.services.errors import NotNow


def test_a_withdrawal_taken_back_before_the_next_round_leaves_the_entry_as_it_was(club):
    event, boss = with_round_two_seated(club, advance="organiser")
    gone = event.entries.order_by("seed").first()
    entries.withdraw(event, boss, gone)
    gone.refresh_from_db()
    assert gone.status == Entry.Status.WITHDRAWN and not gone.active

    entries.reinstate(event, boss, gone)
    gone.refresh_from_db()
    assert gone.status == Entry.Status.CHECKED_IN
    assert gone.withdrawn_after_round is None and gone.active


def test_a_disqualified_entry_in_a_swiss_plays_on_from_the_next_round(club):
    event, boss = with_round_two_seated(club, format_options={"rounds": 3})
    out = event.entries.order_by("seed").last()
    entries.disqualify(event, boss, out)
    entries.reinstate(event, boss, out)
    out.refresh_from_db()
    assert out.status == Entry.Status.CHECKED_IN


def test_an_entry_in_the_event_is_not_reinstated(club):
    event, boss = with_round_two_seated(club)
    here = event.entries.first()
    with pytest.raises(NotNow, match="That entry is in the event"):
        entries.reinstate(event, boss, here)


def test_check_in_every_bot_checks_in_the_bots_and_no_one_else(club):
    event = open_event(club, bots_fill=True)
    boss = owner_of(club)
    people = enter(event, 2)
    bots = [entries.register_bot(event, boss) for _ in range(2)]
    events.open_checkin(event, boss)
    for bot in bots:
        entries.undo_check_in(event, boss, bot)
    assert [e.pk for e in entries.waiting_bots(event)] == [b.pk for b in bots]

    done = entries.check_in_all(event, boss, entries.waiting_bots)
    assert [e.pk for e in done] == [b.pk for b in bots]
    status = dict(event.entries.values_list("pk", "status"))
    assert all(status[b.pk] == Entry.Status.CHECKED_IN for b in bots)
    assert all(status[p.pk] == Entry.Status.REGISTERED for p in people)
    with pytest.raises(NotNow, match="Nobody of them waits to check in"):
        entries.check_in_all(event, boss, entries.waiting_bots)


def test_a_check_in_undone_waits_again(club):
    event = open_event(club)
    boss = owner_of(club)
    first, _second = enter(event, 2)
    events.open_checkin(event, boss)
    entries.check_in(event, first.player, first)
    entries.undo_check_in(event, boss, first)
    first.refresh_from_db()
    assert first.status == Entry.Status.REGISTERED
