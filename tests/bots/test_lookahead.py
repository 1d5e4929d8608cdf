"""Play-outs that search the expert's own next turns (``Hooks.lookahead``): without depth they are
the greedy play-outs, a searched turn never does worse in its deal than the greedy choice, and the
expert using them still reads only its seat's view and keeps to its budget."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from games.bots import expert
from games.bots.hooks import HOOKS
from games.bots.knowledge import read
from games.bots.lookahead import best_move, play_out_searching
from games.bots.rollout import pick, play_out
from games.bots.sampling import sample_world
from games.bots.utility import scorer_for
from tests.bots.helpers import position
from tests.bots.test_hidden_information import decide, twins

STYLES = [("cutthroat", 4), ("partner", 4), ("french", 4), ("draw", 2)]


def _worlds(style: str, seats: int, count: int = 6):
    """Sampled complete deals at positions of ``style``, with the seat whose view they keep."""
    for seed in range(count):
        start = position(style, seats, {}, seed)
        if start is None:
            continue
        game, seat = start
        yield game, seat, sample_world(game, read(game, seat), random.Random(seed))


@pytest.mark.parametrize(("style", "seats"), STYLES)
def test_a_play_out_searching_no_turn_is_the_greedy_play_out(style, seats):
    for game, seat, world in _worlds(style, seats):
        voids = list(read(game, seat).passed)
        searched = play_out_searching(world.copy(), list(voids), seat, scorer_for(game, seat), 0)
        greedy = play_out(world.copy(), list(voids))
        assert searched.log == greedy.log


@pytest.mark.parametrize(("style", "seats"), STYLES)
def test_a_searched_turn_is_never_worse_in_its_deal_than_the_greedy_choice(style, seats):
    for game, seat, world in _worlds(style, seats):
        value = scorer_for(game, seat)
        voids = list(read(game, seat).passed)
        moves = world.legal_moves(seat)
        chosen, greedy = world.copy(), world.copy()
        chosen.apply(best_move(world, moves, voids, value))
        greedy.apply(pick(world, moves, voids))
        assert value(play_out(chosen, list(voids))) >= value(play_out(greedy, list(voids)))


@pytest.mark.parametrize(("style", "seats"), STYLES[:3])
def test_the_expert_searching_its_next_turns_reads_only_the_seats_view(style, seats, monkeypatch):
    monkeypatch.setitem(HOOKS, style, replace(HOOKS[style], lookahead=2))
    pairs = twins(style, seats, {}, wanted=2)
    assert pairs, "no twin positions found"
    for game, other, seat in pairs:
        assert decide("expert", game, seat, 5) == decide("expert", other, seat, 5)


def test_the_expert_searching_its_next_turns_keeps_to_its_budget(monkeypatch):
    rng = random.Random(4)
    worst = 0.0
    for style, seats in [("cutthroat", 4), ("partner", 4), ("french", 4), ("doubles", 3)]:
        monkeypatch.setitem(HOOKS, style, replace(HOOKS[style], lookahead=3))
        for seed in range(3):
            start = position(style, seats, {}, seed)
            if start is None:
                continue
            game, seat = start
            began = time.perf_counter()
            move = expert.choose(game, seat, rng, budget_ms=40)
            worst = max(worst, time.perf_counter() - began)
            assert move in game.legal_moves(seat)
    assert worst < 0.040 + 0.030  # one deal's play-outs may run past the deadline, no more
