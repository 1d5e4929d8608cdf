"""Simulation states from one seat's point of view, for bots that sample the hidden tiles.

A seat sees its own hand, the board and every seat's tile count; the other hands and the boneyard
are hidden. ``with_hidden`` builds a detached game in which those hidden tiles are the ones a bot
assumes; ``sample_hidden`` deals them at random. Both return ordinary games: ``legal_moves``,
``apply`` and ``copy`` work as usual, thousands of times a second.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .errors import RulesError
from .tiles import FULL, NAMES, mask_of, to_tile

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .game import GameState


def unseen(game: GameState, seat: int) -> int:
    """Mask of the tiles ``seat`` cannot see: the other hands and the boneyard still to draw."""
    return FULL & ~game.hands[seat] & ~game.placed


def with_hidden(
    game: GameState, seat: int, hands: dict[int, Iterable], boneyard: Iterable = ()
) -> GameState:
    """A detached copy where every other seat holds ``hands[s]`` and the boneyard is ``boneyard``.

    The assumed tiles must be exactly the tiles ``seat`` cannot see, with each hand the size the
    real one has (a view's ``hand_sizes``); the boneyard is in the order it would be drawn.
    """
    new = game.copy()
    masks = list(game.hands)
    assumed = 0
    for other in range(game.seats):
        if other == seat:
            continue
        tiles = [to_tile(t) for t in hands[other]]
        mask = mask_of(tiles)
        if len(tiles) != game.hands[other].bit_count() or mask.bit_count() != len(tiles):
            raise RulesError(f"seat {other} holds {game.hands[other].bit_count()} tiles")
        masks[other] = mask
        assumed |= mask
    pile = [to_tile(t) for t in boneyard]
    pile_mask = mask_of(pile)
    if assumed & pile_mask or (assumed | pile_mask) != unseen(game, seat):
        missing = unseen(game, seat) ^ (assumed | pile_mask)
        shown = NAMES[missing.bit_length() - 1] if missing else "a tile"
        raise RulesError(f"the assumed tiles are not the unseen ones ({shown} is out of place)")
    new.hands = masks
    new.in_hands = 0
    for mask in masks:
        new.in_hands |= mask
    new.boneyard = game.boneyard[: game.drawn] + [int(t) for t in pile]
    new.sleeping = pile_mask
    problem = _impossible(new)
    if problem:
        raise RulesError(problem)
    return new


def _impossible(world: GameState) -> str:
    """Why an assumed world cannot be the game being played (empty when it can be)."""
    if world.over:
        return ""
    if not world.posed and not world.hands[world.turn] & world.pose_mask:
        return f"seat {world.turn} poses, so it must hold a tile it may pose"
    if world.posed and not world.in_hands & world.board.fit and not world.may_anyone_draw():
        return "in that world the game would already be blocked"
    return ""


def sample_hidden(game: GameState, seat: int, rng: random.Random | None = None) -> GameState:
    """A detached copy with the hidden tiles dealt at random (hand sizes kept).

    Worlds the seat knows are impossible (the poser without a tile it may pose, a game that would
    already be blocked) are dealt again.
    """
    rng = rng or random.Random()
    pool = [t for t in range(28) if unseen(game, seat) >> t & 1]
    for _ in range(1000):
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        at = 0
        for other in range(game.seats):
            if other != seat:
                size = game.hands[other].bit_count()
                hands[other] = pool[at : at + size]
                at += size
        try:
            return with_hidden(game, seat, hands, pool[at:])
        except RulesError:
            continue  # a world the seat knows is impossible: deal again
    raise RulesError("no possible world found in 1000 deals")
