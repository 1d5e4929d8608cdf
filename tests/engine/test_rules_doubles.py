"""Doubles (spinners and draws), from docs/rules.md: pose, spinners, locks, draw one, blocked games.

Rule 5 as clarified: a seat that cannot place draws one tile while the *boneyard* holds 3 or more,
whatever the seat itself holds; with 2 left nobody draws; the game is blocked only when nobody can
place and nobody may draw. The two-seat games here are worked out by hand; the longer blocked
games were found by seeded random play (``python -m games.engine play --style doubles --seats N
--seed K --games 1``) and checked by hand at every move the rule decides.
"""

from __future__ import annotations

import pytest

from games.engine import Action, IllegalMove, MatchState, load_record, score
from games.engine.moves import DRAW, PASS
from tests.engine.records import (
    expected,
    game,
    record,
    result,
    singles,
    truncate,
    with_moves,
)

# Two seats, 8 tiles each, 12 in the boneyard. Seat 0 poses 6-6 (the highest double held) and
# all four sides take a 6: 6-1, 6-2, 6-3, 6-4 (ends 1 2 3 4, each locked). Doubles 1-1 2-2 3-3
# 4-4 unlock them as spinners with three free sides; 1-0, 2-1, 3-1 follow. After move 12 both
# seats hold two tiles and the open ends are 1 2 3 4, plus a locked 0 (on 1-0).
SPINE = (
    "0:6-6 1:6-1/6-6 0:6-2/6-6 1:6-3/6-6 0:6-4/6-6 1:1-1/6-1 0:1-0/1-1 "
    "1:2-2/6-2 0:2-1/2-2 1:3-3/6-3 0:3-1/3-3 1:4-4/6-4"
)
SPINE_TILES = ["6-6 6-2 6-4 1-0 2-1 3-1", "6-1 6-3 1-1 2-2 3-3 4-4"]


def spine(keep0: str, keep1: str, play: str = "", boneyard: str | None = None) -> dict:
    """The spine game with each seat's two last tiles, then ``play``."""
    hands = [f"{SPINE_TILES[0]} {keep0}", f"{SPINE_TILES[1]} {keep1}"]
    return game(hands, f"{SPINE} {play}".strip(), boneyard=boneyard)


# Seat 0 places 5-1 (end 5, locked). Seat 1 (6-5 6-0: no 6 end, 5 and 0 locked) cannot place;
# it holds two tiles and the boneyard twelve, so it draws: 5-0, which fits nowhere (5 and 0 are
# locked), so it passes. Seat 0 dominoes with 4-0 and scores 6-5 + 6-0 + 5-0 = 11 + 6 + 5 = 22.
DOMINO = spine("5-1 4-0", "6-5 6-0", "0:5-1/1-1 1:+5-0 1:pass 0:4-0/4-4", boneyard="5-0")
DOMINO_RESULT = result("domino", 0, [0, 22], [22, 0])

# Seat 0 places 5-1, seat 1 places 4-3 on 4-4 (end 3): seat 0 is down to one tile, 6-5, which
# fits nowhere, with twelve tiles in the boneyard. It must draw (moves 15 on differ):
ONE_TILE = "0:5-1/1-1 1:4-3/4-4"
ONE_TILE_STUCK = 14  # moves played when seat 0 stands with its one tile, stuck
# - it draws 5-5, which fits on the locked 5 of 5-1, and places it; seat 1, down to 6-0 (0 still
#   locked), draws 5-0 and places it on 5-5; seat 0 dominoes with 6-5 on 5-5 and scores 6.
ONE_TILE_PLACES = spine(
    "5-1 6-5",
    "4-3 6-0",
    f"{ONE_TILE} 0:+5-5 0:5-5/5-1 1:+5-0 1:5-0/5-5 0:6-5/5-5",
    boneyard="5-5 5-0",
)
# - it draws 5-0, which fits nowhere, and passes; seat 1, down to 6-0, draws 0-0 and places it
#   on the locked 0 of 1-0; seat 0 places 5-0 on 0-0 and seat 1 dominoes with 6-0: 6-5 = 11.
ONE_TILE_PASSES = spine(
    "5-1 6-5",
    "4-3 6-0",
    f"{ONE_TILE} 0:+5-0 0:pass 1:+0-0 1:0-0/1-0 0:5-0/0-0 1:6-0/0-0",
    boneyard="5-0 0-0",
)

