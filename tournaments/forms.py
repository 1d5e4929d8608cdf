"""Forms of the organiser pages and the admin: an event's fields, entering, results,
re-seating, seeds, the next round. The organiser's commands (``tournaments.actions``) read
every value they take through one of these forms, on the run page and in the admin alike.

The event form offers the style's own options from the engine's rules classes (as the lobby
does), and a few plain fields for the formats' common options; anything rarer goes in the
"more format options" box as JSON. ``format_options()`` turns the fields into the stored
options, and ``initial_for()`` back, so editing shows what was chosen. The services check
the whole; a form only checks that each value has the right type.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from config import bounds
from games import bots, engine
from games.models import style_choices

from .formats import ENTRY_LIMIT, FORMATS
from .kinds import format_choices
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
POOL_CHOICES = [
    ("swiss", _("Swiss")),
    ("swiss_tables", _("Swiss for tables")),
    ("round_robin", _("Round robin")),
]
PLAYOFF_CHOICES = [
    ("single_elimination", _("Single elimination")),
    ("double_elimination", _("Double elimination")),
    ("table_knockout", _("Table knockout")),
]
#: Format options with a field of their own (the rest go in the JSON box).
PLAIN = ("rounds", "third_place", "grand_final_reset", "advance", "allow_byes", "partnerships",
         "pools", "playoff", "pool_options", "playoff_options")  # fmt: skip
#: The field that sets a format option: its namesake, but for "advance" ("Going on" here; the
#: form's own ``advance`` field is the schedule's).
FIELD_OF_OPTION = {**{option: option for option in PLAIN}, "advance": "going_on"}
OPTION_PREFIX = "style_"
WHEN = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
#: The schedule's fields, as the form and the services name them alike.
SCHEDULE_FIELDS = ("registration_opens_at", "checkin_opens_at", "advance", "round_pause",
                   "round_minutes", "no_show", "no_show_grace", "byes", "same_deals",
                   "separate_clubs")  # fmt: skip


def style_option_fields(style: str) -> dict[str, forms.Field]:
    """A field per option of the style (every seat count), labelled in the current language."""
    fields: dict[str, forms.Field] = {}
    rules = engine.STYLES.get(style) or next(iter(engine.STYLES.values()))
    for option in engine.form_options(rules.name):
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


def points_text(values: list | None) -> str:
    return "-".join(str(v) for v in values) if values else ""


class EventForm(forms.Form):
    club = forms.ModelChoiceField(label=_("Club"), queryset=None, empty_label=None)
    name = forms.CharField(label=_("Name"), max_length=100)
    starts_at = bounds.WhenField(label=_("Starts at"), required=False, widget=WHEN)
    style = forms.ChoiceField(label=_("Style"), choices=style_choices)
    seats = forms.TypedChoiceField(
        label=_("Seats at a table"), coerce=int, choices=[(4, "4"), (3, "3"), (2, "2")],
        initial=4, help_text=_("2: one against one (Block, Draw, Doubles)."),
    )  # fmt: skip
    format = forms.ChoiceField(label=_("Format"), choices=format_choices)
    partnerships = forms.BooleanField(
        label=_("Partner: partners change every round (round robin only)"), required=False
    )
    rounds = forms.IntegerField(
        label=_("Rounds"), min_value=1, max_value=99, required=False,
        help_text=_("Swiss and round robin; empty for the format's own number."),
    )  # fmt: skip
    third_place = forms.BooleanField(label=_("Play a third-place match"), required=False)
    grand_final_reset = forms.BooleanField(
        label=_("Double elimination: a second final if the losers' champion wins"),
        required=False, initial=True,
    )  # fmt: skip
    # the format's option "advance"; the form field has its own name, since "advance" is the
    # schedule's field (how each next round starts) further down
    going_on = forms.IntegerField(
        label=_("Going on"), min_value=1, max_value=4096, required=False,
        help_text=_("Table knockout: players going on from each table (2 if empty). "
                    "Pools then a knockout: how many qualify (8 if empty)."),
    )  # fmt: skip
    allow_byes = forms.BooleanField(
        label=_("Tables: players left over may sit a round out"), required=False
    )
    pools = forms.ChoiceField(label=_("Pools played as"), choices=POOL_CHOICES, initial="swiss")
    playoff = forms.ChoiceField(
        label=_("Then a knockout by"), choices=PLAYOFF_CHOICES, initial="single_elimination"
    )
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
        label=_("Turn clock"), coerce=int, choices=CLOCK_CHOICES, initial=30
    )
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
    round_pause = forms.IntegerField(
        label=_("Pause between rounds (seconds)"), min_value=0, max_value=86_400, initial=0,
        required=False,
        help_text=_("The next round is seated at once; players see their table during the pause."),
    )  # fmt: skip
    round_minutes = forms.IntegerField(
        label=_("Round deadline (minutes)"), min_value=1, max_value=1440, required=False,
        help_text=_("Tables still playing then are decided by set score, then points, then "
                    "counts left in hand. Empty: no deadline."),
    )  # fmt: skip
    # -- no-shows and byes
    no_show = forms.ChoiceField(
        label=_("A player who does not come to the table"), choices=Tournament.NoShow.choices,
        initial="bot", required=False,
    )  # fmt: skip
    no_show_grace = forms.IntegerField(
        label=_("Grace before that (seconds)"),
        min_value=0,
        max_value=3600,
        initial=180,
        required=False,
    )
    byes = forms.ChoiceField(
        label=_("A bye (odd number of entries)"), choices=Tournament.Byes.choices,
        initial="scored", required=False,
    )  # fmt: skip
    # -- same deals; club-mates apart
    same_deals = forms.BooleanField(
        label=_("Same deals at every table"), required=False,
        help_text=_("Every table of a round plays the same sequence of deals, seat by seat."),
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
        style = self.data.get("style") or self.initial.get("style") or "cutthroat"
        self.style_fields = list(style_option_fields(style))
        fields = list(self.fields.items())
        at = [name for name, _f in fields].index("seats") + 1
        extra = list(style_option_fields(style).items())
        self.fields = dict(fields[:at] + extra + fields[at:])

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
        data = self.cleaned_data
        fmt = data["format"]
        options: dict[str, Any] = {}
        if fmt == "two_stage":
            options["pools"], options["playoff"] = data["pools"], data["playoff"]
            if data.get("going_on"):
                options["advance"] = data["going_on"]
            pool: dict[str, Any] = {}
            if data.get("rounds"):
                pool["rounds"] = data["rounds"]
            if data.get("allow_byes") and data["pools"] != "swiss":
                pool["allow_byes"] = True
            playoff: dict[str, Any] = {}
            if data["playoff"] == "single_elimination" and data.get("third_place"):
                playoff["third_place"] = True
            if data["playoff"] == "double_elimination" and not data.get("grand_final_reset"):
                playoff["grand_final_reset"] = False
            if pool:
                options["pool_options"] = pool
            if playoff:
                options["playoff_options"] = playoff
        else:
            fields = {f for f in FORMATS[fmt].__dataclass_fields__}
            if "rounds" in fields and data.get("rounds"):
                options["rounds"] = data["rounds"]
            if fmt == "single_elimination" and data.get("third_place"):
                options["third_place"] = True
            if fmt == "double_elimination" and not data.get("grand_final_reset"):
                options["grand_final_reset"] = False
            if fmt == "table_knockout" and data.get("going_on"):
                options["advance"] = data["going_on"]
            if "allow_byes" in fields and data.get("allow_byes"):
                options["allow_byes"] = True
            if fmt == "round_robin" and data.get("partnerships"):
                options["partnerships"] = True
        options.update(data.get("more_options") or {})
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
        field = FIELD_OF_OPTION.get(option) if isinstance(option, str) else None
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


def schedule_value(data: dict, name: str) -> Any:
    """A schedule field as given, or the model's default when left empty (an older form)."""
    value = data.get(name)
    if value in (None, "") and name not in ("registration_opens_at", "checkin_opens_at",
                                             "round_minutes"):  # fmt: skip
        return Tournament._meta.get_field(name).get_default()
    return value


