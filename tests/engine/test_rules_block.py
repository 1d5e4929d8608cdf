"""Block (2 or 4 seats, 4x1 or 2x2), hand-computed from docs/rules.md: points, starters, target."""

from __future__ import annotations

import pytest

from games.engine import score
from tests.engine.records import (
    TEAMS,
    chain,
    expected,
    game,
    record,
    result,
    rotate,
    singles,
    truncate,
)

# Two seats, seat 0 starts with 6-6 and no other 6 is in a hand: blocked at once after the pose.
# Seat 0 keeps 0-0 1-0 1-1 2-0 2-1 3-0 = 11, seat 1 holds 5-5 5-4 5-3 4-4 5-2 4-3 3-3 = 55.
TWO_BLOCKED = game(["6-6 0-0 1-0 1-1 2-0 2-1 3-0", "5-5 5-4 5-3 4-4 5-2 4-3 3-3"], "0:6-6", first=0)
# Two seats, seat 0 starts with 5-2 and dominoes on its 7th turn (move 13); seat 1 keeps one tile.
TWO_PATH = "5 2 1 4 6 0 1 1 5 6 1 3 0 2"

# Four seats, 5 tiles each, 6-6 posed by seat 0 and every other 6 asleep: blocked after the pose.
FOUR_LOW0 = game(
    ["6-6 0-0 1-0 1-1 2-0", "2-1 3-0 2-2 3-1 4-0", "3-2 4-1 5-0 3-3 4-2", "5-1 4-3 5-2 4-4 5-3"],
    "0:6-6",
    first=0,
)  # counts after the pose: 5, 18, 27, 36
FOUR_TIE01 = game(
    ["6-6 2-1 3-0 2-2 3-1", "0-0 1-0 1-1 2-0 5-4", "4-0 3-2 4-1 5-0 3-3", "4-2 5-1 4-3 5-2 4-4"],
    "0:6-6",
    first=0,
)  # counts 14, 14, 25, 34
FOUR_TIE123 = game(
    ["6-6 5-3 4-4 5-2 4-2", "4-3 3-3 2-2 1-1 0-0", "5-1 4-1 3-1 2-1 1-0", "5-0 3-2 4-0 3-0 2-0"],
    "0:6-6",
    first=0,
)  # counts 29, 19, 19, 19
# Four seats, seat 0 starts with 5-1 and dominoes on move 17; seats 1-3 keep one tile each.
FOUR_PATH = "5 1 6 2 4 0 5 5 6 3 4 6 0 2 1 1 0 3"


def block(games, seats=4, **options):
    return record("block", games, seats=seats, options=options)