# Four seats, 6 tiles each, 4 in the boneyard (seed 953). Seat 3 poses 5-5 (6-6 lies in the
# boneyard). After move 21 every seat is stuck or nearly so: seat 0 holds 5-2, seat 1 1-0 6-1,
# seat 2 5-0, seat 3 2-1, and the boneyard 6-6 1-1 3-1.
# - Move 22: seat 3, one tile and stuck, draws 6-6 (three were left) and places it on 6-2.
# - Move 24: seat 0, one tile and stuck, passes: the boneyard is down to 2.
# - Move 25: seat 1 places 6-1 on 6-6; nobody can place and nobody may draw: blocked.
# Counts 5-2 = 7, 1-0 = 1, 5-0 = 5, 2-1 = 3: seat 1 scores 7 + 5 + 3 = 15.
PASS_AT_TWO = game(
    [
        "6-3 6-2 5-2 5-1 4-4 4-1",
        "6-4 6-1 3-3 3-2 2-0 1-0",
        "5-4 5-0 4-3 4-2 4-0 0-0",
        "6-0 5-5 5-3 3-0 2-2 2-1",
    ],
    "3:5-5 0:5-1/5-5 1:+6-5 1:6-5/5-5 2:5-4/5-5 3:5-3/5-5 0:4-4/5-4 1:3-3/5-3 2:4-3/4-4 "
    "3:3-0/3-3 0:4-1/4-4 1:6-4/4-4 2:0-0/3-0 3:6-0/0-0 0:6-3/4-3 1:2-0/0-0 2:4-0/0-0 "
    "3:2-2/2-0 0:6-2/2-2 1:3-2/2-2 2:4-2/2-2 3:+6-6 3:6-6/6-2 0:pass 1:6-1/6-6",
    boneyard="6-5 6-6 1-1 3-1",
)
PASS_AT_TWO_RESULT = result("blocked", 1, [7, 1, 5, 3], [0, 15, 0, 0])

# Four seats (seed 365). After move 20 every seat holds one tile (5-4, 4-1, 5-3, 5-1) and none
# fits, but the boneyard still holds 5-2 6-2 3-3 5-5, so the game goes on: seat 1 draws 5-2 and
# places it on 2-2; seat 2 draws 6-2 and places it on 6-0. The boneyard is down to 2 and nobody
# can place: blocked. Counts 9, 5, 8, 6: seat 1 scores 9 + 8 + 6 = 23.
ALL_STUCK = game(
    [
        "6-5 6-0 5-4 3-1 3-0 2-1",
        "6-6 6-1 5-0 4-3 4-2 4-1",
        "6-3 5-3 4-4 4-0 3-2 0-0",
        "6-4 5-1 2-2 2-0 1-1 1-0",
    ],
    "1:6-6 2:6-3/6-6 3:6-4/6-6 0:6-5/6-6 1:6-1/6-6 2:4-4/6-4 3:1-1/6-1 0:2-1/1-1 1:4-2/4-4 "
    "2:4-0/4-4 3:2-2/4-2 0:3-1/1-1 1:4-3/4-4 2:0-0/4-0 3:2-0/2-2 0:6-0/0-0 1:5-0/2-0 "
    "2:3-2/2-1 3:1-0/1-1 0:3-0/0-0 1:+5-2 1:5-2/2-2 2:+6-2 2:6-2/6-0",
    boneyard="5-2 6-2 3-3 5-5",
)
ALL_STUCK_AT = 20
ALL_STUCK_RESULT = result("blocked", 1, [9, 5, 8, 6], [0, 23, 0, 0])

