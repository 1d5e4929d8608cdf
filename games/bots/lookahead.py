"""Play-outs in which the expert's own next turns are searched, not played greedily.

The expert compares its legal moves by playing each out in sampled deals. With the greedy
``rollout.play_out`` its own later moves in those play-outs are the rollout policy's, so a move is
judged by how a cut-down casual player would go on from it. Here (``Hooks.lookahead`` = N) the
expert's next N turns with a real choice in each play-out are chosen by a one-ply search in the
same deal: every placement is played out greedily and the best by the style's scoring is kept
(a determinized search: the later choice sees the sampled deal, never the true one). Later turns,
and every other seat, play the rollout policy as before. Each searched turn multiplies the cost
of a play-out by about its number of choices, so fewer deals fit the budget.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.engine.moves import DRAW, PASS

from .rollout import pick, play_out

if TYPE_CHECKING:
    from games.engine import GameState

#: A finished play-out's value to the expert (``utility.scorer_for``).
Value = Callable[["GameState"], float]


def play_out_searching(
    sim: GameState, voids: list[int], seat: int, value: Value, depth: int
) -> GameState:
    """Finish ``sim`` in place, ``seat``'s next ``depth`` real choices by a one-ply search.

    ``voids`` is changed in place as in ``rollout.play_out``; the searched moves' play-outs each
    get their own copy.
    """
    while not sim.over and depth > 0:
        moves = sim.legal_moves()
        turn = sim.turn
        if len(moves) == 1:
            kind = moves[0][0]
            if kind == PASS:
                voids[turn] |= sim.board.fit
            elif kind == DRAW:
                voids[turn] = sim.board.fit
            sim.apply(moves[0])
            continue
        if turn == seat:
            sim.apply(best_move(sim, moves, voids, value))
            depth -= 1
        else:
            sim.apply(pick(sim, moves, voids))
    return play_out(sim, voids)


def best_move(sim: GameState, moves: list, voids: list[int], value: Value):
    """The placement whose greedy play-out in this deal scores best (the rollout policy's own
    choice first among equals, so ties play as before)."""
    first = pick(sim, moves, voids)
    best, best_value = first, _tried(sim, first, voids, value)
    for move in moves:
        if move == first:
            continue
        tried = _tried(sim, move, voids, value)
        if tried > best_value:
            best, best_value = move, tried
    return best


def _tried(sim: GameState, move, voids: list[int], value: Value) -> float:
    trial = sim.copy()
    trial.apply(move)
    return value(play_out(trial, list(voids)))
