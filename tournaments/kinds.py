"""What kind of event a style and format make, decided in one place.

An event is played by *pairs* (Partner, and Block or Draw as two teams: an entry is two people
who sit opposite), by *duellists* (Block, Draw or Doubles one against one), by players at
*tables* of three or four each for themselves (Cut-Throat, French, Doubles, Block and Draw),
or by players whose partners *rotate* (individual Partner: a round robin with
``partnerships``). The formats know two-party events and tables; this module turns an event's
stored fields into the format's options, so pages, forms and services never re-derive them.

What it knows of a format it reads from the format's class (``formats.base.Format``): its
label, whether it plays two parties or tables, which stage of a two-stage event it may play,
and the kinds of event each of its declared options means something for. A new format needs
no name added here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import engine
from games.models import style_label

from .formats import FORMATS, Format, Option, stage_formats, style_sizes

#: The formats by stored name, with their names for people (each format's own ``label``).
FORMAT_LABELS = {name: gettext_lazy(cls.label) for name, cls in FORMATS.items()}


def format_choices() -> list[tuple[str, str]]:
    """Every format, with its name for people (read from the classes each time)."""
    return [(name, gettext_lazy(cls.label)) for name, cls in FORMATS.items()]


def format_label(name: str) -> str:
    """A stored format's name for people, in the current language."""
    cls = FORMATS.get(name)
    return _(cls.label) if cls is not None else name


#: Options the event sets from its own fields; an organiser's format options may not name them.
DERIVED = ("seed", "points", "style", "seats", "fill_with_bots")


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
    if fmt not in FORMATS:
        kind_for(style, seats, options)  # an unknown style or seat count is said first
        raise KindError(_("Unknown format."))
    if format_options.get("partnerships"):
        rules = _rules(style, seats)
        if not rules.always_teams or fmt != "round_robin":
            raise KindError(_("Partners change every round only in a Partner round robin."))
        return kind_for(style, seats, options, partnerships=True)
    kind = kind_for(style, seats, options)
    _check_format(kind, style_label(engine.STYLES[style]), fmt, format_options)
    return kind


def kind_for(style: str, seats: int, options: Mapping[str, Any],
             partnerships: bool = False) -> Kind:  # fmt: skip
    """The kind of event a style, its seat count and options make (rotating partners when
    ``partnerships``), whatever the format; a ``KindError`` for a style or seat count that
    is not one."""
    rules = _rules(style, seats)
    if partnerships:
        return Kind(pairs=False, two_party=False, format_seats=4, partnerships=True)
    if rules.always_teams or bool(options.get("teams")):
        return Kind(pairs=True, two_party=True, format_seats=2)
    if seats == 2:
        return Kind(pairs=False, two_party=True, format_seats=2)
    return Kind(pairs=False, two_party=False, format_seats=seats)


def _rules(style: str, seats: int):
    rules = engine.STYLES.get(style)
    if rules is None:
        raise KindError(_("Unknown style."))
    if seats not in rules.seat_counts:
        counts = ", ".join(map(str, rules.seat_counts))
        raise KindError(
            _("%(style)s is played at %(n)s seats.") % {"style": style_label(rules), "n": counts}
        )
    return rules


def possible_kinds(style: str, seats: int, options: Mapping[str, Any]) -> set[str]:
    """The kinds an event of this style could be: its own, and rotating partners for a style
    always played by partners (a Partner round robin may rotate them)."""
    kinds = {kind_for(style, seats, options).name}
    if _rules(style, seats).always_teams:
        kinds.add("rotating")
    return kinds


def fits(cls: type[Format], kind: Kind) -> bool:
    """Whether the format plays events of this kind (two parties, or tables)."""
    return cls.for_two_parties if kind.two_party else cls.for_tables


def formats_for(kind: Kind) -> list[str]:
    """The formats that play this kind of event, in the order they are declared."""
    return [name for name, cls in FORMATS.items() if fits(cls, kind)]


def stage_choices(option: Option, kind: Kind) -> list[str]:
    """The formats a two-stage event of this kind may play its ``option``'s stage in."""
    return [name for name, cls in stage_formats(option.stage).items() if fits(cls, kind)]


def applies(option: Option, kinds: Iterable[str]) -> bool:
    """Whether a format's option means something for an event of one of these kinds."""
    return not option.kinds or bool(set(option.kinds) & set(kinds))


def _check_format(kind: Kind, label: str, fmt: str, format_options: Mapping[str, Any]) -> None:
    cls = FORMATS[fmt]
    stages = [option for option in cls.OPTIONS if option.kind == "stage"]
    if stages:
        allowed = {option.stage: stage_choices(option, kind) for option in stages}
        chosen = {option.stage: format_options.get(option.name, option.default)
                  for option in stages}  # fmt: skip
        if any(chosen[stage] not in allowed[stage] for stage in allowed):
            raise KindError(
                _("For this event, pools can be %(pools)s and the playoff %(playoffs)s.")
                % {"pools": _names(allowed.get("pools", ())),
                   "playoffs": _names(allowed.get("playoff", ()))}
            )  # fmt: skip
        return
    if fits(cls, kind):
        return
    if kind.two_party:
        why = _("%(style)s here is played by two sides") % {"style": label}
    else:
        why = _("%(style)s here is played at tables of players each for themselves") % {
            "style": label
        }
    single = [name for name in formats_for(kind) if not _has_stages(FORMATS[name])]
    raise KindError(
        _("%(why)s: choose %(formats)s, or pools then a knockout.")
        % {"why": why, "formats": _names(single)}
    )


def _has_stages(cls: type[Format]) -> bool:
    return any(option.kind == "stage" for option in cls.OPTIONS)


def _names(formats: Iterable[str]) -> str:
    return ", ".join(format_label(name).lower() for name in formats)


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
    stages = [option for option in FORMATS[fmt].OPTIONS if option.kind == "stage"]
    for option in stages:
        name = arguments.get(option.name, option.default)
        given = dict(arguments.get(option.nested) or {})
        arguments[option.nested] = _fill(kind, style, seats, name, given, bots_fill)
    if not stages:
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
