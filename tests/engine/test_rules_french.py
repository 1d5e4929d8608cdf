"""French, hand-computed from docs/rules.md: cross, locked numbers, doubling, pass fines, match
end."""

from __future__ import annotations

import pytest

from games.engine import score
from tests.engine.records import expected, game, record, result, rotate, singles, truncate

P4 = singles(4)
PPP = "1:pass 2:pass 3:pass"

# Seat 0 holds every 0. It poses 0-0 and builds the cross alone (1-0, 2-0, 3-0, 4-0): seats 1-3
# hold no 0 and no arm may grow before the cross is full, so they pass four rounds running.
# Fines per seat 1-3: round 1 all-three 10, round 2 all-three 10, round 3 third pass in a row 10
# plus all-three 10, round 4 all-three 10 (row count restarted): 50 each.
# Then 1-1 (seat 1), 5-1, 5-5 (seat 3), 5-0 (seat 0), 2-2, 6-2 (seat 2 keeps 3-3 and 6-6), 4-4,
# and seat 0 dominoes with 6-0 on move 25.
# Kept: seat 1 2-1 3-1 4-1 6-1 4-3 = 26; seat 2 3-3 6-6 3-2 4-2 5-2 = 36, two doubles: x4 = 144;
# seat 3 5-3 6-3 5-4 6-4 6-5 = 47.
FINES = game(
    [
        "0-0 1-0 2-0 3-0 4-0 5-0 6-0",
        "1-1 2-2 2-1 3-1 4-1 6-1 4-3",
        "5-1 6-2 3-3 6-6 3-2 4-2 5-2",
        "5-5 4-4 5-3 6-3 5-4 6-4 6-5",
    ],
    f"0:0-0 {PPP} 0:1-0/0-0 {PPP} 0:2-0/0-0 {PPP} 0:3-0/0-0 {PPP} 0:4-0/0-0 "
    "1:1-1/1-0 2:5-1/1-1 3:5-5/5-1 0:5-0/5-5 1:2-2/2-0 2:6-2/2-2 3:4-4/4-0 0:6-0/5-0",
)
FINES_RESULT = result("domino", 0, [0, 26, 36, 47], [0, 76, 194, 97])

# The same game with the numbers 0 and 6 swapped: seat 0 poses 6-6 (a later game, its choice of
# double); seat 2 keeps 3-3 0-0 3-2 4-2 5-2 = 24, two doubles: 96 (+50 fines = 146).
# Seat 1 keeps 2-1 3-1 4-1 1-0 4-3 = 20 (+50 = 70); seat 3 5-3 3-0 5-4 4-0 5-0 = 29 (+50 = 79).
SWAPPED = game(
    [
        "6-6 6-1 6-2 6-3 6-4 6-5 6-0",
        "1-1 2-2 2-1 3-1 4-1 1-0 4-3",
        "5-1 2-0 3-3 0-0 3-2 4-2 5-2",
        "5-5 4-4 5-3 3-0 5-4 4-0 5-0",
    ],
    f"0:6-6 {PPP} 0:6-1/6-6 {PPP} 0:6-2/6-6 {PPP} 0:6-3/6-6 {PPP} 0:6-4/6-6 "
    "1:1-1/6-1 2:5-1/1-1 3:5-5/5-1 0:6-5/5-5 1:2-2/6-2 2:2-0/2-2 3:4-4/6-4 0:6-0/6-5",
)

# No passes: cross 1-0 2-0 3-0 4-0, then doubles and open numbers; 6 stays locked until seat 0
# dominoes with 6-6 on 6-0 (move 25). Kept: 6-4 = 10, 4-2 = 6, 6-2 = 8, each doubled once
# because the winner's last tile is a double: 20, 12, 16.
DOUBLE_DOMINO = game(
    [
        "0-0 4-0 5-0 6-0 3-1 4-4 6-6",
        "1-0 1-1 2-1 5-1 5-2 6-4 6-5",
        "2-0 4-1 2-2 3-2 4-2 6-3 5-5",
        "3-0 6-1 6-2 3-3 4-3 5-3 5-4",
    ],
    "0:0-0 1:1-0/0-0 2:2-0/0-0 3:3-0/0-0 0:4-0/0-0 1:1-1/1-0 2:2-2/2-0 3:3-3/3-0 0:4-4/4-0 "
    "1:5-1/1-1 2:5-5/5-1 3:5-3/3-3 0:5-0/5-5 1:2-1/2-2 2:4-1/2-1 3:4-3/4-4 0:3-1/4-3 "
    "1:5-2/5-3 2:3-2/5-2 3:5-4/4-1 0:6-0/5-0 1:6-5/5-4 2:6-3/3-2 3:6-1/3-1 0:6-6/6-0",
)
DOUBLE_DOMINO_RESULT = result("domino", 0, [0, 10, 6, 8], [0, 20, 12, 16])

