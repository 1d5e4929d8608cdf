"""Table knockout for four-seat styles: the top K of each table go on, re-seated, to one final.

Round 1 seats the field by seed like a snake over the tables (seeds 1..T on tables 1..T, then
T..1, ...), so every table gets one of the best. The ``advance`` best-placed entrants of each
table (bots never advance: a bot's place is skipped) go through to the next round, which is
seated again by a fixed rule: qualifiers ordered by their place (all table winners, then all
seconds, ...; within a place by table, alternating direction) and dealt out snake-wise over the
next round's tables. The rule does not depend on results, so the whole bracket ("2nd of K1-3")
can be drawn before a game is played. Rounds continue until at most a full table's worth is
left: the final table, whose places are the top places of the event.

Table sizes follow the style's seating (smaller tables where the style has them, but only those
with more players than go on, so Doubles plays at three or four until the final table, which
may have two; else bots; never byes in a knockout); the split of every round is checked up
front, so ``check_entries`` tells the organiser at once if some round could not be seated, or
would seat only tables that knock nobody out (with bots, tables of ``advance`` players or
fewer: the same count again, for ever). A qualifier who withdraws before the next round is
seated is replaced by the next-placed entrant of the same table still in (a lucky loser); with
nobody left there, the table plays short if the style allows it, and otherwise a bot takes the
seat, as one stands in for a player who withdraws at a table: the event never stops halfway.

Once the next round is seated, who went on from each table is fixed: a corrected result that
would send anyone else is refused (``StateError``), and so is a table, bye or round that is
not the knockout's. Who was passed over as withdrawn is judged by when they withdrew
(``Entrant.withdrawn_after``), so a correction cannot make a lucky loser of someone who was
still in.

A table's places must separate the entrants around the cut (2nd and 3rd when two go on); other
ties are kept and shared. Final places: the final table's entrants first, by their order there;
then everyone out in the round before, by their order at their table (all the 3rds of that
round share a place, then all the 4ths), then the round before that, and so on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from games.engine.texts import gettext_noop

from .base import Format, check_field, participants
from .bracket import Bracket, BracketMatch, BracketRound, Slot, ordinal
from .errors import (
    OptionError,
    ResultError,
    SeatingError,
    StateError,
    TournamentFinishedError,
    listed,
)
from .ledger import require_finished
from .model import EntrantId, RoundPlan, State, TablePlan
from .options import Option
from .order import by_seed
from .seating import Seating, Split
from .single_elimination import elimination_standings
from .standings import Standing
from .swiss_tables import TableOptions


class _Empty:
    def __repr__(self) -> str:
        return "EMPTY"


#: A seat nobody will fill (every possible qualifier of its table has withdrawn).
EMPTY = _Empty()


@dataclass(frozen=True)
class Source:
    """Where a seat comes from: a seed, or a place (1-based) at a table (0-based) of the round
    before."""

    seed: int | None = None
    table: int | None = None
    place: int | None = None


@dataclass
class Seen:
    """One table as the rounds so far have it: who sits (``None`` while unknown, ``EMPTY``
    for nobody), the played table once seated, and the entrants best first once finished."""

    people: list
    table: TablePlan | None = None
    ranking: list[EntrantId] | None = None
    positions: dict[EntrantId, int] = field(default_factory=dict)


#: How many counts each way a refusal looks at for counts that work (see ``_nearest``).
NEAR = 20_000


@dataclass(frozen=True, kw_only=True)
class TableKnockout(TableOptions, Format):
    """``advance``: how many go on from each table (default 2)."""

    advance: int = 2

    name: ClassVar[str] = "table_knockout"
    default_bye: ClassVar[str] = "zero"
    default_tiebreaks: ClassVar[tuple[str, ...]] = ()
    label: ClassVar[str] = gettext_noop("Table knockout")
    for_tables: ClassVar[bool] = True
    eliminates: ClassVar[bool] = True
    stage: ClassVar[str] = "playoff"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "advance", "count", gettext_noop("Going on"),
            gettext_noop("Players going on from each table to the next round (fewer than sit "
                         "at a table)."),
            default=2, least=1, most=3,
        ),
    )  # fmt: skip

    def __post_init__(self) -> None:
        super().__post_init__()
        _ = self.seating
        if not 1 <= self.advance < self.seats:
            raise OptionError(
                f"advance must be at least 1 and below a full table ({self.seats})",
                "option_range",
                option="advance",
                minimum=1,
                maximum=self.seats - 1,
            )
        if self.allow_byes:
            raise OptionError(
                "a table knockout has no byes: allow bots or smaller tables instead",
                "knockout_byes",
            )

    @property
    def title(self) -> str:
        return "Table knockout"

    @property
    def seating(self) -> Seating:
        """The style's seating without tables too small to leave anyone out (Doubles at two
        with two going on)."""
        seating = super().seating
        sizes = tuple(s for s in seating.sizes if s > self.advance)
        return replace(seating, sizes=sizes)

    # -- the plan ---------------------------------------------------------------------------

    def splits(self, count: int) -> list[Split]:
        """How every round splits its players into tables, for ``count`` entrants; raises if one
        round cannot be seated."""
        splits = self._try_splits(count)
        if isinstance(splits, list):
            return splits
        near = self._nearest(count)
        take = " or ".join(str(n) for n in near)
        params = {"count": count, "take": ", ".join(str(n) for n in near)}
        if splits < 0:
            stuck = -splits
            raise SeatingError(
                f"a knockout of {count} players with {self.advance} going on from each table "
                f"would seat {stuck} players at tables that knock nobody out, round after round; "
                f"let fewer go on from each table, or take {take} entries",
                "knockout_stuck",
                advance=self.advance,
                **params,
            )
        if splits == count:
            problem = self.seating.explain(count).split("; allow")[0]
        else:
            problem = (
                f"a knockout of {count} players sends {splits} to a later "
                f"round, and {self.seating.label} tables need {self.seating.sizes_text} players"
            )
        raise SeatingError(
            f"{problem}; allow bots to fill seats, or take {take} entries",
            "knockout_seating",
            **params,
        )

    def _nearest(self, count: int) -> list[int]:
        """The nearest counts below and above ``count`` that play out (one of them, if the
        other is not found), for a refusal to offer. Whether a count works depends only on
        the count its first round sends on, so the answers are shared along the way; the
        search looks at most ``NEAR`` counts each way (and then offers the smallest count
        that works), so it answers at once however big ``count`` is."""
        known: dict[int, bool] = {}
        final, rounds = super().seating, self.seating

        def works(n: int) -> bool:
            path = []
            while n not in known:
                path.append(n)
                try:
                    tally = (final if n <= self.seats else rounds).tally(n)
                except SeatingError:
                    known[n] = False
                    break
                if n <= self.seats:
                    known[n] = True
                    break
                going = sum(min(self.advance, size) * k for size, k in tally)
                if going >= n:
                    known[n] = False
                    break
                n = going
            answer = known[n]
            for step in path:
                known[step] = answer
            return answer

        lower = next((n for n in range(count - 1, max(1, count - NEAR), -1) if works(n)), None)
        upper = next(
            (n for n in range(count + 1, min(4 * count + 17, count + NEAR)) if works(n)), None
        )
        near = [n for n in (lower, upper) if n is not None]
        if not near:
            near = [next(n for n in range(2, count) if works(n))]
        return near

    def _try_splits(self, count: int) -> list[Split] | int:
        """The splits, or the player count of the first round that cannot be seated or that
        would knock nobody out (with bots, tables of ``advance`` players or fewer send all of
        them on: the same count again, for ever)."""
        final, rounds = super().seating, self.seating
        counts: list[int] = []
        while True:  # by tallies first: a refused count is answered without listing tables
            seating = final if count <= self.seats else rounds
            try:
                tally = seating.tally(count)
            except SeatingError:
                return count
            counts.append(count)
            if count <= self.seats:
                return [(final if n <= self.seats else rounds).split(n) for n in counts]
            going = sum(min(self.advance, size) * k for size, k in tally)
            if going >= count:
                return -count
            count = going

    def check_entries(self, count: int) -> None:
        super().check_entries(count)
        self.splits(count)

    def sources(self, count: int) -> list[list[list[Source]]]:
        """Per round, per table, per seat: where its player comes from."""
        splits = self.splits(count)
        rounds = [_deal([Source(seed=i) for i in range(1, count + 1)], splits[0].sizes)]
        for split, before in zip(splits[1:], splits, strict=False):
            order = []
            for place in range(1, self.advance + 1):
                tables = range(len(before.sizes))
                if place % 2 == 0:
                    tables = reversed(tables)
                order += [Source(table=t, place=place) for t in tables if before.sizes[t] >= place]
            rounds.append(_deal(order, split.sizes))
        return rounds

    # -- resolving the rounds played -------------------------------------------------------

    def _walk(self, state: State):
        self._check(state)
        check_field(state)
        seeds = by_seed(participants(state), self.seed)
        self.check_entries(len(seeds))
        sources = self.sources(len(seeds))
        if len(state.rounds) > len(sources):
            raise StateError(
                f"round {len(sources) + 1} comes after the final table (round {len(sources)})",
                "after_the_final",
                round=len(sources) + 1,
            )
        seen: list[list[Seen]] = []
        for r, round_sources in enumerate(sources):
            nxt = state.rounds[r] if r < len(state.rounds) else None
            if r and any(t.ranking is None for t in seen[-1]):
                if nxt is not None:
                    raise StateError(f"round {r + 1} is seated before round {r} is decided")
                seen.append([Seen([None] * len(t)) for t in round_sources])
                continue
            before = seen[-1] if r else []
            quals = [self._qualifiers(t, nxt, state, r, i) for i, t in enumerate(before)]
            where = {who: t for t in nxt.tables for who in t.entrants} if nxt else None
            row = []
            for i, table_sources in enumerate(round_sources):
                people = [_fill(src, seeds, quals) for src in table_sources]
                row.append(self._see(people, where, r, i, final=r == len(sources) - 1))
            if nxt is not None:
                _check_made(nxt, row)
                self._check_sizes(row, self.splits(len(seeds))[r], r)
            seen.append(row)
        return seeds, sources, seen

    def _qualifiers(self, before: Seen, nxt: RoundPlan | None, state: State, r: int, i: int):
        """Who goes on from one table of round r: its best ``advance``, passing over those
        who withdrew before round r + 1 was seated (the next-placed take their seats). Once
        round r + 1 is seated, who went on is fixed: a result that would send anyone else is
        refused, since it would rewrite the round already seated."""
        ranking = before.ranking or []
        if nxt is None:
            return [who for who in ranking if state.by_id[who].active][: self.advance]
        there = set(nxt.seated())
        going = [who for who in ranking if who in there or state.in_at(who, r + 1)]
        going = going[: self.advance]
        seated = [who for who in ranking if who in there]
        if set(going) != set(seated):
            raise StateError(
                f"the result of K{r}-{i + 1} sends {listed(going)} on, but round {r + 1} is "
                f"seated with {listed(seated)} from that table: a result cannot change who "
                "went through once the next round is seated",
                "seated_already",
                round=r + 1,
            )
        return going

    def _check_sizes(self, row: list[Seen], split, r: int) -> None:
        """A seated table has the seats the round gives it: as many, with as many bots (a
        table handed in with a bot seat more, or one fewer, would be scored at another size)."""
        for i, seen in enumerate(row):
            if seen.table is None:
                continue
            planned = self._seats(seen.people, split)
            got = seen.table.seats
            if len(got) != len(planned) or got.count(None) != planned.count(None):
                raise StateError(
                    f"table K{r + 1}-{i + 1} has {len(got)} seats ({got.count(None)} for bots); "
                    f"the knockout seats it at {len(planned)} ({planned.count(None)} for bots)",
                    "not_the_brackets",
                    round=r + 1,
                )

    def _see(self, people, where: dict | None, r: int, i: int, final: bool) -> Seen:
        """``where``: the tables of round r + 1 by entrant (``None`` before it is seated)."""
        seen = Seen(people)
        real = {p for p in people if p is not None and p is not EMPTY}
        if not real and None not in people:
            seen.ranking = []  # everyone who could sit here has withdrawn: nothing to play
            return seen
        if where is None:
            return seen
        table = where.get(next(iter(real))) if real else None
        if table is None or set(table.entrants) != real:
            raise StateError(
                f"round {r + 1} has no table K{r + 1}-{i + 1} seating {listed(real)}, as the "
                f"results of round {r} send them there"
                if r
                else f"round 1 has no table K1-{i + 1} seating {listed(real)}, as the seeds do",
                "not_the_brackets",
                round=r + 1,
            )
        seen.table = table
        if table.places is None:
            return seen
        place = {
            who: p for who, p in zip(table.seats, table.places, strict=True) if who is not None
        }
        ranking = sorted(place, key=lambda who: (place[who], table.seats.index(who)))
        cut = self.advance
        if not final and len(ranking) > cut and place[ranking[cut - 1]] == place[ranking[cut]]:
            raise ResultError(
                f"K{r + 1}-{i + 1}: {ordinal(cut)} and {ordinal(cut + 1)} place tie at "
                f"{table.places}, so it is not known who goes through; break the tie first",
                "cut_tied",
                cut=cut,
                next=cut + 1,
            )
        seen.ranking = ranking
        seen.positions = {
            who: 1 + sum(1 for o in ranking if place[o] < place[who]) for who in ranking
        }
        return seen

    # -- the API ---------------------------------------------------------------------------

    def next_round(self, state: State) -> RoundPlan:
        seeds, sources, seen = self._walk(state)
        require_finished(state)
        number = len(state.rounds) + 1
        if number > len(sources) or all(t.ranking is not None for t in seen[-1]):
            raise TournamentFinishedError("the table knockout is over: no round follows")
        split = self.splits(len(seeds))[number - 1]
        tables = []
        for i, table in enumerate(seen[number - 1], start=1):
            seats = self._seats(table.people, split)
            if seats:  # else everyone who could sit here has withdrawn
                tables.append(TablePlan(seats=seats, label=f"K{number}-{i}"))
        return RoundPlan(number=number, tables=tuple(tables))

    def _seats(self, people: list, split) -> tuple:
        """A table's seats as the round seats it: its people, then bots where the split
        fills tables with them or where withdrawals left a size the style is not played at."""
        seats = [p for p in people if p is not EMPTY]
        if not seats:
            return ()
        if split.bots:
            seats += [None] * (split.seats - len(seats))
        elif len(seats) not in super().seating.sizes:
            # a bot takes the seat of a withdrawn player with nobody left to replace them,
            # as one stands in for a player who withdraws mid-table: the event goes on
            seats += [None] * (len(people) - len(seats))
        return tuple(seats)

    def is_finished(self, state: State) -> bool:
        _, _, seen = self._walk(state)
        return all(t.ranking is not None for t in seen[-1])

    def bracket(self, state: State) -> Bracket:
        _, sources, seen = self._walk(state)
        places = self._places(seen)
        columns = []
        for r, round_sources in enumerate(sources):
            matches = tuple(
                self._match(r, i, table_sources, seen[r][i])
                for i, table_sources in enumerate(round_sources)
            )
            name = "Final table" if r == len(sources) - 1 else f"Round {r + 1}"
            columns.append(BracketRound("knockout", r + 1, name, matches))
        champion = next((who for who, p in places.items() if p == 1), None)
        if champion is not None and sum(1 for p in places.values() if p == 1) > 1:
            champion = None
        return Bracket(self.name, tuple(columns), champion, places)

    def _match(self, r: int, i: int, table_sources, seen: Seen) -> BracketMatch:
        slots = []
        for src, who in zip(table_sources, seen.people, strict=True):
            entrant = who if who is not None and who is not EMPTY else None
            if src.seed is not None:
                slots.append(Slot(entrant=entrant, seed=src.seed, label=f"Seed {src.seed}"))
                continue
            source = f"K{r}-{src.table + 1}"
            slots.append(
                Slot(
                    entrant=entrant,
                    source=source,
                    source_place=src.place,
                    bye=who is EMPTY,
                    label=f"{ordinal(src.place)} of {source}",
                )
            )
        if any(p is None for p in seen.people):
            status = "waiting"
        elif seen.table is None and seen.ranking == []:
            status = "void"
        elif seen.table is None:
            status = "ready"
        else:
            status = "done" if seen.ranking is not None else "playing"
        places = None
        if seen.ranking is not None and seen.table is not None:
            by_seat = dict(zip(seen.table.seats, seen.table.places or (), strict=False))
            places = tuple(by_seat.get(p, 0) for p in seen.people)
        return BracketMatch(
            id=f"K{r + 1}-{i + 1}",
            bracket="knockout",
            column=r + 1,
            round=r + 1,
            slots=tuple(slots),
            status=status,
            places=places,
            advancing=tuple((seen.ranking or [])[: self.advance]) if places else (),
        )

    def _places(self, seen: list[list[Seen]]) -> dict[EntrantId, int]:
        """Competition places over (round out, place at the table); only for settled rounds."""
        keys: dict[EntrantId, tuple[int, int]] = {}
        last = len(seen) - 1
        for r, row in enumerate(seen):
            if any(t.ranking is None for t in row):
                break
            going = set()
            if r < last:
                going = {who for t in seen[r + 1] for who in t.people if who not in (None, EMPTY)}
                if any(None in t.people for t in seen[r + 1]):
                    going = {who for t in row for who in (t.ranking or [])[: self.advance]}
            for table in row:
                for who in table.ranking or []:
                    if who not in going:
                        keys[who] = (r, -table.positions[who])
        alive = {
            who
            for row in seen
            for t in row
            for who in t.people
            if who not in (None, EMPTY) and who not in keys
        }
        return {
            who: 1 + len(alive) + sum(1 for k in keys.values() if k > key)
            for who, key in keys.items()
        }

    def standings(self, state: State) -> list[Standing]:
        return elimination_standings(self, state)


def _fill(src: Source, seeds, quals: list[list[EntrantId]]):
    if src.seed is not None:
        return seeds[src.seed - 1].id
    got = quals[src.table]
    return got[src.place - 1] if src.place - 1 < len(got) else EMPTY


def _deal(order: list, sizes: tuple[int, ...]) -> list[list]:
    """Deal ``order`` snake-wise over tables of ``sizes`` (biggest first)."""
    tables: list[list] = [[] for _ in sizes]
    forward = [t for t in range(len(sizes))]
    lane = forward + forward[::-1]
    step = 0
    for item in order:
        while len(tables[lane[step % len(lane)]]) >= sizes[lane[step % len(lane)]]:
            step += 1
        tables[lane[step % len(lane)]].append(item)
        step += 1
    return tables


def _check_made(made: RoundPlan, row: list[Seen]) -> None:
    """Every table of a round made must be one of the knockout's, and a knockout has no byes."""
    claimed = {id(t.table) for t in row if t.table is not None}
    for table in made.tables:
        if id(table) not in claimed:
            raise StateError(
                f"round {made.number} seats {listed(table.entrants)} at a table that is not "
                "one of the knockout's",
                "not_the_brackets",
                round=made.number,
            )
    if made.byes or made.walkovers:
        raise StateError(
            f"round {made.number} gives {listed((*made.byes, *(made.walkovers or ())))} a bye, "
            "but a table knockout has none",
            "not_the_brackets",
            round=made.number,
        )
