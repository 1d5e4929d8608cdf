"""Doubles on the live table: a stuck seat's one draw is applied for it, however small its hand.

The table never shows a draw button: a seat whose only legal move is a draw gets it from
``play._forced_moves`` as soon as the move before it is stored. These tests drive the deal of
``tests.engine.test_rules_doubles.ALL_STUCK`` (seed 365, four seats) through the move service.
The table deals every game from a seed of its own; the game seed "365:0" deals what the match
seed 365 deals its first game (docs/engine.md, "The deal, step by step"), so the test hands the
table that seed.
"""

from __future__ import annotations

import pytest

from games.models import Game, Move
from games.services import play, shuffle
from tests.engine import test_rules_doubles as dbl
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

SEED = 365  # new_match("doubles", 4, seed=365) deals the hands of dbl.ALL_STUCK


@pytest.fixture(autouse=True)
def deal_as_the_match_seed(monkeypatch):
    """Deal game i from the seed "365:i", which deals as the match seed 365 does."""
    monkeypatch.setattr(shuffle, "game_seed", lambda match, index: f"{SEED}:{index}")


def _place(game: Game, seat: int, tile: str, on: str | None) -> None:
    game.refresh_from_db()
    action = {"kind": "play", "tile": tile, "on": on}
    outcome = play.submit(game.pk, seat, game.version, action)
    assert outcome.applied, outcome.message


def _last_move(game: Game) -> Move:
    return Move.objects.filter(game=game).order_by("-seq").first()


def test_a_one_tile_doubles_seat_that_cannot_place_gets_its_forced_draw():
    match = start_table(make_table(make_user("host"), style="doubles", seats=4), seed=SEED)
    game = current(match)
    hands = [[str(t) for t in play.load(game).game.hand(s)] for s in range(4)]
    assert hands == dbl.ALL_STUCK["hands"]
    for move in dbl.ALL_STUCK["moves"][: dbl.ALL_STUCK_AT]:  # twenty placements
        _place(game, move["seat"], move["play"], move.get("on"))
    # Every seat now holds one tile and none fits; 4 are left to draw, so the game goes on and
    # seat 1's draw was applied at once, noted as forced.
    game.refresh_from_db()
    assert game.state == Game.State.PLAYING and game.turn == 1
    drawn = _last_move(game)
    assert (drawn.seat, drawn.kind, drawn.tile, drawn.reason) == (1, "draw", "5-2", "forced")
    assert [str(t) for t in play.load(game).game.hand(1)] == ["5-2", "4-1"]


def test_the_live_doubles_game_is_blocked_only_once_two_are_left():
    match = start_table(make_table(make_user("host"), style="doubles", seats=4), seed=SEED)
    game = current(match)
    for move in dbl.ALL_STUCK["moves"]:
        if "play" in move:  # the draws come by themselves
            _place(game, move["seat"], move["play"], move.get("on"))
    game.refresh_from_db()
    assert game.state == Game.State.OVER
    assert (game.result["end"], game.result["winner"]) == ("blocked", 1)
    kinds = list(Move.objects.filter(game=game, kind="draw").values_list("seat", "reason"))
    assert kinds == [(1, "forced"), (2, "forced")]
    assert play.load(game).game.boneyard_left == 2
