"""Engine speed: uniformly random games through the public API, one JSON line per style.

Usage: python bench/engine.py [--seconds S] [--style NAME ...] [--seats N]

Each style runs for about S seconds in this one process: ``start_game``, then ``legal_moves``, a
uniformly random choice and ``apply`` until the game is over, and a new match whenever the match
ends. ``placements_per_s`` counts tiles placed; passes and draws are further steps on top of them
(``steps_per_s``). Rates are per second of this process's CPU time over the whole run; the
``best_*`` rates are those of the fastest quarter-second window, which a busy machine disturbs less.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from itertools import cycle
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import new_match

SETUPS = [
    ("cutthroat", 4, {}),
    ("partner", 4, {}),
    ("block", 4, {}),
    ("draw", 4, {}),
    ("french", 4, {}),
    ("doubles", 4, {}),
]


def run(style: str, seats: int, options: dict, seconds: float, window: float = 0.25) -> dict:
    """Play random games for ``seconds`` of CPU time and count games, placements and steps.

    Choices come from a pre-drawn cycle of 30-bit random numbers taken modulo the number of
    moves (bias below one in ten million), and a forced move is taken without drawing: the
    benchmark measures the engine, not the random module. The run is cut into windows of
    ``window`` CPU seconds; the headline rates are over the whole run, and the ``best_`` rates
    those of the fastest window (as ``timeit`` takes the best repeat, since other jobs on a
    shared machine only ever slow a window down).
    """
    pool = random.Random(1)
    draw = cycle([pool.getrandbits(30) for _ in range(1 << 16)]).__next__
    totals = [0, 0, 0]  # games, placements, steps
    best = (0.0, 0, 0, 0)  # window seconds, games, placements, steps: the fastest window
    matches = 0
    match = new_match(style, seats, options, seed=0)
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        begin = clock()
        games = placements = steps = 0
        while True:
            if match.over:
                matches += 1
                match = new_match(style, seats, options, seed=matches)
            game = match.start_game()
            while not game.over:
                moves = game.legal_moves()
                game.apply(moves[draw() % len(moves)] if len(moves) > 1 else moves[0])
                steps += 1
            placements += game.placed.bit_count()
            games += 1
            if games % 16 == 0 and clock() - begin > window:
                break
        spent = clock() - begin
        if placements / spent > (best[2] / best[0] if best[0] else 0):
            best = (spent, games, placements, steps)
        totals = [totals[0] + games, totals[1] + placements, totals[2] + steps]
    elapsed = clock() - start
    return {
        "style": style,
        "seats": seats,
        "games": totals[0],
        "games_per_s": round(totals[0] / elapsed),
        "placements_per_s": round(totals[1] / elapsed),
        "steps_per_s": round(totals[2] / elapsed),
        "best_games_per_s": round(best[1] / best[0]),
        "best_placements_per_s": round(best[2] / best[0]),
        "cpu_seconds": round(elapsed, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per style")
    parser.add_argument("--style", action="append", help="only these styles (repeatable)")
    parser.add_argument("--seats", type=int, help="seat count instead of the default 4")
    args = parser.parse_args()
    for style, seats, options in SETUPS:
        if args.style and style not in args.style:
            continue
        print(json.dumps(run(style, args.seats or seats, options, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
