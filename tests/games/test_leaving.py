"""The ways out of a running table (``games.services.leaving``): abort, resign, leave; what each
records, what it announces, and who may do it."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games import bots, signals
from games.models import Game, Match, Seat, Table
from games.services import leaving, play, presence, seating
from games.services.errors import TableError
from games.services.outcomes import game_places, match_places
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game, play_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    """Every games signal, in the order listeners hear them."""
    got: list[tuple[str, dict]] = []

    def hearing(name: str):
        return lambda sender, **kw: got.append((name, kw))

    receivers = {
        name: hearing(name) for name in ("seat_given_up", "game_finished", "match_finished")
    }
    for name, receiver in receivers.items():
        getattr(signals, name).connect(receiver)
    yield got
    for name, receiver in receivers.items():
        getattr(signals, name).disconnect(receiver)


def versus_bot(user, style: str = "block", seed: int = 5) -> tuple[Table, Match]:
    table = make_table(user, style=style, seats=2, bots=[None, "casual"], turn_clock=0)
    return table, start_table(table, seed=seed)


def first_human_move(match: Match) -> None:
    """Play until the person in seat 0 has chosen a move (the bot's and forced moves first)."""
    rng = random.Random(3)
    for _ in range(40):
        game = current(match)
        if any(item[1] == 0 and item[5] == "" for item in game.recent):
            return
        reason = "" if game.turn == 0 else "bot"  # "": a person's own choice
        outcome = play.submit(
            game.pk, None, game.version, None, reason=reason,
            choose=lambda state, seat: bots.choose("casual", state, seat.index, rng),
        )  # fmt: skip
        assert outcome.applied


def test_abort_before_the_first_move_drops_the_table_and_counts_nothing(
    django_capture_on_commit_callbacks, heard
):
    ann = make_user("ann")
    table, match = versus_bot(ann)
    game = current(match)
    assert leaving.offers(game, 0)[0] == leaving.ABORT
    with django_capture_on_commit_callbacks(execute=True):
        leaving.abort(table, ann)
    match.refresh_from_db()
    table.refresh_from_db()
    game.refresh_from_db()
    assert (match.state, match.result) == (Match.State.ABANDONED, leaving.ABORTED)
    assert table.state == Table.State.FINISHED and game.state == Game.State.ABANDONED
    assert [name for name, _ in heard] == ["seat_given_up"]  # no game or set is announced
    assert heard[0][1]["how"] == "abort" and heard[0][1]["player_id"] == ann.pk


def test_abort_is_refused_once_someone_has_chosen_a_move():
    ann = make_user("ann")
    table, match = versus_bot(ann)
    first_human_move(match)
    assert leaving.ABORT not in leaving.offers(current(match), 0)
    with pytest.raises(TableError, match="first move"):
        leaving.abort(table, ann)
    assert Match.objects.get(pk=match.pk).state == Match.State.PLAYING


def test_abort_is_refused_at_an_event_table():
    ann = make_user("ann")
    table, match = versus_bot(ann)
    Match.objects.filter(pk=match.pk).update(note={"event": "Friday Swiss", "url": "/e/1/"})
    match.refresh_from_db()
    assert leaving.offers(current(match), 0) == [leaving.RESIGN, leaving.LEAVE]
    with pytest.raises(TableError, match="event"):
        leaving.abort(table, ann)


def test_resign_gives_the_set_to_the_others(django_capture_on_commit_callbacks, heard):
    ann = make_user("ann")
    table, match = versus_bot(ann)
    first_human_move(match)
    game = current(match)
    with django_capture_on_commit_callbacks(execute=True):
        leaving.resign(table, ann)
    match.refresh_from_db()
    game.refresh_from_db()
    assert (match.state, match.result, match.winner_party) == (Match.State.OVER, "resigned", 1)
    assert match.players[0]["resigned"] is True and not match.players[1].get("resigned")
    assert game.state == Game.State.ABANDONED and game.turn is None
    assert game.result["end"] == "resigned" and game.result["resigned"] == [0]
    assert Table.objects.get(pk=table.pk).state == Table.State.FINISHED
    # the forfeit is heard first (an event counts it before placing the table)
    assert [name for name, _ in heard] == ["seat_given_up", "game_finished", "match_finished"]
    assert heard[1][1]["result"].places == [2, 1]
    assert heard[2][1]["result"].places == [2, 1] and heard[2][1]["result"].winner == 1
    assert play.start_next_game(match.pk, game.number) is False


def test_a_late_move_after_a_resignation_changes_nothing():
    ann = make_user("ann")
    table, match = versus_bot(ann)
    game = current(match)
    leaving.resign(table, ann)
    assert play_turn(game.pk, game.version).applied is False


def test_resign_between_two_games_ends_the_set_and_rates_no_more(
    django_capture_on_commit_callbacks, heard
):
    ann = make_user("ann")
    table, match = versus_bot(ann)
    play_out_game(match)
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True):
        leaving.resign(table, ann)
    assert [name for name, _ in heard] == ["seat_given_up", "match_finished"]
    assert Match.objects.get(pk=match.pk).state == Match.State.OVER


