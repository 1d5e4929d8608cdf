"""What the run page shows of a director putting mistakes right: the pause for corrections
between rounds (when the event moves on, counted down, with "seat now" and "hold"), a seated
round paired before a result it was paired from was corrected (with the round as it would be
paired now), and the event's log, newest first. The organisers' CSV file of the log is written
from the same rows (``log_rows``).

Built from a ``services.state.Snapshot`` and the commands' own answers (``actions``), so the
page offers what the services would take, and says it in the words the services use.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .formats import FormatError
from .live.presenters import clock, countdown
from .models import EventLog, Round, Tournament
from .presenters import PreviewView, and_list, preview_view
from .services import corrections
from .services.errors import TournamentError
from .services.state import Snapshot


@dataclass
class PauseView:
    """The event between rounds: the round it pairs next (None: it finishes instead), when
    (None: it waits for the director) and the timer counting down to it."""

    number: int | None
    at: datetime | None
    time: str
    timer: SafeString | str
    due: bool = False  # the pause is over: the schedule moves on at its next step


def pause_view(snap: Snapshot, now: datetime | None = None) -> PauseView | None:
    """Where a running event stands between rounds (None while a round is seated or played)."""
    event = snap.tournament
    if event.state != Tournament.State.RUNNING:
        return None
    if snap.rounds and snap.rounds[-1].state != Round.State.FINISHED:
        return None
    now = now or timezone.now()
    try:
        number = len(snap.rounds) + 1 if snap.round_to_come() else None
    except FormatError:  # a state the format refuses: the run page says why elsewhere
        number = None
    at = event.moves_on_at
    timer = countdown(at, now) if at is not None and at > now else ""
    due = at is not None and at <= now
    return PauseView(number, at, clock(at) if at is not None else "", timer, due)


@dataclass
class RepairView:
    """A seated round paired before results it was paired from were corrected: which, the
    corrected tables in words, and the round as it would be paired now."""

    number: int
    corrected: str
    preview: PreviewView


def repair_view(snap: Snapshot) -> RepairView | None:
    """The seated round that "re-pair" would pair again, or None."""
    try:
        found = corrections.paired_on_old_results(snap.tournament, snap)
    except TournamentError:
        return None
    places = [
        _("round %(round)s, table %(table)s") % {"round": c["round"], "table": c["table"]}
        for c in found.corrected
    ]
    return RepairView(found.row.number, and_list(places), preview_view(snap, found.plan))


@dataclass
class LogRow:
    """One entry of the log as the run page and the CSV file say it."""

    at: datetime
    kind: str
    what: str
    round: int | None
    table: int | None
    where: str
    by: str
    reason: str
    detail: str


def log_rows(event: Tournament) -> list[LogRow]:
    """The event's log, newest first (one query)."""
    rows = []
    for entry in event.log.select_related("by").order_by("-at", "-pk"):
        rows.append(
            LogRow(
                at=entry.at, kind=entry.kind, what=_what(entry), round=entry.round,
                table=entry.table, where=_where(entry), by=entry.by.name if entry.by else "",
                reason=entry.reason, detail=_detail(entry),
            )
        )  # fmt: skip
    return rows


def _what(entry: EventLog) -> str:
    if entry.kind == EventLog.Kind.OVERRIDE and not (entry.details or {}).get("before"):
        return _("Result recorded by hand")
    if entry.kind == EventLog.Kind.OVERRIDE:
        return _("Result corrected")
    return str(entry.get_kind_display())


def _where(entry: EventLog) -> str:
    if entry.round is not None and entry.table is not None:
        return _("Round %(round)s, table %(table)s") % {"round": entry.round, "table": entry.table}
    if entry.round is not None:
        return _("Round %(n)s") % {"n": entry.round}
    return ""


def _places(places: list | None) -> str:
    return ", ".join(str(p) for p in places) if places else ""


def _detail(entry: EventLog) -> str:
    """What changed, in a few words: a result before and after, what a round set aside held."""
    details = entry.details or {}
    if entry.kind == EventLog.Kind.GAVE_UP:
        words = _("%(name)s resigned") if details.get("how") == "resign" else _("%(name)s left")
        return words % {"name": details.get("name", "")}
    if entry.kind == EventLog.Kind.OVERRIDE:
        before, after = _places(details.get("before")), _places(details.get("after"))
        if before:
            return _("Places %(before)s, now %(after)s") % {"before": before, "after": after}
        return _("Places %(after)s") % {"after": after}
    tables = [t for t in details.get("tables") or () if not t.get("bye")]
    if entry.kind == EventLog.Kind.VOID:
        played = sum(1 for t in tables if t.get("places") is not None)
        return ngettext(
            "%(n)s table set aside (%(played)s with a result)",
            "%(n)s tables set aside (%(played)s with a result)",
            len(tables),
        ) % {"n": len(tables), "played": played}
    if entry.kind in (EventLog.Kind.UNDO, EventLog.Kind.REPAIR):
        seated = ngettext("%(n)s table dropped", "%(n)s tables dropped", len(tables)) % {
            "n": len(tables)
        }
        corrected = details.get("corrected") or []
        if entry.kind == EventLog.Kind.REPAIR and corrected:
            places = and_list([
                _("round %(round)s, table %(table)s") % {"round": c["round"], "table": c["table"]}
                for c in corrected
            ])  # fmt: skip
            return _("%(seated)s; paired again after %(tables)s was corrected") % {
                "seated": seated, "tables": places
            }  # fmt: skip
        return seated
    return ""
