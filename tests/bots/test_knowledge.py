"""What a seat infers from passes and draws is sound (the real hands always agree with it), and the
sampled worlds respect it: right hand sizes, every unseen tile placed exactly once, no seat given
a tile it has shown it lacks."""

from __future__ import annotations

import random

import pytest

from games import bots
from games.bots.knowledge import read
from games.bots.sampling import sample_world
from games.engine import Action, new_match
from games.engine.tiles import DOUBLE, FULL, SUIT, tile_id
from tests.bots.helpers import IDS, SETUPS
from tests.engine import test_rules_doubles as dbl


def positions(style: str, seats: int, options: dict, games: int = 6):
    """Every decision point of a few casual games, as (game, seat) with the game copied."""
    rng = random.Random(11)
    for seed in range(games):
        game = new_match(style, seats, options, seed=seed).start_game()
        while not game.over:
            seat = game.turn
            if len(game.legal_moves()) > 1:
                yield game.copy(), seat
            game.apply(bots.choose("casual", game, seat, rng))


def assert_consistent(know, hands: list[int], pile: int) -> None:
    """The hidden tiles ``hands``/``pile`` (masks) could be the real ones, as far as ``know``
    says."""
    placed = pile
    for s, hand in enumerate(hands):
        if s == know.seat:
            assert hand == know.hand
            continue
        assert hand.bit_count() == know.sizes[s]
        assert not hand & know.void[s], f"seat {s} holds a tile it has shown it lacks"
        assert (hand & know.soft[s]).bit_count() <= know.spare[s]
        assert not placed & hand, "a tile placed twice"
        placed |= hand
    assert placed == know.unseen, "the unseen tiles are not each placed once"
    assert pile.bit_count() == know.pile


@pytest.mark.parametrize(("style", "seats", "options"), SETUPS, ids=IDS)
def test_the_real_hands_agree_with_what_a_seat_infers(style, seats, options):
    for game, seat in positions(style, seats, options):
        know = read(game, seat)
        assert_consistent(know, game.hands, game.sleeping)
        for s, hand in enumerate(game.hands):  # the public voids hold for every seat, this too
            assert not hand & know.passed[s]


@pytest.mark.parametrize(("style", "seats", "options"), SETUPS, ids=IDS)
def test_sampled_worlds_respect_what_the_seat_knows(style, seats, options):
    rng = random.Random(5)
    for game, seat in positions(style, seats, options, games=3):
        know = read(game, seat)
        for _ in range(5):
            world = sample_world(game, know, rng)
            pile = world.boneyard[world.drawn :]
            assert len(pile) == know.pile
            assert_consistent(know, world.hands, sum(1 << t for t in pile))
            assert world.legal_moves(seat) == game.legal_moves(seat)


def test_a_french_pass_on_a_locked_end_proves_only_the_double_missing():
    hands = [
        ["0-0", "6-6", "6-5", "6-4", "6-3", "6-2", "6-1"],
        ["5-0", "1-0", "2-0", "5-3", "5-2", "5-1", "6-0"],
        ["5-4", "4-3", "4-2", "4-1", "3-2", "2-2", "2-1"],
        ["3-0", "4-0", "3-1", "4-4", "3-3", "1-1", "5-5"],
    ]
    game = new_match("french", 4).start_game(hands, [])
    script = [
        Action.play(0, "0-0"),
        Action.play(1, "5-0", "0-0"),
        Action.pass_(2),
        Action.play(3, "3-0", "0-0"),
        Action.pass_(0),
        Action.play(1, "1-0", "0-0"),
        Action.pass_(2),
        Action.play(3, "4-0", "0-0"),  # the cross is complete: 5, 3, 1 and 4 show, all locked
        Action.pass_(0),
        Action.pass_(1),
        Action.pass_(2),  # seat 2 lacks 5-5, 3-3 and 1-1 ... but may hold 5-4 or 5-3
        Action.play(3, "4-4", "4-0"),
    ]
    for move in script:
        game.apply(move)
    know = read(game, 0)
    for n in (5, 3, 1):
        assert know.void[2] >> DOUBLE[n] & 1
    assert not know.void[2] >> tile_id(5, 4) & 1
    assert not know.void[2] >> tile_id(5, 3) & 1
    assert know.void[2] & SUIT[0] == SUIT[0] & know.unseen


def test_a_draw_proves_the_hand_lacked_the_ends_and_frees_the_drawn_tile():
    rng = random.Random(3)
    for seed in range(40):
        game = new_match("draw", 2, seed=seed).start_game()
        while not game.over:
            seat = game.turn
            move = bots.choose("casual", game, seat, rng)
            before = game.board.fit
            game.apply(move)
            if move.kind == "draw" and not game.over and game.turn == seat:
                know = read(game, 1 - seat)
                assert know.void[seat] == before & know.unseen
                assert know.spare[seat] >= 1
                return
    pytest.fail("no draw seen")


def test_in_doubles_nobody_holds_a_double_above_the_pose():
    game = new_match("doubles", 4, seed=2).start_game()
    pose = game.legal_moves()[0]
    game.apply(pose)
    know = read(game, game.turn)
    above = sum(1 << DOUBLE[n] for n in range(7) if DOUBLE[n] > pose.tile) & know.unseen
    for s in range(4):
        if s != know.seat:
            assert know.void[s] & above == above
    assert FULL & know.unseen == know.unseen


def test_a_one_tile_doubles_seat_that_draws_and_passes_shows_it_lacks_every_end():
    # Seat 0, down to 6-5 with twelve in the boneyard, draws 5-0 (it may, however small its
    # hand) and passes: it lacks every tile that fits, its drawn tile included.
    game = dbl.replayed(dbl.ONE_TILE_PASSES, dbl.ONE_TILE_STUCK + 2).game
    assert [m.kind for m in game.log[-2:]] == ["draw", "pass"]
    know = read(game, 1)
    assert know.sizes[0] == 2 and know.pile == 11
    assert know.void[0] == game.board.fit & know.unseen
    assert know.spare[0] == 1  # the drawn tile is one nobody saw
    assert know.passed[0] & game.board.fit == game.board.fit & ~game.placed
    assert_consistent(know, game.hands, game.sleeping)


def test_a_doubles_pass_with_two_left_shows_a_void_without_a_draw():
    # Seat 0 holds one tile and cannot place with the boneyard down to 2: it passes undrawn.
    game = dbl.replayed(dbl.PASS_AT_TWO, 24, seats=4).game
    assert game.log[-1] == Action.pass_(0) and game.log[-2].seat != 0
    assert game.boneyard_left == 2
    know = read(game, 1)
    assert know.void[0] == game.board.fit & know.unseen
    assert know.spare[0] == 0
    assert_consistent(know, game.hands, game.sleeping)
