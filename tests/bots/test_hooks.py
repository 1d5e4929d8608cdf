"""Every style has its bot hooks, and the hooks hold what the bots were measured with."""

from __future__ import annotations

from games.bots.hooks import HOOKS, LINE, hooks_for
from games.engine import STYLES


def test_every_style_has_an_entry_and_no_entry_lacks_a_style():
    assert set(HOOKS) == set(STYLES)


def test_a_style_without_an_entry_plays_as_a_line_style():
    assert hooks_for("seventh") is LINE
    assert hooks_for("cutthroat") == LINE


def test_doubles_are_held_where_numbers_are_locked():
    assert hooks_for("french").double_bonus < 0 < LINE.double_bonus
    assert hooks_for("doubles").openness > 0
    assert [s for s, h in HOOKS.items() if h.beta] == ["french"]


def test_the_expert_deals_by_tile_swaps_where_it_was_measured_to_pay():
    assert [s for s, h in HOOKS.items() if h.swap_beta] == [
        "partner",
        "block",
        "draw",
        "french",
        "doubles",
    ]
    assert hooks_for("cutthroat").swap_beta == 0


def test_placements_before_a_draw_are_read_where_seats_draw_often():
    assert [s for s, h in HOOKS.items() if h.before_draws] == ["draw", "doubles"]
    assert all(h.read_partner for h in HOOKS.values())


def test_free_poses_are_read_in_every_style():
    assert all(h.read_poses for h in HOOKS.values())


def test_the_expert_plays_as_its_partner_reads_it_only_in_partner():
    assert [s for s, h in HOOKS.items() if h.casual_edge > LINE.casual_edge] == ["partner"]
