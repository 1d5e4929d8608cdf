"""The organiser's commands: one layer under the run page and the admin.

Each command is declared here once: its name, a label, its form (if it takes values), when it
is available (``check``: the services' own check of whether it applies now) and a run function
that calls the services and returns the message to show. The run page's views (``views.py``)
and the admin's actions (``admin.py``) only find the rows a command acts on, ask whether it is
``available`` (the run page offers only those; the admin says why not instead of running it),
call ``perform`` and show the message it returns, or the reason it was refused (a
``TournamentError``); neither words a message of its own, and every value a command takes
is read through its form (``forms.py``), which the run page renders as it is.

Availability is the services' word said early: each ``check`` is the function the service
itself calls under the event's lock before it acts, so a command offered is not then refused
for a reason known beforehand, and the service still has the final word (the event may have
moved on meanwhile, and what the organiser typed is only judged when it is sent). A refusal
of the kind ``NotNow`` means the command does not apply at all at this point (a draft cannot
start); any other is a reason the page shows in the command's place (too few entries).

A command that puts someone out of the event (``withdraw``, ``disqualify``) declares its
``confirm``: the question each page asks before it runs it (the run page in a ``<details>``
with a second button, the admin on a page of its own), and ``reinstate`` takes it back where
the format can (``entries.check_reinstate``).

Who may act is checked twice, as before: each screen lets only the event's organisers reach
a command (the run page answers 404 to anyone else, the admin lists only the clubs the user
organises), and ``perform`` refuses anyone who may not run the event.

| command | acts on | where | service |
|---|---|---|---|
| ``open-registration``, ``open-checkin``, ``start``, ``finish`` | event | both | ``events`` |
| ``cancel`` | event | run page | ``events.cancel`` |
| ``preview`` (before the start: round 1) | event | admin | ``events.first_round``, ``rounds`` |
| ``next-round`` (round seen, start at once) | event | both | ``rounds.generate_round`` |
| ``start-round`` | event | both | ``rounds.start_round`` |
| ``round-time`` (empty: now) | event | both | ``schedule.start_seated_round`` |
| ``adjudicate`` | event | both | ``schedule.adjudicate_now`` |
| ``step`` | event | admin | ``schedule.step`` |
| ``enter``, ``add-bot`` | event | run page | ``entries.register``, ``register_bot`` |
| ``reseat`` | event (admin: chosen tables) | both | ``rounds.reseat`` |
| ``check-in-bots``, ``check-in-here`` (on the site) | event | run page | ``entries`` |
| ``check-in``, ``undo-check-in``, ``withdraw``, ``disqualify`` | entry | both | ``entries`` |
| ``reinstate`` | entry | both | ``entries.reinstate`` |
| ``groups``, ``seed`` | entry | run page | ``entries.set_groups``, ``set_seed`` |
| ``result`` | table | both | ``results.record_result`` |
| ``undo-round``, ``void-round``, ``re-pair`` | event (admin: round) | both | ``corrections`` |
| ``hold`` (the pause for corrections) | event | both | ``schedule.hold`` |
| ``reopen`` (a reason) | event | both | ``events.reopen`` |
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .formats import RoundPlan
from .forms import (
    EnterForm,
    GroupsForm,
    NextRoundForm,
    ReasonForm,
    ReseatForm,
    ResultForm,
    RoundTimeForm,
    SeedForm,
)
from .models import Entry, Round, TableAssignment, Tournament
from .presenters import entry_name
from .services import access, corrections, entries, events, results, rounds, schedule
from .services.errors import ChangedMeanwhile, NotNow, TournamentError
from .services.state import Snapshot, snapshot

#: What a command acts on.
EVENT, ENTRY, TABLE = "event", "entry", "table"


@dataclass(frozen=True)
class Target:
    """The rows a command acts on: an event, and one of its entries or tables; for a re-seat
    in the admin, the tables the organiser chose (their entries are the choices)."""

    event: Tournament
    entry: Entry | None = None
    table: TableAssignment | None = None
    tables: tuple[TableAssignment, ...] = ()
    #: The round an admin chose to take back, void or pair again (None: the latest).
    round: Round | None = None
    #: What the commands' checks read of the event, read once per target (a page asks many).
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def snapshot(self) -> Snapshot:
        if "snapshot" not in self.memo:
            self.memo["snapshot"] = snapshot(self.event)
        return self.memo["snapshot"]

    def _remembered(self, key: str, work: Callable[[], RoundPlan]) -> RoundPlan:
        """``work()``'s answer, or its refusal, worked out once for this target."""
        if key not in self.memo:
            try:
                self.memo[key] = work()
            except TournamentError as error:
                self.memo[key] = error
        found = self.memo[key]
        if isinstance(found, TournamentError):
            raise found
        return found

    def next_round(self) -> RoundPlan:
        """The round "next round" would make now (``rounds.check_next_round``), or its
        refusal, worked out once: the run page shows it as the preview."""
        return self._remembered(
            "next", lambda: rounds.check_next_round(self.event, self.snapshot())
        )

    def coming_round(self) -> RoundPlan:
        """The round a preview shows: before the start, round 1 as the start would make it
        (``events.first_round``); once the event runs, the next round (``next_round``)."""
        if self.event.state in (Tournament.State.REGISTRATION, Tournament.State.CHECKIN):
            return self._remembered(
                "first", lambda: events.first_round(self.event, self.snapshot())
            )
        return self.next_round()

    def for_entry(self, entry: Entry) -> Target:
        """The same event (and what was read of it) for one of its entries."""
        other = replace(self, entry=entry)
        other.memo.update(self.memo)
        return other

    def for_table(self, table: TableAssignment) -> Target:
        other = replace(self, table=table)
        other.memo.update(self.memo)
        return other

    def reread(self) -> Target:
        """The same event and table as they stand now (changed meanwhile by someone else)."""
        event = Tournament.objects.select_related("club").get(pk=self.event.pk)
        table = self.table
        if table is not None:
            rows = TableAssignment.objects.select_related("round", "overridden_by")
            table = rows.get(pk=table.pk)
        return replace(self, event=event, table=table)


