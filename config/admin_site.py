"""The admin site, with its one page that trusted staff as such made safe.

Club organisers are staff (``clubs.services``) and see only their own clubs' rows, through each
ModelAdmin's queryset. Django's "view on site" shortcut (``/admin/r/<type>/<id>/``) skips the
ModelAdmins: it redirects any staff member to any object's ``get_absolute_url``, and an
invite's is its secret link. Here it redirects only to an object the asker may view in the
admin, and answers 404 otherwise, as for an object that does not exist.

Every ModelAdmin registered here also takes dates, times and JSON within the site's bounds
(``config.bounds``), as the site's own forms do, and its list's date links refuse a day no
calendar holds (``?created_at__year=9999&month=12&day=31`` overflowed to a 500).
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ChangeList
from django.contrib.contenttypes import views as contenttype_views
from django.contrib.contenttypes.models import ContentType
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path

from . import bounds


class BoundedChangeList(ChangeList):
    """A date link past the calendar's end (the day after 9999-12-31) is a wrong lookup, which
    the admin answers by showing the list unfiltered, as for any other."""

    def get_filters(self, request):
        try:
            return super().get_filters(request)
        except (ValueError, OverflowError) as error:
            raise IncorrectLookupParameters(error) from error


class Bounded:
    """Mixed into every registered ModelAdmin (``Site.register``)."""

    def get_changelist(self, request, **kwargs):
        return BoundedChangeList

    def get_search_results(self, request, queryset, search_term):
        return super().get_search_results(request, queryset, bounds.search_term(search_term))


class Site(admin.AdminSite):
    def register(self, model_or_iterable, admin_class=None, **options) -> None:
        """Every ModelAdmin's date, time and JSON fields are bounded (``config.bounds``): a
        date in year 9999 or JSON a hundred thousand brackets deep is the field's error, where
        Django's own fields let it through to a 500; so are its list's date links."""
        base = admin_class or admin.ModelAdmin
        if not issubclass(base, Bounded):
            base = type(base.__name__, (Bounded, base), {"__module__": base.__module__})
        super().register(model_or_iterable, base, **options)
        for model_admin in self._registry.values():
            bounds.admin_overrides(model_admin.formfield_overrides)

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
