"""Forms of the organiser pages and the admin: an event's fields, entering, results,
re-seating, seeds, the next round. The organiser's commands (``tournaments.actions``) read
every value they take through one of these forms, on the run page and in the admin alike; the
run page renders them as they are.

The event form offers what the event's style and format declare, and nothing else: the seat
counts and options of the chosen style (from the engine's rules classes, as the lobby does),
the formats that play that kind of event, and the chosen format's own options (each format's
``OPTIONS``, with their labels, help and limits; for pools then a knockout, those of the two
stages' formats too). Changing the style, seats, a style option, the format or a stage's format
asks the page for those fields again (htmx, ``EventForm.reshaped``); without script a button
does the same. Options a format does not declare go in the "advanced" JSON box.
``format_options()`` turns the fields into the stored options, and ``initial_for()`` back, so
editing shows what was chosen. The services check the whole; a form only checks that each
value has the right type and lies within the format's limits.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from config import bounds
from games import bots, engine
from games.models import style_choices

from .formats import ENTRY_LIMIT, FORMATS, Option, stage_formats
from .kinds import (
    Kind,
    KindError,
    applies,
    format_choices,
    formats_for,
    kind_for,
    possible_kinds,
)
from .kinds import stage_choices as fitting_stages
from .messages import param, render, with_param
from .models import Entry, Tournament
from .services.errors import TournamentError

CLOCK_CHOICES = [
    (0, _("No clock")),
    (15, _("15 seconds")),
    (30, _("30 seconds")),
    (60, _("1 minute")),
    (120, _("2 minutes")),
]
#: The form field that sets a format option whose name the form uses for something else: the
#: formats' "advance" (how many go on) is "Going on" here, since ``advance`` is the schedule's.
FIELD_OF_OPTION = {"advance": "going_on"}
OPTION_PREFIX = "style_"
DEFAULT_STYLE = "cutthroat"
WHEN = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
#: The schedule's fields, as the form and the services name them alike.
SCHEDULE_FIELDS = ("registration_opens_at", "checkin_opens_at", "advance", "pairing_pause",
                   "round_pause", "round_minutes", "no_show", "no_show_grace", "byes",
                   "same_deals", "scoring", "separate_clubs")  # fmt: skip
#: The choice of the pause for corrections that waits for the director (stored as empty).
DIRECTOR = "director"
#: The pauses for corrections the event form offers, in seconds.
PAIRING_PAUSES = (0, 60, 120, 300, 600)


def pairing_pause_choices(current: object = None) -> list[tuple[str, str]]:
    """The pauses for corrections as the form offers them, in the reader's language, and the
    event's own if it is another (set in the admin)."""
    seconds = list(PAIRING_PAUSES)
    if isinstance(current, int) and current not in seconds:
        seconds = sorted([*seconds, current])
    choices = []
    for value in seconds:
        if value == 0:
            label = gettext("None: pair the next round at once")
        elif value % 60 == 0:
            minutes = value // 60
            label = ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes}
        else:
            label = ngettext("%(n)s second", "%(n)s seconds", value) % {"n": value}
        choices.append((str(value), label))
    return [*choices, (DIRECTOR, gettext("Until I say (the run page waits for you)"))]


def pause_value(value: object) -> int | None:
    """The pause chosen on the form: seconds, or None to wait for the director."""
    return None if value == DIRECTOR else int(value)


def style_option_fields(style: str, seats: int | None = None) -> dict[str, forms.Field]:
    """A field per option of the style (those that apply at ``seats``; None: every seat
    count), labelled in the current language."""
    fields: dict[str, forms.Field] = {}
    rules = engine.STYLES.get(style) or next(iter(engine.STYLES.values()))
    if seats not in rules.seat_counts:
        seats = None
    for option in engine.form_options(rules.name, seats):
        label = _(option.label)
        if option.kind == "bool":
            field: forms.Field = forms.BooleanField(label=label, required=False)
        elif option.kind == "choice":
            field = forms.TypedChoiceField(
                label=label, coerce=int, choices=[(n, str(n)) for n in option.choices],
                required=False,
            )  # fmt: skip
        else:
            field = forms.IntegerField(label=label, min_value=1, max_value=100_000, required=False)
        field.initial = option.default
        fields[OPTION_PREFIX + option.name] = field
    return fields


