"""Ratings, the ledger and the rating history in the admin site: read-only.

Each figure shows twice: as players see it (``skill.shown``, with "?" while provisional) and
raw, as openskill keeps it (mu, sigma and the cautious ordinal mu - 3 sigma).

Every figure is what the games gave (``services.live``), and ``recompute_ratings`` must give the
same again, so nothing here is edited by hand. To change figures, change the rules and run the
command. Staff see everything; only superusers may delete (a deleted ledger row is taken in
again by the next recompute).
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .models import RatedGame, Rating, RatingChange
from .templatetags.ratings_extras import signed


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser


class ShownChange:
    """A rating change as players see it: the figures before and after, and the change."""

    @admin.display(description=_("shown before"))
    def shown_before(self, obj: RatingChange) -> int:
        return obj.shown_before

    @admin.display(description=_("shown after"))
    def shown_after(self, obj: RatingChange) -> int:
        return obj.shown

    @admin.display(description=pgettext_lazy("how much a rating went up or down", "Change"))
    def shown_change(self, obj: RatingChange) -> str:
        return signed(obj.change)


class ChangeInline(ShownChange, admin.TabularInline):
    model = RatingChange
    fields = ("player", "seat", "party", "place", "shown_before", "shown_after", "shown_change",
              "mu_before", "sigma_before", "mu", "sigma", "ordinal", "key_card")  # fmt: skip
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("player", "style", "shown", "mu", "sigma", "ordinal", "games", "wins",
                    "is_bot", "last_played_at")  # fmt: skip
    list_filter = ("style", "is_bot")
    search_fields = ("player__username", "player__display_name")
    list_select_related = ("player",)
    ordering = ("style", "-mu")
    readonly_fields = ("shown",)

    @admin.display(description=_("rating shown"), ordering="mu")
    def shown(self, obj: Rating) -> str:
        """As players see it: the figure, "?" while provisional."""
        return f"{obj.shown}?" if obj.provisional else str(obj.shown)


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnly):
    list_display = ("pk", "game", "style", "status", "played_at", "recorded_at")
    list_filter = ("status", "style")
    search_fields = ("=game__pk", "=match__pk", "changes__player__username")
    date_hierarchy = "played_at"
    list_select_related = ("game__match__table",)
    inlines = [ChangeInline]


@admin.register(RatingChange)
class RatingChangeAdmin(ShownChange, ReadOnly):
    list_display = ("rated_game", "player", "style", "place", "shown_before", "shown_after",
                    "shown_change", "mu_before", "mu", "ordinal_before", "ordinal",
                    "played_at")  # fmt: skip
    list_filter = ("style", "place", "key_card")
    search_fields = ("player__username", "player__display_name")
    list_select_related = ("player", "rated_game__game__match__table")
    date_hierarchy = "played_at"
    readonly_fields = ("shown_before", "shown_after", "shown_change")

    @admin.display(description=_("cautious estimate before (ordinal)"))
    def ordinal_before(self, obj: RatingChange) -> float:
        return obj.ordinal_before
