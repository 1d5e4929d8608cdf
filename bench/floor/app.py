"""The floor app: one view that writes one row and publishes one message, and the sockets
that listen for it (see the package's docstring).

A frame carries the table's version in the attributes ``bench/live.py``'s scripted player
reads, and one playable tile, so the same load generator drives the floor and the site.
"""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "floor.settings")
django.setup()

from asgiref.sync import async_to_sync  # noqa: E402  (Django first)
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden  # noqa: E402
from django.urls import path  # noqa: E402

#: The one table the floor writes to (``bench/live.py`` creates it).
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS floor_move (id bigserial PRIMARY KEY, tbl text NOT NULL, "
    "game integer NOT NULL, seq integer NOT NULL, at timestamptz NOT NULL DEFAULT now())"
)
GAME = 1


def frame(version: int) -> str:
    return (
        f'<div id="live" data-version="{version}" data-game="{GAME}"><form method="post">'
        f'<input type="hidden" name="game" value="{GAME}"><input type="hidden" name="version" '
        f'value="{version}"><input type="hidden" name="kind" value="play">'
        '<input type="hidden" name="tile" value="6-6"><input type="hidden" name="on" value="">'
        "<button>6-6</button></form></div>"
    )


def group(code: str) -> str:
    return f"floor.{code}"


def move(request: HttpRequest, code: str) -> HttpResponse:
    """Store the move, then tell the table's sockets once it is committed. On the Django
    stack, only a signed-in user may move."""
    if settings.STACK == "django" and not request.user.is_authenticated:
        return HttpResponseForbidden()
    version = int(request.POST.get("version", "0")) + 1
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO floor_move (tbl, game, seq) VALUES (%s, %s, %s)",
                [code, GAME, version],
            )
        transaction.on_commit(lambda: _publish(code, version))
    return HttpResponse(frame(version))


def _publish(code: str, version: int) -> None:
    message = {"type": "table.moved", "version": version}
    async_to_sync(get_channel_layer().group_send)(group(code), message)


def latest(code: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(max(seq), 0) FROM floor_move WHERE tbl = %s", [code])
        return cursor.fetchone()[0]


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.code = self.scope["url_route"]["kwargs"]["code"]
        await self.channel_layer.group_add(group(self.code), self.channel_name)
        await self.accept()
        await self.send(text_data=frame(await database_sync_to_async(latest)(self.code)))

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(group(self.code), self.channel_name)

    async def table_moved(self, event: dict) -> None:
        await self.send(text_data=frame(event["version"]))


urlpatterns = [path("play/t/<str:code>/move/", move)]
sockets = URLRouter([path("ws/table/<str:code>/", TableConsumer.as_asgi())])
if settings.STACK == "django":
    sockets = AllowedHostsOriginValidator(AuthMiddlewareStack(sockets))
application = ProtocolTypeRouter({"http": get_asgi_application(), "websocket": sockets})