def field_name(option: Option) -> str:
    return FIELD_OF_OPTION.get(option.name, option.name)


def option_field(option: Option, kind: Kind | None = None) -> forms.Field:
    """The form field for a format's declared option, labelled in the current language
    (``kind``: the kind of event, whose formats a stage's list offers)."""
    label, help_text = _(option.label), _(option.help) if option.help else ""
    if option.kind == "bool":
        return forms.BooleanField(
            label=label, help_text=help_text, required=False, initial=option.default
        )
    if option.kind == "stage":
        every = [(name, _(cls.label)) for name, cls in stage_formats(option.stage).items()]
        field = forms.ChoiceField(label=label, help_text=help_text, choices=every,
                                  initial=option.default)  # fmt: skip
        if kind is not None:  # the list offers those that fit; any may be sent
            fit = fitting_stages(option, kind)
            field.widget.choices = [(name, text) for name, text in every if name in fit]
        return field
    return forms.IntegerField(
        label=label, help_text=help_text, required=False, initial=option.default,
        min_value=option.least, max_value=option.most,
    )  # fmt: skip


#: A format option's place on the form: its field's name, the option, and the stage option it
#: belongs to (None: the format's own).
Planned = tuple[str, Option, Option | None]


def format_plan(fmt: str, stages: Mapping[str, str], kinds: set[str]) -> list[Planned]:
    """The fields a format's options take, in order: (field name, option, the stage option it
    belongs to or None). The format's own options first, then those of the formats chosen for
    its stages (``stages``: by stage option name); an option of a stage whose field is taken
    already (the playoff's "advance" beside the event's) is left to the JSON box."""
    cls = FORMATS.get(fmt)
    if cls is None:
        return []
    plan: list[Planned] = []
    taken: set[str] = set()
    own = [option for option in cls.OPTIONS if applies(option, kinds)]
    for option in own:
        plan.append((field_name(option), option, None))
        taken.add(field_name(option))
    for parent in (option for option in own if option.kind == "stage"):
        stage_cls = FORMATS.get(stages.get(parent.name, parent.default))
        for option in stage_cls.OPTIONS if stage_cls is not None else ():
            name = field_name(option)
            if option.kind != "stage" and applies(option, kinds) and name not in taken:
                plan.append((name, option, parent))
                taken.add(name)
    return plan


def points_text(values: list | None) -> str:
    return "-".join(str(v) for v in values) if values else ""


def default_name() -> str:
    """A new event's name until the organiser gives one: the day of the week, "Friday night"."""
    # Translators: the name a new event starts with: the day of the week, e.g. "Friday night".
    return gettext("%(day)s night") % {"day": date_format(timezone.localdate(), "l")}


