"""The table log's recent lines, kept on the game row beside the snapshot.

Every push re-renders the log for each viewer. Reading it from the ``Move`` table cost a query
per version (the most expensive read of a push); the game row is read anyway, so the last few
moves ride along in ``Game.recent``. ``Move`` stays the full append-only history.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

#: How many lines the table shows.
RECENT = 12


class Entry(NamedTuple):
    """One logged move, as the presenters word it (the fields of ``Move`` they use)."""

    seq: int
    seat: int
    kind: str
    tile: str
    on: str
    reason: str
    detail: dict


def entry_of(move: Any) -> list:
    """A move row as the compact JSON list stored in ``Game.recent``."""
    return [move.seq, move.seat, move.kind, move.tile, move.on, move.reason, move.detail or {}]


def keep_recent(recent: list | None, moves: Iterable[Any]) -> list:
    """The stored lines after ``moves``: the newest ``RECENT``, oldest first."""
    return [*(recent or []), *map(entry_of, moves)][-RECENT:]


def entries(recent: list | None) -> list[Entry]:
    return [Entry(*item) for item in recent or []]