@dataclass(frozen=True)
class Call:
    """One run of a command: its target, who runs it, and its valid form (if it has one)."""

    target: Target
    by: Any
    form: forms.Form | None = None

    @property
    def event(self) -> Tournament:
        return self.target.event

    @property
    def data(self) -> dict:
        return self.form.cleaned_data if self.form is not None else {}


@dataclass(frozen=True)
class Command:
    """One organiser command: its name (the run page's step, the key of ``COMMANDS``), the
    label the admin offers it by, when it is available, and how it runs."""

    name: str
    label: str | Promise
    run: Callable[[Call], str]
    #: Raises the reason the command does not apply to the target now (a ``TournamentError``;
    #: ``NotNow`` when it does not apply at all): the check its service makes first. None:
    #: always available.
    check: Callable[[Target], object] | None = None
    #: Builds the command's form for a target from the posted data (None: unbound, with what
    #: the target holds now as its initial values).
    form: Callable[[Target, Mapping | None], forms.Form] | None = None
    #: The refusal when the form does not validate (empty: the form's own errors).
    invalid: str | Promise = ""
    on: str = EVENT
    #: Offered on the run page (otherwise in the admin only).
    page: bool = True
    #: The question a page asks before it runs the command (None: it runs at once): a step
    #: that puts someone out of the event is confirmed first, on the run page and in the admin.
    confirm: Callable[[Target], str] | None = None

    def form_for(self, target: Target, data: Mapping | None = None) -> forms.Form | None:
        return self.form(target, data) if self.form is not None else None

    def unavailable(self, target: Target) -> TournamentError | None:
        """Why the command cannot run on the target now (None: it can)."""
        if self.check is None:
            return None
        try:
            self.check(target)
        except TournamentError as error:
            return error
        return None

    def available(self, target: Target) -> bool:
        return self.unavailable(target) is None

    def question(self, target: Target) -> str:
        """What the page asks before running the command on the target ("" for none)."""
        return self.confirm(target) if self.confirm is not None else ""

    def perform(self, target: Target, by, data: Mapping | None = None, *,
                form: forms.Form | None = None) -> str:  # fmt: skip
        """Run the command for ``by``; the message to show, or a ``TournamentError`` saying
        why nothing was done."""
        access.require_organiser(target.event, by)
        if self.form is not None:
            form = form if form is not None else self.form_for(target, data or {})
            if not form.is_valid():
                raise TournamentError(self.refusal(form))
        return self.run(Call(target, by, form))

    def refused(self, target: Target, form: forms.Form,
                error: TournamentError) -> tuple[Target, forms.Form]:  # fmt: skip
        """The target and the form to show again with ``error``: as they were posted; or, when
        what the form was built from changed meanwhile (``ChangedMeanwhile``), both as they
        stand now, so that the organiser sees what is there before saving over it (what they
        typed in the form's ``KEPT`` fields stays)."""
        if isinstance(error, ChangedMeanwhile):
            target = target.reread()
            now = self.form_for(target)
            data = {name: now[name].value() for name in now.fields}
            data |= {name: form.data.get(name) for name in getattr(form, "KEPT", ())}
            form = self.form_for(target, data)
        form.add_error(None, str(error))
        return target, form

    def refusal(self, form: forms.Form) -> str:
        if self.invalid:
            return str(self.invalid)
        texts = []
        for name, errors in form.errors.items():
            field = form.fields.get(name)
            for error in errors:
                texts.append(f"{field.label}: {error}" if field is not None else str(error))
        return " ".join(texts)


