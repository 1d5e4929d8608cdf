"""What kind of event a style and format make, decided in one place.

An event is played by *pairs* (Partner, and Block or Draw as two teams: an entry is two people
who sit opposite), by *duellists* (Block, Draw or Doubles one against one), by players at
*tables* of three or four each for themselves (Cut-Throat, French, Doubles, Block and Draw),
or by players whose partners *rotate* (individual Partner: a round robin with
``partnerships``). The formats know two-party events and tables; this module turns an event's
stored fields into the format's options, so pages, forms and services never re-derive them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import engine
from games.models import style_label

from .formats import FORMATS, style_sizes

#: The formats by stored name, with their names for people.
FORMAT_LABELS = {
    "single_elimination": gettext_lazy("Single elimination"),
    "double_elimination": gettext_lazy("Double elimination"),
    "round_robin": gettext_lazy("Round robin"),
    "swiss": gettext_lazy("Swiss"),
    "swiss_tables": gettext_lazy("Swiss for tables"),
    "table_knockout": gettext_lazy("Table knockout"),
    "two_stage": gettext_lazy("Pools, then a knockout"),
}


def format_choices() -> list[tuple[str, str]]:
    return [(name, FORMAT_LABELS.get(name, name)) for name in FORMATS]


#: Formats for two parties (two players, or two pairs) and for tables of three or four.
TWO_PARTY_FORMATS = ("single_elimination", "double_elimination", "swiss", "round_robin")
TABLE_FORMATS = ("swiss_tables", "table_knockout", "round_robin")
#: Which stage formats ``two_stage`` may combine, by kind of event.
TWO_STAGE = {
    True: (("swiss", "round_robin"), ("single_elimination", "double_elimination")),
    False: (("swiss_tables", "round_robin"), ("table_knockout",)),
}
#: Options the event sets from its own fields; an organiser's format options may not name them.
DERIVED = ("seed", "points", "style", "seats", "fill_with_bots")
#: Formats whose rounds knock entrants out (they draw a bracket and rank by final place).
ELIMINATION = ("single_elimination", "double_elimination", "table_knockout")


class KindError(ValueError):
    """The style, seats and format do not make an event; the message says what would."""


@dataclass(frozen=True)
class Kind:
    """``pairs``: an entry is two people. ``two_party``: a format table has two sides.
    ``format_seats``: seats at a format table (2, or the event's table size). ``partnerships``:
    individuals whose partners rotate (format seats 0 and 2 against 1 and 3)."""

    pairs: bool
    two_party: bool
    format_seats: int
    partnerships: bool = False

    @property
    def name(self) -> str:
        if self.pairs:
            return "pairs"
        if self.partnerships:
            return "rotating"
        return "duel" if self.two_party else "tables"


def kind_of(style: str, seats: int, options: Mapping[str, Any], fmt: str,
            format_options: Mapping[str, Any]) -> Kind:  # fmt: skip
    """The kind of event, or a ``KindError`` saying what fits."""
    rules = engine.STYLES.get(style)
    if rules is None:
        raise KindError(_("Unknown style."))
    if seats not in rules.seat_counts:
        counts = ", ".join(map(str, rules.seat_counts))
        raise KindError(
            _("%(style)s is played at %(n)s seats.") % {"style": style_label(rules), "n": counts}
        )
    if fmt not in FORMATS:
        raise KindError(_("Unknown format."))
    teams = rules.always_teams or bool(options.get("teams"))
    if format_options.get("partnerships"):
        if not rules.always_teams or fmt != "round_robin":
            raise KindError(_("Partners change every round only in a Partner round robin."))
        return Kind(pairs=False, two_party=False, format_seats=4, partnerships=True)
    if teams:
        kind = Kind(pairs=True, two_party=True, format_seats=2)
    elif seats == 2:
        kind = Kind(pairs=False, two_party=True, format_seats=2)
    else:
        kind = Kind(pairs=False, two_party=False, format_seats=seats)
    _check_format(kind, rules, fmt, format_options)
    return kind


def _check_format(kind: Kind, rules, fmt: str, format_options: Mapping[str, Any]) -> None:
    allowed = TWO_PARTY_FORMATS if kind.two_party else TABLE_FORMATS
    label = style_label(rules)
    if fmt == "two_stage":
        pools, playoffs = TWO_STAGE[kind.two_party]
        pool = format_options.get("pools", "swiss")
        playoff = format_options.get("playoff", "single_elimination")
        if pool not in pools or playoff not in playoffs:
            raise KindError(
                _("For this event, pools can be %(pools)s and the playoff %(playoffs)s.")
                % {"pools": _names(pools), "playoffs": _names(playoffs)}
            )
        return
    if fmt in allowed:
        return
    if kind.two_party:
        why = _("%(style)s here is played by two sides") % {"style": label}
    else:
        why = _("%(style)s here is played at tables of players each for themselves") % {
            "style": label
        }
    raise KindError(
        _("%(why)s: choose %(formats)s, or pools then a knockout.")
        % {"why": why, "formats": _names(allowed)}
    )


def _names(formats: tuple[str, ...]) -> str:
    return ", ".join(str(FORMAT_LABELS[name]).lower() for name in formats)


def format_arguments(
    kind: Kind, style: str, seats: int, fmt: str, format_options: Mapping[str, Any],
    *, seed: int, points: Mapping[str, Any], bots_fill: bool,
) -> dict:  # fmt: skip
    """The keyword arguments of ``make_format`` for this event: the organiser's options with
    what the event decides (seed, points, style, seats, bots) filled in."""
    reserved = sorted(set(format_options) & set(DERIVED))
    if reserved:
        raise KindError(
            ngettext(
                "The event sets %(names)s itself; leave it out of the format options.",
                "The event sets %(names)s itself; leave them out of the format options.",
                len(reserved),
            )
            % {"names": ", ".join(reserved)}
        )
    arguments = dict(format_options)
    if fmt == "two_stage":
        stages = {
            "pool_options": arguments.get("pools", "swiss"),
            "playoff_options": arguments.get("playoff", "single_elimination"),
        }
        for key, name in stages.items():
            given = dict(arguments.get(key) or {})
            arguments[key] = _fill(kind, style, seats, name, given, bots_fill)
    else:
        arguments = _fill(kind, style, seats, fmt, arguments, bots_fill)
    return {**arguments, "seed": seed, "points": {int(k): v for k, v in points.items()}}


def _fill(kind: Kind, style: str, seats: int, fmt: str, options: dict, bots_fill: bool) -> dict:
    fields = {f.name for f in dataclasses.fields(FORMATS[fmt])}
    if "seats" in fields:
        options["seats"] = kind.format_seats
    if kind.two_party:
        return options
    if "partnerships" in fields:
        options["partnerships"] = kind.partnerships
    if "style" in fields:
        options["style"] = style
    if "fill_with_bots" in fields:
        options["fill_with_bots"] = bots_fill
    if "table_sizes" in fields and "table_sizes" not in options and seats < 4:
        options["table_sizes"] = [s for s in style_sizes(engine.STYLES[style]) if s <= seats]
    return options


def games_seat_count(kind: Kind, event_seats: int, format_table_seats: int) -> int:
    """Seats of the games table for a format table: pairs sit four (pair A in seats 0 and 2,
    pair B in 1 and 3); everyone else one to one (a Doubles table of three is a three-seat
    table)."""
    return event_seats if kind.pairs else format_table_seats
