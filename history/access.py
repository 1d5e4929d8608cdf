"""Who may see which set: the same rule as watching the table.

Anyone may watch a public table, so anyone may look back at its sets. A private table is seen
by those who have its link, and a set's page must not become a second way in: a private set is
shown to the people who played it only. Imported records are their owner's alone. Whoever
``accounts.access.sees_everything`` (superusers, and those granted the power) sees both; being
staff, as every club organiser is, gives nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.http import Http404

from accounts.access import sees_everything
from games.models import Match
from games.services import sealing

from .models import ImportedRecord


def played_in(user, match: Match) -> bool:
    return user.is_authenticated and any(p.get("id") == user.pk for p in match.players)


def may_see_match(user, match: Match) -> bool:
    if not match.table.is_private:
        return True
    return played_in(user, match) or sees_everything(user)


def sealed_for(user, match: Match) -> bool:
    """Whether ``user`` plays the same sealed deals at another table (an event's same deals):
    then none of this set is shown to them, not even as a spectator saw it, until it is
    unsealed. Its own players and everyone else see the spectator's view."""
    return not played_in(user, match) and sealing.plays_same_deals_elsewhere(match, user)


def sealed_among(user, matches: Iterable[Match]) -> set[int]:
    """The ids of the sets among ``matches`` that are ``sealed_for`` ``user`` (a page of a
    history list): no query unless one of them is sealed, then one for all of them."""
    sealed = [m.pk for m in matches if m.sealed and m.deal_key and not played_in(user, m)]
    if not sealed or not user.is_authenticated:
        return set()
    return set(sealing.hidden_from(user).filter(pk__in=sealed).values_list("pk", flat=True))


def sealed_sets_for(user) -> QuerySet[Match] | None:
    """The sets sealed for ``user`` as a lazy query, to leave out of what would tell their
    results (a list filtered by result, the statistics); None for nobody signed in, for whom
    none is."""
    if not user.is_authenticated:
        return None
    return sealing.hidden_from(user)


def visible_match(user, pk: int) -> Match:
    """The set, with its table; 404 for one that does not exist or may not be seen (a private
    set is not told apart from a missing one)."""
    match = Match.objects.select_related("table").filter(pk=pk).first()
    if match is None or not may_see_match(user, match):
        raise Http404
    return match


def own_import(user, pk: int) -> ImportedRecord:
    """The record if ``user`` imported it; 404 otherwise (someone else's import is not told
    apart from a missing one)."""
    if not user.is_authenticated:
        raise Http404
    return _found(user.imported_records.filter(pk=pk))


def visible_import(user, pk: int) -> ImportedRecord:
    """The record to look at: its owner's, or for whoever sees everything (who may need to see
    a file before removing it in the admin)."""
    if not sees_everything(user):
        return own_import(user, pk)
    return _found(ImportedRecord.objects.filter(pk=pk))


def _found(records) -> ImportedRecord:
    found = records.first()
    if found is None:
        raise Http404
    return found


def sees_everything_of(viewer, owner_id: int) -> bool:
    """Whether ``viewer`` sees all of a person's history (their own, or whoever sees
    everything), or only the sets at public tables."""
    return (viewer.is_authenticated and viewer.pk == owner_id) or sees_everything(viewer)
