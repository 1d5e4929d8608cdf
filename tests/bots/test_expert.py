"""The expert keeps to its time budget, answers forced moves at once, and plays sensibly."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from games.bots import casual, expert
from games.bots.expert import Paired
from games.bots.hooks import HOOKS
from games.engine import new_match
from tests.bots.helpers import position


def test_the_expert_keeps_to_its_budget():
    rng = random.Random(4)
    worst = 0.0
    for style, seats in [("cutthroat", 4), ("french", 4), ("draw", 4), ("doubles", 3)]:
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


def test_a_forced_move_takes_no_thought():
    game = new_match("cutthroat", 4, seed=1).start_game()  # the 6-6 holder must pose it
    began = time.perf_counter()
    expert.choose(game, game.turn, random.Random(1), budget_ms=10_000)
    assert time.perf_counter() - began < 0.005


def test_the_expert_stops_early_when_one_move_is_clearly_best():
    stats = Paired(2)
    for i in range(expert.MIN_ROUNDS):
        stats.add([1.0 + (i % 2) * 0.1, 0.0])
    assert stats.settled()
    even = Paired(2)
    for i in range(expert.MIN_ROUNDS):
        even.add([float(i % 2), float((i + 1) % 2)])
    assert not even.settled()


def test_the_early_stop_counts_heavily_weighted_deals_as_few():
    stats = Paired(2)
    for i in range(3 * expert.MIN_ROUNDS):
        stats.add([1.0 + (i % 2) * 0.1, 0.0], weight=1.0 if i % 4 else 100.0)
    assert not stats.settled()  # 36 rounds, but 9 heavy deals carry them: under 10 effective
    for _ in range(3 * expert.MIN_ROUNDS):
        stats.add([1.05, 0.0], weight=100.0)
    assert stats.settled()


def test_the_expert_dominoes_when_it_can():
    rng = random.Random(8)
    for seed in range(200):
        game = new_match("block", 2, seed=seed).start_game()
        while not game.over:
            legal = game.legal_moves()
            winning = [m for m in legal if m.kind == "play" and game.hands[m.seat].bit_count() == 1]
            if winning and len(legal) > 1:
                move = expert.choose(game, game.turn, rng, budget_ms=50, max_worlds=20)
                assert move in winning
                return
            game.apply(rng.choice(legal))
    raise AssertionError("no winning choice came up")


def test_a_move_clearly_behind_is_pruned_and_keeps_its_mean():
    stats = Paired(3)
    for i in range(expert.MIN_ROUNDS):
        noise = (i % 3) * 0.1
        stats.add([1.0 + noise, 1.0 + noise + (0.05 if i % 2 else -0.05), noise - 1.0])
    stats.prune(3.0)
    assert stats.alive == [True, True, False]
    frozen = stats.means()[2]
    stats.add([1.0, 1.1, None])
    assert stats.means()[2] == frozen
    assert stats.means()[1] > stats.means()[0]


def _plays_as_casual_would(style: str, seats: int, options: dict, edge: float, monkeypatch):
    """Per position, whether the expert's move is one casual scores best, with ``casual_edge``
    at ``edge`` in the style."""
    monkeypatch.setitem(HOOKS, style, replace(HOOKS[style], casual_edge=edge))
    out = []
    for seed in range(40):
        start = position(style, seats, options, seed)
        if start is None:
            continue
        game, seat = start
        move = expert.choose(game, seat, random.Random(seed), budget_ms=20, max_worlds=8)
        situation = casual.situation_for(game, seat)
        best = max(casual.score(situation, m) for m in game.legal_moves(seat))
        out.append(casual.score(situation, move) == best)
    return out


def test_a_partnered_expert_plays_the_casual_move_when_its_edge_outweighs_the_search(monkeypatch):
    for style, seats, options in [("partner", 4, {}), ("block", 4, {"teams": True})]:
        assert all(_plays_as_casual_would(style, seats, options, 100.0, monkeypatch))


def test_an_expert_without_a_partner_favours_the_casual_move_only_to_break_ties(monkeypatch):
    """Nobody reads its play for it, so the partner's edge must not bend its choice."""
    for style, seats, options in [("cutthroat", 4, {}), ("block", 4, {})]:
        assert not all(_plays_as_casual_would(style, seats, options, 100.0, monkeypatch))