def initial_for(tournament: Tournament) -> dict:
    """The form's fields for an event as stored."""
    options = dict(tournament.format_options)
    pool = dict(options.get("pool_options") or {})
    playoff = dict(options.get("playoff_options") or {})
    initial: dict[str, Any] = {
        "name": tournament.name, "starts_at": tournament.starts_at, "style": tournament.style,
        "seats": tournament.seats, "format": tournament.format,
        "play_mode": tournament.play_mode, "games_per_table": tournament.games_per_table,
        "entry_cap": tournament.entry_cap, "bots_fill": tournament.bots_fill,
        "bot_level": tournament.bot_level, "turn_clock": tournament.turn_clock,
        "visibility": tournament.visibility, "rated": tournament.rated,
        **{name: getattr(tournament, name) for name in SCHEDULE_FIELDS},
        "rounds": options.get("rounds", pool.get("rounds")),
        "third_place": options.get("third_place", playoff.get("third_place", False)),
        "grand_final_reset": options.get(
            "grand_final_reset", playoff.get("grand_final_reset", True)
        ),
        "going_on": options.get("advance"),
        "allow_byes": options.get("allow_byes", pool.get("allow_byes", False)),
        "partnerships": options.get("partnerships", False),
        "pools": options.get("pools", "swiss"),
        "playoff": options.get("playoff", "single_elimination"),
    }  # fmt: skip
    for size in (4, 3, 2):
        initial[f"points_{size}"] = points_text(tournament.points.get(str(size)))
    for name, value in tournament.options.items():
        initial[OPTION_PREFIX + name] = value
    pool.pop("rounds", None)
    pool.pop("allow_byes", None)
    playoff.pop("third_place", None)
    playoff.pop("grand_final_reset", None)
    rest = {k: v for k, v in options.items() if k not in PLAIN}
    if tournament.format == "two_stage":
        if pool:
            rest["pool_options"] = pool
        if playoff:
            rest["playoff_options"] = playoff
    initial["more_options"] = json.dumps(rest) if rest else ""
    return initial


