"""Render the live parts, once per moment for everyone who sees the same thing.

A push is rendered at a *tick*: the next multiple of ``EVENT_RENDER_TICK`` seconds after the
notice that asked for it. Every socket of a process that heard of a change in the same tick
renders at that tick, and they share one render (keyed by event, view, language, page and
tick, in ``consumers.RENDERS``; the HTML of a live part is the same for every viewer allowed to
see it). So fifty
tables finishing in one second cost each process about one render per view, however many
people watch, and a change is on screen within a tick. The render starts after its tick, so
it reads every change committed before the notices it answers.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import translation

from accounts.access import sees_everything

from ..models import Tournament
from ..services import access
from ..services.in_play import sees_in_play
from ..services.state import snapshot
from . import notices, presenters

#: A CSRF cookie as Django sets it (the secret itself); anything else makes no token.
CSRF_SECRET = re.compile(r"[a-zA-Z0-9]{32}")

VIEWS = {
    "page": "tournaments/live/event_live.html",
    "screen": "tournaments/live/screen_live.html",
}


def tick_seconds() -> float:
    return float(getattr(settings, "EVENT_RENDER_TICK", 0.5))


def next_tick(period: float | None = None, now: float | None = None) -> float:
    """The first multiple of ``period`` after ``now`` (wall time, so processes agree)."""
    period = period or tick_seconds()
    now = time.time() if now is None else now
    return (math.floor(now / period) + 1) * period


@dataclass(frozen=True)
class Viewer:
    """Who watches, as far as seeing an event goes; read once when a socket connects."""

    organiser: bool
    member: bool  # of the event's club (or one who sees everything)
    #: An entrant of an event played with the same deals at every table: may not watch the
    #: other tables of a round while their deals are sealed (``games.services.sealing``), so
    #: the page offers them no link there.
    barred: bool = False

    @property
    def sees_in_play(self) -> bool:
        """Whether the event page shows this viewer the results of a round of same deals in
        play (``services.in_play``): an organiser who does not play in the event."""
        return sees_in_play(self.organiser, self.barred)


def viewer_of(event: Tournament, user) -> Viewer:
    member = access.is_member(event, user) or sees_everything(user)
    return Viewer(access.can_run(event, user), member, barred_from_watching(event, user))


def barred_from_watching(event: Tournament, user) -> bool:
    """Whether ``user`` plays in this same-deals event (and so may not watch its sealed
    tables): one query, for a signed-in person at such an event only."""
    if not event.same_deals or user is None or not user.is_authenticated:
        return False
    return event.entries.filter(Q(player=user) | Q(partner=user)).exists()


def allowed(state: str, visibility: str, viewer: Viewer) -> bool:
    """The event page's rule: a draft is for its organisers, a club event for members."""
    if state == Tournament.State.DRAFT and not viewer.organiser:
        return False
    return visibility == Tournament.Visibility.PUBLIC or viewer.member


def event_of(slug: str, user) -> tuple[Tournament, Viewer] | None:
    """The event named by ``slug`` and its viewer, if ``user`` may see it; else None."""
    event = Tournament.objects.select_related("club").filter(slug=slug).first()
    if event is None:
        return None
    viewer = viewer_of(event, user)
    return (event, viewer) if allowed(event.state, event.visibility, viewer) else None


def facts(event_id: int) -> tuple[str, str] | None:
    """The event's state and visibility (read once per tick for all its sockets)."""
    return Tournament.objects.filter(pk=event_id).values_list("state", "visibility").first()


def event_html(event_id: int, view: str, language: str, page: int = 0,
               barred: bool = False, organiser: bool = False) -> str:  # fmt: skip
    """The live part of ``view`` ("page" or "screen") as every viewer sees it (``barred``:
    as the event's own players see it, when it is played with the same deals; ``organiser``:
    the event page of one who sees a round of same deals in play, ``Viewer.sees_in_play``;
    never the screen, which the whole room sees)."""
    with translation.override(language):
        event = Tournament.objects.select_related("club").get(pk=event_id)
        snap = snapshot(event)
        if view == "screen":
            context = presenters.screen_context(snap, page)
        else:
            context = presenters.live_context(snap, organiser=organiser)
        context["pushed"] = True
        context["barred"] = barred
        return render_to_string(VIEWS[view], context)


def enter_html(event_id: int, user, language: str, csrf_cookie: str = "") -> str:
    """The event page's "Entering" part for this one viewer (their own entry, their own
    form), pushed when the event's state changes: the Check in button appears when check-in
    opens, without a reload. Its forms carry a token made from the viewer's own CSRF cookie
    (none without one: such a viewer is shown no form to send)."""
    with translation.override(language):
        event = Tournament.objects.select_related("club").get(pk=event_id)
        mine = None
        if user is not None and user.is_authenticated:
            mine = (
                event.entries.filter(Q(player=user) | Q(partner=user))
                .select_related("player", "partner")
                .first()
            )
        context = {
            "event": event, "kind": event.kind, "mine": mine, "user": user, "pushed": True,
            **presenters.event_times(event),
        }  # fmt: skip
        if CSRF_SECRET.fullmatch(csrf_cookie or ""):
            request = HttpRequest()
            request.META["CSRF_COOKIE"] = csrf_cookie
            context["csrf_token"] = get_token(request)
        return render_to_string("tournaments/includes/enter.html", context)


def notice_html(user, language: str, here: str = "") -> str:
    """This person's own notices (never anybody else's tables)."""
    with translation.override(language):
        found = notices.notices_for(user, here)
        return render_to_string("tournaments/live/notice.html", {"notices": found})
