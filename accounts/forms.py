from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import User


class SignupForm(UserCreationForm):
    class Meta:
        model = User
        fields = ("username", "display_name", "email", "preferred_language")
        widgets = {"email": forms.EmailInput(attrs={"autocomplete": "email"})}


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "preferred_language")
