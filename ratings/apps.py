from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games import signals


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        # Imported once the app registry is ready: the listeners import models.
        from . import listeners

        signals.game_finished.connect(listeners.on_game_finished, dispatch_uid="ratings")
        signals.sets_unsealed.connect(listeners.on_sets_unsealed, dispatch_uid="ratings")
