"""The leaderboard's choices: style, club, month and whether to list the bots, read from the
query string (a board is a link that can be shared). Anything unknown falls back to the
default."""

from __future__ import annotations

import re
from datetime import date

from django import forms
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from games import engine
from games.models import style_choices

from .services.boards import Board

MONTHS_OFFERED = 12
DEFAULT_STYLE = "cutthroat"


def month_choices() -> list[tuple[str, str]]:
    """All time, then the last ``MONTHS_OFFERED`` months, newest first."""
    today = timezone.localdate()
    choices = [("", _("All time"))]
    year, month = today.year, today.month
    for _i in range(MONTHS_OFFERED):
        shown = date_format(date(year, month, 1), "YEAR_MONTH_FORMAT")
        choices.append((f"{year:04d}-{month:02d}", shown))
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return choices


def parse_month(text: str) -> date | None:
    found = re.fullmatch(r"(\d{4})-(\d{2})", text or "")
    if not found:
        return None
    year, month = int(found[1]), int(found[2])
    return date(year, month, 1) if 2000 <= year <= 2200 and 1 <= month <= 12 else None


class BoardForm(forms.Form):
    style = forms.ChoiceField(label=_("Style"), choices=style_choices, required=False)
    club = forms.ChoiceField(label=_("Players"), required=False)
    month = forms.CharField(label=_("Month"), required=False, widget=forms.Select)
    bots = forms.BooleanField(label=_("Show the bots too"), required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = month_choices()
        asked = self.data.get("month", "")
        if parse_month(asked) and asked not in dict(choices):
            choices.append((asked, date_format(parse_month(asked), "YEAR_MONTH_FORMAT")))
        self.fields["month"].widget.choices = choices
        self.clubs = {club.slug: club for club in Club.objects.only("name", "slug")}
        everyone = [("", _("Everyone"))]
        self.fields["club"].choices = everyone + [(s, c.name) for s, c in self.clubs.items()]

    def board(self) -> Board:
        """The board asked for; a value that is not one of the choices is left at its
        default rather than refused (an old link still shows a board)."""
        data = self.data
        style = data.get("style") if data.get("style") in engine.STYLES else DEFAULT_STYLE
        club = self.clubs.get(data.get("club", ""))
        month = parse_month(data.get("month", ""))
        return Board(style, club, month, data.get("bots") in ("1", "on", "true"))
