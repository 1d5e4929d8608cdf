"""The history in the admin site: imported records and the lines of people's histories.

History lines are written with the sets they index (``listeners``) and follow them, so they are
shown read-only. An imported record is its owner's file, checked by the engine on the way in:
staff may look at it, open it in the viewer, download it, or (superusers) delete it with its
history line (a file that should not be on the site), but never edit it (an edited record
would no longer be what the engine checked).
"""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import ImportedRecord, Item


@admin.register(ImportedRecord)
class ImportedRecordAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "style", "seats", "games", "created_at", "links")
    list_filter = ("style", "seats")
    search_fields = ("name", "owner__username", "owner__display_name")
    list_select_related = ("owner",)
    date_hierarchy = "created_at"
    fields = ("name", "owner", "style", "seats", "games", "created_at", "links")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # records come in through the import page, checked by the engine

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    @admin.display(description=_("record"))
    def links(self, obj: ImportedRecord) -> str:
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("history_imported", args=[obj.pk]), _("view"),
            reverse("history_imported_record", args=[obj.pk]), _("download"),
        )  # fmt: skip


@admin.register(Item)
class ItemAdmin(admin.ModelAdmin):
    list_display = ("owner", "what", "style", "seat", "party", "at")
    list_filter = ("style",)
    search_fields = ("owner__username", "owner__display_name", "=match__pk")
    list_select_related = ("owner", "match", "imported")
    raw_id_fields = ("owner", "match", "imported")
    date_hierarchy = "at"

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        # Asked for the lines an import's deletion takes with it; never offered on its own.
        return request.user.is_superuser

    def get_actions(self, request) -> dict:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def delete_view(self, request, object_id, extra_context=None):
        raise PermissionDenied  # a history is never lost: a line goes with its set or import

    @admin.display(description=_("set or import"))
    def what(self, obj: Item) -> str:
        if obj.match_id:
            url = reverse("history_match", args=[obj.match_id])
            return format_html('<a href="{}">{}</a>', url, _("set %s") % obj.match_id)
        url = reverse("history_imported", args=[obj.imported_id])
        return format_html('<a href="{}">{}</a>', url, _("imported: %s") % obj.imported)
