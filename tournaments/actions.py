"""The organiser's commands: one layer under the run page and the admin.

Each command is declared here once: its name, a label, its form (if it takes values) and a
run function that calls the services and returns the message to show. The run page's views
(``views.py``) and the admin's actions (``admin.py``) only find the rows a command acts on,
call ``perform`` and show the message it returns, or the reason it was refused (a
``TournamentError``); neither words a message of its own, and every value a command takes
is read through its form (``forms.py``).

Who may act is checked twice, as before: each screen lets only the event's organisers reach
a command (the run page answers 404 to anyone else, the admin lists only the clubs the user
organises), and ``perform`` refuses anyone who may not run the event.

| command | acts on | where | service |
|---|---|---|---|
| ``open-registration``, ``open-checkin``, ``start``, ``finish`` | event | both | ``events`` |
| ``cancel`` | event | run page | ``events.cancel`` |
| ``preview`` | event | admin | ``rounds.preview_round`` |
| ``next-round`` (round seen, start at once) | event | both | ``rounds.generate_round`` |
| ``start-round`` | event | both | ``rounds.start_round`` |
| ``round-time`` (empty: now) | event | both | ``schedule.start_seated_round`` |
| ``adjudicate`` | event | both | ``schedule.adjudicate_now`` |
| ``step`` | event | admin | ``schedule.step`` |
| ``enter``, ``add-bot`` | event | run page | ``entries.register``, ``register_bot`` |
| ``reseat`` | event (admin: chosen tables) | both | ``rounds.reseat`` |
| ``check-in``, ``withdraw``, ``disqualify`` | entry | both | ``entries`` |
| ``groups``, ``seed`` | entry | run page | ``entries.set_groups``, ``set_seed`` |
| ``result`` | table | both | ``results.record_result`` |
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .forms import (
    EnterForm,
    GroupsForm,
    NextRoundForm,
    ReseatForm,
    ResultForm,
    RoundTimeForm,
    SeedForm,
)
from .models import Entry, TableAssignment, Tournament
from .presenters import entry_name
from .services import access, entries, events, results, rounds, schedule
from .services.errors import ChangedMeanwhile, TournamentError
from .services.state import snapshot

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
    label the admin offers it by, and how it runs."""

    name: str
    label: str | Promise
    run: Callable[[Call], str]
    #: Builds the command's form for a target from the posted data (None: unbound).
    form: Callable[[Target, Mapping | None], forms.Form] | None = None
    #: The refusal when the form does not validate (empty: the form's own errors).
    invalid: str | Promise = ""
    on: str = EVENT
    #: Offered on the run page (otherwise in the admin only).
    page: bool = True

    def form_for(self, target: Target, data: Mapping | None = None) -> forms.Form | None:
        return self.form(target, data) if self.form is not None else None

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
    new = rounds.preview_round(call.event, call.by)
    snap = snapshot(call.event)
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
    """The admin offers the entries seated at the tables chosen, the run page every entry of
    the event (the service says which of them have no seat to swap)."""
    if target.tables:
        seated = [who for table in target.tables for who in table.seats if who is not None]
        found = Entry.objects.select_related("player", "partner").in_bulk(seated)
        choices = [found[who] for who in seated if who in found]
    else:
        choices = list(target.event.entries.select_related("player", "partner").order_by("pk"))
    return ReseatForm(data, entries=choices)


def _reseat(call: Call) -> str:
    first, second = call.form.chosen()
    rounds.reseat(call.event, call.by, first, second)
    return _("%(a)s and %(b)s have swapped seats.") % {"a": first.name, "b": second.name}


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


COMMANDS: dict[str, Command] = {
    command.name: command
    for command in [
        Command("open-registration", gettext_lazy("Open registration"), _open_registration),
        Command("open-checkin", gettext_lazy("Open check-in"), _open_checkin),
        Command("start", gettext_lazy("Start (play round 1)"), _start),
        Command("preview", gettext_lazy("Preview the next round"), _preview, page=False),
        Command(
            "next-round",
            gettext_lazy("Generate the next round and start its tables"),
            _next_round,
            form=lambda target, data: NextRoundForm(data),
        ),
        Command(
            "start-round", gettext_lazy("Start the seated tables of the last round"), _start_round
        ),
        Command(
            "round-time",
            gettext_lazy("Set the time (empty: now)"),
            _round_time,
            form=lambda target, data: RoundTimeForm(data),
        ),
        Command(
            "adjudicate",
            gettext_lazy("Adjudicate the running round's unfinished tables"),
            _adjudicate,
        ),
        Command("step", gettext_lazy("Run the schedule now (whatever is due)"), _step, page=False),
        Command("finish", gettext_lazy("Finish (final places from the standings)"), _finish),
        Command("cancel", gettext_lazy("Cancel the event"), _cancel),
        Command("enter", gettext_lazy("Enter"), _enter, form=lambda target, data: EnterForm(data)),
        Command("add-bot", gettext_lazy("Enter a bot"), _add_bot),
        Command(
            "reseat",
            gettext_lazy("Re-seat: swap two entries (before the tables start)"),
            _reseat,
            form=_reseat_form,
            invalid=gettext_lazy("Choose two entries of this event."),
        ),
        Command("check-in", gettext_lazy("Check in"), _check_in, on=ENTRY),
        Command("withdraw", gettext_lazy("Withdraw"), _withdraw, on=ENTRY),
        Command("disqualify", gettext_lazy("Disqualify"), _disqualify, on=ENTRY),
        Command(
            "groups",
            gettext_lazy("Kept apart from"),
            _groups,
            on=ENTRY,
            form=lambda target, data: GroupsForm(data),
            invalid=gettext_lazy("Write at most 200 characters of labels, separated by commas."),
        ),
        Command(
            "seed",
            gettext_lazy("Seed"),
            _seed,
            on=ENTRY,
            form=lambda target, data: SeedForm(data),
            invalid=gettext_lazy("A seed is a whole number from 1 up."),
        ),
        Command(
            "result",
            gettext_lazy("Record or override the result (with a reason)"),
            _result,
            on=TABLE,
            form=_result_form,
        ),
    ]
}


def on_page(on: str) -> frozenset[str]:
    """The names of the commands the run page offers for an event, an entry or a table."""
    return frozenset(name for name, c in COMMANDS.items() if c.on == on and c.page)
