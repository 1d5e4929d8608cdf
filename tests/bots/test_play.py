"""Every level plays whole games of every style and seat count with nothing but legal moves."""

from __future__ import annotations

import random

import pytest

from games import bots
from games.bots import expert
from games.engine import new_match
from tests.bots.helpers import IDS, SETUPS


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
