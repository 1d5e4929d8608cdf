"""Swiss for two parties: each round pairs entrants on equal points, never twice while avoidable.

Round 1 pairs by seed with the fold (1 v n/2 + 1, 2 v n/2 + 2, ...). Later rounds sort the
active entrants by points, then seed, and pair them as a minimum-cost perfect matching (see
``pairing``): no rematch while one can be avoided, floaters to the neighbouring score group,
entrants sharing a club or family label kept apart where that is cheap. With an odd count the
lowest-placed entrant without a bye (the last seed in round 1) sits out and scores
``bye_points`` (a win by default); if that would force a rematch, the next one up does. No
entrant gets a second bye while another active entrant has none.

Withdrawn and disqualified entrants are not paired again; their results stand, and so do the
tiebreaks of those who met them. Seat 0 (the first seat listed) goes to whichever of the two
has had it less often; when both had it as often, it alternates down the tables and from one
round to the next (1 v 5, 6 v 2, 3 v 7, 8 v 4 in round 1).

Tiebreaks by default: Buchholz, median Buchholz, Sonneborn-Berger, head to head, then seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from games.engine.texts import gettext_noop

from .base import Format, participants
from .errors import EntryCountError
from .ledger import Ledger
from .model import Entrant, EntrantId, RoundPlan, State, TablePlan
from .options import AVOID_LIMIT, ROUNDS_LIMIT, Option, between
from .order import seed_key
from .pairing import SCORE, Model, pair
from .standings import Standing, rank


@dataclass(frozen=True, kw_only=True)
class Swiss(Format):
    """``rounds``: how many rounds (default: enough to single out a winner, ceil(log2 n)).
    ``avoid_weight``: how hard to keep entrants sharing a group label apart, in cross-group
    pairings it may cost (default 2.5); 0 turns it off."""

    rounds: int | None = None
    avoid_weight: float = 2.5

    name: ClassVar[str] = "swiss"
    default_tiebreaks: ClassVar[tuple[str, ...]] = (
        "buchholz",
        "median_buchholz",
        "sonneborn_berger",
        "head_to_head",
    )
    label: ClassVar[str] = gettext_noop("Swiss")
    for_two_parties: ClassVar[bool] = True
    late_entries: ClassVar[bool] = True
    stage: ClassVar[str] = "pools"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "rounds", "count", gettext_noop("Rounds"),
            gettext_noop("Empty: enough rounds to single out a winner (3 for 8 entries, "
                         "4 for 16)."),
            least=1, most=ROUNDS_LIMIT,
        ),
    )  # fmt: skip

    def __post_init__(self) -> None:
        super().__post_init__()
        between("rounds", self.rounds, 1, ROUNDS_LIMIT)
        between("avoid_weight", self.avoid_weight, 0, AVOID_LIMIT)

    def planned_rounds(self, count: int) -> int:
        return self.rounds if self.rounds is not None else max(1, math.ceil(math.log2(count)))

    def is_finished(self, state: State) -> bool:
        """Every planned round played, or (after withdrawals) fewer than two entrants left to
        pair: the event can end instead of waiting for a round that cannot be made."""
        self._check(state)
        count = len(participants(state))
        if state.rounds and len(state.active) < 2:
            return True
        return count >= 2 and len(state.rounds) >= self.planned_rounds(count)

    def next_round(self, state: State) -> RoundPlan:
        ledger = self._open(state)
        active = state.active
        if len(active) < 2:
            raise EntryCountError(
                f"a Swiss round needs at least 2 active entrants; there are {len(active)}",
                "too_few_entries",
                minimum=2,
                count=len(active),
            )
        order = self.ranked(active, ledger)
        model = Model(
            level={e.id: float(ledger.score(e.id) / self.scoring.unit) for e in active},
            met=ledger.met,
            byes={e.id: ledger.records[e.id].byes for e in active},
            groups={e.id: e.groups for e in active},
            # avoid_weight one-win points gaps (SCORE is the cost of one, squared)
            clash=round(self.avoid_weight * SCORE),
        )
        result = pair([e.id for e in order], model)
        number = len(state.rounds) + 1
        position = {e.id: i for i, e in enumerate(order)}
        pairs = sorted(result.pairs, key=lambda p: min(position[p[0]], position[p[1]]))
        tables = [
            TablePlan(seats=self._seats(a, b, ledger, number + i)) for i, (a, b) in enumerate(pairs)
        ]
        byes = (result.bye,) if result.bye is not None else ()
        return RoundPlan(number=number, tables=tuple(tables), byes=byes)

    def ranked(self, entrants: list[Entrant], ledger: Ledger) -> list[Entrant]:
        ordered = sorted(entrants, key=lambda e: seed_key(e, self.seed))
        ordered.sort(key=lambda e: -ledger.score(e.id))
        return ordered

    def _seats(self, a: EntrantId, b: EntrantId, ledger: Ledger, parity: int):
        """``a`` is the better placed; seat 0 goes to whoever had it less, else alternates
        down the tables and from round to round (1 v 5, 6 v 2, 3 v 7, ...)."""
        first_a, first_b = ledger.records[a].first_seats, ledger.records[b].first_seats
        if first_a != first_b:
            return (a, b) if first_a < first_b else (b, a)
        return (a, b) if parity % 2 == 1 else (b, a)

    def standings(self, state: State) -> list[Standing]:
        ledger = self._ledger(state)
        return rank(state.entrants, ledger, self.tiebreak_order, self.seed)
