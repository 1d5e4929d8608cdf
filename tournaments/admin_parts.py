"""Pieces of the events' admin (``admin.py``) a director asked for, kept apart from the
ModelAdmins they plug into: a table's places in words, event tables filtered by round, an
entry added through the run page's own command with its player picked among the organiser's
club members, the event form's help texts in the site form's words, and the question asked
before a withdrawal or a disqualification runs.

Picking a player must not open the list of every user to an organiser (organisers are staff,
but ``is_staff`` never means "sees everything": ``accounts.access``). Django's autocomplete
asks the users' own admin, which organisers may not see; ``players`` is an autocomplete of its
own, answering only with the members of the clubs the asker organises (everyone for those who
see everything), and the form's choices are the same people, so an id typed by hand for
anyone else is refused.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q, QuerySet
from django.http import HttpRequest, JsonResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from accounts.access import sees_everything
from accounts.models import User
from clubs.services import organised_clubs
from config import bounds

from .actions import COMMANDS, Target
from .forms import EventForm
from .models import Entry, TableAssignment, Tournament
from .services.entries import TAKING_ENTRIES
from .services.errors import TournamentError

#: How an ordinal place reads before a name, at a table of up to four.
PLACES = {
    1: pgettext_lazy("a place at a table, before a name", "1st %(name)s"),
    2: pgettext_lazy("a place at a table, before a name", "2nd %(name)s"),
    3: pgettext_lazy("a place at a table, before a name", "3rd %(name)s"),
    4: pgettext_lazy("a place at a table, before a name", "4th %(name)s"),
}
#: How many people the players' autocomplete answers with at a time.
PLAYERS_PER_ANSWER = 20


def placed(table: TableAssignment, names: list[str]) -> str:
    """ "1st Ann, 2nd Bob, 3rd Cy, 4th Dee": a table's result as a director says it, best
    first (``names`` by format seat); "" while it has none."""
    if not table.places:
        return ""
    order = sorted(range(len(table.places)), key=lambda seat: (table.places[seat], seat))
    words = []
    for seat in order:
        place, name = table.places[seat], names[seat] if seat < len(names) else "?"
        text = PLACES.get(place, pgettext_lazy("a place at a table", "%(place)s. %(name)s"))
        words.append(str(text) % {"place": place, "name": name})
    return ", ".join(words)


class RoundNumberFilter(admin.SimpleListFilter):
    """Event tables by round: the numbers of the rounds the listed tables (of the event
    chosen in the event filter, if one is) were played in."""

    title = gettext_lazy("round")
    parameter_name = "round_number"

    def lookups(self, request, model_admin):
        rows = model_admin.get_queryset(request)
        event = request.GET.get("round__tournament__id__exact", "")
        if event.isdigit():
            rows = rows.filter(round__tournament_id=int(event))
        numbers = rows.values_list("round__number", flat=True).distinct().order_by("round__number")
        return [(str(n), _("Round %(n)s") % {"n": n}) for n in numbers]

    def queryset(self, request, queryset):
        value = self.value() or ""
        return queryset.filter(round__number=int(value)) if value.isdigit() else queryset


def members_for(user) -> QuerySet[User]:
    """The people an organiser may enter from the admin: the members of the clubs they
    organise (everyone, for those who see everything); never bots (entered by their own
    command)."""
    people = User.objects.filter(is_bot=False, is_active=True)
    if sees_everything(user):
        return people
    return people.filter(memberships__club__in=organised_clubs(user)).distinct()


def players(request: HttpRequest) -> JsonResponse:
    """The autocomplete of the entry form's player and partner: members of the asker's clubs
    whose user name or display name holds the typed ``term``, in select2's shape."""
    if not request.user.is_active or not request.user.is_staff:
        raise PermissionDenied
    if not (sees_everything(request.user) or organised_clubs(request.user).exists()):
        raise PermissionDenied
    term = request.GET.get("term", "")[:60].strip()
    found = members_for(request.user)
    if term:
        found = found.filter(Q(username__icontains=term) | Q(display_name__icontains=term))
    page = found.order_by("display_name", "username")[: PLAYERS_PER_ANSWER + 1]
    rows = [{"id": str(p.pk), "text": person_label(p)} for p in page[:PLAYERS_PER_ANSWER]]
    return JsonResponse({"results": rows, "pagination": {"more": len(page) > PLAYERS_PER_ANSWER}})


def person_label(person: User) -> str:
    """A person as the picker lists them: the name people see, and the user name that tells
    two of one name apart."""
    if person.display_name and person.display_name != person.username:
        return f"{person.display_name} ({person.username})"
    return person.username


class PlayerSelect(AutocompleteSelect):
    """Django's autocomplete widget, asking ``players`` instead of the users' admin."""

    def get_url(self) -> str:
        return reverse(f"{self.admin_site.name}:tournaments_entry_players")


