"""Checking a format's options where they are set: each value against its field's type.

Options arrive from JSON, from a form, or from code, so a value can be a string where a number
belongs, ``None`` where nothing may be missing, or ``True`` where a count is meant. Each format
is a dataclass whose field annotations say what an option takes; ``check_types`` reads them and
refuses a wrong value with an ``OptionError`` naming the option and what it takes, before any
format compares or counts with it (so no bare ``TypeError`` or ``KeyError`` escapes later).
The formats then check ranges in their own ``__post_init__``.

``Option`` is how a format declares, on its class, the options an event form offers for it
(as a style's rules class declares its own in the engine): the option's name, what it takes,
its label and help for people (English, marked for translation with ``gettext_noop``: the site
translates them where it shows them), its default and its limits. Options left undeclared are
still the format's; a form takes them as JSON.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any, NamedTuple, TypeVar

from .errors import OptionError

#: What an option takes, in the English words of the message (``code="option_type"``, the
#: kind as ``params["expected"]``).
EXPECTED = {
    "whole_number": "a whole number",
    "number": "a number",
    "yes_no": "true or false",
    "text": "a text",
    "whole_number_or_text": "a whole number or a text",
    "list_of_text": "a list of texts",
    "list_of_whole_numbers": "a list of whole numbers",
    "object": "an object of names and values",
    "points": "an object of table sizes and lists of points",
}


#: The most a place or a bye may be worth either way (``points``, ``bye_points``), and the
#: largest ``avoid_weight``: beyond them the pairing's costs, which square points gaps, would
#: overflow (and no event needs them).
POINTS_LIMIT = 1000
AVOID_LIMIT = 100
#: the most rounds, cycles or pools an event may ask for: more is a typing slip, and a pool
#: stage whose rounds never end would keep its knockout (and the event's finish) waiting
ROUNDS_LIMIT = 999
#: The most who may qualify for a two-stage event's playoff: a playoff is drawn (with
#: placeholders) before the pools end, so its size must stay one a page can draw.
ADVANCE_LIMIT = 1024


class Option(NamedTuple):
    """One option of a format as an event form offers it.

    ``kind``: "bool" (a check box), "count" (a whole number from ``least`` to ``most``) or
    "stage" (a two-stage event's format for one stage: the formats whose ``stage`` is
    ``stage``, whose own declared options go in the option ``nested``). ``label`` and ``help``
    are English (the site translates them). ``default`` is what the format takes when the
    option is left out (None: the format's own rule, which ``help`` says). ``kinds``: the kinds
    of event it means something for, by the names the site gives them ("pairs", "duel",
    "tables", "rotating"); empty: every kind.
    """

    name: str
    kind: str
    label: str
    help: str = ""
    default: Any = None
    least: int | None = None
    most: int | None = None
    kinds: tuple[str, ...] = ()
    stage: str = ""
    nested: str = ""


def check_types(fmt: Any) -> None:
    """Raise ``OptionError`` for the first option whose value does not fit its field's type."""
    hints = typing.get_type_hints(type(fmt))
    for field in fields(fmt):
        value = getattr(fmt, field.name)
        expected, optional = _expectation(hints[field.name])
        if value is None and optional:
            continue
        if not _fits(value, expected):
            raise OptionError(
                f"{field.name} must be {EXPECTED[expected]}, not {value!r}",
                "option_type",
                option=field.name,
                expected=expected,
            )


def _expectation(hint: Any) -> tuple[str, bool]:
    """The kind of value a field's annotation asks for, and whether ``None`` is allowed."""
    args = typing.get_args(hint)
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    optional = union and type(None) in args
    kinds = [a for a in args if a is not type(None)] if union else [hint]
    if set(kinds) == {int, str}:
        return "whole_number_or_text", optional
    (kind,) = kinds
    origin = typing.get_origin(kind) or kind
    if kind is bool:
        return "yes_no", optional
    if kind is int:
        return "whole_number", optional
    if kind is float:
        return "number", optional
    if kind is str:
        return "text", optional
    item = (typing.get_args(kind) or (Any,))[0]
    if origin in (Mapping, dict):
        return ("points" if item is int else "object"), optional
    if origin in (Sequence, tuple, list):
        return ("list_of_whole_numbers" if item is int else "list_of_text"), optional
    raise TypeError(f"no check for options of type {hint!r}")  # a format's own mistake


def _fits(value: Any, expected: str) -> bool:
    if expected == "yes_no":
        return isinstance(value, bool)
    if expected == "whole_number":
        return _whole(value)
    if expected == "number":
        return _number(value)
    if expected == "text":
        return isinstance(value, str)
    if expected == "whole_number_or_text":
        return _whole(value) or isinstance(value, str)
    if expected == "list_of_text":
        return _sequence(value) and all(isinstance(v, str) for v in value)
    if expected == "list_of_whole_numbers":
        return _sequence(value) and all(_whole(v) for v in value)
    if expected == "object":
        return isinstance(value, Mapping)
    return isinstance(value, Mapping) and all(
        _whole(size) and _sequence(points) and all(_number(p) for p in points)
        for size, points in value.items()
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


def _sequence(value: Any) -> bool:
    return isinstance(value, list | tuple)


def between(name: str, value: int | float | None, least: int | float, most: int | float) -> None:
    """Refuse a number outside ``least``..``most`` (``None``, the format's default, passes)."""
    if value is not None and not least <= value <= most:
        raise OptionError(
            f"{name} must be from {least} to {most}, not {value!r}",
            "option_range",
            option=name,
            minimum=least,
            maximum=most,
        )


def from_json(options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON stores them, turned into the shapes the fields take: lists of table
    sizes into tuples, and points keyed by text ("4") keyed by number."""
    options = dict(options)
    if isinstance(options.get("table_sizes"), list):
        options["table_sizes"] = tuple(options["table_sizes"])
    points = options.get("points")
    if isinstance(points, Mapping):
        keyed = {}
        for key, values in points.items():
            size = _size(key)
            if size is None:
                raise OptionError(
                    f"points are set per table size (2, 3 or 4), not for {key!r}",
                    "points_size",
                    size=str(key),
                )
            keyed[size] = tuple(values) if _sequence(values) else values
        options["points"] = keyed
    return options


def _size(key: Any) -> int | None:
    if _whole(key):
        return key
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit():
        return int(key)  # not "²": a digit to isdigit() that int() refuses
    return None


T = TypeVar("T")


def build(cls: type[T], name: str, options: dict[str, Any]) -> T:
    """The format ``cls`` (called ``name``) with ``options`` as stored: unknown names refused
    with the ones it has, JSON shapes turned into the fields' (``from_json``), every value
    checked by the format itself."""
    known = {f.name for f in fields(cls)}
    unknown = sorted({_key(key) for key in options if key not in known})
    if unknown:
        raise OptionError(
            f"{name} has no option {', '.join(unknown)}; "
            f"its options are {', '.join(sorted(known))}",
            "unknown_option",
            option=", ".join(unknown),
            choices=", ".join(sorted(known)),
        )
    return cls(**from_json(options))


def _key(key: Any) -> str:
    """An option's name as a message shows it: a text as it is, anything else (a number
    where a name belongs, from a stage's options) as Python writes it."""
    return key if isinstance(key, str) else repr(key)
