"""Putting a round right: take back a round seated by mistake, void a round that must be played
again, pair a seated round again after a correction changed the standings it was paired on.

Each acts on the event's latest round only (a later round is seated from the results of the
one before, so an earlier round is reached by taking back or voiding the later first), takes
the event's lock, and writes the log (``event_log``) in the same transaction.

A round taken back or voided is deleted with its tables: the formats then see the event as if
it had never been made (``State.before``), so the next round is paired from the results before
it, and a result before it may be corrected again even in a knockout. An entry that withdrew
after the round was made counts as withdrawn before it (``withdrawn_after_round``), as the
formats' ``State.before`` says. The log keeps what the round was. Afterwards the event waits
for the director (``rounds.hold``): nothing is paired behind their back while they put things
right; "seat now" pairs the round again when they are ready.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from games.services import notes, play

from ..formats import FormatError, RoundPlan
from ..models import EventLog, Round, TableAssignment, Tournament
from . import deals, event_log, notify
from .access import require_organiser
from .errors import NotNow, TournamentError, explained, state_phrase
from .events import REASON_LENGTH, given_reason
from .locks import locked
from .rounds import hold, next_of, store_round
from .state import Snapshot, format_round, snapshot
from .table_notes import note_of


def _latest_round(tournament: Tournament, row: Round | None, what: str) -> Round:
    """The event's latest round, which ``row`` (a round an admin chose) must be; else why not.
    ``what`` words the step for the refusal of a finished event."""
    if tournament.state == Tournament.State.FINISHED:
        raise NotNow(what)
    if tournament.state != Tournament.State.RUNNING:
        raise NotNow(
            _("The event is %(state)s: its rounds can be put right only while it runs.")
            % {"state": state_phrase(tournament.state)}
        )
    latest = tournament.rounds.order_by("-number").first()
    if latest is None:
        raise NotNow(_("No round has been made yet."))
    if row is not None and row.pk != latest.pk:
        if row.number < latest.number and not _started(latest):
            raise TournamentError(
                _("Round %(later)s is seated from the results of round %(n)s: take round "
                  "%(later)s back first.") % {"later": latest.number, "n": row.number}
            )  # fmt: skip
        raise TournamentError(
            _("Only the latest round, round %(later)s, can be taken back or voided: put it "
              "right first.") % {"later": latest.number}
        )  # fmt: skip
    return latest


def _started(row: Round) -> bool:
    """Whether anything of the round was played: a table of it started (a games table), or a
    result typed in; a round finished with no table at all (everyone had a bye) counts too."""
    if row.started_at is not None or row.state == Round.State.RUNNING:
        return True
    tables = list(row.tables.all())
    if not tables:
        return row.state == Round.State.FINISHED
    return any(t.table_id is not None for t in tables)


def check_undo(tournament: Tournament, row: Round | None = None) -> Round:
    """The round "take back" would drop: the latest, seated and not started; else why not."""
    latest = _latest_round(
        tournament, row, _("The event is finished: reopen it first, with a reason.")
    )
    if _started(latest):
        raise NotNow(
            _("Round %(n)s has started: void it instead, with a reason.") % {"n": latest.number}
        )
    return latest


def check_void(tournament: Tournament, row: Round | None = None) -> Round:
    """The round "void" would set aside: the latest, once any of it was played; else why not."""
    latest = _latest_round(
        tournament, row, _("The event is finished: reopen it first, with a reason.")
    )
    if not _started(latest):
        raise NotNow(_("Round %(n)s has not started: take it back instead.") % {"n": latest.number})
    return latest


def undo_round(tournament: Tournament, by, *, row: Round | None = None, reason: str = "") -> int:
    """Take back the latest round, seated by mistake before any of it was played: its tables
    are dropped and the event is as it was before it was made, waiting for the director.
    Returns the round's number."""
    require_organiser(tournament, by)
    reason = " ".join(str(reason or "").split())[:REASON_LENGTH]
    with transaction.atomic():
        tournament = locked(tournament)
        latest = check_undo(tournament, row)
        record = event_log.round_record(latest, _tables(latest))
        event_log.write(tournament, EventLog.Kind.UNDO, by, round_number=latest.number,
                        reason=reason, details=record)  # fmt: skip
        _drop(tournament, latest)
        hold(tournament)
    _told(tournament)
    return latest.number


def void_round(tournament: Tournament, by, reason: str, *, row: Round | None = None) -> int:
    """Void the latest round, played or being played, with a reason: its games sets still
    being played are stopped, its results are set aside (kept in the log, counting for
    nothing: not in the standings, not in the pairings) and the event is as it was before the
    round was made, waiting for the director. A replay deals other tiles. Returns the round's
    number."""
    require_organiser(tournament, by)
    reason = given_reason(reason)
    with transaction.atomic():
        tournament = locked(tournament)
        latest = check_void(tournament, row)
        tables = _tables(latest)
        record = event_log.round_record(latest, tables)
        event_log.write(tournament, EventLog.Kind.VOID, by, round_number=latest.number,
                        reason=reason, details=record)  # fmt: skip
        deals.unseal_round(latest)  # the round is over: its deals may be seen
        for table in tables:
            _stop(tournament, table)
        _drop(tournament, latest)
        hold(tournament)
    _told(tournament)
    return latest.number


