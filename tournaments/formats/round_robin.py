"""Round robin: everyone meets everyone, in one pool or several played side by side.

- **Two parties** (``seats=2``): the circle method. One entrant stays put while the others
  rotate one place a round, which gives n - 1 rounds in which every two meet exactly once (with
  an odd count a dummy is added and whoever draws it sits the round out: a bye). Seats mostly
  alternate (never the same seat three times running in a cycle): with an even count seat 0
  counts differ by at most one, with an odd count n everyone has seat 0 exactly (n - 1) / 2
  times (see ``circle_round``). ``cycles=2`` plays it twice, seats swapped.
- **Tables of four, each for themselves** (``seats=4``): tables of four cannot make every pair
  meet exactly once except for rare counts, so the aim is everybody level: repeat table-mates
  as few as possible. 16 players at four tables of four get the affine plane
  (``affine_plane``): everyone meets everyone exactly once in 5 rounds, for every seed, and
  more rounds repeat those in turn; 9 at three tables of three likewise, in 4 rounds (the
  default 3 rounds meet 6 of the 8 others, nobody twice). Other pools of up to
  ``PLAN_LIMIT`` get the schedule planned at the start by the mixer from several seeded
  attempts, the best kept: one cycle at most (``plan_length``), which more rounds repeat in
  turn; bigger pools, and pools changed by a withdrawal, are
  seated a round at a time from the history. ``rounds`` defaults to ceil((n - 1) / 3), the
  fewest in which everyone could meet everyone.
- **Individual Partner** (``partnerships=True``, four seats, seats 0 and 2 against 1 and 3):
  partners rotate as in a bridge individual movement. The circle method over the players gives,
  round by round, a partner for everyone, and over n - 1 rounds every player partners every
  other exactly once (odd counts: one player sits out each round). Each round the partnerships
  are then paired into tables by a weighted matching that keeps repeat opponents down. With an
  odd number of partnerships, and bots allowed (``fill_with_bots``), the pair left over plays
  the player left over partnered by a bot, or two bots; with byes allowed (``allow_byes``) it
  sits out; with neither, ``SeatingError``.

``pools`` splits the field by seed into pools of near-equal size dealt like a snake (seeds 1-4
go to pools A-D, seeds 5-8 to D-A, ...; past Z the labels go on AA, AB, ...); a pool that has
played all its rounds sits out (a bye) while bigger pools finish. Once no pool has two
entrants left to play, the event is over. The schedule is drawn once from the entrants of
round 1. When an entrant withdraws, its scheduled opponents sit that round out (a bye worth
``bye_points``, 0 by default in a round robin) and its partner is re-partnered with another
player left alone, or sits out. In every round full tables come first, then short tables and
tables with bot seats, over all pools (``table_order``); otherwise tables keep their order by
pool and seed.

Tiebreaks by default: head to head, Sonneborn-Berger, outright wins, then seed.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

import networkx as nx

from games.engine.texts import gettext_noop

from .base import Format, check_count, participants
from .errors import EntryCountError, OptionError, SeatingError
from .ledger import Ledger
from .mixer import Mixer
from .model import Entrant, EntrantId, RoundPlan, State, TablePlan
from .options import ROUNDS_LIMIT, Option, between
from .order import by_seed
from .seating import Seating
from .standings import Standing, rank
from .swiss_tables import ALLOW_BYES, TableOptions
from .table_rounds import seat_round

POOL_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def pool_label(index: int) -> str:
    """The label of pool ``index`` (0-based): A to Z, then AA, AB, ... AZ, BA, ... as
    spreadsheet columns go, so every pool has one however many there are."""
    label = ""
    index += 1
    while index:
        index, letter = divmod(index - 1, len(POOL_LABELS))
        label = POOL_LABELS[letter] + label
    return label


def pool_labels(count: int) -> list[str]:
    return [pool_label(i) for i in range(count)]


def circle_round(members: Sequence[object], index: int) -> list[tuple[object, object]]:
    """Round ``index`` (0-based) of the circle method; ``None`` marks the dummy of an odd count.

    The first player stays put and the others turn one place a round, so round r is computed
    directly (no need to build the n - 1 rounds before it). Each pair is listed seat 0 first:

    - **Even count** (Berger tables): the fixed player's seat alternates round by round, and
      the other pairs alternate down the line. Seat 0 counts differ by at most 1 between
      entrants (n - 1 games each, an odd number), and nobody has the same seat more than twice
      in a row (n - 2 repeats in all, the fewest possible).
    - **Odd count**: see ``_odd_first``. Everyone has seat 0 exactly (n - 1) / 2 times in a
      cycle, and nobody has the same seat more than twice in a row (a bye skipped).
    """
    count = len(members)
    players = [*members, None] if count % 2 else list(members)
    n = len(players)
    rest = players[1:]
    shift = index % (n - 1)
    line = [players[0], *rest[len(rest) - shift :], *rest[: len(rest) - shift]]
    pairs = []
    for i in range(n // 2):
        a, b = line[i], line[n - 1 - i]
        if count % 2:
            # Line position q >= 1 holds rotating index (q - 1 - shift) mod count; the fixed
            # player (position 0) takes the dummy's index, count - 1.
            first = count - 1 if i == 0 else (i - 1 - shift) % count
            swap = not _odd_first(count, first, (count - 1 - i - shift) % count)
        else:
            swap = (i == 0 and index % 2 == 1) or (i > 0 and i % 2 == 1)
        pairs.append((b, a) if swap else (a, b))
    return pairs


def _odd_first(count: int, a: int, b: int) -> bool:
    """Whether rotating index ``a`` takes seat 0 against ``b`` in an odd round robin.

    In the circle method's round with constant c the pairs are {x, y} with x + y = c (mod n,
    n = count) over the rotating indices, the dummy being index n - 1; the fixed player meets
    the x with 2x = c and, here, plays as if it had the dummy's index. ``a`` takes seat 0 iff
    half their difference, k = (b - a) / 2 mod n (a number in 1..n - 1), is odd. Since n is
    odd, k(a, b) and k(b, a) = n - k(a, b) have opposite parities, so exactly one of the two
    takes seat 0, and of the n - 1 others exactly (n - 1) / 2 give an odd k: everyone has
    seat 0 exactly (n - 1) / 2 times in a cycle (the fixed player included, because it takes
    the dummy's orientation towards everyone, and whoever meets the dummy sits out).

    Alternation (a bye skipped): a rotating player x meets y = c - x, so b - a = c - 2x and
    k = c/2 - x goes down by one each round (c goes down by 2): x's seats alternate except
    once around its game with the fixed player and once across its bye. The fixed player
    meets x with k = (x + 1) / 2 and takes its seats two by two (..., 0, 0, 1, 1, ...). So
    the longest run of one seat is 2 for every odd count (checked for all up to 131); no
    orientation that depends only on b - a does better (checked exhaustively up to 17), and
    the old one, which alternated the fixed player's games, gave runs of 3 and seat 0 counts
    2 apart. With ``cycles=2`` (seats swapped) the fixed player can have 4 in a row across
    the two cycles when n = 1 mod 4, everyone else at most 3.
    """
    if a == b:  # the fixed player against the dummy: a bye, either way round
        return True
    return (b - a) * (count + 1) // 2 % count % 2 == 1


def circle_length(count: int) -> int:
    """Rounds in one cycle of the circle method: n - 1, or n for an odd count."""
    return count - 1 if count % 2 == 0 else count


def circle(members: Sequence[object]) -> list[list[tuple[object, object]]]:
    """Every round of the circle method."""
    return [circle_round(members, r) for r in range(circle_length(len(members)))]


def snake(entrants: Sequence[Entrant], pools: int) -> list[list[Entrant]]:
    out: list[list[Entrant]] = [[] for _ in range(pools)]
    for i, entrant in enumerate(entrants):
        row, col = divmod(i, pools)
        out[col if row % 2 == 0 else pools - 1 - col].append(entrant)
    return out


@dataclass(frozen=True, kw_only=True)
class RoundRobin(TableOptions, Format):
    """``seats``: 2 (two parties) or 4. ``partnerships``: individual Partner (needs 4 seats).
    ``pools``: how many pools. ``cycles``: times through the schedule. ``rounds``: four-seat
    tables only, how many rounds (default ceil((n - 1) / 3) for the largest pool)."""

    seats: int = 2
    partnerships: bool = False
    pools: int = 1
    cycles: int = 1
    rounds: int | None = None

    name: ClassVar[str] = "round_robin"
    default_bye: ClassVar[str] = "zero"
    default_tiebreaks: ClassVar[tuple[str, ...]] = ("head_to_head", "sonneborn_berger", "wins")
    label: ClassVar[str] = gettext_noop("Round robin")
    for_two_parties: ClassVar[bool] = True
    for_tables: ClassVar[bool] = True
    stage: ClassVar[str] = "pools"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "partnerships", "bool", gettext_noop("Partners change every round"),
            gettext_noop("Each player partners each of the others in turn, instead of pairs "
                         "entering together."),
            default=False, kinds=("rotating",),
        ),
        Option(
            "rounds", "count", gettext_noop("Rounds"),
            gettext_noop("Empty: enough rounds for each player to meet every other once, as "
                         "far as tables of four allow."),
            least=1, most=ROUNDS_LIMIT, kinds=("tables",),
        ),
        ALLOW_BYES,
    )  # fmt: skip

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.seats not in (2, 4):
            raise OptionError(
                "a round robin seats 2 (two parties) or 4 at a table",
                "option_choice",
                option="seats",
                choices="2, 4",
            )
        if self.partnerships and self.seats != 4:
            raise OptionError(
                "rotating partners needs tables of four",
                "option_choice",
                option="seats",
                choices="4",
            )
        for name in ("pools", "cycles", "rounds"):
            between(name, getattr(self, name), 1, ROUNDS_LIMIT)
        if self.seats == 4 and not self.partnerships:
            _ = self.seating
        else:
            self._check_fixed_tables()

    def _check_fixed_tables(self) -> None:
        """Two parties and Partner seat fixed tables (of two; of four partners), so the
        style and table sizes only have to be ones that exist and fit those tables: an unknown
        style, or sizes other than the full table, are refused as the four-seat tables'."""
        seating = Seating.build(
            self.style,
            self.seats,
            self.table_sizes or (self.seats,),
            self.fill_with_bots,
            self.allow_byes,
        )
        if seating.sizes != (self.seats,):
            raise OptionError(
                f"Partner tables seat two partnerships, four players: table sizes "
                f"({seating.sizes_text}) cannot be used",
                "option_choice",
                option="table_sizes",
                choices=str(self.seats),
            )

    @property
    def title(self) -> str:
        return "Round robin"

    # -- pools and the plan ---------------------------------------------------------------

    def pool_lists(self, state: State) -> list[list[Entrant]]:
        seeds = by_seed(participants(state), self.seed)
        return [pool for pool in snake(seeds, self.pools) if pool]

    def pool_rounds(self, size: int) -> int:
        if self.seats == 2 or self.partnerships:
            return (size - 1 if size % 2 == 0 else size) * self.cycles
        if self.rounds is not None:
            return self.rounds
        return max(1, math.ceil((size - 1) / (self.seats - 1))) * self.cycles

    def planned_rounds(self, count: int) -> int:
        biggest = math.ceil(count / self.pools)
        return self.pool_rounds(biggest)

    def check_entries(self, count: int) -> None:
        check_count(count)
        need = self.min_entries * self.pools if self.seats == 2 else 4 * self.pools
        if count < need:
            pools = f" in {self.pools} pools" if self.pools > 1 else ""
            raise EntryCountError(
                f"a round robin{pools} needs at least {need} entries; there are {count}",
                "too_few_entries",
                minimum=need,
                count=count,
            )
        for pool in range(self.pools):
            size = count // self.pools + (pool < count % self.pools)
            if self.partnerships:
                self._check_partnerships(size)
            elif self.seats == 4:
                self.seating.split(size)

    def _check_partnerships(self, size: int) -> None:
        """Round 1 of a Partner pool of ``size``: the circle method makes size // 2
        partnerships (the odd one out sits out); an odd number of them fills no last table
        without bots or byes. Later rounds make as many, so round 1 tells."""
        teams = size // 2
        if teams % 2 == 0 or self.fill_with_bots or self.allow_byes:
            return
        raise SeatingError(
            f"Partner tables need 4 players: {2 * teams} players make {teams} partnerships "
            "each round, one too many for full tables; allow bots to fill seats, or byes, or "
            f"take {_partner_counts(size, self.pools)} entries"
        )

    def is_finished(self, state: State) -> bool:
        """Every pool's rounds played, or (after withdrawals) no pool with two entrants left
        to play: the event can end instead of making rounds with no tables."""
        self._check(state)
        pools = self.pool_lists(state)
        if not pools:
            return False
        if state.rounds and not any(sum(e.active for e in pool) >= 2 for pool in pools):
            return True
        return len(state.rounds) >= max(self.pool_rounds(len(p)) for p in pools)

    # -- rounds ---------------------------------------------------------------------------

    def next_round(self, state: State) -> RoundPlan:
        ledger = self._open(state)
        pools = self.pool_lists(state)
        self.check_entries(sum(len(p) for p in pools))
        number = len(state.rounds) + 1
        tables: list[TablePlan] = []
        byes: list[EntrantId] = []
        for label, pool in zip(pool_labels(len(pools)), pools, strict=True):
            name = f"Pool {label}" if len(pools) > 1 else ""
            if number > self.pool_rounds(len(pool)):
                byes.extend(e.id for e in pool if e.active)
                continue
            if self.partnerships:
                got, out = self._partner_round(pool, number, ledger)
            elif self.seats == 2:
                got, out = self._duel_round(pool, number)
            else:
                got, out = self._mixed_round(pool, number, ledger, state)
            tables.extend(TablePlan(seats=t.seats, label=name) for t in got)
            byes.extend(out)
        tables.sort(key=table_order)  # short tables and bot seats last, across pools too
        return RoundPlan(number=number, tables=tuple(tables), byes=tuple(byes))

    def _mixed_round(self, pool: list[Entrant], number: int, ledger: Ledger, state: State):
        """Four each for themselves: the planned schedule while it still fits the rounds
        played, else the mixer on the history."""
        active = [e for e in pool if e.active]
        if len(active) < 2:
            return [], [e.id for e in active]  # nobody left to play: sit the round out
        seating = self._seating_for(len(active), number)
        split = seating.split(len(active))
        ids = tuple(e.id for e in pool)
        if len(active) == len(pool) <= PLAN_LIMIT and not split.byes:
            rounds = plan_length(len(ids), split.sizes, self.pool_rounds(len(pool)))
            schedule = planned_schedule(ids, split.sizes, rounds, str(self.seed))
            if _follows(schedule, state, set(ids), number):
                tables = []
                for people in schedule[(number - 1) % len(schedule)]:
                    seats = people + (None,) * (split.seats - len(people) if split.bots else 0)
                    tables.append(TablePlan(seats=seats))
                return tables, []
        start = movement([e.id for e in active], len(split.sizes), number - 1)
        seated = seat_round(
            number, active, ledger, seating, _level(active), str(self.seed), 0, start
        )
        return list(seated.tables), list(seated.byes)

    def _seating_for(self, count: int, number: int) -> Seating:
        """The pool's seating. Round 1 is checked with the entries; later, a count that
        withdrawals made impossible to seat gets bot seats, as a bot stands in for a player
        who withdraws at a table: refusing would stop the event halfway."""
        try:
            self.seating.split(count)
        except SeatingError:
            if number == 1:
                raise
            return replace(self.seating, fill_with_bots=True)
        return self.seating

    def _duel_round(self, pool: list[Entrant], number: int) -> tuple[list[TablePlan], list]:
        turn, index = divmod(number - 1, circle_length(len(pool)))
        active = {e.id for e in pool if e.active}
        tables, byes = [], []
        for a, b in circle_round([e.id for e in pool], index):
            if turn % 2 == 1:
                a, b = b, a
            if a in active and b in active:
                tables.append(TablePlan(seats=(a, b)))
            else:
                byes.extend(x for x in (a, b) if x in active)
        return tables, byes

    def _partner_round(self, pool: list[Entrant], number: int, ledger: Ledger):
        index = (number - 1) % circle_length(len(pool))
        active = {e.id for e in pool if e.active}
        teams, alone = [], []
        for a, b in circle_round([e.id for e in pool], index):
            if a in active and b in active:
                teams.append((a, b))
            else:
                alone.extend(x for x in (a, b) if x in active)
        teams += _repartner(alone, ledger)
        paired = {x for team in teams for x in team}
        byes = [x for x in alone if x not in paired]
        tables, left = _group_teams(teams, ledger)
        if left is not None:
            if self.fill_with_bots and byes:
                single = byes.pop()
                tables.append(TablePlan(seats=(left[0], single, left[1], None)))
            elif self.fill_with_bots:
                tables.append(TablePlan(seats=(left[0], None, left[1], None)))
            elif self.allow_byes:
                byes.extend(left)
            elif number > 1:  # withdrawals left a partnership over: a bot partners it, as
                tables.append(TablePlan(seats=(left[0], None, left[1], None)))  # bots stand in
            else:
                raise SeatingError(
                    f"Partner tables need 4 players: {len(paired)} players make "
                    f"{len(teams)} partnerships this round, one too many for full tables; "
                    "allow bots to fill seats, or byes"
                )
        return tables, byes

    def standings(self, state: State) -> list[Standing]:
        ledger = self._ledger(state)
        pools = self.pool_lists(state)
        if len(pools) <= 1:
            return rank(state.entrants, ledger, self.tiebreak_order, self.seed)
        rows: list[Standing] = []
        for label, pool in zip(pool_labels(len(pools)), pools, strict=True):
            rows += rank(pool, ledger, self.tiebreak_order, self.seed, pool=label)
        return rows


#: Pools of four-seat tables up to this size get their whole schedule planned at once.
PLAN_LIMIT = 24
PLAN_ATTEMPTS = 16


def plan_length(count: int, sizes: tuple[int, ...], rounds: int) -> int:
    """How many rounds of a pool's schedule are planned: ``rounds``, but at most one cycle
    (the fewest rounds in which everyone could meet everyone, ceil((n - 1) / (seats - 1)));
    later rounds repeat the cycle in turn, as the affine plane's do. Planning costs a mixer
    run per round and attempt, so a long event (``rounds=200``, ``cycles=50``) plans no more
    than a short one."""
    cycle = max(1, math.ceil((count - 1) / max(1, max(sizes) - 1)))
    return min(rounds, cycle)


def planned_schedule(
    ids: tuple[EntrantId, ...], sizes: tuple[int, ...], rounds: int, salt: str
) -> tuple[tuple[tuple[EntrantId, ...], ...], ...]:
    """A four-seat schedule for a small pool (``positional_schedule``), in its ids: pools
    of one size share a plan, so an event of 34 pools plans once, not 34 times."""
    plan = positional_schedule(len(ids), sizes, rounds, salt)
    return tuple(tuple(tuple(ids[i] for i in table) for table in round_) for round_ in plan)


@functools.lru_cache(maxsize=256)
def positional_schedule(
    count: int, sizes: tuple[int, ...], rounds: int, salt: str
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """A four-seat schedule of ``rounds`` rounds (at most a cycle, see ``plan_length``) for a
    small pool: tables of ids (by seed) round by round, bigger tables first, then by seed.
    Round k of the event plays round k mod ``rounds`` of it.

    q * q players at q tables of q (16 at four tables of four; 9 at three tables of three)
    get the affine plane (``affine_plane``): everyone meets everyone exactly once in q + 1
    rounds, whatever the seed; more rounds repeat its rounds in turn. Any other pool is
    seated round by round by the mixer from ``PLAN_ATTEMPTS`` seeded starts, keeping the one
    with the fewest repeat table-mates: seating one round at a time can paint itself into a
    corner, and trying several continuations gets round it. Round 1 is the same either way
    (the fold by seed): any first round is as good as another.
    """
    ids = tuple(range(count))  # places by seed; ``planned_schedule`` puts the ids in
    q = len(sizes)
    if q in AFFINE_FIELDS and sizes == (q,) * q and len(ids) == q * q:
        plane = affine_plane(q)
        return tuple(
            tuple(tuple(ids[i] for i in line) for line in plane[number % len(plane)])
            for number in range(rounds)
        )
    best, best_cost = None, None
    slots = rounds * sum(size * (size - 1) // 2 for size in sizes)
    floor = max(0, slots - len(ids) * (len(ids) - 1) // 2)  # every extra slot repeats a pair
    rank = {who: i for i, who in enumerate(ids)}
    for attempt in range(PLAN_ATTEMPTS):
        rng = random.Random(f"{salt}|plan|{attempt}")
        met: dict[EntrantId, Counter] = {who: Counter() for who in ids}
        schedule, cost = [], 0
        for number in range(rounds):
            order = list(ids)
            if number:
                rng.shuffle(order)
            mixer = Mixer(
                level=dict.fromkeys(ids, 0.0),
                met=met,
                groups=dict.fromkeys(ids, frozenset()),
                salt=f"{salt}|{attempt}|{number}",
                restarts=0,
            )
            tables = mixer.seat(order, sizes)
            for table in tables:
                for a, b in itertools.combinations(table, 2):
                    cost += met[a][b]
                    met[a][b] += 1
                    met[b][a] += 1
            seated = (tuple(sorted(t, key=rank.__getitem__)) for t in tables)
            schedule.append(tuple(sorted(seated, key=lambda t: (-len(t), rank[t[0]]))))
        if best_cost is None or cost < best_cost:
            best, best_cost = tuple(schedule), cost
        if cost <= floor:
            break
    assert best is not None
    return best


#: Addition and multiplication of the finite fields GF(q) the affine planes are built on:
#: GF(3) is the integers mod 3; GF(4) = {0, 1, w, w + 1} written 0, 1, 2, 3 (bit i the
#: coefficient of w^i), so addition is XOR and w * w = w + 1.
AFFINE_FIELDS = {
    3: (lambda a, b: (a + b) % 3, lambda a, b: a * b % 3),
    4: (
        lambda a, b: a ^ b,
        lambda a, b: ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))[a][b],
    ),
}


@functools.cache
def affine_plane(q: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The q + 1 rounds of the affine plane AG(2, q) over seed indices 0..q * q - 1.

    Index i is the point (x, y) = (i mod q, i div q) of GF(q)^2; a round is a parallel class
    of lines (q lines of q points, covering every point once) and a table a line. Two points
    lie on exactly one line, so over the q + 1 classes every two players share exactly one
    table, and repeating the classes in turn keeps every pair level. Round 1 is the class
    x = constant: table j holds seeds j, j + q, j + 2q, ..., the fold the mixer starts from.
    Then the lines y = m x + b for each slope m = 1..q - 1, and last the slope 0 (y = b):
    seeds in blocks of q by seed, so the top seeds meet in the last round.
    """
    add, mul = AFFINE_FIELDS[q]
    classes = [tuple(tuple(x + q * y for y in range(q)) for x in range(q))]
    for m in [*range(1, q), 0]:
        lines = (tuple(sorted(x + q * add(mul(m, x), b) for x in range(q))) for b in range(q))
        classes.append(tuple(sorted(lines)))
    return tuple(classes)


def table_order(table: TablePlan) -> tuple[int, int]:
    """Sort key of a round's tables: most humans first, tables with bot seats after those
    without (a stable sort keeps the order by seed, and pool by pool, within each kind)."""
    humans = len(table.entrants)
    return (-humans, len(table.seats) - humans)


def movement(ids: Sequence[EntrantId], tables: int, index: int) -> list[EntrantId]:
    """A first seating for round ``index`` (0-based) of a big four-seat round robin.

    Entrant i sits in "row" q = i // T at table t = i mod T in round 0 and moves q tables on
    each round (like the rows of a Mitchell movement moving at different speeds), so two
    entrants of different rows share a table again only after many rounds. The mixer then
    repairs what is left."""
    spots: list[list[EntrantId]] = [[] for _ in range(tables)]
    for i, who in enumerate(ids):
        row, table = divmod(i, tables)
        spots[(table + row * index) % tables].append(who)
    return [who for spot in sorted(spots, key=len, reverse=True) for who in spot]


def _follows(schedule, state: State, pool: set[EntrantId], number: int) -> bool:
    """Whether the pool's tables in the rounds played are those of the schedule."""
    for index in range(number - 1):
        played = {
            frozenset(t.entrants) for t in state.rounds[index].tables if set(t.entrants) <= pool
        }
        if played != {frozenset(t) for t in schedule[index % len(schedule)]}:
            return False
    return True


def _partner_counts(count: int, pools: int) -> str:
    """The nearest entry counts below and above ``count`` whose Partner pools all make an
    even number of partnerships (as a message offers them)."""

    def works(n: int) -> bool:
        sizes = {n // pools + (p < n % pools) for p in range(pools)}
        return n >= 4 * pools and all((size // 2) % 2 == 0 for size in sizes)

    lower = next((n for n in range(count - 1, 4 * pools - 1, -1) if works(n)), None)
    upper = next(n for n in range(count + 1, count + 8 * pools + 8) if works(n))
    return f"{lower} or {upper}" if lower else str(upper)


def _level(entrants: Sequence[Entrant]) -> dict[EntrantId, float]:
    return {e.id: 0.0 for e in entrants}


def _repartner(alone: list[EntrantId], ledger: Ledger) -> list[tuple[EntrantId, EntrantId]]:
    """Pair players whose scheduled partner is gone, fewest repeat partnerships first."""
    if len(alone) < 2:
        return []
    graph = nx.Graph()
    for i, a in enumerate(alone):
        for b in alone[i + 1 :]:
            graph.add_edge(a, b, weight=float(100 - ledger.partnered[a].get(b, 0)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    order = {x: i for i, x in enumerate(alone)}
    return sorted(
        (tuple(sorted(p, key=order.__getitem__)) for p in matching), key=lambda p: order[p[0]]
    )


def _group_teams(teams: list[tuple[EntrantId, EntrantId]], ledger: Ledger):
    """Tables of two partnerships each, by matching, keeping repeat table-mates down; chunks of
    ``TEAM_CHUNK`` partnerships keep it fast. Returns (tables, the partnership left over)."""
    tables: list[TablePlan] = []
    carry: list[tuple[EntrantId, EntrantId]] = []
    for start in range(0, len(teams), TEAM_CHUNK):
        block = carry + teams[start : start + TEAM_CHUNK]
        got, carry = _match_teams(block, ledger)
        tables.extend(got)
    left = carry[0] if carry else None
    return tables, left


TEAM_CHUNK = 32


def _match_teams(block, ledger: Ledger):
    graph = nx.Graph()
    graph.add_nodes_from(range(len(block)))
    for i, first in enumerate(block):
        for j in range(i + 1, len(block)):
            cost = sum(
                ledger.met[a].get(b, 0) * (ledger.met[a].get(b, 0) + 1) // 2
                for a in first
                for b in block[j]
            )
            graph.add_edge(i, j, weight=float(10**6 - cost))
    if len(block) % 2 == 1:
        for i, team in enumerate(block):
            short = sum(ledger.records[x].short_tables + ledger.records[x].byes for x in team)
            graph.add_edge(i, "left", weight=float(10**6 - 1000 * short - (len(block) - i)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables, carry = [], []
    for i, j in matching:
        if "left" in (i, j):
            carry.append(block[j if i == "left" else i])
            continue
        i, j = min(i, j), max(i, j)
        (a, b), (c, d) = block[i], block[j]
        tables.append((i, TablePlan(seats=(a, c, b, d))))
    matched = {x for pair in matching for x in pair}
    carry += [block[i] for i in range(len(block)) if i not in matched]
    return [table for _, table in sorted(tables, key=lambda x: x[0])], carry
