"""Leaderboards: established ratings first, then provisional ones, each best first; one style,
all time or one month, everyone or one club's members, people only unless the bots are asked
for (then listed apart), a page at a time."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from django.test import Client
from django.utils import timezone

from ratings import skill
from ratings.models import RatingChange
from ratings.services import boards, profiles
from ratings.services.boards import Board
from tests.clubs.factories import add_member, make_club
from tests.factories import make_bot, make_user
from tests.ratings.helpers import announce, finish, table_of

pytestmark = pytest.mark.django_db


def at(year: int, month: int, day: int = 10) -> datetime:
    return timezone.make_aware(datetime(year, month, day, 20, 0))


@pytest.fixture
def league():
    """ann always wins, bob second, cy third, the bot last; dee plays Block only."""
    ann, bob, cy, dee = (make_user(n, country="Jamaica") for n in ("ann", "bob", "cy", "dee"))
    bot = make_bot("bot")
    for day in range(1, 4):
        announce(
            finish(table_of([ann, bob, cy, bot]), [0, 5, 9, 14], winner=0, at=at(2026, 9, day))
        )
    announce(finish(table_of([cy, ann, bob, bot]), [0, 5, 9, 14], winner=0, at=at(2026, 10)))
    announce(finish(table_of([dee, ann], "block"), [0, 20], winner=0, at=at(2026, 10)))
    return ann, bob, cy, dee, bot


def names(rows) -> list[str]:
    return [row.player.username for row in rows]


def test_all_time_is_best_rating_first_and_people_only(league):
    _page, rows = boards.page(Board("cutthroat"))
    assert names(rows) == ["ann", "bob", "cy"]
    assert [r.rank for r in rows] == [1, 2, 3]
    assert rows[0].rating > rows[1].rating > rows[2].rating
    assert rows[0].games == 4 and rows[0].wins == 3 and rows[0].provisional


def test_the_bots_are_listed_apart_when_asked(league):
    assert boards.bots(Board("cutthroat")) == []
    bots = boards.bots(Board("cutthroat", bots=True))
    assert names(bots) == ["bot"]
    _page, rows = boards.page(Board("cutthroat", bots=True))
    assert "bot" not in names(rows)


def test_each_style_has_its_own_board(league):
    _page, rows = boards.page(Board("block"))
    assert names(rows) == ["dee", "ann"]
    _page, rows = boards.page(Board("french"))
    assert rows == []


def test_a_clubs_board_lists_its_members_only(league):
    _ann, bob, cy, _dee, _bot = league
    club = make_club("Spanish Town Club", owner=cy)
    add_member(club, bob)
    _page, rows = boards.page(Board("cutthroat", club=club))
    assert names(rows) == ["bob", "cy"]
    assert [r.rank for r in rows] == [1, 2]


def test_a_months_board_ranks_that_months_players_by_their_rating_at_its_end(league):
    _page, september = boards.page(Board("cutthroat", month=date(2026, 9, 1)))
    assert names(september) == ["ann", "bob", "cy"]
    assert [r.games for r in september] == [3, 3, 3]
    assert september[0].change > september[1].change > september[2].change
    _page, october = boards.page(Board("cutthroat", month=date(2026, 10, 1)))
    assert [r.games for r in october] == [1, 1, 1]
    assert {r.player.username for r in october} == {"ann", "bob", "cy"}
    moved = {r.player.username: r.change for r in october}
    assert moved["cy"] > moved["ann"]  # cy won October's game
    _page, august = boards.page(Board("cutthroat", month=date(2026, 8, 1)))
    assert august == []


def test_the_board_comes_a_page_at_a_time(league, monkeypatch):
    monkeypatch.setattr(boards, "PAGE_SIZE", 2)
    first, rows = boards.page(Board("cutthroat"), 1)
    assert names(rows) == ["ann", "bob"] and first.has_next()
    _second, rows = boards.page(Board("cutthroat"), 2)
    assert names(rows) == ["cy"] and [r.rank for r in rows] == [3]
    _page, rows = boards.page(Board("cutthroat"), "nonsense")
    assert names(rows) == ["ann", "bob"]


def test_the_leaderboard_page_is_public_and_filters_by_its_query(league):
    client = Client()
    page = client.get("/ratings/").text
    assert "ann" in page and "bot</a>" not in page and "<script>" not in page
    assert page.index(">ann<") < page.index(">bob<") < page.index(">cy<")
    assert ">dee<" not in page
    assert ">dee<" in client.get("/ratings/?style=block").text
    with_bots = client.get("/ratings/?bots=1").text
    assert 'id="bots-heading"' in with_bots and ">bot<" in with_bots
    club = make_club("Mandeville Club", owner=league[2])
    by_club = client.get(f"/ratings/?club={club.slug}").text
    assert ">cy<" in by_club and ">ann<" not in by_club
    month = client.get("/ratings/?month=2026-09").text
    assert "September 2026" in month and "Change" in month
    fallback = client.get("/ratings/?style=chess&month=soon&club=nowhere&page=x")
    assert fallback.status_code == 200 and ">ann<" in fallback.text


def test_htmx_gets_only_the_board(league):
    client = Client()
    response = client.get("/ratings/?month=2026-10", HTTP_HX_REQUEST="true",
                          HTTP_HX_TARGET="leaderboard")  # fmt: skip
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="leaderboard">')
    assert "<html" not in response.text


@pytest.fixture
def veteran_and_newcomer():
    """vic has an established rating, always second of two (below 1500); nat a provisional
    one, from a single win (above it)."""
    vic, win, nat, loser = (make_user(n) for n in ("vic", "win", "nat", "loser"))
    for day in range(1, PROVISIONAL + 1):
        announce(finish(table_of([win, vic], "block"), [0, 20], winner=0, at=at(2026, 9, day)))
    announce(finish(table_of([nat, loser], "block"), [0, 20], winner=0, at=at(2026, 9, 28)))
    return vic, nat


PROVISIONAL = skill.PROVISIONAL_GAMES


def test_established_ratings_are_listed_before_provisional_ones(veteran_and_newcomer):
    vic, nat = veteran_and_newcomer
    _page, rows = boards.page(Board("block"))
    assert names(rows) == ["win", "vic", "nat", "loser"]
    by_name = {row.player.username: row for row in rows}
    assert by_name["nat"].rating > 1500 > by_name["vic"].rating
    assert [row.provisional for row in rows] == [False, False, True, True]
    assert [row.rank for row in rows] == [1, 2, 3, 4]
    assert [r.rank for r in profiles.ratings_of(vic)] == [2]
    assert [r.rank for r in profiles.ratings_of(nat)] == [3]
    _page, month = boards.page(Board("block", month=date(2026, 9, 1)))
    assert names(month) == ["win", "vic", "nat", "loser"]
    page = Client().get("/ratings/?style=block").text
    assert (
        page.index(">vic<")
        < page.index("Provisional: fewer than 10 rated games")
        < page.index(">nat<")
    )
    assert f'{by_name["nat"].rating}<span class="provisional"' in page


def test_the_month_board_gives_the_change_in_shown_points(league):
    _page, october = boards.page(Board("cutthroat", month=date(2026, 10, 1)))
    for row in october:
        changes = RatingChange.objects.filter(player=row.player, style="cutthroat",
                                              played_at__gte=at(2026, 10, 1))  # fmt: skip
        (only,) = changes
        assert row.change == only.change and row.rating == only.shown
