"""Two-party Swiss pairing as a minimum-cost perfect matching, solved with networkx.

Every possible pairing is an edge whose cost adds up, from most to least important:

- ``REMATCH`` per earlier meeting (1, then 3, 6 ...: a third meeting is worse than two second);
- ``CLASH`` when the two share a group label (same club or family: a soft constraint, worth
  ``avoid_weight`` cross-group pairs, 2.5 by default);
- ``SCORE`` times the square of the points gap (in wins), so entrants meet their own score
  group and floaters go to the next group, not further;
- up to ``FOLD`` for straying, inside a score group, from the Swiss fold (the group's i-th
  meets its (i + g/2)-th: top half against bottom half, so the group's best do not meet first).

An odd count adds a bye node: giving the bye costs the receiver's points gap above the lowest
score (the bye goes to the bottom), a little by rank, and ``BYE_AGAIN`` per bye already had.
networkx's ``max_weight_matching`` (Edmonds' blossom algorithm) with ``maxcardinality`` then
finds, among the matchings that pair everybody, one of least total cost (edge weight = a
constant minus the cost). Since ``REMATCH`` and ``BYE_AGAIN`` exceed the sum of every other
cost in the round, no rematch and no second bye is ever chosen while one can be avoided.

**Why it is fast enough.** The blossom algorithm is cubic, and networkx's is pure Python: a
whole field of 4,096 would take minutes. But a Swiss round is local: entrants are paired
within their score group or the next. So the field, sorted by points then seed, is cut into
chunks of about ``CHUNK`` entrants along score groups (a large group is cut in slices that keep
its fold: the k-th slice takes the k-th part of its top half and of its bottom half), and each
chunk is matched on its own sparse candidate graph (its members and the floaters handed down,
without rematch edges). Whoever a chunk cannot pair (the odd one out, chosen by the matching
through a float node that costs the points gap to the next chunk) floats down into the next.
If the last chunk cannot be completed without a rematch or a second bye, chunks are merged
from the bottom up and solved again, up to the whole field, where rematch and second-bye edges
are finally allowed and their count minimised. Events of up to ``EXACT_LIMIT`` entrants are
always solved as one graph. A round of 4,096 thus costs about a hundred small matchings.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

from .model import EntrantId

REMATCH = 10**12
BYE_AGAIN = 10**15
SCORE = 1000
FOLD = 100
CHUNK = 16
EXACT_LIMIT = 48
#: candidate edges of the whole-field fallback, for fields above ``EXACT_LIMIT``: by rank gap
WIDE = 96
_BYE = ("bye",)
_FLOAT = ("float",)


@dataclass
class Pairing:
    pairs: list[tuple[EntrantId, EntrantId]]
    bye: EntrantId | None


@dataclass
class Model:
    """What the costs read: ``level`` = points in wins, ``met`` = meeting counts, ``byes`` =
    byes had, ``groups`` = labels to keep apart, ``clash`` = their cost."""

    level: Mapping[EntrantId, float]
    met: Mapping[EntrantId, Counter]
    byes: Mapping[EntrantId, int]
    groups: Mapping[EntrantId, frozenset[str]]
    clash: int

    def prepare(self, order: Sequence[EntrantId]) -> None:
        """Index every entrant's place in its score group (for the fold cost)."""
        self.rank = {who: i for i, who in enumerate(order)}
        self.gindex: dict[EntrantId, int] = {}
        self.gsize: dict[EntrantId, int] = {}
        for group in score_groups(order, self.level):
            for i, who in enumerate(group):
                self.gindex[who] = i
                self.gsize[who] = len(group)
        self.low = min(self.level[w] for w in order)
        self.count = len(order)

    def cost(self, a: EntrantId, b: EntrantId, rematch: bool) -> int | None:
        times = self.met[a].get(b, 0)
        if times and not rematch:
            return None
        cost = REMATCH * times * (times + 1) // 2
        if self.groups[a] and self.groups[a] & self.groups[b]:
            cost += self.clash
        gap = self.level[a] - self.level[b]
        if gap:
            return cost + round(SCORE * gap * gap)
        half = self.gsize[a] / 2
        stray = abs(abs(self.gindex[a] - self.gindex[b]) - half) / max(half, 1)
        return cost + round(FOLD * stray)

    def bye_cost(self, who: EntrantId, again: bool) -> int | None:
        had = self.byes.get(who, 0)
        if had and not again:
            return None
        gap = self.level[who] - self.low
        from_bottom = (self.count - 1 - self.rank[who]) / max(self.count, 1)
        return BYE_AGAIN * had + round(SCORE * gap * gap) + round(FOLD * from_bottom)

    def float_cost(self, who: EntrantId, below: float) -> int:
        gap = self.level[who] - below
        return round(SCORE * gap * gap) + round(FOLD * (1 - self.rank[who] / self.count))


