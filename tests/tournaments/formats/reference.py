"""Exhaustive references for small events: the best any pairing or seating could do."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence


def matchings(ids: Sequence) -> Iterator[list[tuple]]:
    """Every perfect matching of ``ids`` (an even count)."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def best_pairing_cost(ids: Sequence, met: dict, byes: Counter) -> tuple[int, int]:
    """The least (second byes, repeat cost) over every pairing, with a bye when odd; a pair that
    met m times costs 1 + 2 + ... + m."""
    best = None
    options = [(None, list(ids))]
    if len(ids) % 2:
        options = [(b, [x for x in ids if x != b]) for b in ids]
    for bye, rest in options:
        again = int(bye is not None and byes[bye] > 0)
        for pairs in matchings(rest):
            cost = (again, sum(tri(met[a][b]) for a, b in pairs))
            best = cost if best is None or cost < best else best
    return best


def partitions(ids: Sequence, sizes: Sequence[int]) -> Iterator[list[list]]:
    """Every way to cut ``ids`` into unordered tables of the given sizes."""
    if not sizes:
        yield []
        return
    first, rest = ids[0], list(ids[1:])
    for size in sorted(set(sizes)):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            left = [x for x in rest if x not in mates]
            for tail in partitions(left, left_sizes):
                yield [[first, *mates], *tail]


def seating_cost(tables, met: dict) -> int:
    return sum(tri(met[a][b]) for t in tables for a, b in itertools.combinations(t, 2))


def tri(m: int) -> int:
    return m * (m + 1) // 2
