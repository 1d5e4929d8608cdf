"""Ratings move once per finished rated game, by the game's places, for every style and party
shape; a repeated signal changes nothing; a game the server played for someone changes nobody."""

from __future__ import annotations

from itertools import pairwise

import pytest

from games import signals
from games.models import Game
from ratings import skill
from ratings.models import RatedGame, Rating, RatingChange
from tests.factories import make_bot, make_user
from tests.ratings.helpers import announce, finish, outcome_of, table_of

pytestmark = pytest.mark.django_db

SHAPES = [
    # style, seats, options, parties expected
    ("cutthroat", 4, {}, [[0], [1], [2], [3]]),
    ("french", 4, {}, [[0], [1], [2], [3]]),
    ("doubles", 4, {}, [[0], [1], [2], [3]]),
    ("doubles", 3, {}, [[0], [1], [2]]),
    ("doubles", 2, {}, [[0], [1]]),
    ("block", 4, {}, [[0], [1], [2], [3]]),
    ("draw", 4, {}, [[0], [1], [2], [3]]),
    ("block", 2, {}, [[0], [1]]),
    ("draw", 2, {}, [[0], [1]]),
    ("partner", 4, {}, [[0, 2], [1, 3]]),
    ("block", 4, {"teams": True}, [[0, 2], [1, 3]]),
    ("draw", 4, {"teams": True}, [[0, 2], [1, 3]]),
]


def people(n: int, prefix: str = "p") -> list:
    return [make_user(f"{prefix}{i}") for i in range(n)]


def mu_change(player, style: str) -> float:
    return Rating.objects.get(player=player, style=style).mu - skill.MU


@pytest.mark.parametrize(("style", "seats", "options", "parties"), SHAPES)
def test_a_game_moves_each_party_by_its_place(style, seats, options, parties):
    players = people(seats)
    match = table_of(players, style, options)
    # Party 0 goes out; the others are left holding more pips the later they come.
    counts = [0] * seats
    for p, members in enumerate(parties):
        for s in members:
            counts[s] = 10 * p
    game = finish(match, counts, winner=0)
    assert outcome_of(game).parties == parties
    assert announce(game).status == RatedGame.Status.RATED
    moved = [[mu_change(players[s], style) for s in members] for members in parties]
    assert all(m > 0 for m in moved[0]) and all(m < 0 for m in moved[-1])
    for better, worse in pairwise(moved):
        assert min(better) > max(worse)
    for members in moved:  # partners start level, so they move alike
        assert max(members) == pytest.approx(min(members))
    ratings = Rating.objects.filter(style=style)
    assert ratings.count() == seats
    assert all(r.games == 1 and r.sigma < skill.SIGMA for r in ratings)
    assert sorted(r.wins for r in ratings) == [0] * (seats - len(parties[0])) + [1] * len(
        parties[0]
    )
    assert RatingChange.objects.filter(rated_game__game=game).count() == seats


def test_tied_places_move_tied_players_alike_and_the_ordinal_is_mu_less_three_sigma():
    players = people(4)
    game = finish(table_of(players), [0, 7, 7, 12], winner=0)
    assert outcome_of(game).places == [1, 2, 2, 4]
    announce(game)
    assert mu_change(players[1], "cutthroat") == pytest.approx(mu_change(players[2], "cutthroat"))
    for rating in Rating.objects.all():
        assert rating.ordinal == pytest.approx(rating.mu - 3 * rating.sigma)


def test_an_upset_moves_ratings_more_than_an_expected_result():
    strong, weak, a, b = people(4)
    for _ in range(6):
        announce(finish(table_of([strong, weak, a, b]), [0, 30, 20, 10], winner=0))
    now = {r.player_id: skill.Skill(r.mu, r.sigma) for r in Rating.objects.all()}
    again = skill.Finished(
        game_id=0, match_id=0, style="cutthroat", played_at=None,
        parties=[[0], [1], [2], [3]], players=[strong.pk, weak.pk, a.pk, b.pk],
        bots=[False] * 4, places=[1, 4, 3, 2], winner=0, key_card=False, replaced=[False] * 4,
    )  # fmt: skip
    expected_gain = skill.rate(again, now.__getitem__)[0]
    announce(finish(table_of([strong, weak, a, b]), [30, 0, 20, 10], winner=1))
    upset_gain = Rating.objects.get(player=weak).mu - now[weak.pk].mu
    assert upset_gain > expected_gain.after.mu - expected_gain.before.mu > 0


