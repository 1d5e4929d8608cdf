from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from games import signals

        from . import listeners

        signals.game_finished.connect(listeners.on_game_finished, dispatch_uid="ratings")
