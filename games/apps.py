from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from accounts import levels
from games.bots import LEVELS


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        """Accounts show a bot's level by name, and the names are the bots' (see
        accounts/levels.py)."""
        levels.register(LEVELS)
