"""The analysis on the replay page: ask for it (POST), and the extra context the viewer shows once
it is there (its progress comes over a socket, ``history.live.consumers``). Thin: who may see
what is ``access``, the work is ``analysis`` (services) and the words ``analysis_presenters``.

Anyone who may see a finished game may read its analysis; asking for one takes a signed-in
player (it costs a worker some seconds). A game still being played, or of a sealed set, has no
analysis and offers none.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.models import Game

from . import access, analysis, analysis_presenters
from .models import GameAnalysis, ImportedRecord
from .names import match_names, record_names

PANEL = "history/analysis_panel.html"


def replay_extras(
    request: HttpRequest,
    row: GameAnalysis | None,
    names: list[str],
    context: dict[str, Any],
    request_url: str,
    may_request: bool,
) -> dict[str, Any]:
    """The viewer's analysis context; the move list's steps get their costs in place."""
    panel = analysis_presenters.panel(row, names, may_request and request.user.is_authenticated)
    panel["request_url"] = request_url
    extras: dict[str, Any] = {"analysis": panel}
    if row is not None and row.state == GameAnalysis.State.DONE and row.result:
        analysis_presenters.annotate(context["steps"], row.result)
        at = context["at"]
        extras["judged_now"] = context["steps"][at - 1].get("judged") if at else None
        extras["value_chart"] = analysis_presenters.value_chart(
            row.result, names, at, context["total"]
        )
    return extras


def match_game_extras(request: HttpRequest, game: Game, names: list[str], context: dict) -> dict:
    if not analysis.analysable(game):
        return {}  # a game in play, stopped, or of a sealed set: no analysis, none offered
    url = _match_url(game.match_id, game.number)
    return replay_extras(request, analysis.for_game(game), names, context, url, True)


def imported_game_extras(
    request: HttpRequest, imported: ImportedRecord, number: int, names: list[str], context: dict
) -> dict:
    row = analysis.for_import(imported, number)
    if row is None and not analysis.import_analysable(imported, number):
        return {}  # the record's last game was saved unfinished
    url = _imported_url(imported.pk, number)
    return replay_extras(request, row, names, context, url, True)


def _match_url(pk: int, number: int) -> str:
    return reverse("history_match_game_analyse", args=[pk, number])


def _imported_url(pk: int, number: int) -> str:
    return reverse("history_imported_game_analyse", args=[pk, number])


def _played_game(request: HttpRequest, pk: int, number: int) -> Game:
    match = access.visible_match(request.user, pk)
    game = get_object_or_404(Game.objects.select_related("match"), match=match, number=number)
    if not analysis.analysable(game):
        raise Http404
    return game


@login_required
@require_POST
def match_game_analyse(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = _played_game(request, pk, number)
    names, url = match_names(game.match.players), _match_url(pk, number)
    try:
        row = analysis.request_for_game(request.user, game)
    except analysis.TooManyWaiting as refused:
        back = reverse("history_match_game", args=[pk, number])
        return _refused(request, analysis.for_game(game), names, url, str(refused), back)
    if request.htmx:
        return _panel(request, row, names, url)
    return redirect("history_match_game", pk, number)


@login_required
@require_POST
def imported_game_analyse(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    imported = access.own_import(request.user, pk)
    names, url = record_names(imported.record, imported.seats), _imported_url(pk, number)
    try:
        row = analysis.request_for_import(request.user, imported, number)
    except analysis.NotAnalysable:
        raise Http404 from None
    except analysis.TooManyWaiting as refused:
        back = reverse("history_imported_game", args=[pk, number])
        row = analysis.for_import(imported, number)
        return _refused(request, row, names, url, str(refused), back)
    if request.htmx:
        return _panel(request, row, names, url)
    return redirect("history_imported_game", pk, number)


def _refused(
    request: HttpRequest, row: GameAnalysis | None, names: list[str], request_url: str,
    reason: str, back: str,
) -> HttpResponse:  # fmt: skip
    """Not queued: the person has enough waiting. The panel says why (429), with its button
    still there for later; without htmx, the viewer (``back``) again with the reason on top."""
    if not request.htmx:
        messages.error(request, reason)
        return redirect(back)
    panel = analysis_presenters.panel(row, names, True)
    panel.update({"request_url": request_url, "refused": reason})
    return render(request, PANEL, {"analysis": panel}, status=429)


def _panel(
    request: HttpRequest, row: GameAnalysis | None, names: list[str], request_url: str
) -> HttpResponse:
    """The panel alone, the answer to the button's htmx post (the socket then moves its bar).
    An analysis already done reloads the whole page instead, so that the move list gets its
    costs too."""
    if request.htmx and row is not None and row.state == GameAnalysis.State.DONE:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    panel = analysis_presenters.panel(row, names, request.user.is_authenticated)
    panel["request_url"] = request_url
    return render(request, PANEL, {"analysis": panel})
