"""The queries event pages need: lists by state, a club's events, a player's events."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.models import Club
from clubs.services import organised_clubs

from ..models import TableAssignment, Tournament
from .access import visible_to

S = Tournament.State
UPCOMING = (S.REGISTRATION, S.CHECKIN)
PAST = (S.FINISHED, S.CANCELLED)


def listed(user, *, club: str = "", style: str = "") -> QuerySet[Tournament]:
    """Events ``user`` may see, drafts left out, optionally of one club (slug) and style."""
    events = visible_to(user).exclude(state=S.DRAFT).select_related("club")
    if club:
        events = events.filter(club__slug=club)
    if style:
        events = events.filter(style=style)
    return events


def by_state(events: QuerySet[Tournament], past_limit: int | None = 30) -> dict[str, list]:
    past = events.filter(state__in=PAST).order_by("-updated_at")
    return {
        "upcoming": list(events.filter(state__in=UPCOMING).order_by("starts_at", "created_at")),
        "running": list(events.filter(state=S.RUNNING).order_by("-updated_at")),
        "past": list(past[:past_limit] if past_limit else past),
    }


def of_club(club: Club, user) -> dict[str, list]:
    """A club's events for its page (club-only ones for members), and its tables in play."""
    events = visible_to(user, club.tournaments.exclude(state=S.DRAFT))
    grouped = by_state(events, past_limit=10)
    grouped["tables"] = list(
        TableAssignment.objects.filter(
            round__tournament__in=events.filter(state=S.RUNNING),
            state=TableAssignment.State.PLAYING,
        )
        .exclude(table=None)
        .select_related("table", "round__tournament")
        .order_by("round__tournament__name", "number")[:40]
    )
    return grouped


def entered_by(user) -> QuerySet[Tournament]:
    """Events ``user`` has an entry in, as player or partner."""
    mine = Q(entries__player=user) | Q(entries__partner=user)
    return Tournament.objects.filter(mine).distinct().select_related("club")


def run_by(user) -> QuerySet[Tournament]:
    """Events of the clubs ``user`` organises (drafts too)."""
    return Tournament.objects.filter(club__in=organised_clubs(user)).select_related("club")
