from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_save, pre_delete
from django.utils.translation import gettext_lazy as _

from games import signals


class HistoryConfig(AppConfig):
    name = "history"
    verbose_name = _("History")

    def ready(self) -> None:
        # Imported once the app registry is ready: models cannot be imported before.
        from games.models import Match

        from . import listeners

        post_save.connect(listeners.on_match_saved, sender=Match, dispatch_uid="history")
        pre_delete.connect(
            listeners.on_user_deleted, sender=settings.AUTH_USER_MODEL, dispatch_uid="history"
        )
        signals.game_finished.connect(listeners.on_game_finished, dispatch_uid="history")
        signals.sets_unsealed.connect(listeners.on_sets_unsealed, dispatch_uid="history")
