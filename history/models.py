"""A person's history: one row per set they sat in or record they imported, and the imports.

The games app keeps what was played (``Match``, ``Game``, ``Move``) but has no row per player
and set: who sat where is a JSON list on the match. A history page of a player with thousands of
sets must answer in a few indexed queries, so this app keeps that index itself: an ``Item`` per
(player, set), written in the same transaction as the set (``listeners``), and one per imported
record, so both kinds share one list, one ordering and one page query.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.models import Game, Match, style_choices


class ImportedRecord(models.Model):
    """A ``dominoes-record/1`` file a player brought in: checked by the engine on the way in,
    shown in the same viewer as a played set, and seen by its owner alone."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="imported_records",
        verbose_name=_("owner"),
    )
    name = models.CharField(_("name"), max_length=100)
    style = models.CharField(_("style"), max_length=12, choices=style_choices)
    seats = models.PositiveSmallIntegerField(_("seats"))
    games = models.PositiveIntegerField(_("games"))
    record = models.JSONField(
        _("record"), help_text=_("The record as imported (engine-validated).")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("imported record")
        verbose_name_plural = _("imported records")

    def __str__(self) -> str:
        return self.name


class Item(models.Model):
    """One line of a person's history: a set they sat in (``match``, their ``seat`` and
    ``party``) or a record they imported (``imported``). ``at`` orders the list (when the set
    began, or when the record came in) and ``style`` filters it without a join."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="history_items",
        verbose_name=_("owner"),
    )
    match = models.ForeignKey(
        Match,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="history_items",
        verbose_name=_("set"),
    )
    imported = models.ForeignKey(
        ImportedRecord,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="items",
        verbose_name=_("imported record"),
    )
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    party = models.PositiveSmallIntegerField(_("side"), null=True, blank=True)
    style = models.CharField(_("style"), max_length=12, choices=style_choices)
    at = models.DateTimeField(_("time"))

    class Meta:
        verbose_name = _("history item")
        verbose_name_plural = _("history items")
        ordering = ["-at", "-pk"]
        indexes = [
            models.Index(fields=["owner", "-at", "-id"], name="history_newest_first"),
            models.Index(fields=["owner", "style", "-at", "-id"], name="history_by_style"),
            # who else sat in a set (the opponent and partner filters look up this pair)
            models.Index(fields=["match", "owner"], name="history_people_of_a_set"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_item_per_seat"),
            models.CheckConstraint(
                condition=models.Q(match__isnull=False, imported__isnull=True, seat__isnull=False)
                | models.Q(match__isnull=True, imported__isnull=False),
                name="a_set_or_an_import",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.match_id or self.imported_id}"


class GameAnalysis(models.Model):
    """The expert's analysis of one finished game (``games.bots.analysis``), worked out once by a
    task and kept: a played game (``game``) or game ``number`` of an imported record. ``done`` of
    ``total`` steps is the progress the page shows while it runs."""

    class State(models.TextChoices):
        QUEUED = "queued", _("Waiting for its turn")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    game = models.OneToOneField(
        Game,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="analysis",
        verbose_name=_("game"),
    )
    imported = models.ForeignKey(
        ImportedRecord,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="analyses",
        verbose_name=_("imported record"),
    )
    number = models.PositiveIntegerField(_("number"))
    state = models.CharField(_("state"), max_length=8, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(_("steps done"), default=0)
    total = models.PositiveIntegerField(_("steps in all"), default=0)
    seed = models.CharField(
        pgettext_lazy("the number a shuffle starts from", "seed"), max_length=40, default="0"
    )
    result = models.JSONField(_("result"), null=True, blank=True)
    error = models.CharField(_("error"), max_length=300, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("requested by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")
        constraints = [
            models.UniqueConstraint(fields=["imported", "number"], name="one_analysis_per_import"),
            models.CheckConstraint(
                condition=models.Q(game__isnull=False, imported__isnull=True)
                | models.Q(game__isnull=True, imported__isnull=False),
                name="analysis_of_a_game_or_an_import",
            ),
        ]

    def __str__(self) -> str:
        return f"analysis {self.pk}: game {self.game_id or self.imported_id}/{self.number}"
