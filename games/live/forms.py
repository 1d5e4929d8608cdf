"""The create-table form: built from the chosen style's rules class, so it offers exactly the
options the style has (docs/rules.md), with their labels and defaults, and nothing else."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games import bots, engine

from ..models import Direction, style_choices
from .styles import DEFAULT_STYLE, info

CLOCK_CHOICES = [
    (0, _("No clock")),
    (15, _("15 seconds")),
    (30, _("30 seconds")),
    (60, _("1 minute")),
    (120, _("2 minutes")),
]

#: How long a result stays up before the next deal (unless every player presses "Next game").
RESULT_PAUSE_CHOICES = [
    (10, _("10 seconds")),
    (20, _("20 seconds")),
    (30, _("30 seconds")),
    (60, _("1 minute")),
]


def fill_choices() -> list[tuple[str, str]]:
    """Leave seats open, or fill them with bots of one level (the bots' own list)."""
    levels = [(level, _(name)) for level, name in bots.LEVELS.items()]
    return [("", _("Leave seats open for people")), *levels]


def option_field(option: engine.FormOption) -> forms.Field:
    """A form field for one engine option, labelled in the current language."""
    label = _(option.label)
    if option.kind == "bool":
        return forms.BooleanField(label=label, required=False, initial=option.default)
    if option.kind == "choice":
        choices = [(n, str(n)) for n in option.choices]
        return forms.TypedChoiceField(
            label=label, coerce=int, choices=choices, initial=option.default, required=False
        )
    return forms.IntegerField(
        label=label, min_value=1, max_value=100_000, initial=option.default, required=False
    )  # the event form's bound for the same options (tournaments.forms.style_option_fields)


class CreateTableForm(forms.Form):
    style = forms.ChoiceField(label=_("Style"), choices=style_choices, initial=DEFAULT_STYLE)
    seats = forms.TypedChoiceField(label=_("Seats"), coerce=int, choices=[])
    direction = forms.ChoiceField(
        label=_("Direction of play"), choices=Direction.choices, initial="ccw"
    )
    turn_clock = forms.TypedChoiceField(
        label=_("Turn clock"), coerce=int, choices=CLOCK_CHOICES, initial=30,
        help_text=_("How long each player has for a move; when it runs out, a bot plays that "
                    "move for them. 30 seconds unless you choose otherwise."),
    )  # fmt: skip
    result_pause = forms.TypedChoiceField(
        label=_("Result on screen"), coerce=int, choices=RESULT_PAUSE_CHOICES, initial=20,
        required=False, empty_value=20,
        help_text=_('How long each game\'s result stays up before the next deal, unless every '
                    'player presses "Next game" sooner.'),
    )  # fmt: skip
    fill = forms.ChoiceField(
        label=_("Empty seats"), choices=fill_choices, required=False, initial="casual"
    )
    is_private = forms.BooleanField(
        label=_("Private: only people with the link can see or join"), required=False
    )
    rated = forms.BooleanField(
        label=_("Rated: the results change the players' ratings"), required=False, initial=True
    )
    #: Where the style's own options go among the fields above.
    OPTIONS_AFTER = "seats"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        style = self.data.get("style") or self.initial.get("style") or DEFAULT_STYLE
        self.info = info(style)
        self.fields["seats"].choices = [(n, str(n)) for n in self.info.seat_counts]
        self.fields["seats"].initial = self.info.seat_counts[-1]
        fields = list(self.fields.items())
        at = [name for name, _field in fields].index(self.OPTIONS_AFTER) + 1
        extra = [(o.name, option_field(o)) for o in self.info.options]
        self.fields = dict(fields[:at] + extra + fields[at:])
        if not self.info.direction_choice:
            self.fields["direction"].widget = forms.HiddenInput()

    def clean(self) -> dict:
        data = super().clean()
        seats = data.get("seats")
        for option in self.info.options:
            value = data.get(option.name)
            if value in (None, ""):
                data[option.name] = option.default
            elif option.seats and seats not in option.seats and value != option.default:
                counts = " or ".join(map(str, option.seats))
                self.add_error(option.name, _("This option needs %(n)s seats.") % {"n": counts})
        return data

    def engine_options(self) -> dict:
        data = self.cleaned_data
        values = {option.name: data[option.name] for option in self.info.options}
        return engine.chosen_options(data["style"], data["seats"], values)
