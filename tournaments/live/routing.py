from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/event-notices/", consumers.NoticeConsumer.as_asgi()),
    path("ws/events/<slug:slug>/", consumers.EventConsumer.as_asgi()),
    path("ws/events/<slug:slug>/screen/", consumers.EventConsumer.as_asgi(), {"view": "screen"}),
]
