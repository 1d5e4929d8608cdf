"""The data every format reads and writes: entrants, tables, rounds and the tournament's state.

Everything is an immutable value. The Django side builds a ``State`` from its rows (entries,
rounds, table assignments with their places), hands it to a format, and stores what comes back
(a ``RoundPlan``) as new rows. Nothing here knows about Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, TypeAlias

from .errors import ResultError, StateError

#: An entrant's id: the Django side's primary key of the entry, or any string.
EntrantId: TypeAlias = int | str
#: A seat at a table: an entrant's id, or ``None`` for a seat a bot fills.
Seat: TypeAlias = EntrantId | None
#: ``TablePlan.places`` once played: one place per seat, 1 best; seats that tie share a place.
Places: TypeAlias = tuple[int, ...]


@dataclass(frozen=True)
class Entrant:
    """One entry: a player, or a pair for events played by pairs.

    ``seed``: 1 is the best; ``None`` means unseeded (placed after every seeded entrant, in an
    order drawn from the format's ``seed``). ``groups``: labels such as ``"club:kingston"`` or
    ``"family:brown"``; Swiss formats avoid seating two entrants who share a label (a soft
    constraint). ``active``: ``False`` once withdrawn or disqualified; such an entrant is never
    seated again but keeps its results and its line in the standings. ``withdrawn_after``: how
    many rounds had been made when it withdrew (``State.withdraw`` sets it), so a format can
    tell who was still in when each round was made: a correction of an old result must not
    send on, in hindsight, someone who was passed over then. ``None`` with ``active=False``:
    not known; the formats then take it that it withdrew before anything not yet decided.
    """

    id: EntrantId
    seed: int | None = None
    groups: frozenset[str] = frozenset()
    active: bool = True
    withdrawn_after: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "groups", frozenset(self.groups))


@dataclass(frozen=True)
class TablePlan:
    """One table of a round as the format plans it: who sits where and, once played, the
    places. (The Django side stores it as a ``TableAssignment``; the games table it is played at
    is a ``games.models.Table``.)

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
            object.__setattr__(self, "places", _places(self.places))

    @property
    def finished(self) -> bool:
        return self.places is not None

    @property
    def entrants(self) -> tuple[EntrantId, ...]:
        """The entrants seated, in seat order, without bot seats."""
        return tuple(s for s in self.seats if s is not None)

    def with_places(self, places: Sequence[int]) -> TablePlan:
        """This table with its places (a sequence of whole numbers, one per seat; anything
        else is refused with ``ResultError``, code ``places_type``)."""
        return replace(self, places=_places(places))


@dataclass(frozen=True)
class RoundPlan:
    """One round as the format plans it: its tables (table number = position + 1) and the
    entrants who sit it out. (The Django side stores it as a ``tournaments.models.Round``.)

    ``byes``: entrants given a bye by the draw (they score the format's bye points). ``stage``:
    which part of a two-stage event the round belongs to (``"pools"`` or ``"playoff"``); empty
    for single-stage formats. ``walkovers``: in a bracket, entrants who go through this round
    without playing because their opponent had withdrawn when the round was made. A walkover is
    a result, fixed when the round is made: a later withdrawal never turns it into anything
    else. ``None`` means "not recorded" (rounds stored before walkovers were); the formats then
    decide such a round's walkovers from who is withdrawn now. Store all three and hand them
    back unchanged.
    """

    number: int
    tables: tuple[TablePlan, ...] = ()
    byes: tuple[EntrantId, ...] = ()
    stage: str = ""
    walkovers: tuple[EntrantId, ...] | None = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        object.__setattr__(self, "byes", tuple(self.byes))
        if self.walkovers is not None:
            object.__setattr__(self, "walkovers", tuple(self.walkovers))

    @property
    def finished(self) -> bool:
        return all(t.finished for t in self.tables)

    def seated(self) -> Iterator[EntrantId]:
        """Every entrant at a table of this round (byes not included)."""
        for table in self.tables:
            yield from table.entrants

    def with_results(self, results: Mapping[int, Sequence[int]]) -> RoundPlan:
        """This round with places filled in; ``results`` maps table numbers (1-based) to places.
        A table number the round does not have is refused (``StateError``)."""
        tables = list(self.tables)
        for number, places in results.items():
            if not _counts(number, len(tables)):
                raise StateError(
                    f"round {self.number} has no table {number!r} (its tables are 1 to "
                    f"{len(tables)})",
                    "no_such_table",
                    round=self.number,
                    table=str(number),
                )
            if not _sequence(places):
                raise ResultError(
                    f"round {self.number}, table {number}: places are a list of whole numbers "
                    f"(1 best), one per seat, not {places!r}",
                    "places_type",
                    round=self.number,
                    table=number,
                )
            tables[number - 1] = tables[number - 1].with_places(places)
        return replace(self, tables=tuple(tables))


@dataclass(frozen=True)
class State:
    """A tournament as far as it has gone: every entrant (withdrawn ones too) and every round.

    Rounds are numbered 1, 2, ... in order. The last round may be unfinished (standings then
    count only its finished tables); asking for the next round requires it to be finished.
    """

    entrants: tuple[Entrant, ...]
    rounds: tuple[RoundPlan, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "entrants", tuple(self.entrants))
        object.__setattr__(self, "rounds", tuple(self.rounds))

    @cached_property
    def by_id(self) -> Mapping[EntrantId, Entrant]:
        return {e.id: e for e in self.entrants}

    @property
    def active(self) -> list[Entrant]:
        return [e for e in self.entrants if e.active]

    def then(self, round_: RoundPlan) -> State:
        """This state with one more round appended."""
        return replace(self, rounds=(*self.rounds, round_))

    def with_result(self, round_number: int, table_number: int, places: Sequence[int]) -> State:
        """This state with the places of one table (both numbers 1-based) filled in or changed."""
        rounds = list(self.rounds)
        if not _counts(round_number, len(rounds)):
            raise StateError(
                f"there is no round {round_number!r} (the rounds so far are 1 to {len(rounds)})",
                "no_such_round",
                round=str(round_number),
            )
        rounds[round_number - 1] = rounds[round_number - 1].with_results({table_number: places})
        return replace(self, rounds=tuple(rounds))

    def withdraw(self, ids: Iterable[EntrantId]) -> State:
        """This state with the given entrants made inactive (withdrawn or disqualified) now,
        after the rounds made so far."""
        gone = {who for who in ids if self.by_id.get(who) is not None and self.by_id[who].active}
        entrants = tuple(
            replace(e, active=False, withdrawn_after=len(self.rounds)) if e.id in gone else e
            for e in self.entrants
        )
        return replace(self, entrants=entrants)

    def before(self, number: int) -> State:
        """This state as it was before round ``number`` was made: that round and every later
        one left out, and an entrant who withdrew once they were made counted as withdrawn
        before them (``withdrawn_after`` at most ``number - 1``).

        So a round an organiser takes back or voids is as if it had never been made: the next
        round the format makes from here is the one it would have made then, and a result of
        the rounds kept may be corrected again as if nothing had been seated from it."""
        if not _counts(number, len(self.rounds) + 1):
            raise StateError(
                f"there is no round {number!r} to go back before (the rounds so far are 1 to "
                f"{len(self.rounds)})",
                "no_such_round",
                round=str(number),
            )
        last = number - 1
        entrants = tuple(
            replace(e, withdrawn_after=last)
            if e.withdrawn_after is not None and e.withdrawn_after > last
            else e
            for e in self.entrants
        )
        return replace(self, entrants=entrants, rounds=self.rounds[:last])

    def in_at(self, entrant_id: EntrantId, number: int) -> bool:
        """Whether the entrant was still in when round ``number`` was made (or, for a round
        not made yet, is still in). An entrant withdrawn at an unknown moment counts as out."""
        entrant = self.by_id[entrant_id]
        if entrant.active:
            return True
        return entrant.withdrawn_after is not None and entrant.withdrawn_after >= number


def _sequence(places: Any) -> bool:
    """Whether ``places`` can be a table's places: a sequence (not a text) of anything (each
    place is checked to be a whole number with the state)."""
    return isinstance(places, Iterable) and not isinstance(places, str | bytes | Mapping)


def _places(places: Any) -> Places:
    if not _sequence(places):
        raise ResultError(
            f"places are a list of whole numbers (1 best), one per seat, not {places!r}",
            "places_type",
        )
    return tuple(places)


def _counts(number: Any, count: int) -> bool:
    """Whether ``number`` is one of 1..``count`` (a whole number, not ``True``)."""
    return isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= count