class EnterForm(forms.Form):
    """Someone enters an event (themselves; in a pair event, with a partner named by user
    name). Organisers name the player too."""

    player = forms.CharField(label=_("Player (user name)"), max_length=150, required=False)
    partner = forms.CharField(label=_("Partner (user name)"), max_length=150, required=False)

    @staticmethod
    def person(name: str) -> User | None:
        name = (name or "").strip()
        if not name:
            return None
        return User.objects.filter(username__iexact=name, is_bot=False).first()


class GroupsForm(forms.Form):
    """An entry's "kept apart from" labels, comma separated (a family, a school, a team)."""

    groups = forms.CharField(
        label=_("Kept apart from"), max_length=200, required=False,
        help_text=_("Labels separated by commas: Swiss pairings keep entries sharing one apart."),
    )  # fmt: skip

    def labels(self) -> list[str]:
        raw = self.cleaned_data.get("groups") or ""
        return sorted({" ".join(part.split())[:40] for part in raw.split(",") if part.strip()})


class RoundTimeForm(forms.Form):
    """When the seated round starts by itself (empty: now). Its refusals are the field's own:
    a time that is not one, or one outside the years the site takes (which says them)."""

    starts_at = bounds.WhenField(
        label=_("Start the round at"), required=False, widget=WHEN,
        error_messages={"invalid": _("Give the time as a date and a time of day.")},
    )  # fmt: skip


class SeedForm(forms.Form):
    """An entry's seed (1 is the best; empty: unseeded)."""

    seed = forms.IntegerField(label=_("Seed"), min_value=1, max_value=100_000, required=False)


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
        super().__init__(*args, **kwargs)
        self.entries = {entry.pk: entry for entry in entries}
        choices = [(pk, entry.name) for pk, entry in self.entries.items()]
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
