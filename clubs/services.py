"""Everything that changes a club: founding it, letting people in (invite links, limited in uses
and revoked; requests), roles, leaving.

Each function checks who acts (a ``ClubError`` with the reason otherwise) and locks what it
changes. Organisers run their club's events from the site's own pages and from the admin site:
becoming an organiser gives staff access limited to the "Club organisers" group, whose
permissions cover events alone (tournaments grants them), and losing the last organising role
takes it away again.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import Group
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.models import User

from .models import (
    ORGANISING,
    RESERVED_MESSAGE,
    RESERVED_SLUGS,
    Club,
    Invite,
    JoinRequest,
    Membership,
    Role,
)

ORGANISER_GROUP = "Club organisers"


class ClubError(Exception):
    """An action on a club that is not allowed; the message is shown to the person."""


def role_of(club: Club, user) -> str | None:
    if user is None or not user.is_authenticated:
        return None
    return club.memberships.filter(user=user).values_list("role", flat=True).first()


def can_organise(club: Club, user) -> bool:
    """Owners and organisers run the club (superusers may run any club)."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or role_of(club, user) in ORGANISING


def organised_clubs(user):
    """The clubs ``user`` may run events for."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(memberships__user=user, memberships__role__in=ORGANISING)


def _require_organiser(club: Club, user) -> None:
    if not can_organise(club, user):
        raise ClubError(_("Only the club's organisers may do that."))


def create_club(owner: User, name: str, *, slug: str = "", country: str = "",
                language: str = "", description: str = "") -> Club:  # fmt: skip
    """Found a club; its founder is its owner. A short name chosen must be free; one made from
    the name is made free (a club called "New" gets "new-2": "new" is a page of the site)."""
    name = " ".join(name.split())
    if not name:
        raise ClubError(_("A club needs a name."))
    chosen = slugify(slug)[:40]
    if chosen in RESERVED_SLUGS:
        raise ClubError(str(RESERVED_MESSAGE) % {"slug": chosen})
    slug = chosen or _free_slug(slugify(name)[:40])
    if not slug:
        raise ClubError(_("Choose a short name for links made of letters or digits."))
    try:
        with transaction.atomic():
            club = Club.objects.create(
                name=name, slug=slug, country=country, description=description,
                **({"language": language} if language else {}),
            )  # fmt: skip
            _set(club, owner, Role.OWNER)
    except IntegrityError:
        raise ClubError(_("A club with that name or short name exists already.")) from None
    return club


def _free_slug(base: str) -> str:
    """``base``, or ``base-2``, ``base-3`` … : the first that is no page of the site and no
    other club's ("" stays "": the name has no letter or digit)."""
    slug, n = base, 1
    while slug and (slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists()):
        n += 1
        slug = f"{base[: 39 - len(str(n))]}-{n}"
    return slug


def _set(club: Club, user: User, role: str) -> Membership:
    membership, _made = Membership.objects.update_or_create(
        club=club, user=user, defaults={"role": role}
    )
    _sync_admin_access(user)
    return membership


def _sync_admin_access(user: User) -> None:
    """Organisers get the admin site for their events; nobody keeps it by a lost role."""
    group, _made = Group.objects.get_or_create(name=ORGANISER_GROUP)
    organising = Membership.objects.filter(user=user, role__in=ORGANISING).exists()
    if organising:
        user.groups.add(group)
        if not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
    elif user.groups.filter(pk=group.pk).exists():
        user.groups.remove(group)
        if user.is_staff and not user.is_superuser and not user.groups.exists():
            user.is_staff = False
            user.save(update_fields=["is_staff"])


#: The most uses an invite link may be limited to (an unlimited one has none).
MOST_USES = 1000


def make_invite(club: Club, by: User, *, days: int | None = 14,
                uses: int | None = None) -> Invite:  # fmt: skip
    """A new invite link (organisers only), for ``uses`` people at most (None: any number)."""
    _require_organiser(club, by)
    if uses is not None and not 1 <= uses <= MOST_USES:
        raise ClubError(
            _("An invite link is for 1 to %(most)s people, or any number.") % {"most": MOST_USES}
        )
    expires = timezone.now() + timezone.timedelta(days=days) if days else None
    return Invite.objects.create(club=club, created_by=by, expires_at=expires, uses_left=uses)


def revoke_invite(club: Club, by: User, invite_id: int) -> Invite:
    """Turn an invite link off (organisers only): whoever follows it later is told it is not
    valid any more. An invite of another club is refused as one that does not exist."""
    _require_organiser(club, by)
    with transaction.atomic():
        invite = Invite.objects.select_for_update().filter(pk=invite_id, club=club).first()
        if invite is None or not invite.active:
            raise ClubError(_("There is no such invite link."))
        invite.active = False
        invite.save(update_fields=["active"])
    return invite


