"""Ratings, the ledger and the rating history in the admin site: read-only.

Every figure is what the games gave (``services.live``), and ``recompute_ratings`` must give the
same again, so nothing here is edited by hand. To change figures, change the rules and run the
command. Staff see everything; only superusers may delete (a deleted ledger row is taken in
again by the next recompute).
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import RatedGame, Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser


class ChangeInline(admin.TabularInline):
    model = RatingChange
    fields = ("player", "seat", "party", "place", "mu_before", "sigma_before", "mu", "sigma",
              "ordinal", "key_card")  # fmt: skip
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("player", "style", "shown", "mu", "sigma", "games", "wins", "is_bot",
                    "last_played_at")  # fmt: skip
    list_filter = ("style", "is_bot")
    search_fields = ("player__username", "player__display_name")
    list_select_related = ("player",)
    ordering = ("style", "-ordinal")

    @admin.display(description=_("rating"), ordering="ordinal")
    def shown(self, obj: Rating) -> str:
        return f"{obj.ordinal:.1f}" + (" ?" if obj.provisional else "")


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnly):
    list_display = ("pk", "game", "style", "status", "played_at", "recorded_at")
    list_filter = ("status", "style")
    search_fields = ("=game__pk", "=match__pk", "changes__player__username")
    date_hierarchy = "played_at"
    list_select_related = ("game__match__table",)
    inlines = [ChangeInline]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ("rated_game", "player", "style", "place", "shown_before", "ordinal",
                    "played_at")  # fmt: skip
    list_filter = ("style", "place", "key_card")
    search_fields = ("player__username", "player__display_name")
    list_select_related = ("player", "rated_game__game__match__table")
    date_hierarchy = "played_at"

    @admin.display(description=_("rating before"))
    def shown_before(self, obj: RatingChange) -> str:
        return f"{obj.ordinal_before:.1f}"
