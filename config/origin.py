"""WebSockets are accepted only from the site's own pages: the same origin, port included.

Channels' ``AllowedHostsOriginValidator`` compares only the host name with ALLOWED_HOSTS, so a
page on another port of the same host (another app on ``localhost:9999``) could open a socket
with the player's cookie. Here the ``Origin`` must name exactly the scheme, host and port the
socket was opened on (its ``Host`` header), or be listed in ``CSRF_TRUSTED_ORIGINS`` (a TLS
proxy in front), and the host must be allowed, as Django requires of any request.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _port(text: str, scheme: str) -> int | None:
    if not text:
        return DEFAULT_PORTS.get(scheme)
    return int(text) if text.isdigit() else None


def same_origin(origin: str, host: str, scheme: str = "http") -> bool:
    """Whether a socket opened on ``host`` (its Host header) over ``scheme`` ("http" for ws,
    "https" for wss) by a page of ``origin`` is ours."""
    if not origin or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    parts = urlsplit(origin)
    if parts.scheme != scheme or not parts.hostname:
        return False
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    try:
        origin_port = parts.port or DEFAULT_PORTS[parts.scheme]
    except ValueError:
        return False
    return parts.hostname == domain.strip("[]") and origin_port == _port(port, parts.scheme)


def _scheme(scope: dict, headers: dict) -> str:
    """The page scheme a socket belongs to: wss is https; behind a TLS proxy, the proxy's
    header says so when SECURE_PROXY_SSL_HEADER names it (as Django trusts it for requests)."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        name = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode("latin1")
        if headers.get(name, b"").decode("latin1").split(",")[0].strip() == proxy[1]:
            return "https"
    return "https" if scope.get("scheme") == "wss" else "http"


class SameOriginValidator:
    """ASGI middleware: deny a WebSocket whose Origin is not this very site."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            headers = dict(scope.get("headers") or [])
            origin = headers.get(b"origin", b"").decode("latin1")
            host = headers.get(b"host", b"").decode("latin1")
            if not same_origin(origin, host, _scheme(scope, headers)):
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