# Blocked on move 18 with no pass: arms end 0, 0, 1, 1 and every 0 and every 1 is out.
BLOCK_MOVES = (
    "0:0-0 1:1-0/0-0 2:2-0/0-0 3:3-0/0-0 0:4-0/0-0 1:1-1/1-0 2:5-1/1-1 3:5-5/5-1 0:5-0/5-5 "
    "1:2-2/2-0 2:2-1/2-2 3:6-1/2-1 0:6-6/6-1 1:6-0/6-6 2:3-3/3-0 3:3-1/3-3 0:4-4/4-0 1:4-1/4-4"
)


def blocked(keep0, keep1):
    return game(
        [
            f"0-0 4-0 5-0 6-6 4-4 {keep0}",
            f"1-0 1-1 2-2 6-0 4-1 {keep1}",
            "2-0 5-1 2-1 3-3 4-3 5-3 6-3",
            "3-0 5-5 6-1 3-1 5-4 6-4 6-5",
        ],
        BLOCK_MOVES,
    )


# Seats 0 and 1 both keep 13 (3-2 6-2; 4-2 5-2): no winner; seat 2 keeps 24, seat 3 30.
BLOCKED_TIE = blocked("3-2 6-2", "4-2 5-2")
BLOCKED_TIE_RESULT = result("blocked", None, [13, 13, 24, 30], [13, 13, 24, 30])
# Seat 0 keeps 3-2 4-2 = 11 and wins; seat 1 keeps 5-2 6-2 = 15.
BLOCKED_WIN = blocked("3-2 4-2", "5-2 6-2")
BLOCKED_WIN_RESULT = result("blocked", 0, [11, 15, 24, 30], [11, 15, 24, 30])

# After a win by seat 0, seats 0 and 1 hold no double: seat 2 opens with a double of its choice
# (3-3, not its highest); seat 3 has no 3 and passes; 6-3 and 5-3 take two more sides.
# Counts now: 60-9 = 51, 44-8 = 36, 34-6 = 28, 30.
OPENING_PASSED_ON = game(
    [
        "6-5 6-4 6-3 6-2 6-1 6-0 5-4",
        "5-3 5-2 5-1 5-0 4-3 4-2 4-1",
        "3-3 5-5 1-1 4-0 3-2 3-1 3-0",
        "0-0 2-2 4-4 6-6 2-1 2-0 1-0",
    ],
    "2:3-3 3:pass 0:6-3/3-3 1:5-3/3-3",
)


def french(games, **options):
    return record("french", games, options=options)


