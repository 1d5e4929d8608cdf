"""Each entrant's notice on every page of the site: "your table is ready" with its link, or
check in. Read for one signed-in person from their own entries only, so a notice can never
tell anyone another entrant's table.

The socket is open for entrants of an event in check-in or running, and of one taking entries
whose check-in opens at a set time: so the "check in" notice reaches a page that was open
before check-in opened (it says nothing until then). A player whose table finished before the
others is told which tables the round still waits for, on whatever page they are (the games
table's own page included).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from ..models import Entry, Round, TableAssignment, Tournament
from ..presenters import waits_for as round_waits_for
from .presenters import clock

#: The events whose entrants get a notice (and a socket on every page).
NOTICE_STATES = (Tournament.State.CHECKIN, Tournament.State.RUNNING)
#: Events whose entrants have the socket open: also those whose check-in is still to open by
#: itself, so that its notice comes without a reload.
LISTENING = Q(tournament__state__in=NOTICE_STATES) | Q(
    tournament__state=Tournament.State.REGISTRATION, tournament__checkin_opens_at__isnull=False
)


@dataclass
class Notice:
    kind: str  # checkin, checked-in, ready, seated, finished, bye, walkover
    event: str
    text: str
    link: str
    link_text: str


def entries_of(user) -> list[Entry]:
    """``user``'s entries still in an event that is in check-in or running, or whose
    check-in opens at a set time (``LISTENING``)."""
    if user is None or not user.is_authenticated:
        return []
    return list(
        Entry.objects.filter(Q(player=user) | Q(partner=user))
        .filter(LISTENING, status__in=Entry.ACTIVE)
        .select_related("tournament")
        .order_by("tournament__starts_at", "pk")
    )


def has_notices(user) -> bool:
    """Whether this person's pages open the notice socket (one query, on every page)."""
    if user is None or not user.is_authenticated:
        return False
    return (
        Entry.objects.filter(Q(player=user) | Q(partner=user))
        .filter(LISTENING, status__in=Entry.ACTIVE)
        .exists()
    )


def _checkin(entry: Entry) -> Notice:
    event = entry.tournament
    url = event.get_absolute_url()
    if entry.status == Entry.Status.REGISTERED:
        text = _("Check-in is open for %(event)s.") % {"event": event.name}
        return Notice("checkin", event.name, text, url + "#enter-heading", _("Check in"))
    text = _("You are checked in for %(event)s.") % {"event": event.name}
    if event.starts_at:
        text += " " + _("Round 1 starts at %(time)s.") % {"time": clock(event.starts_at)}
    return Notice("checked-in", event.name, text, url, _("The event"))


def _running(entry: Entry, here: str) -> Notice | None:
    event = entry.tournament
    row = Round.objects.filter(tournament=event).order_by("-number").first()
    if row is None:
        return None
    url = event.get_absolute_url()
    names = {"event": event.name, "n": row.number}
    if entry.pk in (row.byes or []):
        return Notice("bye", event.name, _("You have a bye in round %(n)s of %(event)s.") % names,
                      url, _("The event"))  # fmt: skip
    if entry.pk in (row.walkovers or []):
        text = _("You go through round %(n)s of %(event)s without playing: your opponent "
                 "withdrew.") % names  # fmt: skip
        return Notice("walkover", event.name, text, url, _("The event"))
    tables = TableAssignment.objects.filter(round=row).select_related("table")
    mine = next((t for t in tables if entry.pk in t.seats), None)
    if mine is None:
        return None
    names["table"] = mine.number
    if mine.state == TableAssignment.State.FINISHED:
        text = _("Your table of round %(n)s of %(event)s is finished.") % names
        waiting = waits_for(row, tables)
        return Notice("finished", event.name, f"{text} {waiting}".strip(), url, _("Standings"))
    if mine.state == TableAssignment.State.PLAYING and mine.table_id:
        link = reverse("table", kwargs={"code": mine.table.code})
        if link == here:
            return None  # already at the table
        text = _("Round %(n)s of %(event)s: your table %(table)s is ready.") % names
        return Notice("ready", event.name, text, link, _("Go to table %(table)s") % names)
    text = _("Round %(n)s of %(event)s: you sit at table %(table)s.") % names
    if row.starts_at:
        text += " " + _("It starts at %(time)s.") % {"time": clock(row.starts_at)}
    return Notice("seated", event.name, text, url, _("The event"))


def waits_for(row: Round, tables) -> str:
    """Which tables of the round are still being played, once the player's own is done."""
    row.table_list = sorted(tables, key=lambda t: t.number)
    return round_waits_for(row)


def notices_for(user, here: str = "") -> list[Notice]:
    """The notices of ``user`` (an entrant), one per event at most; ``here`` is the page
    they are on (no "go to your table" on that table's own page)."""
    found = []
    for entry in entries_of(user):
        if entry.tournament.state == Tournament.State.REGISTRATION:
            continue  # listening for check-in to open; nothing to say before
        if entry.tournament.state == Tournament.State.CHECKIN:
            found.append(_checkin(entry))
        else:
            notice = _running(entry, here)
            if notice is not None:
                found.append(notice)
    return found


def event_ids_of(user) -> list[int]:
    return sorted({entry.tournament_id for entry in entries_of(user)})
