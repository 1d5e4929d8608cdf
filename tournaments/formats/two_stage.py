"""Two stages: pools (a Swiss, Swiss for tables, or round-robin pools), then a knockout of the
top N.

The pool stage runs to its end exactly as the chosen pool format would on its own; its rounds
carry ``stage="pools"``. Then the ``advance`` best active entrants qualify, in the pools' order:
with one pool, the standings; with several round-robin pools, all pool winners first (ordered
between themselves by points, then the pool format's tiebreaks, then seed), then all seconds,
and so on. They are seeded 1..N in that order into the playoff (single elimination by default,
or double elimination, or a table knockout for four-seat styles), whose rounds carry
``stage="playoff"`` and are numbered on from the pools. Byes in the playoff go to the top
qualifiers. Who qualified is fixed once the playoff's first round is out; a qualifier who
withdraws later loses by walkover.

Standings: during the pools, the pool standings; afterwards the qualifiers by their playoff
place, then everyone else in pool order, every line with points, tables, wins and byes over
both stages and the pool stage's tiebreaks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import ClassVar

from games.engine.texts import gettext_noop

from .base import FORMATS, Format, stage_formats
from .bracket import Bracket, BracketRound, Slot
from .errors import (
    EntryCountError,
    FormatError,
    OptionError,
    StateError,
    TournamentFinishedError,
    listed,
)
from .ledger import Ledger, require_finished
from .model import Entrant, RoundPlan, State
from .options import ADVANCE_LIMIT, Option, between, build
from .standings import Standing
from .table_knockout import TableKnockout

PLACEHOLDER = "qualifier-"


@dataclass(frozen=True, kw_only=True)
class TwoStage(Format):
    """``pools`` / ``playoff``: the formats of the two stages, by name, with their own options
    in ``pool_options`` / ``playoff_options`` (``seed``, ``points`` and ``bye_points`` pass down
    unless set there; ``tiebreaks`` go to the pools). ``advance``: how many qualify."""

    pools: str = "swiss"
    pool_options: Mapping[str, object] = field(default_factory=dict)
    playoff: str = "single_elimination"
    playoff_options: Mapping[str, object] = field(default_factory=dict)
    advance: int = 8

    name: ClassVar[str] = "two_stage"
    label: ClassVar[str] = gettext_noop("Pools, then a knockout")
    for_two_parties: ClassVar[bool] = True
    for_tables: ClassVar[bool] = True
    eliminates: ClassVar[bool] = True
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("pools", "stage", gettext_noop("Pools played as"), default="swiss",
               stage="pools", nested="pool_options"),
        Option("playoff", "stage", gettext_noop("Then a knockout by"),
               default="single_elimination", stage="playoff", nested="playoff_options"),
        Option(
            "advance", "count", gettext_noop("Going on"),
            gettext_noop("How many qualify from the pools for the knockout."),
            default=8, least=2, most=ADVANCE_LIMIT,
        ),
    )  # fmt: skip

    def __post_init__(self) -> None:
        super().__post_init__()
        pools, playoffs = stage_formats("pools"), stage_formats("playoff")
        if self.pools not in pools:
            raise OptionError(
                f"pools can be {', '.join(pools)}, not {self.pools!r}",
                "option_choice",
                option="pools",
                choices=", ".join(pools),
            )
        if self.playoff not in playoffs:
            raise OptionError(
                f"the playoff can be {', '.join(playoffs)}, not {self.playoff!r}",
                "option_choice",
                option="playoff",
                choices=", ".join(playoffs),
            )
        between("advance", self.advance, 2, ADVANCE_LIMIT)
        _ = self.pool_format, self.playoff_format

    @property
    def title(self) -> str:
        return "Two-stage event"

    @cached_property
    def pool_format(self) -> Format:
        shared = {"seed": self.seed, "points": self.points, "bye_points": self.bye_points}
        if self.tiebreaks is not None:
            shared["tiebreaks"] = self.tiebreaks
        return build(FORMATS[self.pools], self.pools, {**shared, **self.pool_options})

    @cached_property
    def playoff_format(self) -> Format:
        shared = {"seed": self.seed, "points": self.points}
        options = {**shared, **self.playoff_options}
        return build(FORMATS[self.playoff], self.playoff, options)

    # -- splitting the state ----------------------------------------------------------------

    def split(self, state: State) -> tuple[State, State | None]:
        """The pool stage's state, and the playoff's (``None`` until the pools are over)."""
        pools = [r for r in state.rounds if r.stage != "playoff"]
        playoff = [r for r in state.rounds if r.stage == "playoff"]
        if playoff and state.rounds[len(pools)].stage != "playoff":
            raise StateError("a pool round is listed after the playoff began")
        pool_state = State(state.entrants, tuple(pools))
        if not playoff and not self.pool_format.is_finished(pool_state):
            return pool_state, None
        if not self.pool_format.is_finished(pool_state):
            raise StateError("the playoff began before the pools were over")
        offset = len(pools)
        renumbered = tuple(replace(r, number=r.number - offset, stage="") for r in playoff)
        return pool_state, State(self.qualifiers(pool_state, renumbered), renumbered)

    def qualifiers(self, pool_state: State, playoff_rounds: tuple[RoundPlan, ...]) -> list[Entrant]:
        """The ``advance`` best in the pools' order who were still in when the playoff began
        (all who are still in, before it begins), seeded 1, 2, ... in that order. Only those
        who took part in the pools (seated, or on a bye, in a pool round) can qualify: a late
        entry that played no pool round never does.

        Once the playoff's first round is made, it fixes who was still in then: an entrant
        withdrawn since keeps their place. A playoff that seats anyone else, or a corrected
        pool result that would change who qualified, is refused (``StateError``): it would
        rewrite a round already played."""
        played = {who for r in pool_state.rounds for who in (*r.seated(), *r.byes)}
        order = [e for e in self.pool_order(pool_state) if e.id in played]
        if not playoff_rounds:
            chosen = [e for e in order if e.active][: self.advance]
        else:
            first = playoff_rounds[0]
            there = {*first.seated(), *first.byes}
            start = len(pool_state.rounds) + 1
            chosen = [e for e in order if e.id in there or pool_state.in_at(e.id, start)]
            chosen = chosen[: self.advance]
            if {e.id for e in chosen} != there:
                expected = sorted((e.id for e in chosen), key=str)
                raise StateError(
                    f"the playoff seats {listed(there)}, but the pools send "
                    f"{listed(expected)}: who qualified cannot change once the playoff has "
                    "begun",
                    "seated_already",
                    round=len(pool_state.rounds) + 1,
                )
        offset = len(pool_state.rounds)  # the playoff's rounds are numbered from 1
        return [
            replace(e, seed=i, withdrawn_after=_shifted(e.withdrawn_after, offset))
            for i, e in enumerate(chosen, start=1)
        ]

    def playoff_for(self, playoff_state: State) -> Format:
        """The playoff for the qualifiers there are. Withdrawals in the pools can leave fewer
        than ``advance``: a bracket then gives the missing seeds' opponents byes, and a table
        knockout whose tables the style cannot seat short lets bots fill the empty seats (as
        a bot stands in for anyone who withdraws at a table), so the event goes on."""
        playoff = self.playoff_format
        count = len(playoff_state.entrants)
        if count < self.advance and isinstance(playoff, TableKnockout) and count >= 2:
            try:
                playoff.check_entries(count)
            except EntryCountError:
                return replace(playoff, fill_with_bots=True)
        return playoff

    def pool_order(self, pool_state: State) -> list[Entrant]:
        """Every entrant in qualifying order (see the module's docstring)."""
        rows = self.pool_format.standings(pool_state)
        within: dict[str, int] = {}
        keyed = []
        for index, row in enumerate(rows):
            position = within.get(row.pool, 0)
            within[row.pool] = position + 1
            keyed.append(
                ((position, -row.points, *(-v for v in row.tiebreaks.values()), index), row)
            )
        keyed.sort(key=lambda item: item[0])
        return [pool_state.by_id[row.entrant] for _, row in keyed]

    # -- the API ---------------------------------------------------------------------------

    def check_entries(self, count: int) -> None:
        self.pool_format.check_entries(count)
        if count < self.advance:
            raise EntryCountError(
                f"{self.advance} are to qualify for the playoff but there are only {count} entries",
                "too_few_to_qualify",
                advance=self.advance,
                count=count,
            )
        self.playoff_format.check_entries(self.advance)

    def next_round(self, state: State) -> RoundPlan:
        self._check(state)
        require_finished(state)
        pool_state, playoff_state = self.split(state)
        if playoff_state is None:
            if not state.rounds:
                self.check_entries(len(state.active))
            return replace(self.pool_format.next_round(pool_state), stage="pools")
        with in_playoff(len(pool_state.rounds)):
            if self._playoff_over(playoff_state):
                raise TournamentFinishedError("the two-stage event is over: no round follows")
            got = self.playoff_for(playoff_state).next_round(playoff_state)
        return replace(got, number=got.number + len(pool_state.rounds), stage="playoff")

    def is_finished(self, state: State) -> bool:
        self._check(state)
        pool_state, playoff_state = self.split(state)
        if playoff_state is None:
            return False
        with in_playoff(len(pool_state.rounds)):
            return self._playoff_over(playoff_state)

    def _playoff_over(self, playoff_state: State) -> bool:
        if len(playoff_state.entrants) < 2:
            return True  # one entrant left in (or none): nobody to play
        if not playoff_state.rounds:
            return False
        return self.playoff_for(playoff_state).is_finished(playoff_state)

    def standings(self, state: State) -> list[Standing]:
        """The playoff's places first, then everyone else in the pools' order. Each stage's
        tables and byes count with that stage's own points: a playoff bye is worth what the
        playoff format says (nothing, by default), not what a pool bye is."""
        self._ledger(state)
        pool_state, playoff_state = self.split(state)
        pool_rows = self.pool_format.standings(pool_state)
        if playoff_state is None:
            return pool_rows
        playoff = self.playoff_for(playoff_state)
        if len(playoff_state.entrants) < 2:
            top = [_alone(row) for row in pool_rows if row.entrant in playoff_state.by_id]
        else:
            with in_playoff(len(pool_state.rounds)):
                top = playoff.standings(playoff_state)
        through = {row.entrant for row in top}
        order = [e.id for e in self.pool_order(pool_state) if e.id not in through]
        by_id = {row.entrant: row for row in pool_rows}
        ledgers = (
            Ledger(pool_state, self.pool_format.scoring),
            Ledger(playoff_state, playoff.scoring),
        )
        rows = [
            _totals(replace(row, tiebreaks=by_id[row.entrant].tiebreaks), ledgers) for row in top
        ]
        for i, who in enumerate(order, start=1):
            row = replace(by_id[who], rank=len(top) + i, place=len(top) + i)
            rows.append(_totals(row, ledgers))
        return rows

    def bracket(self, state: State) -> Bracket:
        self._check(state)
        pool_state, playoff_state = self.split(state)
        if playoff_state is not None and len(playoff_state.entrants) >= 2:
            with in_playoff(len(pool_state.rounds)):
                return self.playoff_for(playoff_state).bracket(playoff_state)
        placeholders = [Entrant(f"{PLACEHOLDER}{i}", seed=i) for i in range(1, self.advance + 1)]
        empty = _blank(self.playoff_format.bracket(State(placeholders)))
        if playoff_state is None or not playoff_state.entrants:
            return empty
        alone = playoff_state.entrants[0].id
        return replace(empty, champion=alone, places={alone: 1})


@contextmanager
def in_playoff(offset: int) -> Iterator[None]:
    """Re-raise a playoff's ``FormatError`` with the round it names (``params["round"]``,
    counted from the playoff's first round) as the event numbers it, after ``offset`` pool
    rounds, and the message saying so."""
    try:
        yield
    except FormatError as error:
        number = error.params.get("round")
        if not offset or not isinstance(number, int) or isinstance(number, bool):
            raise
        params = {**error.params, "round": number + offset}
        text = f"in the playoff, whose round {number} is round {number + offset} of the event: "
        raise type(error)(text + str(error), error.code, **params) from None


def _totals(row: Standing, ledgers: tuple[Ledger, ...]) -> Standing:
    """A row with points, tables and byes counted over both stages, each stage's with its own
    scoring."""
    records = [(ledger, ledger.records.get(row.entrant)) for ledger in ledgers]
    records = [(ledger, record) for ledger, record in records if record is not None]
    return replace(
        row,
        points=float(sum(ledger.scoring.value(record.points) for ledger, record in records)),
        played=sum(record.played for _, record in records),
        wins=sum(record.wins for _, record in records),
        byes=sum(record.byes for _, record in records),
    )


def _shifted(after: int | None, offset: int) -> int | None:
    return None if after is None else after - offset


def _alone(row: Standing) -> Standing:
    """The only entrant left for a playoff: its champion without a game."""
    return replace(row, rank=1, place=1)


def _blank(bracket: Bracket) -> Bracket:
    """A playoff bracket drawn before the pools end: seed slots read "Qualifier k"."""
    rounds = []
    for column in bracket.rounds:
        matches = []
        for match in column.matches:
            slots = tuple(_blank_slot(s) for s in match.slots)
            matches.append(replace(match, slots=slots, advancing=()))
        rounds.append(BracketRound(column.bracket, column.column, column.name, tuple(matches)))
    return Bracket(bracket.format, tuple(rounds), None, {})


def _blank_slot(slot: Slot) -> Slot:
    entrant = slot.entrant
    if isinstance(entrant, str) and entrant.startswith(PLACEHOLDER):
        entrant = None
    label = f"Qualifier {slot.seed}" if slot.seed is not None and not slot.bye else slot.label
    return replace(slot, entrant=entrant, label=label)
