from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("rules/", views.rules, name="rules"),
    path("accounts/", include("accounts.urls")),
    # The switcher posts here: Django's view, which also saves a signed-in player's choice;
    # the rest of django.conf.urls.i18n (the same URL, by name) stays reachable after it.
    path("i18n/setlang/", account_views.set_language, name="set_language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("play/", include("games.live.urls")),
    path("clubs/", include("clubs.urls")),
    path("history/", include("history.urls")),
    path("events/", include("tournaments.urls")),
    path("", include("ratings.urls")),
    path("admin/", admin.site.urls),
]

handler400 = "config.errors.bad_request"
handler500 = "config.errors.server_error"
