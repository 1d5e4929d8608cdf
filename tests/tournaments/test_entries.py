"""Entering an event: one entry per person, pairs complete, caps and club-only events kept,
bots only where the event allows them; withdrawing and disqualifying."""

from __future__ import annotations

import pytest

from games.services.seating import pick_bot
from tests.factories import make_user
from tests.tournaments.factories import enter, join, make_event, open_event, owner_of
from tournaments.models import Entry, TableAssignment
from tournaments.services import entries, events, results, rounds
from tournaments.services.errors import TournamentError
from tournaments.services.state import state_of

pytestmark = pytest.mark.django_db


def test_a_person_enters_themselves(club):
    event = open_event(club)
    ann = make_user("ann")
    entry = entries.register(event, ann)
    assert (entry.player, entry.partner, entry.status) == (ann, None, Entry.Status.REGISTERED)


def test_a_player_entered_twice_is_refused_and_nothing_changes(club):
    event = open_event(club)
    ann = make_user("ann")
    entries.register(event, ann)
    with pytest.raises(TournamentError, match="ann is entered already"):
        entries.register(event, ann)
    assert event.entries.count() == 1


def test_a_partner_cannot_enter_again_as_a_player_or_in_another_pair(club):
    event = open_event(club, style="partner", seats=4)
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    entries.register(event, ann, ann, bob)
    with pytest.raises(TournamentError, match=r"bob is entered already \(ann & bob\)"):
        entries.register(event, bob, bob, cy)
    with pytest.raises(TournamentError, match="bob is entered already"):
        entries.register(event, cy, cy, bob)
    assert event.entries.count() == 1


def test_a_pair_with_one_player_missing_is_refused(club):
    event = open_event(club, style="partner", seats=4)
    ann = make_user("ann")
    with pytest.raises(TournamentError, match="played by pairs: name your partner"):
        entries.register(event, ann)
    with pytest.raises(TournamentError, match="two different people"):
        entries.register(event, ann, ann, ann)
    assert not event.entries.exists()


def test_a_partner_is_refused_where_everyone_plays_for_themselves(club):
    event = open_event(club)
    ann, bob = make_user("ann"), make_user("bob")
    with pytest.raises(TournamentError, match="without a partner"):
        entries.register(event, ann, ann, bob)


def test_people_enter_only_themselves_and_organisers_enter_anyone(club, people):
    event = open_event(club)
    ann, bob = make_user("ann"), make_user("bob")
    with pytest.raises(TournamentError, match="enter yourself only"):
        entries.register(event, ann, bob)
    assert entries.register(event, people.organiser, bob).player == bob


def test_the_cap_is_kept(club):
    event = open_event(club, entry_cap=2)
    enter(event, 2)
    with pytest.raises(TournamentError, match="full: it takes 2 entries"):
        entries.register(event, make_user("late"))


def test_a_club_only_event_takes_members_only(club, people):
    event = open_event(club, visibility="club", style="partner", seats=4)
    with pytest.raises(TournamentError, match="outsider is not a member"):
        entries.register(event, people.member, people.member, people.outsider)
    join(club, people.outsider)
    entries.register(event, people.member, people.member, people.outsider)


def test_entries_are_taken_only_during_registration_and_check_in(club):
    event = make_event(club)
    with pytest.raises(TournamentError, match="not taking entries"):
        entries.register(event, make_user("ann"))


def test_bots_enter_only_where_the_event_lets_them(club):
    event = open_event(club)
    with pytest.raises(TournamentError, match="does not take bots"):
        entries.register_bot(event, owner_of(club))
    with pytest.raises(TournamentError, match="Bots are entered by the organisers"):
        entries.register(event, owner_of(club), pick_bot(None, "casual"))
    events.update(event, owner_of(club), bots_fill=True)
    first, second = (
        entries.register_bot(event, owner_of(club)),
        entries.register_bot(event, owner_of(club), "expert"),
    )
    assert first.player.is_bot and second.player.bot_level == "expert"
    assert first.player != second.player


def test_a_pair_of_bots_enters_a_pair_event(club):
    event = open_event(club, style="partner", seats=4, bots_fill=True)
    entry = entries.register_bot(event, owner_of(club))
    assert entry.player.is_bot and entry.partner.is_bot and entry.player != entry.partner


def test_check_in_is_for_the_entrys_players_or_an_organiser(club, people):
    event = open_event(club)
    (entry,) = enter(event, 1)
    with pytest.raises(TournamentError, match="Check-in is not open"):
        entries.check_in(event, entry.player, entry)
    events.open_checkin(event, owner_of(club))
    with pytest.raises(TournamentError, match="Only the players of an entry"):
        entries.check_in(event, people.member, entry)
    assert entries.check_in(event, entry.player, entry).status == Entry.Status.CHECKED_IN


def test_withdrawing_before_the_start_removes_the_entry(club):
    event = open_event(club)
    (entry,) = enter(event, 1)
    entries.withdraw(event, entry.player, entry)
    assert not event.entries.exists()
    entries.register(event, entry.player)  # and they may enter again


def test_withdrawing_or_disqualifying_mid_event_keeps_results_and_seats_them_no_more(club):
    event = open_event(club, turn_clock=0)
    made = enter(event, 4)
    boss = owner_of(club)
    events.start(event, boss)
    for table in TableAssignment.objects.filter(round__number=1):
        results.record_result(event, boss, table, [1, 2], "played")
    entries.withdraw(event, made[0].player, made[0])
    entries.disqualify(event, boss, made[1])
    state = state_of(event)
    assert {e.id for e in state.entrants if not e.active} == {made[0].pk, made[1].pk}
    assert {e.id for e in state.entrants} == {e.pk for e in made}
    row = rounds.generate_round(event, boss)
    assert {who for t in row.tables.all() for who in t.seats} == {made[2].pk, made[3].pk}
    with pytest.raises(TournamentError, match="disqualified already"):
        entries.disqualify(event, boss, made[1])


def test_seeds_change_only_before_the_start(club):
    event = open_event(club, turn_clock=0)
    made = enter(event, 2)
    boss = owner_of(club)
    assert entries.set_seed(event, boss, made[0], 7).seed == 7
    events.start(event, boss)
    with pytest.raises(TournamentError, match="before the event starts"):
        entries.set_seed(event, boss, made[0], 1)
