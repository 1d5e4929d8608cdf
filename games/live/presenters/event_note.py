"""What an event table says of its event: where in the event it is, and once the set is over,
how the table was decided, the viewer's place and the points it earns there, everyone's places,
and the way back to the event.

The facts come from the set's note (``services.notes``), which the event writes whenever its
view of the table changes; this module only words them. So a reload twenty minutes after the
last game still says the set is over and how it ended, and a result the organiser corrected
reads as corrected.
"""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from .words import and_list, party_names


def event_context(
    note: dict, view: dict, seats, viewer: int | None, set_over: bool
) -> dict[str, Any] | None:
    """The event part of the table page for ``viewer`` (a seat, or None for a watcher); None
    at a table no event seated."""
    if not note.get("url"):
        return None
    names = {"event": note.get("event", ""), "round": note.get("round"), "table": note.get("table")}
    context: dict[str, Any] = {
        "url": note["url"],
        "name": names["event"],
        "where": _("Round %(round)s, table %(table)s of %(event)s") % names,
        "back": _("Back to %(event)s") % names,
        "over": False,
    }
    if note.get("voided"):  # the event's director set the round aside: it is to be played again
        context.update({
            "over": True, "lines": [], "places": [],
            "headline": _("The organiser voided round %(round)s of %(event)s: this table's "
                          "result counts for nothing there.") % names,
        })  # fmt: skip
        return context
    result = note.get("result")
    if result is None:
        if set_over:
            context.update({
                "over": True,
                "headline": _("The set is over. Its result in %(event)s shows on the event's "
                              "page once it is in.") % names,
                "lines": [], "places": [],
            })  # fmt: skip
        return context
    context.update({"over": True, "headline": _headline(result.get("how", ""), names)})
    if result.get("how") == "bye":
        context.update({"lines": [], "places": []})
        return context
    places = _places(result, view, seats, viewer)
    context["places"] = places
    context["lines"] = _lines(places, result, view, seats, viewer)
    return context


def _headline(how: str, names: dict) -> str:
    if how == "forfeit":
        return _("This table was decided by forfeit. Its result counts in %(event)s.") % names
    if how == "adjudicated":
        return (
            _("This table was decided at the round's deadline. Its result counts in %(event)s.")
            % names
        )
    if how == "override":
        return _("The organiser set this table's result. It counts in %(event)s.") % names
    if how == "bye":
        return (
            _("This table was a bye played against a bot: the bye scores in %(event)s as the "
              "event says, whatever happened here.") % names
        )  # fmt: skip
    return _("This table is over. Its result counts in %(event)s.") % names


def points_text(value: float | None) -> str:
    """4, 1.5, 0.33: points as people write them (in the reader's number format)."""
    if value is None:
        return ""
    value = float(value)
    if value.is_integer():
        return str(int(value))
    return number_format(round(value, 2))


def _places(result: dict, view: dict, seats, viewer: int | None) -> list[dict]:
    """One row per party, best place first: its place, names and points, whether it is the
    viewer's own and whether it lost by forfeit."""
    places, points = result.get("places") or [], result.get("points") or []
    forfeited = set(result.get("forfeited") or ())
    rows = []
    for index, members in enumerate(view["parties"]):
        first = members[0]
        if first >= len(places):
            continue
        names, _count = party_names(view, seats, index)
        rows.append({
            "place": places[first], "names": names,
            "points": points_text(points[first] if first < len(points) else None),
            "mine": viewer is not None and viewer in members,
            "forfeit": any(seat in forfeited for seat in members),
        })  # fmt: skip
    return sorted(rows, key=lambda row: (row["place"] is None, row["place"] or 0))


def _lines(places: list[dict], result: dict, view: dict, seats, viewer: int | None) -> list[str]:
    lines = []
    mine = next((row for row in places if row["mine"]), None)
    if mine is not None and mine["place"] is not None:
        facts = {"place": mine["place"], "count": len(view["parties"])}
        text = _("Your place: %(place)s of %(count)s.") % facts
        if mine["points"]:
            text += " " + _("Points earned: %(points)s.") % {"points": mine["points"]}
        lines.append(text)
    lost = [row["names"] for row in places if row["forfeit"]]
    if lost:
        lines.append(
            _("Lost by forfeit (resigned, left, or never came): %(names)s.")
            % {"names": and_list(lost)}
        )
    return lines
