"""The history list's filters (a GET form: a filtered list is a link) and the import form."""

from __future__ import annotations

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from config import bounds
from games.models import style_choices
from tournaments.models import Tournament

from .listing import Filters, Result, people_named


class HistoryFilterForm(forms.Form):
    style = forms.ChoiceField(label=_("Style"), required=False)
    result = forms.ChoiceField(
        label=_("Result"), required=False, choices=[("", _("Any")), *Result.CHOICES]
    )
    opponent = forms.CharField(label=_("Against"), required=False, max_length=40)
    partner = forms.CharField(
        label=pgettext_lazy("the person one plays with", "Partner"), required=False, max_length=40
    )
    # Any club or event may be asked for (a link from its page); the menus offer the person's.
    # An id no row can have, or a date outside the site's years, is the field's error: that
    # filter is left out rather than sent to the database (where it overflowed).
    club = bounds.IdField(label=_("Club"), required=False, widget=forms.Select)
    tournament = bounds.IdField(label=_("Event"), required=False, widget=forms.Select)
    since = bounds.DayField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    until = bounds.DayField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, data, clubs: list[tuple[int, str]], events: list[tuple[int, str]],
                 seen: QuerySet[Tournament]) -> None:  # fmt: skip
        """``clubs`` and ``events`` are the menus (``listing.places_of``); ``seen`` the events
        the viewer may see, the only ones an event asked for by number is named from (a
        draft's or a club-only event's name is not shown to just anyone)."""
        super().__init__(data)
        self.seen = seen
        self.fields["style"].choices = [("", _("Any")), *style_choices()]
        self.fields["club"].widget.choices = [("", _("Any")), *clubs]
        self.fields["tournament"].widget.choices = [("", _("Any")), *events]
        self.unknown: list[str] = []

    def full_clean(self) -> None:
        super().full_clean()
        for name, rows in (("club", Club.objects.all()), ("tournament", self.seen)):
            chosen = self.cleaned_data.get(name) if hasattr(self, "cleaned_data") else None
            widget = self.fields[name].widget
            if chosen and chosen not in {value for value, _label in widget.choices}:
                found = rows.filter(pk=chosen).values_list("name", flat=True).first()
                widget.choices = [*widget.choices, (chosen, found or "?")]

    def clean(self) -> dict:
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", _("The end of the range comes before its start."))
        return data

    def filters(self) -> Filters:
        """The filters chosen (the valid fields of a partly wrong form still apply); names that
        stand for nobody are noted in ``unknown`` and match no set."""
        data = self.cleaned_data if self.is_bound else {}
        people = {}
        for key in ("opponent", "partner"):
            name = (data.get(key) or "").strip()
            if name:
                people[key] = people_named(name)
                if not people[key]:
                    self.unknown.append(name)
        return Filters(
            style=data.get("style") or "",
            result=data.get("result") or "",
            opponents=people.get("opponent"),
            partners=people.get("partner"),
            club=data.get("club"),
            tournament=data.get("tournament"),
            since=data.get("since"),
            until=data.get("until"),
        )

    @property
    def active(self) -> bool:
        return self.is_bound and any(
            self.cleaned_data.get(name) for name in self.fields if hasattr(self, "cleaned_data")
        )


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Record file"),
        help_text=_("A dominoes-record/1 JSON file, such as one exported from a set's page."),
    )
    name = forms.CharField(
        label=_("Name"), required=False, max_length=100,
        help_text=_("How your history lists it; the file's name if left empty."),
    )  # fmt: skip
