"""Site-level views: the home page, the rules of the styles and the health probe."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.access import sees_everything
from games.live import styles

from . import health

# Headers a proxy adds: a request that carries one came from elsewhere, whatever its address.
PROXY_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"styles": styles.all_styles()})


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    """Every style's rules in the reader's language (docs/rules.md is the full rule book)."""
    return render(request, "rules.html", {"styles": styles.all_styles()})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 only when every service answers, so a load balancer can drop a sick process.

    Anyone gets ok/failing per service; the reasons go to the server log, and to whoever
    ``sees_everything`` (not staff as such: every club organiser is staff) or (in the default
    profile) to a request from this machine, such as ``make run``'s own probe.
    """
    data = health.report()
    shown = data if _may_see_details(request) else health.public(data)
    return JsonResponse(shown, status=200 if data["ok"] else 503)


def _may_see_details(request: HttpRequest) -> bool:
    if settings.HEALTHZ_LOCAL_DETAILS and _from_this_machine(request):
        return True
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False  # no session to look up, so no query while the database may be down
    try:
        return sees_everything(request.user)
    except DatabaseError:  # the database is what is failing: answer without the details
        return False


def _from_this_machine(request: HttpRequest) -> bool:
    if any(header in request.META for header in PROXY_HEADERS):
        return False
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False