def test_bots_are_rated_and_marked_as_bots():
    person = make_user("ann")
    bots = [make_bot(f"bot{i}") for i in range(3)]
    announce(finish(table_of([person, *bots]), [0, 5, 9, 14], winner=0))
    assert Rating.objects.filter(is_bot=True).count() == 3
    assert Rating.objects.get(player=person).is_bot is False


def test_the_key_card_is_kept_for_the_winning_side_only():
    players = people(4)
    game = finish(table_of(players, "partner"), [0, 5, 6, 8], winner=0, key=True)
    announce(game)
    flagged = set(RatingChange.objects.filter(key_card=True).values_list("player", flat=True))
    assert flagged == {players[0].pk, players[2].pk}


def test_a_repeated_signal_changes_nothing():
    players = people(4)
    game = finish(table_of(players), [0, 5, 9, 14], winner=0)
    first = announce(game)
    after_one = list(Rating.objects.order_by("pk").values())
    assert first is not None and announce(game) is None
    outcome = outcome_of(game)
    for _ in range(2):
        signals.game_finished.send(
            sender=Game, game_id=game.pk, match_id=game.match_id, table_id=game.match.table_id,
            style="cutthroat", result=outcome,
        )  # fmt: skip
    assert list(Rating.objects.order_by("pk").values()) == after_one
    assert RatedGame.objects.count() == 1
    assert RatingChange.objects.count() == 4


def test_the_listener_rates_a_game_announced_by_signal():
    players = people(4)
    game = finish(table_of(players), [0, 5, 9, 14], winner=0)
    signals.game_finished.send(
        sender=Game, game_id=game.pk, match_id=game.match_id, table_id=game.match.table_id,
        style="cutthroat", result=outcome_of(game),
    )  # fmt: skip
    assert RatedGame.objects.get().game_id == game.pk
    assert Rating.objects.filter(games=1).count() == 4


def test_a_game_mostly_played_by_a_stand_in_changes_nobodys_rating():
    players = people(4)
    announce(finish(table_of(players), [0, 5, 9, 14], winner=0))
    before = list(Rating.objects.order_by("pk").values())
    game = finish(table_of(players), [0, 5, 9, 14], winner=0, stand_in=(2,))
    assert outcome_of(game).replaced == [False, False, True, False]
    rated = announce(game)
    assert rated.status == RatedGame.Status.STAND_IN
    assert list(Rating.objects.order_by("pk").values()) == before
    assert not RatingChange.objects.filter(rated_game=rated).exists()
    assert announce(game) is None  # in the ledger once, like any game


def test_a_few_moves_by_the_clock_still_count():
    players = people(4)
    rated = announce(finish(table_of(players), [0, 5, 9, 14], winner=0, clock=(1, 3)))
    assert rated.status == RatedGame.Status.RATED
    assert Rating.objects.filter(games=1).count() == 4


def test_an_unrated_table_changes_nothing():
    game = finish(table_of(people(4), rated=False), [0, 5, 9, 14], winner=0)
    assert announce(game) is None
    assert not RatedGame.objects.exists() and not Rating.objects.exists()


def test_each_style_keeps_its_own_rating():
    players = people(4)
    announce(finish(table_of(players, "cutthroat"), [0, 5, 9, 14], winner=0))
    announce(finish(table_of(players, "french"), [14, 9, 5, 0], winner=3))
    assert Rating.objects.filter(player=players[0]).count() == 2
    assert mu_change(players[0], "cutthroat") > 0 > mu_change(players[0], "french")


def test_a_rating_is_provisional_until_ten_games():
    players = people(4)
    for n in range(1, skill.PROVISIONAL_GAMES + 1):
        announce(finish(table_of(players), [0, 5, 9, 14], winner=0))
        assert Rating.objects.get(player=players[0]).provisional == (n < skill.PROVISIONAL_GAMES)
