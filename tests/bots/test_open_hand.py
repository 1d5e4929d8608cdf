"""The open-hand yardstick of ``bench/bots.py`` sees every hidden tile: it is no bot level, and
nothing the live game runs can reach it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bench.bots import EXACT_BETA, open_hand
from bench.decisions import positions, true_values
from games import bots
from games.bots import casual, expert
from games.bots.inference import Evidence
from games.bots.knowledge import read
from games.bots.posterior import Chain
from tests.bots.helpers import position, twin

ROOT = Path(__file__).resolve().parents[2]


def test_the_open_hand_is_no_bot_level():
    assert set(bots.LEVELS) == {"random", "casual", "expert"}
    assert set(bots.POLICIES) == set(bots.LEVELS)


def test_the_site_refuses_the_open_hand_as_a_level():
    from games.services.seating import TableError, check_level

    for level in ("open", "open_hand", "oracle"):
        with pytest.raises(TableError):
            check_level(level)


def test_only_the_bench_gives_the_expert_the_true_deal():
    # A call of the expert's search with a world source other than its own sampler.
    passing = re.compile(r"\b(choose|evaluate)\((?:[^()]|\([^()]*\))*\bdeal=(?!None)")
    for path in (ROOT / "games").rglob("*.py"):
        if path.name == "expert.py" and path.parent.name == "bots":
            continue
        assert not passing.search(path.read_text("utf-8")), path
    assert passing.search((ROOT / "bench" / "bots.py").read_text("utf-8"))


def test_an_unknown_level_plays_casual():
    game, seat = position("cutthroat", 4, {}, 3)
    assert bots.choose("open", game, seat, random.Random(1)) == casual.choose(
        game, seat, random.Random(1)
    )


def test_the_open_hand_reads_the_hidden_tiles_and_the_expert_does_not():
    """Why it must stay out of the game: twins with the same view can get different moves."""
    differs = 0
    for seed in range(40):
        start = position("cutthroat", 4, {}, seed, earliest=3)
        if start is None:
            continue
        game, seat = start
        other = twin(game, seat, random.Random(seed))
        if other is None:
            continue
        opened = [
            expert.choose(g, seat, random.Random(1), budget_ms=1e9, max_worlds=1, deal=g.copy)
            for g in (game, other)
        ]
        differs += opened[0] != opened[1]
        if differs:
            break
    assert differs


@pytest.mark.parametrize("style", ["cutthroat", "french", "draw"])
def test_the_decision_bench_values_moves_as_the_open_hand_sees_them(style):
    # bench/decisions.py scores a choice by the value the open hand gives it, so the open
    # hand's move is always one of the best there.
    for game in positions(style, 6, seed=2):
        values = true_values(game)
        chosen = open_hand(game, game.turn, random.Random(1), budget_ms=1e9)
        assert values[game.legal_moves().index(chosen)] == max(values)


def test_the_exact_beliefs_deal_hands_in_which_every_casual_seat_made_its_best_move():
    # bench/bots.py's beliefs_vs_casual: the chain starts at the true deal and reads the casual
    # seats so sharply that its deals explain each of their choices as a best-scoring move.
    checked = 0
    for game in positions("cutthroat", 8, seed=3):
        seat = game.turn
        unread = game.rules.parties[game.rules.party_of[seat]]
        evidence = Evidence(game, seat, beta=EXACT_BETA, unread=unread)
        if not evidence.choices:
            continue
        chain = Chain(game, read(game, seat), evidence, random.Random(1))
        chain.restart({s: h for s, h in enumerate(game.hands) if s != seat}, [])
        for _ in range(20):
            world = chain.world()
            assert world.hands[seat] == game.hands[seat]
            # ties between equal scores cost log 2 or 3 a choice, a worse move 30 a point
            assert evidence.log_weight(world) > -1.2 * len(evidence.choices)
        checked += 1
    assert checked
