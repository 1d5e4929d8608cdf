"""The forms of the club pages: founding a club, asking to join, a new invite link."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Club


class ClubForm(forms.ModelForm):
    slug = forms.SlugField(
        label=_("Short name for links"), max_length=40, required=False,
        help_text=_("Letters, digits and hyphens, for the club's address (made from the name "
                    "if left empty)."),
    )  # fmt: skip

    class Meta:
        model = Club
        fields = ("name", "slug", "country", "language", "description")
        widgets = {"description": forms.Textarea(attrs={"rows": 4})}


class JoinRequestForm(forms.Form):
    message = forms.CharField(
        label=_("A word to the organisers (optional)"), max_length=200, required=False
    )


class InviteForm(forms.Form):
    """A new invite link: how many people it may let in (empty: any number, for two weeks)."""

    uses = forms.IntegerField(
        label=_("For how many people"), min_value=1, max_value=1000, required=False,
        help_text=_("Empty: anyone who has the link, for two weeks."),
    )  # fmt: skip
