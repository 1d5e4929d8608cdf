"""The six styles, by the name records and URLs use, and what a form may offer for each.

``form_options`` and ``chosen_options`` let the site build its create-table form from the rules
classes without naming a style: a new style (or a new house rule) appears in the form by being
declared on its rules class.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..errors import RulesError, shown
from .base import DRAW_ONE, DRAW_UNTIL, NO_DRAW, GameLike, Option, Pose, Rules
from .blockdraw import Block, Draw
from .doubles import Doubles
from .french import French
from .jamaican import Cutthroat, Partner

STYLES: dict[str, type[Rules]] = {
    cls.name: cls for cls in (Cutthroat, Partner, Block, Draw, French, Doubles)
}


_MADE: dict[tuple, Rules] = {}


def make_rules(style: str, seats: int, options: dict | None = None) -> Rules:
    """The rules object for a style, seat count and options; RulesError names what is wrong.

    Rules objects never change after construction, so one is shared by every match that asks for
    the same style, seats and options (a benchmark or a bot starts thousands of matches).
    """
    key: tuple | None = None
    try:
        given = tuple((k, v, type(v)) for k, v in options.items()) if options else ()
        key = (style, seats, type(seats), given)
        return _MADE[key]
    except (KeyError, TypeError, AttributeError):  # not made yet, or not hashable (so invalid)
        pass
    rules = _style(style)(seats, options)
    if key is not None and len(_MADE) < 256:
        _MADE[key] = rules
    return rules


class FormOption(NamedTuple):
    """One option as a form offers it.

    ``kind``: "bool" (a check box), "choice" (one of ``choices``) or "count" (any positive whole
    number; no style has one today). ``label`` is English (the site translates it). ``seats``: the
    seat counts it applies to (None: all); with any other count only its default is accepted.
    """

    name: str
    kind: str
    label: str
    default: Any
    choices: tuple[int, ...] = ()
    seats: tuple[int, ...] | None = None


def form_options(style: str, seats: int | None = None) -> list[FormOption]:
    """The options a create form may offer for ``style`` (with ``seats``: only those that apply
    at that seat count), in the order the rules class declares them. RulesError for an unknown
    style or a seat count it is not played by."""
    cls = _style(style)
    if seats is not None and seats not in cls.seat_counts:
        raise RulesError(f"{style} is not played by {shown(seats)} seats")
    out = []
    for name, spec in cls.OPTIONS.items():
        if seats is not None and spec.seats is not None and seats not in spec.seats:
            continue
        choices = spec.offered or spec.choices or ()
        kind = spec.kind if spec.kind == "bool" else "choice" if choices else "count"
        out.append(FormOption(name, kind, spec.label, spec.default, choices, spec.seats))
    return out


def chosen_options(style: str, seats: int, values: Mapping[str, Any]) -> dict:
    """The engine options for what a form chose: the options that apply at ``seats`` and differ
    from their defaults (so a match's options name only what the table changed). Values are not
    checked here; ``new_match`` checks them."""
    chosen = {}
    for option in form_options(style, seats):
        value = values.get(option.name)
        if value is not None and value != option.default:
            chosen[option.name] = value
    return chosen


def _style(style: str) -> type[Rules]:
    cls = STYLES.get(style) if isinstance(style, str) else None
    if cls is None:
        raise RulesError(f"unknown style {shown(style)} (one of {', '.join(STYLES)})")
    return cls


__all__ = [
    "DRAW_ONE",
    "DRAW_UNTIL",
    "NO_DRAW",
    "STYLES",
    "FormOption",
    "GameLike",
    "Option",
    "Pose",
    "Rules",
    "chosen_options",
    "form_options",
    "make_rules",
]
