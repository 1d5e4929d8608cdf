"""Playing a simulated game to its end with a fast greedy policy (the expert's rollouts).

Rollouts run thousands of times per decision, so the policy is a few table look-ups per move, a
cut-down casual player: shed heavy tiles, doubles early on a line and late where they unlock
numbers, and prefer leaving an end the seat can follow again. Every seat plays it, with sight of
its own simulated hand only. Imitating the casual habits (rather than pure weight shedding)
measured a little stronger in Cut-Throat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.tiles import COMMON, HIGH, LOW, OTHER, PIPS, SUIT, TILE_COUNT

if TYPE_CHECKING:
    from games.engine import Game

#: Bonus for playing a double, per style: early on a line, late where doubles unlock numbers
#: (the same habit as the casual bot's, see casual.DOUBLE_BONUS).
DOUBLE_WEIGHT = {"french": -10, "doubles": -8}
LINE_DOUBLE_WEIGHT = 13


def _weights(double: int) -> list[int]:
    return [PIPS[t] + (double if HIGH[t] == LOW[t] else 0) for t in range(TILE_COUNT)]


#: WEIGHTS[style][tile]: how keen the rollout policy is to get rid of a tile.
WEIGHTS: dict[str, list[int]] = {
    style: _weights(DOUBLE_WEIGHT.get(style, LINE_DOUBLE_WEIGHT))
    for style in ("cutthroat", "partner", "block", "draw", "french", "doubles")
}
FOLLOW = 2  # per tile kept that can follow the end the move leaves
ROW = TILE_COUNT + 1


def _follows(t: int, on: int) -> int:
    """Mask of the suit a placement of ``t`` on ``on`` leaves showing (0 for the pose)."""
    matched = COMMON[t * TILE_COUNT + on] if on < TILE_COUNT else -1
    if matched < 0:
        return 0
    return SUIT[matched if HIGH[t] == LOW[t] else OTHER[t * 7 + matched]]


#: LEAVES[t*ROW + on]: the suit left showing by placing t on on (None: the pose, index ROW-1).
LEAVES: list[int] = [_follows(t, on) for t in range(TILE_COUNT) for on in range(ROW)]


def play_out(sim: Game) -> Game:
    """Finish ``sim`` in place with every seat playing the rollout policy; returns it."""
    legal = sim.legal_moves
    apply = sim.apply
    weight = WEIGHTS.get(sim.rules.name) or WEIGHTS["cutthroat"]
    hands = sim.hands
    while not sim.over:
        moves = legal()
        if len(moves) == 1:
            apply(moves[0])
            continue
        hand = hands[sim.turn]
        best, top = moves[0], -1
        for move in moves:
            t, on = move[2], move[3]
            value = weight[t]
            if on is not None:
                value += FOLLOW * (hand & ~(1 << t) & LEAVES[t * ROW + on]).bit_count()
            if value > top:
                best, top = move, value
        apply(best)
    return sim
