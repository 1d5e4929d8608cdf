"""Clubs in the admin site: superusers manage every club; organisers see their own."""

from django.contrib import admin

from .models import Club, Invite, JoinRequest, Membership
from .services import organised_clubs


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "country", "language", "created_at")
    search_fields = ("name", "slug", "country")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline]

    def get_queryset(self, request):
        return organised_clubs(request.user)


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ("club", "created_by", "created_at", "expires_at", "uses_left", "active")
    list_filter = ("active",)

    def get_queryset(self, request):
        return super().get_queryset(request).filter(club__in=organised_clubs(request.user))


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "state", "created_at")
    list_filter = ("state",)

    def get_queryset(self, request):
        return super().get_queryset(request).filter(club__in=organised_clubs(request.user))