# -- the event's steps ----------------------------------------------------------------------


def _open_registration(call: Call) -> str:
    events.open_registration(call.event, call.by)
    return _("Registration is open.")


def _open_checkin(call: Call) -> str:
    events.open_checkin(call.event, call.by)
    return _("Check-in is open.")


def _start(call: Call) -> str:
    events.start(call.event, call.by)
    return _("The event has started: round 1 is being played.")


def _preview(call: Call) -> str:
    new = call.target.coming_round()
    snap = call.target.snapshot()
    tables = "; ".join(
        f"{i}. " + " · ".join(entry_name(snap.entries, who) for who in table.seats)
        for i, table in enumerate(new.tables, start=1)
    )
    byes = ", ".join(entry_name(snap.entries, who) for who in new.byes)
    text = _("round %(n)s would seat: %(tables)s") % {"n": new.number, "tables": tables}
    return text + (" " + _("Byes: %(b)s.") % {"b": byes} if byes else "")


def _next_round(call: Call) -> str:
    start = call.data["start"]
    row = rounds.generate_round(call.event, call.by, number=call.data["round"], start=start)
    if start:
        return _("Round %(n)s is out.") % {"n": row.number}
    return _("Round %(n)s is seated.") % {"n": row.number}


def _start_round(call: Call) -> str:
    started = rounds.start_round(call.event, call.by)
    return ngettext("%(n)s table started.", "%(n)s tables started.", started) % {"n": started}


def _round_time(call: Call) -> str:
    row = schedule.start_seated_round(call.event, call.by, call.data.get("starts_at"))
    if row.state == row.State.SEATED:
        return _("Round %(n)s starts by itself at the time set.") % {"n": row.number}
    return _("Round %(n)s has started.") % {"n": row.number}


def _adjudicate(call: Call) -> str:
    judged = schedule.adjudicate_now(call.event, call.by)
    return _("%(n)s tables decided by the adjudication rule.") % {"n": judged}


def _step(call: Call) -> str:
    done = schedule.step(call.event.pk)
    return ", ".join(done) if done else _("nothing was due.")


def _finish(call: Call) -> str:
    events.finish(call.event, call.by)
    return _("The event is finished.")


def _cancel(call: Call) -> str:
    events.cancel(call.event, call.by)
    return _("The event is cancelled.")


def _enter(call: Call) -> str:
    names = [call.data.get("player", ""), call.data.get("partner", "")]
    people = [EnterForm.person(name) for name in names]
    for name, person in zip(names, people, strict=True):
        if name and person is None:
            raise TournamentError(_("There is no player called %(name)s.") % {"name": name})
    if people[0] is None:
        raise TournamentError(_("Say who enters."))
    entry = entries.register(call.event, call.by, people[0], people[1])
    return _("%(name)s is entered.") % {"name": entry.name}


def _add_bot(call: Call) -> str:
    return _("%(name)s is entered.") % {"name": entries.register_bot(call.event, call.by).name}


