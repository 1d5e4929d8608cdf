"""A person's history, filtered and a page at a time, in a few indexed queries.

One list holds the sets they sat in and the records they imported (``Item``), newest first. A
page is a count and one query for its rows with their sets and tables joined in; the filters are
conditions on the same query (``Exists`` for an opponent, a partner, a club or an event), so a
page costs the same with 10 sets or 10,000 (``bench/history.py``). The indexes are
``(owner, at)`` and ``(owner, style, at)``.

A set played at an event's table reads as the event placed it (``event_tables``, one more query
a page): the event's places (``TableAssignment.places``) break the ties a set leaves by its own
tiebreaks, and a table the organiser decided or the deadline adjudicated has places the set
never reached. So a player placed 1st of 4 reads "1st of 4" where the set alone would say "no
winner" (a set closed after two games), and a 2nd of 4 reads "2nd of 4", not "lost". The result
filter still asks the sets alone (the places are per format seat, which a query cannot map to
a person's seat).

A set sealed for the viewer (an event's same deals, which they are playing at another table:
``access.sealed_for``) is listed without its result (``presenters.list_rows``), and left out
when the list is filtered by result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time

from django.core.paginator import Page, Paginator
from django.db.models import CharField, Exists, F, OuterRef, Q, QuerySet, Value
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from clubs.models import Club
from games.models import Match
from tournaments.models import TableAssignment, Tournament
from tournaments.placing import seats_per_format_seat
from tournaments.services.access import visible_to

from .models import Item

PER_PAGE = 25


class Result:
    """The outcome of a set for one player, as the list shows and filters it."""

    WON = "won"
    LOST = "lost"
    NO_WINNER = "none"
    UNFINISHED = "unfinished"
    PLACED = "placed"  # 2nd, 3rd, ... (or a shared 1st) at an event table of three or four

    CHOICES = [
        (WON, _("Won")),
        (LOST, _("Lost")),
        (NO_WINNER, _("No winner")),
        (UNFINISHED, _("Unfinished")),
    ]


def result_of(item: Item, table: EventTable | None = None) -> str | None:
    """Won, lost, no winner (a bruck, a shared best total) or unfinished; None for an import.
    At an event table with its result in, as the event placed the player (``EventPlace``)."""
    match = item.match
    if match is None:
        return None
    place = table.place_of(item.seat) if table is not None else None
    if place is not None:
        return place.result
    if not match.is_over:
        return Result.UNFINISHED
    if match.winner_party is None:
        return Result.NO_WINNER
    return Result.WON if match.winner_party == item.party else Result.LOST


@dataclass(frozen=True)
class EventPlace:
    """One seat's place at an event table, of ``count`` places (2 where two sides play)."""

    place: int
    count: int
    shared: bool
    two_sides: bool

    @property
    def result(self) -> str:
        if self.two_sides:
            if self.shared:
                return Result.NO_WINNER
            return Result.WON if self.place == 1 else Result.LOST
        return Result.WON if self.place == 1 and not self.shared else Result.PLACED


@dataclass(frozen=True)
class EventTable:
    """An event's table whose set this is, with the places the event gave it (per format
    seat: an entry, which is two games seats in a pair event)."""

    tournament: Tournament
    round: int
    number: int
    places: tuple[int, ...]
    points: tuple[float, ...]
    games_seats: tuple[tuple[int, ...], ...]  # the games seats of each format seat
    two_sides: bool

    def format_seat(self, seat: int) -> int | None:
        return next((i for i, seats in enumerate(self.games_seats) if seat in seats), None)

    def place_of(self, seat: int) -> EventPlace | None:
        index = self.format_seat(seat)
        if index is None or index >= len(self.places):
            return None
        place = self.places[index]
        partners = 2 if self.two_sides and len(self.places) == 4 else 1  # rotating partners
        shared = self.places.count(place) > partners
        count = 2 if self.two_sides else len(self.places)
        return EventPlace(place, count, shared, self.two_sides)


def event_tables(match_ids: Iterable[int]) -> dict[int, EventTable]:
    """The event tables among these sets that have their result, by set (one query)."""
    ids = [pk for pk in match_ids if pk is not None]
    if not ids:
        return {}
    rows = TableAssignment.objects.filter(match_id__in=ids, places__isnull=False).select_related(
        "round__tournament"
    )
    found = {}
    for row in rows:
        event = row.round.tournament
        try:
            kind = event.kind
        except ValueError:  # fields that make no event (never stored by the services)
            continue
        per_seat = seats_per_format_seat(kind.pairs, len(row.seats))
        found[row.match_id] = EventTable(
            event, row.round.number, row.number, tuple(row.places), tuple(row.points or ()),
            tuple(tuple(seats) for seats in per_seat), kind.two_party or kind.partnerships,
        )  # fmt: skip
    return found


