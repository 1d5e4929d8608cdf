"""``bench/bots.py``'s team tables: Block and Draw with four seats in two teams, a pair as hero."""

from __future__ import annotations

import random

from bench.bots import play_deal, summarise


def test_a_team_table_seats_a_pair_and_measures_against_even_odds_of_a_half():
    deal = play_deal(("draw_teams", "casual_vs_random", 0, 5.0, 3))
    assert len(deal["win"]) == 2  # the pair takes each side of the deal once
    summary = summarise("draw_teams", "casual_vs_random", [deal], random.Random(1))
    assert summary["even"] == 0.5 and summary["games"] == 2
    assert "score_ratio" in summary  # Draw is won on points, in teams too
