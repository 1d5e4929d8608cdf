"""Helpers for the format tests: entrants, random results, playing rounds out."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable

from tournaments.formats import Entrant, Format, RoundPlan, State, TablePlan


def entrants(count: int, **groups: Iterable[int]) -> list[Entrant]:
    """Entrants 1..count seeded by id; ``groups`` maps a label to the ids that carry it."""
    labels: dict[int, set[str]] = {i: set() for i in range(1, count + 1)}
    for label, ids in groups.items():
        for i in ids:
            labels[i].add(label)
    return [Entrant(i, seed=i, groups=frozenset(labels[i])) for i in range(1, count + 1)]


def random_places(rng: random.Random, table: TablePlan, ties: bool = False, teams: bool = False):
    """A valid result for ``table``: a shuffled order, with ties now and then if asked."""
    if teams:
        return rng.choice([(1, 2, 1, 2), (2, 1, 2, 1)] + ([(1, 1, 1, 1)] if ties else []))
    seats = len(table.seats)
    if ties and rng.random() < 0.2:
        values = [rng.randint(0, 2) for _ in range(seats)]
        return tuple(1 + sum(1 for o in values if o < v) for v in values)
    places = list(range(1, seats + 1))
    rng.shuffle(places)
    return tuple(places)


def record(state: State, round_: RoundPlan, rng: random.Random, **kw) -> State:
    state = state.then(round_)
    for number, table in enumerate(round_.tables, start=1):
        state = state.with_result(round_.number, number, random_places(rng, table, **kw))
    return state


def play(fmt: Format, state: State, rng: random.Random, rounds: int | None = None, **kw) -> State:
    """Play rounds with random results until the format is over (or ``rounds`` are played)."""
    played = 0
    while not fmt.is_finished(state) and (rounds is None or played < rounds):
        state = record(state, fmt.next_round(state), rng, **kw)
        played += 1
    return state


def assert_seated_once(round_: RoundPlan, state: State) -> None:
    """Every active entrant sits at exactly one table or has a bye; nobody else appears."""
    named = [*round_.seated(), *round_.byes]
    assert len(named) == len(set(named)), f"someone twice in round {round_.number}"
    active = {e.id for e in state.entrants if e.active}
    assert set(named) <= active, "an inactive entrant was seated"


def table_mates(state: State) -> Counter:
    """How often each unordered pair of entrants shared a table."""
    count: Counter = Counter()
    for round_ in state.rounds:
        for table in round_.tables:
            for a, b in itertools.combinations(table.entrants, 2):
                count[frozenset((a, b))] += 1
    return count
