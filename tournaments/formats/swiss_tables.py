"""Swiss for tables of four (Cut-Throat, French, Doubles, four-seat Block and Draw).

Each round sorts the active entrants by points, then seed, and seats them with the mixer (see
``mixer``): within each score group the tables are dealt four ways, the leaders sit together,
and a table where two entrants already met is repaired by swaps with nearby tables, then
further away, so that repeat table-mates are as few as the search can make them; entrants
sharing a club or family label are kept apart where that is cheap. Counts that do not fill
tables of four follow the style's seating (``seating``): smaller tables where the style has
them, bot seats (``None``) if the organiser allows bots, byes if the organiser allows them;
otherwise ``SeatingError`` says what would work.

Places earn 4-2-1-0 by default (3-seat tables 4-2-0); a bye earns the mean of a full table
(1.75) unless ``bye_points`` says otherwise. Tiebreaks as in the two-party Swiss.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import ClassVar

from games.engine.texts import gettext_noop

from .base import Format, participants
from .errors import SeatingError
from .model import RoundPlan, State
from .options import AVOID_LIMIT, ROUNDS_LIMIT, Option, between
from .order import seed_key
from .seating import Seating
from .standings import Standing, rank
from .table_rounds import seat_round


@dataclass(frozen=True, kw_only=True)
class TableOptions:
    """Seating options of the four-seat formats.

    ``style``: the engine's style name (``cutthroat``, ``french``, ``doubles``, ``block``,
    ``draw``); it decides the table sizes allowed and names the style in errors. ``seats``: a
    full table (4). ``table_sizes``: sizes to use (default: the style's). ``fill_with_bots``:
    complete short tables with bot seats (``None``). ``allow_byes``: let leftovers sit out.
    """

    style: str | None = None
    seats: int = 4
    table_sizes: tuple[int, ...] | None = None
    fill_with_bots: bool = False
    allow_byes: bool = False

    @property
    def seating(self) -> Seating:
        return Seating.build(
            self.style, self.seats, self.table_sizes, self.fill_with_bots, self.allow_byes
        )


#: The option ``allow_byes`` as the formats for tables that have byes offer it.
ALLOW_BYES = Option(
    "allow_byes", "bool", gettext_noop("Players left over may sit a round out"),
    gettext_noop("When the entries do not fill the tables: a bye instead of a smaller table "
                 "or a bot."),
    default=False, kinds=("tables",),
)  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class SwissTables(TableOptions, Format):
    """``rounds``: default ceil(log4 n) + 1. ``avoid_weight``: as in ``Swiss``."""

    rounds: int | None = None
    avoid_weight: float = 2.5

    name: ClassVar[str] = "swiss_tables"
    default_bye: ClassVar[str] = "mean"
    default_tiebreaks: ClassVar[tuple[str, ...]] = (
        "buchholz",
        "median_buchholz",
        "sonneborn_berger",
        "head_to_head",
    )
    label: ClassVar[str] = gettext_noop("Swiss for tables")
    for_tables: ClassVar[bool] = True
    late_entries: ClassVar[bool] = True
    stage: ClassVar[str] = "pools"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "rounds", "count", gettext_noop("Rounds"),
            gettext_noop("Empty: enough rounds for the number of entries (3 for 16, 4 for 64)."),
            least=1, most=ROUNDS_LIMIT,
        ),
        ALLOW_BYES,
    )  # fmt: skip

    def __post_init__(self) -> None:
        super().__post_init__()
        _ = self.seating
        between("rounds", self.rounds, 1, ROUNDS_LIMIT)
        between("avoid_weight", self.avoid_weight, 0, AVOID_LIMIT)

    @property
    def title(self) -> str:
        return "Swiss for tables"

    def planned_rounds(self, count: int) -> int:
        if self.rounds is not None:
            return self.rounds
        return max(1, math.ceil(math.log(max(count, 2), 4)) + 1)

    def check_entries(self, count: int) -> None:
        super().check_entries(count)
        self.seating.split(count)

    def is_finished(self, state: State) -> bool:
        """Every planned round played, or (after withdrawals) fewer than two entrants left."""
        self._check(state)
        count = len(participants(state))
        if state.rounds and len(state.active) < 2:
            return True
        return count >= 2 and len(state.rounds) >= self.planned_rounds(count)

    def next_round(self, state: State) -> RoundPlan:
        ledger = self._open(state)
        active = state.active
        seating = self.seating_for(len(active), started=bool(state.rounds))
        order = sorted(active, key=lambda e: seed_key(e, self.seed))
        order.sort(key=lambda e: -ledger.score(e.id))
        span = self.scoring.span(self.seating.seats)
        level = {e.id: ledger.score(e.id) / span for e in active}
        number = len(state.rounds) + 1
        return seat_round(number, order, ledger, seating, level, str(self.seed), self.avoid_weight)

    def seating_for(self, count: int, started: bool) -> Seating:
        """The seating for ``count`` entrants. Before round 1 a count the tables cannot take
        is refused (the organiser can still change the entries). Once the event runs, a count
        withdrawals made impossible is seated with bot seats, as a bot stands in for a player
        who withdraws at a table: refusing would stop the event halfway."""
        try:
            self.check_entries(count)
        except SeatingError:
            if not started:
                raise
            return replace(self.seating, fill_with_bots=True)
        return self.seating

    def standings(self, state: State) -> list[Standing]:
        ledger = self._ledger(state)
        return rank(state.entrants, ledger, self.tiebreak_order, self.seed)
