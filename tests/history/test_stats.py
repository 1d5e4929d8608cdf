"""Statistics: results over time, win rate per style, average count left, key cards, six loves
and brucks given and taken, drawn as SVG on the server (no script, no chart library)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Game, Match
from history.stats import figures
from tests.factories import make_user
from tests.history.helpers import days_ago, played, set_row

pytestmark = pytest.mark.django_db


def game(match: Match, number: int, winner: int | None, counts: list[int], key: bool = False):
    points = [0] * len(counts)
    if winner is not None:
        points[winner] = 2 if key else 1
    result = {"end": "domino", "winner": winner, "key_card": key, "stake": 1, "counts": counts,
              "points": points}  # fmt: skip
    return Game.objects.create(match=match, number=number, snapshot={}, state=Game.State.OVER,
                               result=result)  # fmt: skip


@pytest.fixture
def season():
    ann, bob, cy, dee = (make_user(n) for n in ("ann", "bob", "cy", "dee"))
    # A six love ann gives (she wins the last game with a key card), ...
    given = set_row([ann, bob, cy, dee], at=days_ago(70), winner=0, result="six-love")
    Match.objects.filter(pk=given.pk).update(totals=[6, 0, 1, 2], finished_at=days_ago(70))
    game(given, 1, 0, [0, 10, 12, 8], key=True)
    game(given, 2, 0, [0, 4, 6, 2])
    # ... one she takes (she is still on love), ...
    taken = set_row([ann, bob, cy, dee], at=days_ago(40), winner=1, result="six-love")
    Match.objects.filter(pk=taken.pk).update(totals=[0, 6, 2, 1], finished_at=days_ago(40))
    game(taken, 1, 1, [9, 0, 3, 5], key=True)
    # ... a bruck broken by bob's win, and a Block set ann wins.
    bruck = set_row([ann, bob, cy, dee], at=days_ago(10), winner=None, result="bruck")
    Match.objects.filter(pk=bruck.pk).update(totals=[1, 1, 1, 1], finished_at=days_ago(10))
    game(bruck, 1, 1, [5, 0, 7, 7])
    block = set_row([ann, bob], style="block", at=days_ago(2), winner=0, result="target")
    Match.objects.filter(pk=block.pk).update(totals=[104, 12], finished_at=days_ago(2))
    game(block, 1, 0, [3, 20])
    set_row([ann, bob, cy, dee], at=days_ago(1), state=Match.State.PLAYING)  # not counted
    return ann


def test_figures_count_each_outcome_from_the_players_side(season):
    found = figures(season.pk, everything=True)
    assert (found.sets, found.won, found.lost, found.no_winner, found.games) == (4, 2, 1, 1, 5)
    assert found.by_style["cutthroat"].win_rate == pytest.approx(1 / 3)
    assert found.by_style["block"].win_rate == 1
    assert found.by_style["cutthroat"].average_left == pytest.approx((0 + 0 + 9 + 5) / 4)
    assert found.by_style["block"].average_left == 3
    assert dict(found.key_cards) == {"given": 1, "taken": 1}
    assert dict(found.six_loves) == {"given": 1, "taken": 1}
    assert dict(found.brucks) == {"taken": 1}
    assert sum(sum(c.values()) for c in found.by_month.values()) == 4


def test_the_statistics_page_draws_svg_charts_with_their_figures(season):
    client = Client(HTTP_HOST="localhost")
    client.force_login(season)
    page = client.get("/history/stats/").text
    assert page.count("<svg") == 4 and "<script>" not in page and "<style" not in page
    assert re.search(r"<rect class=\"won\"[^>]*><title>[^<]*won 1</title>", page)
    assert "33% of 3" in page and "3.5 pips" in page
    assert "Key cards" in page and "Six loves" in page and "Brucks" in page


def test_someone_elses_statistics_count_only_public_sets(season):
    private = set_row([season, make_user("eve")], style="block", at=days_ago(3), winner=0,
                      result="target", private=True)  # fmt: skip
    Match.objects.filter(pk=private.pk).update(finished_at=days_ago(3))
    assert figures(season.pk, everything=True).sets == 5
    assert figures(season.pk, everything=False).sets == 4
    page = Client(HTTP_HOST="localhost").get(f"/history/player/{season.pk}/stats/").text
    assert "4 sets finished" in page


def test_a_player_without_games_sees_an_empty_state():
    client = Client(HTTP_HOST="localhost")
    client.force_login(make_user("new"))
    assert "No finished games yet" in client.get("/history/stats/").text


def test_statistics_of_sets_played_here():
    match, (ann,) = played("partner", 4, seed=6, whole_set=True)
    found = figures(ann.pk, everything=True)
    assert found.sets == 1 and found.games == match.games.count()


def test_games_of_a_set_still_being_played_are_counted():
    ann, bob = make_user("ann"), make_user("bob")
    going = set_row([ann, bob], style="block", at=days_ago(1), state=Match.State.PLAYING)
    for number in range(1, 11):
        game(going, number, number % 2, [4, 6])
    found = figures(ann.pk, everything=True)
    assert (found.sets, found.games) == (0, 10)
    assert found.by_style["block"].average_left == 4  # ann sits in seat 0


def test_the_statistics_page_shows_ten_games_before_the_first_set_ends():
    ann, bob = make_user("ann"), make_user("bob")
    going = set_row([ann, bob], style="block", at=days_ago(1), state=Match.State.PLAYING)
    for number in range(1, 11):
        game(going, number, 0, [0, 6])
    client = Client(HTTP_HOST="localhost")
    client.force_login(ann)
    page = client.get("/history/stats/").text
    assert "No finished games yet" not in page
    assert "10 games finished. No finished set yet." in page
    assert page.count("Counted from the first finished set.") == 2  # results and win rate


def test_the_summary_says_one_game_and_one_set_in_the_singular():
    ann, bob = make_user("ann"), make_user("bob")
    done = set_row([ann, bob], style="block", at=days_ago(2), winner=0, result="target")
    Match.objects.filter(pk=done.pk).update(finished_at=days_ago(2))
    game(done, 1, 0, [0, 9])
    client = Client(HTTP_HOST="localhost")
    client.force_login(ann)
    page = client.get("/history/stats/").text
    assert "1 game finished. 1 set finished: 1 won, 0 lost, 0 without a winner." in page
