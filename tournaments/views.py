"""Event pages: the list, an event, "my events", a club's events (a fragment the club page
loads with htmx), and the organiser's pages to create, edit and run an event step by step.

Each view is a few lines around a service in ``tournaments.services``. A refused action
(``TournamentError``) shows its reason on the page it came from with a 4xx status and
changes nothing; a done one redirects with a message. Every page checks who may see the
event (club-only events are for members) and every organiser page who may run it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.models import Club
from clubs.services import organised_clubs
from games.models import style_choices

from . import exports, pages
from .forms import EnterForm, EventForm, GroupsForm, ResultForm, RoundTimeForm, initial_for
from .kinds import FORMAT_LABELS
from .live.presenters import live_context
from .models import Entry, TableAssignment, Tournament
from .services import access, entries, events, reads, results, rounds, schedule
from .services.errors import TournamentError
from .services.state import snapshot


def _visible(request: HttpRequest, slug: str) -> Tournament:
    """The event, if this person may see it (a draft: its organisers only); else 404."""
    event = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    if event.state == Tournament.State.DRAFT and not access.can_run(event, request.user):
        raise Http404
    if not access.can_see(event, request.user):
        raise Http404
    return event


def _run(request: HttpRequest, slug: str) -> Tournament:
    """The event, if this person may run it; 404 for anyone else (an outsider learns nothing
    of a club's events from a 403)."""
    event = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    if not access.can_run(event, request.user):
        raise Http404
    return event


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    club, style = request.GET.get("club", "")[:40], request.GET.get("style", "")[:12]
    events = reads.listed(request.user, club=club, style=style)
    context = {
        **reads.by_state(events),
        "clubs": Club.objects.filter(tournaments__in=reads.listed(request.user)).distinct(),
        "styles": style_choices(),
        "club": club,
        "style": style,
        "formats": FORMAT_LABELS,
        "can_create": organised_clubs(request.user).exists(),
    }
    return render(request, "tournaments/list.html", context)


@login_required
@require_GET
def my_events(request: HttpRequest) -> HttpResponse:
    entered = reads.by_state(reads.entered_by(request.user), past_limit=None)
    run = reads.run_by(request.user).exclude(state__in=reads.PAST).order_by("-created_at")
    context = {**entered, "run": list(run), "formats": FORMAT_LABELS}
    return render(request, "tournaments/mine.html", context)


@require_GET
def club_events(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    context = {**reads.of_club(club, request.user), "club": club, "formats": FORMAT_LABELS}
    return render(request, "tournaments/club_events.html", context)


def _event_page(request: HttpRequest, event: Tournament, *, error: str = "",
                form: EnterForm | None = None, status: int = 200) -> HttpResponse:  # fmt: skip
    snap = snapshot(event)
    user = request.user
    mine = None
    if user.is_authenticated:
        mine = next(
            (e for e in snap.entries.values() if user.pk in (e.player_id, e.partner_id)), None
        )
    context = {
        "event": event,
        "format_label": FORMAT_LABELS.get(event.format, event.format),
        "kind": event.kind,
        "entries": list(snap.entries.values()),
        "mine": mine,
        "organiser": access.can_run(event, user),
        "enter_form": form or EnterForm(),
        "error": error,
        **live_context(snap),
    }
    return render(request, "tournaments/event.html", context, status=status)


@require_GET
def event(request: HttpRequest, slug: str) -> HttpResponse:
    return _event_page(request, _visible(request, slug))


@login_required
@require_POST
def enter(request: HttpRequest, slug: str) -> HttpResponse:
    """A player enters themselves (with their partner in a pair event)."""
    event_obj = _visible(request, slug)
    form = EnterForm(request.POST)
    form.is_valid()
    partner_name = form.cleaned_data.get("partner", "")
    partner = EnterForm.person(partner_name)
    try:
        if partner_name and partner is None:
            raise TournamentError(_("There is no player called %(name)s.") % {"name": partner_name})
        entries.register(event_obj, request.user, request.user, partner)
    except TournamentError as error:
        return _event_page(request, event_obj, error=str(error), form=form, status=409)
    messages.success(request, _("You are entered."))
    return redirect(event_obj)


def _own_entry(request: HttpRequest, event_obj: Tournament) -> Entry:
    entry = event_obj.entries.filter(player=request.user).first()
    entry = entry or event_obj.entries.filter(partner=request.user).first()
    if entry is None:
        raise TournamentError(_("You are not entered."))
    return entry


@login_required
@require_POST
def leave(request: HttpRequest, slug: str) -> HttpResponse:
    event_obj = _visible(request, slug)
    try:
        entries.withdraw(event_obj, request.user, _own_entry(request, event_obj))
    except TournamentError as error:
        return _event_page(request, event_obj, error=str(error), status=409)
    messages.success(request, _("You have withdrawn."))
    return redirect(event_obj)


@login_required
@require_POST
def check_in(request: HttpRequest, slug: str) -> HttpResponse:
    event_obj = _visible(request, slug)
    try:
        entries.check_in(event_obj, request.user, _own_entry(request, event_obj))
    except TournamentError as error:
        return _event_page(request, event_obj, error=str(error), status=409)
    messages.success(request, _("You are checked in."))
    return redirect(event_obj)


# -- organisers ---------------------------------------------------------------------------


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    clubs = organised_clubs(request.user)
    if not clubs.exists():
        raise Http404
    initial = {"club": clubs.filter(slug=request.GET.get("club", "")).first()}
    form = EventForm(request.POST or None, clubs=clubs, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            created = events.create(form.cleaned_data["club"], request.user, **form.event_fields())
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, _("The event is saved as a draft. Open registration when ready.")
            )
            return redirect("event_run", slug=created.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/form.html", {"form": form, "event": None}, status=status)


@require_GET
def style_options(request: HttpRequest) -> HttpResponse:
    """The chosen style's own options (htmx, when the style changes in the event form)."""
    form = EventForm(
        initial={"style": request.GET.get("style", "")[:12]}, clubs=Club.objects.none()
    )
    return render(request, "tournaments/form.html#style-options", {"form": form})


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event_obj = _run(request, slug)
    data = request.POST or None
    form = EventForm(data, initial=initial_for(event_obj), editing=True)
    if request.method == "POST" and form.is_valid():
        try:
            events.update(event_obj, request.user, **form.event_fields())
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The event is saved."))
            return redirect("event_run", slug=event_obj.slug)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "event": event_obj}
    return render(request, "tournaments/form.html", context, status=status)


def _run_page(request: HttpRequest, event_obj: Tournament, error: str = "",
              status: int = 200) -> HttpResponse:  # fmt: skip
    snap = snapshot(event_obj)
    preview, preview_error = None, ""
    if event_obj.state == Tournament.State.RUNNING:
        try:
            preview = rounds.preview_round(event_obj, request.user)
        except TournamentError as problem:
            preview_error = str(problem)
    context = {
        "event": event_obj,
        "format_label": FORMAT_LABELS.get(event_obj.format, event_obj.format),
        "kind": event_obj.kind,
        "entries": list(snap.entries.values()),
        "active_entries": [e for e in snap.entries.values() if e.active],
        "error": error,
        "preview": preview and pages.preview_view(snap, preview),
        "preview_error": preview_error,
        "enter_form": EnterForm(),
        "current": snap.rounds[-1] if snap.rounds else None,
        "late_entries": event_obj.state == Tournament.State.RUNNING
        and event_obj.format in entries.LATE_FORMATS,
        **pages.event_context(snap),
    }
    return render(request, "tournaments/run.html", context, status=status)


@login_required
@require_GET
def event_run(request: HttpRequest, slug: str) -> HttpResponse:
    return _run_page(request, _run(request, slug))


def _step(request: HttpRequest, slug: str, action: Callable[[Tournament], str]) -> HttpResponse:
    """Run one organiser action; back to the run page with what happened or why not."""
    event_obj = _run(request, slug)
    try:
        done = action(event_obj)
    except TournamentError as error:
        event_obj.refresh_from_db()
        return _run_page(request, event_obj, str(error), status=409)
    messages.success(request, done)
    return redirect("event_run", slug=event_obj.slug)


def _number(request: HttpRequest, name: str) -> int | None:
    raw = request.POST.get(name, "")
    return int(raw) if raw.isdigit() and len(raw) < 7 else None


STEPS: dict[str, Callable[[HttpRequest, Tournament], str]] = {
    "open-registration": lambda r, e: (
        events.open_registration(e, r.user) and _("Registration is open.")
    ),
    "open-checkin": lambda r, e: events.open_checkin(e, r.user) and _("Check-in is open."),
    "start": lambda r, e: (
        events.start(e, r.user) and _("The event has started: round 1 is being played.")
    ),
    "next-round": lambda r, e: (
        _("Round %(n)s is out.")
        % {
            "n": rounds.generate_round(
                e, r.user, number=_number(r, "round"), start=bool(r.POST.get("start"))
            ).number
        }
    ),
    "start-round": lambda r, e: _("%(n)s tables started.") % {"n": rounds.start_round(e, r.user)},
    "round-time": lambda r, e: _round_time(r, e),
    "adjudicate": lambda r, e: (
        _("%(n)s tables decided by the adjudication rule.")
        % {"n": schedule.adjudicate_now(e, r.user)}
    ),
    "finish": lambda r, e: events.finish(e, r.user) and _("The event is finished."),
    "cancel": lambda r, e: events.cancel(e, r.user) and _("The event is cancelled."),
    "add-bot": lambda r, e: (
        _("%(name)s is entered.") % {"name": entries.register_bot(e, r.user).name}
    ),
}


def _round_time(request: HttpRequest, event_obj: Tournament) -> str:
    """The seated round starts by itself at the time given (now, if none)."""
    form = RoundTimeForm(request.POST)
    if not form.is_valid():
        raise TournamentError(_("Give the time as a date and a time of day."))
    when = form.cleaned_data.get("starts_at")
    row = schedule.start_seated_round(event_obj, request.user, when)
    if row.state == row.State.SEATED:
        return _("Round %(n)s starts by itself at the time set.") % {"n": row.number}
    return _("Round %(n)s has started.") % {"n": row.number}


@login_required
@require_POST
def event_step(request: HttpRequest, slug: str, step: str) -> HttpResponse:
    if step not in STEPS:
        raise Http404
    return _step(request, slug, lambda event_obj: STEPS[step](request, event_obj))


@login_required
@require_POST
def enter_for(request: HttpRequest, slug: str) -> HttpResponse:
    """An organiser enters a player (and partner) by user name."""
    form = EnterForm(request.POST)
    form.is_valid()

    def add(event_obj: Tournament) -> str:
        names = [form.cleaned_data.get("player", ""), form.cleaned_data.get("partner", "")]
        people = [EnterForm.person(name) for name in names]
        for name, person in zip(names, people, strict=True):
            if name and person is None:
                raise TournamentError(_("There is no player called %(name)s.") % {"name": name})
        if people[0] is None:
            raise TournamentError(_("Say who enters."))
        entry = entries.register(event_obj, request.user, people[0], people[1])
        return _("%(name)s is entered.") % {"name": entry.name}

    return _step(request, slug, add)


def _labels(request: HttpRequest) -> list[str]:
    form = GroupsForm(request.POST)
    if not form.is_valid():
        raise TournamentError(_("Write at most 200 characters of labels, separated by commas."))
    return form.labels()


ENTRY_ACTIONS: dict[str, Callable] = {
    "check-in": lambda e, by, entry, r: (entries.check_in(e, by, entry), _("Checked in."))[1],
    "withdraw": lambda e, by, entry, r: (entries.withdraw(e, by, entry), _("Withdrawn."))[1],
    "disqualify": lambda e, by, entry, r: (entries.disqualify(e, by, entry), _("Disqualified."))[1],
    "groups": lambda e, by, entry, r: (
        entries.set_groups(e, by, entry, _labels(r)),
        _("Kept-apart labels saved."),
    )[1],
    "seed": lambda e, by, entry, r: (
        entries.set_seed(e, by, entry, _number(r, "seed")),
        _("Seed saved."),
    )[1],
}


@login_required
@require_POST
def entry_action(request: HttpRequest, slug: str, entry: int, action: str) -> HttpResponse:
    if action not in ENTRY_ACTIONS:
        raise Http404

    def act(event_obj: Tournament) -> str:
        row = get_object_or_404(Entry, pk=entry, tournament=event_obj)
        return f"{row.name}: {ENTRY_ACTIONS[action](event_obj, request.user, row, request)}"

    return _step(request, slug, act)


@login_required
@require_POST
def reseat(request: HttpRequest, slug: str) -> HttpResponse:
    def swap(event_obj: Tournament) -> str:
        chosen = [
            event_obj.entries.filter(pk=_number(request, name) or 0).first()
            for name in ("first", "second")
        ]
        if None in chosen:
            raise TournamentError(_("Choose two entries of this event."))
        rounds.reseat(event_obj, request.user, chosen[0], chosen[1])
        return _("%(a)s and %(b)s have swapped seats.") % {"a": chosen[0].name, "b": chosen[1].name}

    return _step(request, slug, swap)


@login_required
def table_result(request: HttpRequest, slug: str, table: int) -> HttpResponse:
    """Record or override one table's places, with a reason."""
    event_obj = _run(request, slug)
    assignment = get_object_or_404(
        TableAssignment.objects.select_related("round", "overridden_by"),
        pk=table, round__tournament=event_obj,
    )  # fmt: skip
    snap = snapshot(event_obj)
    seats = [
        (pages.entry_name(snap.entries, who), (assignment.places or [None] * 9)[i])
        for i, who in enumerate(assignment.seats)
    ]
    form = ResultForm(request.POST or None, seats=seats)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                results.record_result(
                    event_obj, request.user, assignment, form.places(), form.cleaned_data["reason"]
                )
            except TournamentError as error:
                form.add_error(None, str(error))
                status = 409
            else:
                messages.success(
                    request, _("The result of table %(n)s is saved.") % {"n": assignment.number}
                )
                return redirect("event_run", slug=event_obj.slug)
    context = {
        "event": event_obj, "assignment": assignment, "form": form,
        "table": pages.table_view(assignment, snap.entries),
    }  # fmt: skip
    return render(request, "tournaments/result.html", context, status=status)


@require_GET
def export(request: HttpRequest, slug: str, what: str) -> HttpResponse:
    if what not in exports.EXPORTS:
        raise Http404
    event_obj = _visible(request, slug)
    response = HttpResponse(
        exports.EXPORTS[what](snapshot(event_obj)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event_obj.slug}-{what}.csv"'
    return response


@require_GET
def print_round(request: HttpRequest, slug: str) -> HttpResponse:
    """The current round's tables on paper, for the club's wall."""
    event_obj = _visible(request, slug)
    snap = snapshot(event_obj)
    views = pages.round_views(snap)
    context = {"event": event_obj, "round": views[-1] if views else None}
    return render(request, "tournaments/print.html", context)
