"""The event's row lock: everything that changes rounds or results takes it first, so two
organisers (or an organiser and a finishing table) never interleave."""

from __future__ import annotations

from django.db import transaction

from ..models import Tournament


def locked(tournament: Tournament | int) -> Tournament:
    """The event re-read under its row lock; call inside ``transaction.atomic()``."""
    assert transaction.get_connection().in_atomic_block, "lock the event inside a transaction"
    pk = tournament if isinstance(tournament, int) else tournament.pk
    return Tournament.objects.select_for_update(of=("self",)).select_related("club").get(pk=pk)
