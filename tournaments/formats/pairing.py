"""Two-party Swiss pairing as a minimum-cost perfect matching, solved with networkx.

**The bye first.** With an odd count the bye is settled before anyone is paired. The candidates
are the entrants with the fewest byes (so nobody gets a second bye while an active entrant has
none), lowest-placed first: the bottom of the lowest score group, then up. The first candidate
whose absence leaves a field that pairs without a rematch sits out. Trying them in turn puts the
bye exactly on the bottom, which a cost in the matching could only approximate (in a field of
a thousand, "a little by rank" between neighbours rounds away). After ``BYE_TRIES`` candidates
that all need a rematch, the round falls back to one joint matching with a bye node, where the
costs below weigh a rematch against a second bye.

**The pairs.** Every possible pairing is an edge whose cost adds up, from most to least
important:

- ``REMATCH`` per earlier meeting (1, then 3, 6 ...: a third meeting is worse than two second);
- ``CLASH`` when the two share a group label (same club or family: a soft constraint, worth
  ``avoid_weight`` times a one-win points gap, 2.5 by default);
- ``SCORE`` times the square of the points gap (in wins), so entrants meet their own score
  group and floaters go to the next group, not further;
- the fold: inside a score group of g, two members whose places in it are d apart stray
  |2d - g| from the fold. A pair across the group's halves costs its stray, capped at
  ``CROSS`` (half of ``FOLD``); a pair inside one half costs ``CROSS`` more, so at most
  ``FOLD``. The top half is the first g // 2 places, the bottom half the last g // 2; an odd
  group's middle place is in either (the bottom's when the group's last floats down, the top's
  when its first meets a floater from above), so its pairs count as across. The fold's partner
  (the group's i-th meets its (i + g/2)-th: top half against bottom half, so the group's best
  do not meet first) costs 0, any other pair a whole number of at least 1 however big the
  group (the fold is the one cheapest pairing of a group), and any pair inside a half more
  than any pair across. So when the fold must change (club-mates, a rematch), the bottom half
  is reordered before anyone changes halves, as in FIDE's Dutch system (transpositions before
  exchanges): an exchange makes a pair inside each half, together at least ``2 * CROSS + 4``,
  while reordering a bottom half of up to 10 costs at most 100 (twice the sum of the places
  moved), so with clashes and rematches equal a group of up to 20 keeps its halves apart. The
  cap keeps a pair's fold cost within what a points gap of a tenth of a win costs (a
  hundredth of a one-win gap), so the fold never outweighs the score groups.

In the fallback's bye node, giving the bye costs the receiver's points gap above the lowest
score, its places from the bottom (capped at ``FOLD``), and ``BYE_AGAIN`` per bye already had.
networkx's ``max_weight_matching`` (Edmonds' blossom algorithm) with ``maxcardinality`` then
finds, among the matchings that pair everybody, one of least total cost (edge weight = a
constant minus the cost). Since ``REMATCH`` and ``BYE_AGAIN`` exceed the sum of every other
cost in the round, no rematch and no second bye is ever chosen while one can be avoided.

**Why it is fast enough.** The blossom algorithm is cubic, and networkx's is pure Python: a
whole field of 4,096 would take minutes. But a Swiss round is local: entrants are paired
within their score group or the next. So the field, sorted by points then seed, is cut into
chunks of about ``CHUNK`` entrants along score groups (a large group is cut in slices that keep
its fold: the k-th slice takes the same places of its top half and of its bottom half, so that
every fold pair lies in one slice), and each chunk is matched on its own sparse candidate graph
(its members and the floaters handed down, without rematch edges). Whoever a chunk cannot pair
(the odd one out, chosen by the matching through a float node that costs the points gap to the
next chunk, then places from the chunk's bottom) floats down into the next. If the last chunk
cannot be completed without a rematch or a second bye, chunks are merged from the bottom up and
solved again, up to the whole field, where rematch and second-bye edges are finally allowed and
their count minimised. Events of up to ``EXACT_LIMIT`` entrants are always solved as one graph.
A round of 4,096 thus costs a few hundred small matchings.
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
#: per squared win of points gap: a tenth of a win costs 100, as much as the worst fold
SCORE = 10**4
#: the cap of a pair's fold cost, and of the places-from-the-bottom term of floats and byes
FOLD = 100
#: the cap of the fold cost of a pair across the halves of its score group; a pair inside a half
#: costs more, from ``CROSS + 1`` up to ``FOLD``
CROSS = FOLD // 2
CHUNK = 16
EXACT_LIMIT = 48
#: bye candidates tried one by one before the joint matching decides (a rematch looks needed)
BYE_TRIES = 12
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
        """Index every entrant's place in the field and in its score group (for the fold
        cost). Called again for each field tried: without a bye candidate, the places below
        and the size of its group change."""
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
        return cost + fold_cost(self.gindex[a], self.gindex[b], self.gsize[a])

    def bye_cost(self, who: EntrantId, again: bool) -> int | None:
        """The bye node's edge, used only when the bye could not be settled first."""
        had = self.byes.get(who, 0)
        if had and not again:
            return None
        gap = self.level[who] - self.low
        from_bottom = self.count - 1 - self.rank[who]
        return BYE_AGAIN * had + round(SCORE * gap * gap) + min(from_bottom, FOLD)

    def float_cost(self, who: EntrantId, below: float, from_bottom: int) -> int:
        """Floating ``who`` down to the next chunk, whose top is on ``below`` points;
        ``from_bottom``: how many of the chunk are placed below ``who`` (the lowest floats)."""
        gap = self.level[who] - below
        return round(SCORE * gap * gap) + min(from_bottom, FOLD)


