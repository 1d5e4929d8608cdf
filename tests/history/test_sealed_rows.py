"""A sealed set (an event's same deals, still being played at the round's other tables) shows
no result in a person's history list, nor in their statistics, to someone who plays the same
deals at another table; its own players and everyone else see it as usual, and so does
everybody once it is unsealed."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Game, Match, Seat
from games.services import play
from history import access
from history.stats import figures
from tests.factories import make_user
from tests.history.helpers import days_ago, set_row

pytestmark = pytest.mark.django_db


def _seated(match: Match, players: list) -> Match:
    """Seat the players at the set's table, as an event's table has them."""
    Seat.objects.bulk_create(
        Seat(table=match.table, index=i, player=p) for i, p in enumerate(players)
    )
    return match


def _same_deals(match: Match, key: str = "k") -> None:
    Match.objects.filter(pk=match.pk).update(sealed=True, deal_key=key)


@pytest.fixture
def round_of_two():
    """Table 1 (ann, bob, cy, dee) has finished its set, ann first by six love; table 2 (eve,
    fay, gus, hal) plays the same deals still."""
    first = [make_user(n) for n in ("ann", "bob", "cy", "dee")]
    second = [make_user(n) for n in ("eve", "fay", "gus", "hal")]
    one = _seated(set_row(first, at=days_ago(0), winner=0, result="six-love"), first)
    Match.objects.filter(pk=one.pk).update(totals=[6, 0, 1, 2], finished_at=days_ago(0))
    Game.objects.create(
        match=one, number=1, snapshot={}, state=Game.State.OVER,
        result={"end": "domino", "winner": 0, "key_card": True, "stake": 1,
                "counts": [0, 10, 12, 8], "points": [2, 0, 0, 0]},
    )  # fmt: skip
    two = _seated(set_row(second, at=days_ago(0), state=Match.State.PLAYING), second)
    for match in (one, two):
        _same_deals(match)
    return one, two, first, second


def client_of(user=None) -> Client:
    client = Client(HTTP_HOST="localhost")
    if user is not None:
        client.force_login(user)
    return client


def row_of(client: Client, owner, match: Match, query: str = "") -> dict | None:
    response = client.get(f"/history/player/{owner.pk}/?{query}")
    assert response.status_code == 200
    return next((r for r in response.context["rows"] if r["pk"] == match.pk), None)


def test_a_player_at_another_sealed_table_sees_no_result_in_the_list(round_of_two):
    one, _two, (ann, *_), (eve, *_) = round_of_two
    client = client_of(eve)
    row = row_of(client, ann, one)
    assert row["result"] == "sealed"
    assert row["result_word"] == "in play: same deals"
    assert row["how"] == ""
    assert "6" not in row["totals"]
    page = client.get(f"/history/player/{ann.pk}/").text
    assert "six love" not in page and ">won<" not in page


def test_the_sets_own_players_and_spectators_see_its_result(round_of_two):
    one, _two, (ann, bob, *_), _second = round_of_two
    for viewer in (ann, bob, make_user("zed"), None):
        row = row_of(client_of(viewer), ann, one)
        assert row["result"] == "won", viewer
        assert "six love" in row["how"]
        assert "ann 6" in row["totals"]


def test_the_result_shows_once_the_sets_are_unsealed(
    round_of_two, django_capture_on_commit_callbacks
):
    one, two, (ann, *_), (eve, *_) = round_of_two
    with django_capture_on_commit_callbacks(execute=True):
        play.unseal([one.pk, two.pk])
    row = row_of(client_of(eve), ann, one)
    assert row["result"] == "won" and "ann 6" in row["totals"]


def test_sets_of_another_key_are_not_hidden(round_of_two):
    one, _two, (ann, *_), _second = round_of_two
    other = [make_user(n) for n in ("ivy", "jo", "kim", "lu")]
    _same_deals(_seated(set_row(other, state=Match.State.PLAYING), other), key="another")
    assert row_of(client_of(other[0]), ann, one)["result"] == "won"


def test_filtering_by_result_does_not_tell_a_sealed_sets_result(
    round_of_two, django_capture_on_commit_callbacks
):
    one, two, (ann, *_), (eve, *_) = round_of_two
    client = client_of(eve)
    for result in ("won", "lost", "none", "unfinished"):
        assert row_of(client, ann, one, f"result={result}") is None
    assert row_of(client_of(ann), ann, one, "result=won") is not None
    with django_capture_on_commit_callbacks(execute=True):
        play.unseal([one.pk, two.pk])
    assert row_of(client, ann, one, "result=won") is not None


def test_a_sealed_page_costs_one_query_more_however_many_sealed_sets_it_lists(round_of_two):
    _one, _two, first, (eve, *_) = round_of_two
    ann = first[0]
    client = client_of(eve)
    client.get(f"/history/player/{ann.pk}/")
    with CaptureQueriesContext(connection) as few:
        client.get(f"/history/player/{ann.pk}/")
    for _ in range(5):
        _same_deals(_seated(set_row(first, at=days_ago(1)), []))
    with CaptureQueriesContext(connection) as many:
        client.get(f"/history/player/{ann.pk}/")
    assert len(many.captured_queries) == len(few.captured_queries)
    Match.objects.update(sealed=False)
    with CaptureQueriesContext(connection) as unsealed:
        client.get(f"/history/player/{ann.pk}/")
    assert len(few.captured_queries) == len(unsealed.captured_queries) + 1


def test_statistics_leave_a_sealed_set_out_for_a_player_at_another_table(
    round_of_two, django_capture_on_commit_callbacks
):
    one, two, (ann, *_), (eve, *_) = round_of_two
    hidden = figures(ann.pk, everything=False, sealed=access.sealed_sets_for(eve))
    assert (hidden.sets, hidden.won, hidden.games) == (0, 0, 0)
    assert not hidden.key_cards and not hidden.six_loves
    shown = figures(ann.pk, everything=True)
    assert (shown.sets, shown.won, shown.games) == (1, 1, 1)
    page = client_of(eve).get(f"/history/player/{ann.pk}/stats/")
    assert page.context["figures"].sets == 0
    assert client_of(ann).get("/history/stats/").context["figures"].sets == 1
    with django_capture_on_commit_callbacks(execute=True):
        play.unseal([one.pk, two.pk])
    assert client_of(eve).get(f"/history/player/{ann.pk}/stats/").context["figures"].sets == 1
