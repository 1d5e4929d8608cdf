"""Ratings: the ledger of rated games, each player's rating per style, and its history.

- ``RatedGame`` is the ledger: one row per finished game the ratings took in, unique per game,
  so a repeated ``game_finished`` changes nothing. Its id is the order the games were rated
  in, which the recompute command replays to give exactly the live figures.
- ``Rating`` is a player's current rating in one style: mu and sigma, with openskill's cautious
  ordinal stored beside them; the figure players see is ``skill.shown`` of mu (``shown``).
- ``RatingChange`` is one player's rating before and after one rated game: the history plot,
  the monthly boards and the titles read it.

Rows change only through ``ratings.services`` (the admin shows them read-only): a rating
edited by hand would no longer be what the games give.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game, Match, style_choices

from . import skill


class RatedGame(models.Model):
    class Status(models.TextChoices):
        RATED = "rated", _("Rated")
        STAND_IN = "stand-in", _("Not rated: the server played for someone")

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="+", verbose_name=_("game")
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="+", verbose_name=_("set")
    )
    style = models.CharField(_("style"), max_length=12, choices=style_choices)
    played_at = models.DateTimeField(_("finished at"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices)
    recorded_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("rated game")
        verbose_name_plural = _("rated games")

    def __str__(self) -> str:
        return f"{self.get_style_display()} · game {self.game_id}"


class Rating(models.Model):
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings",
        verbose_name=_("player"),
    )  # fmt: skip
    style = models.CharField(_("style"), max_length=12, choices=style_choices)
    is_bot = models.BooleanField(_("bot"), default=False, help_text=_("Copied from the player."))
    mu = models.FloatField(_("skill estimate (mu)"), default=skill.MU)
    sigma = models.FloatField(_("uncertainty (sigma)"), default=skill.SIGMA)
    ordinal = models.FloatField(_("cautious estimate (ordinal)"), default=skill.NEW.ordinal)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    wins = models.PositiveIntegerField(_("first places"), default=0)
    last_played_at = models.DateTimeField(_("last rated game"), null=True, blank=True)

    class Meta:
        ordering = ["-ordinal", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "style"], name="one_rating_per_style")
        ]
        indexes = [
            models.Index(fields=["style", "is_bot", "-mu"], name="rating_board_by_mu"),
        ]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        mark = "?" if self.provisional else ""
        return f"{self.player} · {self.get_style_display()} · {self.shown}{mark}"

    @property
    def provisional(self) -> bool:
        return skill.is_provisional(self.games)

    @property
    def shown(self) -> int:
        """The figure players see (``skill.shown``)."""
        return skill.shown(self.mu)


class RatingChange(models.Model):
    rated_game = models.ForeignKey(
        RatedGame, on_delete=models.CASCADE, related_name="changes", verbose_name=_("rated game")
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes",
        verbose_name=_("player"),
    )  # fmt: skip
    style = models.CharField(_("style"), max_length=12, choices=style_choices)
    played_at = models.DateTimeField(_("finished at"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    party = models.PositiveSmallIntegerField(_("side"))
    place = models.PositiveSmallIntegerField(_("place"))
    mu_before = models.FloatField(_("skill estimate before (mu)"))
    sigma_before = models.FloatField(_("uncertainty before (sigma)"))
    mu = models.FloatField(_("skill estimate (mu)"))
    sigma = models.FloatField(_("uncertainty (sigma)"))
    ordinal = models.FloatField(_("cautious estimate after (ordinal)"))
    key_card = models.BooleanField(
        _("key card"), default=False, help_text=_("The player's side won with a key card.")
    )

    class Meta:
        ordering = ["-played_at", "-rated_game_id"]
        constraints = [
            models.UniqueConstraint(fields=["rated_game", "player"], name="one_change_per_game")
        ]
        indexes = [
            models.Index(fields=["player", "style", "played_at"], name="rating_history"),
            models.Index(fields=["style", "played_at"], name="rating_month"),
        ]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")

    def __str__(self) -> str:
        return f"{self.player} · {self.rated_game}"

    @property
    def ordinal_before(self) -> float:
        return skill.Skill(self.mu_before, self.sigma_before).ordinal

    @property
    def shown_before(self) -> int:
        return skill.shown(self.mu_before)

    @property
    def shown(self) -> int:
        """The figure players saw after this game (``skill.shown``)."""
        return skill.shown(self.mu)

    @property
    def change(self) -> int:
        """How far this game moved the shown figure."""
        return skill.shown_change(self.mu_before, self.mu)
