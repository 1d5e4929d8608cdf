"""The expert's single decisions on fixed positions, valued on the true deal: one JSON line per
style.

Usage: python bench/decisions.py [--positions N] [--styles NAME ...] [--budget-ms MS] [--seed S]
[--jobs J] [--hook [STYLE:]NAME=VALUE ...] [--raw FILE] [--against FILE]

Whole games (``bench/bots.py``) end in a win or a loss, so telling two settings of the expert
apart takes thousands of them. Here the unit is one decision: positions are taken from games
between casual seats (seeded, so every run sees the same ones), and each legal move there is
played out once on the *true* deal with the rollout policy, which is what the open hand of
issue 20 sees (it plays the best of these values). The expert decides as it would at the table
(its own view, its time budget); its decision is scored by the true-deal value of the move it
chose, in the style's unit (``utility``). Per style:

- ``expert_gain``: the mean value of the expert's move over casual's move in the same position,
  with a 95% interval over positions; ``open_gain`` the same for the best move on the true deal
  (the open hand's); ``share``: their ratio, the part of the open hand's edge kept per decision;
- ``decision_p50_ms`` / ``decision_p95_ms``: the expert's thinking time;
- with ``--against FILE`` (the ``--raw`` of an earlier run, same seed and positions):
  ``paired_gain``, this run's value minus that run's, position by position, with its interval.
  Positions where both picked the same move add nothing but their count, so a change to the
  beliefs, the budget or the early stop shows in a few minutes instead of an hour of games.

It measures the one move the expert makes, each followed by greedy play: a change that pays
only through the expert's later moves (a deeper search) must be measured in whole games. Run
it under ``nice``; the budget is wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bots import TABLES, percentile, set_hooks
from games import bots
from games.bots import expert
from games.bots.knowledge import read
from games.bots.rollout import play_out
from games.bots.utility import scorer_for
from games.engine import new_match

#: The positions of the run, set in the parent before the pool forks (so workers share them).
POSITIONS: dict[str, list] = {}


def positions(style: str, count: int, seed: int) -> list:
    """``count`` decisions with a real choice (the pose left out), from all-casual games; the
    seat whose decisions are kept turns with the deal, and the order is shuffled by ``seed``."""
    seats = TABLES[style][0]
    found = []
    deal = 0
    while len(found) < count * 2:
        game = new_match(style, seats, {}, seed=f"decisions:{seed}:{deal}").start_game()
        rng = random.Random(f"decisions:{seed}:{deal}")
        hero = deal % seats
        while not game.over:
            if game.turn == hero and game.posed and len(game.legal_moves()) > 1:
                found.append(game.copy())
            game.apply(bots.choose("casual", game, game.turn, rng))
        deal += 1
    random.Random(seed).shuffle(found)
    return found[:count]


def true_values(game) -> list[float]:
    """Each legal move's value to the seat to act, played out once on the true deal."""
    seat = game.turn
    passed = read(game, seat).passed
    value = scorer_for(game, seat)
    out = []
    for move in game.legal_moves():
        sim = game.copy()
        sim.apply(move)
        out.append(value(play_out(sim, list(passed))))
    return out


def decide(task: tuple[str, int, float]) -> tuple[str, int, int, float]:
    """The expert's choice (its index among the legal moves) in one position, and its time."""
    style, index, budget_ms = task
    game = POSITIONS[style][index]
    rng = random.Random(f"{style}:{index}")
    began = time.perf_counter()
    move = expert.choose(game, game.turn, rng, budget_ms=budget_ms)
    return style, index, game.legal_moves().index(move), time.perf_counter() - began


def casual_choice(game, index: int) -> int:
    move = bots.choose("casual", game, game.turn, random.Random(index))
    return game.legal_moves().index(move)


def interval(values: list[float]) -> tuple[float, list[float]]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
    half = 1.96 * sd / math.sqrt(n)
    return round(mean, 5), [round(mean - half, 5), round(mean + half, 5)]


def report(style: str, chosen: dict[int, tuple[int, float]], earlier: dict | None) -> dict:
    games = POSITIONS[style]
    values = [true_values(g) for g in games]
    casual = [casual_choice(g, i) for i, g in enumerate(games)]
    got = [values[i][chosen[i][0]] for i in range(len(games))]
    gain = [got[i] - values[i][casual[i]] for i in range(len(games))]
    top = [max(values[i]) - values[i][casual[i]] for i in range(len(games))]
    line: dict = {"style": style, "positions": len(games)}
    line["expert_gain"], line["expert_gain_ci95"] = interval(gain)
    line["open_gain"] = round(sum(top) / len(top), 5)
    line["share"] = round(sum(gain) / sum(top), 3) if sum(top) else None
    line["same_as_casual"] = round(sum(chosen[i][0] == casual[i] for i in chosen) / len(games), 3)
    times = [t for _, t in chosen.values()]
    line["decision_p50_ms"] = percentile(times, 0.50)
    line["decision_p95_ms"] = percentile(times, 0.95)
    if earlier and style in earlier:
        before = earlier[style]
        differ = [got[i] - values[i][before[i]] for i in range(len(games)) if i in before]
        line["paired_gain"], line["paired_ci95"] = interval(differ)
        line["moves_changed"] = sum(chosen[i][0] != before[i] for i in range(len(games)))
    line["_choices"] = [chosen[i][0] for i in range(len(games))]
    return line


def load(path: str | None) -> dict | None:
    if not path:
        return None
    with open(path, encoding="utf-8") as raw:
        lines = [json.loads(line) for line in raw]
    return {line["style"]: dict(enumerate(line["choices"])) for line in lines}


def run(args: argparse.Namespace) -> None:
    for style in args.styles:
        POSITIONS[style] = positions(style, args.positions, args.seed)
    tasks = [(s, i, args.budget_ms) for s in args.styles for i in range(len(POSITIONS[s]))]
    chosen: dict[str, dict[int, tuple[int, float]]] = {s: {} for s in args.styles}
    began = time.time()
    with multiprocessing.Pool(args.jobs, set_hooks, (args.hook,)) as pool:
        for done, (style, index, choice, seconds) in enumerate(
            pool.imap_unordered(decide, tasks, chunksize=8), 1
        ):
            chosen[style][index] = (choice, seconds)
            if done % 200 == 0 or done == len(tasks):
                print(
                    f"{done}/{len(tasks)} decisions, {time.time() - began:.0f} s", file=sys.stderr
                )
    earlier = load(args.against)
    kept = []
    for style in args.styles:
        line = report(style, chosen[style], earlier)
        kept.append({"style": style, "seed": args.seed, "choices": line.pop("_choices")})
        print(json.dumps(line), flush=True)
    if args.raw:
        with open(args.raw, "w", encoding="utf-8") as raw:
            raw.writelines(json.dumps(k) + "\n" for k in kept)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000, help="positions per style")
    parser.add_argument("--styles", nargs="+", default=list(TABLES), choices=list(TABLES))
    parser.add_argument("--budget-ms", type=float, default=expert.BUDGET_MS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hook", action="append", default=[], help="[STYLE:]NAME=VALUE")
    parser.add_argument("--raw", help="write each style's choices here, for a later --against")
    parser.add_argument("--against", help="the --raw file of an earlier run on the same seed")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
