"""Hostile input to the club pages (issue 40): a member's id that is no id, posted to the
members' actions, was read into the query as it came (a ValueError, a 500) before anyone's role
was looked at. Now it is refused with the reason, and nobody's membership changes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import Invite, Role
from tests.clubs.factories import add_member, make_club
from tests.factories import make_user

pytestmark = pytest.mark.django_db

NOT_IDS = ["abc", "99999999999999999999999", str(2**63), "-5", "0", "²", "1e3", ""]


def _roles(club) -> dict[str, str]:
    return dict(club.memberships.values_list("user__username", "role"))


@pytest.mark.parametrize("action", ["club_remove", "club_role"])
@pytest.mark.parametrize("user", NOT_IDS)
@pytest.mark.parametrize("who", ["owner", "member"])
def test_a_member_id_that_is_no_id_is_refused_with_a_reason(client, action, user, who):
    club = make_club()
    member = make_user("milo")
    add_member(club, member)
    before = _roles(club)
    client.force_login(member if who == "member" else club.memberships.get(role=Role.OWNER).user)
    url = reverse(action, kwargs={"slug": club.slug})
    response = client.post(url, {"user": user, "role": Role.ORGANISER})
    assert response.status_code == 409
    assert "There is no such player." in response.text
    assert _roles(club) == before


def test_the_admin_refuses_an_invite_expiring_at_the_end_of_year_9999(client):
    """The time, moved to UTC to be stored, overflowed (Django's admin field let it through)."""
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    invite = services.make_invite(club, owner)
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    url = reverse("admin:clubs_invite_change", args=[invite.pk])
    data = {"club": club.pk, "created_by": owner.pk, "code": invite.code,
            "expires_at_0": "9999-12-31", "expires_at_1": "23:59:00",
            "uses_left": invite.uses_left or "", "active": "on"}  # fmt: skip
    response = client.post(url, data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["expires_at"] and "Choose a date from the year 2000" in str(errors)
    assert Invite.objects.get(pk=invite.pk).expires_at == invite.expires_at