@dataclass
class Filters:
    """What the list is narrowed to; every field may be empty. People are user ids (a name
    typed in the form may stand for more than one)."""

    style: str = ""
    result: str = ""
    opponents: list[int] | None = None
    partners: list[int] | None = None
    club: int | None = None
    tournament: int | None = None
    since: date | None = None
    until: date | None = None

    @property
    def sets_only(self) -> bool:
        """Filters an imported record cannot meet (it has no players of this site)."""
        return bool(
            self.result
            or self.opponents is not None
            or self.partners is not None
            or self.club
            or self.tournament
        )


Choices = list[tuple[int, str]]


def places_of(owner_id: int, viewer) -> tuple[Choices, Choices]:
    """The clubs a person belongs to and the events they entered that ``viewer`` may see (a
    club-only event by its club's members, a draft by its organisers: ``visible_to``), in one
    query: the choices of the club and event filters."""
    clubs = (
        Club.objects.filter(memberships__user_id=owner_id)
        .order_by()
        .values_list(Value("club", output_field=CharField()), "pk", "name")
    )
    entered = Tournament.objects.filter(
        Q(entries__player_id=owner_id) | Q(entries__partner_id=owner_id)
    )
    events = (
        visible_to(viewer, entered)
        .order_by()
        .values_list(Value("event", output_field=CharField()), "pk", "name")
    )
    found: dict[str, Choices] = {"club": [], "event": []}
    for kind, pk, name in clubs.union(events):
        found[kind].append((pk, name))
    return sorted(found["club"], key=lambda c: c[1]), sorted(found["event"], key=lambda c: c[1])


def events_seen_by(viewer) -> QuerySet[Tournament]:
    """The events ``viewer`` may see (``visible_to``): the only ones the event filter names
    when one is asked for by number."""
    return visible_to(viewer)


def people_named(name: str) -> list[int]:
    """Ids of the accounts going by ``name`` (username or display name, any case)."""
    name = name.strip()
    if not name:
        return []
    found = User.objects.filter(Q(username__iexact=name) | Q(display_name__iexact=name))
    return list(found.values_list("pk", flat=True)[:10])


def items(
    owner_id: int, filters: Filters, everything: bool, sealed: QuerySet[Match] | None = None
) -> QuerySet[Item]:
    """The owner's lines, newest first; without ``everything`` only sets at public tables.
    ``sealed``: sets whose results the viewer may not know yet (``access.sealed_sets_for``),
    left out of a list filtered by result, which would tell them."""
    query = Item.objects.filter(owner_id=owner_id)
    if filters.result and sealed is not None:
        query = query.exclude(match__in=sealed)
    if not everything:
        query = query.filter(match__isnull=False, match__table__is_private=False)
    if filters.sets_only:
        query = query.filter(match__isnull=False)
    if filters.style:
        query = query.filter(style=filters.style)
    if filters.since:
        query = query.filter(at__gte=_start_of(filters.since))
    if filters.until:
        query = query.filter(at__lt=_start_of(filters.until, next_day=True))
    query = _by_result(query, filters.result)
    if filters.opponents is not None:
        rivals = Item.objects.filter(match=OuterRef("match"), owner_id__in=filters.opponents)
        query = query.filter(Exists(rivals.exclude(party=OuterRef("party"))))
    if filters.partners is not None:
        mates = Item.objects.filter(
            match=OuterRef("match"), owner_id__in=filters.partners, party=OuterRef("party")
        )
        query = query.filter(Exists(mates.exclude(seat=OuterRef("seat"))))
    if filters.club or filters.tournament:
        tables = TableAssignment.objects.filter(table=OuterRef("match__table"))
        if filters.tournament:
            tables = tables.filter(round__tournament_id=filters.tournament)
        if filters.club:
            tables = tables.filter(round__tournament__club_id=filters.club)
        query = query.filter(Exists(tables))
    return query.order_by("-at", "-pk")


def _by_result(query: QuerySet[Item], result: str) -> QuerySet[Item]:
    over = Q(match__state=Match.State.OVER)
    if result == Result.WON:
        return query.filter(over, match__winner_party=F("party"))
    if result == Result.LOST:
        return query.filter(over, match__winner_party__isnull=False).exclude(
            match__winner_party=F("party")
        )
    if result == Result.NO_WINNER:
        return query.filter(over, match__winner_party__isnull=True)
    if result == Result.UNFINISHED:
        return query.filter(match__isnull=False).exclude(over)
    return query


def _start_of(day: date, next_day: bool = False) -> datetime:
    moment = datetime.combine(day, time.min)
    if next_day:
        moment = datetime.combine(date.fromordinal(day.toordinal() + 1), time.min)
    return timezone.make_aware(moment)


def page_of(query: QuerySet[Item], number: int | str | None) -> Page:
    """One page of lines, each with its set and table (or its import, without the record)."""
    rows = query.select_related("match__table", "imported").defer("imported__record")
    return Paginator(rows, PER_PAGE).get_page(number)
