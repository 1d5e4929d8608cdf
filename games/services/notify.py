"""Tell a table's sockets and the lobby's that something changed, once the change is committed.

A message says only "this table changed (to version v)": see ``sockets.notify``, which sends
it, best effort, for every app.
"""

from __future__ import annotations

import uuid

from sockets.notify import after_commit

from ..models import Table

LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def table_changed(
    table: Table, version: int | None = None, *, game: int | None = None, lobby: bool = True
) -> None:
    """Every socket at the table re-renders; the lobby too when seats or state changed."""
    group = table_group(table.pk)
    message = {"type": "table.changed", "game": game, "version": version}
    after_commit(group, message)
    if lobby and not table.is_private:
        lobby_changed()


def lobby_changed() -> None:
    """The lobby's sockets re-render; the change's own token lets a process read the lobby's
    tables once for all of them (``games.live.consumers.LOBBY_ROWS``)."""
    after_commit(LOBBY_GROUP, {"type": "lobby.changed", "change": uuid.uuid4().hex})