@dataclass
class Repairing:
    """A seated round that was paired before a result it was paired from was corrected: the
    round, the tables corrected since, and the round as the format would pair it now."""

    row: Round
    corrected: list[dict]  # {"round": 2, "table": 1}
    plan: RoundPlan


def paired_on_old_results(tournament: Tournament, snap: Snapshot | None = None) -> Repairing:
    """The latest round, if it is seated, not started, and paired before a result of an
    earlier round was set by hand, and pairing it again now would seat it otherwise (what
    "re-pair" does); else NotNow (nothing was corrected since it was paired) or the reason
    (pairing it again would seat it the same)."""
    if tournament.state != Tournament.State.RUNNING:
        raise NotNow(_("Only a running event's seated round can be paired again."))
    snap = snap if snap is not None else snapshot(tournament)
    if not snap.rounds:
        raise NotNow(_("No round has been made yet."))
    row = snap.rounds[-1]
    if row.state != Round.State.SEATED or any(t.table_id for t in row.table_list):
        raise NotNow(_("Round %(n)s is not waiting seated.") % {"n": row.number})
    corrected = [
        {"round": r.number, "table": t.number}
        for r in snap.rounds[:-1]
        for t in event_log.corrected_after(row, r.table_list)
    ]
    if not corrected:
        raise NotNow(
            _("Round %(n)s was paired from the results as they stand.") % {"n": row.number}
        )
    before = Snapshot(
        tournament, snap.format, snap.state.before(row.number), snap.entries, snap.rounds[:-1]
    )
    plan = next_of(before)
    if _same(plan, format_round(row, row.table_list)):
        raise TournamentError(
            _("A result was corrected after round %(n)s was paired, but paired again now it "
              "would seat the same.") % {"n": row.number}
        )  # fmt: skip
    return Repairing(row, corrected, plan)


def _same(plan: RoundPlan, stored: RoundPlan) -> bool:
    return (
        [(t.seats, t.label) for t in plan.tables] == [(t.seats, t.label) for t in stored.tables]
        and tuple(plan.byes) == tuple(stored.byes)
        and tuple(plan.walkovers or ()) == tuple(stored.walkovers or ())
    )


def repair_round(tournament: Tournament, by, *, row: Round | None = None) -> Round:
    """Pair the seated round again from the results as they stand now (a correction changed
    the standings it was paired on): its tables are dropped and made again, its start time
    kept. ``row`` (a round an admin chose) must be that round. Returns the new round."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        if row is not None:
            check_undo(tournament, row)  # the latest, not started
        found = paired_on_old_results(tournament)
        old = found.row
        record = event_log.round_record(old, old.table_list)
        event_log.write(
            tournament, EventLog.Kind.REPAIR, by, round_number=old.number,
            details={**record, "corrected": found.corrected},
        )  # fmt: skip
        starts_at = old.starts_at
        _drop(tournament, old)
        try:
            new = store_round(tournament, found.plan)
        except FormatError as error:
            raise explained(error) from None
        if starts_at is not None and new.state == Round.State.SEATED:
            new.starts_at = starts_at
            new.save(update_fields=["starts_at"])
    _told(tournament)
    return new


def _tables(row: Round) -> list[TableAssignment]:
    return list(row.tables.select_related("table", "match", "round").order_by("number"))


def _stop(tournament: Tournament, table: TableAssignment) -> None:
    """A voided round's table: its games set is stopped if it is still being played (the
    games finished there are kept, as history), and its note says the round was voided."""
    if table.table_id is None:
        return
    play.abandon(table.table)  # nothing for a games table finished already
    if table.match_id is not None:
        note = note_of(tournament, table)
        note.pop("result", None)
        notes.annotate(table.match_id, {**note, "voided": True})


def _drop(tournament: Tournament, row: Round) -> None:
    """Delete a round taken back or voided, with its tables (and its stage if it was the
    stage's only round), and count an entry that withdrew once it was made as withdrawn
    before it, as ``State.before`` does."""
    stage = row.stage
    number = row.number
    row.delete()
    if not stage.rounds.exists():
        stage.delete()
    tournament.entries.filter(withdrawn_after_round__gte=number).update(
        withdrawn_after_round=number - 1
    )


def _told(tournament: Tournament) -> None:
    notify.event_changed(tournament.pk)
    notify.seats_changed(tournament.pk)
