from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

from games import signals


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported once the app registry is ready: both modules import models.
        from . import listeners, permissions

        signals.match_finished.connect(listeners.on_match_finished, dispatch_uid="tournaments")
        signals.game_finished.connect(listeners.on_game_finished, dispatch_uid="tournaments")
        signals.seat_given_up.connect(listeners.on_seat_given_up, dispatch_uid="tournaments")
        for signal in (signals.game_finished, signals.match_finished):
            signal.connect(listeners.on_table_news, dispatch_uid="tournaments-live")
        post_migrate.connect(
            permissions.grant_organiser_permissions, sender=self, dispatch_uid="tournaments"
        )
