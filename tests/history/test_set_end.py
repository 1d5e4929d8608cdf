"""Whether a set is finished has one answer, its row's (``Match.is_over``): the set's page, the
history list and the list of one's tables all ask it. Replaying the games with the engine is
no answer: an event table playing a fixed number of games closes its set before anybody
reaches the style's target."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Match
from tests.factories import make_user
from tests.games.helpers import play_out_match
from tests.tournaments.factories import enter, make_club, open_event, owner_of
from tournaments.services import events

pytestmark = pytest.mark.django_db(transaction=True)  # the set closes on the games' signals


def closed_after_two_games() -> tuple[Match, list]:
    """A Cut-Throat event table of four playing two games, played to its end: nobody can
    reach six in two games, so the set ends only because the event closes it."""
    club = make_club(make_user("owner"))
    event = open_event(club, style="cutthroat", seats=4, format="swiss_tables",
                       play_mode="games", games_per_table=2, turn_clock=0)  # fmt: skip
    made = enter(event, 4)
    (table,) = events.start(event, owner_of(club)).tables.all()
    match = play_out_match(table.match)
    return match, [entry.player for entry in made]


def test_a_set_closed_after_its_games_reads_finished_everywhere(client):
    match, players = closed_after_two_games()
    assert match.is_over and match.result == "games"
    page = client.get(reverse("history_match", args=[match.pk])).text
    assert "The set is still being played." not in page
    assert "closed after its games" in page
    player = Client()
    player.force_login(players[0])
    (row,) = player.get(reverse("history")).context["rows"]
    assert row["result"] != "unfinished" and row["how"] == "closed after its games"
    (table,) = player.get(reverse("my_tables")).context["tables"]
    assert "is being played" not in table["result"]
