"""Duplicate scoring: each deal compared with everyone who held the same tiles.

With same deals at every table, seat *s* of deal *k* holds the same tiles at every table of the
round. Duplicate scoring compares the *holders* of one deal-seat (the entries that sat there,
and a bot that filled the seat) on that deal's result for the seat, as bridge clubs score
pairs: a holder earns one matchpoint for every other holder it did better than and a half for
every tie; the top is the number of holders less one, and the percentage is matchpoints / top.

What "better" means is the style's (``result_key``): in a partnership the side's result counts.
A holder whose table could not play the deal is not compared; it is given an average, shown as
such (``AVERAGE`` 50 %, ``AVERAGE_PLUS`` 60 %, ``AVERAGE_MINUS`` 40 %), never a zero. A deal-seat
with fewer than two holders that played it has nothing to compare: its holder is scored
``AVERAGE`` and marked ``alone``.

Pure: no Django, no database. ``services.duplicate`` gathers the deals from the games.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

#: The averages a holder that did not play may be given, as a fraction of the top.
AVERAGE = "A"
AVERAGE_PLUS = "A+"
AVERAGE_MINUS = "A-"
AVERAGES: Mapping[str, Fraction] = {
    AVERAGE: Fraction(1, 2),
    AVERAGE_PLUS: Fraction(3, 5),
    AVERAGE_MINUS: Fraction(2, 5),
}

#: Styles whose game figures are taken (lower is better), not scored.
LOW_WINS = frozenset({"french"})
#: Styles where, after the points, fewer pips left in the party's hands is better.
COUNT_MATTERS = frozenset({"block", "draw", "doubles"})


def result_key(
    style: str, result: Mapping[str, Any], seat: int, parties: Sequence[Sequence[int]]
) -> tuple:
    """How one seat did in one game, as a key where higher is better.

    - Cut-Throat, Partner: the points the seat's party scored on the game (0, 1 or 2), then
      the winner first (a draw scores nobody, so everyone ties).
    - French: the penalty total the game added to the seat (game score plus fines), lower is
      better; then the winner first.
    - Block, Draw, Doubles: the points the seat's party scored, then the winner first (a domino
      that scores 0 still beats the losers), then fewer pips left in the party's hands.
    """
    party = next(p for p, members in enumerate(parties) if seat in members)
    points = result["points"][party]
    won = int(result.get("winner") == party)
    if style in LOW_WINS:
        return (-points, won)
    if style in COUNT_MATTERS:
        pips = sum(result["counts"][s] for s in parties[party])
        return (points, won, -pips)
    return (points, won)


@dataclass(frozen=True)
class Holding:
    """One holder of a deal-seat: ``who`` identifies it (a table number, say); ``key`` is
    its ``result_key`` (``None`` when it did not play the deal); ``average`` the average it is
    given instead (``AVERAGE``...), only when ``key`` is ``None``."""

    who: Hashable
    key: tuple | None
    average: str = AVERAGE


@dataclass(frozen=True)
class Score:
    """A holder's matchpoints on a deal-seat. ``top``: holders compared less one (0 when it was
    not compared). ``average``: "" when it earned its score, else the average given. ``alone``:
    fewer than two holders played the deal-seat, so there was nothing to compare."""

    who: Hashable
    matchpoints: Fraction
    top: int
    percentage: Fraction
    average: str = ""
    alone: bool = False


def matchpoints(holdings: Sequence[Holding]) -> list[Score]:
    """Every holder's score on one deal-seat, in the order given."""
    played = [h for h in holdings if h.key is not None]
    top = len(played) - 1
    out = []
    for holding in holdings:
        if holding.key is None or top < 1:
            kind = holding.average if holding.key is None else AVERAGE
            share = AVERAGES[kind]
            out.append(Score(holding.who, share * max(top, 0), max(top, 0), share * 100, kind,
                             alone=holding.key is not None))  # fmt: skip
            continue
        mine = holding.key
        won = sum(
            Fraction(1) if mine > other.key else Fraction(1, 2) if mine == other.key else 0
            for other in played
            if other is not holding
        )
        out.append(Score(holding.who, Fraction(won), top, Fraction(won * 100, top)))
    return out


@dataclass(frozen=True)
class Total:
    """An entrant's duplicate score over the deals it held: ``deals`` scored, ``matchpoints``
    and ``top`` added up, ``total`` the sum of its percentages, ``percentage`` their mean (the
    rank's key: every deal counts alike, however many tables held it)."""

    deals: int
    matchpoints: Fraction
    top: int
    total: Fraction

    @property
    def percentage(self) -> Fraction:
        return self.total / self.deals if self.deals else Fraction(0)


def totals(scores: Iterable[tuple[Hashable, Score]]) -> dict[Hashable, Total]:
    """Per entrant, its scores added up (``scores``: pairs of entrant and score)."""
    out: dict[Hashable, Total] = {}
    for who, score in scores:
        before = out.get(who, Total(0, Fraction(0), 0, Fraction(0)))
        out[who] = Total(
            before.deals + 1,
            before.matchpoints + score.matchpoints,
            before.top + score.top,
            before.total + score.percentage,
        )
    return out


def rerank(rows: Sequence[Any], scores: Mapping[Hashable, Total]) -> list[Any]:
    """Standings (``standings.Standing``) ranked by duplicate percentage, each with its
    ``Total``: the best percentage first; the format's own order (its points, then its
    tiebreaks, then seed) after it. Entrants level on both share a rank; one that has held no
    deal yet comes after every one that has."""
    empty = Total(0, Fraction(0), 0, Fraction(0))

    def key(row: Any) -> tuple:
        total = scores.get(row.entrant, empty)
        return (0 if total.deals else 1, -total.percentage)

    ordered = sorted(rows, key=lambda row: (key(row), row.rank))
    out: list[Any] = []
    for index, row in enumerate(ordered):
        rank = index + 1
        if out and (key(ordered[index - 1]), ordered[index - 1].rank) == (key(row), row.rank):
            rank = out[-1].rank
        out.append(replace(row, rank=rank, duplicate=scores.get(row.entrant, empty)))
    return out
