"""What resigning and leaving a table do to ratings (``games.services.leaving``): a resigned
game is a loss for the side that resigned; a left seat's games are the stand-in's and change
nobody's rating; and the recompute gives the very same figures as the live updates."""

from __future__ import annotations

import random

import pytest

from games import bots
from games.models import Game
from games.services import leaving, play, seating
from ratings.models import RatedGame, RatingChange
from ratings.services import recompute
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game

pytestmark = pytest.mark.django_db


def two_people(seed: int = 5):
    ann, bob = make_user("ann"), make_user("bob")
    table = make_table(ann, style="block", seats=2, bots=[None, None], turn_clock=0)
    seating.join(table, bob)
    return ann, bob, table, start_table(table, seed=seed)


def a_few_moves(match, count: int = 3) -> None:
    """A few moves chosen by the players themselves (the reason a person's move has)."""
    rng = random.Random(1)
    for _ in range(count):
        game = current(match)
        outcome = play.submit(
            game.pk, None, game.version, None, reason="",
            choose=lambda state, seat: bots.choose("casual", state, seat.index, rng),
        )  # fmt: skip
        assert outcome.applied


def agrees_with_recompute() -> bool:
    return recompute.differences(recompute.recompute(write=False)) == []


def test_a_resigned_game_is_rated_as_a_loss_for_the_resigner(django_capture_on_commit_callbacks):
    ann, bob, table, match = two_people()
    a_few_moves(match)
    game = current(match)
    with django_capture_on_commit_callbacks(execute=True):
        leaving.resign(table, ann)
    rated = RatedGame.objects.get(game=game)
    assert rated.status == RatedGame.Status.RATED
    places = dict(RatingChange.objects.filter(rated_game=rated).values_list("player", "place"))
    assert places == {ann.pk: 2, bob.pk: 1}
    lost = RatingChange.objects.get(rated_game=rated, player=ann)
    assert lost.mu < lost.mu_before
    assert agrees_with_recompute()


def test_games_after_leaving_are_rated_for_nobody(django_capture_on_commit_callbacks):
    ann, _bob, table, match = two_people()
    with django_capture_on_commit_callbacks(execute=True):
        first = play_out_game(match)  # played by both: rated
        assert play.start_next_game(match.pk, first.number)
        a_few_moves(match)  # ann played most of her own moves in this game so far
        leaving.leave(table, ann)
        second = play_out_game(match)
    assert RatedGame.objects.get(game=first).status == RatedGame.Status.RATED
    assert RatedGame.objects.get(game=second).status == RatedGame.Status.STAND_IN
    assert not RatingChange.objects.filter(rated_game__game=second).exists()
    assert agrees_with_recompute()


def test_an_aborted_set_is_not_rated(django_capture_on_commit_callbacks):
    ann, _bob, table, match = two_people()
    with django_capture_on_commit_callbacks(execute=True):
        leaving.abort(table, ann)
    assert current(match).state == Game.State.ABANDONED
    assert not RatedGame.objects.exists()
    assert agrees_with_recompute()
