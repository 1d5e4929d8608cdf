"""People and bots who sit at tables.

The custom user exists from the first migration so that later fields (ratings, clubs) never need
the painful swap of ``AUTH_USER_MODEL``. Bots are users too: a seat, a result or a rating can
then point at one kind of row, and a bot is shown as a bot wherever its name appears.
"""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


def language_choices() -> list[tuple[str, str]]:
    """The languages a player may choose: the ones the site offers now (settings.LANGUAGES).

    A callable, so offering one more language needs no migration."""
    return list(settings.LANGUAGES)


class User(AbstractUser):
    display_name = models.CharField(
        _("display name"),
        max_length=40,
        blank=True,
        help_text=_("The name other players see at the table. Leave empty to use your username."),
    )
    preferred_language = models.CharField(
        _("preferred language"),
        max_length=10,
        choices=language_choices,
        blank=True,
        help_text=_("The language of the site when you are logged in."),
    )
    country = models.CharField(
        _("country"),
        max_length=60,
        blank=True,
        help_text=_("Shown on your public page, if you like."),
    )
    is_bot = models.BooleanField(_("bot"), default=False)
    # The levels are the bots' to define (games.bots.LEVELS); the games app checks a level
    # where one enters, so accounts need not know them.
    bot_level = models.CharField(_("bot level"), max_length=10, blank=True)

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        # Granted by a superuser only (accounts.access): staff as such see nothing more.
        permissions = [
            ("view_everything", _("Can see every private set, import, table and profile")),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(is_bot=False, bot_level="")
                | models.Q(is_bot=True) & ~models.Q(bot_level=""),
                name="bot_has_level_and_only_bots",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """What the table shows: the display name, or the username."""
        return self.display_name or self.username

    @property
    def initials(self) -> str:
        """Up to two letters for an avatar, from the name people see (computed: no upload,
        nothing to moderate): the first letters of its first and last words."""
        spaced = self.name.replace("-", " ").replace("_", " ")
        words = [word for word in spaced.split() if word[:1].isalnum()]
        if not words:
            return "?"
        letters = words[0][0] + (words[-1][0] if len(words) > 1 else words[0][1:2])
        return letters.upper()
