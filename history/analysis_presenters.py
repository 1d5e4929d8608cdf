"""The expert's analysis in words for the replay viewer: each move's cost and the best move, the
error marks of the move list, the luck of draws, and the summary per player.

The analysis itself (``games.bots.analysis``) is JSON with costs in the style's unit: a win
chance (0 to 1) where the set is won by games, points otherwise. Here they become "8.0%" or
"2.3 points", and the English band names become the page's language.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.bots.analysis import MIN_BAND_DECISIONS

from . import charts
from .models import GameAnalysis

BAND_WORDS = {
    "Supernatural": gettext_lazy("Supernatural"),
    "World class": gettext_lazy("World class"),
    "Expert": gettext_lazy("Expert"),
    "Advanced": gettext_lazy("Advanced"),
    "Intermediate": gettext_lazy("Intermediate"),
    "Casual player": gettext_lazy("Casual player"),
    "Beginner": gettext_lazy("Beginner"),
    "Awful!": gettext_lazy("Awful!"),
}
MARK_WORDS = {
    "small": gettext_lazy("small error"),
    "clear": gettext_lazy("clear error"),
    "big": gettext_lazy("big error"),
}


def amount(value: float, unit: str, signed: bool = False) -> str:
    """A cost, value or luck in the unit's words: "8.0%" (of a win chance) or "2.3 points"."""
    sign = "+" if signed and value > 0 else ""
    if unit == "win":
        return f"{sign}{value * 100:.1f}%"
    return _("%(n)s points") % {"n": f"{sign}{value:.1f}"}


def move_words(move: dict[str, Any]) -> str:
    """A record move without its player: "6-0 on 6-2", "pose 6-6"."""
    if "play" not in move:
        return _("draw") if "draw" in move else _("pass")
    if move.get("on") is None:
        return _("pose %(tile)s") % {"tile": move["play"]}
    return _("%(tile)s on %(on)s") % {"tile": move["play"], "on": move["on"]}


def annotate(steps: list[dict], result: dict[str, Any]) -> None:
    """Add each judged move's cost, mark and best move (and each draw's luck) to the viewer's
    step dicts, in place (a step's ``number`` is its 1-based place in the game)."""
    unit = result["unit"]
    decisions = {d["index"] + 1: d for d in result["decisions"]}
    draws = {d["index"] + 1: d for d in result["draws"]}
    for step in steps:
        decision = decisions.get(step["number"])
        if decision is not None:
            step["judged"] = judged(decision, unit)
        draw = draws.get(step["number"])
        if draw is not None:
            step["luck"] = amount(draw["luck"], unit, signed=True)


def judged(decision: dict[str, Any], unit: str) -> dict[str, Any]:
    """One decision as the viewer shows it: the cost, the mark, the best move, every choice."""
    best = decision["played"] == decision["best"]
    choices = sorted(decision["moves"], key=lambda m: -m["value"])
    return {
        "cost": amount(decision["cost"], unit),
        "mark": decision["mark"],
        "mark_text": MARK_WORDS.get(decision["mark"], ""),
        "best": best,
        "best_text": move_words(decision["best"]),
        "choices": [choice(m, decision["played"], unit) for m in choices],
    }


def choice(move: dict[str, Any], played: dict[str, Any], unit: str) -> dict[str, Any]:
    return {
        "text": move_words(move["move"]),
        "value": amount(move["value"], unit, signed=unit != "win"),
        "played": move["move"] == played,
    }


def rated(player: dict[str, Any]) -> bool:
    """Whether a seat made enough choices for a band; an analysis stored before the minimum
    still carries a band for fewer, which is not shown."""
    return bool(player["band"]) and player["decisions"] >= MIN_BAND_DECISIONS


def band_note() -> str:
    """The minimum of choices for a band, as the page states it."""
    return ngettext(
        "A rating is given from %(n)s choice on: fewer say too little about the play.",
        "A rating is given from %(n)s choices on: fewer say too little about the play.",
        MIN_BAND_DECISIONS,
    ) % {"n": MIN_BAND_DECISIONS}


