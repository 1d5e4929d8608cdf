"""Reading the other seats' past choices: how likely a sampled deal makes the moves they made.

``sampling`` deals the hidden tiles uniformly over the deals the hard facts allow (passes, draws,
hand sizes). But players are not random: a seat that laid 3-1 when it could have laid 6-5 most
likely did not hold 6-5 at all. Each sampled world is therefore weighted by the likelihood of
every earlier placement of the other seats under a softmax of the casual bot's scores
(``casual.score``), with the hands those seats would have held then in that world. The expert's
means can be weighted by it (importance sampling), so deals that explain the table's play count
more. It is on where it was measured to pay (French), off elsewhere (``Hooks.beta``).

Only public facts enter: the board before each placement, the public voids of that moment, and the
tiles placed since. A seat's placements before its last draw are left out (its hand then held
tiles nobody saw it draw) unless ``Hooks.before_draws`` reads them, and a pose is read only with
``Hooks.read_poses`` and where the rules leave it free (a forced pose is no choice).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from games.engine.moves import DRAW, PASS, PLAY, PLAYS, ROW
from games.engine.tiles import FULL, TILE_COUNT, bits

from . import casual
from .hooks import hooks_for
from .knowledge import Knowledge

if TYPE_CHECKING:
    from games.engine import GameState

    from .rollout import Board

FLOOR = -30.0  # lowest log-likelihood kept, so one odd world cannot underflow to weight 0


@dataclass(frozen=True)
class Choice:
    """One earlier placement of another seat with a real choice, and its public situation."""

    seat: int
    tile: int
    on: int | None  # None: the pose
    board: Board
    placed: int
    voids: tuple[int, ...]
    later: int  # tiles the seat placed from this move on (this one too): back in its hand then
    #: Tiles the seat cannot have held then: each fitted at one of its later draws, when its hand
    #: lacked them, so any of them it holds or placed since came from the boneyard after.
    drawn: int = 0
    #: For a pose (``on`` None): the tiles the rules let the seat pose (the game's pose mask).
    poses: int = 0

    def held(self, hand: int) -> int:
        """The hand the seat held at this choice, had it held ``hand`` now."""
        return (hand | self.later) & ~self.drawn


class Evidence:
    """The other seats' choices so far, ready to weigh sampled worlds for ``seat``."""

    def __init__(
        self,
        game: GameState,
        seat: int,
        beta: float | None = None,
        unread: Collection[int] | None = None,
    ) -> None:
        """``unread``: the seats whose choices are left out, if not the hooks' own (this seat,
        and its partners without ``read_partner``); given, every choice of the others is read,
        poses and placements before draws too. The bench's exact-beliefs yardstick reads just
        the casual seats that way."""
        style = hooks_for(game.rules.name)
        self.beta = beta = style.beta if beta is None else beta
        self.rules = game.rules
        if beta <= 0:
            self.choices: list[Choice] = []
        elif unread is not None:
            self.choices = _choices(game, {seat, *unread}, before_draws=True, poses=True)
        else:
            # The seat never reads itself; without ``read_partner`` its partners are unread too.
            own = game.rules.parties[game.rules.party_of[seat]] if not style.read_partner else ()
            self.choices = _choices(game, {seat, *own}, style.before_draws, style.read_poses)

    def log_weight(self, world: GameState) -> float:
        """Log-likelihood of the other seats' recorded choices if ``world`` is the real deal."""
        total = 0.0
        for c in self.choices:
            total += self._choice(c, c.held(world.hands[c.seat]))
        return max(total, FLOOR)

    def seat_log_weight(self, seat: int, hand: int) -> float:
        """Log-likelihood of ``seat``'s recorded choices had it held ``hand`` now (no floor: the
        tile-swap sampler, ``posterior``, compares such figures one seat at a time)."""
        total = 0.0
        for c in self.choices:
            if c.seat == seat:
                total += self._choice(c, c.held(hand))
        return total

    def _choice(self, c: Choice, hand: int) -> float:
        """Log-probability of the placement ``c`` under the softmax, for the hand held then."""
        beta = self.beta
        if c.on is None:
            row = PLAYS[c.seat]
            moves = [row[t * ROW + TILE_COUNT] for t in bits(hand & c.poses)]
        else:
            moves = c.board.moves(c.seat, hand)
        if len(moves) < 2:
            return 0.0
        situation = self._situation(c, hand)
        scores = [casual.score(situation, move) for move in moves]
        top = max(scores)
        chosen = None
        norm = 0.0
        for move, score in zip(moves, scores, strict=True):
            norm += math.exp(beta * (score - top))
            if move[2] == c.tile and move[3] == c.on:
                chosen = score
        if chosen is None:  # the same tile on an alike side: its score is the tile's
            return 0.0
        return beta * (chosen - top) - math.log(norm)

    def _situation(self, c: Choice, hand: int) -> casual.Situation:
        """What the casual model of seat ``c.seat`` knew then, had it held ``hand``."""
        unseen = FULL & ~hand & ~c.placed
        voids = tuple(v & unseen for v in c.voids)
        know = Knowledge(c.seat, hand, unseen, (), 0, voids, (), (), ())
        return casual.situation_at(self.rules, c.seat, know, getattr(c.board, "opened", None))


