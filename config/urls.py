from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("play/", include("games.live.urls")),
    path("clubs/", include("clubs.urls")),
    path("history/", include("history.urls")),
    path("events/", include("tournaments.urls")),
    path("", include("ratings.urls")),
    path("admin/", admin.site.urls),
]

handler500 = "config.errors.server_error"