def fold_cost(i: int, j: int, size: int) -> int:
    """The fold cost of the pair at places ``i`` and ``j`` of a score group of ``size`` (see the
    module's docstring): its stray from the fold, capped at ``CROSS``, and ``CROSS`` more if
    both are in the top half (the first ``size // 2`` places) or both in the bottom half (the
    last ``size // 2``). An odd group's middle place may be in either (the bottom's when the
    group's last floats down, the top's when its first meets a floater from above), so no pair
    with it is inside a half."""
    # in whole places, not a fraction of the group: a fraction rounded to an integer cost made
    # an off-by-one pair free in a group of a hundred or more
    stray = abs(2 * abs(i - j) - size)
    stray = stray if stray < CROSS else CROSS  # not min(): this runs for every edge
    half = size // 2
    inside = (i < half and j < half) or (i >= size - half and j >= size - half)
    return stray + CROSS if inside else stray


def score_groups(order: Sequence[EntrantId], level: Mapping[EntrantId, float]):
    groups: list[list[EntrantId]] = []
    for who in order:
        if groups and level[groups[-1][-1]] == level[who]:
            groups[-1].append(who)
        else:
            groups.append([who])
    return groups


def pair(order: Sequence[EntrantId], model: Model) -> Pairing:
    """Pair ``order`` (active entrants, best first); one bye if the count is odd, settled
    first (see the module's docstring) so that it lands exactly on the bottom."""
    if len(order) % 2:
        for who in _bye_candidates(order, model):
            found = _match([w for w in order if w != who], model, rematch=False)
            if found is not None:
                return Pairing(found.pairs, who)
    found = _match(order, model, rematch=True)
    assert found is not None, "a matching with every edge allowed is always perfect"
    return found


def _bye_candidates(order: Sequence[EntrantId], model: Model) -> list[EntrantId]:
    """Who may sit out, in the order to try: the fewest byes had, then lowest-placed first.
    At most ``BYE_TRIES``: each try pairs the whole field, and when that many in a row need a
    rematch, the joint matching (which counts rematches against second byes) decides."""
    fewest = min(model.byes.get(w, 0) for w in order)
    return [w for w in reversed(order) if model.byes.get(w, 0) == fewest][:BYE_TRIES]


def _match(order: Sequence[EntrantId], model: Model, rematch: bool) -> Pairing | None:
    """Pair ``order`` chunk by chunk (see the module's docstring); with an odd count the
    matching picks the bye. ``None`` if it needs a rematch or a second bye and ``rematch`` is
    false; with ``rematch``, their count is minimised."""
    model.prepare(order)
    if len(order) <= EXACT_LIMIT:
        return _whole(order, model, rematch)
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
            if not done:
                # the whole field, merged into one block, has no pairing without a rematch
                # (or a second bye): allow them, on a narrower graph so that it stays quick
                if not rematch:
                    return None
                whole = _solve(list(order), model, True, None, rematch=True, wide=True)
                assert whole is not None
                return _pairing(whole[0])
            # merge this block into the one before and solve that again
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
    return _pairing([p for _, block_pairs in done for p in block_pairs])


def _pairing(pairs: list[tuple]) -> Pairing:
    """Split the bye node's edge, if any, from the real pairs."""
    bye = next((a if b == _BYE else b for a, b in pairs if _BYE in (a, b)), None)
    return Pairing([p for p in pairs if _BYE not in p], bye)


def _blocks(order: Sequence[EntrantId], model: Model) -> list[list[EntrantId]]:
    """Cut the field into chunks along score groups, slicing big groups fold-wise: slice k
    holds places a..b of the top half and the same places a..b of the bottom half (the group's
    i-th and its (i + g/2)-th always share a slice); an odd group's last member, which has no
    fold partner, goes with the last slice."""
    pieces: list[list[EntrantId]] = []
    for group in score_groups(order, model.level):
        if len(group) <= CHUNK * 3 // 2:
            pieces.append(group)
            continue
        slices = math.ceil(len(group) / CHUNK)
        half = len(group) // 2
        for k in range(slices):
            a, b = k * half // slices, (k + 1) * half // slices
            pieces.append(group[a:b] + group[half + a : half + b])
        pieces[-1].extend(group[2 * half :])
    blocks: list[list[EntrantId]] = []
    for piece in pieces:
        if blocks and len(blocks[-1]) < CHUNK // 2:
            blocks[-1].extend(piece)
        else:
            blocks.append(list(piece))
    if len(blocks) > 1 and len(blocks[-1]) < CHUNK // 2:
        blocks[-2].extend(blocks.pop())
    return blocks


def _whole(order: Sequence[EntrantId], model: Model, rematch: bool) -> Pairing | None:
    """The whole field as one graph: first without rematches, then with them if allowed."""
    for allowed in (False, True) if rematch else (False,):
        result = _solve(list(order), model, True, None, rematch=allowed)
        if result is not None:
            return _pairing(result[0])
    return None


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
    rank = model.rank
    odd = len(nodes) % 2 == 1
    if odd and last:
        for who in nodes:
            cost = model.bye_cost(who, again=rematch)
            if cost is not None:
                costs.append((who, _BYE, cost))
    elif odd:
        bottom_up = sorted(nodes, key=rank.__getitem__, reverse=True)
        costs.extend(
            (who, _FLOAT, model.float_cost(who, below, i)) for i, who in enumerate(bottom_up)
        )
    if not costs:
        return None if last and nodes else ([], list(nodes))
    top = max(c for _, _, c in costs) + 1
    # float weights: networkx then skips its (slow) optimality self-check, which it runs only
    # for integer weights; every weight here stays below 2**53, so floats hold them exactly
    graph.add_weighted_edges_from((a, b, float(top - c)) for a, b, c in costs)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
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
