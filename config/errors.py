"""Error pages that never make things worse.

A server error page is rendered without the request's context (no user, no session): when the
database is down, looking up who is asking would fail again. A database that does not answer
(restarting, unreachable) is a 503 with a page saying to try again shortly, not a 500: the
request did nothing wrong and will work in a moment.
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.template import loader
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

from . import bounds

UNAVAILABLE = (OperationalError, InterfaceError)


def _database_down(error: BaseException | None) -> bool:
    while error is not None:
        if isinstance(error, UNAVAILABLE) or (
            isinstance(error, DatabaseError) and "connection" in str(error).lower()
        ):
            return True
        error = error.__cause__ or error.__context__
    return False


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500, called while the exception is being handled."""
    if _database_down(sys.exc_info()[1]):
        html = loader.render_to_string("errors/unavailable.html")
        response = HttpResponse(html, status=503)
        response["Retry-After"] = "10"
        return response
    return HttpResponse(loader.render_to_string("errors/500.html"), status=500)


@requires_csrf_token
def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's handler400, its page with the reason when the request was too big to read (a
    form carrying megabytes of JSON): Django refuses it before any form could say why."""
    reason = str(exception) if isinstance(exception, bounds.Refused) else ""
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024
        reason = _("That was too much to send at once: the site takes at most %(n)s KB.") % {
            "n": limit
        }
    body = loader.render_to_string("400.html", {"reason": reason}, request=request)
    return HttpResponseBadRequest(body)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a form whose token no longer matches, most often because the page
    was open while its visitor signed in or out in another tab, or their session ended.

    Django's own page speaks of cookies and tokens to a player who only pressed a button; this
    one says that nothing was done and how to go on, in the site's frame and language.
    """
    back = request.META.get("HTTP_REFERER", "")
    safe = url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return render(request, "403_csrf.html", {"back": back if safe else ""}, status=403)
