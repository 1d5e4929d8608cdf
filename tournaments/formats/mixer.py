"""Seating tables of three or four: leaders together, repeat table-mates as few as possible.

The problem: cut an ordered list of entrants (best first) into tables of given sizes so that

1. pairs who already shared a table share one again as rarely as possible (a pair that met
   m times costs 1 + 2 + ... + m, so a third meeting is worse than two second ones);
2. entrants who share a group label (club, family) are kept apart where that is cheap;
3. the points at each table are as close as possible (the leaders sit together).

Each pair at a table costs ``REPEAT`` per step of (1), ``clash`` for (2) and ``SPREAD`` times
the square of the points gap for (3), the gap measured in "first place minus last place" of a
full table; ``REPEAT`` is so large that (1) always comes first, and ``clash`` defaults to
``avoid_weight`` (2.5) times twice ``SPREAD``: a clash is avoided when that moves entrants
about one score group. Splitting entrants into tables is a hard problem (it contains the
"social golfer" problem), so we do not solve it exactly. We start from a good seating and
improve it:

- **Start.** Within each score group the members are dealt out like a four-way Swiss fold:
  with t = ceil(g / 4) tables' worth in a group of g, table j takes its j-th, (t+j)-th,
  (2t+j)-th and (3t+j)-th members, so the group's best entrants do not all sit together on
  the first table (the same idea as 1 v n/2+1 in a two-party Swiss). The groups follow each
  other in the list, and a group's last few entrants share a table with the next group's
  first. A field that is one score group (round 1) is dealt the same way to the tables it
  fills, whatever their sizes (a table of four and one of two for 6 entrants).
- **Repair.** Every table holding a repeat or a clash looks for the swap of one of its
  entrants with one of another table that lowers the total cost most, first among nearby
  tables (so the leaders stay together), then further away. When no single swap helps, the
  union of two tables is split again in every possible way.
- **Polish.** Neighbouring tables that mix score groups try every swap between them.

Only tables with a cost are ever touched, so a big event where almost nobody has met costs
little more than the start. For small events (up to ``RESTART_LIMIT`` entrants) the repair is
also run from a number of reshuffled starts (drawn from the caller's seed) and the best
seating kept; the tests check it against an exhaustive search for up to 12 entrants.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .model import EntrantId

REPEAT = 10**9
CLASH = 10**5
SPREAD = 100
RESTART_LIMIT = 24
RESTARTS = 6
NEAR = 4
FAR = 256


@dataclass
class Mixer:
    """Cost model and search for one round's seating.

    ``level``: each entrant's points in wins (points / the points of a two-party win), used for
    the spread cost; ``met``: table-mate counts; ``groups``: labels to keep apart.
    """

    level: Mapping[EntrantId, float]
    met: Mapping[EntrantId, Counter]
    groups: Mapping[EntrantId, frozenset[str]]
    salt: str = ""
    clash: float = CLASH
    restarts: int = RESTARTS

    def __post_init__(self) -> None:
        self._memo: dict[tuple[EntrantId, EntrantId], float] = {}

    def pair(self, a: EntrantId, b: EntrantId) -> float:
        key = (a, b)
        cost = self._memo.get(key)
        if cost is None:
            cost = self._memo[key] = self._memo[(b, a)] = self._pair(a, b)
        return cost

    def _pair(self, a: EntrantId, b: EntrantId) -> float:
        times = self.met[a].get(b, 0)
        cost = REPEAT * times * (times + 1) // 2
        if self.clash and self.groups[a] and self.groups[a] & self.groups[b]:
            cost += self.clash
        gap = self.level[a] - self.level[b]
        return cost + SPREAD * gap * gap

    def bad(self, a: EntrantId, b: EntrantId) -> bool:
        """A repeat or a clash: what the repair step tries to remove."""
        if self.met[a].get(b, 0):
            return True
        return bool(self.clash and self.groups[a] and self.groups[a] & self.groups[b])

    def table_cost(self, table: Sequence[EntrantId]) -> float:
        return sum(self.pair(a, b) for a, b in itertools.combinations(table, 2))

    def conflicts(self, table: Sequence[EntrantId]) -> bool:
        return any(self.bad(a, b) for a, b in itertools.combinations(table, 2))

    def seat(
        self,
        order: Sequence[EntrantId],
        sizes: Sequence[int],
        start: Sequence[EntrantId] | None = None,
    ) -> list[list[EntrantId]]:
        """Tables (lists of ids, in rank order) for ``order`` cut into ``sizes``; ``start``:
        a first seating (as one list cut into ``sizes``) instead of the fold."""
        tables = cut(start if start is not None else fold(order, self.level, sizes), sizes)
        self.improve(tables)
        if self.restarts and len(order) <= RESTART_LIMIT and any(self.conflicts(t) for t in tables):
            tables = self._restarts(order, sizes, tables)
        rank = {who: i for i, who in enumerate(order)}
        for table in tables:
            table.sort(key=rank.__getitem__)
        tables.sort(key=lambda t: rank[t[0]])
        return _sizes_in_order(tables, sizes, rank)

    def improve(self, tables: list[list[EntrantId]]) -> None:
        for _ in range(4):
            changed = self._repair(tables)
            changed |= self._polish(tables)
            if not changed:
                break

    def total(self, tables: Sequence[Sequence[EntrantId]]) -> float:
        return sum(self.table_cost(t) for t in tables)

    def _restarts(self, order, sizes, best):
        rng = random.Random(f"{self.salt}|restarts")
        best_cost = self.total(best)
        for _ in range(self.restarts):
            shuffled = list(order)
            rng.shuffle(shuffled)
            tables = cut(shuffled, sizes)
            self.improve(tables)
            cost = self.total(tables)
            if cost < best_cost:
                best, best_cost = tables, cost
            if not any(self.conflicts(t) for t in best):
                break
        return best

    # -- repair: move entrants out of tables with repeats or clashes --------------------

    def _repair(self, tables: list[list[EntrantId]]) -> bool:
        changed = False
        for t in range(len(tables)):
            tries = 0
            while self.conflicts(tables[t]) and tries < 8:
                tries += 1
                if not (self._best_swap(tables, t) or self._best_split(tables, t)):
                    break
                changed = True
        return changed

    def _best_swap(self, tables: list[list[EntrantId]], t: int) -> bool:
        count = len(tables)
        best = (0.0, -1, -1, -1)
        for distance in range(1, min(count, FAR)):
            for u in (t - distance, t + distance):
                if 0 <= u < count:
                    best = min(best, self._swap_gain(tables, t, u))
            if best[0] < 0 and distance >= NEAR:
                break
        if best[0] >= 0:
            return False
        _, u, i, j = best
        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
        return True

    def _swap_gain(self, tables, t: int, u: int) -> tuple[float, int, int, int]:
        best = (0.0, -1, -1, -1)
        first, second = tables[t], tables[u]
        pair = self.pair
        for i, a in enumerate(first):
            rest_a = first[:i] + first[i + 1 :]
            stay_a = sum(pair(a, x) for x in rest_a)
            for j, b in enumerate(second):
                rest_b = second[:j] + second[j + 1 :]
                delta = (
                    sum(pair(b, x) for x in rest_a)
                    - stay_a
                    + sum(pair(a, y) - pair(b, y) for y in rest_b)
                )
                if delta < best[0]:
                    best = (delta, u, i, j)
        return best

    def _best_split(self, tables: list[list[EntrantId]], t: int) -> bool:
        count = len(tables)
        for distance in range(1, min(count, FAR)):
            for u in (t - distance, t + distance):
                if 0 <= u < count and self._split(tables, t, u):
                    return True
        return False

    def _split(self, tables, t: int, u: int) -> bool:
        both = tables[t] + tables[u]
        size = len(tables[t])
        now = self.table_cost(tables[t]) + self.table_cost(tables[u])
        best = None
        for chosen in itertools.combinations(range(len(both)), size):
            mine = [both[i] for i in chosen]
            theirs = [both[i] for i in range(len(both)) if i not in chosen]
            cost = self.table_cost(mine) + self.table_cost(theirs)
            if cost < now and (best is None or cost < best[0]):
                best = (cost, mine, theirs)
        if best is None:
            return False
        tables[t], tables[u] = best[1], best[2]
        return True

    # -- polish: neighbouring tables that mix score groups ------------------------------

    def _polish(self, tables: list[list[EntrantId]]) -> bool:
        changed = False
        spread = [self._spread(t) for t in tables]
        for t in range(len(tables) - 1):
            for u in (t + 1, t + 2):
                if u >= len(tables) or not (spread[t] or spread[u]):
                    continue
                gain = self._swap_gain(tables, t, u)
                if gain[0] < 0:
                    _, _, i, j = gain
                    tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
                    spread[t], spread[u] = self._spread(tables[t]), self._spread(tables[u])
                    changed = True
        return changed

    def _spread(self, table: Sequence[EntrantId]) -> bool:
        return len({self.level[x] for x in table}) > 1


def fold(
    order: Sequence[EntrantId],
    level: Mapping[EntrantId, float],
    sizes: Sequence[int] = (),
) -> list[EntrantId]:
    """Deal each score group out four ways (see the module's "Start"). A field that is one
    score group (round 1) is dealt to the tables ``sizes`` gives, as cards are, so that with
    tables of four and two (6 entrants: 4 + 2) the top seeds still sit apart."""
    if sizes and sum(sizes) == len(order) and len({level[who] for who in order}) == 1:
        return [who for table in deal(order, sizes) for who in table]
    out: list[EntrantId] = []
    start = 0
    while start < len(order):
        end = start
        while end < len(order) and level[order[end]] == level[order[start]]:
            end += 1
        group = order[start:end]
        tables = -(-len(group) // 4)
        out.extend(
            group[j + k * tables]
            for j in range(tables)
            for k in range(4)
            if j + k * tables < len(group)
        )
        start = end
    return out


def deal(order: Sequence[EntrantId], sizes: Sequence[int]) -> list[list[EntrantId]]:
    """``order`` dealt one by one to the tables that still have a free seat, in turn: with
    tables of equal size, table j takes entrants j, t + j, 2t + j... as the fold does."""
    tables: list[list[EntrantId]] = [[] for _ in sizes]
    turn = 0
    for who in order:
        while len(tables[turn % len(sizes)]) >= sizes[turn % len(sizes)]:
            turn += 1
        tables[turn % len(sizes)].append(who)
        turn += 1
    return tables


def cut(order: Sequence[EntrantId], sizes: Sequence[int]) -> list[list[EntrantId]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _sizes_in_order(tables, sizes, rank):
    """Keep bigger tables first when sizes differ (short tables go to the bottom)."""
    if len(set(sizes)) == 1:
        return tables
    return sorted(tables, key=lambda t: (-len(t), rank[t[0]]))
