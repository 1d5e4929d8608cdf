"""The table log's lines, kept on the game row beside the snapshot.

Every push re-renders the log for each viewer. Reading it from the ``Move`` table cost a query
per version (the most expensive read of a push); the game row is read anyway, so the game's
moves ride along in ``Game.recent``. ``Move`` stays the full append-only history.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

#: How many lines the table keeps: every move of a game. A game of any style has at most 28
#: placements with the draws and passes between them (about 45 in the longest games seen),
#: so this cap is only a guard on the row's size, never reached in play.
RECENT = 200


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
    """The stored lines after ``moves``: the game's moves so far (at most ``RECENT``, the
    newest), oldest first."""
    return [*(recent or []), *map(entry_of, moves)][-RECENT:]


def entries(recent: list | None) -> list[Entry]:
    return [Entry(*item) for item in recent or []]