class EventForm(forms.Form):
    club = forms.ModelChoiceField(label=_("Club"), queryset=None, empty_label=None)
    name = forms.CharField(label=_("Name"), max_length=100)
    starts_at = bounds.WhenField(label=_("Starts at"), required=False, widget=WHEN)
    style = forms.ChoiceField(label=_("Style"), choices=style_choices, initial=DEFAULT_STYLE)
    seats = forms.TypedChoiceField(
        label=_("Seats at a table"), coerce=int, choices=[(4, "4"), (3, "3"), (2, "2")],
        initial=4, help_text=_("2: one against one (Block, Draw, Doubles)."),
    )  # fmt: skip
    format = forms.ChoiceField(label=_("Format"), choices=format_choices)
    more_options = forms.CharField(
        label=_("More format options (JSON)"), required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('For example {"cycles": 2} or {"tiebreaks": ["buchholz", "wins"]}.'),
    )  # fmt: skip
    play_mode = forms.ChoiceField(
        label=_("A table plays"), choices=Tournament.PlayMode.choices, initial="set"
    )
    games_per_table = forms.IntegerField(
        label=_("Games per table"), min_value=1, max_value=50, required=False
    )
    points_4 = forms.CharField(label=_("Points at a table of four"), initial="4-2-1-0")
    points_3 = forms.CharField(label=_("Points at a table of three"), initial="4-2-0")
    points_2 = forms.CharField(label=_("Points for two sides"), initial="1-0")
    entry_cap = forms.IntegerField(
        label=_("Most entries"),
        min_value=2,
        max_value=ENTRY_LIMIT,  # the cap the services check
        required=False,
        help_text=_("Empty: no limit."),
    )
    bots_fill = forms.BooleanField(
        label=_("Bots fill empty seats, and bots may be entered"), required=False
    )
    bot_level = forms.ChoiceField(
        label=_("Bot level"), choices=[(k, _(v)) for k, v in bots.LEVELS.items()],
        initial="casual",
    )  # fmt: skip
    turn_clock = forms.TypedChoiceField(
        label=_("Turn clock"), coerce=int, choices=CLOCK_CHOICES, initial=30,
        help_text=_("How long a player has for each turn at the table; when it runs out, a "
                    "bot's move is played for them. No clock: players take their time."),
    )  # fmt: skip
    visibility = forms.ChoiceField(
        label=_("Who sees it"), choices=Tournament.Visibility.choices, initial="public"
    )
    rated = forms.BooleanField(
        label=_("Rated"), required=False, initial=True,
        help_text=_("The games of its tables change the players' ratings."),
    )  # fmt: skip
    # -- the schedule (issue 15): empty times are the organiser's own clicks
    registration_opens_at = bounds.WhenField(
        label=_("Registration opens at"), required=False, widget=WHEN,
        help_text=_("Empty: when you open it."),
    )  # fmt: skip
    checkin_opens_at = bounds.WhenField(
        label=_("Check-in opens at"), required=False, widget=WHEN,
        help_text=_("Empty: no check-in unless you open it. Players who have not checked in by "
                    "the start are left out."),
    )  # fmt: skip
    advance = forms.ChoiceField(
        label=_("Each next round starts"),
        choices=Tournament.Advance.choices,
        initial="auto",
        required=False,
    )
    pairing_pause = forms.TypedChoiceField(
        label=_("Time to correct results before the next round"), coerce=pause_value,
        empty_value=None, required=False, initial="120",
        help_text=_("After a round's last result, a wrong result can still be corrected before "
                    "the next round is paired from it (after the last round: before the event "
                    "finishes). The run page counts it down, with “Seat now” and “Hold”."),
    )  # fmt: skip
    round_pause = forms.IntegerField(
        label=_("Pause after seating (seconds)"), min_value=0, max_value=86_400, initial=0,
        required=False,
        help_text=_("Once the next round is seated, players see their table during this pause; "
                    "then its tables start."),
    )  # fmt: skip
    round_minutes = forms.IntegerField(
        label=_("Round deadline (minutes)"), min_value=1, max_value=1440, required=False,
        help_text=_("Tables still playing then are decided by set score, then points, then "
                    "counts left in hand. Empty: no deadline."),
    )  # fmt: skip
    # -- no-shows and byes
    no_show = forms.ChoiceField(
        label=_("A player who does not come to the table"), choices=Tournament.NoShow.choices,
        initial=Tournament.NoShow.FORFEIT, required=False,
        help_text=Tournament._meta.get_field("no_show").help_text,
    )  # fmt: skip
    no_show_grace = forms.IntegerField(
        label=_("Grace before that (seconds)"), min_value=0, max_value=3600, initial=180,
        required=False,
        help_text=_("How long after a table starts a player may still come before the rule "
                    "above applies to them."),
    )  # fmt: skip
    byes = forms.ChoiceField(
        label=_("A bye (odd number of entries)"), choices=Tournament.Byes.choices,
        initial="scored", required=False,
    )  # fmt: skip
    # -- same deals; club-mates apart
    same_deals = forms.BooleanField(
        label=_("Same deals at every table"), required=False,
        help_text=_("Every table of a round plays the same sequence of deals, seat by seat."),
    )  # fmt: skip
    scoring = forms.ChoiceField(
        label=_("Scoring with same deals"), choices=Tournament.Scoring.choices,
        initial=Tournament.Scoring.DUPLICATE, required=False,
        help_text=_("Duplicate ranks by the percentage of matchpoints each entry earned, deal by "
                    "deal, against everyone who held the same tiles. Without same deals at "
                    "every table the event is scored by places, whatever is chosen here."),
    )  # fmt: skip
    separate_clubs = forms.BooleanField(
        label=_("Keep club-mates apart"), required=False,
        help_text=_("Swiss pairings avoid seating players of one club together where they can; "
                    "add your own labels per entry on the run page."),
    )  # fmt: skip

    def __init__(self, *args: Any, clubs=None, editing: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if editing:
            del self.fields["club"]
        else:
            self.fields["club"].queryset = clubs
        self.fields["pairing_pause"].choices = pairing_pause_choices(
            self.initial.get("pairing_pause")
        )
        self._shape()

    # -- the fields the style and format declare ---------------------------------------------

    def chosen(self, name: str) -> Any:
        """What the page holds for a field: the posted value, or the initial one."""
        if self.is_bound:
            return self.data.get(name)
        if name in self.fields:
            return self.get_initial_for_field(self.fields[name], name)
        return self.initial.get(name)

    def _shape(self) -> None:
        """Add the style's and the format's own fields, offering what fits the style."""
        style = self.chosen("style")
        style = style if style in engine.STYLES else DEFAULT_STYLE
        rules = engine.STYLES[style]
        seats = _whole(self.chosen("seats"))
        seats = seats if seats in rules.seat_counts else max(rules.seat_counts)
        counts = sorted(rules.seat_counts, reverse=True)
        self.fields["seats"].widget.choices = [(n, str(n)) for n in counts]
        if 2 not in counts:  # the help says what two seats are: only for a style that has them
            self.fields["seats"].help_text = ""
        style_fields = style_option_fields(style, seats)
        self.style_fields = list(style_fields)
        teams = _ticked(self.chosen(OPTION_PREFIX + "teams"))
        kind = kind_for(style, seats, {"teams": teams} if teams else {})
        kinds = possible_kinds(style, seats, {"teams": teams} if teams else {})
        fits = formats_for(kind)
        self.fields["format"].widget.choices = [
            (name, text) for name, text in format_choices() if name in fits
        ]
        fmt = self.chosen("format")
        if not self.is_bound and fmt not in fits:
            fmt = fits[0]
        stages = {name: self.chosen(name) for name in ("pools", "playoff")}
        self.plan = format_plan(fmt, self._fitting_stages(fmt, stages, kind), kinds)
        format_fields = {name: option_field(option, kind) for name, option, _p in self.plan}
        self.format_fields = list(format_fields)
        if not self.is_bound:  # what the page shows: a combination that fits
            self.initial = {**self.initial, "style": style, "seats": seats, "format": fmt}
        fields = list(self.fields.items())
        at = [name for name, _f in fields].index("seats") + 1
        fields = fields[:at] + list(style_fields.items()) + fields[at:]
        at = [name for name, _f in fields].index("format") + 1
        self.fields = dict(fields[:at] + list(format_fields.items()) + fields[at:])
        self._ask_again_on_change()

    def _fitting_stages(self, fmt: str, stages: dict, kind) -> dict[str, str]:
        """The formats chosen for the stages; on a page (not bound), one that fits the kind of
        event in place of one that does not."""
        cls = FORMATS.get(fmt)
        chosen = {}
        for option in cls.OPTIONS if cls is not None else ():
            if option.kind != "stage":
                continue
            value = stages.get(option.name) or option.default
            fit = fitting_stages(option, kind)
            if not self.is_bound and value not in fit and fit:
                value = fit[0]
            chosen[option.name] = value
        if not self.is_bound:
            self.initial = {**self.initial, **chosen}
        return chosen

    # -- the two parts of the page that follow the style and format (``reshaped``) ---------

    @property
    def game_shape(self) -> list[forms.BoundField]:
        """The seat counts and the style's options."""
        return [self[name] for name in self._game_names]

    @property
    def format_shape(self) -> list[forms.BoundField]:
        """The formats that fit, and the chosen format's options."""
        return [self[name] for name in self._format_names]

    @property
    def game_checkboxes(self) -> str:
        return self._checkboxes(self._game_names)

    @property
    def format_checkboxes(self) -> str:
        return self._checkboxes(self._format_names)

    @property
    def other_checkboxes(self) -> str:
        shaped = {*self._game_names, *self._format_names}
        return self._checkboxes([name for name in self.fields if name not in shaped])

    @property
    def _game_names(self) -> list[str]:
        return ["seats", *self.style_fields]

    @property
    def _format_names(self) -> list[str]:
        return ["format", *self.format_fields]

    def _checkboxes(self, names: list[str]) -> str:
        """The check boxes among ``names``, for the page's "shown" marker (``reshaped``)."""
        return ",".join(n for n in names if isinstance(self.fields.get(n), forms.BooleanField))

    def _ask_again_on_change(self) -> None:
        """The fields whose change changes what the form offers ask for it again (htmx): the
        answer replaces both parts, and what they held is sent along, to be kept."""
        attrs = {
            "hx-get": reverse("event_style_options"), "hx-trigger": "change",
            "hx-target": "#style-options", "hx-swap": "outerHTML",
            "hx-include": "#id_style, #style-options, #format-options",
            "hx-sync": "closest form:replace",
        }  # fmt: skip
        stages = [name for name, option, _p in self.plan if option.kind == "stage"]
        for name in ("style", *self._game_names, "format", *stages):
            self.fields[name].widget.attrs.update(attrs)

    @classmethod
    def reshaped(cls, values: Mapping, **kwargs: Any) -> EventForm:
        """The form (unbound, nothing refused) as the page holds it, from its ``values`` (the
        htmx request's, or the whole form's, posted by its button when there is no script),
        offering what fits the style and format chosen there. A check box the page showed
        (listed in its ``shown`` markers) and that ``values`` leave out was unticked."""
        names = set(cls.base_fields) | {
            key for key in values if key.startswith(OPTION_PREFIX) or key in _FORMAT_NAMES
        }
        initial = {key: values.get(key)[:1000] for key in values if key in names}
        for marker in getattr(values, "getlist", lambda key: [])("shown"):
            for name in marker.split(","):
                if name in names and name not in values:
                    initial[name] = False
        return cls(initial=initial, **kwargs)

    # -- reading what was sent ---------------------------------------------------------------

    def clean_more_options(self) -> dict:
        raw = (self.cleaned_data.get("more_options") or "").strip()
        if not raw:
            return {}
        try:
            value = bounds.loads(raw)
        except bounds.JSONRefused as error:
            raise forms.ValidationError(str(error)) from None
        except ValueError:
            raise forms.ValidationError(
                _('Write the options as JSON, e.g. {"cycles": 2}.')
            ) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_('Write the options as a JSON object: {"name": value}.'))
        return value

    def _points(self, name: str, size: int) -> list:
        raw = (self.cleaned_data.get(name) or "").replace(",", "-").replace(" ", "")
        try:
            values = [float(v) if "." in v else int(v) for v in raw.split("-") if v]
        except ValueError:
            values = []
        if len(values) != size:
            self.add_error(name, _("Give %(n)s numbers, e.g. 4-2-1-0.") % {"n": size})
        return values

    def clean(self) -> dict:
        data = super().clean()
        data["points"] = {str(size): self._points(f"points_{size}", size) for size in (4, 3, 2)}
        if not data.get("same_deals"):  # nothing to compare: places, by rule (and said so)
            data["scoring"] = Tournament.Scoring.PLACES
        return data

    def style_options(self) -> dict:
        """The engine options that differ from the style's defaults."""
        data = self.cleaned_data
        values = {
            name[len(OPTION_PREFIX):]: data.get(name) for name in self.style_fields
        }  # fmt: skip
        style, seats = data["style"], data["seats"]
        options = {}
        for option in engine.form_options(style):
            value = values.get(option.name)
            if option.seats is not None and seats not in option.seats:
                continue
            if value is not None and value != "" and value != option.default:
                options[option.name] = value
        return options

    def format_options(self) -> dict:
        """The format's options: those its fields set (a stage's under the stage's own
        options), what differs from the declared default, then what the JSON box says (it has
        the last word; a stage's options there add to the fields')."""
        data = self.cleaned_data
        options: dict[str, Any] = {}
        for name, option, parent in self.plan:
            value = data.get(name)
            if option.kind == "stage":
                options[option.name] = value
            elif value is not None and value != "" and value != option.default:
                into = options.setdefault(parent.nested, {}) if parent else options
                into[option.name] = value
        for key, value in (data.get("more_options") or {}).items():
            if isinstance(value, dict) and isinstance(options.get(key), dict):
                value = {**options[key], **value}
            options[key] = value
        return options

    def refuse(self, error: TournamentError) -> None:
        """Show the services' refusal. One about an option set by a field of this form goes
        under that field and names it by its label: the organiser never saw the option's own
        name ("advance" is "Going on" here). One about an option written in the JSON box keeps
        the name they wrote."""
        field = self._field_of(error)
        if field is None:
            self.add_error(None, str(error))
            return
        part = with_param(error.parts[0], "option", str(self.fields[field].label))
        self.add_error(field, render([part], str(error)))

    def _field_of(self, error: TournamentError) -> str | None:
        if len(error.parts) != 1:
            return None
        option = param(error.parts[0], "option")
        fields = {option.name: name for name, option, _parent in self.plan}
        field = fields.get(option) if isinstance(option, str) else None
        written = json.dumps((self.cleaned_data or {}).get("more_options") or {})
        if field not in self.fields or json.dumps(option) in written:
            return None  # named in the JSON box (at any depth): the organiser's own word
        return field

    def event_fields(self) -> dict:
        """The fields as ``services.events.create`` / ``update`` take them."""
        data = self.cleaned_data
        return {
            "name": data["name"], "starts_at": data.get("starts_at"), "style": data["style"],
            "seats": data["seats"], "options": self.style_options(), "format": data["format"],
            "format_options": self.format_options(), "play_mode": data["play_mode"],
            "games_per_table": data.get("games_per_table"), "points": data["points"],
            "entry_cap": data.get("entry_cap"), "bots_fill": data["bots_fill"],
            "bot_level": data["bot_level"], "turn_clock": data["turn_clock"],
            "visibility": data["visibility"], "rated": data["rated"],
            **{name: schedule_value(data, name) for name in SCHEDULE_FIELDS},
        }  # fmt: skip


