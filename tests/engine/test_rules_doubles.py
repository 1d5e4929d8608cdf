"""Doubles (spinners and draws), hand-computed from RULES.md: pose, spinners, locks, draw one."""

from __future__ import annotations

import pytest

from games.engine import score
from tests.engine.records import expected, game, record, result, singles, truncate

# Two seats. Seat 0 poses 6-6 (the highest double held) and all four sides take a 6: 6-1, 6-2,
# 6-3, 6-4 (ends 1 2 3 4, each locked). Doubles 1-1 2-2 3-3 4-4 unlock them as spinners with
# three free sides; 1-0, 2-1, 3-1 follow. After move 12 both seats hold two tiles.
SPINE = (
    "0:6-6 1:6-1/6-6 0:6-2/6-6 1:6-3/6-6 0:6-4/6-6 1:1-1/6-1 0:1-0/1-1 "
    "1:2-2/6-2 0:2-1/2-2 1:3-3/6-3 0:3-1/3-3 1:4-4/6-4"
)
# Seat 0 then places 5-1 (end 5, locked); seat 1 (6-5 6-0: 5 and 0 locked, no 6 end) cannot
# place and with two tiles may not draw: it passes; seat 0 dominoes with 4-0 and scores 11 + 6.
DOMINO = game(
    ["6-6 6-2 6-4 1-0 2-1 3-1 5-1 4-0", "6-1 6-3 1-1 2-2 3-3 4-4 6-5 6-0"],
    SPINE + " 0:5-1/1-1 1:pass 0:4-0/4-4",
)
DOMINO_RESULT = result("domino", 0, [0, 17], [17, 0])


def blocked(keep0, keep1):
    # Ends 1 2 3 4 (open) and 0 (locked, 0-0 asleep in the boneyard); the four tiles kept fit
    # none, and with two tiles each nobody may draw: blocked after move 12.
    return game([f"6-6 6-2 6-4 1-0 2-1 3-1 {keep0}", f"6-1 6-3 1-1 2-2 3-3 4-4 {keep1}"], SPINE)


# 5-0 + 6-5 = 16 against 6-0 + 5-5 = 16: shared lowest, nothing scored.
BLOCKED_TIE = blocked("5-0 6-5", "6-0 5-5")
# 5-0 + 6-0 = 11 against 5-5 + 6-5 = 21: seat 0 scores 21.
BLOCKED_WIN = blocked("5-0 6-0", "5-5 6-5")

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


CASES = [
    # Rules 2-7: spinners (four sides at the pose, three later), locks, no draw with two tiles;
    # the domino scores the other seat's 6-5 + 6-0 = 17.
    pytest.param(
        doubles([DOMINO]),
        expected(singles(2), [DOMINO_RESULT]),
        id="domino_scores_other_counts_after_spinners_and_locks",
    ),
    # Rule 7 ruling: blocked with 16 each: nobody scores.
    pytest.param(
        doubles([BLOCKED_TIE]),
        expected(singles(2), [result("blocked", None, [16, 16], [0, 0])]),
        id="blocked_with_tie_scores_nothing",
    ),
    # Rule 7: blocked, seat 0 strictly lowest (11) scores seat 1's 21.
    pytest.param(
        doubles([BLOCKED_WIN]),
        expected(singles(2), [result("blocked", 0, [11, 21], [21, 0])]),
        id="blocked_strictly_lowest_scores_the_others",
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
    # Rule 8: 17 a game; 85 after five games, 102 after six: seat 0 reaches 100.
    pytest.param(
        doubles([DOMINO] * 6),
        expected(singles(2), [DOMINO_RESULT] * 6, over=True, winner=0, outcome="target"),
        id="match_ends_when_a_seat_reaches_100",
    ),
    # Five games (85) do not reach 100.
    pytest.param(
        doubles([DOMINO] * 5),
        expected(singles(2), [DOMINO_RESULT] * 5),
        id="match_goes_on_below_100",
    ),
    # Target option: 34 reaches 30 after two games.
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
