"""What a player's public page shows: ratings per style with their history, recent sets, and
titles. A handful of queries whatever the player's record: one for the ratings, one count per
rated style for the rank, one for the plotted history, one for the recent sets, one for their
rating changes, two for the titles and one for the events won.

Who sees what: the page is public, like a seat at a public table. Sets at private tables (and
so a club-only event's tables) are listed only to the player themselves and to whoever
``accounts.access.sees_everything``, as the history app lists them; ratings count every rated
game, private ones included, since a rating says nothing of which games made it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import F, Q
from django.utils.translation import gettext as _

from accounts.access import sees_everything
from accounts.models import User
from clubs.models import Club
from games import engine
from games.models import Match, style_label
from tournaments.models import Tournament
from tournaments.services.access import visible_to

from .. import charts, skill
from ..models import Rating, RatingChange
from . import boards

RECENT_SETS = 10
PLOTTED_GAMES = 60


@dataclass
class StyleRating:
    rating: Rating
    label: str
    rank: int
    plot: charts.Plot

    @property
    def to_go(self) -> int:
        """Rated games left before the rating is established."""
        return max(0, skill.PROVISIONAL_GAMES - self.rating.games)


@dataclass
class RecentSet:
    match: Match
    label: str
    outcome: str  # won, lost, none, playing, abandoned
    partners: list[str]
    opponents: list[str]
    change: int | None  # of the shown figure


@dataclass
class Titles:
    six_loves: int = 0
    key_cards: int = 0
    events_won: list[Tournament] = field(default_factory=list)

    @property
    def any(self) -> bool:
        return bool(self.six_loves or self.key_cards or self.events_won)


@dataclass
class Profile:
    player: User
    ratings: list[StyleRating]
    recent: list[RecentSet]
    titles: Titles
    clubs: list[Club]
    sees_everything: bool


def profile(player: User, viewer) -> Profile:
    everything = (viewer.is_authenticated and viewer.pk == player.pk) or sees_everything(viewer)
    return Profile(
        player=player, ratings=ratings_of(player), recent=recent_sets(player, everything),
        titles=titles_of(player, viewer), clubs=list(Club.objects.filter(memberships__user=player)),
        sees_everything=everything,
    )  # fmt: skip


def ratings_of(player: User) -> list[StyleRating]:
    """Each style the player is rated in, in the styles' own order, with the rank among people
    (or among bots, for a bot) and the plot of the last ``PLOTTED_GAMES`` games."""
    rated = {r.style: r for r in Rating.objects.filter(player=player, games__gt=0)}
    found = []
    for style in engine.STYLES:
        rating = rated.get(style)
        if rating is None:
            continue
        found.append(
            StyleRating(
                rating, style_label(style), boards.rank_of(rating),
                charts.history(_series(player, style)),
            )
        )  # fmt: skip
    return found


def _series(player: User, style: str) -> list[int]:
    """The shown figure before the first plotted game, then after each one."""
    rows = list(
        RatingChange.objects.filter(player=player, style=style)
        .order_by("-played_at", "-rated_game_id")
        .values_list("mu_before", "mu")[:PLOTTED_GAMES]
    )
    if not rows:
        return []
    rows.reverse()
    return [skill.shown(rows[0][0]), *(skill.shown(mu) for _before, mu in rows)]


def recent_sets(player: User, everything: bool) -> list[RecentSet]:
    """The player's latest sets (someone else sees those at public tables only), each with how
    it went for the player's side and how far it moved their rating."""
    matches = Match.objects.filter(table__seats__player=player).select_related("table")
    if not everything:
        matches = matches.filter(table__is_private=False)
    matches = list(matches.order_by("-started_at", "-pk")[:RECENT_SETS])
    moved = _moves(player, [m.pk for m in matches])
    labels = {style: style_label(style) for style in engine.STYLES}
    found = []
    for match in matches:
        seat = next((i for i, p in enumerate(match.players) if p.get("id") == player.pk), None)
        if seat is None:
            continue
        table = match.table
        parties = skill.parties_of(table.style, table.seat_count, table.options)
        mine = next(p for p, members in enumerate(parties) if seat in members)
        names = [_name(entry) for entry in match.players]
        partners = [names[s] for s in parties[mine] if s != seat]
        opponents = [names[s] for p, members in enumerate(parties) if p != mine for s in members]
        found.append(
            RecentSet(match, labels.get(table.style, table.style), _outcome(match, mine),
                      partners, opponents, moved.get(match.pk))
        )  # fmt: skip
    return found


def _moves(player: User, match_ids: list[int]) -> dict[int, int]:
    """How far each set moved the player's shown rating: the figure after its last rated game
    less the figure before its first."""
    spans: dict[int, list] = defaultdict(list)
    rows = (
        RatingChange.objects.filter(player=player, rated_game__match_id__in=match_ids)
        .order_by("rated_game_id")
        .values_list("rated_game__match_id", "mu_before", "mu")
    )
    for match_id, before, after in rows:
        spans[match_id].append((before, after))
    return {m: skill.shown_change(span[0][0], span[-1][1]) for m, span in spans.items()}


def _outcome(match: Match, party: int) -> str:
    if match.state == Match.State.PLAYING:
        return "playing"
    if match.state == Match.State.ABANDONED:
        return "abandoned"
    if match.winner_party is None:
        return "none"
    return "won" if match.winner_party == party else "lost"


def _name(entry: dict) -> str:
    if entry.get("deleted") or entry.get("id") is None:
        return _("Deleted player")
    return entry.get("name", "")


def titles_of(player: User, viewer) -> Titles:
    """Honours from rated play: six loves given (sets the player's side won six love, counted
    once per set), key cards (rated games their side won with one); and every event they won
    that the viewer may see."""
    changes = RatingChange.objects.filter(player=player)
    six_loves = (
        changes.filter(rated_game__match__result="six-love",
                       rated_game__match__winner_party=F("party"))
        .values("rated_game__match_id").distinct().count()
    )  # fmt: skip
    key_cards = changes.filter(key_card=True).count()
    won = Tournament.objects.filter(
        Q(entries__player=player, entries__final_place=1)
        | Q(entries__partner=player, entries__final_place=1),
        state=Tournament.State.FINISHED,
    ).distinct()
    events = list(visible_to(viewer, won).order_by("-starts_at", "-pk"))
    return Titles(six_loves, key_cards, events)
