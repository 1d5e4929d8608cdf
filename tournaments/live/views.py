"""The club-night screen: ``/events/<slug>/screen/``, for a TV across the room."""

from __future__ import annotations

import time

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..services.state import snapshot
from . import presenters, rendering
from .consumers import SCREEN_CYCLE


@require_GET
def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """Anyone who may see the event may put its screen up; it updates over its socket."""
    found = rendering.event_of(slug, request.user)
    if found is None:
        raise Http404
    event = found[0]
    context = presenters.screen_context(snapshot(event), int(time.time() // SCREEN_CYCLE))
    return render(request, "tournaments/live/screen.html", context)
