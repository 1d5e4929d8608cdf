"""The admin site, with its one page that trusted staff as such made safe.

Club organisers are staff (``clubs.services``) and see only their own clubs' rows, through each
ModelAdmin's queryset. Django's "view on site" shortcut (``/admin/r/<type>/<id>/``) skips the
ModelAdmins: it redirects any staff member to any object's ``get_absolute_url``, and an
invite's is its secret link. Here it redirects only to an object the asker may view in the
admin, and answers 404 otherwise, as for an object that does not exist.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.contenttypes import views as contenttype_views
from django.contrib.contenttypes.models import ContentType
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path


class Site(admin.AdminSite):
    def get_urls(self):
        urls = super().get_urls()
        guarded = path(
            "r/<int:content_type_id>/<path:object_id>/",
            self.admin_view(self.view_on_site),
            name="view_on_site",
        )
        return [guarded if getattr(u, "name", None) == "view_on_site" else u for u in urls]

    def view_on_site(self, request: HttpRequest, content_type_id: int, object_id: str
                     ) -> HttpResponse:  # fmt: skip
        if not self.may_view(request, content_type_id, object_id):
            raise Http404
        return contenttype_views.shortcut(request, content_type_id, object_id)

    def may_view(self, request: HttpRequest, content_type_id: int, object_id: str) -> bool:
        """Only through the object's own ModelAdmin: its queryset and view permission."""
        kind = ContentType.objects.filter(pk=content_type_id).first()
        model = kind.model_class() if kind is not None else None
        model_admin = self._registry.get(model) if model is not None else None
        if model_admin is None:
            return False
        try:
            obj = model_admin.get_queryset(request).filter(pk=object_id).first()
        except (ValueError, TypeError, OverflowError):
            return False
        return obj is not None and model_admin.has_view_permission(request, obj)
