"""Event pages: the list, an event, "my events", a club's events (a fragment the club page
loads with htmx), and the organiser's pages to create, edit and run an event step by step.

Each view is a few lines around a service in ``tournaments.services``; the organiser's
steps run the commands of ``tournaments.actions`` (the same the admin runs, with the same
forms and messages). The run page offers only the commands available now (each command says
so: ``actions.offers``), each with its own form. An organiser's command answers back on the
run page, post/redirect/get: done or refused (``TournamentError``, which changed nothing), the
page says so in a message after the redirect, so reloading it sends nothing again. A player's
refused step, and a result form refused for what was typed in it, show their reason on the
page they came from with a 4xx status. Every page checks who may see the event (club-only
events are for members) and every organiser page who may run it.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.models import Club
from clubs.services import organised_clubs
from games.models import style_choices

from . import actions, director, exports, presenters, room
from .forms import EnterForm, EventForm, default_name, initial_for
from .kinds import FORMAT_LABELS, format_label
from .live.presenters import live_context
from .models import Entry, TableAssignment, Tournament
from .services import access, entries, events, in_play, reads
from .services.errors import TournamentError
from .services.state import snapshot


def _visible(request: HttpRequest, slug: str) -> Tournament:
    """The event, if this person may see it (a draft: its organisers only); else 404."""
    event = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
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
    organiser = access.can_run(event, user)
    barred = event.same_deals and mine is not None  # may not watch the round's sealed sets
    context = {
        "event": event,
        "format_label": FORMAT_LABELS.get(event.format, event.format),
        "kind": event.kind,
        "mine": mine,
        "organiser": organiser,
        "enter_form": form or EnterForm(),
        "error": error,
        "barred": barred,
        **live_context(snap, organiser=in_play.sees_in_play(organiser, barred)),
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
    """A new event: the form opens with a combination that makes one (a name, the first club,
    Cut-Throat at tables of four, Swiss for tables), so sending it untouched creates a draft."""
    clubs = organised_clubs(request.user)
    if not clubs.exists():
        raise Http404
    if "reshape" in request.POST:  # the form's own button, without script: offer what fits
        form = EventForm.reshaped(request.POST, clubs=clubs)
        return render(request, "tournaments/form.html", {"form": form, "event": None})
    initial = {"club": clubs.filter(slug=request.GET.get("club", "")).first(),
               "name": default_name()}  # fmt: skip
    form = EventForm(request.POST or None, clubs=clubs, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            created = events.create(form.cleaned_data["club"], request.user, **form.event_fields())
        except TournamentError as error:
            form.refuse(error)
        else:
            messages.success(
                request, _("The event is saved as a draft. Open registration when ready.")
            )
            return redirect("event_run", slug=created.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/form.html", {"form": form, "event": None}, status=status)


@require_GET
def style_options(request: HttpRequest) -> HttpResponse:
    """The fields of the event form that follow the style and format chosen (htmx, when one of
    them changes): the seat counts and options of the style, the formats that fit it and the
    chosen format's options, with what the page held kept where it still fits."""
    form = EventForm.reshaped(request.GET, clubs=Club.objects.none())
    return render(request, "tournaments/event_shape.html", {"form": form})


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event_obj = _run(request, slug)
    context = {"event": event_obj}
    if "reshape" in request.POST:
        context["form"] = EventForm.reshaped(request.POST, editing=True)
        return render(request, "tournaments/form.html", context)
    data = request.POST or None
    form = EventForm(data, initial=initial_for(event_obj), editing=True)
    if request.method == "POST" and form.is_valid():
        try:
            events.update(event_obj, request.user, **form.event_fields())
        except TournamentError as error:
            form.refuse(error)
        else:
            messages.success(request, _("The event is saved."))
            return redirect("event_run", slug=event_obj.slug)
    status = 400 if request.method == "POST" else 200
    context["form"] = form
    return render(request, "tournaments/form.html", context, status=status)


def _run_page(request: HttpRequest, event_obj: Tournament) -> HttpResponse:
    """The organiser's page: what the event holds, and every command available now (with its
    form), or the reason one that applies cannot run yet."""
    snap = snapshot(event_obj)
    target = actions.Target(event_obj)
    target.memo["snapshot"] = snap
    offers = actions.offers(target)
    for entry in snap.entries.values():
        entry.offers = actions.offers(target.for_entry(entry), actions.ENTRY)
    result = actions.COMMANDS["result"]
    open_tables = {
        table.pk for row in snap.rounds for table in row.table_list
        if result.available(target.for_table(table))
    }  # fmt: skip
    context = {
        "event": event_obj,
        "format_label": format_label(event_obj.format),
        "kind": event_obj.kind,
        "offers": offers,
        "editable": _allowed(events.check_update, event_obj),
        "preview": _preview(snap, target, offers),
        # a knockout's Finish waits for its champion: said in place of the button
        "awaits_champion": bool(offers["finish"].reason) and snap.awaits_champion(),
        "late_entries": offers["enter"].available and entries.takes_late_entries(event_obj),
        "open_tables": open_tables,
        # who "check in everyone on the site" would check in, named beside it
        "waiting_here": offers["check_in_here"].available and entries.waiting_here(event_obj),
        "current": snap.rounds[-1] if snap.rounds else None,
        "room": room.room_view(snap),
        **presenters.event_context(snap),
        **_director(snap, offers),
    }
    context["unshown"] = bool(context["in_play"])  # marked: not for the players' eyes
    return render(request, "tournaments/run.html", context)


