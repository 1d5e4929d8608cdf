"""Who may see an event and who may run it.

Running an event is the club's organisers' job (``clubs.services.can_organise``: owners and
organisers, and superusers for any club). Seeing one depends on its visibility: public events
are for everyone, club events for the club's members only (and whoever
``accounts.access.sees_everything``; an organiser of another club is staff but sees no more).
A draft is its club's organisers' alone, whatever its visibility. ``visible_to`` (a query) and
``can_see`` (one event) are this one rule, for every page that names an event.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from accounts.access import sees_everything
from clubs.models import ORGANISING, Membership
from clubs.services import can_organise

from ..models import Tournament
from .errors import TournamentError

DRAFT = Tournament.State.DRAFT


def can_run(tournament: Tournament, user) -> bool:
    return can_organise(tournament.club, user)


def require_organiser(tournament: Tournament, user) -> None:
    if not can_run(tournament, user):
        raise TournamentError(_("Only the club's organisers may run this event."))


def visible_to(user, events: QuerySet[Tournament] | None = None) -> QuerySet[Tournament]:
    """The events ``user`` may see: public ones and their own clubs' club-only ones (every one
    for whoever sees everything), drafts only of the clubs they organise."""
    events = Tournament.objects.all() if events is None else events
    if user is None or not user.is_authenticated:
        return events.filter(visibility=Tournament.Visibility.PUBLIC).exclude(state=DRAFT)
    if user.is_superuser:  # organises every club, so sees every draft too
        return events
    memberships = Membership.objects.filter(user=user)
    shown = Q(visibility=Tournament.Visibility.PUBLIC)
    if sees_everything(user):
        shown = Q()
    else:
        shown |= Q(club_id__in=memberships.values("club_id"))
    organised = memberships.filter(role__in=ORGANISING).values("club_id")
    return events.filter((shown & ~Q(state=DRAFT)) | Q(club_id__in=organised))


def can_see(tournament: Tournament, user) -> bool:
    """``visible_to`` for one event."""
    if tournament.state == DRAFT:
        return can_run(tournament, user)
    if tournament.visibility == Tournament.Visibility.PUBLIC:
        return True
    return is_member(tournament, user) or sees_everything(user)


def is_member(tournament: Tournament, user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return Membership.objects.filter(club_id=tournament.club_id, user=user).exists()
