"""Club pages: the list, a club's page, founding one, invites, requests and roles.

Each view is a few lines around a service in ``clubs.services``; a refused action shows its
reason on the club page with a 4xx status. The club's events and tables come from the
tournaments app, loaded into the page by htmx from its own URL (clubs imports no events).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from config import bounds

from . import services
from .forms import ClubForm, InviteForm, JoinRequestForm
from .models import ORGANISING, Club, Invite, JoinRequest, Role


@require_GET
def club_list(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.all()
    mine = request.user.clubs.all() if request.user.is_authenticated else Club.objects.none()
    return render(request, "clubs/list.html", {"clubs": clubs, "mine": mine})


@login_required
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.create_club(request.user, **form.cleaned_data)
        except services.ClubError as error:
            form.add_error(None, str(error))
        else:
            text = _("%(club)s is founded. Invite your players.") % {"club": club.name}
            messages.success(request, text)
            return redirect(club)
    status = 400 if request.method == "POST" else 200
    return render(request, "clubs/new.html", {"form": form}, status=status)


def _page(request: HttpRequest, club: Club, error: str = "", status: int = 200) -> HttpResponse:
    role = services.role_of(club, request.user)
    organiser = services.can_organise(club, request.user)
    pending = None
    if request.user.is_authenticated and role is None:
        pending = club.join_requests.filter(user=request.user, state=JoinRequest.State.PENDING)
    context = {
        "club": club,
        "role": role,
        "organiser": organiser,
        "owner": role == Role.OWNER or request.user.is_superuser,
        "memberships": club.memberships.select_related("user").order_by("-role", "joined_at"),
        "requests": _pending_requests(club) if organiser else (),
        "invites": services.live_invites(club) if organiser else (),
        "invite_form": InviteForm(),
        "waiting": pending.exists() if pending is not None else False,
        "join_form": JoinRequestForm(),
        "roles": Role.choices,
        "organising": ORGANISING,
        "error": error,
    }
    return render(request, "clubs/club.html", context, status=status)


def _pending_requests(club: Club):
    return club.join_requests.filter(state=JoinRequest.State.PENDING).select_related("user")


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, get_object_or_404(Club, slug=slug))


def _act(request: HttpRequest, slug: str, action: Callable[[Club], str]) -> HttpResponse:
    """Run ``action`` on the club; back to its page with the outcome or the reason."""
    club_obj = get_object_or_404(Club, slug=slug)
    try:
        done = action(club_obj)
    except services.ClubError as error:
        return _page(request, club_obj, str(error), status=409)
    messages.success(request, done)
    return redirect(club_obj)


def _member(request: HttpRequest) -> User:
    """The person a members' action names (refused with the reason, as for nobody, if what
    was posted is not an id: it once reached the query as text, a 500)."""
    pk = bounds.id_from(request.POST.get("user"))
    user = User.objects.filter(pk=pk).first() if pk is not None else None
    if user is None:
        raise services.ClubError(_("There is no such player."))
    return user


@login_required
@require_POST
def club_request(request: HttpRequest, slug: str) -> HttpResponse:
    form = JoinRequestForm(request.POST)
    message = form.cleaned_data["message"] if form.is_valid() else ""

    def ask(club_obj: Club) -> str:
        services.request_to_join(club_obj, request.user, message)
        return _("Your request is sent; an organiser will answer it.")

    return _act(request, slug, ask)


@login_required
@require_POST
def club_decide(request: HttpRequest, slug: str) -> HttpResponse:
    approve = request.POST.get("answer") == "yes"

    def answer(club_obj: Club) -> str:
        number = bounds.id_from(request.POST.get("request")) or 0  # 0: no request's
        decided = services.decide(club_obj, number, request.user, approve)
        name = decided.user.name
        text = _("%(name)s is now a member.") if approve else _("You declined %(name)s.")
        return text % {"name": name}

    return _act(request, slug, answer)


@login_required
@require_POST
def club_invite_new(request: HttpRequest, slug: str) -> HttpResponse:
    form = InviteForm(request.POST)

    def make(club_obj: Club) -> str:
        if not form.is_valid():
            raise services.ClubError(" ".join(form.errors.get("uses", [])))
        services.make_invite(club_obj, request.user, uses=form.cleaned_data["uses"])
        return _("A new invite link is ready below: copy it and send it to your players.")

    return _act(request, slug, make)


@login_required
@require_POST
def club_invite_revoke(request: HttpRequest, slug: str, invite: int) -> HttpResponse:
    def revoke(club_obj: Club) -> str:
        services.revoke_invite(club_obj, request.user, invite)
        return _("The invite link is turned off: nobody can join with it any more.")

    return _act(request, slug, revoke)


@login_required
@require_POST
def club_role(request: HttpRequest, slug: str) -> HttpResponse:
    def change(club_obj: Club) -> str:
        user = _member(request)
        services.set_role(club_obj, request.user, user, request.POST.get("role", ""))
        return _("%(name)s's role is changed.") % {"name": user.name}

    return _act(request, slug, change)


@login_required
@require_POST
def club_remove(request: HttpRequest, slug: str) -> HttpResponse:
    def remove(club_obj: Club) -> str:
        user = _member(request)
        services.remove_member(club_obj, request.user, user)
        if user == request.user:
            return _("You left %(club)s.") % {"club": club_obj.name}
        return _("%(name)s is no longer a member.") % {"name": user.name}

    return _act(request, slug, remove)


def club_invite(request: HttpRequest, code: str) -> HttpResponse:
    """The page an invite link opens: who invites, and a button to join (after logging in)."""
    invite = Invite.objects.select_related("club").filter(code=code).first()
    problem = services.invite_problem(invite)
    if request.method == "POST" and not problem:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            club_obj = services.join_by_invite(code, request.user)
        except services.ClubError as error:
            problem = str(error)
        else:
            messages.success(request, _("Welcome to %(club)s!") % {"club": club_obj.name})
            return redirect(club_obj)
    context = {"invite": invite, "problem": problem}
    return render(request, "clubs/invite.html", context, status=410 if problem else 200)
