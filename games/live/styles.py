"""What the lobby needs to know about each style: seat counts and the options it offers.

The engine validates options; this module only describes them for forms and labels, so the
create form can offer exactly what RULES.md allows for the chosen style.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from ..models import Style


@dataclass(frozen=True)
class StyleInfo:
    style: str
    seat_counts: tuple[int, ...]
    target_choices: tuple[int, ...] = ()
    default_target: int | None = None
    has_first_to_six: bool = False
    has_teams: bool = False
    has_double_blank_ten: bool = False
    direction_choice: bool = False
    summary: str = field(default="", compare=False)


STYLES: dict[str, StyleInfo] = {
    Style.CUTTHROAT: StyleInfo(
        "cutthroat", (4,), has_first_to_six=True,
        summary=_("Four players, each alone; six love wins the set, bruck breaks it."),
    ),
    Style.PARTNER: StyleInfo(
        "partner", (4,), has_first_to_six=True,
        summary=_("Two teams, partners opposite; six games before the others win one."),
    ),
    Style.BLOCK: StyleInfo(
        "block", (2, 4), (50, 100, 150, 200), 100, has_teams=True, direction_choice=True,
        summary=_("No drawing: pass when stuck; the winner scores the losers' pips."),
    ),
    Style.DRAW: StyleInfo(
        "draw", (2, 4), (50, 100, 150, 200), 100, has_teams=True, direction_choice=True,
        summary=_("Draw from the boneyard until a tile fits; play to a target."),
    ),
    Style.FRENCH: StyleInfo(
        "french", (4,), (100, 150), 100, has_double_blank_ten=True,
        summary=_("A four-armed cross, locked numbers and fines; lowest total wins."),
    ),
    Style.DOUBLES: StyleInfo(
        "doubles", (2, 3, 4), (50, 100, 150), 100,
        summary=_("Every double a spinner; draw one when stuck; first to the target."),
    ),
}  # fmt: skip


def options_for(
    style: str,
    seats: int,
    *,
    target: int | None = None,
    first_to_six: bool = False,
    teams: bool = False,
    double_blank_ten: bool = False,
) -> dict:
    """The engine options dict for what the form chose, leaving out anything the style lacks."""
    info = STYLES[style]
    options: dict = {}
    if info.has_first_to_six and first_to_six:
        options["first_to_six"] = True
    if info.has_teams and teams and seats == 4:
        options["teams"] = True
    if info.target_choices and target and target != info.default_target:
        options["target"] = target
    if info.has_double_blank_ten and double_blank_ten:
        options["double_blank_ten"] = True
    return options
