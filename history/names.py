"""The names a history page shows for the seats of a set or of an imported record.

A set keeps its players as they were at the start (``Match.players``: id, name, bot); a deleted
account's entry is emptied (``listeners.forget_name``) and shows as a deleted player. An imported
record may carry a ``players`` list of names (our exports do); otherwise seats go by number.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def deleted_name() -> str:
    return _("Deleted player")


def seat_name(index: int) -> str:
    return _("Seat %(n)s") % {"n": index + 1}


def match_names(players: list[dict]) -> list[str]:
    """Seat names of a played set, a deleted account under a neutral name."""
    return [
        deleted_name() if entry.get("deleted") or entry.get("id") is None else entry["name"]
        for entry in players
    ]


def record_names(record: dict[str, Any], seats: int) -> list[str]:
    """Seat names of an imported record: its ``players`` if it names every seat, else numbers."""
    names = record.get("players")
    if (
        isinstance(names, list)
        and len(names) == seats
        and all(isinstance(n, str) and 0 < len(n.strip()) <= 40 for n in names)
    ):
        return [n.strip() for n in names]
    return [seat_name(i) for i in range(seats)]


def party_names(names: list[str], parties: list[list[int]]) -> list[str]:
    """ "Ann & Cy" for a team, the name alone for a single player."""
    return [" & ".join(names[s] for s in members) for members in parties]
