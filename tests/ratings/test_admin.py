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


def test_the_admin_shows_the_shown_figure_beside_the_raw_one():
    players = [make_user(f"p{i}") for i in range(4)]
    rated = announce(finish(table_of(players), [0, 5, 9, 12], winner=0))
    client = Client(HTTP_HOST="localhost")
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    ratings = client.get("/admin/ratings/rating/?style__exact=cutthroat").text.lower()
    assert "rating shown" in ratings and "cautious estimate (ordinal)" in ratings
    assert ">1582?<" in ratings and ">1381?<" in ratings  # as players see them
    assert "skill estimate (mu)" in ratings and "27.79" in ratings  # and raw
    game = client.get(f"/admin/ratings/ratedgame/{rated.pk}/change/").text.lower()
    assert "shown before" in game and "shown after" in game
    assert ">1500<" in game and ">+82<" in game and "\u2212119" in game
    changes = client.get("/admin/ratings/ratingchange/").text.lower()
    assert "cautious estimate before (ordinal)" in changes and ">+82<" in changes
    rating = Rating.objects.get(player=players[0], style="cutthroat")
    assert "1582?" in client.get(f"/admin/ratings/rating/{rating.pk}/change/").text
