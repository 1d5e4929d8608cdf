"""Lobby and table pages. Each view is a few lines around a service call.

Actions answer htmx requests with the re-rendered partial and plain posts with a redirect, so
the site also works without JavaScript. An action that is refused (bad input, not allowed, a
seat taken meanwhile) answers 4xx with the reason shown on the table, never a 500 and never a
silent redirect; a click that merely came late (the table moved on) gets the current table.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.decorators import ratelimit

from ..models import Table
from ..services import leaving, play, reads, seating
from ..services.errors import TableError
from . import rendering
from .forms import CreateTableForm
from .presenters import giving_up, table_lists
from .styles import DEFAULT_STYLE


def _limited_actions(view: Callable) -> Callable:
    """Every table action counts against the user's rate (a flood gets 429, not a lock-up)."""
    return ratelimit(key="user_or_ip", rate=lambda *_: settings.RATE_ACTIONS, block=False)(view)


def _lobby_context(form: CreateTableForm) -> dict:
    return {"tables": table_lists.lobby_rows(reads.lobby_tables()), "form": form}


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    template = "games/lobby.html#tables" if request.htmx else "games/lobby.html"
    form = CreateTableForm(initial={"style": request.GET.get("style", DEFAULT_STYLE)})
    return render(request, template, _lobby_context(form))


@require_GET
def create_form(request: HttpRequest) -> HttpResponse:
    """Re-render the create form for the chosen style (htmx, on style change)."""
    form = CreateTableForm(initial={"style": request.GET.get("style", DEFAULT_STYLE)})
    return render(request, "games/lobby.html#create-form", {"form": form})


@login_required
@require_POST
@ratelimit(key="user", rate=lambda *_: settings.RATE_NEW_TABLES, block=False)
def create_table(request: HttpRequest) -> HttpResponse:
    form = CreateTableForm(request.POST)
    if getattr(request, "limited", False):
        form.add_error(None, _("You are creating tables too fast: wait a minute."))
        return render(request, "games/lobby.html", _lobby_context(form), status=429)
    if not form.is_valid():
        return render(request, "games/lobby.html", _lobby_context(form), status=400)
    data = form.cleaned_data
    seats = data["seats"]
    try:
        table = seating.create_table(
            request.user, data["style"], seats, form.engine_options(),
            direction=data["direction"], turn_clock=data["turn_clock"],
            result_pause=data["result_pause"], is_private=data["is_private"], rated=data["rated"],
            bots=[data["fill"] or None] * seats,
        )  # fmt: skip
    except TableError as error:
        form.add_error(None, str(error))
        return render(request, "games/lobby.html", _lobby_context(form), status=400)
    return redirect("table", code=table.code)


@login_required
@require_GET
def my_tables(request: HttpRequest) -> HttpResponse:
    """Every table the player sat at or hosts, finished ones too, to go back to."""
    rows = table_lists.my_table_rows(reads.tables_of(request.user))
    return render(request, "games/mine.html", {"tables": rows})


@require_POST
@_limited_actions
def take_seat(request: HttpRequest, code: str) -> HttpResponse:
    """The lobby's Join: sit at the first open seat and go to the table (to log in first, if
    need be). Whatever happens, the player lands on the table, with the reason if not seated."""
    table_obj = _table(code)
    url = resolve_url("table", code=table_obj.code)
    if not request.user.is_authenticated:
        return _go(request, redirect_to_login(url).url)
    if getattr(request, "limited", False):
        messages.error(request, _("Too many actions: wait a moment."))
    else:
        try:
            seating.join(table_obj, request.user)
        except TableError as error:
            messages.error(request, str(error))
    return _go(request, url)


def _go(request: HttpRequest, url: str) -> HttpResponse:
    """A redirect that htmx follows as a page load (HX-Redirect) and a plain post as a 302."""
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


def _table(code: str) -> Table:
    return get_object_or_404(Table, code=code)


@require_GET
def table(request: HttpRequest, code: str) -> HttpResponse:
    context = rendering.page_context(_table(code), request.user, get_language())
    return render(request, "games/table.html", context)


def _answer(request: HttpRequest, table_obj: Table, error: str = "", status: int = 200):
    """The table after an action: the live partial for htmx, the page otherwise. An error is
    shown in the page's notice area (and a plain post gets the whole page, not a redirect)."""
    if not error and not request.htmx:
        return redirect("table", code=table_obj.code)
    context = rendering.page_context(table_obj, request.user, get_language())
    context["notice"] = error
    template = "games/table.html#live" if request.htmx else "games/table.html"
    return render(request, template, context, status=status)