def _reseat_form(target: Target, data: Mapping | None) -> ReseatForm:
    """The entries seated at the tables to re-seat: those the admin's organiser chose, or on
    the run page those of the latest round's tables not started yet (the ones that may swap;
    the service says why any other cannot)."""
    tables = target.tables or _seated_tables(target.event)
    seated = [who for table in tables for who in table.seats if who is not None]
    found = Entry.objects.select_related("player", "partner").in_bulk(seated)
    return ReseatForm(data, entries=[found[who] for who in seated if who in found])


def _seated_tables(event: Tournament) -> list[TableAssignment]:
    row = event.rounds.order_by("-number").first()
    if row is None:
        return []
    return list(row.tables.filter(state=TableAssignment.State.SEATED).order_by("number"))


def _reseat(call: Call) -> str:
    first, second = call.form.chosen()
    rounds.reseat(call.event, call.by, first, second)
    return _("%(a)s and %(b)s have swapped seats.") % {"a": first.name, "b": second.name}


# -- putting a mistake right ---------------------------------------------------------------


def _undo_round(call: Call) -> str:
    number = corrections.undo_round(call.event, call.by, row=call.target.round)
    said = _("Round %(n)s is taken back; the event waits for you to seat it again.")
    return said % {"n": number}


def _void_round(call: Call) -> str:
    number = corrections.void_round(call.event, call.by, call.data["reason"],
                                    row=call.target.round)  # fmt: skip
    return _("Round %(n)s is void: its results are set aside in the log, and the event waits "
             "for you to seat it again.") % {"n": number}  # fmt: skip


def _repairable(target: Target) -> object:
    if target.round is not None:
        corrections.check_undo(target.event, target.round)  # the latest, not started
    return corrections.paired_on_old_results(target.event, target.snapshot())


def _repair(call: Call) -> str:
    row = corrections.repair_round(call.event, call.by, row=call.target.round)
    return _("Round %(n)s is paired again from the results as they stand.") % {"n": row.number}


def _hold(call: Call) -> str:
    schedule.hold(call.event, call.by)
    return _("The event waits for you: seat the next round, or finish the event, when ready.")


def _reopen(call: Call) -> str:
    events.reopen(call.event, call.by, call.data["reason"])
    return _("The event is open again: correct what was wrong, then finish it again.")


def _of_round(check: Callable[[Tournament, Round | None], object]) -> Callable[[Target], object]:
    return lambda target: check(target.event, target.round)


# -- an entry -------------------------------------------------------------------------------


def _check_in(call: Call) -> str:
    entries.check_in(call.event, call.by, call.target.entry)
    return _("Checked in.")


def _withdraw(call: Call) -> str:
    entries.withdraw(call.event, call.by, call.target.entry)
    return _("Withdrawn.")


def _disqualify(call: Call) -> str:
    entries.disqualify(call.event, call.by, call.target.entry)
    return _("Disqualified.")


def _confirm_withdraw(target: Target) -> str:
    facts = {"name": target.entry.name}
    if target.event.state == Tournament.State.RUNNING:
        return _("Withdraw %(name)s? They keep their results so far, lose the tables they have "
                 "not finished and are not seated again. Reinstate them if it was a mistake."
                 ) % facts  # fmt: skip
    return _("Withdraw %(name)s? Their entry is removed; enter them again if they come back.") % (
        facts
    )


def _confirm_disqualify(target: Target) -> str:
    return _("Disqualify %(name)s? They keep their results so far, lose the tables they have "
             "not finished and are not seated again. Reinstate them if it was a mistake."
             ) % {"name": target.entry.name}  # fmt: skip


def _reinstate(call: Call) -> str:
    entries.reinstate(call.event, call.by, call.target.entry)
    return _("Reinstated: they are seated from the next round.")


def _undo_check_in(call: Call) -> str:
    entries.undo_check_in(call.event, call.by, call.target.entry)
    return _("Check-in undone: they must check in again before the start.")


def _check_in_all(chosen: Callable[[Tournament], list[Entry]]) -> Callable[[Call], str]:
    """Check in at once every entry ``chosen`` finds waiting (every bot, everyone here)."""

    def run(call: Call) -> str:
        done = entries.check_in_all(call.event, call.by, chosen)
        return _("Checked in: %(names)s.") % {"names": ", ".join(e.name for e in done)}

    return run


def _waiting(chosen: Callable[[Tournament], list[Entry]]) -> Callable[[Target], object]:
    return lambda target: entries.check_check_in_all(target.event, chosen(target.event))


