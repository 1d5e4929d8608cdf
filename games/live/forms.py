"""The create-table form: offers exactly the options RULES.md gives the chosen style."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games import bots

from ..models import Direction, Style
from .styles import STYLES, options_for

CLOCK_CHOICES = [
    (0, _("No clock")),
    (15, _("15 seconds")),
    (30, _("30 seconds")),
    (60, _("1 minute")),
    (120, _("2 minutes")),
]


def fill_choices() -> list[tuple[str, str]]:
    """Leave seats open, or fill them with bots of one level (the bots' own list)."""
    levels = [(level, _(name)) for level, name in bots.LEVELS.items()]
    return [("", _("Leave seats open for people")), *levels]


class CreateTableForm(forms.Form):
    style = forms.ChoiceField(label=_("Style"), choices=Style.choices, initial=Style.CUTTHROAT)
    seats = forms.TypedChoiceField(label=_("Seats"), coerce=int, choices=[])
    teams = forms.BooleanField(label=_("Play as two teams (partners opposite)"), required=False)
    target = forms.TypedChoiceField(label=_("Play to"), coerce=int, required=False, choices=[])
    first_to_six = forms.BooleanField(
        label=_("Straight six: first to six wins, no bruck"), required=False
    )
    double_blank_ten = forms.BooleanField(label=_("Double blank counts 10"), required=False)
    direction = forms.ChoiceField(
        label=_("Direction of play"), choices=Direction.choices, initial="ccw"
    )
    turn_clock = forms.TypedChoiceField(
        label=_("Turn clock"), coerce=int, choices=CLOCK_CHOICES, initial=30
    )
    fill = forms.ChoiceField(
        label=_("Empty seats"), choices=fill_choices, required=False, initial="casual"
    )
    is_private = forms.BooleanField(
        label=_("Private: only people with the link can see or join"), required=False
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        style = self.data.get("style") or self.initial.get("style") or Style.CUTTHROAT
        self.info = STYLES.get(style, STYLES[Style.CUTTHROAT])
        self.fields["seats"].choices = [(n, str(n)) for n in self.info.seat_counts]
        self.fields["seats"].initial = self.info.seat_counts[-1]
        if self.info.target_choices:
            self.fields["target"].choices = [(n, str(n)) for n in self.info.target_choices]
            self.fields["target"].initial = self.info.default_target
        else:
            del self.fields["target"]
        if not self.info.has_teams:
            del self.fields["teams"]
        if not self.info.has_first_to_six:
            del self.fields["first_to_six"]
        if not self.info.has_double_blank_ten:
            del self.fields["double_blank_ten"]
        if not self.info.direction_choice:
            self.fields["direction"].widget = forms.HiddenInput()

    def clean(self) -> dict:
        data = super().clean()
        if data.get("teams") and data.get("seats") != 4:
            self.add_error("teams", _("Teams need four seats."))
        return data

    def engine_options(self) -> dict:
        data = self.cleaned_data
        return options_for(
            data["style"],
            data["seats"],
            target=data.get("target"),
            first_to_six=data.get("first_to_six", False),
            teams=data.get("teams", False),
            double_blank_ten=data.get("double_blank_ten", False),
        )
