"""History pages: a player's list, a set's page, the replay viewer, records out and in, and
statistics. Each view is a few lines: who may see it (``access``), the rows (``listing``,
``records``), the engine's replay (``replay``) and words (``presenters``).

A played set and an imported record share the set page and the viewer; what differs is where
the record comes from and how much of it is shown (a game still being played shows only what a
spectator sees, up to now; its seed stays secret).
"""

from __future__ import annotations

import json
import re
from pathlib import PurePath

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from games.models import Game, style_label
from tournaments.services import access as event_access

from . import access, analysis_views, listing, presenters, records, replay, stats
from .forms import HistoryFilterForm, ImportForm
from .models import ImportedRecord
from .names import match_names, record_names

# -- the list and the statistics -------------------------------------------------------------------


def _owner(request: HttpRequest, pk: int | None) -> User:
    if pk is None:
        return request.user
    return get_object_or_404(User, pk=pk, is_active=True)


@require_GET
def history(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """A player's sets and imports, newest first, filtered and paged (yours without ``pk``)."""
    if pk is None and not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    owner = _owner(request, pk)
    everything = access.sees_everything_of(request.user, owner.pk)
    clubs, events = listing.places_of(owner.pk, request.user)
    data = request.GET if any(k != "page" for k in request.GET) else None
    form = HistoryFilterForm(data, clubs, events, listing.events_seen_by(request.user))
    form.is_valid()
    sealed = access.sealed_sets_for(request.user)
    query = listing.items(owner.pk, form.filters(), everything, sealed)
    page = listing.page_of(query, request.GET.get("page"))
    items = list(page.object_list)
    tables = listing.event_tables(i.match_id for i in items)
    hidden = access.sealed_among(request.user, (i.match for i in items if i.match is not None))
    keep = request.GET.copy()
    keep.pop("page", None)
    context = {
        "owner": owner,
        "mine": request.user.is_authenticated and owner.pk == request.user.pk,
        "form": form,
        "page": page,
        "rows": presenters.list_rows(items, tables, hidden),
        "query": keep.urlencode(),
        "filtered": data is not None,
    }
    return render(request, "history/list.html", context)


@require_GET
def statistics(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    if pk is None and not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    owner = _owner(request, pk)
    everything = access.sees_everything_of(request.user, owner.pk)
    mine = request.user.is_authenticated and owner.pk == request.user.pk
    sealed = None if mine else access.sealed_sets_for(request.user)
    figures = stats.figures(owner.pk, everything, sealed)
    context = {
        "owner": owner,
        "mine": mine,
        **presenters.stats_context(figures),
    }
    return render(request, "history/stats.html", context)


def _sealed(request: HttpRequest, match) -> HttpResponse:
    """Refused: the person plays these same deals at another table, which is still sealed."""
    return render(request, "history/sealed.html", {"match": match}, status=403)


# -- a set's page ------------------------------------------------------------------------------


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.visible_match(request.user, pk)
    if access.sealed_for(request.user, match):
        return _sealed(request, match)
    played = records.Played.read(match)
    record = records.record_of(played)
    names = match_names(match.players)
    summary = records.summary_of(played, record)
    context = {
        "source": "match",
        "match": match,
        "names": names,
        "in_progress": record.get("in_progress") or records.unfinished(record),
        "may_watch": access.may_see_match(request.user, match),
        "event_table": _event_table(request, match, names),
        **presenters.set_context(summary, names, match.table.style),
    }
    return render(request, "history/set.html", context)


def _event_table(request: HttpRequest, match, names: list[str]) -> dict | None:
    """How the event placed the set's players, for a set played at an event's table."""
    table = listing.event_tables([match.pk]).get(match.pk)
    if table is None:
        return None
    visible = event_access.can_see(table.tournament, request.user)
    return presenters.event_table_context(table, names, visible)


@require_GET
def imported_page(request: HttpRequest, pk: int) -> HttpResponse:
    imported = access.visible_import(request.user, pk)
    record = imported.record
    names = record_names(record, imported.seats)
    context = {
        "source": "imported",
        "imported": imported,
        "names": names,
        **presenters.set_context(replay.summarize(record), names, imported.style),
    }
    return render(request, "history/set.html", context)


# -- the replay viewer -----------------------------------------------------------------------------


def _at(request: HttpRequest) -> int | None:
    try:
        return int(request.GET["at"])
    except (KeyError, ValueError):
        return None


def _viewer(request: HttpRequest, context: dict) -> HttpResponse:
    template = "history/replay.html#frame" if request.htmx else "history/replay.html"
    return render(request, template, context)


@require_GET
def match_game(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = access.visible_match(request.user, pk)
    if access.sealed_for(request.user, match):
        return _sealed(request, match)
    played = records.Played.read(match, upto=number)
    if not played.games or played.games[-1].number != number:
        raise Http404
    game = played.games[-1]
    reveal = game.state == Game.State.OVER and not match.sealed
    at = _at(request)
    if at is None and not reveal:
        at = len(played.moves[game.pk])  # a game being played opens at its latest move
    frame = replay.replay(records.secret_record_of(played), number, at or 0, reveal)
    names = match_names(match.players)
    context = _replay_context(frame, names, reveal, match.table.style, match.table.seat_count,
                              match.table.options, number)  # fmt: skip
    context.update({
        "source": "match", "match": match, "game": game, "commitment": game.commitment,
        "seed": game.revealed_seed, "games": match.games.count(),
        "base": reverse("history_match_game", args=[pk, number]), "state": game.state,
        "sealed": match.sealed,
    })  # fmt: skip
    context.update(analysis_views.match_game_extras(request, game, names, context))
    return _viewer(request, context)


@require_GET
def imported_game(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    imported = access.visible_import(request.user, pk)
    record = imported.record
    if not 1 <= number <= len(record["games"]):
        raise Http404
    data = record["games"][number - 1]
    frame = replay.replay(record, number, _at(request) or 0, reveal=True)
    names = record_names(record, imported.seats)
    context = _replay_context(frame, names, True, imported.style, imported.seats,
                              record.get("options", {}), number)  # fmt: skip
    seed, commitment = data.get("seed"), data.get("commitment")
    context.update({
        "source": "imported", "imported": imported,
        "commitment": commitment if isinstance(commitment, str) else "",
        "seed": seed if isinstance(seed, str) else "", "games": len(record["games"]),
        "base": reverse("history_imported_game", args=[pk, number]), "state": "over",
    })  # fmt: skip
    context.update(analysis_views.imported_game_extras(request, imported, number, names, context))
    return _viewer(request, context)


def _replay_context(
    frame: replay.Frame, names: list[str], reveal: bool, style: str, seats: int, options: dict,
    number: int,
) -> dict:  # fmt: skip
    context = presenters.frame_context(frame, names, reveal)
    context.update({"number": number, "style_label": style_label(style)})
    if reveal and frame.dealt is not None:
        facts = replay.deal_facts(style, seats, options, number, frame.dealt)
        context["deal"] = {
            "hands": json.dumps(frame.dealt), "seats": seats, **facts,
            "boneyard": json.dumps(frame.boneyard), "first": frame.first,
        }  # fmt: skip
    return context


# -- records out -----------------------------------------------------------------------------------


def _download(record: dict, name: str) -> HttpResponse:
    response = HttpResponse(records.dumps(record), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def match_record(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.visible_match(request.user, pk)
    if access.sealed_for(request.user, match):
        return _sealed(request, match)
    record = records.record_of(records.Played.read(match))
    return _download(record, f"dominoes-{match.table.style}-set-{match.pk}.json")


@require_GET
def match_game_record(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = access.visible_match(request.user, pk)
    if access.sealed_for(request.user, match):
        return _sealed(request, match)
    played = records.Played.read(match, upto=number)
    if not played.games or played.games[-1].number != number:
        raise Http404
    record = records.record_of(played, game=number)
    return _download(record, f"dominoes-{match.table.style}-set-{match.pk}-game-{number}.json")


@require_GET
def imported_record(request: HttpRequest, pk: int) -> HttpResponse:
    imported = access.visible_import(request.user, pk)
    return _download(imported.record, _file_name(imported))


@require_GET
def imported_game_record(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    imported = access.visible_import(request.user, pk)
    record = imported.record
    if not 1 <= number <= len(record["games"]):
        raise Http404
    part = {**record, "games": record["games"][:number], "game": number}
    return _download(part, _file_name(imported, number))


def _file_name(imported: ImportedRecord, number: int | None = None) -> str:
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", imported.name).strip("-")[:60] or "record"
    return f"{stem}-game-{number}.json" if number else f"{stem}.json"


# -- records in ------------------------------------------------------------------------------------


@login_required
def import_record(request: HttpRequest) -> HttpResponse:
    """Bring in a record file: checked by the engine, kept for its owner, shown in the viewer.
    A refused file changes nothing and the page says why (status 400)."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        name = form.cleaned_data["name"] or PurePath(upload.name).stem or _("Imported record")
        try:
            record = records.read_upload(upload.read(records.MAX_BYTES + 1))
            imported = records.import_record(request.user, name, record)
        except records.ImportRefused as error:
            form.add_error("file", str(error))
        else:
            messages.success(request, _("%(name)s is in your history.") % {"name": imported.name})
            return redirect("history_imported", pk=imported.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "history/import.html", {"form": form}, status=status)


@login_required
@require_POST
def delete_import(request: HttpRequest, pk: int) -> HttpResponse:
    imported = access.own_import(request.user, pk)
    imported.delete()
    messages.success(request, _("%(name)s is gone from your history.") % {"name": imported.name})
    return redirect("history")
