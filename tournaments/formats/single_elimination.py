"""Single elimination: a seeded bracket, byes to the top seeds, an optional third-place match.

The bracket has P slots, P the smallest power of two at least the entry count; the P - n byes
go to seeds 1, 2, ... in the first round. Seeds are placed so that 1 and 2 can only meet in the
final, 1-4 only from the semi-finals on, and so on (1 v P, then the winner against the winner
of P/2 v P/2 + 1, ...). Each bracket round is one tournament round; the third-place match is
played beside the final. A match needs a winner: tied places are refused.

Final places: 1 champion, 2 finalist, 3 and 4 from the third-place match (or both 3 without
one), then 5 for every quarter-final loser, 9 for every loser of the round of 16, and so on.
A withdrawn entrant loses its next match by walkover and is placed as that round's losers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.engine.texts import gettext_noop

from .base import Format, check_field, participants
from .bracket import Bracket, column_name
from .duels import Resolution, Spec, places, resolve, to_bracket
from .errors import TournamentFinishedError
from .ledger import require_finished
from .model import Entrant, RoundPlan, State, TablePlan
from .options import Option
from .order import by_seed
from .standings import Standing


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order for ``size`` slots (a power of two): 8 -> 1 8 4 5 2 7 3 6."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


@dataclass(frozen=True, kw_only=True)
class SingleElimination(Format):
    """``third_place``: play a match for third place between the semi-final losers."""

    third_place: bool = False

    name: ClassVar[str] = "single_elimination"
    default_bye: ClassVar[str] = "zero"
    default_tiebreaks: ClassVar[tuple[str, ...]] = ()
    label: ClassVar[str] = gettext_noop("Single elimination")
    for_two_parties: ClassVar[bool] = True
    eliminates: ClassVar[bool] = True
    stage: ClassVar[str] = "playoff"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "third_place", "bool", gettext_noop("Play a third-place match"),
            gettext_noop("The two losing semi-finalists play for third place."), default=False,
        ),
    )  # fmt: skip

    def columns(self, count: int) -> int:
        return max(1, math.ceil(math.log2(count)))

    def plan(self, count: int) -> tuple[Spec, ...]:
        return elimination_plan(count, self.third_place, prefix="R", bracket="main")

    def _resolve(self, state: State) -> tuple[tuple[Spec, ...], list[Entrant], Resolution]:
        self._check(state)
        check_field(state)
        seeds = by_seed(participants(state), self.seed)
        self.check_entries(len(seeds))
        specs = self.plan(len(seeds))
        return specs, seeds, resolve(specs, seeds, state)

    def next_round(self, state: State) -> RoundPlan:
        specs, _, res = self._resolve(state)
        require_finished(state)
        return duel_round(specs, res, len(state.rounds) + 1, self.title)

    def is_finished(self, state: State) -> bool:
        specs, _, res = self._resolve(state)
        return all(res.outcomes[s.id].status in FINISHED for s in specs)

    def bracket(self, state: State) -> Bracket:
        specs, seeds, res = self._resolve(state)
        place_map = places(res, specs, [e.id for e in seeds])
        columns = self.columns(len(seeds))
        names = {("main", c): column_name(c, columns) for c in range(1, columns + 1)}
        names[("third_place", columns)] = "Third place"
        return to_bracket(self.name, res, specs, names, place_map)

    def standings(self, state: State) -> list[Standing]:
        return elimination_standings(self, state)


FINISHED = ("done", "bye", "walkover", "void")


@functools.lru_cache(maxsize=256)
def elimination_plan(count: int, third_place: bool, prefix: str, bracket: str) -> tuple[Spec, ...]:
    """The specs of a seeded single-elimination bracket for ``count`` entrants (cached: a
    plan depends on nothing else, and every call of a format walks it)."""
    columns = max(1, math.ceil(math.log2(count)))
    size = 2**columns
    order = seed_order(size)
    specs: list[Spec] = []
    with_third = third_place and columns >= 2
    for column in range(1, columns + 1):
        matches = size // 2**column
        for i in range(1, matches + 1):
            if column == 1:
                sources = (("seed", order[2 * i - 2]), ("seed", order[2 * i - 1]))
            else:
                sources = (
                    ("winner", f"{prefix}{column - 1}-{2 * i - 1}"),
                    ("winner", f"{prefix}{column - 1}-{2 * i}"),
                )
            semi = column == columns - 1
            final = column == columns
            specs.append(
                Spec(
                    id=f"{prefix}{column}-{i}",
                    bracket=bracket,
                    column=column,
                    round=column,
                    sources=sources,
                    loser_key=None if semi and with_third else float(column),
                    winner_key=float(columns + 1) if final else None,
                    crowns=final,
                    winner_to=None if final else f"{prefix}{column + 1}-{(i + 1) // 2}",
                    loser_to="3P" if semi and with_third else None,
                )
            )
    if with_third:
        semis = columns - 1
        specs.append(
            Spec(
                id="3P",
                bracket="third_place",
                column=columns,
                round=columns,
                sources=(("loser", f"{prefix}{semis}-1"), ("loser", f"{prefix}{semis}-2")),
                loser_key=columns - 0.75,
                winner_key=columns - 0.5,
            )
        )
    return tuple(specs)


def duel_round(specs: Sequence[Spec], res: Resolution, number: int, title: str) -> RoundPlan:
    """Tables for every match of tournament round ``number`` whose two sides are known, and the
    walkovers it decides (fixed from now on, see ``duels``)."""
    if all(res.outcomes[s.id].status in FINISHED for s in specs):
        raise TournamentFinishedError(f"the {title.lower()} is over: no round follows")
    tables = []
    byes = []
    walkovers = []
    for spec in specs:
        if spec.round != number:
            continue
        out = res.outcomes[spec.id]
        if out.status == "ready":
            tables.append(TablePlan(seats=tuple(out.sides), label=spec.id))
        elif out.status == "bye" and number == 1:
            byes.append(out.winner)
        elif out.status == "walkover":
            walkovers.append(out.winner)
    return RoundPlan(number, tuple(tables), tuple(byes), walkovers=tuple(walkovers))


def elimination_standings(fmt, state: State) -> list[Standing]:
    """Standings of a bracket format: by final place; entrants still in come first."""
    ledger = fmt._ledger(state)
    bracket = fmt.bracket(state)
    in_event = {s.entrant for c in bracket.rounds for m in c.matches for s in m.slots if s.entrant}
    seeds = by_seed(participants(state), fmt.seed)
    order = {e.id: i for i, e in enumerate(seeds)}
    everyone = [e for e in state.entrants if e.id in order or e.id in in_event]
    everyone.sort(key=lambda e: (bracket.places.get(e.id, 0), order.get(e.id, len(order))))
    rows = []
    for e in everyone:
        record = ledger.records[e.id]
        place = bracket.places.get(e.id)
        rows.append(
            Standing(
                rank=place if place is not None else 1,
                entrant=e.id,
                points=float(ledger.scoring.value(record.points)),
                played=record.played,
                wins=record.wins,
                byes=record.byes,
                tiebreaks={},
                active=e.active,
                place=place,
            )
        )
    return rows
