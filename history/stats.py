"""A player's statistics, counted from their sets and the games of those sets.

Three reads: the finished sets counted by month, style and outcome (by the database), the sets
won or lost by six love (with their totals), and the finished games of all the player's sets
(finished, still being played or stopped) joined to the player's seat (each game's stored
result: counts, winner, key card), counted in Python since every game figure needs the player's
seat and party in that set.

- Results over time: sets won, lost and without a winner, per month.
- Win rate per style: sets won out of sets finished.
- Average count left: the pips in the player's hand when a game ended, per style.
- Key cards: games won with one by the player's side (given) or against it (taken).
- Six loves: sets won by six love by the player's side (given), or lost by one while the player's
  side was still on love (taken). Brucks: sets broken by a game the player's side won (given)
  or another side won (taken).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db.models import Case, CharField, Count, F, QuerySet, Value, When
from django.db.models.functions import TruncMonth

from games.models import Game, Match

from .models import Item


@dataclass
class StyleFigures:
    style: str
    sets: int = 0
    won: int = 0
    games: int = 0
    count_left: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.won / self.sets if self.sets else None

    @property
    def average_left(self) -> float | None:
        return self.count_left / self.games if self.games else None


@dataclass
class Figures:
    sets: int = 0
    won: int = 0
    lost: int = 0
    no_winner: int = 0
    games: int = 0
    by_month: dict[date, Counter] = field(default_factory=lambda: defaultdict(Counter))
    by_style: dict[str, StyleFigures] = field(default_factory=dict)
    key_cards: Counter = field(default_factory=Counter)
    six_loves: Counter = field(default_factory=Counter)
    brucks: Counter = field(default_factory=Counter)

    def style(self, name: str) -> StyleFigures:
        if name not in self.by_style:
            self.by_style[name] = StyleFigures(name)
        return self.by_style[name]


def figures(owner_id: int, everything: bool, sealed: QuerySet[Match] | None = None) -> Figures:
    """The player's figures over their finished sets, and over every finished game, also those
    of a set still being played or stopped (only public tables' unless ``everything``): ten
    games into a first set are worth counting. ``sealed``: sets whose results the viewer may
    not know yet (``access.sealed_sets_for``: they play the same deals at another table), left
    out until they are unsealed."""
    lines = Item.objects.filter(owner_id=owner_id, match__isnull=False)
    if not everything:
        lines = lines.filter(match__table__is_private=False)
    if sealed is not None:
        lines = lines.exclude(match__in=sealed)
    finished = lines.filter(match__state=Match.State.OVER)
    out = Figures()
    _add_sets(out, finished)
    _add_six_loves(out, finished.filter(match__result="six-love"))
    _add_games(out, lines)
    return out


def _add_sets(out: Figures, lines) -> None:
    """Sets won, lost and without a winner, per month and style: counted by the database."""
    outcome = Case(
        When(match__winner_party__isnull=True, then=Value("none")),
        When(match__winner_party=F("party"), then=Value("won")),
        default=Value("lost"),
        output_field=CharField(),
    )
    rows = (
        lines.annotate(month=TruncMonth("match__finished_at"), outcome=outcome)
        .values("month", "style", "outcome")
        .annotate(n=Count("pk"))
        .order_by()
    )
    for row in rows:
        n, word = row["n"], row["outcome"]
        out.sets += n
        figures_of_style = out.style(row["style"])
        figures_of_style.sets += n
        if word == "won":
            out.won += n
            figures_of_style.won += n
        elif word == "lost":
            out.lost += n
        else:
            out.no_winner += n
        if row["month"] is not None:
            month = row["month"]
            month = month.date() if isinstance(month, datetime) else month
            out.by_month[month][word] += n


def _add_six_loves(out: Figures, lines) -> None:
    """Given: the player's side won by six love; taken: it lost one while still on love."""
    for party, winner, totals in lines.values_list("party", "match__winner_party",
                                                   "match__totals"):  # fmt: skip
        if winner == party:
            out.six_loves["given"] += 1
        elif totals and totals[party] == 0:
            out.six_loves["taken"] += 1


def _add_games(out: Figures, lines) -> None:
    """Counts left, key cards and brucks, from the finished games of those sets (one row per
    game, joined to the player's seat in its set). Brucks are sets' results: only a finished
    set has one."""
    rows = lines.filter(match__games__state=Game.State.OVER).values_list(
        "match_id", "seat", "party", "style", "match__result", "match__games__number",
        "match__games__result",
    )  # fmt: skip
    last: dict[int, tuple[int, int | None, int]] = {}
    for match_id, seat, party, style, word, number, result in rows:
        out.games += 1
        figures_of_style = out.style(style)
        figures_of_style.games += 1
        figures_of_style.count_left += result["counts"][seat]
        if result.get("key_card"):
            out.key_cards["given" if result["winner"] == party else "taken"] += 1
        if word == "bruck" and (match_id not in last or last[match_id][0] < number):
            last[match_id] = (number, result["winner"], party)
    for _number, winner, party in last.values():
        out.brucks["given" if winner == party else "taken"] += 1
