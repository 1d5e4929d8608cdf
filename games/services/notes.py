"""What the event that seated a set tells its players about it, kept on the set (``Match.note``)
and shown on its table page.

games stores the note and shows it; it never asks what it means, so a table still never knows
its bracket (``games`` imports nothing of ``tournaments``). The event writes the whole note each
time its view of the table changes: when the set starts, and whenever the table's result is set
(by the set's end, a forfeit, the round's deadline or an organiser's correction), so that the
table page says the result as it stands, even on a reload long after.

A note is a plain dict:

- ``event`` and ``url``: the event's name and page;
- ``round`` and ``table``: where in the event this table is;
- ``games``: how many games the table plays, when the event closes its set after a fixed number
  of them (the page then counts the games instead of speaking of six love and bruck);
- ``result``, once the event has the table's result: ``how`` it was decided (``played``,
  ``forfeit``, ``adjudicated``, ``override`` or ``bye``), and per games seat its ``places``,
  ``points`` (None for a bot's seat) and the seats whose entry lost by ``forfeited``;
- ``voided``: the event's organiser voided the round (its results count for nothing; the
  round is played again at other tables).
"""

from __future__ import annotations

from django.db import transaction

from ..models import Match
from . import notify


def annotate(match_id: int, note: dict) -> bool:
    """Replace the set's note with ``note``; the table's screens re-render once committed (a
    note changes no game version, so the render caches key on it: ``live.rendering``).
    False if the set does not exist or already says exactly this."""
    with transaction.atomic():
        match = Match.objects.select_related("table").filter(pk=match_id).first()
        if match is None or match.note == note:
            return False
        Match.objects.filter(pk=match_id).update(note=note)
        notify.table_changed(match.table, lobby=False)
    return True
