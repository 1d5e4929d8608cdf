"""The figure players see: OpenSkill's mu on the scale chess players know (1500 to start, whole
numbers, Elo's meaning of a difference), marked "?" while provisional, computed in one place
(``skill.shown``) and the same on the pages, the plots, the changes and the admin.

What a newcomer's first games should read, from the model's own arithmetic:

- a win raises the figure and a loss lowers it, by about 80 points against other newcomers;
- a win and a loss against equal opponents are mirror images: the exact answer is the start,
  and openskill's one-game-at-a-time update, which weighs the later game a little more, leaves
  a win-then-loss a few points below 1500 and a loss-then-win as far above. The rounding must
  not add a side of its own (the old figure, the cautious ordinal, read -0.3 after such games);
- in a game of four every place counts: among newcomers the four places move the figure by
  +82, +46, -9 and -119, which add up to nothing (a player who takes each place as often stays
  at 1500), so a last place then a first is a real fall (Plackett-Luce reads last place, beaten
  by all three, as more telling than first), not a rounding artefact.
"""

from __future__ import annotations

import math
from itertools import count

import pytest

from ratings import skill
from ratings.models import Rating, RatingChange
from tests.factories import make_user
from tests.ratings.helpers import announce, finish, table_of

pytestmark = pytest.mark.django_db

_names = count(1)


def newcomers(n: int) -> list:
    return [make_user(f"new{next(_names)}") for _ in range(n)]


def head_to_head(winner, loser) -> None:
    """A rated game of Block for two that ``winner`` wins."""
    announce(finish(table_of([winner, loser], "block"), [0, 20], winner=0))


def four(players: list) -> None:
    """A rated Cut-Throat game, the players in the order of their places."""
    announce(finish(table_of(players), [0, 5, 9, 14], winner=0))


def rating(player, style: str = "block") -> Rating:
    return Rating.objects.get(player=player, style=style)


def test_a_newcomer_reads_1500_and_provisional():
    assert skill.shown(skill.MU) == skill.NEW.shown == 1500
    fresh = Rating(player=make_user("fresh"), style="cutthroat")
    assert fresh.shown == 1500 and fresh.provisional
    assert str(fresh).endswith("· 1500?")


def test_a_win_raises_the_figure_and_a_loss_lowers_it():
    ann, bob = newcomers(2)
    head_to_head(ann, bob)
    won, lost = rating(ann), rating(bob)
    assert won.shown > 1500 > lost.shown
    assert won.shown - 1500 == 1500 - lost.shown == 78  # equal players: mirror images
    assert won.provisional and lost.provisional


def test_a_win_and_a_loss_read_as_mirror_images_around_the_start():
    """Against fresh opponents each time: a win then a loss, and a loss then a win."""
    ann, bob, cy = newcomers(3)
    head_to_head(ann, bob)
    head_to_head(cy, ann)
    dee, eve, fay = newcomers(3)
    head_to_head(eve, dee)
    head_to_head(dee, fay)
    win_loss, loss_win = rating(ann), rating(dee)
    assert (win_loss.mu - skill.MU) == pytest.approx(-(loss_win.mu - skill.MU), abs=1e-9)
    assert (win_loss.shown, loss_win.shown) == (1497, 1503)
    assert win_loss.shown + loss_win.shown == 2 * skill.START
    changes = RatingChange.objects.filter(player=ann).order_by("rated_game_id")
    assert [c.change for c in changes] == [78, -81]  # the later game weighs a little more


def test_rounding_takes_no_side():
    """To the nearest point, halves away from the start: never truncated towards a fall."""
    point = 1 / skill.SCALE  # one shown point, in mu
    assert skill.shown(skill.MU - 0.4 * point) == 1500  # not 1499
    assert skill.shown(skill.MU + 0.4 * point) == 1500
    assert skill.shown(skill.MU - 0.6 * point) == 1499
    for offset in (0.5, 1.5, 2.5, 7.49, 7.51, 80.5):
        up, down = skill.shown(skill.MU + offset * point), skill.shown(skill.MU - offset * point)
        assert up + down == 2 * skill.START, offset


def test_in_a_game_of_four_every_place_counts_and_the_places_add_up_to_nothing():
    players = newcomers(4)
    four(players)
    moved = [rating(p, "cutthroat").shown - 1500 for p in players]
    assert moved == [82, 46, -9, -119]
    assert sum(moved) == 0


def test_a_last_place_then_a_first_is_a_real_fall_not_a_rounding_artefact():
    """The issue's newcomer: last of four newcomers, then first of four others."""
    ann, *others = newcomers(4)
    four([*others, ann])
    assert rating(ann, "cutthroat").shown == 1381  # the old ordinal read -3.3
    four([ann, *newcomers(3)])
    after = rating(ann, "cutthroat")
    assert after.shown == 1463  # the old ordinal read -0.3
    assert after.mu < skill.MU - 1  # the model's own fall, far beyond any rounding
    first_then_second = newcomers(1)[0]
    four([first_then_second, *newcomers(3)])
    four([newcomers(1)[0], first_then_second, *newcomers(2)])
    assert rating(first_then_second, "cutthroat").shown == 1621


def test_400_points_apart_reads_as_in_elo():
    """The stronger of two players the system is sure of wins 10 games in 11, as in Elo."""
    apart = 400 / skill.SCALE  # in mu
    c = math.sqrt(2) * skill.MODEL.beta  # Plackett-Luce's scale for two players, sigma near 0
    odds = math.exp(apart / c)
    assert odds == pytest.approx(10)
    assert skill.shown(skill.MU + apart / 2) - skill.shown(skill.MU - apart / 2) == 400


def test_the_provisional_mark_goes_after_the_last_provisional_game():
    ann, bob = newcomers(2)
    for _ in range(skill.PROVISIONAL_GAMES - 1):
        head_to_head(ann, bob)
    assert rating(ann).provisional
    head_to_head(ann, bob)
    assert not rating(ann).provisional and not str(rating(ann)).endswith("?")
