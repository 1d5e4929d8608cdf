"""Clubs and who belongs to them.

Clubs are an app of their own, between accounts and tournaments: a club's roles decide who may
run its events (tournaments) and, later, whose ratings and history it shows, so several apps
above need them, while accounts stays about people alone. Nothing here knows of tournaments
or games; a club page gathers its events from the tournaments app by a link loaded with htmx.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import language_choices


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    ORGANISER = "organiser", _("Organiser")
    MEMBER = "member", _("Member")


#: Roles that may run the club's events and let people in.
ORGANISING = (Role.OWNER, Role.ORGANISER)


#: The clubs' own pages under /clubs/ (``clubs/urls.py``): a club's short name is never one of
#: them, or its address would open that page (a club "new" would be the founding form). Events
#: keep theirs the same way (``tournaments.services.events.RESERVED_SLUGS``).
RESERVED_SLUGS = frozenset({"new", "join"})
RESERVED_MESSAGE = _(
    "“%(slug)s” is the address of one of the site's own pages: choose another short name."
)


def not_reserved(slug: str) -> None:
    """A club's short name, refused when it is one of the clubs' own pages."""
    if slug in RESERVED_SLUGS:
        raise ValidationError(RESERVED_MESSAGE, code="reserved", params={"slug": slug})


class Club(models.Model):
    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(
        _("short name for links"), max_length=40, unique=True, validators=[not_reserved]
    )
    country = models.CharField(_("country"), max_length=60, blank=True)
    language = models.CharField(
        _("language"), max_length=10, choices=language_choices, default=settings.LANGUAGE_CODE
    )
    description = models.TextField(_("description"), blank=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        related_name="clubs",
        verbose_name=_("members"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", kwargs={"slug": self.slug})


class Membership(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("user"),
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        ordering = ["club", "-role", "joined_at"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


class Invite(models.Model):
    """A link that lets whoever follows it join, until it is turned off or runs out."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="invites", verbose_name=_("club")
    )
    code = models.CharField(
        _("code"), max_length=24, unique=True, default=new_invite_code, editable=False
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, verbose_name=_("created by")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    uses_left = models.PositiveIntegerField(_("uses left"), null=True, blank=True)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        verbose_name = _("invite link")
        verbose_name_plural = _("invite links")

    def __str__(self) -> str:
        return f"{self.club} invite {self.code[:6]}…"

    def get_absolute_url(self) -> str:
        return reverse("club_invite", kwargs={"code": self.code})


class JoinRequest(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", _("Waiting")
        APPROVED = "approved", _("Approved")
        DECLINED = "declined", _("Declined")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="join_requests", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="join_requests",
        verbose_name=_("user"),
    )
    message = models.CharField(_("message"), max_length=200, blank=True)
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PENDING
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("decided by"),
    )  # fmt: skip
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"], condition=models.Q(state="pending"),
                name="one_pending_request",
            )
        ]  # fmt: skip
        verbose_name = _("join request")
        verbose_name_plural = _("join requests")

    def __str__(self) -> str:
        return f"{self.user} asks to join {self.club}"
