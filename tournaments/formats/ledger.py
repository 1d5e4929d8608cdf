"""What the rounds so far say about each entrant: points, who met whom, byes, seats.

A ``Ledger`` is built once per call from a checked ``State`` and read by the pairing and
ranking code, so that no format walks the history twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from .errors import DuplicateEntrantError, ResultError, RoundNotFinishedError, StateError
from .model import Entrant, EntrantId, RoundPlan, State
from .scoring import Scoring, pairwise


@dataclass
class Game:
    """One finished table from one entrant's side (points scaled, see ``Scoring``)."""

    round: int
    points: int
    place: int
    #: (opponent id, my result against them in halves: 2 ahead, 1 level, 0 behind); no bots
    opponents: tuple[tuple[EntrantId, int], ...]
    partners: tuple[EntrantId, ...] = ()


@dataclass
class Record:
    """One entrant's history; ``points`` scaled (see ``Scoring``); ``wins``: outright firsts."""

    points: int = 0
    played: int = 0
    wins: int = 0
    byes: int = 0
    first_seats: int = 0
    short_tables: int = 0
    games: list[Game] = field(default_factory=list)


class Ledger:
    """Per-entrant records plus the counts of table-mates and partners, from finished tables.

    ``met[a][b]`` counts the tables a and b shared (seated tables count even before their result
    is in, so a pairing never repeats a table that is still being played).
    """

    def __init__(self, state: State, scoring: Scoring, rounds: Iterable[RoundPlan] | None = None):
        self.scoring = scoring
        self.records: dict[EntrantId, Record] = {e.id: Record() for e in state.entrants}
        self.met: dict[EntrantId, Counter] = {e.id: Counter() for e in state.entrants}
        self.partnered: dict[EntrantId, Counter] = {e.id: Counter() for e in state.entrants}
        for round_ in state.rounds if rounds is None else rounds:
            self._add_round(round_)

    def score(self, entrant_id: EntrantId) -> int:
        """Scaled points (``Scoring.value`` turns them into a fraction of points)."""
        return self.records[entrant_id].points

    def _add_round(self, round_: RoundPlan) -> None:
        for bye in round_.byes:
            record = self.records[bye]
            record.byes += 1
            record.points += self.scoring.bye
        full = max((len(t.seats) for t in round_.tables), default=0)
        for table in round_.tables:
            people = table.entrants
            for a in people:
                for b in people:
                    if a != b:
                        self.met[a][b] += 1
            if table.seats and table.seats[0] is not None:
                self.records[table.seats[0]].first_seats += 1
            if len(people) < full or len(people) < len(table.seats):
                for a in people:
                    self.records[a].short_tables += 1
            if table.places is not None:
                self._add_result(round_.number, table)

    def _add_result(self, number: int, table) -> None:
        points = self.scoring.table_points(table)
        places = table.places
        seats = table.seats
        teams = self.scoring.partnerships and len(seats) == 4
        firsts = (places[0], places[1]).count(1) if teams else places.count(1)
        for i, who in enumerate(seats):
            if who is None:
                continue
            partners = (
                tuple(seats[j] for j in ((i + 2) % 4,) if seats[j] is not None) if teams else ()
            )
            opponents = tuple(
                (other, pairwise(places[i], places[j]))
                for j, other in enumerate(seats)
                if other is not None and j != i and not (teams and j % 2 == i % 2)
            )
            for partner in partners:
                self.partnered[who][partner] += 1
            record = self.records[who]
            record.points += points[i]
            record.played += 1
            record.wins += places[i] == 1 and firsts == 1
            record.games.append(Game(number, points[i], places[i], opponents, partners))


def check_state(state: State, scoring: Scoring) -> None:
    """Raise a ``FormatError`` if the entrants or rounds do not fit together."""
    seen: set[EntrantId] = set()
    for entrant in state.entrants:
        check_entrant(entrant)
        if entrant.id in seen:
            raise DuplicateEntrantError(f"entrant {entrant.id!r} is entered twice")
        if entrant.seed is not None and not _whole(entrant.seed):
            raise StateError(f"entrant {entrant.id!r} has the seed {entrant.seed!r}, not a number")
        seen.add(entrant.id)
    for index, round_ in enumerate(state.rounds, start=1):
        if round_.number != index:
            raise StateError(f"round {round_.number} is listed where round {index} should be")
        _check_round(round_, seen, scoring)


def check_entrant(entrant: Entrant) -> None:
    """Raise ``StateError`` unless the entrant's id is a whole number or a non-empty text and
    its ``withdrawn_after`` is ``None`` or a whole number from 0 (``None`` as an id would
    read as a bot seat)."""
    who = entrant.id
    if not (_whole(who) or (isinstance(who, str) and who.strip())):
        raise StateError(f"an entrant's id is a whole number or a text, not {who!r}")
    if not isinstance(entrant.active, bool):
        raise StateError(
            f"entrant {who!r} is active or not (True or False), not {entrant.active!r}"
        )
    after = entrant.withdrawn_after
    if after is not None and not (_whole(after) and after >= 0):
        raise StateError(
            f"entrant {who!r} withdrew after {after!r} rounds, not a whole number from 0"
        )


def _check_round(round_: RoundPlan, known: set[EntrantId], scoring: Scoring) -> None:
    here: set[EntrantId] = set()
    named = [*round_.byes, *(round_.walkovers or ()), *round_.seated()]
    for who in named:
        if who not in known:
            raise StateError(f"round {round_.number} seats {who!r}, who is not an entrant")
        if who in here:
            raise DuplicateEntrantError(f"round {round_.number} has {who!r} twice")
        here.add(who)
    for number, table in enumerate(round_.tables, start=1):
        where = f"round {round_.number}, table {number}"
        if len(table.seats) < 2:
            raise StateError(f"{where} has fewer than two seats")
        if table.places is not None and not all(_whole(p) for p in table.places):
            raise ResultError(
                f"{where}: places are whole numbers (1 best), not {table.places!r}",
                "places_type",
                round=round_.number,
                table=number,
            )
        scoring.check(table, where)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def require_finished(state: State) -> None:
    """Raise ``RoundNotFinishedError`` if the last round has a table without a result."""
    if not state.rounds:
        return
    last = state.rounds[-1]
    open_tables = [str(i) for i, t in enumerate(last.tables, start=1) if not t.finished]
    if open_tables:
        shown = ", ".join(open_tables[:10]) + (" ..." if len(open_tables) > 10 else "")
        raise RoundNotFinishedError(
            f"round {last.number} is not finished: table(s) {shown} have no result yet"
        )