def test_in_a_partnership_style_resign_is_for_the_pair(django_capture_on_commit_callbacks, heard):
    ann, bea = make_user("ann"), make_user("bea")
    table = make_table(ann, style="partner", bots=[None, "casual", None, "casual"], turn_clock=0)
    seating.join(table, bea)
    assert Seat.objects.get(table=table, player=bea).index == 2
    match = start_table(table, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        leaving.resign(table, bea)
    match.refresh_from_db()
    assert [bool(p.get("resigned")) for p in match.players] == [True, False, True, False]
    assert match.winner_party == 1
    assert heard[-1][1]["result"].places == [2, 1]
    with pytest.raises(TableError):
        leaving.resign(table, ann)  # the pair has resigned: the set is over


def test_in_cut_throat_the_resigner_comes_last_and_the_best_other_total_wins():
    assert leaving.set_winner("cutthroat", [2, 3, 1, 0], resigned=1) == 0
    assert leaving.set_winner("cutthroat", [2, 3, 2, 0], resigned=1) is None
    assert leaving.set_winner("french", [40, 10, 30, 50], resigned=1) == 2
    assert match_places("cutthroat", [2, 3, 1, 0], 0, None, last=[1]) == [1, 4, 2, 3]
    resigned = {"end": "resigned", "resigned": [1], "winner": None, "points": [0] * 4}
    assert game_places(resigned, [[0], [1], [2], [3]]) == [1, 4, 1, 1]


def test_leave_puts_a_bot_in_the_seat_for_the_rest_of_the_set(
    django_capture_on_commit_callbacks, heard
):
    ann = make_user("ann")
    table, match = versus_bot(ann)
    first_human_move(match)
    with django_capture_on_commit_callbacks(execute=True):
        leaving.leave(table, ann)
    seat = Seat.objects.get(table=table, index=0)
    match.refresh_from_db()
    assert seat.stand_in and seat.away_since is not None
    assert match.players[0]["left"] == current(match).number
    assert heard and heard[-1][1]["how"] == "leave"
    # coming back to the table to watch does not take the seat back
    presence.arrived(table.pk, ann, "chan-1")
    assert Seat.objects.get(pk=seat.pk).stand_in
    # nor may the leaver move for it any more
    game = current(match)
    refused = play.player_move(
        table.pk, ann, {"game": game.pk, "version": game.version, "kind": "pass"}
    )
    assert refused.refused and "left" in refused.message
    assert leaving.offers(game, 0) == []
    with pytest.raises(TableError, match="left"):
        leaving.resign(table, ann)


def test_a_watcher_cannot_abort_resign_or_leave():
    ann, eve = make_user("ann"), make_user("eve")
    table, _match = versus_bot(ann)
    for way in (leaving.abort, leaving.resign, leaving.leave):
        with pytest.raises(TableError, match="not playing"):
            way(table, eve)


def test_nothing_to_get_out_of_once_the_set_is_over():
    ann = make_user("ann")
    table, _match = versus_bot(ann)
    leaving.resign(table, ann)
    with pytest.raises(TableError, match="No set"):
        leaving.leave(table, ann)


def test_a_left_set_reads_in_the_leavers_history_as_the_bots():
    ann = make_user("ann")
    table, match = versus_bot(ann)
    leaving.leave(table, ann)
    client = Client(HTTP_HOST="localhost")
    client.force_login(ann)
    rows = client.get("/history/").context["rows"]
    row = next(r for r in rows if r["pk"] == match.pk)
    assert (row["result_word"], row["how"]) == ("left", "a bot played your seat to the end")
