"""Draw (2 or 4 seats), hand-computed from docs/rules.md: drawing until placeable, passing,
blocking."""

from __future__ import annotations

import pytest

from games.engine import score
from tests.engine.records import TEAMS, chain, expected, game, record, result, singles, with_moves

# 4 seats: the ten tiles 6-6 6-1 1-0 0-6 6-2 2-3 3-6 6-4 4-5 5-6 are placed by seats
# 0,1,2,3,0,1,2,3,0,1 (all 6s out, 6 at both ends); seat 2 then cannot place and draws the whole
# boneyard, none of it placeable; after the 8th draw the game is blocked and seat 2 does not pass.
# Kept: seat 0 0-0 1-1 = 2, seat 1 2-0 2-1 = 5, seat 3 2-2 4-1 3-3 = 15,
# seat 2 3-0 3-1 4-0 = 11 plus the 8 drawn tiles (10+8+5+6+6+7+7+8 = 57) = 68.
BONEYARD = "5-5 4-4 5-0 5-1 4-2 5-2 4-3 5-3"
DRAWN_OUT = with_moves(
    chain(
        "6 6 1 0 6 2 3 6 4 5 6",
        ["0-0 1-1", "2-0 2-1", "3-0 3-1 4-0", "2-2 4-1 3-3"],
        boneyard=BONEYARD,
        first=0,
    ),
    " ".join(f"2:+{t}" for t in BONEYARD.split()),
    keep=10,
)

# 4 seats: seat 1 cannot follow 6-6, draws seven unplaceable tiles and then 6-5, which it places;
# seat 2 cannot place and the boneyard is empty: it passes; seat 3 places 6-4; seat 0 passes;
# seat 1 places 4-4.  In progress: seat 0 6-3 6-2 0-0 1-0 = 18; seat 1 5-5 5-4 5-3 5-2 5-1 (40)
# + drawn 5-0 3-3 4-0 4-1 4-2 4-3 (33) = 73; seat 2 = 19; seat 3 6-1 6-0 1-1 2-0 = 17.
DRAW_THEN_PLACE = game(
    ["6-6 6-3 6-2 0-0 1-0", "5-5 5-4 5-3 5-2 5-1", "2-1 2-2 3-0 3-1 3-2", "6-4 6-1 6-0 1-1 2-0"],
    "0:6-6 1:+5-0 1:+3-3 1:+4-0 1:+4-1 1:+4-2 1:+4-3 1:+4-4 1:+6-5 1:6-5/6-6 2:pass "
    "3:6-4/6-6 0:pass 1:4-4/6-4",
    boneyard="5-0 3-3 4-0 4-1 4-2 4-3 4-4 6-5",
    first=0,
)


def draw(games, seats=4, **options):
    return record("draw", games, seats=seats, options=options)


CASES = [
    # Rules 5-8: blocked right after a draw; seat 0 (2) scores 5 + 68 + 15 - 2 = 86.
    pytest.param(
        draw([DRAWN_OUT]),
        expected(singles(4), [result("blocked", 0, [2, 5, 68, 15], [86, 0, 0, 0])]),
        id="blocked_right_after_draw_without_pass",
    ),
    # 2x2: team 0 = 2 + 68 = 70, team 1 = 5 + 15 = 20: team 1 scores 70 - 20 = 50.
    pytest.param(
        draw([DRAWN_OUT], teams=True),
        expected(TEAMS, [result("blocked", 1, [2, 5, 68, 15], [0, 50])]),
        id="teams_blocked_after_draw_team_sums",
    ),
    # Rule 9: a target of 50 is reached by the 86 of game 1.
    pytest.param(
        draw([DRAWN_OUT], target=50),
        expected(
            singles(4),
            [result("blocked", 0, [2, 5, 68, 15], [86, 0, 0, 0])],
            over=True,
            winner=0,
            outcome="target",
        ),
        id="target_option_ends_match",
    ),
    # Rule 5: draw until a placeable tile comes, place it; pass when the boneyard is empty.
    pytest.param(
        draw([DRAW_THEN_PLACE]),
        expected(singles(4), [result(None, None, [18, 73, 19, 17], [0, 0, 0, 0])]),
        id="draw_until_placeable_then_place_and_pass_when_empty",
    ),
    # Two seats, no draw needed: seat 0 dominoes on move 13; seat 1 keeps 6-6 = 12.
    pytest.param(
        draw([chain("5 2 1 4 6 0 1 1 5 6 1 3 0 2", ["", "6-6"], seats=2, first=0)], seats=2),
        expected(singles(2), [result("domino", 0, [0, 12], [12, 0])]),
        id="two_seats_domino_scores_opponent_count",
    ),
    pytest.param(draw([], seats=2), expected(singles(2), []), id="record_with_no_games"),
]


@pytest.mark.parametrize(("doc", "want"), CASES)
def test_draw_score(doc, want):
    assert score(doc) == want
