"""The analysis gives a band only past a stated minimum of choices, and says so."""

from __future__ import annotations

from games.bots.analysis import MIN_BAND_DECISIONS, band
from history import analysis_presenters


def seat_row(decisions: int, band_name: str) -> dict:
    return {"seat": 0, "decisions": decisions, "mean_cost": 0.0, "band": band_name,
            "marks": {"small": 0, "clear": 0, "big": 0}, "deal_luck": 0.0, "draw_luck": 0.0,
            "draws": 0, "result": 1.0, "adjusted": 0.0}  # fmt: skip


def test_four_choices_earn_no_band():
    assert band(0.0, 4) == ""
    assert band(0.0, MIN_BAND_DECISIONS) == "Supernatural"


def test_a_stored_world_class_after_four_choices_is_not_shown():
    result = {"unit": "win", "players": [seat_row(4, "World class")]}
    assert analysis_presenters.players(result, ["Ann"])[0]["band"] == ""


def test_a_band_past_the_minimum_is_shown():
    result = {"unit": "win", "players": [seat_row(MIN_BAND_DECISIONS, "World class")]}
    assert analysis_presenters.players(result, ["Ann"])[0]["band"] == "World class"


def test_the_page_states_the_minimum_of_choices():
    note = analysis_presenters.band_note()
    assert f"from {MIN_BAND_DECISIONS} choices on" in note
