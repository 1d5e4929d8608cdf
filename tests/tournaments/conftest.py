"""Fixtures of the tournament tests: a club with one member of each role, and an outsider."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.factories import make_user
from tests.tournaments.factories import join, make_club


@pytest.fixture
def club(db):
    return make_club(make_user("owner"))


@pytest.fixture
def people(club):
    """The club's owner, an organiser, a member, and someone from outside the club."""
    return SimpleNamespace(
        owner=club.memberships.get(role="owner").user,
        organiser=join(club, make_user("organiser"), "organiser"),
        member=join(club, make_user("member")),
        outsider=make_user("outsider"),
    )
