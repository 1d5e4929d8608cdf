from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from .levels import NAMES, name_of
from .models import User


class LevelFilter(admin.SimpleListFilter):
    """Filter by bot level, listed by the levels' names rather than their codes."""

    title = _("bot level")
    parameter_name = "bot_level"

    def lookups(self, request, model_admin):
        return [(code, name_of(code)) for code in NAMES]

    def queryset(self, request, queryset):
        return queryset.filter(bot_level=self.value()) if self.value() else queryset


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "display_name", "email", "is_bot", "level", "is_staff")
    list_filter = ("is_bot", LevelFilter, "is_staff", "is_active")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        (_("Player"), {"fields": ("display_name", "preferred_language", "is_bot", "level")}),
    )

    def get_readonly_fields(self, request, obj=None):
        """Whether an account is a bot is fixed when it is made: staff cannot turn a person
        into a bot (the server would play for them) or a bot into a login."""
        return (*super().get_readonly_fields(request, obj), "is_bot", "bot_level", "level")

    @admin.display(description=_("bot level"), ordering="bot_level")
    def level(self, user: User) -> str:
        return name_of(user.bot_level) if user.bot_level else ""