class PersonField(bounds.IdChoiceField):
    """A person picked by id (bounded as every admin pick of a row is)."""

    def label_from_instance(self, obj: User) -> str:
        return person_label(obj)


class EntryAddForm(forms.ModelForm):
    """An organiser enters someone from the admin: the event (one of their clubs', taking
    entries, or running in a format that takes late ones), the player and, in a pair event, the
    partner, both among their members. Sent through the run page's own "enter" command (the
    same checks, the same words); a refusal shows on the form, and nothing is saved. The
    admin's add view runs in one transaction, and only a form with no other error enters."""

    #: Set for each request by ``entry_add_form``.
    by: User | None = None
    site: admin.AdminSite | None = None

    class Meta:
        model = Entry
        fields = ("tournament", "player", "partner")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        people = members_for(self.by)
        self.entered: Entry | None = None
        events = Tournament.objects.filter(
            state__in=(*TAKING_ENTRIES, Tournament.State.RUNNING)
        ).select_related("club")
        if not sees_everything(self.by):
            events = events.filter(club__in=organised_clubs(self.by))
        self.fields["tournament"].queryset = events.order_by("-created_at")
        self.fields["tournament"].help_text = _(
            "An event taking entries, or running in a format that takes late arrivals."
        )
        for name, required in (("player", True), ("partner", False)):
            field = Entry._meta.get_field(name)
            self.fields[name] = PersonField(
                queryset=people, required=required, label=field.verbose_name.capitalize(),
                widget=PlayerSelect(field, self.site),
                help_text=_("One of your clubs' members: type a part of their name.")
                if required else _("In events played by pairs only."),
            )  # fmt: skip

    def clean(self) -> dict:
        data = super().clean()
        self._validate_unique = False  # the service checks one entry per person, under lock
        if self.errors:
            return data
        target = Target(data["tournament"])
        names = {"player": data["player"].username}
        if data.get("partner") is not None:
            names["partner"] = data["partner"].username
        try:
            refused = COMMANDS["enter"].unavailable(target)
            if refused is not None:
                raise refused
            COMMANDS["enter"].perform(target, self.by, names)
        except TournamentError as error:
            raise ValidationError(str(error)) from None
        self.entered = data["tournament"].entries.get(player=data["player"])
        return data


def entry_add_form(request: HttpRequest, site: admin.AdminSite) -> type[EntryAddForm]:
    """The add form for this request's organiser."""
    return type("EntryAddForm", (EntryAddForm,), {"by": request.user, "site": site})


def director_help_texts(form: forms.ModelForm) -> None:
    """The admin's event form says what each field does in the site form's words (one place
    for them: ``forms.EventForm``), where the site's form has a help text for it."""
    for name, field in form.fields.items():
        site_field = EventForm.base_fields.get(name)
        if site_field is not None and site_field.help_text:
            field.help_text = site_field.help_text
    for name, text in ADMIN_HELP.items():
        if name in form.fields:
            form.fields[name].help_text = text


#: Help for the admin's event fields the site's form shows differently (raw JSON here).
ADMIN_HELP = {
    "options": gettext_lazy(
        'The style\'s own rules, as the site\'s form sets them: for example {"first_to_six": '
        "true}. Leave as it is unless you know the option."
    ),
    "format_options": gettext_lazy(
        'The format\'s options: for example {"rounds": 5} for a Swiss of five rounds.'
    ),
    "points": gettext_lazy(
        'Points each place earns, by table size: {"4": [4, 2, 1, 0], "3": [4, 2, 0], '
        '"2": [1, 0]}.'
    ),
    "entry_cap": gettext_lazy("Empty: no limit."),
    "turn_clock": gettext_lazy(
        "Seconds a player has for each turn at the table; 0: no clock."
    ),
}  # fmt: skip


def ask_first(modeladmin, request: HttpRequest, queryset, name: str) -> TemplateResponse:
    """The page an admin action whose command is confirmed first (``Command.confirm``: a
    withdrawal, a disqualification) shows before it runs: each chosen row the command applies
    to, with the question the run page asks, and a button that sends the action again,
    confirmed. Rows it does not apply to are said to be left out, with the reason."""
    command = COMMANDS[name]
    asked, left = [], []
    for obj in queryset:
        target = modeladmin.target(obj)
        refused = command.unavailable(target)
        if refused is None:
            asked.append((obj, command.question(target)))
        else:
            left.append((obj, str(refused)))
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": _("Are you sure?"),
        "command": command,
        "asked": asked,
        "left": left,
        "action": request.POST.get("action"),
        "opts": modeladmin.model._meta,
        "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "tournaments/admin/confirm_action.html", context)