def live_invites(club: Club, now: datetime | None = None):
    """The club's invite links that still let people in (active, not expired, not used up),
    newest first: the ones its page lists."""
    now = now or timezone.now()
    rows = club.invites.filter(active=True).exclude(uses_left=0)
    rows = rows.filter(models.Q(expires_at__isnull=True) | models.Q(expires_at__gt=now))
    return rows.order_by("-created_at")


def invite_problem(invite: Invite | None, now: datetime | None = None) -> str:
    """Why this invite cannot be used now ("" if it can)."""
    now = now or timezone.now()
    if invite is None or not invite.active:
        return _("This invite link is not valid any more. Ask the club for a new one.")
    if invite.expires_at is not None and invite.expires_at < now:
        return _("This invite link has expired. Ask the club for a new one.")
    if invite.uses_left == 0:
        return _("This invite link has been used up. Ask the club for a new one.")
    return ""


def join_by_invite(code: str, user: User) -> Club:
    with transaction.atomic():
        invite = Invite.objects.select_for_update().select_related("club").filter(code=code)
        invite = invite.first()
        problem = invite_problem(invite)
        if problem:
            raise ClubError(problem)
        club = invite.club
        if Membership.objects.filter(club=club, user=user).exists():
            raise ClubError(_("You are already a member of %(club)s.") % {"club": club.name})
        _set(club, user, Role.MEMBER)
        if invite.uses_left is not None:
            invite.uses_left -= 1
            invite.save(update_fields=["uses_left"])
        JoinRequest.objects.filter(club=club, user=user, state=JoinRequest.State.PENDING).update(
            state=JoinRequest.State.APPROVED, decided_at=timezone.now()
        )
    return club


def request_to_join(club: Club, user: User, message: str = "") -> JoinRequest:
    if Membership.objects.filter(club=club, user=user).exists():
        raise ClubError(_("You are already a member of %(club)s.") % {"club": club.name})
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(club=club, user=user, message=message[:200])
    except IntegrityError:
        raise ClubError(_("Your request is already waiting for an organiser.")) from None


def decide(club: Club, request_id: int, by: User, approve: bool) -> JoinRequest:
    """An organiser of ``club`` lets someone in, or not. A request to another club is refused
    as one that does not exist, before anything changes."""
    with transaction.atomic():
        request = JoinRequest.objects.select_for_update().select_related("club", "user")
        request = request.filter(pk=request_id, club=club).first()
        if request is None:
            raise ClubError(_("There is no such request."))
        _require_organiser(request.club, by)
        if request.state != JoinRequest.State.PENDING:
            raise ClubError(_("That request was answered already."))
        request.state = JoinRequest.State.APPROVED if approve else JoinRequest.State.DECLINED
        request.decided_by, request.decided_at = by, timezone.now()
        request.save(update_fields=["state", "decided_by", "decided_at"])
        if approve:
            _set(request.club, request.user, Role.MEMBER)
    return request


def set_role(club: Club, by: User, user: User, role: str) -> Membership:
    """Owners name organisers and other owners; a club always keeps an owner."""
    if role not in Role.values:
        raise ClubError(_("There is no such role."))
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        if not (by.is_superuser or role_of(club, by) == Role.OWNER):
            raise ClubError(_("Only an owner may change roles."))
        membership = Membership.objects.filter(club=club, user=user).first()
        if membership is None:
            raise ClubError(_("%(name)s is not a member.") % {"name": user.name})
        _keep_an_owner(club, membership, role)
        return _set(club, user, role)


def _keep_an_owner(club: Club, membership: Membership, new_role: str | None) -> None:
    if membership.role == Role.OWNER and new_role != Role.OWNER:
        owners = club.memberships.filter(role=Role.OWNER).count()
        if owners <= 1:
            raise ClubError(_("A club needs an owner: name another owner first."))


def remove_member(club: Club, by: User, user: User) -> None:
    """Leave (``by`` is ``user``) or be removed by an organiser (owners only by owners)."""
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        membership = Membership.objects.filter(club=club, user=user).first()
        if membership is None:
            raise ClubError(_("%(name)s is not a member.") % {"name": user.name})
        if by != user:
            _require_organiser(club, by)
            if membership.role == Role.OWNER and role_of(club, by) != Role.OWNER:
                raise ClubError(_("Only an owner may remove an owner."))
        _keep_an_owner(club, membership, None)
        membership.delete()
        _sync_admin_access(user)
