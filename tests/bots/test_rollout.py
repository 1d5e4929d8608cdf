"""The rollout policy finishes every style legally and plays the casual habits that matter for the
expert's estimates: it follows a locked end only with its double, and it blocks a seat whose public
passes show it lacks the end left."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.bots import rollout
from games.bots.hooks import HOOKS
from games.bots.knowledge import read
from games.bots.sampling import sample_world
from games.engine import Action
from games.engine.tiles import DOUBLE, SUIT, parse_tile
from tests.bots.helpers import IDS, SETUPS, position, six_six_game
from tests.engine import test_rules_doubles as dbl


@pytest.mark.parametrize(("style", "seats", "options"), SETUPS, ids=IDS)
def test_play_outs_finish_the_game_with_legal_moves(style, seats, options):
    for seed in range(3):
        start = position(style, seats, options, seed)
        if start is None:
            continue
        game, seat = start
        know = read(game, seat)
        world = sample_world(game, know, random.Random(seed))
        replay = world.copy()
        done = rollout.play_out(world, list(know.passed))
        assert done.over and done.result is not None
        for move in done.log[len(game.log) :]:
            if move.kind == "draw":
                move = Action.draw(move.seat)
            assert move in replay.legal_moves()
            replay.apply(move)


def test_a_locked_end_is_followed_only_by_its_double():
    shows = rollout.SHOWS[parse_tile("5-4") * rollout.ROW + parse_tile("5-5")]
    assert shows == 4
    assert rollout.LOCKED_TAKES[shows] == 1 << DOUBLE[4]
    assert rollout.SHOWS[parse_tile("4-4") * rollout.ROW + parse_tile("4-1")] == 4


def test_the_rollout_blocks_the_next_seat_once_it_has_passed_on_a_number():
    game, _ = six_six_game()
    moves = game.legal_moves()
    heavier = rollout.pick(game, moves, [0, 0, 0, 0])
    assert str(heavier.tile) == "6-5"  # sheds weight while nobody has shown a void
    blocking = rollout.pick(game, moves, [0, 0, 0, SUIT[3]])
    assert str(blocking.tile) == "6-3"  # leaves the 3 that seat 3, next, lacks


def test_a_doubles_play_out_lets_stuck_small_hands_draw_until_two_are_left():
    # Every seat holds one tile and none fits, with 4 in the boneyard: not blocked, seat 1 draws.
    game = dbl.replayed(dbl.ALL_STUCK, dbl.ALL_STUCK_AT, seats=4).game
    assert not game.over and not game.in_hands & game.board.fit
    know = read(game, 1)
    for seed in range(20):
        world = sample_world(game, know, random.Random(seed))  # such worlds are possible now
        assert not world.over and world.legal_moves() == [Action.draw(1)]
        done = rollout.play_out(world, list(know.passed))
        left = game.boneyard_left
        previous = None
        for move in done.log[dbl.ALL_STUCK_AT :]:
            if move.kind == "draw":
                assert left >= 3
                left -= 1
            elif move.kind == "pass":  # after the seat's own draw, or with 2 left
                assert left <= 2 or (previous.kind == "draw" and previous.seat == move.seat)
            previous = move
        assert done.end == "domino" or left == 2


def test_a_replaced_hooks_entry_reaches_the_play_outs(monkeypatch):
    # bench/bots.py --hook and the tests replace a style's entry; the tables must follow it.
    double = DOUBLE[6]
    default = HOOKS["cutthroat"].rollout_double
    assert rollout.policy_for("cutthroat")[0][double] == 12 + default
    monkeypatch.setitem(HOOKS, "cutthroat", replace(HOOKS["cutthroat"], rollout_double=-5))
    assert rollout.policy_for("cutthroat")[0][double] == 12 - 5
