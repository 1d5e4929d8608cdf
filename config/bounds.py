"""The bounds of what people may send: ids, dates and times, and JSON (issue 40).

Each kind of value was once taken as it came and broke something further on with a 500: an id
past the database's integers (SQLite's OverflowError), or text where an id belongs (the ORM's
ValueError); a time at the end of year 9999, which no longer fits a datetime once moved to UTC
or a day later; JSON nested so deep that the parser runs out of recursion. Every form field and
view that reads one of these from a request reads it through here, so the bound is said once:

- an id is a whole number from 1 to ``MAX_ID`` (``id_from``, ``IdField``; the admin's picks
  of rows through ``IdChoiceField`` and ``MultipleIdsField``, for every ModelAdmin);
- a date or time falls between ``FIRST_YEAR`` and ``YEARS_AHEAD`` years from now
  (``within_years``, ``WhenField``, ``DayField``; the admin's own fields through
  ``admin_overrides``);
- JSON is at most ``MAX_JSON_CHARS`` long and ``MAX_JSON_DEPTH`` deep, with no NaN or Infinity,
  checked before it is parsed (``loads``, ``JSONField``);
- a query string holds no NUL character (``RefuseNulInQuery``: PostgreSQL's text cannot hold
  one, and a filter read straight from ``request.GET`` reached a query with it), and a search
  term is at most ``MAX_SEARCH_CHARS`` long (SQLite gives up on a longer LIKE pattern).
"""

from __future__ import annotations

import json
import math
import re
from datetime import date
from itertools import accumulate
from typing import Any

from django import forms
from django.core.exceptions import BadRequest, ValidationError
from django.db import models
from django.utils import timezone
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

#: The largest id a row may have: every model's key is a BigAutoField (DEFAULT_AUTO_FIELD).
MAX_ID = 2**63 - 1
#: Nothing on the site happened before this year.
FIRST_YEAR = 2000
#: Nothing is planned further ahead than this many years from now.
YEARS_AHEAD = 10
#: Far more than any record or options object needs (a record is about 6 levels deep).
MAX_JSON_DEPTH = 20
#: Options typed into a form; an uploaded record passes its own, larger, bound.
MAX_JSON_CHARS = 100_000
#: Longer than any name a search looks for.
MAX_SEARCH_CHARS = 200

#: A string, or one left open to the end of the text (so that no quote is tried twice: with
#: the closing quote required, a text of escaped quotes took quadratic time).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


# -- ids -------------------------------------------------------------------------------------


def id_from(raw: object) -> int | None:
    """The id (or page number) in a value read from a request, ASCII digits from 1 to
    ``MAX_ID``, or None for anything else: never a number the database cannot hold, nor text
    the ORM or ``int`` would refuse ("²" passes ``isdigit``)."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_ID)):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_ID else None


class IdField(forms.IntegerField):
    """A choice made by id (a club, an event): a value no row can have is the field's error,
    and so never reaches a query."""

    default_error_messages = dict.fromkeys(
        ("invalid", "min_value", "max_value"), _("That is not one of the choices.")
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**{"min_value": 1, "max_value": MAX_ID, **kwargs})


# -- dates and times -------------------------------------------------------------------------


def years() -> tuple[int, int]:
    """The first and the last year a date typed on the site may fall in."""
    return FIRST_YEAR, timezone.localdate().year + YEARS_AHEAD


def within_years(value: date) -> None:
    """Validator of every date and time people type: one outside the years the site knows is
    refused, before a time zone or a day added takes it past what a datetime holds."""
    first, last = years()
    if not first <= value.year <= last:
        raise ValidationError(
            _("Choose a date from the year %(first)s to the year %(last)s."),
            code="out_of_range",
            params={"first": first, "last": last},
        )


class WhenField(forms.DateTimeField):
    """A date and time typed into a form of the site, within ``years()``."""

    default_validators = [within_years]


class DayField(forms.DateField):
    """A date typed into a form of the site, within ``years()``."""

    default_validators = [within_years]


class AdminWhenField(forms.SplitDateTimeField):
    """The admin's date-and-time field, within ``years()``."""

    default_validators = [within_years]


class AdminDayField(forms.DateField):
    """The admin's date field, within ``years()``."""

    default_validators = [within_years]


# -- JSON ------------------------------------------------------------------------------------


class JSONRefused(ValueError):
    """JSON not parsed because it is too long or too deep; the reason, in words for the page."""


