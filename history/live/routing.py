from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/analysis/<int:pk>/", consumers.AnalysisConsumer.as_asgi()),
]
