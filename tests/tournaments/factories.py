"""Clubs, events and entries for the tournament tests, built through the real services."""

from __future__ import annotations

from typing import Any

from clubs import services as clubs
from clubs.models import Club
from tests.factories import make_user
from tournaments.models import Entry, Round, TableAssignment, Tournament
from tournaments.services import entries, events, results


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
    from tournaments.services import schedule

    event = open_event(club, turn_clock=0, round_pause=600, **fields)
    enter(event, 4)
    boss = owner_of(club)
    for table in events.start(event, boss).tables.all():
        results.record_result(event, boss, table, [1, 2], "played")
    schedule.step(event.pk)
    return event, boss


#: Event tables of one game each, with no turn clock: a set ends with its first game.
ONE_GAME = {"play_mode": "games", "games_per_table": 1, "turn_clock": 0}


def started(club: Club, people: int, **fields: Any) -> Tournament:
    """A running event of ``people`` entries (p1, p2, ...) whose round 1 has started, at games
    tables of one game (a two-seat Block Swiss of two rounds unless said)."""
    fields = {"style": "block", "seats": 2, "format": "swiss", **ONE_GAME, **fields}
    fields.setdefault("format_options", {"rounds": 2})
    event = open_event(club, **fields)
    enter(event, people)
    events.start(event, owner_of(club))
    event.refresh_from_db()
    return event


def first_table(event: Tournament) -> TableAssignment:
    return TableAssignment.objects.filter(round__tournament=event).order_by("number").first()


def person(entry_id: int):
    """The player of an entry, by its id (as a table's seats hold it)."""
    return Entry.objects.select_related("player").get(pk=entry_id).player


def record_by_seed(event: Tournament, row: Round, better_seed_wins: bool = True) -> None:
    """Every table of the round recorded by its organiser: the better seed first (or the
    worse)."""
    seeds = dict(event.entries.values_list("pk", "seed"))
    for table in row.tables.order_by("number"):
        first, second = (seeds[who] for who in table.seats)
        won = (first < second) == better_seed_wins
        results.record_result(event, owner_of(event.club), table, [1, 2] if won else [2, 1], "ok")
