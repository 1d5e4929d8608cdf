"""Every format, driven by a simulated arbiter through whole events: random fields, random
legal results, withdrawals and corrected results. No step may hang, stall, seat anyone it
should not, or change a match a made round decided (see ``arbiter``)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.formats import EntryCountError, FormatError, State, make_format

from .arbiter import run, within
from .play import entrants

STYLES = ("cutthroat", "french", "doubles", "block", "draw")

#: (format, options) an organiser may pick; ``style`` is filled in per case.
CASES = [
    ("single_elimination", {}),
    ("single_elimination", {"third_place": True}),
    ("double_elimination", {}),
    ("double_elimination", {"grand_final_reset": False}),
    ("swiss", {}),
    ("swiss", {"rounds": 6}),
    ("round_robin", {}),
    ("round_robin", {"pools": 3}),
    ("round_robin", {"pools": 27}),
    ("round_robin", {"cycles": 2}),
    ("round_robin", {"seats": 4, "style": "cutthroat", "fill_with_bots": True}),
    ("round_robin", {"seats": 4, "style": "doubles"}),
    ("round_robin", {"seats": 4, "style": "cutthroat", "allow_byes": True, "pools": 2}),
    ("round_robin", {"seats": 4, "partnerships": True, "fill_with_bots": True}),
    ("round_robin", {"seats": 4, "partnerships": True, "allow_byes": True}),
    ("round_robin", {"seats": 4, "partnerships": True, "pools": 2}),
    ("round_robin", {"seats": 4, "style": "cutthroat", "fill_with_bots": True, "rounds": 12}),
    ("swiss_tables", {"style": "cutthroat"}),
    ("swiss_tables", {"style": "cutthroat", "fill_with_bots": True}),
    ("swiss_tables", {"style": "french", "allow_byes": True}),
    ("swiss_tables", {"style": "doubles", "rounds": 4}),
    ("swiss_tables", {"style": "block", "table_sizes": [2, 4], "allow_byes": True}),
    ("table_knockout", {"style": "cutthroat", "fill_with_bots": True}),
    ("table_knockout", {"style": "cutthroat"}),
    ("table_knockout", {"style": "doubles"}),
    ("table_knockout", {"style": "cutthroat", "advance": 1, "fill_with_bots": True}),
    ("table_knockout", {"style": "draw", "advance": 3, "fill_with_bots": True}),
    ("two_stage", {"pool_options": {"rounds": 3}, "advance": 8}),
    ("two_stage", {"pool_options": {"rounds": 2}, "advance": 5, "playoff": "double_elimination"}),
    ("two_stage", {"pools": "round_robin", "pool_options": {"pools": 2}, "advance": 4}),
    ("two_stage", {"pool_options": {"rounds": 1}, "advance": 2, "playoff": "double_elimination"}),
    (
        "two_stage",
        {
            "pools": "swiss_tables",
            "pool_options": {"style": "cutthroat", "rounds": 2},
            "playoff": "table_knockout",
            "playoff_options": {"style": "cutthroat"},
            "advance": 8,
        },
    ),
    (
        "two_stage",
        {
            "pools": "swiss_tables",
            "pool_options": {"style": "doubles", "rounds": 2, "fill_with_bots": True},
            "playoff": "table_knockout",
            "playoff_options": {"style": "doubles", "fill_with_bots": True},
            "advance": 6,
        },
    ),
]


def play_out(name: str, options: dict, count: int, seed: int, **kw):
    fmt = make_format(name, seed=seed, **options)
    try:
        with within():
            fmt.check_entries(count)
    except EntryCountError:
        return None  # refused at the start, with the reason: nothing to play
    return run(fmt, count, seed, **kw)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    case=st.sampled_from(CASES),
    count=st.integers(2, 70),
    seed=st.integers(0, 10**6),
    withdraw=st.sampled_from([0.0, 0.1, 0.3]),
)
def test_an_arbiter_finds_no_event_that_hangs_stalls_or_rewrites_a_played_match(
    case, count, seed, withdraw
):
    name, options = case
    play_out(name, options, count, seed, withdraw=withdraw)


@pytest.mark.parametrize(
    ("name", "options", "count"),
    [
        ("swiss", {}, 257),
        ("single_elimination", {"third_place": True}, 300),
        ("double_elimination", {}, 200),
        ("table_knockout", {"style": "cutthroat", "fill_with_bots": True}, 400),
        ("swiss_tables", {"style": "cutthroat", "fill_with_bots": True}, 333),
        ("two_stage", {"pool_options": {"rounds": 4}, "advance": 32}, 257),
    ],
)
def test_big_fields_play_out_too(name, options, count):
    night = play_out(name, options, count, seed=count, withdraw=0.3, correct=0.3)
    assert night is not None


def option_grid(name: str) -> list[dict]:
    """Every combination of the options that shape an event, for one format (many of them
    wrong: those must be refused at once)."""
    styles = (None, *STYLES)
    tables = [
        {"style": style, "seats": seats, "fill_with_bots": bots, "allow_byes": byes, **sizes}
        for style in styles
        for seats in (3, 4)
        for bots in (False, True)
        for byes in (False, True)
        for sizes in ({}, {"table_sizes": (2, 4)}, {"table_sizes": (3, 4)})
    ]
    grids = {
        "single_elimination": [{"third_place": t} for t in (False, True)],
        "double_elimination": [{"grand_final_reset": r} for r in (False, True)],
        "swiss": [{"rounds": r} for r in (None, 1, 5, 12)],
        "swiss_tables": [{**t, "rounds": r} for t in tables for r in (None, 2)],
        "table_knockout": [{**t, "advance": a} for t in tables for a in (1, 2, 3)],
        "round_robin": [{"seats": 2, "pools": p, "cycles": c} for p in (1, 2, 3) for c in (1, 2)]
        + [{"seats": 2, "style": style, "pools": 9} for style in styles]
        + [{"seats": 4, "style": "cutthroat", "rounds": 10**6}]
        + [{**t, "pools": p} for t in tables if t["seats"] == 4 for p in (1, 2)]
        + [
            {"seats": 4, "partnerships": True, "fill_with_bots": b, "allow_byes": y}
            for b in (False, True)
            for y in (False, True)
        ],
        "two_stage": [
            {"pools": pools, "playoff": playoff, "advance": advance}
            for pools in ("swiss", "swiss_tables", "round_robin")
            for playoff in ("single_elimination", "double_elimination", "table_knockout")
            for advance in (2, 3, 5, 8, 1024)
        ],
    }
    return grids[name]


@pytest.mark.parametrize(
    "name",
    [
        "single_elimination",
        "double_elimination",
        "swiss",
        "swiss_tables",
        "table_knockout",
        "round_robin",
        "two_stage",
    ],
)
def test_every_option_grid_answers_at_once_or_refuses(name):
    """Whatever the options and the count, a format answers within seconds (a 20-player
    four-seat round robin plans its whole schedule in about one): it takes the entries and
    seats round 1, or refuses with a ``FormatError`` saying why."""
    seated = 0
    made = []
    for options in option_grid(name):
        try:
            made.append(make_format(name, **options))
        except FormatError:
            continue
    for count in (*range(2, 21), 33):  # formats alike in turn: their plans are cached
        state = State(entrants(count))
        for fmt in made:
            with within(5.0):
                try:
                    fmt.check_entries(count)
                    round_ = fmt.next_round(state)
                    fmt.is_finished(state.then(round_))
                    fmt.standings(state.then(round_))
                    seated += 1
                except FormatError:
                    pass
    assert seated
