from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "display_name", "email", "is_bot", "bot_level", "is_staff")
    list_filter = ("is_bot", "bot_level", "is_staff", "is_active")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        (_("Player"), {"fields": ("display_name", "preferred_language", "is_bot", "bot_level")}),
    )

    def get_readonly_fields(self, request, obj=None):
        """Whether an account is a bot is fixed when it is made: staff cannot turn a person
        into a bot (the server would play for them) or a bot into a login."""
        return (*super().get_readonly_fields(request, obj), "is_bot", "bot_level")
