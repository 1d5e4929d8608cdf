"""What the ratings pages share: a rating as shown (the figure and its provisional mark), a
change with its sign, an avatar's hue.

The figures come in already on the shown scale (``skill.shown``, through the models' and the
services' ``shown``, ``rating`` and ``change``): the formula lives there alone, and these only
write the figures down.
"""

from __future__ import annotations

from django import template

from .. import skill

register = template.Library()


@register.inclusion_tag("ratings/figure.html")
def rating_figure(figure: int, provisional: bool) -> dict:
    """A rating as players read it everywhere: the whole number, then "?" while it is
    provisional, as lichess marks one (with a tooltip, and words for a screen reader)."""
    return {
        "figure": figure,
        "provisional": provisional,
        "provisional_games": skill.PROVISIONAL_GAMES,
    }


@register.filter
def signed(value: int | None) -> str:
    """A change of the shown figure with its sign (a true minus sign), "±0" for none."""
    if value is None:
        return ""
    if value == 0:
        return "±0"
    return ("+" if value > 0 else "\u2212") + str(abs(value))


@register.filter
def hue(user) -> int:
    """A steady colour per person for the initials avatar (from the id, so a renamed player
    keeps theirs), set through a CSS variable in a ``style`` attribute (the CSP allows those)."""
    return (getattr(user, "pk", 0) or 0) * 47 % 360


@register.inclusion_tag("ratings/scale.html")
def rating_scale() -> dict:
    """How to read the figure, in the same words on the boards and on a player's page."""
    return {"start": skill.START, "provisional_games": skill.PROVISIONAL_GAMES}