CASES = [
    # Rules 2-8: the fines game in full; points = game score + fines; 194 >= 100 ends the
    # match and seat 0 has the lowest total.
    pytest.param(
        french([FINES]),
        expected(P4, [FINES_RESULT], over=True, winner=0, outcome="target"),
        id="doubles_in_hand_double_score_and_fines_are_not_doubled",
    ),
    # Rule 8: after 11 moves seats 1 and 2 have passed three times in a row (10 + 10 + 10) and
    # seat 3 twice (10 + 10); round 3's all-three fine is not due until seat 3 passes.
    pytest.param(
        french([truncate(FINES, 11)]),
        expected(P4, [result(None, None, [18, 32, 50, 65], [0, 30, 30, 20])]),
        id="third_pass_fine_falls_as_it_happens",
    ),
    # Rule 8: after move 12 (seat 3's third pass) the round's all-three fine is added: 40 each.
    pytest.param(
        french([truncate(FINES, 12)]),
        expected(P4, [result(None, None, [18, 32, 50, 65], [0, 40, 40, 40])]),
        id="third_pass_and_all_three_fine_on_one_pass",
    ),
    # Rule 8: after the cross (17 moves) the game in progress shows 50 of fines each.
    pytest.param(
        french([truncate(FINES, 17)]),
        expected(P4, [result(None, None, [11, 32, 50, 65], [0, 50, 50, 50])]),
        id="game_in_progress_shows_fines_so_far",
    ),
    # Rule 7: the winner dominoes with 6-6: every other seat's score is doubled.
    pytest.param(
        french([DOUBLE_DOMINO]),
        expected(P4, [DOUBLE_DOMINO_RESULT]),
        id="domino_with_a_double_doubles_the_others",
    ),
    # Rule 2: seat 0 won, so it opens game 2 with the double of its choice (6-6); fines count in
    # game 2 only. Totals [0, 90, 158, 95]: 158 >= 100, seat 0 lowest.
    pytest.param(
        french([DOUBLE_DOMINO, SWAPPED]),
        expected(
            P4,
            [DOUBLE_DOMINO_RESULT, result("domino", 0, [0, 20, 24, 29], [0, 70, 146, 79])],
            over=True,
            winner=0,
            outcome="target",
        ),
        id="later_game_opened_by_winner_with_double_of_choice",
    ),
    # Rule 10: with double_blank_ten seat 2's 0-0 counts 10: (24 + 10) x 4 = 136, + 50 fines.
    pytest.param(
        french([DOUBLE_DOMINO, SWAPPED], double_blank_ten=True, target=150),
        expected(
            P4,
            [DOUBLE_DOMINO_RESULT, result("domino", 0, [0, 20, 34, 29], [0, 70, 186, 79])],
            over=True,
            winner=0,
            outcome="target",
        ),
        id="double_blank_ten_counts_ten_and_is_doubled",
    ),
    # Rule 10: in a game not yet started seat 0's hand (all the 0s, 21 pips) counts 31.
    pytest.param(
        french([truncate(FINES, 0)], double_blank_ten=True),
        expected(P4, [result(None, None, [31, 32, 50, 65], [0, 0, 0, 0])]),
        id="double_blank_ten_in_counts_of_game_in_progress",
    ),
    # Rule 2: the winner (seat 0) and seat 1 hold no double: seat 2 opens with 3-3.
    pytest.param(
        french([DOUBLE_DOMINO, OPENING_PASSED_ON]),
        expected(P4, [DOUBLE_DOMINO_RESULT, result(None, None, [51, 36, 28, 30], [0, 0, 0, 0])]),
        id="opening_passes_to_next_seat_holding_a_double",
    ),
    # Rule 6: blocked, seat 0 alone lowest (11) wins; every seat still adds its count.
    pytest.param(
        french([BLOCKED_WIN]),
        expected(P4, [BLOCKED_WIN_RESULT]),
        id="blocked_strictly_lowest_wins",
    ),
    # Rules 2, 6, 8: blocked with 13 shared (no winner); the blocking placement fines nobody;
    # game 2 is opened with 0-0 by its holder, seat 1 (the fines game moved one seat on).
    # Totals [13 + 97, 13 + 0, 24 + 76, 30 + 194]: seat 1 lowest with 13.
    pytest.param(
        french([BLOCKED_TIE, rotate(FINES, 1)]),
        expected(
            P4,
            [BLOCKED_TIE_RESULT, result("domino", 1, [47, 0, 26, 36], [97, 0, 76, 194])],
            over=True,
            winner=1,
            outcome="target",
        ),
        id="no_winner_then_double_blank_holder_opens",
    ),
    # Rule 9: four tied blocked games give [52, 52, 96, 120]: 120 reached but the lowest total is
    # shared, so the match goes on.
    pytest.param(
        french([BLOCKED_TIE] * 4),
        expected(P4, [BLOCKED_TIE_RESULT] * 4),
        id="lowest_total_shared_plays_on",
    ),
    # ... and game 5 (the fines game, 0-0 holder opens) breaks the tie: [52, 128, 290, 217].
    pytest.param(
        french([BLOCKED_TIE] * 4 + [FINES]),
        expected(
            P4, [BLOCKED_TIE_RESULT] * 4 + [FINES_RESULT], over=True, winner=0, outcome="target"
        ),
        id="tie_broken_by_one_more_game",
    ),
    # Rule 9: four games won by seat 0 give [44, 60, 96, 120]: over at 100, seat 0 lowest.
    pytest.param(
        french([BLOCKED_WIN] * 4),
        expected(P4, [BLOCKED_WIN_RESULT] * 4, over=True, winner=0, outcome="target"),
        id="match_ends_at_100_lowest_total_wins",
    ),
    # Rule 9: with target 150 the same totals leave the match going on.
    pytest.param(
        french([BLOCKED_WIN] * 4, target=150),
        expected(P4, [BLOCKED_WIN_RESULT] * 4),
        id="target_150_plays_on",
    ),
    pytest.param(french([]), expected(P4, []), id="record_with_no_games"),
]


@pytest.mark.parametrize(("doc", "want"), CASES)
def test_french_score(doc, want):
    assert score(doc) == want
