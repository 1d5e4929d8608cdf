"""Partner (2 against 2), hand-computed from docs/rules.md: team wins, blocked rulings, set end."""

from __future__ import annotations

import pytest

from games.engine import score
from tests.engine.records import (
    BLOCKED_SEAT1,
    BLOCKED_SEAT1_COUNTS,
    BLOCKED_SEAT3,
    BLOCKED_SEAT3_COUNTS,
    BLOCKED_TIE01,
    BLOCKED_TIE01_COUNTS,
    BLOCKED_TIE13,
    BLOCKED_TIE13_COUNTS,
    DOMINO,
    DOMINO_COUNTS,
    KEY_CARD,
    KEY_CARD_COUNTS,
    TEAMS,
    expected,
    record,
    result,
    rotate,
    rotated_counts,
    truncate,
)


def won(team, counts, end="domino", stake=1, key_card=False):
    points = [0, 0]
    points[team] = 2 if key_card else stake
    return result(end, team, counts, points, stake=stake, key_card=key_card)


def drawn(counts, stake=1):
    return result("blocked", None, counts, [0, 0], stake=stake)


def pt(games, **options):
    return record("partner", games, options=options)


CASES = [
    # Rule 1: seat 0 poses 6-6 and dominoes: team 0 (seats 0 and 2) scores 1.
    pytest.param(
        pt([dict(DOMINO, first=0)]),
        expected(TEAMS, [won(0, DOMINO_COUNTS)]),
        id="domino_scores_one_for_the_team",
    ),
    # Rule 1: seat 3 holds 6-6, poses and dominoes: team 1 scores 1.
    pytest.param(
        pt([rotate(DOMINO, 3)]),
        expected(TEAMS, [won(1, rotated_counts(DOMINO_COUNTS, 3))]),
        id="domino_by_seat_three_scores_for_team_one",
    ),
    # Rule 1 (Cut-Throat 5-6): a key card scores 2 for the team.
    pytest.param(
        pt([KEY_CARD]),
        expected(TEAMS, [won(0, KEY_CARD_COUNTS, key_card=True)]),
        id="key_card_scores_two_for_the_team",
    ),
    # Rule 2: blocked; seat 1 has the lowest count (7) though team 1 holds 47 against team 0's
    # 43: team 1 wins, and seat 1 poses the next game (which it dominoes).
    pytest.param(
        pt([BLOCKED_SEAT1, rotate(DOMINO, 1)]),
        expected(
            TEAMS,
            [
                won(1, BLOCKED_SEAT1_COUNTS, end="blocked"),
                won(1, rotated_counts(DOMINO_COUNTS, 1)),
            ],
        ),
        id="blocked_lowest_individual_count_wins_for_team",
    ),
    # Rule 2: partners 1 and 3 share the lowest count (17): team 1 wins, and the lower-numbered
    # partner, seat 1, poses the next game.
    pytest.param(
        pt([BLOCKED_TIE13, rotate(DOMINO, 1)]),
        expected(
            TEAMS,
            [
                won(1, BLOCKED_TIE13_COUNTS, end="blocked"),
                won(1, rotated_counts(DOMINO_COUNTS, 1)),
            ],
        ),
        id="lowest_shared_by_partners_team_wins_lower_seat_poses",
    ),
    # Rule 2: seats 0 and 1 (different teams) share 12: a draw; the next game is posed by the
    # 6-6 holder (seat 1) and is worth 2.
    pytest.param(
        pt([BLOCKED_TIE01, rotate(DOMINO, 1)]),
        expected(
            TEAMS,
            [drawn(BLOCKED_TIE01_COUNTS), won(1, rotated_counts(DOMINO_COUNTS, 1), stake=2)],
        ),
        id="lowest_shared_across_teams_is_draw_next_stake_two",
    ),
    # Stake 2 and key card do not stack for a team either.
    pytest.param(
        pt([BLOCKED_TIE01, KEY_CARD]),
        expected(
            TEAMS,
            [drawn(BLOCKED_TIE01_COUNTS), won(0, KEY_CARD_COUNTS, stake=2, key_card=True)],
        ),
        id="key_card_after_draw_scores_two",
    ),
    # Rule 3: team 0 wins six games while team 1 has 0: six love.
    pytest.param(
        pt([DOMINO] * 6),
        expected(TEAMS, [won(0, DOMINO_COUNTS)] * 6, over=True, winner=0, outcome="six-love"),
        id="six_love_for_a_team",
    ),
    # Rule 3: team 0 scores, then team 1 scores (seat 1 lowest): both have a point, bruck.
    pytest.param(
        pt([DOMINO, BLOCKED_SEAT1]),
        expected(
            TEAMS,
            [won(0, DOMINO_COUNTS), won(1, BLOCKED_SEAT1_COUNTS, end="blocked")],
            over=True,
            outcome="bruck",
        ),
        id="bruck_once_both_teams_scored",
    ),
    # Rule 3 with first_to_six: no bruck; seat 1 (team 1) wins game 2 and poses game 3, where
    # seat 0 is lowest; seat 0 then wins four more: team 0 has 6 against 1, "six".
    pytest.param(
        pt([DOMINO, BLOCKED_SEAT1, rotate(BLOCKED_SEAT3, 1)] + [DOMINO] * 4, first_to_six=True),
        expected(
            TEAMS,
            [
                won(0, DOMINO_COUNTS),
                won(1, BLOCKED_SEAT1_COUNTS, end="blocked"),
                won(0, rotated_counts(BLOCKED_SEAT3_COUNTS, 1), end="blocked"),
            ]
            + [won(0, DOMINO_COUNTS)] * 4,
            over=True,
            winner=0,
            outcome="six",
        ),
        id="first_to_six_team_result_six",
    ),
    # First_to_six reached against 0 is still six love.
    pytest.param(
        pt([DOMINO] * 6, first_to_six=True),
        expected(TEAMS, [won(0, DOMINO_COUNTS)] * 6, over=True, winner=0, outcome="six-love"),
        id="first_to_six_six_love_for_a_team",
    ),
    # A game in progress after a draw shows stake 2 and the counts now (see cutthroat case).
    pytest.param(
        pt([BLOCKED_TIE01, truncate(DOMINO, 5)]),
        expected(
            TEAMS,
            [drawn(BLOCKED_TIE01_COUNTS), result(None, None, [30, 34, 38, 35], [0, 0], 2)],
        ),
        id="game_in_progress_after_draw",
    ),
    pytest.param(pt([]), expected(TEAMS, []), id="record_with_no_games"),
]


@pytest.mark.parametrize(("doc", "want"), CASES)
def test_partner_score(doc, want):
    assert score(doc) == want
