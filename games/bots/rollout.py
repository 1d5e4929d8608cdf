"""Playing a simulated game to its end with a fast greedy policy (the expert's rollouts).

Rollouts run thousands of times per decision, so the policy is a few table look-ups and bit counts
per move: a cut-down casual player. It sheds heavy tiles, plays doubles early on a line and late
where they unlock numbers, prefers leaving an end it can follow again (an end showing a locked
number follows only with its double, which the older suit-only rule got wrong in French and
Doubles), leaves few ways in to the others where that pays (Doubles), and blocks: it prefers an
end the opponents have shown they lack, and in partner play never shuts out its partner that way.
The voids come from public passes only: those before the decision (``Knowledge.passed``) and the
ones the play-out itself makes.

Every seat plays this policy, with sight of its own simulated hand and the public facts only. The
closer it plays to the real table (mostly casual bots and people who play like them), the better
the expert's estimates: a better rollout policy helps Monte Carlo more than more samples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.moves import DRAW, PASS
from games.engine.tiles import COMMON, DOUBLE, HIGH, LOW, OTHER, PIPS, SUIT, TILE_COUNT

# The casual player's own weights: the rollouts imitate it (FOLLOW: per tile kept that can
# follow the new end; BLOCK: per opponent shown to lack it; ONLY_MINE: an end only this seat
# can follow).
from .casual import BLOCK, FOLLOW, ONLY_MINE, SHUT_PARTNER
from .hooks import HOOKS, LINE, Hooks

if TYPE_CHECKING:
    from games.engine import GameState
    from games.engine.boards import LineBoard, TreeBoard
    from games.engine.moves import Action
    from games.engine.rules import Rules

    Board = LineBoard | TreeBoard


def _policy(hooks: Hooks) -> tuple[list[int], float]:
    """A style's rollout tables from its hooks: per tile, how keen the policy is to get rid of
    it (pips, plus ``rollout_double`` for a double), and the cost of an open end."""
    double = hooks.rollout_double
    weights = [PIPS[t] + (double if HIGH[t] == LOW[t] else 0) for t in range(TILE_COUNT)]
    return weights, hooks.openness


#: POLICY[style]: the hooks its tables were worked out from, and (weights by tile, openness).
POLICY: dict[str, tuple[Hooks, tuple[list[int], float]]] = {}


def policy_for(style: str) -> tuple[list[int], float]:
    """The style's rollout tables, worked out again only when its hooks entry is replaced (a
    bench run or a test that overrides a hook must reach the play-outs too)."""
    hooks = HOOKS.get(style, LINE)
    known = POLICY.get(style)
    if known is None or known[0] is not hooks:
        known = POLICY[style] = (hooks, _policy(hooks))
    return known[1]


ROW = TILE_COUNT + 1


def _shows(t: int, on: int) -> int:
    """The number a placement of ``t`` on ``on`` leaves showing (-1 for the pose)."""
    if on >= TILE_COUNT:
        return -1
    matched = COMMON[t * TILE_COUNT + on]
    return matched if HIGH[t] == LOW[t] else OTHER[t * 7 + matched]


#: SHOWS[t*ROW + on]: the number left showing by placing t on on (the pose at index ROW-1: -1).
SHOWS: list[int] = [_shows(t, on) for t in range(TILE_COUNT) for on in range(ROW)]
#: Tiles an end showing n takes while n is locked: its double only.
LOCKED_TAKES = [1 << DOUBLE[n] for n in range(7)]
IS_DOUBLE = [HIGH[t] == LOW[t] for t in range(TILE_COUNT)]
POSE_SUITS = [SUIT[HIGH[t]] | SUIT[LOW[t]] for t in range(TILE_COUNT)]


def play_out(sim: GameState, voids: list[int] | None = None) -> GameState:
    """Finish ``sim`` in place with every seat playing the rollout policy; returns it.

    ``voids`` (per seat, tiles public passes showed it lacks; changed in place) lets the policy
    block as a casual player does; without it the play-out starts knowing of no voids.
    """
    legal = sim.legal_moves
    apply = sim.apply
    board = sim.board
    if voids is None:
        voids = [0] * sim.seats
    while not sim.over:
        moves = legal()
        if len(moves) == 1:
            kind = moves[0][0]
            if kind == PASS:
                voids[sim.turn] |= board.fit
            elif kind == DRAW:
                voids[sim.turn] = board.fit
            apply(moves[0])
            continue
        apply(pick(sim, moves, voids))
    return sim


def pick(sim: GameState, moves: list[Action], voids: list[int]) -> Action:
    """The rollout policy's choice among the placements ``moves`` of the seat to act."""
    turn = sim.turn
    scores = values(sim.rules, sim.board, turn, sim.hands[turn], sim.placed, voids, moves)
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return moves[best]


def values(
    rules: Rules, board: Board, turn: int, hand: int, placed: int, voids: list[int], moves: list
) -> list[float]:
    """How much the rollout policy likes each placement of ``moves`` (``turn`` to act, holding
    ``hand``, the tiles ``placed`` on the board, the public ``voids`` per seat)."""
    weight, openness = policy_for(rules.name)
    locks = hasattr(board, "opened")
    opened = board.opened if locks else 0
    seats = len(rules.party_of)
    party_of = rules.party_of
    teams = len(rules.parties) < seats
    live = ~hand & ~placed
    nxt = (turn + 1) % seats
    out = []
    for move in moves:
        t, on = move[2], move[3]
        rest = hand & ~(1 << t)
        value = weight[t]
        if on is None:
            value += FOLLOW * (rest & POSE_SUITS[t]).bit_count()
        else:
            n = SHOWS[t * ROW + on]
            takes = SUIT[n] if not locks or IS_DOUBLE[t] or opened >> n & 1 else LOCKED_TAKES[n]
            value += FOLLOW * (rest & takes).bit_count()
            others = takes & live
            if openness:
                value -= openness * others.bit_count()
            if not others and rest & takes:
                value += ONLY_MINE
            for other in range(seats):
                if other == turn or others & ~voids[other]:
                    continue
                if teams and party_of[other] == party_of[turn]:
                    value -= SHUT_PARTNER
                else:
                    value += BLOCK * 1.5 if other == nxt else BLOCK
        out.append(value)
    return out
