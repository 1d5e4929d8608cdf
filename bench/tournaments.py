"""Tournament formats: seconds to pair or seat one mid-event round, one JSON line per format.

Usage: python bench/tournaments.py [--sizes N ...] [--repeat R] [--formats NAME ...] [--seed S]

For each format and entry count the event is played up to a realistic point with results drawn
by a seeded random (a tenth of two-party games drawn), then the next round is timed: the best
of ``--repeat`` runs (other jobs on a shared machine only ever slow a run down). The state
handed in is the whole history, so the figure includes checking it and reading the standings
the pairing needs, as the Django side will pay. Points reached:

- ``single_elimination``: round 3 (round 2 for 64 entries' six-round bracket, likewise).
- ``double_elimination``: the round after the winners bracket's final (losers bracket busy).
- ``round_robin``: round 5 of a two-party round robin; ``tables_*`` the same for four-seat
  Cut-Throat tables, ``partners_*`` for rotating Partner tables.
- ``swiss``: round 5. ``swiss_tables``: round 5 of Cut-Throat tables (bots fill seats).
- ``table_knockout``: round 2 of Cut-Throat tables (bots fill seats).
- ``two_stage``: the first playoff round after a 4-round Swiss (top 64 into single
  elimination): the pools' standings, the qualifiers and the bracket; ``pool_*`` round 4.

Goal: every figure under 1 s for 4,096 entries.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.formats import Entrant, Format, State, Table, make_format

SIZES = (64, 512, 4096)


def places(rng: random.Random, table: Table, teams: bool, draws: bool) -> tuple[int, ...]:
    if teams:
        return rng.choice([(1, 2, 1, 2), (2, 1, 2, 1)])
    if len(table.seats) == 2:
        return (1, 1) if draws and rng.random() < 0.1 else rng.choice([(1, 2), (2, 1)])
    order = list(range(1, len(table.seats) + 1))
    rng.shuffle(order)
    return tuple(order)


def advance(fmt: Format, state: State, rounds: int, rng: random.Random, case: dict) -> State:
    """Play ``rounds`` rounds with random results."""
    teams, draws = case.get("teams", False), case.get("draws", False)
    for _ in range(rounds):
        round_ = fmt.next_round(state)
        results = {n: places(rng, t, teams, draws) for n, t in enumerate(round_.tables, start=1)}
        state = state.then(round_.with_results(results))
    return state


def timed(fmt: Format, state: State, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        fmt.next_round(state)
        best = min(best, time.perf_counter() - began)
    return round(best, 4)


def field(count: int) -> State:
    return State([Entrant(i, seed=i) for i in range(1, count + 1)])


CUT_THROAT = {"style": "cutthroat", "fill_with_bots": True}
TWO_STAGE = {"pool_options": {"rounds": 4}, "advance": 64}

#: format -> cases: figure prefix, options, rounds played first, draws / partnership results
CASES: dict[str, list[dict]] = {
    "single_elimination": [{"prefix": "entries", "options": {}, "first": 2}],
    "double_elimination": [{"prefix": "entries", "options": {}, "first": "winners_final"}],
    "round_robin": [
        {"prefix": "entries", "options": {}, "first": 4, "draws": True},
        {"prefix": "tables_entries", "options": {"seats": 4, **CUT_THROAT}, "first": 4},
        {
            "prefix": "partners_entries",
            "options": {"seats": 4, "partnerships": True, "fill_with_bots": True},
            "first": 4,
            "teams": True,
        },
    ],
    "swiss": [{"prefix": "entries", "options": {"rounds": 7}, "first": 4, "draws": True}],
    "swiss_tables": [{"prefix": "entries", "options": {**CUT_THROAT, "rounds": 7}, "first": 4}],
    "table_knockout": [{"prefix": "entries", "options": CUT_THROAT, "first": 1}],
    "two_stage": [
        {"prefix": "entries", "options": TWO_STAGE, "first": 4, "draws": True},
        {"prefix": "pool_entries", "options": TWO_STAGE, "first": 3, "draws": True},
    ],
}


def played_first(plan: object, count: int) -> int:
    if plan == "winners_final":
        return max(1, (count - 1).bit_length()) + 1
    return int(plan)


def run(name: str, sizes: list[int], repeat: int, seed: int) -> dict:
    line: dict = {"format": name}
    for case in CASES[name]:
        for count in sizes:
            fmt = make_format(name, seed=seed, **case["options"])
            rng = random.Random(f"{seed}:{name}:{case['prefix']}:{count}")
            state = advance(fmt, field(count), played_first(case["first"], count), rng, case)
            line[f"{case['prefix']}_{count}_s"] = timed(fmt, state, repeat)
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--formats", nargs="+", default=list(CASES), choices=list(CASES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in args.formats:
        print(json.dumps(run(name, args.sizes, args.repeat, args.seed)), flush=True)


if __name__ == "__main__":
    main()
