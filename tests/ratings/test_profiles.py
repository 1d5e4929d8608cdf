"""A player's public page: ratings per style with a history plot drawn on the server, recent
sets linked to the history app, titles; the country on the profile; initials for the avatar."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Match
from ratings import charts
from tests.factories import make_bot, make_user
from tests.ratings.helpers import announce, finish, table_of
from tests.tournaments.factories import make_club, make_event
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    ann = make_user("ann", display_name="Ann Marie Brown", country="Jamaica",
                    preferred_language="es")  # fmt: skip
    bob, cy, dee = (make_user(n) for n in ("bob", "cy", "dee"))
    for _ in range(3):
        announce(finish(table_of([ann, bob, cy, dee]), [0, 5, 9, 14], winner=0))
    six_love = table_of([ann, bob, cy, dee])
    announce(finish(six_love, [0, 5, 9, 14], winner=0, key=True))
    Match.objects.filter(pk=six_love.pk).update(state=Match.State.OVER, result="six-love",
                                                winner_party=0, totals=[6, 0, 0, 0])  # fmt: skip
    announce(finish(table_of([ann, bob], "block"), [20, 0], winner=1))
    return ann


def test_the_public_page_shows_ratings_plots_recent_sets_and_titles(ann):
    page = Client().get("/players/ann/").text
    assert "Ann Marie Brown" in page and "@ann" in page and "Jamaica" in page
    assert "Spanish" in page  # the preferred language
    assert page.count("<svg") == 2 and page.count("<polyline") == 2
    assert "<script>" not in page and "<style" not in page
    assert "provisional" in page
    assert page.index("Cut-Throat") < page.index("Block")
    sets = re.findall(r'href="/history/set/(\d+)/"', page)
    assert len(sets) == 5
    assert "1</strong> six love given" in page and "1</strong> key card" in page
    assert 'class="avatar large' in page and ">AB<" in page


def test_someone_elses_private_sets_are_left_out_but_shown_to_themselves(ann):
    bob = make_user("bob2")
    private = table_of([ann, bob], "block", private=True)
    announce(finish(private, [0, 20], winner=0))
    link = f'href="/history/set/{private.pk}/"'
    assert link not in Client().get("/players/ann/").text
    client = Client()
    client.force_login(ann)
    assert link in client.get("/players/ann/").text


def test_event_wins_are_titles_where_the_event_may_be_seen(ann):
    club = make_club(make_user("owner"))
    event = make_event(club, name="Kingston Open")
    Tournament.objects.filter(pk=event.pk).update(state=Tournament.State.FINISHED)
    Entry.objects.create(tournament=event, player=ann, final_place=1)
    assert "Champion" in Client().get("/players/ann/").text
    Tournament.objects.filter(pk=event.pk).update(visibility=Tournament.Visibility.CLUB)
    assert "Kingston Open" not in Client().get("/players/ann/").text


def test_a_bots_page_shows_its_ratings(ann):
    bot = make_bot("bot-casual-9", display_name="Bammy")
    announce(finish(table_of([bot, ann], "block"), [0, 20], winner=0))
    page = Client().get("/players/bot-casual-9/").text
    assert "Bammy" in page and "Casual" in page and "<polyline" in page


def test_unknown_and_deleted_players_have_no_page(ann):
    assert Client().get("/players/nobody/").status_code == 404
    make_user("gone", is_active=False)
    assert Client().get("/players/gone/").status_code == 404


def test_a_player_without_rated_games_has_a_page_saying_so():
    make_user("newcomer")
    page = Client().get("/players/newcomer/").text
    assert "No rated games yet" in page and "<svg" not in page


def test_the_profile_form_takes_a_country():
    user = make_user("eve")
    client = Client()
    client.force_login(user)
    response = client.post("/accounts/profile/", {"display_name": "Eve", "email": "",
                                                  "country": "Trinidad and Tobago",
                                                  "preferred_language": ""})  # fmt: skip
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.country == "Trinidad and Tobago"


@pytest.mark.parametrize(
    ("display", "username", "initials"),
    [("Ann Marie Brown", "ann", "AB"), ("", "winston", "WI"), ("Toto", "t", "TO"),
     ("", "mary-jane_9", "M9"), ("¡ !", "x", "?")],
)  # fmt: skip
def test_avatar_initials_come_from_the_name_people_see(display, username, initials):
    assert make_user(username, display_name=display).initials == initials


def test_the_history_plot_spans_its_values():
    plot = charts.history([1500, 1525, 1510, 1560])
    assert not plot.empty and len(plot.points.split()) == 4
    ys = [float(p.split(",")[1]) for p in plot.points.split()]
    assert ys.index(max(ys)) == 0 and ys.index(min(ys)) == 3  # higher values are drawn higher
    assert plot.ticks[0].label == "1500" and float(plot.ticks[-1].label) >= 1560
    assert charts.history([]).empty
    single = charts.history([1582])
    assert single.last is not None and len(single.points.split()) == 1


def test_the_plot_draws_the_shown_figures_with_round_rules_and_the_start_marked():
    """A newcomer's first place, then a last: 1500, 1582, 1454. Rules every 50 points (three
    intervals at most over a spread of 128), 1450 to 1600, the start drawn apart."""
    plot = charts.history([1500, 1582, 1454])
    assert [(t.label, t.start) for t in plot.ticks] == [
        ("1450", False), ("1500", True), ("1550", False), ("1600", False)
    ]  # fmt: skip
    assert [t.y for t in plot.ticks] == [96.0, 67.3, 38.7, 10.0]
    assert plot.points == "34.0,67.3 173.0,20.3 312.0,93.7"
    assert plot.last == (312.0, 93.7) and (plot.low, plot.high) == (1454, 1582)


def test_a_players_plot_and_figure_are_the_shown_ones():
    ann, bob, cy = (make_user(n) for n in ("ann", "bob", "cy"))
    announce(finish(table_of([ann, bob], "block"), [0, 20], winner=0))
    announce(finish(table_of([cy, ann], "block"), [0, 20], winner=0))
    page = Client().get("/players/ann/").text
    assert "Block rating over the last games: from 1497 to 1578, now 1497" in page
    assert '1497<span class="provisional"' in page
    assert "Provisional: 8 more rated games to go" in page
    assert 'class="grid start"' in page


def test_a_recent_sets_change_runs_from_before_its_first_game_to_after_its_last():
    from ratings.models import RatingChange
    from ratings.services import profiles

    players = [make_user(n) for n in ("ann", "bob", "cy", "dee")]
    match = table_of(players)
    announce(finish(match, [0, 5, 9, 14], winner=0))
    announce(finish(match, [9, 5, 0, 14], winner=2))
    first, last = RatingChange.objects.filter(player=players[0]).order_by("rated_game_id")
    (recent,) = profiles.recent_sets(players[0], everything=True)
    assert recent.change == last.shown - first.shown_before == first.change + last.change
    assert list(RatingChange.objects.filter(player=players[0])) == [last, first]
