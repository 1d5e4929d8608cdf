"""The data every format reads and writes: entrants, tables, rounds and the tournament's state.

Everything is an immutable value. The Django side builds a ``State`` from its rows (entries,
rounds, table assignments with their places), hands it to a format, and stores what comes back
(a ``Round``) as new rows. Nothing here knows about Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TypeAlias

#: An entrant's id: the Django side's primary key of the entry, or any string.
EntrantId: TypeAlias = int | str
#: A seat at a table: an entrant's id, or ``None`` for a seat a bot fills.
Seat: TypeAlias = EntrantId | None
#: ``Table.places`` of a finished table: one place per seat, 1 best; seats that tie share a place.
Places: TypeAlias = tuple[int, ...]


@dataclass(frozen=True)
class Entrant:
    """One entry: a player, or a pair for events played by pairs.

    ``seed``: 1 is the best; ``None`` means unseeded (placed after every seeded entrant, in an
    order drawn from the format's ``seed``). ``groups``: labels such as ``"club:kingston"`` or
    ``"family:brown"``; Swiss formats avoid seating two entrants who share a label (a soft
    constraint). ``active``: ``False`` once withdrawn or disqualified; such an entrant is never
    seated again but keeps its results and its line in the standings.
    """

    id: EntrantId
    seed: int | None = None
    groups: frozenset[str] = frozenset()
    active: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "groups", frozenset(self.groups))


@dataclass(frozen=True)
class Table:
    """One table of a round: who sits where and, once played, the places.

    ``seats`` are in seat order (seat 0 first). In a partnership format (individual Partner)
    seats 0 and 2 are partners against seats 1 and 3. ``places`` is ``None`` until the result is
    in; then one place per seat (bot seats included), 1 best, ties sharing a place ("1, 2, 2, 4").
    ``label`` names the table in a bracket ("W2-1", "K1-3") or a pool ("Pool B"); formats that
    need it find their tables by the entrants seated, so the label is only for people.
    """

    seats: tuple[Seat, ...]
    places: Places | None = None
    label: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if self.places is not None:
            object.__setattr__(self, "places", tuple(self.places))

    @property
    def finished(self) -> bool:
        return self.places is not None

    @property
    def entrants(self) -> tuple[EntrantId, ...]:
        """The entrants seated, in seat order, without bot seats."""
        return tuple(s for s in self.seats if s is not None)

    def with_places(self, places: Sequence[int]) -> Table:
        return replace(self, places=tuple(places))


@dataclass(frozen=True)
class Round:
    """One round: its tables (table number = position + 1) and the entrants who sit it out.

    ``byes``: entrants given a bye by the draw (they score the format's bye points). ``stage``:
    which part of a two-stage event the round belongs to (``"pools"`` or ``"playoff"``); empty
    for single-stage formats. Store it and hand it back unchanged.
    """

    number: int
    tables: tuple[Table, ...] = ()
    byes: tuple[EntrantId, ...] = ()
    stage: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        object.__setattr__(self, "byes", tuple(self.byes))

    @property
    def finished(self) -> bool:
        return all(t.finished for t in self.tables)

    def seated(self) -> Iterator[EntrantId]:
        """Every entrant at a table of this round (byes not included)."""
        for table in self.tables:
            yield from table.entrants

    def with_results(self, results: Mapping[int, Sequence[int]]) -> Round:
        """This round with places filled in; ``results`` maps table numbers (1-based) to places."""
        tables = list(self.tables)
        for number, places in results.items():
            tables[number - 1] = tables[number - 1].with_places(places)
        return replace(self, tables=tuple(tables))


@dataclass(frozen=True)
class State:
    """A tournament as far as it has gone: every entrant (withdrawn ones too) and every round.

    Rounds are numbered 1, 2, ... in order. The last round may be unfinished (standings then
    count only its finished tables); asking for the next round requires it to be finished.
    """

    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "entrants", tuple(self.entrants))
        object.__setattr__(self, "rounds", tuple(self.rounds))

    @cached_property
    def by_id(self) -> Mapping[EntrantId, Entrant]:
        return {e.id: e for e in self.entrants}

    @property
    def active(self) -> list[Entrant]:
        return [e for e in self.entrants if e.active]

    def then(self, round_: Round) -> State:
        """This state with one more round appended."""
        return replace(self, rounds=(*self.rounds, round_))

    def with_result(self, round_number: int, table_number: int, places: Sequence[int]) -> State:
        """This state with the places of one table (both numbers 1-based) filled in or changed."""
        rounds = list(self.rounds)
        rounds[round_number - 1] = rounds[round_number - 1].with_results({table_number: places})
        return replace(self, rounds=tuple(rounds))

    def withdraw(self, ids: Iterable[EntrantId]) -> State:
        """This state with the given entrants made inactive (withdrawn or disqualified)."""
        gone = set(ids)
        entrants = tuple(replace(e, active=False) if e.id in gone else e for e in self.entrants)
        return replace(self, entrants=entrants)