def _groups(call: Call) -> str:
    entries.set_groups(call.event, call.by, call.target.entry, call.form.labels())
    return _("Kept-apart labels saved.")


def _seed(call: Call) -> str:
    entries.set_seed(call.event, call.by, call.target.entry, call.data.get("seed"))
    return _("Seed saved.")


# -- a table --------------------------------------------------------------------------------


def _result_form(target: Target, data: Mapping | None) -> ResultForm:
    """A place per seat (the current places, else the seat order), named by who sits there."""
    table = target.table
    found = Entry.objects.select_related("player", "partner").in_bulk(
        [who for who in table.seats if who is not None]
    )
    seats = [
        (entry_name(found, who), table.places[index] if table.places else None)
        for index, who in enumerate(table.seats)
    ]
    return ResultForm(data, seats=seats, version=results.result_version(table))


def _result(call: Call) -> str:
    table = call.target.table
    results.record_result(call.event, call.by, table, call.form.places(), call.data["reason"],
                          expected=call.data["version"])  # fmt: skip
    return _("The result of table %(n)s is saved.") % {"n": table.number}


def _next_round_form(target: Target, data: Mapping | None) -> NextRoundForm:
    """The round seen (the one the preview shows), its tables started at once by default."""
    if data is not None:
        return NextRoundForm(data)
    try:
        number = target.next_round().number
    except TournamentError:
        number = None
    return NextRoundForm(initial={"round": number, "start": True})


def _entry_form(form_class: type[forms.Form]) -> Callable[[Target, Mapping | None], forms.Form]:
    """A form about one entry, showing what the entry holds now (``form_class.initial_of``)."""

    def build(target: Target, data: Mapping | None) -> forms.Form:
        entry = target.entry
        return form_class(data, entry=entry, initial=form_class.initial_of(entry))

    return build


def _event(check: Callable[[Tournament], object]) -> Callable[[Target], object]:
    return lambda target: check(target.event)


def _of_entry(check: Callable[[Tournament, Entry], object]) -> Callable[[Target], object]:
    return lambda target: check(target.event, target.entry)


