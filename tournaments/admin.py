"""Events in the admin site: organisers see and change only their own clubs' events,
superusers every event; every action runs one of the organiser's commands
(``tournaments.actions``), the same the run page runs, and shows the message it returns. An
action first asks the command whether it is available for each row chosen (as the run page
does before offering it): for a row where it is not, it says why instead of running it, and
a command that takes values shows no form for it.

A 500-entry event stays manageable: entries show inline a page at a time (with a link to the
entries list, which filters, searches and paginates), players are picked by id or search
(raw id and autocomplete fields), and the lists filter by state, style, format and club.
The event's seed is never shown: every deal of its tables is drawn from it.
"""

from __future__ import annotations

from collections.abc import Mapping

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import models
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.services import can_organise, organised_clubs
from config import bounds

from .actions import COMMANDS, Target
from .admin_parts import (
    RoundNumberFilter,
    ask_first,
    director_help_texts,
    entry_add_form,
    placed,
    players,
)
from .director import log_rows
from .models import Entry, Round, TableAssignment, Tournament
from .presenters import entry_name, number
from .services import entries, events, schedule
from .services.errors import TournamentError

ENTRIES_PER_PAGE = 50


class ClubScoped:
    """Rows of the clubs the user organises only (superusers: all), for lists and objects."""

    club_path = "club"

    def club_of(self, obj):
        for part in self.club_path.split("__"):
            obj = getattr(obj, part)
        return obj

    def get_queryset(self, request: HttpRequest):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.club_path}__in": organised_clubs(request.user)})

    def _mine(self, request: HttpRequest, obj) -> bool:
        return obj is None or can_organise(self.club_of(obj), request.user)

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        return super().has_view_permission(request, obj) and self._mine(request, obj)

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return super().has_change_permission(request, obj) and self._mine(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return request.user.is_superuser and super().has_delete_permission(request, obj)


class KeptRecord:
    """An event's entries, rounds and tables are its record: nobody deletes one in the admin,
    superusers included (a deleted played row broke every page of the event, or silently left
    two entrants without a round). Entries leave by withdrawing; a whole event may still be
    deleted or cancelled."""

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


def command_action(name: str, action: str, *, label=None, data: Mapping | None = None):
    """An admin action (named ``action``) that runs the organiser's command ``name`` on each
    chosen row (``modeladmin.target`` says what it acts on), with ``data`` as its form's
    values; it reports per row what was done, or what was refused and why."""

    def run(modeladmin, request, queryset):
        command = COMMANDS[name]
        if command.confirm is not None and request.POST.get("confirmed") != "yes":
            return ask_first(modeladmin, request, queryset, name)  # asked before it puts out
        for obj in queryset:
            target = modeladmin.target(obj)
            try:
                refused = command.unavailable(target)
                if refused is not None:
                    raise refused
                done = command.perform(target, request.user, data or {})
            except TournamentError as error:
                modeladmin.message_user(request, f"{obj}: {error}", messages.ERROR)
            else:
                modeladmin.message_user(request, f"{obj}: {done}", messages.SUCCESS)
        return None

    run.__name__ = run.__qualname__ = action
    return admin.action(description=label or COMMANDS[name].label)(run)


class CommandForms:
    """Admin actions whose command takes values (a result, a re-seat, a reason)."""

    def with_form(self, request, queryset, name: str, target: Target, title: str, where):
        """A command that takes values: its form on an intermediate page until it is done,
        then the message, after ``where`` (the row it changed). Where it is not available, no
        form: the reason, at once."""
        command = COMMANDS[name]
        refused = command.unavailable(target)
        if refused is not None:
            self.message_user(request, f"{where}: {refused}", messages.ERROR)
            return None
        form = command.form_for(target, request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            try:
                done = command.perform(target, request.user, form=form)
            except TournamentError as error:
                target, form = command.refused(target, form, error)
            else:
                self.message_user(request, f"{where}: {done}", messages.SUCCESS)
                return None
        return self._intermediate(request, queryset, form, title)

    def one_with_form(self, request, queryset, name: str, title: str):
        """``with_form`` for one chosen row (its ``target``), or why it needs one."""
        if queryset.count() != 1:
            self.message_user(request, _("Choose one row for this action."), messages.ERROR)
            return None
        obj = queryset.get()
        return self.with_form(request, queryset, name, self.target(obj), title, obj)

    def _intermediate(self, request, queryset, form, title: str) -> TemplateResponse:
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "form": form,
            "rows": queryset,
            "action": request.POST.get("action"),
            "opts": self.model._meta,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "tournaments/admin/action_form.html", context)


# -- events -----------------------------------------------------------------------------


class PagedEntries(BaseInlineFormSet):
    """One page of an event's entries (``?entries_page=N``), so a big event's form stays
    small; every page posts back only its own rows."""

    page = 1

    def clean(self) -> None:
        super().clean()
        changed = {
            row.instance.pk: row.cleaned_data.get("seed")
            for row in self.forms
            if hasattr(row, "cleaned_data") and "seed" in row.changed_data
        }
        if changed:
            try:
                entries.check_seeds(self.instance, changed)
            except TournamentError as error:
                raise ValidationError(str(error)) from None

    def get_queryset(self):
        if not hasattr(self, "_page_rows"):
            rows = super().get_queryset()
            start = (self.page - 1) * ENTRIES_PER_PAGE
            self._page_rows = rows[start : start + ENTRIES_PER_PAGE]
        return self._page_rows


class EntryInline(admin.TabularInline):
    model = Entry
    formset = PagedEntries
    fields = ("player", "partner", "seed", "groups", "status", "final_place")
    readonly_fields = ("player", "partner", "groups", "status", "final_place")
    extra = 0
    can_delete = False
    verbose_name_plural = gettext_lazy("entries (a page at a time; see the entries list for all)")

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        page = bounds.id_from(request.GET.get("entries_page"))  # "²" is a digit int() refuses
        formset.page = page if page is not None and page < 10**6 else 1
        return formset

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.state not in events.SEEDABLE:
            fields.append("seed")
        return fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # people enter through the event's pages (one entry per person is checked)


class RoundInline(admin.TabularInline):
    model = Round
    fields = ("number", "stage", "state", "created_at", "finished_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class TournamentForm(forms.ModelForm):
    """The event's fields, checked as a whole by the service before anything is saved."""

    class Meta:
        model = Tournament
        fields = ("club", *events.FIELDS)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        director_help_texts(self)  # what each field does, in the site form's words

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        for field in Tournament._meta.fields:  # a JSON box left empty holds its default
            if (
                isinstance(field, models.JSONField)
                and field.name in data
                and data[field.name] is None
            ):
                data[field.name] = field.get_default()
        candidate = Tournament(**{k: v for k, v in data.items() if k in events.FIELDS})
        candidate.club = data.get("club") or getattr(self.instance, "club", None)
        try:
            events.check(candidate)
        except TournamentError as error:
            raise ValidationError(str(error)) from None
        return data


@admin.register(Tournament)
class TournamentAdmin(CommandForms, ClubScoped, admin.ModelAdmin):
    form = TournamentForm
    list_display = ("name", "club", "style", "format", "state", "entry_count", "starts_at")
    list_filter = ("state", "style", "format", ("club", admin.RelatedOnlyFieldListFilter))
    search_fields = ("name", "club__name", "entries__player__username",
                     "entries__player__display_name", "entries__partner__username")  # fmt: skip
    autocomplete_fields = ("club",)
    date_hierarchy = "created_at"
    inlines = [EntryInline, RoundInline]
    readonly_fields = ("state", "schedule_note", "notice_at", "entry_pages", "created_by",
                       "created_at", "updated_at", "corrections")  # fmt: skip
    fieldsets = [
        (None, {"fields": ("club", "name", "state", "schedule_note", "notice_at", "visibility",
                           "rated", "entry_cap", "entry_pages")}),
        (gettext_lazy("The game and the format"), {"fields": (
            "style", "seats", "options", "format", "format_options", "play_mode",
            "games_per_table", "points", "bots_fill", "bot_level", "turn_clock")}),
        (gettext_lazy("Schedule"), {
            "fields": ("registration_opens_at", "checkin_opens_at", "starts_at",
                       "pairing_pause", "advance", "round_pause", "round_minutes"),
            "description": gettext_lazy("Times left empty wait for the organiser's click."),
        }),
        (gettext_lazy("No-shows and byes"), {"fields": ("no_show", "no_show_grace", "byes")}),
        (gettext_lazy("Same deals, and keeping club-mates apart"),
         {"fields": ("same_deals", "scoring", "separate_clubs")}),
        (gettext_lazy("Record"), {"fields": ("created_by", "created_at", "updated_at",
                                             "corrections")}),
    ]  # fmt: skip
    actions = [
        command_action("open-registration", "open_registration"),
        command_action("open-checkin", "open_checkin"),
        command_action("start", "start"),
        command_action("preview", "preview_next_round"),
        command_action("next-round", "generate_next_round", data={"start": "on"}),
        command_action(
            "next-round",
            "generate_next_round_seated",
            label=gettext_lazy("Generate the next round, seated (to re-seat first)"),
        ),
        command_action("start-round", "start_round_tables"),
        command_action("adjudicate", "adjudicate_now"),
        command_action("step", "step_now"),
        command_action("hold", "hold"),
        command_action("finish", "finish"),
        "reopen",
    ]

    def target(self, event: Tournament) -> Target:
        return Target(event)

    @admin.action(description=COMMANDS["reopen"].label)
    def reopen(self, request, queryset):
        return self.one_with_form(request, queryset, "reopen", _("Reopen the event"))

    def get_search_results(self, request, queryset, search_term):
        found, _duplicates = super().get_search_results(request, queryset, search_term)
        return found.distinct(), False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("club")

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        """A new event's club is one of the organiser's own: another club's id, posted by
        hand, is refused by the form (the search only offers their clubs)."""
        if db_field.name == "club":
            kwargs["queryset"] = organised_clubs(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description=gettext_lazy("entries"))
    def entry_count(self, event: Tournament) -> int:
        return event.entries.filter(status__in=Entry.ACTIVE).count()

    @admin.display(description=gettext_lazy("what the schedule could not do"))
    def schedule_note(self, event: Tournament) -> str:
        """The schedule's note in the reader's language (stored as sentences to translate)."""
        return event.notice_text or "-"

    @admin.display(description=gettext_lazy("log of corrections"))
    def corrections(self, event: Tournament) -> str:
        """The event's log, newest first (``director.log_rows``, as the run page lists it)."""
        if event.pk is None:
            return "-"
        rows = log_rows(event)
        if not rows:
            return "-"
        return format_html(
            "<ul>{}</ul>",
            format_html_join(
                "", "<li>{} · {} · {} · {} · {}</li>",
                ((date_format(localtime(r.at), "DATETIME_FORMAT"), r.what, r.where, r.by,
                  r.reason) for r in rows),
            ),
        )  # fmt: skip

    @admin.display(description=gettext_lazy("entry pages"))
    def entry_pages(self, event: Tournament) -> str:
        if event.pk is None:
            return "-"
        count = event.entries.count()
        pages = range(1, (count + ENTRIES_PER_PAGE - 1) // ENTRIES_PER_PAGE + 1)
        listing = (
            reverse("admin:tournaments_entry_changelist") + f"?tournament__id__exact={event.pk}"
        )
        links = format_html_join(" ", '<a href="?entries_page={}">{}</a>', ((p, p) for p in pages))
        return format_html(
            '{} · <a href="{}">{}</a> · <a href="{}">{}</a>', links, listing,
            _("all %(n)s entries") % {"n": count},
            reverse("event_run", kwargs={"slug": event.slug}), _("run it on the site"),
        )  # fmt: skip

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.state not in (
            Tournament.State.DRAFT,
            Tournament.State.REGISTRATION,
        ):
            fields += [f for f in events.FIELDS if f not in fields] + ["club"]
        elif obj is not None:
            fields.append("club")
        return fields

    def save_model(self, request, obj, form, change) -> None:
        """Through the services: created as a draft, changed only while that is allowed."""
        values = {k: form.cleaned_data[k] for k in events.FIELDS if k in form.cleaned_data}
        if change:
            saved = events.update(obj, request.user, **values)
        else:
            saved = events.create(form.cleaned_data["club"], request.user, **values)
        obj.pk, obj.slug = saved.pk, saved.slug

    def save_formset(self, request, form, formset, change) -> None:
        """Seeds set inline go through the service, like everything else."""
        if formset.model is not Entry:
            return super().save_formset(request, form, formset, change)
        formset.new_objects, formset.deleted_objects, formset.changed_objects = [], [], []
        rows = [row for row in formset.forms if row.has_changed() and "seed" in row.changed_data]
        if rows:
            seeds = {row.instance: row.cleaned_data["seed"] for row in rows}
            entries.set_seeds(form.instance, request.user, seeds)
            formset.changed_objects = [(row.instance, ["seed"]) for row in rows]
        return None


# -- entries ------------------------------------------------------------------------------


class EntryForm(forms.ModelForm):
    """An entry's seed and labels, checked by the services' own rules before the save, so a
    refusal shows on the form (a seed another entry holds, a seed after the start)."""

    def clean(self):
        data = super().clean()
        entry = self.instance
        try:
            if "seed" in self.changed_data:
                entries.check_seeds(entry.tournament, {entry.pk: data.get("seed")})
            if "groups" in self.changed_data:
                entries.check_changeable(entry.tournament)
        except TournamentError as error:
            raise ValidationError(str(error)) from None
        return data


@admin.register(Entry)
class EntryAdmin(KeptRecord, ClubScoped, admin.ModelAdmin):
    form = EntryForm
    club_path = "tournament__club"
    list_display = ("__str__", "tournament", "seed", "status", "final_place", "created_at")
    list_filter = ("status", ("tournament", admin.RelatedOnlyFieldListFilter))
    search_fields = ("player__username", "player__display_name", "partner__username",
                     "partner__display_name", "tournament__name")  # fmt: skip
    list_select_related = ("player", "partner", "tournament")
    raw_id_fields = ("player", "partner")
    fields = ("tournament", "player", "partner", "seed", "groups", "status",
              "withdrawn_after_round", "final_place")  # fmt: skip
    readonly_fields = ("tournament", "player", "partner", "status", "withdrawn_after_round",
                       "final_place")  # fmt: skip
    list_per_page = 100
    actions = [
        command_action("check-in", "check_in"),
        command_action("undo-check-in", "undo_check_in"),
        command_action("withdraw", "withdraw"),
        command_action("disqualify", "disqualify"),
        command_action("reinstate", "reinstate"),
    ]
    #: A new entry: the event, the player and partner (``admin_parts.EntryAddForm``).
    add_fields = ("tournament", "player", "partner")

    def target(self, entry: Entry) -> Target:
        return Target(entry.tournament, entry=entry)

    def get_urls(self):
        from django.urls import path

        own = [path("players/", self.admin_site.admin_view(players),
                    name="tournaments_entry_players")]  # fmt: skip
        return own + super().get_urls()

    def get_fields(self, request, obj=None):
        return self.add_fields if obj is None else super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        return () if obj is None else super().get_readonly_fields(request, obj)

    def get_form(self, request, obj=None, change=False, **kwargs):
        """Adding: the run page's "enter", with the player picked among the organiser's
        members (never a list of every user); changing: seeds and labels."""
        if obj is None:
            return entry_add_form(request, self.admin_site)
        return super().get_form(request, obj, change, **kwargs)

    def save_model(self, request, obj, form, change) -> None:
        if not change:  # entered by the form's command already: the admin shows that entry
            obj.__dict__.update(form.entered.__dict__)
            return
        if "seed" in form.changed_data:
            entries.set_seed(obj.tournament, request.user, obj, form.cleaned_data["seed"])
        if "groups" in form.changed_data:
            labels = form.cleaned_data["groups"] or []
            labels = labels if isinstance(labels, list) else [str(labels)]
            entries.set_groups(obj.tournament, request.user, obj, labels)


# -- rounds and tables --------------------------------------------------------------------


class TableInline(admin.TabularInline):
    model = TableAssignment
    fields = ("number", "label", "seated", "result", "state", "overridden_by")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=gettext_lazy("seats"))
    def seated(self, table: TableAssignment) -> str:
        return seat_names(table)

    @admin.display(description=gettext_lazy("result"))
    def result(self, table: TableAssignment) -> str:
        return result_words(table)


def seat_names(table: TableAssignment) -> str:
    seats = table.seats or []  # none on a row the admin's form made from an unknown id
    found = {e.pk: e for e in Entry.objects.filter(pk__in=[s for s in seats if s])}
    return " · ".join(entry_name(found, who) for who in seats)


def result_words(table: TableAssignment) -> str:
    """ "1st Ann, 2nd Bob, 3rd Cy, 4th Dee" ("-" while the table has no result)."""
    seats = table.seats or []
    found = Entry.objects.select_related("player", "partner").in_bulk([s for s in seats if s])
    return placed(table, [entry_name(found, who) for who in seats]) or "-"


@admin.register(Round)
class RoundAdmin(CommandForms, KeptRecord, ClubScoped, admin.ModelAdmin):
    club_path = "tournament__club"
    list_display = ("__str__", "stage", "state", "created_at", "finished_at")
    list_filter = ("state", ("tournament", admin.RelatedOnlyFieldListFilter))
    search_fields = ("tournament__name",)
    fields = ("tournament", "stage", "number", "state", "byes", "walkovers", "starts_at",
              "started_at", "deadline", "created_at", "finished_at")  # fmt: skip
    readonly_fields = ("tournament", "stage", "number", "state", "byes", "walkovers",
                       "started_at", "deadline", "created_at", "finished_at")  # fmt: skip
    inlines = [TableInline]
    # starts the event's seated round (its latest), whichever round was chosen; the others
    # act on the round chosen, which must be the event's latest (or say why not)
    actions = [
        command_action("round-time", "start_now", label=gettext_lazy("Start the seated round now")),
        command_action("undo-round", "take_back"),
        "void",
        command_action("re-pair", "pair_again"),
    ]

    def target(self, row: Round) -> Target:
        return Target(row.tournament, round=row)

    @admin.action(description=COMMANDS["void-round"].label)
    def void(self, request, queryset):
        return self.one_with_form(request, queryset, "void-round", _("Void the round"))

    def has_add_permission(self, request) -> bool:
        return False

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is None or obj.state != Round.State.SEATED:
            fields.append("starts_at")  # only a seated round's start can move
        return fields

    def save_model(self, request, obj, form, change) -> None:
        """A seated round's start time, through the schedule (now or past: it starts now)."""
        if "starts_at" in form.changed_data:
            schedule.start_seated_round(obj.tournament, request.user, obj.starts_at)


@admin.register(TableAssignment)
class TableAssignmentAdmin(CommandForms, KeptRecord, ClubScoped, admin.ModelAdmin):
    club_path = "round__tournament__club"
    list_display = ("__str__", "seated", "result", "points_shown", "state", "overridden_by")
    list_filter = ("state", ("round__tournament", admin.RelatedOnlyFieldListFilter),
                   RoundNumberFilter)  # fmt: skip
    search_fields = ("round__tournament__name", "table__code", "label")
    list_select_related = ("round__tournament", "overridden_by")
    fields = ("round", "number", "label", "seated", "table", "match", "result",
              "points_shown", "state", "adjudicated", "overridden_by", "override_reason",
              "overridden_at")  # fmt: skip
    readonly_fields = fields
    actions = ["record_result", "reseat"]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description=gettext_lazy("seats"))
    def seated(self, table: TableAssignment) -> str:
        return seat_names(table)

    @admin.display(description=gettext_lazy("result"))
    def result(self, table: TableAssignment) -> str:
        return result_words(table)

    @admin.display(description=gettext_lazy("points"))
    def points_shown(self, table: TableAssignment) -> str:
        return " · ".join(number(p) for p in table.points) if table.points else ""

    @admin.action(description=COMMANDS["result"].label)
    def record_result(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, _("Choose one table to record its result."), messages.ERROR)
            return None
        table = queryset.select_related("round__tournament").get()
        target = Target(table.round.tournament, table=table)
        title = _("Result of %(t)s") % {"t": table}
        return self._with_form(request, queryset, "result", target, title)

    @admin.action(description=COMMANDS["reseat"].label)
    def reseat(self, request, queryset):
        tables = list(queryset.select_related("round__tournament"))
        if len({t.round_id for t in tables}) != 1:
            self.message_user(request, _("Choose tables of one round."), messages.ERROR)
            return None
        target = Target(tables[0].round.tournament, tables=tuple(tables))
        return self._with_form(request, queryset, "reseat", target, _("Re-seat"))

    def _with_form(self, request, queryset, name: str, target: Target, title: str):
        row = (target.table or target.tables[0]).round
        return self.with_form(request, queryset, name, target, title, row)
