"""The move service: one way in, version-checked, forced moves applied, history kept."""

import threading
from types import SimpleNamespace

import pytest
from django.db import connection

from games.models import Game, Match, Move
from games.services import log, play
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game, play_out_match

pytestmark = pytest.mark.django_db


def _legal_action(game: Game) -> dict:
    state = play.load(game)
    move = state.game.legal_moves()[0]
    return {"kind": move.kind, "tile": move.tile, "on": move.on}


def test_a_move_with_the_current_version_applies_and_bumps_the_version():
    match = start_table(make_table(make_user("host")))
    game = current(match)
    outcome = play.submit(game.pk, game.turn, game.version, _legal_action(game))
    assert outcome.applied
    game.refresh_from_db()
    assert game.version == outcome.version > 0
    assert Move.objects.filter(game=game).count() == game.version


def test_a_repeated_post_of_the_same_version_is_refused_with_the_current_state():
    match = start_table(make_table(make_user("host")))
    game = current(match)
    action = _legal_action(game)
    first = play.submit(game.pk, game.turn, game.version, action)
    second = play.submit(game.pk, game.turn, game.version, action)
    assert first.applied and not second.applied
    assert second.version == first.version


def test_a_move_for_a_seat_whose_turn_it_is_not_is_refused():
    match = start_table(make_table(make_user("host")))
    game = current(match)
    other = (game.turn + 1) % 4
    outcome = play.submit(game.pk, other, game.version, {"kind": "pass"})
    assert not outcome.applied
    assert "not your turn" in outcome.message


def test_an_illegal_move_is_refused_with_the_engine_reason():
    match = start_table(make_table(make_user("host")), seed=3)
    game = current(match)
    state = play.load(game)
    hand = state.game.hand(game.turn)
    wrong = next(t for t in hand if str(t) != "6-6")
    outcome = play.submit(game.pk, game.turn, game.version, {"kind": "play", "tile": wrong})
    assert not outcome.applied
    assert str(wrong) in outcome.message


@pytest.mark.django_db(transaction=True)
def test_two_posts_of_the_same_version_race_and_exactly_one_applies():
    match = start_table(make_table(make_user("host")))
    game = current(match)
    action = _legal_action(game)
    results = []
    barrier = threading.Barrier(2)

    def post():
        barrier.wait()
        try:
            results.append(play.submit(game.pk, game.turn, game.version, action).applied)
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    assert Move.objects.filter(game=game, seat=game.turn).count() == 1


def test_a_whole_set_plays_out_and_keeps_every_game_and_move():
    match = start_table(make_table(make_user("host")), seed=11)
    play_out_match(match)
    match.refresh_from_db()
    assert match.state == Match.State.OVER
    assert match.result in {"six-love", "bruck"}
    assert match.table.state == "finished"
    for game in match.games.all():
        assert game.state == Game.State.OVER
        assert game.moves.count() == game.version
        assert game.result["end"] in {"domino", "blocked"}


def test_next_game_is_idempotent():
    match = start_table(make_table(make_user("host")), seed=2)
    game = play_out_game(match)
    assert play.start_next_game(match.pk, game.number)
    assert not play.start_next_game(match.pk, game.number)
    assert match.games.count() == 2


@pytest.mark.parametrize(
    ("style", "seats", "options"),
    [
        ("cutthroat", 4, {}),
        ("partner", 4, {}),
        ("block", 2, {"target": 50}),
        ("block", 4, {"teams": True, "target": 50}),
        ("draw", 2, {"target": 50}),
        ("draw", 4, {"target": 50}),
        ("french", 4, {}),
        ("doubles", 3, {"target": 50}),
    ],
)
def test_every_style_plays_whole_games_through_the_service(style, seats, options):
    host = make_user("host")
    table = make_table(host, style=style, seats=seats, options=options)
    match = start_table(table, seed=7)
    for _ in range(2):
        game = play_out_game(match)
        replayed = play.load(game)
        assert replayed.game.over
        match.refresh_from_db()
        if match.state == Match.State.OVER:
            break
        play.start_next_game(match.pk, game.number)


def test_forced_passes_are_applied_and_noted_as_forced():
    match = start_table(make_table(make_user("host")), seed=11)
    play_out_match(match)
    forced = Move.objects.filter(game__match=match, kind="pass")
    assert forced.exists()
    assert set(forced.values_list("reason", flat=True)) == {"forced"}
    assert all(move.detail.get("ends") for move in forced)


def test_the_game_row_keeps_the_whole_log_of_the_game_as_stored_in_move_history():
    match = start_table(make_table(make_user("host"), style="draw"), seed=11)
    game = play_out_game(match)
    rows = list(Move.objects.filter(game=game).order_by("seq"))
    assert 12 < len(rows) < log.RECENT
    kept = [(e.seq, e.seat, e.kind, e.tile, e.on, e.reason, e.detail) for e in
            log.entries(game.recent)]  # fmt: skip
    assert kept == [(m.seq, m.seat, m.kind, m.tile, m.on, m.reason, m.detail) for m in rows]


def test_the_log_on_the_game_row_is_capped_at_its_newest_lines():
    rows = [SimpleNamespace(seq=i, seat=0, kind="pass", tile="", on="", reason="", detail={})
            for i in range(1, log.RECENT + 6)]  # fmt: skip
    kept = log.keep_recent(None, rows)
    assert len(kept) == log.RECENT
    assert kept[0][0] == 6 and kept[-1][0] == log.RECENT + 5
