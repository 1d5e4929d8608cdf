"""Cut-Throat ("six love"), hand-computed from docs/rules.md: pose, key card, stake, draws, set
end."""

from __future__ import annotations

import pytest

from games.engine import score
from tests.engine.records import (
    ANY_POSE,
    ANY_POSE_COUNTS,
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
    DOUBLE_LAST,
    DOUBLE_LAST_COUNTS,
    INCOMPLETE_SUIT,
    INCOMPLETE_SUIT_COUNTS,
    KEY_CARD,
    KEY_CARD_COUNTS,
    ONE_END,
    ONE_END_COUNTS,
    expected,
    low_first,
    record,
    result,
    rotate,
    rotated_counts,
    singles,
    truncate,
)

P4 = singles(4)


def won(seat, counts, end="domino", stake=1, key_card=False, worth=None):
    points = [0, 0, 0, 0]
    points[seat] = worth if worth is not None else (2 if key_card else stake)
    return result(end, seat, counts, points, stake=stake, key_card=key_card)


def drawn(counts, stake=1):
    return result("blocked", None, counts, [0, 0, 0, 0], stake=stake)


def ct(games, **options):
    return record("cutthroat", games, options=options)


CASES = [
    # Rules 1-4: seat 0 holds 6-6, poses it, dominoes on its 7th turn (move 25): 1 point.
    pytest.param(
        ct([DOMINO]),
        expected(P4, [won(0, DOMINO_COUNTS)]),
        id="six_six_holder_poses_and_domino_scores_one",
    ),
    # Rule 2: 6-6 dealt to seat 2, so seat 2 poses (first given and agreeing); it wins 1.
    pytest.param(
        ct([dict(rotate(DOMINO, 2), first=2)]),
        expected(P4, [won(2, rotated_counts(DOMINO_COUNTS, 2))]),
        id="six_six_in_seat_two_poses_first_game",
    ),
    # Rule 2: later games are posed by the previous winner with any tile (5-2 here).
    pytest.param(
        ct([DOMINO, ANY_POSE]),
        expected(P4, [won(0, DOMINO_COUNTS), won(0, ANY_POSE_COUNTS)]),
        id="later_game_posed_by_winner_with_any_tile",
    ),
    # Rule 5: 3-6 joins ends 3 and 6 and is the last 3 and the last 6: key card, 2 points.
    pytest.param(
        ct([KEY_CARD]),
        expected(P4, [won(0, KEY_CARD_COUNTS, key_card=True)]),
        id="key_card_win_scores_two",
    ),
    # Rule 5: last tile 1-1 is a double: plain domino, 1 point.
    pytest.param(
        ct([DOUBLE_LAST]),
        expected(P4, [won(0, DOUBLE_LAST_COUNTS)]),
        id="last_tile_double_is_not_key_card",
    ),
    # Rule 5: 1-0 completes the 1s but the far end shows 6, not 0: plain domino, 1 point.
    pytest.param(
        ct([ONE_END]),
        expected(P4, [won(0, ONE_END_COUNTS)]),
        id="last_tile_fitting_one_end_is_not_key_card",
    ),
    # Rule 5: 4-6 joins ends 4 and 6 but 4-4 is still held by seat 2: plain domino, 1 point.
    pytest.param(
        ct([INCOMPLETE_SUIT]),
        expected(P4, [won(0, INCOMPLETE_SUIT_COUNTS)]),
        id="suits_not_complete_is_not_key_card",
    ),
    # Rule 4: blocked after move 10 (6 at both ends, all 6s out); seat 1 lowest with 7: 1 point.
    pytest.param(
        ct([BLOCKED_SEAT1]),
        expected(P4, [won(1, BLOCKED_SEAT1_COUNTS, end="blocked")]),
        id="blocked_lowest_count_wins",
    ),
    # Rule 4: blocked with seats 0 and 1 both on 12: a draw, nobody scores.
    pytest.param(
        ct([BLOCKED_TIE01]),
        expected(P4, [drawn(BLOCKED_TIE01_COUNTS)]),
        id="blocked_shared_lowest_is_draw",
    ),
    # Rules 2, 6: seat 0 wins; seat 0 poses a draw (seats 1 and 3 on 17); then the 6-6 holder
    # (seat 2) poses 6-6 and wins the 2-point game; the next game is worth 1 again.
    pytest.param(
        ct([DOMINO, BLOCKED_TIE13, rotate(DOMINO, 2), rotate(DOMINO, 2)]),
        expected(
            P4,
            [
                won(0, DOMINO_COUNTS),
                drawn(BLOCKED_TIE13_COUNTS),
                won(2, rotated_counts(DOMINO_COUNTS, 2), stake=2),
                won(2, rotated_counts(DOMINO_COUNTS, 2)),
            ],
        ),
        id="game_after_draw_worth_two_posed_by_six_six_holder",
    ),
    # Rule 6: two draws in a row (the second posed by seat 1, the 6-6 holder): stake stays 2,
    # the win after them scores 2, the game after that 1.  Totals [3, 0, 0, 0].
    pytest.param(
        ct([BLOCKED_TIE01, rotate(BLOCKED_TIE01, 1), DOMINO, DOMINO]),
        expected(
            P4,
            [
                drawn(BLOCKED_TIE01_COUNTS),
                drawn(rotated_counts(BLOCKED_TIE01_COUNTS, 1), stake=2),
                won(0, DOMINO_COUNTS, stake=2),
                won(0, DOMINO_COUNTS),
            ],
        ),
        id="stake_stays_two_after_two_draws",
    ),
    # Rule 6 ruling: a key card in a game already worth 2 still scores 2, not 4.
    pytest.param(
        ct([BLOCKED_TIE01, KEY_CARD]),
        expected(
            P4, [drawn(BLOCKED_TIE01_COUNTS), won(0, KEY_CARD_COUNTS, stake=2, key_card=True)]
        ),
        id="key_card_does_not_stack_with_stake_two",
    ),
    # Rule 7: six wins for seat 0 while everyone else has 0: six love after game 6.
    pytest.param(
        ct([DOMINO] * 6),
        expected(P4, [won(0, DOMINO_COUNTS)] * 6, over=True, winner=0, outcome="six-love"),
        id="six_love_after_six_wins",
    ),
    # Rule 7: three key cards (2 each) also reach 6 with the others on 0.
    pytest.param(
        ct([KEY_CARD] * 3),
        expected(
            P4,
            [won(0, KEY_CARD_COUNTS, key_card=True)] * 3,
            over=True,
            winner=0,
            outcome="six-love",
        ),
        id="key_cards_reach_six_love",
    ),
    # Rule 7: seat 1 scores once (blocked), seat 0 wins the rest; 6 against 1, 0, 0 is six love.
    pytest.param(
        ct([DOMINO, BLOCKED_SEAT1, rotate(BLOCKED_SEAT3, 1)] + [DOMINO] * 4),
        expected(
            P4,
            [
                won(0, DOMINO_COUNTS),
                won(1, BLOCKED_SEAT1_COUNTS, end="blocked"),
                won(0, rotated_counts(BLOCKED_SEAT3_COUNTS, 1), end="blocked"),
            ]
            + [won(0, DOMINO_COUNTS)] * 4,
            over=True,
            winner=0,
            outcome="six-love",
        ),
        id="six_love_while_one_other_seat_has_a_point",
    ),
    # Rule 7: seats 0, 1, 2, 3 win in turn (each poses the next): all have 1, the set is bruck.
    pytest.param(
        ct([DOMINO, BLOCKED_SEAT1, rotate(BLOCKED_SEAT1, 1), rotate(BLOCKED_SEAT1, 2)]),
        expected(
            P4,
            [
                won(0, DOMINO_COUNTS),
                won(1, BLOCKED_SEAT1_COUNTS, end="blocked"),
                won(2, rotated_counts(BLOCKED_SEAT1_COUNTS, 1), end="blocked"),
                won(3, rotated_counts(BLOCKED_SEAT1_COUNTS, 2), end="blocked"),
            ],
            over=True,
            winner=None,
            outcome="bruck",
        ),
        id="bruck_when_every_seat_has_a_point",
    ),
    # Rule 8: with first_to_six the same four games are no bruck; seat 0 then wins five more and
    # reaches 6 while the others have 1 each: "six".
    pytest.param(
        ct(
            [
                DOMINO,
                BLOCKED_SEAT1,
                rotate(BLOCKED_SEAT1, 1),
                rotate(BLOCKED_SEAT1, 2),
                rotate(BLOCKED_SEAT1, 3),
            ]
            + [DOMINO] * 4,
            first_to_six=True,
        ),
        expected(
            P4,
            [
                won(0, DOMINO_COUNTS),
                won(1, BLOCKED_SEAT1_COUNTS, end="blocked"),
                won(2, rotated_counts(BLOCKED_SEAT1_COUNTS, 1), end="blocked"),
                won(3, rotated_counts(BLOCKED_SEAT1_COUNTS, 2), end="blocked"),
                won(0, rotated_counts(BLOCKED_SEAT1_COUNTS, 3), end="blocked"),
            ]
            + [won(0, DOMINO_COUNTS)] * 4,
            over=True,
            winner=0,
            outcome="six",
        ),
        id="first_to_six_no_bruck_result_six",
    ),
    # Rule 8: first_to_six reached while the others have 0 is still called six love.
    pytest.param(
        ct([DOMINO] * 6, first_to_six=True),
        expected(P4, [won(0, DOMINO_COUNTS)] * 6, over=True, winner=0, outcome="six-love"),
        id="first_to_six_six_love",
    ),
    # Explicit first_to_six false behaves as the default (bruck after four winners).
    pytest.param(
        ct(
            [DOMINO, BLOCKED_SEAT1, rotate(BLOCKED_SEAT1, 1), rotate(BLOCKED_SEAT1, 2)],
            first_to_six=False,
        ),
        expected(
            P4,
            [
                won(0, DOMINO_COUNTS),
                won(1, BLOCKED_SEAT1_COUNTS, end="blocked"),
                won(2, rotated_counts(BLOCKED_SEAT1_COUNTS, 1), end="blocked"),
                won(3, rotated_counts(BLOCKED_SEAT1_COUNTS, 2), end="blocked"),
            ],
            over=True,
            outcome="bruck",
        ),
        id="first_to_six_false_is_default",
    ),
    # A game in progress after a draw: 5 moves made (6-6, 6-4, 4-0, 0-2, 2-1); stake 2 shown,
    # counts now: seat 0 45-12-3=30, seat 1 44-10=34, seat 2 42-4=38, seat 3 37-2=35.
    pytest.param(
        ct([BLOCKED_TIE01, truncate(DOMINO, 5)]),
        expected(
            P4,
            [drawn(BLOCKED_TIE01_COUNTS), result(None, None, [30, 34, 38, 35], [0, 0, 0, 0], 2)],
        ),
        id="game_in_progress_after_draw_shows_stake_two",
    ),
    # A game with no moves yet: full hands are the counts.
    pytest.param(
        ct([truncate(DOMINO, 0)]),
        expected(P4, [result(None, None, [45, 44, 42, 37], [0, 0, 0, 0])]),
        id="game_with_no_moves_in_progress",
    ),
    # A record with no games is valid: nothing played, nothing scored.
    pytest.param(ct([]), expected(P4, []), id="record_with_no_games"),
    # Other keys at the top level and in a game are ignored.
    pytest.param(
        dict(
            ct([dict(DOMINO, table="t-17", started="2024-05-01T20:00:00Z")]),
            players=["Ann", "Bo", "Cy", "Di"],
            exported_by="history page",
        ),
        expected(P4, [won(0, DOMINO_COUNTS)]),
        id="extra_top_level_and_game_keys_ignored",
    ),
    # Tiles may be written low number first ("6-3" as "3-6") anywhere in a record.
    pytest.param(
        low_first(ct([KEY_CARD])),
        expected(P4, [won(0, KEY_CARD_COUNTS, key_card=True)]),
        id="tiles_written_low_first",
    ),
]


@pytest.mark.parametrize(("doc", "want"), CASES)
def test_cutthroat_score(doc, want):
    assert score(doc) == want
