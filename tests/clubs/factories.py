"""A club with people in each role, for the clubs and tournaments tests."""

from __future__ import annotations

from clubs import services
from clubs.models import Club, Role
from tests.factories import make_user


def make_club(name: str = "Kingston Domino Club", owner=None, **fields) -> Club:
    owner = owner or make_user(f"owner-{name.split()[0].lower()}")
    return services.create_club(owner, name, **fields)


def add_member(club: Club, user, role: str = Role.MEMBER):
    from clubs.models import Membership

    membership = Membership.objects.create(club=club, user=user, role=Role.MEMBER)
    if role != Role.MEMBER:
        owner = club.memberships.get(role=Role.OWNER).user
        services.set_role(club, owner, user, role)
    return membership