def _director(snap, offers: dict) -> dict:
    """What the run page shows of putting mistakes right (``director``): the pause between
    rounds, a seated round paired before a correction, and the event's log."""
    return {
        "pause": director.pause_view(snap),
        "repairing": offers["re_pair"].available and director.repair_view(snap),
        "log": director.log_rows(snap.tournament),
    }


def _preview(snap, target: actions.Target, offers: dict) -> presenters.PreviewView | None:
    """The round the run page previews: the next round while "generate" is offered, and
    before the start round 1 as the start would make it (none while it could not start)."""
    if offers["next_round"].available:
        return presenters.preview_view(snap, target.next_round())
    if offers["start"].available:
        try:
            return presenters.preview_view(snap, target.coming_round())
        except TournamentError:
            return None
    return None


@login_required
@require_GET
def event_room(request: HttpRequest, slug: str) -> HttpResponse:
    """The run page's "who is here" block alone, which it fetches again every few seconds."""
    event_obj = _run(request, slug)
    context = {"event": event_obj, "room": room.room_view(snapshot(event_obj))}
    return render(request, "tournaments/includes/presence.html", context)


def _allowed(check, *args) -> bool:
    try:
        check(*args)
    except TournamentError:
        return False
    return True


@login_required
@require_GET
def event_run(request: HttpRequest, slug: str) -> HttpResponse:
    return _run_page(request, _run(request, slug))


def _command(request: HttpRequest, slug: str, name: str, entry: int | None = None) -> HttpResponse:
    """Run one organiser command on the event (or on its ``entry``) with the posted values;
    back to the run page (post/redirect/get), saying what happened or why not."""
    event_obj = _run(request, slug)
    row = None
    if entry is not None:
        entries_of = Entry.objects.select_related("player", "partner")
        row = get_object_or_404(entries_of, pk=entry, tournament=event_obj)
    target = actions.Target(event_obj, entry=row)
    try:
        done = actions.COMMANDS[name].perform(target, request.user, request.POST)
    except TournamentError as error:
        messages.error(request, f"{row.name}: {error}" if row else str(error))
    else:
        messages.success(request, f"{row.name}: {done}" if row else done)
    return redirect("event_run", slug=event_obj.slug)


@login_required
@require_POST
def event_step(request: HttpRequest, slug: str, step: str) -> HttpResponse:
    if step not in actions.on_page(actions.EVENT):
        raise Http404
    return _command(request, slug, step)


@login_required
@require_POST
def enter_for(request: HttpRequest, slug: str) -> HttpResponse:
    """An organiser enters a player (and partner) by user name."""
    return _command(request, slug, "enter")


@login_required
@require_POST
def entry_action(request: HttpRequest, slug: str, entry: int, action: str) -> HttpResponse:
    if action not in actions.on_page(actions.ENTRY):
        raise Http404
    return _command(request, slug, action, entry=entry)


@login_required
@require_POST
def reseat(request: HttpRequest, slug: str) -> HttpResponse:
    return _command(request, slug, "reseat")


@login_required
def table_result(request: HttpRequest, slug: str, table: int) -> HttpResponse:
    """Record or override one table's places, with a reason. Refused (409) when the result
    changed since the form was shown: the form comes back with the result as it is now. While
    no result can be recorded (the event is over, or has not started) the page says why and
    shows no form; a form sent then goes back to the run page, which says why."""
    event_obj = _run(request, slug)
    assignment = get_object_or_404(
        TableAssignment.objects.select_related("round", "overridden_by"),
        pk=table, round__tournament=event_obj,
    )  # fmt: skip
    command, target = actions.COMMANDS["result"], actions.Target(event_obj, table=assignment)
    refused = command.unavailable(target)
    if refused is not None and request.method == "POST":
        messages.error(request, str(refused))
        return redirect("event_run", slug=event_obj.slug)
    form = command.form_for(target, request.POST or None) if refused is None else None
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                done = command.perform(target, request.user, form=form)
            except TournamentError as error:
                target, form = command.refused(target, form, error)
                status = 409
            else:
                messages.success(request, done)
                return redirect("event_run", slug=event_obj.slug)
    assignment = target.table
    context = {
        "event": event_obj, "assignment": assignment, "form": form,
        "refused": refused and str(refused),
        "table": presenters.table_view(assignment, snapshot(event_obj).entries),
    }  # fmt: skip
    return render(request, "tournaments/result.html", context, status=status)


@require_GET
def export(request: HttpRequest, slug: str, what: str) -> HttpResponse:
    if what not in exports.EXPORTS:
        raise Http404
    event_obj = _visible(request, slug)
    if what in exports.ORGANISERS_ONLY and not access.can_run(event_obj, request.user):
        raise Http404  # the log's reasons are the organisers'

    def link(code: str) -> str:
        return request.build_absolute_uri(reverse("table", kwargs={"code": code}))

    # files leave the site (a notice board): as the players see the event, organisers' too
    snap = in_play.as_players_see(snapshot(event_obj))
    text = exports.EXPORTS[what](snap, link)
    # the byte-order mark tells a spreadsheet the file is UTF-8 (names with accents)
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event_obj.slug}-{what}.csv"'
    return response


@require_GET
def print_round(request: HttpRequest, slug: str) -> HttpResponse:
    """The current round as a pairing sheet, on a page of its own: each table's seats with
    the entries' numbers and a box for each place, for the club's wall and the director."""
    event_obj = _visible(request, slug)
    snap = in_play.as_players_see(snapshot(event_obj))  # for the club's wall, whoever prints
    views = presenters.round_views(snap)
    context = {"event": event_obj, "kind": event_obj.kind, "round": views[-1] if views else None}
    return render(request, "tournaments/print.html", context)