def _act(request: HttpRequest, code: str, action: Callable[[Table], object]) -> HttpResponse:
    table_obj = _table(code)
    if getattr(request, "limited", False):
        message = _("Too many actions: wait a moment.")
        return _answer(request, table_obj, message, status=429)
    try:
        action(table_obj)
    except TableError as error:
        return _answer(request, table_obj, str(error), status=409)
    return _answer(request, table_obj)


def _index(request: HttpRequest) -> int:
    """The seat number posted, or a TableError (shown to the player) if it is not one."""
    raw = request.POST.get("seat", "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:  # "²" is a digit int() refuses
        raise TableError(_("There is no such seat at this table."))
    return int(raw)


def _limited(view: Callable) -> Callable:
    """Every table action counts against the user's rate (a flood gets 429, not a lock-up)."""
    return ratelimit(key="user", rate=lambda *_: settings.RATE_ACTIONS, block=False)(view)


@login_required
@require_POST
@_limited
def join(request: HttpRequest, code: str) -> HttpResponse:
    seat = request.POST.get("seat")
    return _act(
        request, code, lambda t: seating.join(t, request.user, _index(request) if seat else None)
    )


@login_required
@require_POST
@_limited
def leave(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda t: seating.leave(t, request.user))


@login_required
@require_POST
@_limited
def swap(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda t: seating.swap(t, request.user, _index(request)))


@login_required
@require_POST
@_limited
def decline_swap(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda t: seating.decline_swap(t, request.user, _index(request)))


@login_required
@require_POST
@_limited
def add_bot(request: HttpRequest, code: str) -> HttpResponse:
    level = request.POST.get("level", "casual")
    return _act(request, code, lambda t: seating.add_bot(t, request.user, _index(request), level))


@login_required
@require_POST
@_limited
def remove_bot(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda t: seating.remove_bot(t, request.user, _index(request)))


@login_required
@require_POST
@_limited
def start(request: HttpRequest, code: str) -> HttpResponse:
    """Start the set, or another one with the same seats once the last one is over."""
    return _act(request, code, lambda t: play.start_by(t, request.user))


@login_required
@require_POST
@_limited
def next_game(request: HttpRequest, code: str) -> HttpResponse:
    """ "Next game" under a result: this player has read it; the last one to press deals."""
    return _act(request, code, lambda t: play.next_game_by(t, request.user))


@login_required
@require_POST
@ratelimit(key="user", rate=lambda *_: settings.RATE_MOVES, block=False)
def move(request: HttpRequest, code: str) -> HttpResponse:
    """A click on a tile (or pass/draw). A stale click just gets the current table back."""
    table_obj = _table(code)
    if getattr(request, "limited", False):
        return _answer(request, table_obj, _("Too many moves: wait a moment."), status=429)
    outcome = play.player_move(table_obj.pk, request.user, request.POST)
    if not outcome.applied:
        status = 400 if outcome.refused else 200
        return _answer(request, table_obj, outcome.message, status=status)
    if not request.htmx:
        return redirect("table", code=table_obj.code)
    rendering.prime(outcome)  # the same render the socket push for this seat will reuse
    known = (outcome.game.pk, outcome.version)
    html, _key = rendering.render_live(table_obj.pk, request.user, get_language(), known=known)
    return HttpResponse(html)


@login_required
@require_http_methods(["GET", "POST"])
@_limited
def give_up(request: HttpRequest, code: str, way: str) -> HttpResponse:
    """Abort, resign or leave (``services.leaving``): a GET shows what it does and asks to
    confirm (no script needed), the confirming POST does it and goes back to the table. A way
    that does not apply (any more) answers 409 with the reason, on the same page."""
    table_obj = _table(code)
    if way not in leaving.WAYS:
        raise Http404
    if request.method == "GET":
        return _confirm_give_up(request, table_obj, way)
    if getattr(request, "limited", False):
        message = _("Too many actions: wait a moment.")
        return _confirm_give_up(request, table_obj, way, message, 429)
    act = {leaving.ABORT: leaving.abort, leaving.RESIGN: leaving.resign}.get(way, leaving.leave)
    try:
        act(table_obj, request.user)
    except TableError as error:
        return _confirm_give_up(request, table_obj, way, str(error), 409)
    messages.success(request, giving_up.done_words(way))
    return _go(request, resolve_url("table", code=table_obj.code))


def _confirm_give_up(
    request: HttpRequest, table_obj: Table, way: str, error: str = "", status: int = 200
) -> HttpResponse:
    ways, game, seat = leaving.ways_for(table_obj, request.user)
    context: dict = {"table": table_obj, "error": error}
    if way in ways and game is not None and seat is not None:
        names = [s.player.name if s.player else "?" for s in reads.seats_of(table_obj)]
        context["confirm"] = giving_up.confirmation(way, game, seat, names)
    elif not error:
        error, status = _("That is not something you can do at this table now."), 409
        context["error"] = error
    return render(request, "games/give_up.html", context, status=status)
