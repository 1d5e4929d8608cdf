"""``recompute_ratings`` rebuilds every rating from the stored results, in the ledger's order,
and gives exactly the figures of the live updates (floats compared for equality)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from games.models import Game, Table
from games.services.outcomes import replaced_seats as games_replaced_seats
from ratings.models import RatedGame, Rating, RatingChange
from ratings.services import recompute
from tests.factories import make_bot, make_table, make_user, start_table
from tests.games.helpers import play_out_game, play_out_match
from tests.ratings.helpers import announce, finish, table_of

pytestmark = pytest.mark.django_db


def snapshot() -> tuple:
    """Everything the ratings hold, in a form that survives new ids."""
    ratings = sorted(
        Rating.objects.filter(games__gt=0).values_list(
            "player_id", "style", "is_bot", "mu", "sigma", "ordinal", "games", "wins",
            "last_played_at",
        )
    )  # fmt: skip
    ledger = list(
        RatedGame.objects.order_by("pk").values_list(
            "game_id", "style", "status", "played_at", "match_id"
        )
    )
    changes = sorted(
        RatingChange.objects.values_list(
            "rated_game__game_id", "player_id", "style", "played_at", "seat", "party", "place",
            "mu_before", "sigma_before", "mu", "sigma", "ordinal", "key_card",
        )
    )  # fmt: skip
    return ratings, ledger, changes


@pytest.fixture
def season():
    """Games of several styles sharing people and a bot, with ties, a key card, a stand-in,
    a clock, an unrated table, and two games rated in the opposite order of their finish."""
    ann, bob, cy, dee, eve = (make_user(n) for n in ("ann", "bob", "cy", "dee", "eve"))
    bot = make_bot("bot")
    now = timezone.now()
    games = [
        finish(table_of([ann, bob, cy, bot]), [0, 7, 7, 12], winner=0, key=True),
        finish(table_of([ann, bob, cy, dee], "partner"), [3, 0, 4, 9], winner=1),
        finish(table_of([eve, bot], "block"), [0, 25], winner=0),
        finish(table_of([ann, bob, cy, bot], "french"), [20, 0, 5, 9], winner=1, clock=(0,)),
        finish(table_of([dee, eve, cy], "doubles"), [12, 0, 4], winner=1),
        finish(table_of([ann, bob, cy, dee]), [0, 3, 9, 2], winner=0, stand_in=(3,)),
        finish(table_of([ann, eve, bob, bot], "draw", {"teams": True}), [5, 0, 6, 1], winner=1),
    ]
    late = finish(
        table_of([ann, bob, cy, bot]), [9, 0, 4, 6], winner=1, at=now + timedelta(hours=2)
    )
    early = finish(
        table_of([ann, bob, cy, bot]), [0, 9, 4, 6], winner=0, at=now + timedelta(hours=1)
    )
    finish(table_of([ann, bob, cy, dee], rated=False), [0, 1, 2, 3], winner=0)
    for game in [*games, late, early]:  # the later finish is rated first
        announce(game)
    return games


def test_recompute_gives_exactly_the_live_figures(season):
    live = snapshot()
    assert live[0] and len(live[1]) == 9
    call_command("recompute_ratings", "--check")
    call_command("recompute_ratings")
    assert snapshot() == live
    *_, (_g1, _s1, _st1, rated_first, _m1), (_g2, _s2, _st2, rated_next, _m2) = live[1]
    assert rated_first > rated_next  # the ledger's order, not the order of finishing


def test_live_updates_go_on_from_the_recomputed_figures(season):
    call_command("recompute_ratings")
    ann, bob, cy, bot = (Rating.objects.get(player__username=n, style="cutthroat").player
                         for n in ("ann", "bob", "cy", "bot"))  # fmt: skip
    announce(finish(table_of([ann, bob, cy, bot]), [0, 4, 8, 9], winner=0))
    live = snapshot()
    call_command("recompute_ratings")
    assert snapshot() == live


def test_games_the_live_update_never_saw_are_taken_in_by_finish_time(season):
    ann, bob, cy, dee = (make_user(n) for n in ("ann2", "bob2", "cy2", "dee2"))
    first = finish(table_of([ann, bob, cy, dee]), [0, 4, 8, 9], winner=0)
    second = finish(table_of([ann, bob, cy, dee]), [5, 0, 8, 9], winner=1)
    call_command("recompute_ratings")
    ledger = list(RatedGame.objects.order_by("pk").values_list("game_id", flat=True))
    assert ledger[-2:] == [first.pk, second.pk]
    assert Rating.objects.get(player=ann, style="cutthroat").games == 2
    call_command("recompute_ratings", "--check")


def test_a_table_made_unrated_drops_out(season):
    Table.objects.filter(style="block").update(rated=False)
    call_command("recompute_ratings")
    assert not Rating.objects.filter(style="block").exists()
    assert not RatedGame.objects.filter(style="block").exists()


def test_check_reports_a_rating_that_differs(season):
    Rating.objects.filter(player__username="ann", style="cutthroat").update(mu=30.0)
    with pytest.raises(CommandError, match="1 ratings differ"):
        call_command("recompute_ratings", "--check")
    call_command("recompute_ratings")
    call_command("recompute_ratings", "--check")


def test_the_stand_in_rule_is_the_games_cores_for_every_game(season):
    bulk = recompute.replaced_seats(Game.objects.all())
    assert bulk  # the season has a stand-in
    for game in Game.objects.select_related("match__table"):
        seats = game.match.table.seat_count
        one = games_replaced_seats([game.pk], seats)
        assert [s in bulk.get(game.pk, ()) for s in range(seats)] == one


@pytest.mark.parametrize(
    ("style", "seats", "options"),
    [("cutthroat", 4, {}), ("partner", 4, {}), ("block", 4, {"teams": True}),
     ("doubles", 3, {}), ("french", 4, {}), ("draw", 2, {})],
)  # fmt: skip
def test_games_played_through_the_services_recompute_to_the_live_figures(
    style, seats, options, django_capture_on_commit_callbacks
):
    host = make_user("host")
    table = make_table(host, style, seats, options=options, turn_clock=0)
    with django_capture_on_commit_callbacks(execute=True):
        match = start_table(table, seed=5)
        if style in ("cutthroat", "partner"):
            play_out_match(match)
        else:
            play_out_game(match)
    live = snapshot()
    assert (
        RatedGame.objects.filter(status="rated").count()
        == match.games.filter(state="over").count()
        >= 1
    )
    assert Rating.objects.get(player=host, style=style).games >= 1
    call_command("recompute_ratings", "--check")
    call_command("recompute_ratings")
    assert snapshot() == live