# Two seats (seed 1312): small hands draw again and again (seat 0 holds one tile at moves 25,
# 28 and 32 and draws each time). Move 34: seat 1, stuck, draws 3-1 and leaves 2 in the boneyard;
# 3-1 fits nowhere and seat 0's 4-0 does not fit either, so the game is blocked by the draw
# itself and seat 1 does not pass. Seat 0 (4-0 = 4) scores seat 1's 2-0 3-1 3-2 4-1 = 16.
BLOCKED_BY_A_DRAW = game(
    ["6-4 6-3 6-0 5-1 4-3 4-2 4-0 1-1", "6-6 6-5 5-4 5-2 5-0 2-1 2-0 0-0"],
    "1:6-6 0:6-4/6-6 1:6-5/6-6 0:6-3/6-6 1:+6-1 1:6-1/6-6 0:1-1/6-1 1:2-1/1-1 0:5-1/1-1 "
    "1:+4-4 1:4-4/6-4 0:4-2/4-4 1:5-4/4-4 0:4-3/4-4 1:+1-0 1:1-0/1-1 0:+3-0 0:pass 1:0-0/1-0 "
    "0:3-0/0-0 1:5-0/0-0 0:6-0/0-0 1:+3-2 1:pass 0:+5-5 0:5-5/5-4 1:5-2/6-5 0:+5-3 0:5-3/5-5 "
    "1:+4-1 1:pass 0:+6-2 0:6-2/6-0 1:+3-1",
    boneyard="6-1 4-4 1-0 3-0 3-2 5-5 5-3 4-1 6-2 3-1 3-3 2-2",
)
BLOCKED_BY_A_DRAW_RESULT = result("blocked", 0, [4, 16], [16, 0])

# Two seats (seed 1684), blocked at 2 left with 3-0 5-0 (8) against 5-3 (8): a shared lowest.
BLOCKED_TIE = game(
    ["6-3 5-4 5-1 5-0 2-2 2-1 1-1 1-0", "6-5 6-4 6-2 5-3 5-2 4-4 3-1 2-0"],
    "1:4-4 0:5-4/4-4 1:6-4/4-4 0:+4-0 0:4-0/4-4 1:+4-2 1:4-2/4-4 0:2-2/4-2 1:6-2/2-2 "
    "0:2-1/2-2 1:5-2/2-2 0:1-1/2-1 1:3-1/1-1 0:5-1/1-1 1:+4-1 1:4-1/1-1 0:+6-0 0:pass 1:+4-3 "
    "1:4-3/4-1 0:+3-0 0:pass 1:+0-0 1:0-0/4-0 0:1-0/0-0 1:2-0/0-0 0:6-0/0-0 1:+6-6 1:6-6/6-4 "
    "0:6-3/6-0 1:6-5/6-2 0:+6-1 0:6-1/1-0 1:+3-2 1:3-2/2-0",
    boneyard="4-0 4-2 4-1 6-0 4-3 3-0 0-0 6-6 6-1 3-2 5-5 3-3",
)

# Four seats, 6 tiles each, 4 in the boneyard. Seat 0 poses 6-6; seat 1 has no 6, draws 6-5 and
# must place it; seat 2 cannot place (6s and a locked 5), draws 3-2, still cannot, passes; the
# boneyard is down to 2, so seat 3 passes without drawing; seat 0 places 6-4; seat 1 places
# 5-5 on the locked 5. Counts now: 52-22 = 30, 45+11-11-10 = 35, 36+5 = 41, 17.
DRAW_ONE = game(
    [
        "6-6 6-4 6-3 6-2 6-1 6-0",
        "5-5 5-4 5-3 5-2 5-1 5-0",
        "4-4 4-3 4-2 4-1 4-0 3-3",
        "3-1 3-0 2-2 2-1 2-0 1-0",
    ],
    "0:6-6 1:+6-5 1:6-5/6-6 2:+3-2 2:pass 3:pass 0:6-4/6-6 1:5-5/6-5",
    boneyard="6-5 3-2 0-0 1-1",
)

# Three seats, 6-6 asleep in the boneyard: seat 1's 5-5 is the highest double held and poses.
# Seat 2 (no 5) draws 6-6, cannot place it, passes; seat 0 draws 5-0 and places it (end 0 is
# locked now); seat 1 places 5-4. Counts now: 23, 44-10-9 = 25, 20+12 = 32.
THREE_SEATS = game(
    ["4-4 3-2 3-1 2-1 2-0 1-0", "5-5 5-4 5-3 3-3 4-2 4-1", "2-2 1-1 0-0 4-3 4-0 3-0"],
    "1:5-5 2:+6-6 2:pass 0:+5-0 0:5-0/5-5 1:5-4/5-5",
    boneyard="6-6 5-0",
)


def doubles(games, seats=2, **options):
    return record("doubles", games, seats=seats, options=options)


def replayed(one_game: dict, moves: int, seats: int = 2) -> MatchState:
    """The match after the first ``moves`` moves of ``one_game``."""
    return load_record(doubles([truncate(one_game, moves)], seats=seats))


