"""ASGI entry point: HTTP goes to Django; WebSockets pass a same-origin check and session auth
first (``config.origin``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config import collector  # noqa: E402
from config.origin import SameOriginValidator  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from history.live.routing import websocket_urlpatterns as analysis_sockets  # noqa: E402
from tournaments.live.routing import websocket_urlpatterns as event_sockets  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns + event_sockets + analysis_sockets))
        ),
    }
)

collector.settle()  # what is loaded now lives as long as the process
