"""Walking a finished game of a ``dominoes-record/1`` record, judging it move by move.

The record is replayed with the engine as the table played it (the earlier games of the set
first, so that who poses, the stake and the match totals are as they were), and at each move:

- a decision with a real choice (more than one legal move) is judged (``judge``);
- a draw from the boneyard gets its luck (``luck.draw_luck``);
- forced moves (the only legal pass, play or draw) cost nothing and are not counted.

Each judgement has its own random stream, seeded from ``seed``, the game and the move's index, so
the figures do not depend on the order the work is done in, and a seed gives the same analysis on
any machine. ``progress(done, total)`` is called as the work goes (a task reports it to the page).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.engine.errors import RecordError
from games.engine.moves import DRAW
from games.engine.record import load_record, parse_move

from .judge import Verdict, judge
from .luck import deal_luck, draw_luck
from .summary import decision_row, summarise
from .units import unit_for, valuer

WORLDS = 1000  # deals per decision (the live expert, at 150 ms, gets about 40-400)
LUCK_SAMPLES = 600  # play-outs per deal-luck estimate, per seat (and of re-deals)
DRAW_SAMPLES = 300  # play-outs per side of a draw's luck

Progress = Callable[[int, int], None]


def analyse_game(
    record: dict[str, Any],
    number: int,
    seed: int | str = 0,
    worlds: int = WORLDS,
    luck_samples: int = LUCK_SAMPLES,
    draw_samples: int = DRAW_SAMPLES,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The analysis of game ``number`` (1-based) of ``record``, as a JSON-able dict.

    RecordError if the record is invalid or the game is not finished (a game in progress is never
    analysed: its hidden tiles are secret).
    """
    match, game, moves = _start(record, number)
    carry = match.carry
    steps = _work(game, moves)
    done = 0
    total = steps + 1

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    deal = deal_luck(game, carry, _rng(seed, number, "deal"), luck_samples)
    tick()
    decisions: list[dict] = []
    draws: list[dict] = []
    for index, move in enumerate(moves):
        legal = game.legal_moves()
        if move.kind == DRAW:
            before = game.copy()
            game.apply(move)
            luck = draw_luck(before, move, game, _rng(seed, number, index), draw_samples)
            draws.append({"index": index, "seat": move.seat, "tile": str(move.tile), **luck})
            tick()
            continue
        if len(legal) > 1:
            verdict: Verdict = judge(game, move, _rng(seed, number, index), worlds)
            decisions.append(decision_row(index, verdict))
            tick()
        game.apply(move)
    results = [valuer(game.rules, s)(game) for s in range(game.seats)]
    unit = unit_for(game.rules)
    return {
        "format": "dominoes-analysis/1",
        "style": game.rules.name,
        "seats": game.seats,
        "game": number,
        "seed": str(seed),
        "worlds": worlds,
        "unit": unit.name,
        "scale": unit.scale,
        "decisions": decisions,
        "draws": draws,
        "players": summarise(game.seats, unit, decisions, deal, draws, results),
    }


def _start(record: dict[str, Any], number: int):
    """The match with the games before ``number`` played, game ``number`` dealt, and its moves."""
    games = record.get("games") if isinstance(record, dict) else None
    if not isinstance(games, list) or not 1 <= number <= len(games):
        raise RecordError(f"there is no game {number} in this record")
    whole = load_record({**record, "games": games[:number]})
    if not whole.games[-1].over:
        raise RecordError(f"game {number} is not finished: only a finished game is analysed")
    match = load_record({**record, "games": games[: number - 1]})
    data = games[number - 1]
    game = match.start_game(data["hands"], data.get("boneyard", []), data.get("first"))
    moves = [parse_move(raw, match.seats) for raw in data["moves"]]
    return match, game, moves


def _work(game, moves) -> int:
    """How many judgements the walk will make (decisions with a choice and draws)."""
    sim = game.copy()
    count = 0
    for move in moves:
        if move.kind == DRAW or len(sim.legal_moves()) > 1:
            count += 1
        sim.apply(move)
    return count


def _rng(seed: int | str, number: int, step: int | str) -> random.Random:
    return random.Random(f"{seed}:{number}:{step}")


def analyse_record(record: dict[str, Any], seed: int | str = 0, **budget: Any) -> list[dict]:
    """Every finished game of ``record``, analysed."""
    out = []
    for number in range(1, len(record.get("games", [])) + 1):
        try:
            out.append(analyse_game(record, number, seed, **budget))
        except RecordError:
            if number < len(record["games"]):
                raise
    return out
