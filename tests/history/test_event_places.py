"""A player's history agrees with the event (issue 41): a set played at an event's table reads
as the event placed the player ("1st of 4", "2nd of 4"), not as the set alone would (a set
closed after its games has no winner), and its page shows the event's places."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Membership
from games.models import Match
from tests.factories import make_user
from tests.history.helpers import set_row
from tests.tournaments.factories import join, make_club
from tournaments.models import Round, Stage, TableAssignment, Tournament

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    return client


def at_event(match: Match, places: list[int], points: list[float], **fields) -> Tournament:
    """The set was played at table 3 of round 2 of a finished event, which placed its seats
    (format seats: entries) so."""
    club = fields.pop("club", None) or make_club(make_user("boss"))
    fields = {"style": "cutthroat", "seats": 4, "format": "swiss_tables", **fields}
    event = Tournament.objects.create(
        club=club, name="Friday Cut-Throat", slug="friday-cut-throat",
        state=Tournament.State.FINISHED, **fields,
    )  # fmt: skip
    stage = Stage.objects.create(tournament=event, number=1)
    row = Round.objects.create(tournament=event, stage=stage, number=2)
    TableAssignment.objects.create(
        round=row, number=3, seats=[None] * len(places), table=match.table, match=match,
        places=places, points=points, state=TableAssignment.State.FINISHED,
    )  # fmt: skip
    return event


def words(user) -> dict[int, tuple[str, str]]:
    """The list's result tag and words of each set, by set."""
    rows = client_of(user).get("/history/").context["rows"]
    return {row["pk"]: (row["result"], str(row["result_word"])) for row in rows}


@pytest.fixture
def four():
    return [make_user(name) for name in ("ann", "bob", "cy", "dee")]


def test_a_player_placed_first_of_four_reads_so_though_the_set_had_no_winner(four):
    match = set_row(four, winner=None, result="games")
    at_event(match, [1, 2, 3, 4], [4, 2, 1, 0])
    assert words(four[0])[match.pk] == ("won", "1st of 4")
    assert words(four[1])[match.pk] == ("placed", "2nd of 4")
    assert words(four[3])[match.pk] == ("placed", "4th of 4")


def test_a_shared_place_says_so(four):
    match = set_row(four, winner=None, result="games")
    at_event(match, [1, 1, 3, 4], [3, 3, 1, 0])
    assert words(four[0])[match.pk] == ("placed", "1st of 4, shared")


def test_a_two_sided_event_table_reads_won_or_lost_as_the_event_decided(four):
    ann, bob = four[:2]
    match = set_row([ann, bob], style="block", winner=1, result="target")  # the set said bob
    at_event(match, [1, 2], [1, 0], style="block", seats=2, format="swiss")  # the event: ann
    assert words(ann)[match.pk] == ("won", "won")
    assert words(bob)[match.pk] == ("lost", "lost")


def test_a_pair_reads_as_its_pair_was_placed(four):
    match = set_row(four, style="partner", winner=None, result="games")
    at_event(match, [2, 1], [0, 1], style="partner", seats=4, format="swiss")
    assert words(four[0])[match.pk] == ("lost", "lost")  # seats 0 and 2: the pair placed 2nd
    assert words(four[2])[match.pk] == ("lost", "lost")
    assert words(four[1])[match.pk] == ("won", "won")


def test_a_set_without_an_event_result_reads_as_the_set_ended(four):
    match = set_row(four, winner=None, result="bruck")
    assert words(four[0])[match.pk] == ("none", "no winner")


def test_the_sets_page_shows_the_events_places_and_links_the_event(four):
    match = set_row(four, winner=None, result="games")
    event = at_event(match, [1, 2, 3, 4], [4, 2, 1, 0])
    page = client_of(four[1]).get(f"/history/set/{match.pk}/").text
    link = f'<a href="{event.get_absolute_url()}">Friday Cut-Throat</a>'
    assert f"At {link}: round 2, table 3" in page
    assert "How the event placed this table" in page
    assert f'<th scope="row">{four[0].name}</th><td>1</td><td>4</td>' in page


def test_a_club_event_is_not_named_to_a_player_who_has_left_the_club(four):
    club = make_club(make_user("boss"))
    for person in four:
        join(club, person)
    match = set_row(four, winner=None, result="games", private=True)
    at_event(match, [1, 2, 3, 4], [4, 2, 1, 0], club=club, visibility=Tournament.Visibility.CLUB)
    Membership.objects.filter(user=four[1]).delete()
    page = client_of(four[1]).get(f"/history/set/{match.pk}/").text
    assert "At an event: round 2, table 3" in page and "Friday Cut-Throat" not in page