def nests_deeper(text: str, limit: int) -> bool:
    """Whether the arrays and objects of ``text`` nest more than ``limit`` deep (brackets in
    strings left out). Read by regular expressions and a count that stops at the limit, so a
    million brackets cost no recursion and little time."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    levels = accumulate(1 if c in "[{" else -1 for c in brackets)
    return any(level > limit for level in levels)


def check(text: str, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH) -> None:
    """JSONRefused with the reason if ``text`` is too long or nests too deep to be parsed."""
    if len(text) > max_chars:
        raise JSONRefused(
            ngettext(
                "That JSON is too long (more than %(n)s character).",
                "That JSON is too long (more than %(n)s characters).",
                max_chars,
            )
            % {"n": max_chars}
        )
    if nests_deeper(text, max_depth):
        raise JSONRefused(
            ngettext(
                "That JSON is too deeply nested (more than %(n)s level of brackets).",
                "That JSON is too deeply nested (more than %(n)s levels of brackets).",
                max_depth,
            )
            % {"n": max_depth}
        )


def _no_constant(name: str) -> Any:
    raise ValueError(gettext("%(name)s is not a number JSON has.") % {"name": name})


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(gettext("%(number)s is too big a number.") % {"number": text})
    return value


def loads(text: str, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH,
          cls: type[json.JSONDecoder] | None = None) -> Any:  # fmt: skip
    """``json.loads`` for text people send: JSONRefused if it is too long or too deep (see
    ``check``), ValueError if it is not JSON. NaN, Infinity and numbers too big for a float are
    refused too: they are not JSON, and a JSON column would not store them."""
    check(text, max_chars=max_chars, max_depth=max_depth)
    return json.loads(text, cls=cls, parse_constant=_no_constant, parse_float=_finite)


class JSONField(forms.JSONField):
    """Django's JSON form field, parsing through ``loads``: too long or too deep is the field's
    error with its reason (Django's own would recurse until it failed with a 500)."""

    def to_python(self, value: Any) -> Any:
        if self.disabled or not isinstance(value, str) or value in self.empty_values:
            return super().to_python(value)
        try:
            converted = loads(value, cls=self.decoder)
        except JSONRefused as error:
            raise ValidationError(str(error), code="json_bounds") from None
        except ValueError:
            raise ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from None
        return forms.fields.JSONString(converted) if isinstance(converted, str) else converted

    def bound_data(self, data: Any, initial: Any) -> Any:
        if isinstance(data, str) and not self.disabled:
            try:
                check(data)
            except JSONRefused:
                return forms.fields.InvalidJSONInput(data)
        return super().bound_data(data, initial)


# -- the admin -------------------------------------------------------------------------------

#: The admin's field for each kind of model field, as Django would choose it, and ours.
ADMIN_FIELDS: dict[type[models.Field], tuple[type[forms.Field], type[forms.Field]]] = {
    models.DateTimeField: (forms.SplitDateTimeField, AdminWhenField),
    models.DateField: (forms.DateField, AdminDayField),
    models.JSONField: (forms.JSONField, JSONField),
}


def admin_overrides(overrides: dict) -> None:
    """Bound a ModelAdmin's date, time and JSON fields (its ``formfield_overrides``, in place),
    unless it chose a field class of its own."""
    for model_field, (django_field, ours) in ADMIN_FIELDS.items():
        entry = overrides.setdefault(model_field, {})
        if entry.get("form_class", django_field) is django_field:
            entry["form_class"] = ours


class MultipleIdsField(forms.ModelMultipleChoiceField):
    """The admin's pick of several rows (a user's permissions, a group's): an id the database
    cannot hold is "not one of the choices", as an unknown one is, before Django looks it up
    (SQLite overflowed on it)."""

    def _check_values(self, value):
        if isinstance(value, (list, tuple)) and any(
            id_from(str(v)) is None for v in value if v not in self.empty_values
        ):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice",
                                  params={"value": next(iter(value))})  # fmt: skip
        return super()._check_values(value)

    def bound_data(self, data, initial):
        """What a refused form shows again: only ids (an autocomplete widget looks them up)."""
        if isinstance(data, (list, tuple)):
            data = [v for v in data if v in self.empty_values or id_from(str(v)) is not None]
        return super().bound_data(data, initial)


def _by_id(field: forms.ModelChoiceField) -> bool:
    """Whether ``field`` picks rows by a whole number (their id, or an integer ``to_field``)."""
    model = field.queryset.model
    key = model._meta.get_field(field.to_field_name) if field.to_field_name else model._meta.pk
    return isinstance(key, models.IntegerField)


class IdChoiceField(forms.ModelChoiceField):
    """The admin's pick of one row (a table's club, an entry's player): a value no id can be
    is "not one of the choices", as an unknown id is, before Django looks it up (SQLite
    overflows on a huge one, text raises in the ORM), and it is not sent back to the widget
    either (Django's autocomplete widget looks the shown value up as it is)."""

    def to_python(self, value):
        if value not in self.empty_values and _by_id(self) and id_from(str(value)) is None:
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)

    def bound_data(self, data, initial):
        if data not in self.empty_values and _by_id(self) and id_from(str(data)) is None:
            return None
        return super().bound_data(data, initial)


ADMIN_FIELDS[models.ManyToManyField] = (forms.ModelMultipleChoiceField, MultipleIdsField)
ADMIN_FIELDS[models.ForeignKey] = (forms.ModelChoiceField, IdChoiceField)
ADMIN_FIELDS[models.OneToOneField] = (forms.ModelChoiceField, IdChoiceField)


def search_term(term: str) -> str:
    """An admin search term cut to ``MAX_SEARCH_CHARS``."""
    return term[:MAX_SEARCH_CHARS]


class Refused(BadRequest):
    """A request the site refuses as a whole, with a reason for the person (``handler400``)."""


class RefuseNulInQuery(MiddlewareMixin):
    """A query string with a NUL character is refused (400) before any view reads it."""

    def process_request(self, request) -> None:
        if any("\x00" in key or any("\x00" in v for v in values)
               for key, values in request.GET.lists()):  # fmt: skip
            raise Refused(gettext("A link may not hold a NUL character."))
