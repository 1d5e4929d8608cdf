"""Who may look at a sealed set while its deals are still being played at other tables.

Sets started with one deal key deal the same games, seat by seat (an event's same deals at
every table of a round). While they are sealed (``Match.sealed``), the board and the moves of
one table tell what the seats of the others hold: whoever sits at one of those sets must not
watch another of them, live or in the history, until they are unsealed. Everyone else sees
what a spectator sees (no hand, no seed). ``play.unseal`` ends it.
"""

from __future__ import annotations

from django.db.models import QuerySet

from ..models import Match


def plays_same_deals_elsewhere(match: Match, user) -> bool:
    """Whether ``user`` sits at another sealed set dealt from ``match``'s key (and so may not
    look at this one yet). One query, and only for a sealed set and a signed-in person."""
    if not match.sealed or not match.deal_key:
        return False
    if user is None or not user.is_authenticated:
        return False
    others = Match.objects.filter(deal_key=match.deal_key, sealed=True, table__seats__player=user)
    return others.exclude(pk=match.pk).exists()


def hidden_from(user) -> QuerySet[Match]:
    """The sealed sets ``user`` may not look at (``plays_same_deals_elsewhere`` for many sets
    at once): dealt from the key of a sealed set they sit at, other than that set. A lazy
    query, to filter a list by or to ask once for a page of sets."""
    if user is None or not user.is_authenticated:
        return Match.objects.none()
    mine = Match.objects.filter(sealed=True, table__seats__player=user).exclude(deal_key="")
    return Match.objects.filter(sealed=True, deal_key__in=mine.values("deal_key")).exclude(
        pk__in=mine.values("pk")
    )