CASES = [
    # Rules 2-7: spinners (four sides at the pose, three later), locks, a two-tile seat draws
    # and passes; the domino scores the other seat's 6-5 + 6-0 + 5-0 = 22.
    pytest.param(
        doubles([DOMINO]),
        expected(singles(2), [DOMINO_RESULT]),
        id="domino_scores_other_counts_after_spinners_and_locks",
    ),
    # Rule 5: a one-tile seat draws, places what it drew; so does the other; domino, 6-0 = 6.
    pytest.param(
        doubles([ONE_TILE_PLACES]),
        expected(singles(2), [result("domino", 0, [0, 6], [6, 0])]),
        id="one_tile_seat_draws_and_places",
    ),
    # Rule 5: a one-tile seat draws, cannot place, passes; seat 1 dominoes and scores 6-5 = 11.
    pytest.param(
        doubles([ONE_TILE_PASSES]),
        expected(singles(2), [result("domino", 1, [11, 0], [0, 11])]),
        id="one_tile_seat_draws_and_passes",
    ),
    # Rules 5-7: one-tile seats draw down to 2, then pass; blocked, seat 1 lowest scores 15.
    pytest.param(
        doubles([PASS_AT_TWO], seats=4),
        expected(singles(4), [PASS_AT_TWO_RESULT]),
        id="one_tile_seat_passes_at_two_left_then_blocked",
    ),
    # Rule 6: nobody can place with 4 left: not blocked; blocked once 2 are left, seat 1 scores.
    pytest.param(
        doubles([ALL_STUCK], seats=4),
        expected(singles(4), [ALL_STUCK_RESULT]),
        id="blocked_only_once_the_boneyard_is_down_to_two",
    ),
    # Rules 6-7: the draw that leaves 2 blocks the game at once; seat 0 (4) scores 16.
    pytest.param(
        doubles([BLOCKED_BY_A_DRAW]),
        expected(singles(2), [BLOCKED_BY_A_DRAW_RESULT]),
        id="blocked_right_after_a_draw_without_pass",
    ),
    # Rule 7 ruling: blocked with 8 each: nobody scores.
    pytest.param(
        doubles([BLOCKED_TIE]),
        expected(singles(2), [result("blocked", None, [8, 8], [0, 0])]),
        id="blocked_with_tie_scores_nothing",
    ),
    # Rule 5 with 4 seats: draw one and place it, draw one and pass, no draw at 2 left.
    pytest.param(
        doubles([DRAW_ONE], seats=4),
        expected(singles(4), [result(None, None, [30, 35, 41, 17], [0, 0, 0, 0])]),
        id="draw_one_place_or_pass_and_no_draw_at_two_left",
    ),
    # Rules 2, 5 with 3 seats: highest double held poses; a drawn tile that fits is placed.
    pytest.param(
        doubles([THREE_SEATS], seats=3),
        expected(singles(3), [result(None, None, [23, 25, 32], [0, 0, 0])]),
        id="three_seats_highest_double_held_poses",
    ),
    # Rule 8: 22 a game; 88 after four games, 110 after five: seat 0 reaches 100.
    pytest.param(
        doubles([DOMINO] * 5),
        expected(singles(2), [DOMINO_RESULT] * 5, over=True, winner=0, outcome="target"),
        id="match_ends_when_a_seat_reaches_100",
    ),
    # Four games (88) do not reach 100.
    pytest.param(
        doubles([DOMINO] * 4),
        expected(singles(2), [DOMINO_RESULT] * 4),
        id="match_goes_on_below_100",
    ),
    # Target option: 44 reaches 30 after two games.
    pytest.param(
        doubles([DOMINO] * 2, target=30),
        expected(singles(2), [DOMINO_RESULT] * 2, over=True, winner=0, outcome="target"),
        id="target_option_ends_match",
    ),
    # A game in progress after the pose and one tile: 6-6 and 6-1 out: 48-12 = 36, 53-7 = 46.
    pytest.param(
        doubles([DOMINO, truncate(DOMINO, 2)]),
        expected(singles(2), [DOMINO_RESULT, result(None, None, [36, 46], [0, 0])]),
        id="game_in_progress",
    ),
    pytest.param(doubles([], seats=4), expected(singles(4), []), id="record_with_no_games"),
]


@pytest.mark.parametrize(("doc", "want"), CASES)
def test_doubles_score(doc, want):
    assert score(doc) == want


