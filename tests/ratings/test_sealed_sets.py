"""A sealed set's games (an event's same deals, still being played at other tables) are not
rated as they end, since the rating pages would show their results to the players of those
tables: they are rated when the set is unsealed, in the order they finished, once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import signals
from games.models import Game, Match
from games.services import outcomes, play, seating
from ratings.models import RatedGame, Rating, RatingChange
from ratings.services import live
from ratings.services.recompute import differences, recompute
from tests.factories import make_table, make_user
from tests.games.helpers import play_out_game
from tests.ratings.helpers import announce, finish, table_of

pytestmark = pytest.mark.django_db


def _sealed_set(prefix: str = "p") -> tuple[Match, list]:
    players = [make_user(f"{prefix}{i}") for i in range(4)]
    match = table_of(players)
    Match.objects.filter(pk=match.pk).update(sealed=True, deal_key="k")
    match.refresh_from_db()
    return match, players


def _unseal(match_ids: list[int], capture) -> int:
    with capture(execute=True):
        return play.unseal(match_ids)


def test_a_sealed_sets_finished_game_is_not_rated_while_it_is_sealed():
    match, _players = _sealed_set()
    game = finish(match, [0, 5, 10, 15], winner=0)
    assert announce(game) is None
    assert not RatedGame.objects.exists()
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(games__gt=0).exists()


def test_unsealing_rates_the_sets_games_once_in_the_order_they_finished(
    django_capture_on_commit_callbacks,
):
    match, players = _sealed_set()
    start = timezone.now()
    later = finish(match, [0, 5, 10, 15], winner=0, at=start + timedelta(minutes=2))
    earlier = finish(match, [9, 0, 4, 7], winner=1, at=start + timedelta(minutes=1))
    for game in (later, earlier):
        assert announce(game) is None

    assert _unseal([match.pk], django_capture_on_commit_callbacks) == 1
    ledger = list(RatedGame.objects.order_by("pk").values_list("game_id", flat=True))
    assert ledger == [earlier.pk, later.pk]
    assert Rating.objects.get(player=players[0], style="cutthroat").games == 2
    # The figures are exactly what rating the games as they ended would have given.
    assert differences(recompute(write=False)) == []

    assert _unseal([match.pk], django_capture_on_commit_callbacks) == 0
    signals.sets_unsealed.send_robust(Match, match_ids=[match.pk])  # heard twice
    assert live.rate_unsealed([match.pk]) == []
    assert RatedGame.objects.count() == 2
    assert RatingChange.objects.count() == 8


def test_a_game_rated_before_the_unsealing_is_not_rated_again(django_capture_on_commit_callbacks):
    """A game that ends as its set is unsealed is heard by both listeners: the ledger takes it
    once."""
    match, _players = _sealed_set()
    game = finish(match, [0, 5, 10, 15], winner=0)
    Match.objects.filter(pk=match.pk).update(sealed=False)
    assert announce(game) is not None
    Match.objects.filter(pk=match.pk).update(sealed=True)
    _unseal([match.pk], django_capture_on_commit_callbacks)
    assert RatedGame.objects.count() == 1


def test_unsealing_rates_only_the_unsealed_sets_and_not_unrated_tables(
    django_capture_on_commit_callbacks,
):
    first, _ = _sealed_set("a")
    second, _ = _sealed_set("b")
    unrated, _ = _sealed_set("c")
    first_game = finish(first, [0, 5, 10, 15], winner=0)
    finish(second, [0, 5, 10, 15], winner=0)
    unrated.table.rated = False
    unrated.table.save(update_fields=["rated"])
    finish(unrated, [0, 5, 10, 15], winner=0)
    _unseal([first.pk, unrated.pk], django_capture_on_commit_callbacks)
    assert list(RatedGame.objects.values_list("game_id", flat=True)) == [first_game.pk]


def test_the_recompute_leaves_a_sealed_sets_games_out_until_it_is_unsealed(
    django_capture_on_commit_callbacks,
):
    match, _players = _sealed_set()
    game = finish(match, [0, 5, 10, 15], winner=0)
    assert game.pk not in recompute(write=False).seen
    recompute()
    assert not RatedGame.objects.exists()
    _unseal([match.pk], django_capture_on_commit_callbacks)
    assert list(RatedGame.objects.values_list("game_id", flat=True)) == [game.pk]


def test_a_played_sealed_game_is_rated_at_the_unsealing_with_the_outcome_it_was_announced_with(
    django_capture_on_commit_callbacks,
):
    players = [make_user(f"s{i}") for i in range(4)]
    table = make_table(players[0], bots=[None] * 4)
    for user in players[1:]:
        seating.join(table, user)
    match = play.start_match(table, seed=5, deal_key="k" * 64, sealed=True)
    announced = []

    def hear(sender, game_id: int, result: outcomes.GameOutcome, **kwargs) -> None:
        announced.append((game_id, result))

    signals.game_finished.connect(hear)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            game = play_out_game(match)
    finally:
        signals.game_finished.disconnect(hear)
    assert announced and announced[0][0] == game.pk
    assert not RatedGame.objects.exists()

    game = Game.objects.select_related("match__table").get(pk=game.pk)
    assert outcomes.stored_outcome(game) == announced[0][1]
    _unseal([match.pk], django_capture_on_commit_callbacks)
    assert list(RatedGame.objects.values_list("game_id", flat=True)) == [game.pk]
    assert Rating.objects.filter(player__in=players, games=1).count() == 4
