"""Double elimination: a winners bracket, a losers bracket, and a grand final with a reset.

The winners bracket is the seeded single-elimination bracket (byes to the top seeds). Losers
drop into the losers bracket: losers of winners round 1 meet each other (losers round 1); after
that, losers round 2m takes the survivors of round 2m - 1 against the losers of winners round
m + 1, and losers round 2m + 1 halves the field. Drop-ins come in reversed order every other
round, so that two entrants who just met in the winners bracket do not meet again at once.
A losers-bracket slot whose feeder had nobody (a first-round bye) gives its opponent a bye.

The grand final sets the winners-bracket champion against the losers-bracket champion. With
``grand_final_reset`` (the default) a win by the losers-bracket champion, the first defeat of
the other, forces a second final, so nobody is out before losing twice; without it one final
decides.

Every match is played as early as its sides are known: winners round r in tournament round r,
losers round j in round j + 1, the grand final in round 2k and its reset in 2k + 1 (k winners
rounds). Final places: 1 champion, 2 the other finalist, 3 the losers-bracket finalist, 4 the
loser of the round before, then shared places for the losers of each earlier losers round.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import ClassVar

from games.engine.texts import gettext_noop

from .base import Format, check_field, participants
from .bracket import Bracket, column_name
from .duels import Resolution, Spec, places, resolve, to_bracket
from .ledger import require_finished
from .model import Entrant, RoundPlan, State
from .options import Option
from .order import by_seed
from .single_elimination import FINISHED, duel_round, elimination_plan, elimination_standings
from .standings import Standing


@dataclass(frozen=True, kw_only=True)
class DoubleElimination(Format):
    """``grand_final_reset``: a second grand final when the losers-bracket champion wins."""

    grand_final_reset: bool = True

    name: ClassVar[str] = "double_elimination"
    default_bye: ClassVar[str] = "zero"
    default_tiebreaks: ClassVar[tuple[str, ...]] = ()
    label: ClassVar[str] = gettext_noop("Double elimination")
    for_two_parties: ClassVar[bool] = True
    eliminates: ClassVar[bool] = True
    stage: ClassVar[str] = "playoff"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "grand_final_reset", "bool",
            gettext_noop("A second final if the losers' champion wins the first"),
            gettext_noop("So that nobody is out before losing twice."), default=True,
        ),
    )  # fmt: skip

    def plan(self, count: int) -> tuple[Spec, ...]:
        return double_plan(count, self.grand_final_reset)

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
        names = {}
        for spec in specs:
            key = (spec.bracket, spec.column)
            if spec.bracket == "winners":
                columns = max(1, math.ceil(math.log2(len(seeds))))
                names[key] = "Winners " + column_name(spec.column, columns).lower()
            elif spec.bracket == "losers":
                names[key] = f"Losers round {spec.column}"
            else:
                names[key] = "Grand final" if spec.id == "GF" else "Grand final reset"
        return to_bracket(self.name, res, specs, names, place_map)

    def standings(self, state: State) -> list[Standing]:
        return elimination_standings(self, state)


@functools.lru_cache(maxsize=256)
def double_plan(count: int, reset: bool) -> tuple[Spec, ...]:
    """Winners bracket, losers bracket and grand final(s) for ``count`` entrants (cached)."""
    k = max(1, math.ceil(math.log2(count)))
    size = 2**k
    winners = []
    for spec in elimination_plan(count, False, prefix="W", bracket="winners"):
        drop = _drop_target(spec.column, int(spec.id.split("-")[1]), k, size)
        winners.append(
            Spec(
                id=spec.id,
                bracket="winners",
                column=spec.column,
                round=spec.round,
                sources=spec.sources,
                winner_to=spec.winner_to or "GF",
                loser_to=drop,
            )
        )
    losers = _losers_plan(k, size)
    last = f"L{2 * k - 2}-1" if k >= 2 else None
    champion_key = float(2 * k)
    final = Spec(
        id="GF",
        bracket="final",
        column=1,
        round=2 * k,
        sources=(("winner", f"W{k}-1"), ("winner", last) if last else ("loser", "W1-1")),
        loser_key=champion_key - 1,
        winner_key=champion_key,
        crowns=True,
        loser_to="GF2" if reset else None,
    )
    specs = [*winners, *losers, final]
    if reset:
        specs.append(
            Spec(
                id="GF2",
                bracket="final",
                column=2,
                round=2 * k + 1,
                sources=(("loser", "GF"), ("winner", "GF")),
                loser_key=champion_key - 1,
                winner_key=champion_key,
                crowns=True,
                reset_of="GF",
            )
        )
    return tuple(sorted(specs, key=lambda s: s.round))


def _drop_target(column: int, index: int, k: int, size: int) -> str:
    """The losers-bracket match a winners-bracket loser drops into (see ``_losers_plan``)."""
    if k == 1:
        return "GF"
    if column == 1:
        return f"L1-{(index + 1) // 2}"
    m = column - 1
    matches = size // 2 ** (m + 1)
    return f"L{2 * m}-{matches + 1 - index if m % 2 == 1 else index}"


def _losers_plan(k: int, size: int) -> list[Spec]:
    specs = []
    last_column = 2 * k - 2
    for j in range(1, last_column + 1):
        matches = size // 2 ** ((j + 1) // 2 + 1)
        for i in range(1, matches + 1):
            if j == 1:
                sources = (("loser", f"W1-{2 * i - 1}"), ("loser", f"W1-{2 * i}"))
            elif j % 2 == 0:
                m = j // 2
                x = matches + 1 - i if m % 2 == 1 else i
                sources = (("winner", f"L{j - 1}-{i}"), ("loser", f"W{m + 1}-{x}"))
            else:
                sources = (("winner", f"L{j - 1}-{2 * i - 1}"), ("winner", f"L{j - 1}-{2 * i}"))
            specs.append(
                Spec(
                    id=f"L{j}-{i}",
                    bracket="losers",
                    column=j,
                    round=j + 1,
                    sources=sources,
                    loser_key=float(j),
                    winner_to="GF" if j == last_column else f"L{j + 1}-{_next_index(j, i)}",
                )
            )
    return specs


def _next_index(column: int, index: int) -> int:
    """Where a losers-round winner plays next: drop-in rounds keep the index, halving rounds
    (odd to even keeps; even to odd halves)."""
    return index if column % 2 == 1 else (index + 1) // 2
