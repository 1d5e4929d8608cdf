"""Every level plays whole games of every style and seat count with nothing but legal moves."""

from __future__ import annotations

import random

import pytest

from games import bots
from games.bots import expert
from games.engine import new_match
from tests.bots.helpers import IDS, SETUPS

LEVELS_ROUND = ("random", "casual", "expert")


def play(style: str, seats: int, options: dict, levels: list[str], seed: int) -> int:
    """One game with ``levels[s]`` at seat s; the number of decisions made. ``apply`` raises
    IllegalMove on any illegal move, and each move is checked against the legal list first."""
    rng = random.Random(seed)
    game = new_match(style, seats, options, seed=seed).start_game()
    decisions = 0
    while not game.over:
        seat = game.turn
        level = levels[seat]
        if level == "expert":
            move = expert.choose(game, seat, rng, budget_ms=2, max_worlds=3)
        else:
            move = bots.choose(level, game, seat, rng)
        assert move in game.legal_moves(seat)
        game.apply(move)
        decisions += 1
    assert game.result is not None
    return decisions


@pytest.mark.parametrize(("style", "seats", "options"), SETUPS, ids=IDS)
def test_random_and_casual_play_only_legal_moves(style, seats, options):
    for seed in range(30):
        levels = [("casual", "random")[(s + seed) % 2] for s in range(seats)]
        play(style, seats, options, levels, seed)


@pytest.mark.parametrize(("style", "seats", "options"), SETUPS, ids=IDS)
def test_the_expert_plays_only_legal_moves(style, seats, options):
    for seed in range(4):
        levels = ["expert" if s == seed % seats else "casual" for s in range(seats)]
        play(style, seats, options, levels, seed)


def test_unknown_levels_play_casual_and_forced_moves_come_at_once():
    game = new_match("cutthroat", 4, seed=1).start_game()
    move = bots.choose("grandmaster", game, game.turn, random.Random(1))
    assert move == game.legal_moves()[0]  # the 6-6 pose is forced


def test_choose_refuses_a_seat_whose_turn_it_is_not():
    game = new_match("cutthroat", 4, seed=1).start_game()
    with pytest.raises(ValueError):
        bots.choose("casual", game, (game.turn + 1) % 4, random.Random(1))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_doubles_bots_draw_with_any_hand_and_pass_undrawn_only_at_two_left(seats):
    """Every level meets the clarified Doubles rule 5 in whole games: a stuck seat draws while
    the boneyard holds 3 or more, however few tiles it holds, and passes without drawing only
    once 2 are left; a blocked game ends with 2 left."""
    small_hand_draws = 0
    for seed in range(12):
        rng = random.Random(seed)
        levels = [LEVELS_ROUND[(s + seed) % 3] for s in range(seats)]
        game = new_match("doubles", seats, seed=seed).start_game()
        while not game.over:
            seat = game.turn
            if levels[seat] == "expert":
                move = expert.choose(game, seat, rng, budget_ms=2, max_worlds=3)
            else:
                move = bots.choose(levels[seat], game, seat, rng)
            left, held = game.boneyard_left, game.hands[seat].bit_count()
            last = game.log[-1] if game.log else None
            own_draw = last is not None and last.kind == "draw" and last.seat == seat
            game.apply(move)
            if move.kind == "draw":
                assert left >= 3
                small_hand_draws += held < 3
            elif move.kind == "pass":
                assert own_draw or left <= 2, f"seat {seat} passed with {left} to draw"
        assert game.end == "domino" or game.boneyard_left == 2
    assert small_hand_draws > 0
