"""Clubs, events and entries for the tournament tests, built through the real services."""

from __future__ import annotations

from typing import Any

from clubs import services as clubs
from clubs.models import Club
from tests.factories import make_user
from tournaments.models import Entry, Tournament
from tournaments.services import entries, events


def make_club(owner=None, name: str = "Kingston Dominoes") -> Club:
    owner = owner or make_user("owner")
    return clubs.create_club(owner, name)


def join(club: Club, user, role: str = "member"):
    """Put ``user`` in the club with ``role`` (invite link, then the owner names the role)."""
    invite = clubs.make_invite(club, club.memberships.get(role="owner").user)
    clubs.join_by_invite(invite.code, user)
    if role != "member":
        clubs.set_role(club, club.memberships.get(role="owner").user, user, role)
    return user


def owner_of(club: Club):
    return club.memberships.get(role="owner").user


def make_event(club: Club | None = None, **fields: Any) -> Tournament:
    """A draft (two-seat Block Swiss unless said). Its next round is paired the moment the last
    table of a round ends (``pairing_pause`` 0), as every test written before the pause for
    corrections expects; a test of the pause sets its own."""
    club = club or make_club()
    fields.setdefault("pairing_pause", 0)
    fields.setdefault("name", "Friday Swiss")
    fields.setdefault("style", "block")
    fields.setdefault("seats", 2)
    fields.setdefault("format", "swiss")
    return events.create(club, owner_of(club), **fields)


def open_event(club: Club | None = None, **fields: Any) -> Tournament:
    event = make_event(club, **fields)
    return events.open_registration(event, owner_of(event.club))


def players(count: int, prefix: str = "p") -> list:
    return [make_user(f"{prefix}{i}") for i in range(1, count + 1)]


def enter(event: Tournament, count: int, prefix: str = "p") -> list[Entry]:
    """``count`` entries (pairs in a pair event), each entering themselves, seeded 1..count."""
    organiser = owner_of(event.club)
    made = []
    for i in range(1, count + 1):
        player = make_user(f"{prefix}{i}")
        partner = make_user(f"{prefix}{i}b") if event.pairs else None
        if event.visibility == Tournament.Visibility.CLUB:
            join(event.club, player)
            if partner is not None:
                join(event.club, partner)
        entry = entries.register(event, player, player, partner)
        made.append(entries.set_seed(event, organiser, entry, i))
    return made


def with_round_two_seated(club: Club, **fields: Any) -> tuple[Tournament, Any]:
    """Four entries; round 1 recorded (the first seat won every table); round 2 seated by the
    schedule, with ten minutes' pause before it starts. Returns the event and its organiser."""
    from tournaments.services import results, schedule

    event = open_event(club, turn_clock=0, round_pause=600, **fields)
    enter(event, 4)
    boss = owner_of(club)
    for table in events.start(event, boss).tables.all():
        results.record_result(event, boss, table, [1, 2], "played")
    schedule.step(event.pk)
    return event, boss
