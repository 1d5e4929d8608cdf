"""Leaderboards and a player's public page: a few lines each around ``services``.

Both are public (like the club pages and their member lists). A board's choices are in its
query string; the filter form swaps the board in place with htmx and keeps the address.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts.models import User
from games import bots
from games.models import style_choices, style_label

from . import skill
from .forms import BoardForm
from .services import boards, profiles


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    form = BoardForm(request.GET)
    board = form.board()
    found, rows = boards.page(board, request.GET.get("page", 1))
    context = {
        "form": form,
        "board": board,
        "styles": style_choices(),
        "style_label": style_label(board.style),
        "page": found,
        "rows": rows,
        "bots": boards.bots(board),
        "query": _query_without(request, "page"),
        "style_query": _query_without(request, "page", "style"),
        "provisional_games": skill.PROVISIONAL_GAMES,
        "start": skill.START,
    }
    template = "ratings/leaderboard.html"
    if request.htmx and request.htmx.target == "leaderboard":
        template += "#leaderboard"
    return render(request, template, context)


@require_GET
def player(request: HttpRequest, username: str) -> HttpResponse:
    person = get_object_or_404(User, username=username, is_active=True)
    context = {
        "profile": profiles.profile(person, request.user),
        "person": person,
        "bot_level": _(bots.LEVELS.get(person.bot_level, person.bot_level)),
        "provisional_games": skill.PROVISIONAL_GAMES,
        "start": skill.START,
    }
    return render(request, "ratings/player.html", context)


def _query_without(request: HttpRequest, *names: str) -> str:
    """The query string less ``names``, ready to prefix another parameter (``a=1&``)."""
    query = request.GET.copy()
    for name in names:
        query.pop(name, None)
    encoded = query.urlencode()
    return f"{encoded}&" if encoded else ""
