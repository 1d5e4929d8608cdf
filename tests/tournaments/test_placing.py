"""A finished set becomes a full order of places: the tiebreaks after the set's own places."""

from __future__ import annotations

from tournaments.placing import (
    competition_ranks,
    format_places,
    party_places,
    pips_per_party,
    seats_per_format_seat,
)


def test_the_sets_own_places_come_first_whatever_the_pips():
    assert party_places([2, 1, 3, 4], [0, 90, 0, 0], [0, 30, 0, 0], [1, 2, 3, 4]) == [2, 1, 3, 4]


def test_a_bruck_is_split_by_pips_over_the_set_then_the_last_game_then_the_seed():
    # all four level on totals (the set's places share 1): pips over the set decide first
    assert party_places([1, 1, 1, 1], [40, 20, 30, 10], [0, 5, 5, 5], [None] * 4) == [4, 2, 3, 1]
    # level on the set's pips too: the last game's pips
    assert party_places([1, 1, 1, 1], [20, 20, 30, 30], [3, 0, 9, 1], [None] * 4) == [2, 1, 4, 3]
    # level on both: the better seed; a missing seed (bot, unseeded) comes after every seed
    assert party_places([1, 1, 3, 3], [5, 5, 9, 9], [2, 2, 1, 1], [7, 2, None, 4]) == [2, 1, 4, 3]


def test_parties_level_on_everything_share_the_place_and_the_next_one_skips():
    assert party_places([1, 1, 3, 4], [5, 5, 8, 9], [1, 1, 2, 3], [None, None, 1, 2]) == [
        1,
        1,
        3,
        4,
    ]
    assert competition_ranks([(1,), (2,), (2,), (3,)]) == [1, 2, 2, 4]


def test_pairs_sit_opposite_and_take_their_partys_place():
    parties = [[0, 2], [1, 3]]
    assert seats_per_format_seat(True, 2) == [[0, 2], [1, 3]]
    assert format_places(True, parties, [2, 1], 2) == [2, 1]
    assert pips_per_party([5, 1, 7, 2], parties) == [12, 3]


def test_rotating_partners_give_each_seat_its_teams_place():
    assert format_places(False, [[0, 2], [1, 3]], [1, 2], 4) == [1, 2, 1, 2]


def test_players_each_for_themselves_map_one_to_one_at_a_table_of_three():
    assert format_places(False, [[0], [1], [2]], [3, 1, 2], 3) == [3, 1, 2]