COMMANDS: dict[str, Command] = {
    command.name: command
    for command in [
        Command(
            "open-registration", gettext_lazy("Open registration"), _open_registration,
            check=_event(events.check_open_registration),
        ),
        Command(
            "open-checkin", gettext_lazy("Open check-in"), _open_checkin,
            check=_event(events.check_open_checkin),
        ),
        Command(
            "start", gettext_lazy("Start (play round 1)"), _start, check=_event(events.check_start)
        ),
        Command(
            "preview", gettext_lazy("Preview the next round (before the start: round 1)"),
            _preview, check=Target.coming_round, page=False,
        ),
        Command(
            "next-round", gettext_lazy("Generate the next round and start its tables"),
            _next_round, check=Target.next_round, form=_next_round_form,
        ),
        Command(
            "start-round", gettext_lazy("Start the seated tables of the last round"), _start_round,
            check=_event(rounds.check_start_round),
        ),
        Command(
            "round-time", gettext_lazy("Set the time (empty: now)"), _round_time,
            check=_event(schedule.check_round_time),
            form=lambda target, data: RoundTimeForm(data),
        ),
        Command(
            "adjudicate", gettext_lazy("Adjudicate the running round's unfinished tables"),
            _adjudicate, check=_event(schedule.check_adjudicate),
        ),
        Command("step", gettext_lazy("Run the schedule now (whatever is due)"), _step, page=False),
        Command(
            "finish", gettext_lazy("Finish (final places from the standings)"), _finish,
            check=lambda target: events.check_finish(target.event, target.snapshot()),
        ),
        Command(
            "cancel", gettext_lazy("Cancel the event"), _cancel, check=_event(events.check_cancel)
        ),
        Command(
            "enter", gettext_lazy("Enter"), _enter, check=_event(entries.check_enter),
            form=lambda target, data: EnterForm(data, pairs=target.event.kind.pairs),
        ),
        Command(
            "add-bot", gettext_lazy("Enter a bot"), _add_bot, check=_event(entries.check_add_bot)
        ),
        Command(
            "reseat", gettext_lazy("Re-seat: swap two entries (before the tables start)"),
            _reseat, check=_event(rounds.check_reseat), form=_reseat_form,
            invalid=gettext_lazy("Choose two entries of this event."),
        ),
        Command(
            "check-in", gettext_lazy("Check in"), _check_in, on=ENTRY,
            check=_of_entry(entries.check_check_in),
        ),
        Command(
            "check-in-bots", gettext_lazy("Check in every bot"),
            _check_in_all(entries.waiting_bots), check=_waiting(entries.waiting_bots),
        ),
        Command(
            "check-in-here", gettext_lazy("Check in everyone on the site now"),
            _check_in_all(entries.waiting_here), check=_waiting(entries.waiting_here),
        ),
        Command(
            "undo-check-in", gettext_lazy("Undo check-in"), _undo_check_in, on=ENTRY,
            check=_of_entry(entries.check_undo_check_in),
        ),
        Command(
            "withdraw", gettext_lazy("Withdraw"), _withdraw, on=ENTRY,
            check=_of_entry(entries.check_withdraw), confirm=_confirm_withdraw,
        ),
        Command(
            "disqualify", gettext_lazy("Disqualify"), _disqualify, on=ENTRY,
            check=_of_entry(entries.check_disqualify), confirm=_confirm_disqualify,
        ),
        Command(
            "reinstate", gettext_lazy("Reinstate"), _reinstate, on=ENTRY,
            check=lambda target: entries.check_reinstate(
                target.event, target.entry, target.snapshot()
            ),
        ),
        Command(
            "groups", gettext_lazy("Kept apart from"), _groups, on=ENTRY,
            check=_event(entries.check_changeable), form=_entry_form(GroupsForm),
            invalid=gettext_lazy("Write at most 200 characters of labels, separated by commas."),
        ),
        Command(
            "seed", gettext_lazy("Seed"), _seed, on=ENTRY, check=_event(entries.check_seeding),
            form=_entry_form(SeedForm), invalid=gettext_lazy("A seed is a whole number from 1 up."),
        ),
        Command(
            "result", gettext_lazy("Record or override the result (with a reason)"), _result,
            on=TABLE, check=_event(results.check_record_result), form=_result_form,
        ),
        Command(
            "undo-round", gettext_lazy("Take back the seated round (before it starts)"),
            _undo_round, check=_of_round(corrections.check_undo),
        ),
        Command(
            "void-round", gettext_lazy("Void the round (with a reason): its results set aside"),
            _void_round, check=_of_round(corrections.check_void),
            form=lambda target, data: ReasonForm(data, name="void"),
        ),
        Command(
            "re-pair", gettext_lazy("Pair the seated round again from the corrected results"),
            _repair, check=_repairable,
        ),
        Command(
            "hold", gettext_lazy("Hold: wait for me before the event moves on"), _hold,
            check=_event(schedule.check_hold),
        ),
        Command(
            "reopen", gettext_lazy("Reopen the event (with a reason)"), _reopen,
            check=_event(events.check_reopen),
            form=lambda target, data: ReasonForm(data, name="reopen"),
        ),
    ]
}  # fmt: skip


def on_page(on: str) -> frozenset[str]:
    """The names of the commands the run page offers for an event, an entry or a table."""
    return frozenset(name for name, c in COMMANDS.items() if c.on == on and c.page)


@dataclass
class Offer:
    """A command as a page shows it for a target: offered (with its form, unbound, showing
    what the target holds now), or not, with the reason when it applies in principle but
    cannot run now ("" for a command that does not apply at all: ``NotNow``)."""

    command: Command
    available: bool
    form: forms.Form | None = None
    reason: str = ""
    question: str = ""  # asked before it runs (``Command.confirm``)


def offer(name: str, target: Target) -> Offer:
    command = COMMANDS[name]
    refused = command.unavailable(target)
    if refused is not None:
        reason = "" if isinstance(refused, NotNow) else str(refused)
        return Offer(command, False, reason=reason)
    return Offer(command, True, command.form_for(target), question=command.question(target))


def offers(target: Target, on: str = EVENT) -> dict[str, Offer]:
    """Every command of the run page that acts on ``on`` (an event, entry or table), as it
    stands for the target, by name (with "_" for "-", as templates read them)."""
    return {name.replace("-", "_"): offer(name, target) for name in sorted(on_page(on))}