def players(result: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """The summary rows: per player the mean cost, band, errors, luck and luck-adjusted result."""
    unit = result["unit"]
    rows = []
    for p in result["players"]:
        rows.append({
            "name": names[p["seat"]], "decisions": p["decisions"],
            "mean_cost": amount(p["mean_cost"], unit),
            "band": BAND_WORDS.get(p["band"], p["band"]) if rated(p) else "",
            "marks": p["marks"],
            "deal_luck": amount(p["deal_luck"], unit, signed=True),
            "draw_luck": amount(p["draw_luck"], unit, signed=True) if p["draws"] else "",
            "result": result_words(p["result"], unit),
            "adjusted": amount(p["adjusted"], unit, signed=True),
        })  # fmt: skip
    return rows


CHART_WIDTH = 400
CHART_HEIGHT = 90


def cost_chart(result: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A small SVG bar chart: one bar per move of the game, as high as the choice's cost (none
    for a forced move), coloured by its mark; each bar's title says who, what and how much."""
    moves = max([d["index"] for d in result["decisions"]] + [0]) + 1
    peak = max([d["cost"] for d in result["decisions"]] + [1e-9])
    step = CHART_WIDTH / moves
    bars = []
    for d in result["decisions"]:
        height = max(1.0, (CHART_HEIGHT - 12) * d["cost"] / peak)
        title = _("%(n)s. %(who)s: %(move)s, cost %(cost)s") % {
            "n": d["index"] + 1, "who": names[d["seat"]], "move": move_words(d["played"]),
            "cost": amount(d["cost"], result["unit"]),
        }  # fmt: skip
        bars.append({
            "x": d["index"] * step + step * 0.15, "y": CHART_HEIGHT - height,
            "width": step * 0.7, "height": height, "css": f"e-{d['mark'] or 'none'}",
            "title": title,
        })  # fmt: skip
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "bars": bars,
            "peak": amount(peak, result["unit"])}  # fmt: skip


def value_chart(result: dict[str, Any], names: list[str], at: int, moves: int) -> charts.Chart:
    """A line per player: the value of the game to them as the expert estimated it from their
    view, at the deal (new analyses keep it), after each of their judged moves and draws, and
    what they got at the end. ``at`` (the move on screen) is marked."""
    unit = result["unit"]
    series = []
    for p in result["players"]:
        seat = p["seat"]
        points = _value_points(result, seat, names[seat], at)
        if "deal_value" in p:
            words = _("The deal") + " · " + amount(p["deal_value"], unit, signed=unit != "win")
            points.append((0, p["deal_value"], f"{names[seat]}: {words}", at == 0))
        end = _("The end") + " · " + result_words(p["result"], unit)
        points.append((moves, p["result"], f"{names[seat]}: {end}", at == moves))
        series.append((names[seat], points))
    ys = [y for _name, points in series for _x, y, _t, _c in points]
    if unit == "win":
        ticks = [(v / 4, f"{v * 25}%") for v in range(5)]
    else:
        ticks = [(v, f"{v:+g}" if v else "0") for v in charts.span_ticks(min(ys), max(ys))]
    title = _("Each player's estimated %(unit)s after each of their moves, from the deal to "
              "the end") % {"unit": _unit_words(unit)}  # fmt: skip
    axes = (_("Move"), capfirst(_unit_words(unit)))
    chart = charts.lines(title, series, moves, ticks, axes, at)
    summary = "; ".join(
        _("%(name)s: %(first)s to %(last)s")
        % {"name": name, "first": _point_words(points[0][1], unit),
           "last": _point_words(points[-1][1], unit)}
        for name, points in ((n, sorted(p)) for n, p in series) if points
    )  # fmt: skip
    chart.title = f"{title}: {summary}."
    return chart


def _value_points(result: dict[str, Any], seat: int, name: str, at: int) -> list[charts.Point]:
    unit, points = result["unit"], []
    for d in result["decisions"]:
        if d["seat"] == seat:
            n = d["index"] + 1
            words = _("Move %(n)s") % {"n": n} + " · " + move_words(d["played"])
            value = amount(d["value"], unit, signed=unit != "win")
            points.append((n, d["value"], f"{name}, {words}: {value}", n == at))
    for d in result["draws"]:
        if d["seat"] == seat:
            n = d["index"] + 1
            value = amount(d["after"], unit, signed=unit != "win")
            words = _("Move %(n)s") % {"n": n} + " · " + _("draw")
            points.append((n, d["after"], f"{name}, {words}: {value}", n == at))
    return points


def _unit_words(unit: str) -> str:
    return _("win chance of the game") if unit == "win" else _("points")


def _point_words(value: float, unit: str) -> str:
    return f"{value * 100:.0f}%" if unit == "win" else amount(value, unit, signed=True)


def result_words(value: float, unit: str) -> str:
    """What the game gave the player: "won" or "not won" where a win is what counts, else
    its points against the others'."""
    if unit == "win":
        return _("won") if value >= 1.0 else _("not won")
    return amount(value, unit, signed=True)


def panel(row: GameAnalysis | None, names: list[str], may_request: bool) -> dict[str, Any]:
    """What the analysis section of the viewer shows: a button, the progress, or the result."""
    if row is None:
        return {"state": "none", "may_request": may_request}
    out: dict[str, Any] = {"state": row.state, "may_request": may_request}
    if row.state in (GameAnalysis.State.QUEUED, GameAnalysis.State.RUNNING):
        out.update({"done": row.done, "total": row.total or 1,
                    "socket_url": f"/ws/analysis/{row.pk}/"})  # fmt: skip
    elif row.state == GameAnalysis.State.DONE and row.result:
        unit = row.result["unit"]
        out.update({
            "players": players(row.result, names),
            "band_note": band_note(),
            "unit_text": _("win chance of the game") if unit == "win" else _("points"),
            "worlds": row.result["worlds"],
            "chart": cost_chart(row.result, names),
        })  # fmt: skip
    return out
