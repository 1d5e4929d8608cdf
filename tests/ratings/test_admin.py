"""Ratings in the admin site: ratings, the ledger with each game's changes, and the history of
changes, all read-only."""

from __future__ import annotations

import pytest
from django.test import Client

from ratings.models import RatedGame, Rating
from tests.factories import make_user
from tests.ratings.helpers import announce, finish, table_of

pytestmark = pytest.mark.django_db


def test_staff_see_ratings_the_ledger_and_changes_read_only():
    players = [make_user(f"p{i}") for i in range(4)]
    rated = announce(finish(table_of(players), [0, 5, 9, 12], winner=0))
    client = Client(HTTP_HOST="localhost")
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    assert "p0" in client.get("/admin/ratings/rating/?style__exact=cutthroat").text
    page = client.get(f"/admin/ratings/ratedgame/{rated.pk}/change/").text
    assert "p3" in page and str(RatedGame.Status.RATED.label) in page
    assert client.get("/admin/ratings/ratingchange/").status_code == 200
    rating = Rating.objects.get(player=players[0], style="cutthroat")
    change = client.get(f"/admin/ratings/rating/{rating.pk}/change/")
    assert change.status_code == 200 and 'name="mu"' not in change.text
    assert client.get("/admin/ratings/rating/add/").status_code == 403
