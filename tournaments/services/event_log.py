"""The event's log: every mistake its director put right, with who, when and why.

A result recorded or overridden by hand, a round taken back, voided or paired again, the event
reopened and finished again: each writes one ``EventLog`` row in the same transaction as the
change itself, so the log never says something happened that was rolled back. A round taken
back or voided is deleted from the event's rows (the formats then see the event as if it had
never been made), so its entry keeps what the round was (``round_record``): the log is where a
voided round's results are set aside.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from ..models import Entry, EventLog, Round, TableAssignment, Tournament


def write(
    tournament: Tournament, kind: str, by=None, *, round_number: int | None = None,
    table: int | None = None, reason: str = "", details: dict | None = None,
) -> EventLog:  # fmt: skip
    """One entry of the log, as of now."""
    return EventLog.objects.create(
        tournament=tournament, kind=kind, by=by if getattr(by, "pk", None) else None,
        round=round_number, table=table, reason=reason, details=details or {}, at=timezone.now(),
    )  # fmt: skip


def round_record(row: Round, tables: Iterable[TableAssignment] | None = None) -> dict:
    """What a round was, to keep once its rows are gone: each table's seats (entry ids and
    names), places, points, games table and forfeits, and the round's byes and walkovers."""
    tables = sorted(tables if tables is not None else row.tables.all(), key=lambda t: t.number)
    ids = {who for t in tables for who in t.seats if who is not None}
    ids |= set(row.byes or ()) | set(row.walkovers or ())
    names = {e.pk: e.name for e in Entry.objects.select_related("player", "partner").filter(
        pk__in=ids)}  # fmt: skip
    return {
        "stage": row.stage.kind if row.stage_id else "",
        "started_at": row.started_at.isoformat() if row.started_at else None,
        "tables": [
            {
                "number": t.number, "label": t.label, "bye": t.bye,
                "seats": list(t.seats),
                "names": [names.get(who, "") if who is not None else None for who in t.seats],
                "places": t.places, "points": t.points, "forfeited": list(t.forfeited or ()),
                "code": t.table.code if t.table_id else None,
                "overridden": t.overridden_by_id is not None, "reason": t.override_reason,
            }
            for t in tables
        ],
        "byes": [names.get(who, "") for who in row.byes or ()],
        "walkovers": [names.get(who, "") for who in row.walkovers or ()],
    }  # fmt: skip


def corrected_after(row: Round, earlier: Iterable[TableAssignment]) -> list[TableAssignment]:
    """Tables of earlier rounds whose result was set by hand after ``row`` was paired."""
    return [t for t in earlier if t.overridden_at is not None and t.overridden_at > row.created_at]


def voids_of(tournament: Tournament, number: int) -> int:
    """How many times round ``number`` of the event was voided: its replay deals other tiles
    (its players have seen the first deals)."""
    return tournament.log.filter(kind=EventLog.Kind.VOID, round=number).count()
