"""Calibrating the analysis: the mean cost per unforced decision of each bot level, per style.

Usage: python bench/analysis.py [--games N] [--styles NAME ...] [--worlds W] [--budget-ms MS]
       [--seed S] [--jobs J]

For each style and level (random, casual, expert), N games are played with every seat at that
level and analysed (``games.bots.analysis.analyse_game``); the figures are pooled over every
seat's unforced decisions. Prints one JSON line per style, then one line ``"style": "all"`` with
the levels' figures over all styles, which the bands (``analysis.units.BANDS``) are placed
around (docs/analysis.md):

- ``normal_cost``: mean cost per unforced decision divided by the unit's scale (1 for a win
  chance, 20 points), with a 95% interval over games;
- ``marks``: small, clear and big errors per 100 decisions;
- ``bands``: how the levels' per-game, per-seat figures fall into the bands;
- ``seconds_per_game_p50`` / ``_max``: analysis time per game (not the play), CPU seconds of
  one core (``time.process_time``), so that a busy machine does not inflate it;
- with ``--stability``, each game is analysed again with another seed: ``stability`` gives the
  mean absolute difference of the normalised costs of the same decisions, the share of decisions
  whose mark and whose best move agree, and the largest difference of a player's mean cost.

Goals: expert < casual < random in ``normal_cost`` in every style; a 4-seat Cut-Throat game
analysed in under 20 s of one core. The expert plays at ``--budget-ms`` (default 40 ms) so the
bench stays short; it is barely weaker than at 150 ms (docs/bots.md). Run it under ``nice``.
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

from games import bots
from games.bots import expert
from games.bots.analysis import WORLDS, analyse_game
from games.engine import make_record, new_match

TABLES = {"cutthroat": 4, "partner": 4, "block": 2, "draw": 2, "french": 4, "doubles": 4}
LEVELS = ("random", "casual", "expert")


def one_game(task: tuple) -> dict:
    """Play one game at ``level`` in every seat, analyse it; the per-seat figures and the time."""
    style, level, index, worlds, budget_ms, seed, stability = task
    match = new_match(style, TABLES[style], seed=f"{seed}:{index}")
    game = match.start_game()
    rng = random.Random(f"{seed}:{level}:{index}")
    while not game.over:
        if level == "expert" and len(game.legal_moves()) > 1:
            move = expert.choose(game, game.turn, rng, budget_ms=budget_ms)
        else:
            move = bots.choose(level, game, game.turn, rng)
        game.apply(move)
    began = time.process_time()  # CPU time of this process: the machine may be shared
    record = make_record(match)
    analysis = analyse_game(record, 1, seed=seed, worlds=worlds)
    seconds = time.process_time() - began
    scale = analysis["scale"]
    rows = analysis["decisions"]
    out = {
        "style": style,
        "level": level,
        "seconds": seconds,
        "costs": [d["cost"] / scale for d in rows],
        "marks": [d["mark"] for d in rows],
        "bands": [p["band"] for p in analysis["players"] if p["decisions"]],
        "per_game": sum(d["cost"] for d in rows) / scale / len(rows) if rows else 0.0,
    }
    if stability:
        out["again"] = _compare(analysis, analyse_game(record, 1, seed=f"{seed}b", worlds=worlds))
    return out


def _compare(one: dict, two: dict) -> dict:
    """How far two analyses of one game with different seeds differ."""
    pairs = list(zip(one["decisions"], two["decisions"], strict=True))
    scale = one["scale"]
    players = zip(one["players"], two["players"], strict=True)
    return {
        "diffs": [abs(a["cost"] - b["cost"]) / scale for a, b in pairs],
        "same_mark": [a["mark"] == b["mark"] for a, b in pairs],
        "same_best": [a["best"] == b["best"] for a, b in pairs],
        "player_diff": max(
            (abs(a["mean_cost"] - b["mean_cost"]) / scale for a, b in players), default=0.0
        ),
    }


def summarise(results: list[dict]) -> dict:
    """Per level: mean normalised cost, interval over games, marks per 100, bands, times."""
    out = {}
    for level in LEVELS:
        mine = [r for r in results if r["level"] == level]
        if not mine:
            continue
        costs = [c for r in mine for c in r["costs"]]
        marks = [m for r in mine for m in r["marks"]]
        bands: dict[str, int] = {}
        for r in mine:
            for b in r["bands"]:
                bands[b] = bands.get(b, 0) + 1
        times = sorted(r["seconds"] for r in mine)
        out[level] = {
            "games": len(mine),
            "decisions": len(costs),
            "normal_cost": round(sum(costs) / len(costs), 4) if costs else None,
            "ci95": _interval([r["per_game"] for r in mine]),
            "marks_per_100": {
                w: round(100 * marks.count(w) / len(marks), 1) if marks else 0
                for w in ("small", "clear", "big")
            },
            "bands": bands,
            "seconds_per_game_p50": round(times[len(times) // 2], 2),
            "seconds_per_game_max": round(times[-1], 2),
        }
        again = [r["again"] for r in mine if "again" in r]
        if again:
            diffs = [d for a in again for d in a["diffs"]]
            marks = [m for a in again for m in a["same_mark"]]
            bests = [m for a in again for m in a["same_best"]]
            out[level]["stability"] = {
                "mean_abs_cost_diff": round(sum(diffs) / len(diffs), 4) if diffs else None,
                "same_mark": round(sum(marks) / len(marks), 3) if marks else None,
                "same_best": round(sum(bests) / len(bests), 3) if bests else None,
                "max_player_mean_diff": round(max(a["player_diff"] for a in again), 4),
            }
    return out


def _interval(values: list[float]) -> list[float | None]:
    n = len(values)
    if n < 2:
        return [None, None]
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return [round(mean - 1.96 * sd / math.sqrt(n), 4), round(mean + 1.96 * sd / math.sqrt(n), 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per style and level")
    parser.add_argument("--styles", nargs="*", default=list(TABLES))
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--budget-ms", type=float, default=40.0)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--stability", action="store_true", help="analyse each game twice")
    args = parser.parse_args()
    tasks = [
        (style, level, i, args.worlds, args.budget_ms, args.seed, args.stability)
        for style in args.styles
        for level in LEVELS
        for i in range(args.games)
    ]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(one_game, tasks)
    else:
        results = [one_game(t) for t in tasks]
    for style in args.styles:
        line = {"style": style, "worlds": args.worlds}
        line.update(summarise([r for r in results if r["style"] == style]))
        print(json.dumps(line), flush=True)
    print(json.dumps({"style": "all", "worlds": args.worlds, **summarise(results)}), flush=True)


if __name__ == "__main__":
    main()
