"""``{% event_notice_socket %}`` in the site's base page: the notice socket of a signed-in
entrant of an event in check-in or running ("your table is ready"), and nothing for anyone
else (one query per page for a signed-in person, none for a visitor)."""

from __future__ import annotations

import logging

from django import template
from django.db import DatabaseError

from ..live.notices import has_notices

log = logging.getLogger(__name__)

register = template.Library()


@register.inclusion_tag("tournaments/live/notice_socket.html", takes_context=True)
def event_notice_socket(context) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    try:
        show = has_notices(user)
    except DatabaseError as error:  # the page matters more than its notice
        log.warning("no event notice: %s: %s", type(error).__name__, error)
        show = False
    return {"show": show, "here": request.path if request is not None else ""}
