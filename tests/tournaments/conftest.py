"""Fixtures of the tournament tests: a club with one member of each role, an outsider, and a
running event."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.factories import make_user
from tests.tournaments.factories import enter, join, make_club, open_event, owner_of
from tournaments.services import events


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


@pytest.fixture
def running(club):
    """A running Swiss of four (two-seat Block) with round 1 seated at two games tables."""
    event = open_event(club, turn_clock=0)
    enter(event, 4)
    events.start(event, owner_of(club))
    event.refresh_from_db()
    return event