def score_groups(order: Sequence[EntrantId], level: Mapping[EntrantId, float]):
    groups: list[list[EntrantId]] = []
    for who in order:
        if groups and level[groups[-1][-1]] == level[who]:
            groups[-1].append(who)
        else:
            groups.append([who])
    return groups


def pair(order: Sequence[EntrantId], model: Model) -> Pairing:
    """Pair ``order`` (active entrants, best first); one bye if the count is odd."""
    model.prepare(order)
    if len(order) <= EXACT_LIMIT:
        return _whole(order, model)
    blocks = _blocks(order, model)
    done: list[tuple[list[EntrantId], list]] = []  # (carry into block, pairs of block)
    carry: list[EntrantId] = []
    index = 0
    while index < len(blocks):
        nodes = carry + blocks[index]
        last = index == len(blocks) - 1
        below = model.level[blocks[index + 1][0]] if not last else None
        result = _solve(nodes, model, last, below, rematch=False)
        if result is None:
            # merge this block into the one before and solve that again
            if not done:
                return _whole(order, model, wide=True)
            before, _ = done.pop()
            merged = blocks[index - 1] + blocks[index]
            blocks[index - 1 : index + 1] = [merged]
            index -= 1
            carry = before
            continue
        pairs, leftover = result
        done.append((carry, pairs))
        carry = leftover
        index += 1
    pairs = [p for _, block_pairs in done for p in block_pairs if _BYE not in p]
    byes = [
        a if b == _BYE else b for _, block_pairs in done for a, b in block_pairs if _BYE in (a, b)
    ]
    return Pairing(pairs, byes[0] if byes else None)


def _blocks(order: Sequence[EntrantId], model: Model) -> list[list[EntrantId]]:
    """Cut the field into chunks along score groups, slicing big groups fold-wise."""
    pieces: list[list[EntrantId]] = []
    for group in score_groups(order, model.level):
        if len(group) <= CHUNK * 3 // 2:
            pieces.append(group)
            continue
        slices = math.ceil(len(group) / CHUNK)
        half = len(group) // 2
        top, bottom = group[:half], group[half:]
        for k in range(slices):
            a, b = k * half // slices, (k + 1) * half // slices
            c = k * len(bottom) // slices
            d = (k + 1) * len(bottom) // slices
            pieces.append(top[a:b] + bottom[c:d])
    blocks: list[list[EntrantId]] = []
    for piece in pieces:
        if blocks and len(blocks[-1]) < CHUNK // 2:
            blocks[-1].extend(piece)
        else:
            blocks.append(list(piece))
    if len(blocks) > 1 and len(blocks[-1]) < CHUNK // 2:
        blocks[-2].extend(blocks.pop())
    return blocks


def _whole(order: Sequence[EntrantId], model: Model, wide: bool = False) -> Pairing:
    """The whole field as one graph: first without rematches, then with them if need be."""
    for rematch in (False, True):
        result = _solve(list(order), model, True, None, rematch=rematch, wide=wide)
        if result is not None:
            pairs, _ = result
            bye = next((a if b == _BYE else b for a, b in pairs if _BYE in (a, b)), None)
            return Pairing([p for p in pairs if _BYE not in p], bye)
    raise AssertionError("a matching with every edge allowed is always perfect")


def _solve(nodes, model: Model, last: bool, below, rematch: bool, wide: bool = False):
    """Match one chunk. Returns (pairs, entrants left to float down), or ``None`` when the last
    chunk cannot pair everybody (rematch and second-bye edges allowed only with ``rematch``)."""
    graph = nx.Graph()
    costs: list[tuple[object, object, int]] = []
    span = WIDE if wide and len(nodes) > EXACT_LIMIT else len(nodes)
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 : i + 1 + span]:
            cost = model.cost(a, b, rematch)
            if cost is not None:
                costs.append((a, b, cost))
    odd = len(nodes) % 2 == 1
    if odd and last:
        for who in nodes:
            cost = model.bye_cost(who, again=rematch)
            if cost is not None:
                costs.append((who, _BYE, cost))
    elif odd:
        costs.extend((who, _FLOAT, model.float_cost(who, below)) for who in nodes)
    if not costs:
        return None if last and nodes else ([], list(nodes))
    top = max(c for _, _, c in costs) + 1
    # float weights: networkx then skips its (slow) optimality self-check, which it runs only
    # for integer weights; every weight here stays below 2**53, so floats hold them exactly
    graph.add_weighted_edges_from((a, b, float(top - c)) for a, b, c in costs)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    rank = model.rank
    pairs = []
    matched: set = set()
    for a, b in matching:
        matched.update((a, b))
        if _FLOAT in (a, b):
            continue
        if b is not _BYE and (a is _BYE or rank[a] > rank[b]):
            a, b = b, a
        pairs.append((a, b))
    leftover = [who for who in nodes if who not in matched]
    leftover += [a if b == _FLOAT else b for a, b in matching if _FLOAT in (a, b)]
    if last and (len(leftover) > 0):
        return None
    leftover.sort(key=rank.__getitem__)
    return pairs, leftover
