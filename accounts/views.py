"""Sign up, profile and the language switcher. Log in, log out and password change are Django's
own views."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from config import throttle

from . import languages
from .forms import ProfileForm, SignupForm


def signup(request: HttpRequest) -> HttpResponse:
    """Sign up and log in; then back where the person came from (``next``: an invite link's
    page, so that following an invite, signing up and joining is one path), or home."""
    follow = next_page(request)
    if request.user.is_authenticated:
        return redirect(follow or "home")
    if request.method == "POST" and throttle.signups_exhausted(request):
        # Checked before the form, so a flood of sign-ups costs one query each, not a hash.
        return throttle.signup_throttled_response(request)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to the club, %(name)s!") % {"name": user.name})
        return redirect(follow or "home")
    return render(request, "accounts/signup.html", {"form": form, "next": follow})


def next_page(request: HttpRequest) -> str:
    """The page to go back to after signing up (``next``, posted or in the address), if it is
    one of this site's own; "" otherwise (a link to elsewhere is never followed)."""
    wanted = (request.POST.get("next") or request.GET.get("next") or "")[:2000]
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if wanted and safe else ""


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile is saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (the cookie and the redirect back), and for a signed-in player the
    choice saved too, so it follows them to other devices."""
    response = django_set_language(request)
    languages.remember(request.user, request.POST.get("language", ""))
    return response
