"""Tables, sets, games and moves in the admin site: inspect anything, change only what is safe.

Live rows are written by the move service alone, so the admin shows them read-only; what staff
may do is close a stuck table for good (``Abandon``), which goes through the same service as
every other change. Hidden tiles stay hidden here too while a game is being played (staff also
sit at tables): the deal and the engine state of a game show only once it is over.
"""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import Game, Match, Move, Seat, Table
from .services import play


class ReadOnly(admin.ModelAdmin):
    """Rows the services own: viewable, never added or edited by hand."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    """Rows of a parent, shown as they are: the services own them."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def get_readonly_fields(self, request, obj=None):
        return self.fields


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("index", "player", "away_since", "stand_in", "swap_with")


class MatchInline(ReadOnlyInline):
    model = Match
    fields = ("number", "state", "result", "winner_party", "totals", "started_at")
    show_change_link = True


@admin.register(Table)
class TableAdmin(ReadOnly):
    list_display = ("code", "style", "seat_count", "state", "is_private", "host", "updated_at")
    list_filter = ("state", "style", "is_private")
    search_fields = ("code", "host__username", "seats__player__username")
    date_hierarchy = "created_at"
    inlines = [SeatInline, MatchInline]
    actions = ["abandon"]

    @admin.action(description=_("Abandon the selected tables (stop their sets for good)"))
    def abandon(self, request, queryset) -> None:
        closed = sum(play.abandon(table) for table in queryset)
        self.message_user(
            request,
            ngettext("%(n)d table was closed.", "%(n)d tables were closed.", closed)
            % {"n": closed},
            messages.SUCCESS,
        )

    def has_change_permission(self, request, obj=None) -> bool:
        return request.user.has_perm("games.change_table")  # needed to run the action

    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in Table._meta.fields]


class GameInline(ReadOnlyInline):
    model = Game
    fields = ("number", "state", "version", "turn", "started_at", "finished_at")
    show_change_link = True


@admin.register(Match)
class MatchAdmin(ReadOnly):
    list_display = ("__str__", "state", "result", "winner_party", "started_at", "finished_at")
    list_filter = ("state", "table__style")
    search_fields = ("table__code",)
    inlines = [GameInline]
    exclude = ("seed",)  # the seed would give away every deal still to come
    readonly_fields = ("table", "number", "players", "state", "result", "winner_party",
                       "totals", "started_at", "finished_at")  # fmt: skip


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ("seq", "seat", "kind", "shown_tile", "on", "reason", "detail", "at")

    @admin.display(description=_("tile"))
    def shown_tile(self, move: Move) -> str:
        """A drawn tile is hidden while its game is played: it is in someone's hand."""
        if move.kind == Move.Kind.DRAW and move.game.state == Game.State.PLAYING:
            return "?"
        return move.tile


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ("__str__", "state", "version", "turn", "updated_at")
    list_filter = ("state", "match__table__style")
    search_fields = ("match__table__code",)
    inlines = [MoveInline]
    fields = ("match", "number", "state", "version", "turn", "turn_deadline", "result",
              "started_at", "finished_at", "dealt")  # fmt: skip
    readonly_fields = fields

    @admin.display(description=_("deal"))
    def dealt(self, game: Game) -> str:
        if game.state == Game.State.PLAYING:
            return _("Hidden until the game is over.")
        return format_html("<pre>{}</pre>", json.dumps(game.deal, indent=1))


@admin.register(Move)
class MoveAdmin(ReadOnly):
    list_display = ("game", "seq", "seat", "kind", "on", "reason", "at")
    list_filter = ("kind", "reason")
    search_fields = ("game__match__table__code",)
    exclude = ("tile",)
    readonly_fields = ("game", "seq", "seat", "kind", "on", "reason", "detail", "at")
