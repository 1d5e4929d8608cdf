"""Leaderboards: all time or one month, the whole site or one club's members, one style each.

- **All time** is the current ratings: the established ones first (``skill.PROVISIONAL_GAMES``
  rated games or more), then the provisional ones, each best first by the shown figure (mu).
  One query on the ``rating_board_by_mu`` index (style, bot or person, mu).
- **A month** ranks the players who played rated games that month by their rating after their
  last game of it (established first, as on the all-time board, established as of that game),
  with how much it moved over the month and how many games they played: one grouped query on
  the history's (style, finished at) index, with the first and last rating of each player's
  month looked up on their (player, style, finished at) index.
- **A club's** board is the same, limited to the club's members (clubs and their member lists
  are public, so their boards are too).
- Bots are rated like people but listed apart: people only by default, and a board of bots
  beside it when asked.

Why established first and then by mu, not by openskill's cautious ordinal (mu - 3 sigma): the
board is read by its figures, and they are ``skill.shown`` of mu, so within each group they
run down the page in order. One lucky game still cannot top a board: after it the rating is
provisional, listed below every established one. docs/ratings.md, "What is shown", says more.

Ratings differ in meaning from style to style, so there is no board across styles. Ties in
rating go to the player with more games, then the earlier rated.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.core.paginator import Page, Paginator
from django.db.models import BooleanField, Count, ExpressionWrapper, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from accounts.models import User
from clubs.models import Club

from .. import skill
from ..models import Rating, RatingChange

PAGE_SIZE = 50
BOTS_SHOWN = 50


@dataclass(frozen=True)
class Board:
    style: str
    club: Club | None = None
    month: date | None = None  # the first day of the month, or None for all time
    bots: bool = False  # whether to list the bots apart too


@dataclass(frozen=True)
class Row:
    rank: int
    player: User
    rating: int  # the shown figure (``skill.shown``)
    games: int
    wins: int
    provisional: bool
    change: int | None = None  # of the shown figure over the month, on a month's board

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0


def page(board: Board, number: object = 1) -> tuple[Page, list[Row]]:
    """One page of people (``PAGE_SIZE`` rows) and its rows with their ranks."""
    found = Paginator(_ranked(board, bots=False), PAGE_SIZE).get_page(number)
    return found, _rows(board, list(found.object_list), found.start_index())


def bots(board: Board) -> list[Row]:
    """The bots' board beside the people's (never limited to a club: bots belong to none)."""
    if not board.bots:
        return []
    site_wide = Board(board.style, None, board.month, True)
    return _rows(site_wide, list(_ranked(site_wide, bots=True)[:BOTS_SHOWN]), 1)


def month_bounds(month: date) -> tuple[datetime, datetime]:
    """The month's first instant and the next month's, in the site's time zone."""
    after = date(month.year + month.month // 12, month.month % 12 + 1, 1)
    start = datetime(month.year, month.month, 1)
    end = datetime(after.year, after.month, 1)
    return timezone.make_aware(start), timezone.make_aware(end)


def rank_of(rating: Rating) -> int:
    """The rating's place on its style's all-time board (among people, or among bots for a
    bot): one count of the ratings the board lists before it, in the board's own order."""
    established = Q(games__gte=skill.PROVISIONAL_GAMES)
    same_group = established if not rating.provisional else ~established
    above = (
        Q(mu__gt=rating.mu)
        | Q(mu=rating.mu, games__gt=rating.games)
        | Q(mu=rating.mu, games=rating.games, pk__lt=rating.pk)
    )
    before = same_group & above
    if rating.provisional:
        before |= established
    ahead = Rating.objects.filter(before, style=rating.style, is_bot=rating.is_bot, games__gt=0)
    return ahead.count() + 1


def _established(games: str) -> ExpressionWrapper:
    """Whether a rating with the ``games`` count is established, to list those first."""
    return ExpressionWrapper(
        Q(**{f"{games}__gte": skill.PROVISIONAL_GAMES}), output_field=BooleanField()
    )


def _ranked(board: Board, bots: bool) -> QuerySet:
    if board.month is None:
        ratings = Rating.objects.filter(style=board.style, is_bot=bots, games__gt=0)
        if board.club is not None:
            ratings = ratings.filter(player__memberships__club=board.club)
        return (
            ratings.select_related("player")
            .annotate(established=_established("games"))
            .order_by("-established", "-mu", "-games", "pk")
        )
    start, end = month_bounds(board.month)
    changes = RatingChange.objects.filter(
        style=board.style, played_at__gte=start, played_at__lt=end, player__is_bot=bots
    )
    if board.club is not None:
        changes = changes.filter(player__memberships__club=board.club)
    mine = RatingChange.objects.filter(
        player=OuterRef("player"), style=board.style, played_at__gte=start, played_at__lt=end
    )
    last = mine.order_by("-played_at", "-rated_game_id")
    first = mine.order_by("played_at", "rated_game_id")
    so_far = (
        RatingChange.objects.filter(player=OuterRef("player"), style=board.style, played_at__lt=end)
        .values("player")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return (
        changes.values("player")
        .annotate(
            n=Count("pk"),
            firsts=Count("pk", filter=Q(place=1)),
            end=Subquery(last.values("mu")[:1]),
            mu0=Subquery(first.values("mu_before")[:1]),
            so_far=Subquery(so_far),
        )
        .annotate(established=_established("so_far"))
        .order_by("-established", "-end", "-n", "player")
    )


def _rows(board: Board, found: list, first_rank: int) -> list[Row]:
    if board.month is None:
        return [
            Row(first_rank + i, r.player, r.shown, r.games, r.wins, r.provisional)
            for i, r in enumerate(found)
        ]
    people = User.objects.in_bulk([row["player"] for row in found])
    rows = []
    for i, row in enumerate(found):
        provisional = skill.is_provisional(row["so_far"] or 0)
        moved = skill.shown_change(row["mu0"], row["end"])
        rows.append(
            Row(first_rank + i, people[row["player"]], skill.shown(row["end"]), row["n"],
                row["firsts"], provisional, change=moved)
        )  # fmt: skip
    return rows
