"""Lobby and table pages. Each view is a few lines around a service call.

Actions answer htmx requests with the re-rendered partial and plain posts with a redirect, so
the site also works without JavaScript.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from .forms import CreateTableForm
from .models import Table
from .presenters import table_context
from .services import play, queries, rendering, seating
from .services.errors import TableError


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    context = {"tables": queries.lobby_tables(), "form": CreateTableForm()}
    template = "games/lobby.html#tables" if request.htmx else "games/lobby.html"
    return render(request, template, context)


@require_GET
def create_form(request: HttpRequest) -> HttpResponse:
    """Re-render the create form for the chosen style (htmx, on style change)."""
    form = CreateTableForm(initial={"style": request.GET.get("style", "cutthroat")})
    return render(request, "games/lobby.html#create-form", {"form": form})


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    form = CreateTableForm(request.POST)
    if not form.is_valid():
        context = {"tables": queries.lobby_tables(), "form": form}
        return render(request, "games/lobby.html", context, status=400)
    data = form.cleaned_data
    seats = data["seats"]
    try:
        table = seating.create_table(
            request.user, data["style"], seats, form.engine_options(),
            direction=data["direction"], turn_clock=data["turn_clock"],
            is_private=data["is_private"], bots=[data["fill"] or None] * seats,
        )  # fmt: skip
    except TableError as error:
        form.add_error(None, str(error))
        context = {"tables": queries.lobby_tables(), "form": form}
        return render(request, "games/lobby.html", context, status=400)
    return redirect("table", code=table.code)


def _table(code: str) -> Table:
    return get_object_or_404(Table, code=code)


@require_GET
def table(request: HttpRequest, code: str) -> HttpResponse:
    context = table_context(_table(code), request.user)
    return render(request, "games/table.html", context)


def _answer(request: HttpRequest, table_obj: Table) -> HttpResponse:
    if request.htmx:
        context = table_context(table_obj, request.user)
        return render(request, "games/table.html#live", context)
    return redirect("table", code=table_obj.code)


def _act(request: HttpRequest, code: str, action) -> HttpResponse:
    table_obj = _table(code)
    try:
        action(table_obj)
    except TableError as error:
        messages.error(request, str(error))
    return _answer(request, table_obj)


def _index(request: HttpRequest) -> int:
    try:
        return int(request.POST["seat"])
    except (KeyError, ValueError):
        raise Http404 from None


@login_required
@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    seat = request.POST.get("seat")
    index = int(seat) if seat and seat.isdigit() else None
    return _act(request, code, lambda t: seating.join(t, request.user, index))


@login_required
@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda t: seating.leave(t, request.user))


@login_required
@require_POST
def swap(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda t: seating.swap(t, request.user, _index(request)))


@login_required
@require_POST
def add_bot(request: HttpRequest, code: str) -> HttpResponse:
    level = request.POST.get("level", "casual")
    return _act(request, code, lambda t: seating.add_bot(t, request.user, _index(request), level))


@login_required
@require_POST
def remove_bot(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda t: seating.remove_bot(t, request.user, _index(request)))


@login_required
@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    def begin(table_obj: Table) -> None:
        if queries.seat_of(table_obj, request.user) is None and request.user != table_obj.host:
            raise TableError("Only players at the table can start it.")
        play.start_match(table_obj)

    return _act(request, code, begin)


@login_required
@require_POST
def new_set(request: HttpRequest, code: str) -> HttpResponse:
    """Another set at the same table, with the same seats, once the last one is over."""
    return start(request, code)


@login_required
@require_POST
def move(request: HttpRequest, code: str) -> HttpResponse:
    """A click on a tile (or pass/draw). A stale click just gets the current table back."""
    table_obj = _table(code)
    outcome = play.submit_for_user(table_obj, request.user, request.POST)
    if outcome.message and not outcome.applied:
        messages.warning(request, outcome.message)
        return _answer(request, table_obj)
    if request.htmx:  # the same render the socket push for this seat will reuse
        rendering.prime(outcome)
        hint = (table_obj.pk, outcome.game.pk, outcome.version, None)
        return HttpResponse(rendering.render_live(table_obj.pk, request.user, hint)[0])
    return redirect("table", code=table_obj.code)
