"""The Content-Security-Policy of every page, and the middleware that sends it.

The policy allows only what the site itself serves: scripts and styles from ``static/`` (htmx
and its ws extension included), images from there or ``data:``, and requests and WebSockets to
the page's own origin. What had to give:

- htmx injects an inline ``<style>`` for its request indicators; ``templates/base.html`` turns
  that off (``htmx-config``: ``includeIndicatorStyles: false``), so no inline style element is
  needed.
- The board sizes its tiles from a ``style="--span: N"`` attribute. Inline style *attributes*
  are allowed (``style-src-attr 'unsafe-inline'``); style *elements* and scripts are not. An
  attribute can restyle the page but cannot run code or load anything.
- ``connect-src 'self'`` covers ``ws:``/``wss:`` to the same host in current browsers, but not
  in every browser still in use, so the socket origin of the request's own host is named too.
"""

from __future__ import annotations

from typing import Any

from csp.constants import NONE, SELF, UNSAFE_INLINE
from csp.middleware import CSPMiddleware, PolicyParts
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponseBase


def content_security_policy() -> dict[str, Any]:
    """django-csp's setting: the directives above (see the module docstring for why)."""
    return {
        "DIRECTIVES": {
            "default-src": [SELF],
            "script-src": [SELF],
            "style-src": [SELF],
            "style-src-attr": [UNSAFE_INLINE],
            "img-src": [SELF, "data:"],
            "font-src": [SELF],
            "connect-src": [SELF],
            "object-src": [NONE],
            "base-uri": [NONE],
            "form-action": [SELF],
            "frame-ancestors": [NONE],
        }
    }


class SiteCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, with this request's own WebSocket origin in ``connect-src``."""

    def get_policy_parts(
        self, request: HttpRequest, response: HttpResponseBase, report_only: bool = False
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        try:
            host = request.get_host()
        except DisallowedHost:  # answered 400 already; nothing to connect to
            return parts
        update = dict(parts.update or {})
        update["connect-src"] = [*update.get("connect-src", []), f"ws://{host}", f"wss://{host}"]
        parts.update = update
        return parts