CASES = [
    # Rules 6-8, blocked right after the pose: seat 0 (11) beats seat 1 (55) and scores 55-11.
    pytest.param(
        block([TWO_BLOCKED], seats=2),
        expected(singles(2), [result("blocked", 0, [11, 55], [44, 0])]),
        id="two_seats_blocked_after_pose_scores_difference",
    ),
    # Rule 8: a domino scores the loser's result: seat 1 keeps 6-6 = 12.
    pytest.param(
        block([chain(TWO_PATH, ["", "6-6"], seats=2, first=0)], seats=2),
        expected(singles(2), [result("domino", 0, [0, 12], [12, 0])]),
        id="two_seats_domino_scores_opponent_count",
    ),
    # Rule 8 ruling: seat 1's last tile is 0-0 (count 0); the domino still wins, worth 0.
    pytest.param(
        block([chain(TWO_PATH, ["", "0-0"], seats=2, first=0)], seats=2),
        expected(singles(2), [result("domino", 0, [0, 0], [0, 0])]),
        id="domino_wins_outright_against_zero_count",
    ),
    # Rules 3, 9: starters alternate 0, 1, 0, 1, 0 (game 2 gives first=1, agreeing); each game
    # the starter blocks and scores 44; 88-88 after four games, 132 reaches 100 in game 5.
    pytest.param(
        block(
            [TWO_BLOCKED, rotate(TWO_BLOCKED, 1, seats=2)] * 2 + [TWO_BLOCKED],
            seats=2,
        ),
        expected(
            singles(2),
            [
                result("blocked", 0, [11, 55], [44, 0]),
                result("blocked", 1, [55, 11], [0, 44]),
                result("blocked", 0, [11, 55], [44, 0]),
                result("blocked", 1, [55, 11], [0, 44]),
                result("blocked", 0, [11, 55], [44, 0]),
            ],
            over=True,
            winner=0,
            outcome="target",
        ),
        id="starters_alternate_and_match_ends_at_100",
    ),
    # Rule 9: the table's target; 44 reaches a target of 44 exactly.
    pytest.param(
        block([TWO_BLOCKED], seats=2, target=44),
        expected(
            singles(2),
            [result("blocked", 0, [11, 55], [44, 0])],
            over=True,
            winner=0,
            outcome="target",
        ),
        id="target_option_reached_exactly_ends_match",
    ),
    # Target 45: 44 is not enough, the match goes on.
    pytest.param(
        block([TWO_BLOCKED], seats=2, target=45),
        expected(singles(2), [result("blocked", 0, [11, 55], [44, 0])]),
        id="target_option_not_reached_match_goes_on",
    ),
    # 4x1, blocked after the pose: seat 0 (5) scores 18 + 27 + 36 - 5 = 76.
    pytest.param(
        block([FOUR_LOW0]),
        expected(singles(4), [result("blocked", 0, [5, 18, 27, 36], [76, 0, 0, 0])]),
        id="four_single_lowest_scores_others_minus_own",
    ),
    # Rule 7: 4x1 with two seats sharing the lowest count (14): no winner, no points.
    pytest.param(
        block([FOUR_TIE01]),
        expected(singles(4), [result("blocked", None, [14, 14, 25, 34], [0, 0, 0, 0])]),
        id="four_single_two_tied_lowest_nobody_scores",
    ),
    # Rule 7: 4x1 with three seats sharing the lowest count (19): no winner, no points.
    pytest.param(
        block([FOUR_TIE123]),
        expected(singles(4), [result("blocked", None, [29, 19, 19, 19], [0, 0, 0, 0])]),
        id="four_single_three_tied_lowest_nobody_scores",
    ),
    # Rules 3, 9 with 4 seats: starters 0, 1, 2, 3, 0; each starter is lowest and scores 76;
    # 76 each after four games, seat 0 reaches 152 in game 5.
    pytest.param(
        block([dict(rotate(FOUR_LOW0, k)) for k in range(4)] + [FOUR_LOW0]),
        expected(
            singles(4),
            [
                result("blocked", 0, [5, 18, 27, 36], [76, 0, 0, 0]),
                result("blocked", 1, [36, 5, 18, 27], [0, 76, 0, 0]),
                result("blocked", 2, [27, 36, 5, 18], [0, 0, 76, 0]),
                result("blocked", 3, [18, 27, 36, 5], [0, 0, 0, 76]),
                result("blocked", 0, [5, 18, 27, 36], [76, 0, 0, 0]),
            ],
            over=True,
            winner=0,
            outcome="target",
        ),
        id="four_seat_starters_rotate_match_ends_at_100",
    ),
    # Later games may leave "first" out; the starter is still the next seat.
    pytest.param(
        block(
            [FOUR_LOW0, {k: v for k, v in rotate(FOUR_LOW0, 1).items() if k != "first"}],
        ),
        expected(
            singles(4),
            [
                result("blocked", 0, [5, 18, 27, 36], [76, 0, 0, 0]),
                result("blocked", 1, [36, 5, 18, 27], [0, 76, 0, 0]),
            ],
        ),
        id="later_game_first_left_out",
    ),
    # Rule 8 ruling (4x1): seat 1's last tile is 0-0; seat 0's domino still wins 0 + 12 + 5.
    pytest.param(
        block([chain(FOUR_PATH, ["", "0-0", "6-6", "3-2"], first=0)]),
        expected(singles(4), [result("domino", 0, [0, 0, 12, 5], [17, 0, 0, 0])]),
        id="four_single_domino_wins_with_a_zero_hand_beside",
    ),
    # 2x2, blocked after the pose: team 0 = 5 + 27 = 32, team 1 = 18 + 36 = 54; 54 - 32 = 22.
    pytest.param(
        block([FOUR_LOW0], teams=True),
        expected(TEAMS, [result("blocked", 0, [5, 18, 27, 36], [22, 0])]),
        id="teams_blocked_results_are_team_sums",
    ),
    # Rule 8: seat 0 dominoes but partner seat 2 holds 6-6 (12) against 4-1 + 3-2 (10): team 0
    # wins and scores max(0, 10 - 12) = 0.
    pytest.param(
        block([chain(FOUR_PATH, ["", "4-1", "6-6", "3-2"], first=0)], teams=True),
        expected(TEAMS, [result("domino", 0, [0, 5, 12, 5], [0, 0])]),
        id="team_domino_with_partner_holding_more_scores_zero",
    ),
    # Partner keeps 2-2 (4) against 10: team 0 scores 10 - 4 = 6.
    pytest.param(
        block([chain(FOUR_PATH, ["", "4-1", "2-2", "3-2"], first=0)], teams=True),
        expected(TEAMS, [result("domino", 0, [0, 5, 4, 5], [6, 0])]),
        id="team_domino_scores_opponents_minus_partner",
    ),
    # teams false with 4 seats is 4x1.
    pytest.param(
        block([FOUR_LOW0], teams=False),
        expected(singles(4), [result("blocked", 0, [5, 18, 27, 36], [76, 0, 0, 0])]),
        id="teams_false_is_four_single",
    ),
    # A game in progress after 4 moves (5-2, 2-1, 1-4, 4-6): counts 37-12=25 and 42-13=29.
    pytest.param(
        block([truncate(chain(TWO_PATH, ["", "6-6"], seats=2, first=0), 4)], seats=2),
        expected(singles(2), [result(None, None, [25, 29], [0, 0])]),
        id="game_in_progress",
    ),
    pytest.param(block([], seats=2), expected(singles(2), []), id="record_with_no_games"),
]


@pytest.mark.parametrize(("doc", "want"), CASES)
def test_block_score(doc, want):
    assert score(doc) == want
