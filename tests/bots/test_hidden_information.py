"""No policy may read hidden tiles: two games that differ only in tiles hidden from the seat (same
view) must get the same decision from every level with the same random seed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games import bots
from games.bots import expert
from games.bots.hooks import HOOKS
from games.bots.knowledge import read
from games.engine import game_view
from games.engine.moves import DRAW
from tests.bots.helpers import IDS, SETUPS, position, twin

LEVELS = ["random", "casual", "expert"]


def decide(level: str, game, seat: int, seed: int):
    """The level's move, with the expert bounded by deals (not time) so it is deterministic."""
    rng = random.Random(seed)
    if level == "expert":
        return expert.choose(game, seat, rng, budget_ms=60_000, max_worlds=8)
    return bots.choose(level, game, seat, rng)


def twins(style: str, seats: int, options: dict, wanted: int = 3, drawn: bool = False) -> list:
    """Positions with a twin; with ``drawn``, only twins where other seats drew other tiles."""
    found = []
    for seed in range(300 if drawn else 60):
        start = position(style, seats, options, seed, earliest=4 if drawn else 1)
        if start is None:
            continue
        game, seat = start
        other = twin(game, seat, random.Random(seed))
        if other is not None and (not drawn or _others_drew_differently(game, other, seat)):
            found.append((game, other, seat))
        if len(found) == wanted:
            break
    return found


@pytest.mark.parametrize(("style", "seats", "options"), SETUPS, ids=IDS)
def test_decisions_depend_only_on_the_seats_view(style, seats, options):
    pairs = twins(style, seats, options)
    assert pairs, "no twin positions found"
    for game, other, seat in pairs:
        assert game_view(game, seat) == game_view(other, seat)
        assert game.hands != other.hands
        assert read(game, seat) == read(other, seat)  # public voids included
        for level in LEVELS:
            for seed in (1, 2):
                assert decide(level, game, seat, seed) == decide(level, other, seat, seed), level


def _others_drew_differently(game, other, seat: int) -> bool:
    def draws(g):
        return [m for m in g.log if m.kind == DRAW and m.seat != seat]

    return bool(draws(game)) and draws(game) != draws(other)


@pytest.mark.parametrize(("style", "seats"), [("draw", 2), ("draw", 4), ("doubles", 2)])
def test_tiles_other_seats_drew_stay_hidden(style, seats):
    pairs = twins(style, seats, {}, wanted=2, drawn=True)
    assert pairs, "no twin positions with other draws found"
    for game, other, seat in pairs:
        assert game_view(game, seat) == game_view(other, seat)
        for level in LEVELS:
            assert decide(level, game, seat, 3) == decide(level, other, seat, 3), level


@pytest.mark.parametrize(("style", "seats"), [("cutthroat", 4), ("french", 4), ("doubles", 4)])
def test_weighing_deals_by_earlier_choices_reads_only_the_seats_view(style, seats, monkeypatch):
    # On in French only: on for every style here.
    monkeypatch.setitem(HOOKS, style, replace(HOOKS[style], beta=1.0))
    pairs = twins(style, seats, {}, wanted=2)
    assert pairs, "no twin positions found"
    for game, other, seat in pairs:
        assert decide("expert", game, seat, 5) == decide("expert", other, seat, 5)