@pytest.mark.parametrize(
    ("one_game", "moves", "seats", "seat", "left"),
    [
        pytest.param(ONE_TILE_PLACES, ONE_TILE_STUCK, 2, 0, 12, id="twelve_left"),
        pytest.param(PASS_AT_TWO, 21, 4, 3, 3, id="three_left"),
    ],
)
def test_a_one_tile_seat_draws_while_the_boneyard_holds_three(one_game, moves, seats, seat, left):
    game = replayed(one_game, moves, seats).game
    assert (game.turn, len(game.hand(seat)), game.boneyard_left) == (seat, 1, left)
    assert game.legal_moves() == [Action.draw(seat)]
    with pytest.raises(IllegalMove, match=f"seat {seat} cannot pass: it must draw"):
        game.apply(Action.pass_(seat))


def test_a_one_tile_seat_places_the_tile_it_drew_when_it_fits():
    game = replayed(ONE_TILE_PLACES, ONE_TILE_STUCK).game
    game.apply(Action.draw(0))
    assert [str(t) for t in game.hand(0)] == ["6-5", "5-5"]
    assert game.turn == 0
    assert game.legal_moves() == [Action.play(0, "5-5", "5-1")]
    with pytest.raises(IllegalMove, match="seat 0 cannot pass: it holds 5-5, which fits"):
        game.apply(Action.pass_(0))


def test_a_one_tile_seat_passes_when_the_tile_it_drew_does_not_fit():
    game = replayed(ONE_TILE_PASSES, ONE_TILE_STUCK).game
    game.apply(Action.draw(0))
    assert [str(t) for t in game.hand(0)] == ["6-5", "5-0"]
    assert game.legal_moves() == [Action.pass_(0)]
    with pytest.raises(IllegalMove, match="it has drawn its one tile this turn"):
        game.apply(Action.draw(0))
    game.apply(Action.pass_(0))
    assert game.turn == 1 and not game.over
    assert game.legal_moves() == [Action.draw(1)]  # seat 1, down to 6-0, draws in its turn too


def test_a_stuck_one_tile_seat_passes_when_the_boneyard_is_down_to_two():
    game = replayed(PASS_AT_TWO, 23, seats=4).game
    assert (game.turn, len(game.hand(0)), game.boneyard_left) == (0, 1, 2)
    assert [m.kind for m in game.legal_moves()] == [PASS]
    with pytest.raises(IllegalMove, match="seat 0 cannot draw: the boneyard is down to 2 tiles"):
        game.apply(Action.draw(0))


@pytest.mark.parametrize(
    ("one_game", "moves", "seats"),
    [
        pytest.param(spine("5-0 6-0", "5-5 6-5"), 12, 2, id="two_tiles_each"),
        pytest.param(ALL_STUCK, ALL_STUCK_AT, 4, id="one_tile_each"),
    ],
)
def test_nobody_able_to_place_is_no_block_while_the_boneyard_holds_three(one_game, moves, seats):
    game = replayed(one_game, moves, seats).game
    assert not game.in_hands & game.board.fit  # nobody can place ...
    assert all(h.bit_count() < 3 for h in game.hands)  # ... and every hand is small
    assert game.boneyard_left >= 3
    assert not game.over
    assert [m.kind for m in game.legal_moves()] == [DRAW]


@pytest.mark.parametrize(
    ("one_game", "seats", "last"),
    [
        pytest.param(PASS_AT_TWO, 4, Action.play(1, "6-1", "6-6"), id="after_a_placement"),
        pytest.param(BLOCKED_BY_A_DRAW, 2, Action.draw(1, "3-1"), id="after_a_draw"),
    ],
)
def test_the_game_is_blocked_once_nobody_can_place_and_the_boneyard_is_down_to_two(
    one_game, seats, last
):
    moves = len(one_game["moves"])
    game = replayed(one_game, moves - 1, seats).game
    assert not game.over
    game.apply(last)
    assert game.over and game.end == "blocked"
    assert game.boneyard_left == 2
    assert not game.in_hands & game.board.fit


def test_a_record_that_passes_instead_of_drawing_a_small_hand_is_refused():
    # The old reading let a seat with fewer than 3 tiles pass with the boneyard full.
    bad = doubles([with_moves(DOMINO, "1:pass 0:4-0/4-4", keep=13)])
    with pytest.raises(ValueError, match="game 1, move 14: seat 1 cannot pass: it must draw"):
        score(bad)
