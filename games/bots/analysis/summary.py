"""The analysis as plain data: one row per judged decision, and the summary per seat.

Per seat: its unforced decisions, their total and mean cost (and the mean normalised by the
unit's scale, which the band reads), how many were marked small, clear or big errors, the luck of
its deal and of its own draws, the result it got, and the result with its luck taken out
(``adjusted = result - deal luck - draw luck``: how the game would have gone for it on average
luck, as GNU Backgammon's luck-adjusted result). ``deal_value`` is the value of its dealt hand
(where the replay's value chart starts; analyses stored before it have none).
"""

from __future__ import annotations

from typing import Any

from .judge import Verdict
from .units import Unit, band


def decision_row(index: int, verdict: Verdict) -> dict[str, Any]:
    """One judged decision: ``index`` is the move's place in the game's log (0-based)."""
    moves = [
        {"move": move.to_dict(), "value": value}
        for move, value in zip(verdict.legal, verdict.values, strict=True)
    ]
    return {
        "index": index,
        "seat": verdict.seat,
        "played": verdict.legal[verdict.played].to_dict(),
        "best": verdict.legal[verdict.best].to_dict(),
        "value": verdict.values[verdict.played],
        "best_value": verdict.values[verdict.best],
        "cost": verdict.cost,
        "stderr": verdict.stderr,
        "mark": verdict.mark,
        "moves": moves,
    }


def summarise(
    seats: int,
    unit: Unit,
    decisions: list[dict],
    deal: list[dict],
    draws: list[dict],
    results: list[float],
) -> list[dict[str, Any]]:
    """Per seat, the figures the replay viewer's summary shows."""
    out = []
    for seat in range(seats):
        mine = [d for d in decisions if d["seat"] == seat]
        cost = sum(d["cost"] for d in mine)
        mean = cost / len(mine) if mine else 0.0
        drawn = sum(d["luck"] for d in draws if d["seat"] == seat)
        luck = deal[seat]["luck"] + drawn
        out.append(
            {
                "seat": seat,
                "decisions": len(mine),
                "cost": cost,
                "mean_cost": mean,
                "normal_cost": mean / unit.scale,
                "band": band(mean / unit.scale, len(mine)),
                "marks": {w: sum(d["mark"] == w for d in mine) for w in ("small", "clear", "big")},
                "deal_value": deal[seat]["hand"],
                "deal_luck": deal[seat]["luck"],
                "deal_luck_stderr": deal[seat]["stderr"],
                "draw_luck": drawn,
                "draws": sum(d["seat"] == seat for d in draws),
                "luck": luck,
                "result": results[seat],
                "adjusted": results[seat] - luck,
            }
        )
    return out
