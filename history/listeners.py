"""What history hears: a set begins (its players get a line each), an account is deleted, a
game of an event table ends or its set is unsealed (the expert analyses it).

Connected in ``HistoryConfig.ready()``. A set's lines are written by Django's ``post_save`` of
the new ``Match``, inside the transaction that starts the set, so a set never exists without its
lines (games knows nothing of this app). Deleting an account deletes that person's own lines and
imports (cascade) and takes their name off every set they played, so the others' histories keep
the set under a neutral name.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from games import engine
from games.models import Game, Match
from tournaments.models import TableAssignment

from . import analysis
from .models import Item


def on_match_saved(sender, instance: Match, created: bool, raw: bool = False, **kwargs) -> None:
    if created and not raw:
        record_players(instance)


def record_players(match: Match) -> list[Item]:
    """One line per seat held by a player at the start of ``match``."""
    table = match.table
    rules = engine.STYLES[table.style](table.seat_count, table.options)
    party_of = {seat: p for p, members in enumerate(rules.parties) for seat in members}
    items = [
        Item(owner_id=entry["id"], match=match, seat=seat, party=party_of[seat],
             style=table.style, at=match.started_at)
        for seat, entry in enumerate(match.players)
        if entry.get("id") is not None
    ]  # fmt: skip
    return Item.objects.bulk_create(items)


def on_user_deleted(sender, instance, **kwargs) -> None:
    forget_name(instance.pk)


def forget_name(user_id: int) -> int:
    """Take a person off the sets they played (``Match.players`` keeps id and name as at the
    start): the seat's entry becomes a deleted player's. Returns the number of sets changed."""
    ids = Item.objects.filter(owner_id=user_id, match__isnull=False).values_list("match_id")
    changed = []
    with transaction.atomic():
        for match in Match.objects.filter(pk__in=ids).only("pk", "players"):
            players = [
                {"id": None, "name": "", "bot": False, "deleted": True}
                if entry.get("id") == user_id
                else entry
                for entry in match.players
            ]
            if players != match.players:
                match.players = players
                changed.append(match)
        Match.objects.bulk_update(changed, ["players"], batch_size=500)
    return len(changed)


def on_game_finished(sender, game_id: int, match_id: int, **kwargs) -> None:
    """A game of an event table is analysed as it ends (unless the site turned that off); a
    sealed set's games wait for ``on_sets_unsealed``, as their deals are still secret."""
    if settings.ANALYSE_EVENT_GAMES and TableAssignment.objects.filter(match_id=match_id).exists():
        analysis.request_automatically(Game.objects.filter(pk=game_id))


def on_sets_unsealed(sender, match_ids: list[int], **kwargs) -> None:
    if not settings.ANALYSE_EVENT_GAMES:
        return
    events = TableAssignment.objects.filter(match_id__in=match_ids).values("match_id")
    analysis.request_automatically(
        Game.objects.filter(match_id__in=events, state=Game.State.OVER).order_by("pk")
    )
