"""Who may see an event and who may run it.

Running an event is the club's organisers' job (``clubs.services.can_organise``: owners and
organisers, and superusers for any club). Seeing one depends on its visibility: public events
are for everyone, club events for the club's members only (and whoever
``accounts.access.sees_everything``; an organiser of another club is staff but sees no more).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from accounts.access import sees_everything
from clubs.models import Membership
from clubs.services import can_organise

from ..models import Tournament
from .errors import TournamentError


def can_run(tournament: Tournament, user) -> bool:
    return can_organise(tournament.club, user)


def require_organiser(tournament: Tournament, user) -> None:
    if not can_run(tournament, user):
        raise TournamentError(_("Only the club's organisers may run this event."))


def visible_to(user, events: QuerySet[Tournament] | None = None) -> QuerySet[Tournament]:
    """The events ``user`` may see: public ones, and their own clubs' club-only ones."""
    events = Tournament.objects.all() if events is None else events
    if sees_everything(user):
        return events
    shown = Q(visibility=Tournament.Visibility.PUBLIC)
    if user is not None and user.is_authenticated:
        clubs = Membership.objects.filter(user=user).values("club_id")
        shown |= Q(club_id__in=clubs)
    return events.filter(shown)


def can_see(tournament: Tournament, user) -> bool:
    if tournament.visibility == Tournament.Visibility.PUBLIC:
        return True
    if user is None or not user.is_authenticated:
        return False
    if sees_everything(user):
        return True
    return Membership.objects.filter(club_id=tournament.club_id, user=user).exists()


def is_member(tournament: Tournament, user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return Membership.objects.filter(club_id=tournament.club_id, user=user).exists()
