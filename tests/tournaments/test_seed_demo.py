"""``make run``'s demo data: logins, bots and a club the demo organiser runs, made once."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from accounts.models import User
from clubs.models import Club, Membership

pytestmark = pytest.mark.django_db


def test_seed_demo_makes_a_club_owned_by_admin_with_player_in_it_once(capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    club = Club.objects.get()
    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert roles == {"admin": "owner", "player": "member"}
    assert User.objects.filter(is_bot=True).count() == 3
    assert "Demo club" in capsys.readouterr().out