#: Every field name a format's options may take on the form.
_FORMAT_NAMES = frozenset(field_name(option) for cls in FORMATS.values() for option in cls.OPTIONS)


def _whole(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _ticked(value: Any) -> bool:
    """A check box's value as a page or a stored option holds it."""
    if isinstance(value, str):
        return value.lower() not in ("", "false", "0", "off")
    return bool(value)


def schedule_value(data: dict, name: str) -> Any:
    """A schedule field as given, or the model's default when left empty (an older form)."""
    value = data.get(name)
    if value in (None, "") and name not in ("registration_opens_at", "checkin_opens_at",
                                             "round_minutes"):  # fmt: skip
        return Tournament._meta.get_field(name).get_default()
    return value


def initial_for(tournament: Tournament) -> dict:
    """The form's fields for an event as stored: its format's options in their fields (a
    stage's from the stage's own options), the rest in the JSON box."""
    options = dict(tournament.format_options)
    initial: dict[str, Any] = {
        "name": tournament.name, "starts_at": tournament.starts_at, "style": tournament.style,
        "seats": tournament.seats, "format": tournament.format,
        "play_mode": tournament.play_mode, "games_per_table": tournament.games_per_table,
        "entry_cap": tournament.entry_cap, "bots_fill": tournament.bots_fill,
        "bot_level": tournament.bot_level, "turn_clock": tournament.turn_clock,
        "visibility": tournament.visibility, "rated": tournament.rated,
        **{name: getattr(tournament, name) for name in SCHEDULE_FIELDS},
    }  # fmt: skip
    if tournament.pairing_pause is None:
        initial["pairing_pause"] = DIRECTOR
    for size in (4, 3, 2):
        initial[f"points_{size}"] = points_text(tournament.points.get(str(size)))
    for name, value in tournament.options.items():
        initial[OPTION_PREFIX + name] = value
    try:
        kinds = possible_kinds(tournament.style, tournament.seats, tournament.options)
    except KindError:
        kinds = set()
    stages = {key: options.get(key) for key in ("pools", "playoff") if key in options}
    rest = dict(options)
    nested_rest: dict[str, dict] = {}
    for name, option, parent in format_plan(tournament.format, stages, kinds):
        if parent is None:
            initial[name] = options.get(option.name, option.default)
            rest.pop(option.name, None)
            continue
        nested = nested_rest.setdefault(parent.nested, dict(options.get(parent.nested) or {}))
        initial[name] = nested.pop(option.name, option.default)
    for key, nested in nested_rest.items():
        rest.pop(key, None)
        if nested:
            rest[key] = nested
    initial["more_options"] = json.dumps(rest) if rest else ""
    return initial


class EnterForm(forms.Form):
    """Someone enters an event (themselves; in a pair event, with a partner named by user
    name). Organisers name the player too. With ``pairs`` known (an organiser's form for one
    event), the page asks for a partner only in a pair event, and for whoever it asks for;
    the service says who is missing or unknown."""

    player = forms.CharField(label=_("Player (user name)"), max_length=150, required=False)
    partner = forms.CharField(label=_("Partner (user name)"), max_length=150, required=False)

    def __init__(self, *args: Any, pairs: bool | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "enter-%s")
        super().__init__(*args, **kwargs)
        if pairs is None:
            return
        if not pairs:
            del self.fields["partner"]
        for field in self.fields.values():
            field.widget.attrs["required"] = True

    @staticmethod
    def person(name: str) -> User | None:
        name = (name or "").strip()
        if not name:
            return None
        return User.objects.filter(username__iexact=name, is_bot=False).first()


class EntryForm(forms.Form):
    """A form about one entry: its fields' ids are the entry's own (a page lists many), and
    its label names the entry (``label_of``), for a screen reader in a row of many."""

    def __init__(self, *args: Any, entry: Entry | None = None, **kwargs: Any) -> None:
        if entry is not None:
            kwargs.setdefault("auto_id", f"%s-{entry.pk}")
        super().__init__(*args, **kwargs)
        if entry is not None:
            for field in self.fields.values():
                field.label = self.label_of(entry)

    @staticmethod
    def initial_of(entry: Entry | None) -> dict:
        return {}

    def label_of(self, entry: Entry) -> str:
        raise NotImplementedError


class GroupsForm(EntryForm):
    """An entry's "kept apart from" labels, comma separated (a family, a school, a team)."""

    groups = forms.CharField(
        label=_("Kept apart from"), max_length=200, required=False,
        help_text=_("Labels separated by commas: Swiss pairings keep entries sharing one apart."),
        widget=forms.TextInput(attrs={"placeholder": _("e.g. Brown family")}),
    )  # fmt: skip

    @staticmethod
    def initial_of(entry: Entry | None) -> dict:
        return {"groups": ", ".join(entry.groups or ())} if entry is not None else {}

    def label_of(self, entry: Entry) -> str:
        return gettext("Labels that keep %(name)s apart from others") % {"name": entry.name}

    def labels(self) -> list[str]:
        raw = self.cleaned_data.get("groups") or ""
        return sorted({" ".join(part.split())[:40] for part in raw.split(",") if part.strip()})


class ReasonForm(forms.Form):
    """Why an organiser puts a mistake right (void a round, reopen the event): required, and
    kept in the event's log with who and when. ``name`` tells its fields' ids apart on a page
    that shows several such forms."""

    reason = forms.CharField(
        label=_("Why"), max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )  # fmt: skip

    def __init__(self, *args: Any, name: str = "reason", **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"{name}-%s")
        super().__init__(*args, **kwargs)


class RoundTimeForm(forms.Form):
    """When the seated round starts by itself (empty: now). Its refusals are the field's own:
    a time that is not one, or one outside the years the site takes (which says them)."""

    starts_at = bounds.WhenField(
        label=_("Start the round at"), required=False, widget=WHEN,
        error_messages={"invalid": _("Give the time as a date and a time of day.")},
    )  # fmt: skip


class SeedForm(EntryForm):
    """An entry's seed (1 is the best; empty: unseeded)."""

    seed = forms.IntegerField(label=_("Seed"), min_value=1, max_value=100_000, required=False)

    @staticmethod
    def initial_of(entry: Entry | None) -> dict:
        return {"seed": entry.seed} if entry is not None else {}

    def label_of(self, entry: Entry) -> str:
        return gettext("Seed of %(name)s") % {"name": entry.name}


class NextRoundForm(forms.Form):
    """Generate the next round: the number the organiser saw in the preview (a second click
    finds it made already), and whether its tables start at once."""

    round = forms.IntegerField(
        label=_("round"), min_value=1, max_value=999_999, required=False, widget=forms.HiddenInput
    )
    start = forms.BooleanField(
        label=_("Start its tables at once (untick to check seats or re-seat first)"),
        required=False,
    )


class ReseatForm(forms.Form):
    """Two entries of a seated round to swap, chosen among ``entries``."""

    first = forms.TypedChoiceField(label=_("Swap"), coerce=int)
    second = forms.TypedChoiceField(label=_("with"), coerce=int)

    def __init__(self, *args: Any, entries: list[Entry], **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "reseat-%s")
        super().__init__(*args, **kwargs)
        self.entries = {entry.pk: entry for entry in entries}
        choices = [("", _("Choose an entry"))]
        choices += [(pk, entry.name) for pk, entry in self.entries.items()]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def chosen(self) -> tuple[Entry, Entry]:
        return self.entries[self.cleaned_data["first"]], self.entries[self.cleaned_data["second"]]


class ResultForm(forms.Form):
    """A table's places, one per seat (in seat order), and why; and the result it was built
    from (``version``, hidden), so that a save over a result changed since is refused."""

    #: What the organiser typed that is kept when the form is built again from a changed result.
    KEPT = ("reason",)

    reason = forms.CharField(label=_("Why"), max_length=200)
    version = forms.CharField(
        widget=forms.HiddenInput, max_length=64,
        error_messages={"required": _("This page is out of date: open it again.")},
    )  # fmt: skip

    def __init__(self, *args: Any, seats: list[tuple[str, int | None]], version: str,
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.fields["version"].initial = version
        count = len(seats)
        choices = [(n, str(n)) for n in range(1, count + 1)]
        self.seat_fields = []
        for index, (name, place) in enumerate(seats):
            key = f"place_{index}"
            self.fields[key] = forms.TypedChoiceField(
                label=name, coerce=int, choices=choices, initial=place or index + 1
            )
            self.seat_fields.append(key)
        self.order_fields([*self.seat_fields, "reason"])

    def places(self) -> list[int]:
        """The places in seat order (seat 10 after seat 9, not after seat 1), as numbers."""
        return [int(self.cleaned_data[key]) for key in self.seat_fields]
