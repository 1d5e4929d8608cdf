"""Tell the event's sockets that something changed, once the change is committed.

Two groups per event: ``event-<id>`` for its pages (the event page, the organiser's page and
the club-night screen re-render their live part) and ``event-<id>-players`` for the sockets of
its entrants on any page of the site ("your table is ready"). Messages carry no content: each
consumer reads and renders for its own viewer. As every notice (``sockets.notify``), it is
best effort: a channel layer that does not answer is logged and never fails the writer, and a
socket that reconnects gets the whole state at once.
"""

from __future__ import annotations

import time

from sockets.notify import after_commit


def event_group(tournament_id: int) -> str:
    return f"event-{tournament_id}"


def players_group(tournament_id: int) -> str:
    return f"event-{tournament_id}-players"


def event_changed(tournament_id: int) -> None:
    """The event's pages re-render (results, rounds, standings, scores), once committed."""
    message = {"type": "event.changed", "at": time.time()}
    after_commit(event_group(tournament_id), message)


def seats_changed(tournament_id: int) -> None:
    """Every entrant's "your table" notice is looked at again (a round seated or started)."""
    message = {"type": "seats.changed", "at": time.time()}
    after_commit(players_group(tournament_id), message)
