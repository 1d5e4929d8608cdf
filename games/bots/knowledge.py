"""What one seat knows about the hidden tiles, read only from public facts and its own hand.

Every bot decision starts here, so that no policy can reach for another seat's tiles by mistake:
the game is asked only for the seat's own hand, the tiles on the board, the hand sizes, the
boneyard size and the public part of the move log (a draw by another seat is seen as "a draw",
never as the tile drawn).

The log is replayed on a fresh board so that each pass and each draw can be read against the
exact set of tiles that would have fitted at that moment (``board.fit``, locks included). That is
what makes French and Doubles inferences right: a seat passing on an end that shows a locked n
proves only that it lacks n-n, and ``fit`` holds just n-n there.

In Doubles a stuck seat draws one tile while the boneyard holds 3 or more, however few tiles it
holds, so a pass there comes right after the seat's own draw (the drawn tile did not fit either) or
with the boneyard down to 2. Both ways the whole hand lacks every tile that fits, which is what a
pass adds to ``void``; no rule about hand sizes enters.

A seat that draws gets new tiles the older inferences say nothing about. We keep that exact enough
with two masks per seat: ``void`` (tiles it surely lacks) and ``soft`` with a ``spare`` count (it
holds at most ``spare`` tiles of ``soft``: the drawn tiles may be any of them). This is a
relaxation of the full history, so it never rules out a world that could be the real one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.engine.moves import DRAW, PASS, PLAY
from games.engine.tiles import DOUBLE, DOUBLES_MASK, FULL

if TYPE_CHECKING:
    from games.engine import GameState

#: Doubles above each double: DOUBLES_ABOVE[t] for the tile id t of a double.
DOUBLES_ABOVE = {DOUBLE[n]: sum(1 << DOUBLE[m] for m in range(n + 1, 7)) for n in range(7)}


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge of the hidden tiles (masks are 28-bit tile sets)."""

    seat: int
    hand: int
    unseen: int
    sizes: tuple[int, ...]
    pile: int
    void: tuple[int, ...]
    soft: tuple[int, ...]
    spare: tuple[int, ...]
    #: Per seat (this one too), the tiles its passes showed it lacks, as everybody saw them; the
    #: rollouts block on these, as every player at the table can.
    passed: tuple[int, ...] = ()

    def lacks(self, other: int, mask: int) -> bool:
        """Whether ``other`` surely holds none of the unseen tiles of ``mask``."""
        live = mask & self.unseen
        return live & self.void[other] == live


def read(game: GameState, seat: int) -> Knowledge:
    """Everything ``seat`` may know about the other hands and the boneyard."""
    n = game.seats
    hand = game.hands[seat]
    placed = game.placed
    void = _dealt_voids(game)
    soft = [0] * n
    spare = [0] * n
    passed = [0] * n
    board = game.rules.new_board()
    previous = None
    for move in game.log:
        s = move.seat
        if move.kind == PLAY:
            if move.on is None:
                board.pose(move.tile)
            else:
                board.place(move.tile, move.on)
            bit = 1 << move.tile
            after_draw = previous is not None and previous.kind == DRAW and previous.seat == s
            if after_draw or soft[s] & bit:
                spare[s] = max(0, spare[s] - 1)
        elif move.kind == PASS:
            void[s] |= board.fit
            passed[s] |= board.fit
        elif move.kind == DRAW and s != seat:
            # The hand before the draw lacked every fitting tile; the drawn tile is new and free
            # of the old inferences, but it too lacks them by the end of the turn (it was
            # placed, or the seat passed or drew again), so ``void`` restarts from ``fit``.
            soft[s] = (soft[s] | void[s]) & ~board.fit
            spare[s] += 1
            void[s] = board.fit
        if move.kind == DRAW:
            passed[s] = board.fit
        previous = move
    if previous is not None and previous.kind == DRAW:
        passed[previous.seat] = 0  # mid-turn: the tile just drawn fits, and must be placed now
    unseen = FULL & ~hand & ~placed
    void[seat] = soft[seat] = spare[seat] = 0
    return Knowledge(
        seat=seat,
        hand=hand,
        unseen=unseen,
        sizes=tuple(h.bit_count() for h in game.hands),
        pile=game.boneyard_left,
        void=tuple(v & unseen for v in void),
        soft=tuple(v & unseen for v in soft),
        spare=tuple(spare),
        passed=tuple(v & ~placed for v in passed),
    )


def _dealt_voids(game: GameState) -> list[int]:
    """What the pose proves about the deal, by the rules' pose facts: where the highest double
    poses (Doubles) nobody held a higher double than the one posed; where the last winner or the
    next seat with a double poses (French) the seats the opening passed over held no double."""
    void = [0] * game.seats
    if not game.log:
        return void
    pose = game.log[0].tile
    rules = game.rules
    if rules.highest_double_poses and pose in DOUBLES_ABOVE:
        above = DOUBLES_ABOVE[pose]
        void = [above] * game.seats
    elif rules.next_double_poses:
        winner = _previous_winner(game)
        if winner is not None:
            s = winner
            while s != game.first:
                void[s] |= DOUBLES_MASK
                s = (s + 1) % game.seats
    return void


def _previous_winner(game: GameState) -> int | None:
    """The seat that won the last game (it poses if it can), from the public match."""
    match = game.match
    if match is None or game.over or match.game is not game:
        return None
    return match.carry.get("winner")
