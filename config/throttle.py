"""Throttling of logins and sign-ups, kept in the database so that it works while Redis is down.

Logins go through django-axes with its database handler: five wrong passwords for one username
from one address lock that pair out for ``AXES_COOLOFF_TIME`` (15 minutes), during which even
the right password is refused with a page that says why and for how long. Counting per
username *and* address means a stranger cannot lock a member out from elsewhere, and a club
house sharing one address does not lock everyone out because one member mistypes.

Sign-ups are counted per address from the rows axes already writes: a new account is logged in
at once, and axes records every login with its address and path (``AccessLog``), so "accounts
created from this address in the last hour" is one indexed query, with no cache and no table of
our own. See docs/operations.md.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_ip_address, get_cool_off
from axes.models import AccessLog
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

LOCKED_OUT_TEMPLATE = "registration/locked_out.html"
SIGNUP_THROTTLED_TEMPLATE = "registration/signup_throttled.html"
SIGNUP_WINDOW = timedelta(hours=1)


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes' lockout check, applied to logins that come from an HTTP request.

    ``authenticate()`` without a request is not a login attempt from the network: it is code
    (the test client's ``login()``, a shell). Axes would raise for it; we let the model backend
    decide, as it would without axes. Every login form of the site (ours and the admin's)
    passes its request, so every attempt from outside is counted.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


def throttle_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """The username axes counts failures for: trimmed and case-folded, so "Ann" and "ann " are
    one account to the counter and cannot be used to multiply the allowed guesses."""
    raw = (credentials or {}).get("username")
    if raw is None and request is not None:
        raw = request.POST.get("username")
    return str(raw or "").strip().casefold()[:255]


def lockout_response(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    """The answer to a locked-out login: a page (429) that says for how long.

    Axes calls this with (request, response, credentials) or, from its async middleware, with
    (request, credentials); neither is needed here.
    """
    cool_off = get_cool_off(request) or timedelta(0)
    minutes = max(1, round(cool_off.total_seconds() / 60))
    return render(
        request,
        LOCKED_OUT_TEMPLATE,
        {"minutes": minutes},
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )


def signups_exhausted(request: HttpRequest) -> bool:
    """Whether this address already created ``SIGNUPS_PER_IP_PER_HOUR`` accounts in the last hour.

    Call it from the sign-up view only: it counts the logins axes recorded on this request's path.
    """
    limit = settings.SIGNUPS_PER_IP_PER_HOUR
    if limit <= 0:
        return False
    address = get_client_ip_address(request)
    recent = AccessLog.objects.filter(
        ip_address=address,
        path_info=request.path_info,  # the sign-up view's own path, as axes recorded it
        attempt_time__gte=timezone.now() - SIGNUP_WINDOW,
    )
    return recent.count() >= limit


def signup_throttled_response(request: HttpRequest) -> HttpResponse:
    """The answer to one sign-up too many from an address: a page (429) that says why."""
    minutes = round(SIGNUP_WINDOW.total_seconds() / 60)
    return render(request, SIGNUP_THROTTLED_TEMPLATE, {"minutes": minutes}, status=429)
