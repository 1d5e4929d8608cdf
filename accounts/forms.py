"""Sign-up and profile forms: the names they take are checked so nobody can pass for another."""

from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import User
from .names import check_name


def _names_of_others(user: User | None) -> list[str]:
    others = User.objects.all()
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    pairs = others.values_list("username", "display_name")
    return [name for pair in pairs for name in pair if name]


class NamesChecked:
    """Both the username and the display name are shown at tables: check them alike."""

    def clean_display_name(self) -> str:
        name = self.cleaned_data.get("display_name", "")
        return check_name(name, _names_of_others(self.instance))

    def _check_username(self, username: str | None) -> str | None:
        if username:
            check_name(username, _names_of_others(self.instance))
        return username


class SignupForm(NamesChecked, UserCreationForm):
    class Meta:
        model = User
        fields = ("username", "display_name", "email", "preferred_language")
        widgets = {"email": forms.EmailInput(attrs={"autocomplete": "email"})}

    def clean_username(self) -> str:
        return self._check_username(super().clean_username())


class ProfileForm(NamesChecked, forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "country", "preferred_language")
