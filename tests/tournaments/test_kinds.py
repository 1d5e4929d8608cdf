"""What kind of event a style and format make, and the format options the event derives."""

from __future__ import annotations

import pytest

from tournaments.formats import make_format
from tournaments.kinds import KindError, format_arguments, games_seat_count, kind_of


def test_partner_is_played_by_pairs_in_two_party_formats():
    kind = kind_of("partner", 4, {}, "swiss", {})
    assert (kind.pairs, kind.two_party, kind.format_seats, kind.name) == (True, True, 2, "pairs")
    assert games_seat_count(kind, 4, 2) == 4


def test_team_block_is_pairs_and_four_seat_block_each_for_themselves_is_tables():
    assert kind_of("block", 4, {"teams": True}, "single_elimination", {}).pairs
    tables = kind_of("block", 4, {}, "swiss_tables", {})
    assert (tables.pairs, tables.two_party, tables.name) == (False, False, "tables")


def test_two_seat_block_draw_and_doubles_are_duels():
    for style in ("block", "draw", "doubles"):
        kind = kind_of(style, 2, {}, "double_elimination", {})
        assert (kind.pairs, kind.two_party, kind.name) == (False, True, "duel")


def test_partner_with_rotating_partners_is_a_round_robin_of_individuals():
    kind = kind_of("partner", 4, {}, "round_robin", {"partnerships": True})
    assert (kind.pairs, kind.partnerships, kind.format_seats, kind.name) == (
        False,
        True,
        4,
        "rotating",
    )
    with pytest.raises(KindError, match="only in a Partner round robin"):
        kind_of("cutthroat", 4, {}, "round_robin", {"partnerships": True})


@pytest.mark.parametrize(
    ("style", "seats", "fmt", "says"),
    [
        ("cutthroat", 4, "swiss", "tables of players each for themselves"),
        ("partner", 4, "swiss_tables", "two sides"),
        ("block", 2, "table_knockout", "two sides"),
        ("cutthroat", 2, "swiss_tables", "played at 4 seats"),
    ],
)
def test_a_format_that_does_not_fit_the_style_says_which_would(style, seats, fmt, says):
    with pytest.raises(KindError, match=says):
        kind_of(style, seats, {}, fmt, {})


def test_two_stage_stages_must_fit_the_kind():
    kind_of("cutthroat", 4, {}, "two_stage", {"pools": "swiss_tables", "playoff": "table_knockout"})
    with pytest.raises(KindError, match="pools can be"):
        kind_of("cutthroat", 4, {}, "two_stage", {"pools": "swiss"})


def test_the_event_fills_in_style_seats_bots_seed_and_points_for_the_format():
    kind = kind_of("cutthroat", 4, {}, "swiss_tables", {})
    arguments = format_arguments(
        kind, "cutthroat", 4, "swiss_tables", {"rounds": 3}, seed=99,
        points={"4": [5, 3, 1, 0]}, bots_fill=True,
    )  # fmt: skip
    assert arguments == {
        "rounds": 3,
        "seats": 4,
        "style": "cutthroat",
        "fill_with_bots": True,
        "seed": 99,
        "points": {4: [5, 3, 1, 0]},
    }
    fmt = make_format("swiss_tables", **arguments)
    assert fmt.fill_with_bots and fmt.seed == 99


def test_two_stage_passes_the_events_seating_down_to_each_stage():
    kind = kind_of(
        "cutthroat", 4, {}, "two_stage", {"pools": "swiss_tables", "playoff": "table_knockout"}
    )
    arguments = format_arguments(
        kind, "cutthroat", 4, "two_stage", {"pools": "swiss_tables", "playoff": "table_knockout"},
        seed=1, points={}, bots_fill=False,
    )  # fmt: skip
    assert arguments["pool_options"]["style"] == "cutthroat"
    assert arguments["playoff_options"]["style"] == "cutthroat"
    make_format("two_stage", **arguments)


def test_options_the_event_sets_itself_are_refused_in_the_format_options():
    kind = kind_of("block", 2, {}, "swiss", {})
    with pytest.raises(KindError, match="sets seed itself"):
        format_arguments(kind, "block", 2, "swiss", {"seed": 3}, seed=1, points={}, bots_fill=False)


def test_doubles_at_three_seats_uses_tables_of_three_and_two():
    kind = kind_of("doubles", 3, {}, "swiss_tables", {})
    arguments = format_arguments(kind, "doubles", 3, "swiss_tables", {}, seed=1, points={},
                                 bots_fill=False)  # fmt: skip
    assert arguments["seats"] == 3 and arguments["table_sizes"] == [2, 3]
    make_format("swiss_tables", **arguments)
