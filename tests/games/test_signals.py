"""games announces finished games and sets by signal, on commit, with places and points."""

from __future__ import annotations

import pytest

from games import signals
from games.models import Game, Match, Move
from games.services import outcomes
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game, play_out_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def heard():
    got: list[tuple[str, dict]] = []

    def on_game(sender, **kwargs):
        got.append(("game", kwargs))

    def on_match(sender, **kwargs):
        got.append(("match", kwargs))

    signals.game_finished.connect(on_game)
    signals.match_finished.connect(on_match)
    yield got
    signals.game_finished.disconnect(on_game)
    signals.match_finished.disconnect(on_match)


def test_each_finished_game_and_the_set_are_announced_once_with_places(heard):
    table = make_table(make_user("host"), turn_clock=0)
    match = play_out_match(start_table(table, seed=3))
    games = list(match.games.order_by("number"))
    game_events = [kw for kind, kw in heard if kind == "game"]
    match_events = [kw for kind, kw in heard if kind == "match"]
    assert [kw["game_id"] for kw in game_events] == [g.pk for g in games]
    assert len(match_events) == 1 and match_events[0]["match_id"] == match.pk
    first = game_events[0]["result"]
    assert first.parties == [[0], [1], [2], [3]]
    assert sorted(first.places)[0] == 1 and len(first.places) == 4
    assert first.players[0] == table.host_id
    assert first.replaced == [False] * 4
    finished = match_events[0]["result"]
    assert finished.places[finished.winner] == 1 if finished.winner is not None else True
    assert match_events[0]["style"] == "cutthroat"


def test_nothing_is_announced_for_a_rolled_back_game(heard):
    table = make_table(make_user("host"), turn_clock=0)
    match = start_table(table, seed=3)
    from django.db import transaction

    from tests.games.helpers import play_turn

    with pytest.raises(RuntimeError), transaction.atomic():
        game = current(match)
        while game.state == Game.State.PLAYING:
            play_turn(game.pk, game.version)
            game.refresh_from_db()
        raise RuntimeError("roll it all back")
    assert heard == []


def test_a_failing_listener_does_not_undo_or_fail_the_move(heard):
    def broken(sender, **kwargs):
        raise ValueError("listener bug")

    signals.game_finished.connect(broken)
    try:
        table = make_table(make_user("host"), turn_clock=0)
        game = play_out_game(start_table(table, seed=3))
    finally:
        signals.game_finished.disconnect(broken)
    assert game.state == Game.State.OVER
    assert [kind for kind, _ in heard][:1] == ["game"]


def test_a_seat_mostly_played_by_a_stand_in_is_marked_replaced():
    table = make_table(make_user("host"), turn_clock=0)
    game = current(start_table(table, seed=3))
    for seq, reason in enumerate(["stand-in", "stand-in", "", "forced"], start=1):
        Move.objects.create(game=game, seq=seq, seat=0, kind="pass", reason=reason)
    Move.objects.create(game=game, seq=5, seat=1, kind="pass", reason="bot")
    assert outcomes.replaced_seats([game.pk], 4) == [True, False, False, False]


@pytest.mark.parametrize(
    ("values", "low", "first", "places"),
    [
        ([3, 1, 2, 1], True, None, [4, 1, 3, 1]),
        ([3, 1, 2, 1], True, 0, [1, 2, 4, 2]),
        ([6, 0, 2, 2], False, 0, [1, 4, 2, 2]),
    ],
)
def test_places_share_ties_and_put_the_winner_first(values, low, first, places):
    assert outcomes.ranks(values, low, first) == places


def test_french_sets_rank_the_lowest_total_first():
    assert outcomes.match_places("french", [120, 40, 75, 90], 1, None) == [4, 1, 2, 3]
    assert Match  # the model stays importable beside the signals


def test_a_set_closed_after_a_game_is_announced_with_places_by_totals(heard):
    from games.services import play

    table = make_table(make_user("host"), turn_clock=0, style="block", seats=2,
                       bots=[None, "casual"], options={"target": 200})  # fmt: skip
    match = start_table(table, seed=5)
    game = play_out_game(match)
    assert play.close_set(match.pk, "games")
    assert not play.close_set(match.pk, "games")
    match.refresh_from_db()
    assert match.state == Match.State.OVER and match.result == "games"
    events = [kw for kind, kw in heard if kind == "match"]
    assert len(events) == 1
    totals = events[0]["result"].totals
    assert events[0]["result"].places[totals.index(max(totals))] == 1
    assert play.start_next_game(match.pk, game.number) is False
