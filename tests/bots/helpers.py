"""Shared setups for the bot tests: every style and seat count, positions, and hidden-tile twins."""

from __future__ import annotations

import random

from games.engine import Action, IllegalMove, RulesError, new_match
from games.engine.game import GameState
from games.engine.moves import DRAW, PASS
from games.engine.sim import unseen
from games.engine.tiles import TILES, bits

#: A Cut-Throat deal where seat 1 poses 6-6 and seat 2 holds both 6-5 and 6-3.
SIX_SIX_DEAL = [
    ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
    ["6-6", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2"],
    ["6-5", "6-3", "2-2", "1-1", "2-1", "2-0", "1-0"],
    ["6-4", "6-2", "6-1", "6-0", "3-1", "3-0", "0-0"],
]


def six_six_game() -> tuple[GameState, list[list[str]]]:
    """That deal's first game, 6-6 posed by seat 1, and its hands."""
    hands = [list(hand) for hand in SIX_SIX_DEAL]
    game = new_match("cutthroat", 4).start_game(hands, [])
    game.apply(Action.play(1, "6-6"))
    return game, hands


#: (style, seats, options): every style at every seat count it allows, teams included.
SETUPS = [
    ("cutthroat", 4, {}),
    ("partner", 4, {}),
    ("block", 2, {}),
    ("block", 4, {}),
    ("block", 4, {"teams": True}),
    ("draw", 2, {}),
    ("draw", 4, {}),
    ("draw", 4, {"teams": True}),
    ("french", 4, {}),
    ("doubles", 2, {}),
    ("doubles", 3, {}),
    ("doubles", 4, {}),
]
IDS = [f"{style}-{seats}{'-teams' if opts else ''}" for style, seats, opts in SETUPS]


def position(
    style: str, seats: int, options: dict, seed: int, earliest: int = 1
) -> tuple[GameState, int] | None:
    """A game played at random to a seat's turn with a real choice (None if none came up)."""
    rng = random.Random(seed)
    game = new_match(style, seats, options, seed=seed).start_game()
    stop = rng.randrange(earliest, earliest + 11)
    choices = 0
    while not game.over:
        legal = game.legal_moves()
        if len(legal) > 1:
            choices += 1
            if choices >= stop:
                return game, game.turn
        game.apply(rng.choice(legal))
    return None


def twin(game: GameState, seat: int, rng: random.Random, tries: int = 300) -> GameState | None:
    """Another real game with the same public history and the same view for ``seat``, whose
    hidden tiles (other hands, the boneyard still face down) are dealt differently.

    The hidden tiles are shuffled among their deal positions, the public moves replayed (other
    seats' draws as plain draws); a shuffle under which the history could not happen is refused.
    """
    slots = _hidden_slots(game, seat)
    if len(slots) < 2:
        return None
    for _ in range(tries):
        tiles = [tile for _, tile in slots]
        rng.shuffle(tiles)
        if tiles == [tile for _, tile in slots]:
            continue
        other = _replay(game, seat, dict(zip([where for where, _ in slots], tiles, strict=True)))
        if other is not None and other.hands != game.hands:
            return other
    return None


def _hidden_slots(game: GameState, seat: int) -> list[tuple[tuple[str, int, int], int]]:
    """Deal positions holding a tile ``seat`` cannot see now: (("hand", s, i) or ("pile", i, 0),
    tile); the boneyard positions ``seat`` drew from stay put."""
    hidden = unseen(game, seat)
    mine = _own_draws(game, seat)
    slots = []
    for s, mask in enumerate(game.dealt):
        if s != seat:
            slots += [(("hand", s, i), t) for i, t in enumerate(bits(mask)) if hidden >> t & 1]
    slots += [
        (("pile", i, 0), t)
        for i, t in enumerate(game.boneyard)
        if i not in mine and hidden >> t & 1
    ]
    return slots


def _own_draws(game: GameState, seat: int) -> set[int]:
    draws = [m.seat for m in game.log if m.kind == DRAW]
    return {i for i, s in enumerate(draws) if s == seat}


def _replay(game: GameState, seat: int, moved: dict) -> GameState | None:
    hands = [
        [moved.get(("hand", s, i), t) for i, t in enumerate(bits(mask))]
        for s, mask in enumerate(game.dealt)
    ]
    pile = [moved.get(("pile", i, 0), t) for i, t in enumerate(game.boneyard)]
    match = new_match(game.rules.name, game.seats, _options(game))
    try:
        other = match.start_game(
            [[TILES[t] for t in h] for h in hands], [TILES[t] for t in pile], game.first
        )
        for move in game.log:
            if move.kind == DRAW and move.seat != seat:
                move = Action.draw(move.seat)
            elif move.kind == PASS:
                move = Action.pass_(move.seat)
            other.apply(move)
    except (IllegalMove, RulesError):  # a history or deal (pose) the shuffle made impossible
        return None
    if other.over or other.turn != game.turn:
        return None
    return other


def _options(game: GameState) -> dict:
    opts = game.rules.opts
    return {k: v for k, v in opts.items() if v != game.rules.OPTIONS[k].default}
