"""Filters the ratings pages share: how a rating and a change are written, an avatar's hue."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def rating(value: float | None) -> str:
    """A rating as shown everywhere: one decimal, in the reader's number format."""
    if value is None:
        return ""
    return number_format(round(value, 1), 1)


@register.filter
def signed(value: float | None) -> str:
    """A change with its sign (a true minus sign), "±0.0" when it rounds to nothing."""
    if value is None:
        return ""
    shown = round(value, 1)
    if shown == 0:
        return "±" + number_format(0, 1)
    sign = "+" if shown > 0 else "\u2212"
    return sign + number_format(abs(shown), 1)


@register.filter
def hue(user) -> int:
    """A steady colour per person for the initials avatar (from the id, so a renamed player
    keeps theirs), set through a CSS variable in a ``style`` attribute (the CSP allows those)."""
    return (getattr(user, "pk", 0) or 0) * 47 % 360
