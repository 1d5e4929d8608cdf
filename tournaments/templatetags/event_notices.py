"""``{% event_notice_socket %}`` in the site's base page: the notice socket of a signed-in
entrant of an event in check-in or running ("your table is ready"), and nothing for anyone
else (one query per page for a signed-in person, none for a visitor)."""

from __future__ import annotations

from django import template

from ..live.notices import has_notices

register = template.Library()


@register.inclusion_tag("tournaments/live/notice_socket.html", takes_context=True)
def event_notice_socket(context) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"show": has_notices(user), "here": request.path if request is not None else ""}