def _choices(
    game: GameState, unread: set[int], before_draws: bool = False, poses: bool = False
) -> list[Choice]:
    """Replay the public log, keeping each non-pose placement of a seat not in ``unread`` made
    after its last draw (or, with ``before_draws``, every one: an earlier placement is read with
    the tiles that fitted at the seat's later draws taken out of its hand, the rest of what it
    drew since being unknown and left in)."""
    n = game.seats
    last_draw = [-1] * n
    if not before_draws:
        for i, move in enumerate(game.log):
            if move.kind == DRAW:
                last_draw[move.seat] = i
    later = [0] * n
    for move in game.log:
        if move.kind == PLAY:
            later[move.seat] |= 1 << move.tile
    board = game.rules.new_board()
    voids = [0] * n
    placed = 0
    found: dict[int, Choice] = {}  # by the index of the placement in the log
    fits: dict[int, int] = {}  # by the index of a draw: the unplaced tiles that fitted then
    for i, move in enumerate(game.log):
        s = move.seat
        if move.kind == PLAY:
            if move.on is None:
                free = game.pose_mask & ~(1 << move.tile)
                if poses and free and s not in unread and i > last_draw[s]:
                    found[i] = Choice(
                        s, move.tile, None, board.copy(), placed, tuple(voids), later[s],
                        poses=game.pose_mask,
                    )  # fmt: skip
                board.pose(move.tile)
            else:
                if s not in unread and i > last_draw[s]:
                    found[i] = Choice(
                        s, move.tile, move.on, board.copy(), placed, tuple(voids), later[s]
                    )
                board.place(move.tile, move.on)
            later[s] &= ~(1 << move.tile)
            placed |= 1 << move.tile
        elif move.kind == PASS:
            voids[s] |= board.fit
        elif move.kind == DRAW:
            voids[s] = board.fit
            fits[i] = board.fit & ~placed
    return _drawn_since(game, found, fits)


def _drawn_since(game: GameState, found: dict[int, Choice], fits: dict[int, int]) -> list[Choice]:
    """Each choice with ``drawn`` set: what fitted at its seat's later draws, gathered in one
    pass from the end of the log (only a choice made before a draw of its seat gets any)."""
    running = [0] * game.seats
    out: list[Choice] = []
    for i in range(len(game.log) - 1, -1, -1):
        if i in fits:
            running[game.log[i].seat] |= fits[i]
        elif i in found:
            c = found[i]
            out.append(replace(c, drawn=running[c.seat]) if running[c.seat] else c)
    out.reverse()
    return out
