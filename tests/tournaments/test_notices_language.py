"""An entrant's live notice ("your table is ready") is worded for each viewer when it is
rendered, in that viewer's language, for the page and for the socket push alike."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.live import rendering
from tournaments.services import events

pytestmark = pytest.mark.django_db


@pytest.fixture
def entrant(club):
    event = open_event(club, turn_clock=0)
    made = enter(event, 4)
    events.start(event, owner_of(club))
    return made[0].player


def test_a_table_ready_notice_reads_in_spanish_and_papiamentu(entrant):
    english = rendering.notice_html(entrant, "en")
    assert "your table" in english
    for code in ("es", "pap"):
        html = rendering.notice_html(entrant, code)
        assert html and "your table" not in html and "Go to table" not in html
    assert "mesa" in rendering.notice_html(entrant, "es").lower()
    assert "mesa" in rendering.notice_html(entrant, "pap").lower()
