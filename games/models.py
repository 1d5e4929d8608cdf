"""Tables, seats, matches, games and moves.

A Table is where people sit; a Match is one set played there (games until the rule book's match
end); a Game is one deal played out. The engine's state for the game in progress lives in
``Game.snapshot`` with a ``version`` that rises with every stored move: the move service locks
that row and checks the version, so two posts of the same version cannot both apply. ``Move`` is
the append-only log; a finished table keeps its whole history.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from games import engine

#: The context of the styles' labels in the catalogues (``games.engine.texts.pgettext``).
STYLE_CONTEXT = "domino style"


def style_label(style: str | type[engine.rules.Rules]) -> str:
    """A style's label in the current language; ``style`` is its name (``"cutthroat"``) or its
    rules class. The site words a style here and in ``style_choices`` (lazily, for choices)."""
    rules = engine.STYLES[style] if isinstance(style, str) else style
    return pgettext(STYLE_CONTEXT, rules.label)


def style_choices() -> list[tuple[str, str]]:
    """The styles and their labels, from the engine's rules classes (where each is described
    once); the labels are translated when shown."""
    return [
        (name, pgettext_lazy(STYLE_CONTEXT, rules.label)) for name, rules in engine.STYLES.items()
    ]


class Direction(models.TextChoices):
    COUNTERCLOCKWISE = "ccw", _("Counterclockwise")
    CLOCKWISE = "cw", _("Clockwise")


def new_table_code() -> str:
    """An unguessable id: a private table's link is its only key."""
    return secrets.token_urlsafe(8)


class Table(models.Model):
    class State(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    code = models.CharField(
        _("code"), max_length=16, unique=True, default=new_table_code, editable=False
    )
    style = models.CharField(_("style"), max_length=12, choices=style_choices)
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    direction = models.CharField(
        _("direction of play"), max_length=3, choices=Direction.choices, default="ccw"
    )
    turn_clock = models.PositiveSmallIntegerField(
        _("turn clock (seconds)"), default=30, help_text=_("0 means no clock.")
    )
    result_pause = models.PositiveSmallIntegerField(
        _("result pause (seconds)"), default=20,
        help_text=_('How long a result stays on screen before the next deal, unless every '
                    'player at the table presses "Next game" sooner.'),
    )  # fmt: skip
    is_private = models.BooleanField(_("private"), default=False)
    rated = models.BooleanField(
        _("rated"), default=True, help_text=_("Finished games change the players' ratings.")
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.OPEN)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="hosted_tables", verbose_name=_("host"),
    )  # fmt: skip
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        # "game table": the admin lists the events' tables too ("event tables")
        verbose_name = _("game table")
        verbose_name_plural = _("game tables")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["state", "is_private"])]

    def __str__(self) -> str:
        return f"{self.get_style_display()} · {self.code}"

    @property
    def current_match(self) -> Match | None:
        return self.matches.order_by("-number").first()


def to_deleted_player(collector, field, sub_objs, using: str) -> None:
    """``on_delete`` for a seat's player: the seat passes to a "deleted player" account made for
    the occasion (one per deleted person), so a finished table keeps every name slot filled and
    a set in progress goes on (the empty chair is away: a bot stands in, or the clock plays).

    Not ``SET_NULL``: a seat without a player means an open chair at a waiting table, and the
    pages of a table in play rely on every seat having one. Not ``PROTECT``: an account must be
    deletable without losing anyone's history (``Match.players`` is scrubbed by the history
    app, which knows every set a person played).
    """
    user_model = field.related_model
    by_player: dict[int, list] = {}
    for seat in sub_objs:
        by_player.setdefault(getattr(seat, field.attname), []).append(seat)
    # The admin's delete page only lists what would go (its collector can draw the tree as
    # ``nested``): showing the page must not make an account.
    preview = hasattr(collector, "nested")
    for seats in by_player.values():
        ghost = None if preview else deleted_player(user_model, using)
        collector.add_field_update(field, ghost, seats)


def deleted_player(user_model, using: str = "default"):
    """A fresh inactive account that stands for a deleted person: no password, no login, and a
    neutral name (``DELETED_NAME``; pages translate it where they can tell, by ``is_deleted``)."""
    ghost = user_model(
        username=f"{DELETED_PREFIX}{secrets.token_hex(6)}", display_name=DELETED_NAME,
        is_active=False,
    )  # fmt: skip
    ghost.set_unusable_password()
    ghost.save(using=using)
    return ghost


DELETED_PREFIX = "deleted-"
DELETED_NAME = "Deleted player"  # stored as is: the account outlives any one language


def is_deleted(user) -> bool:
    """Whether this account stands for a deleted person (see ``deleted_player``)."""
    return user is not None and not user.is_active and user.username.startswith(DELETED_PREFIX)


class Seat(models.Model):
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    index = models.PositiveSmallIntegerField(_("seat number"))
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=to_deleted_player,
        related_name="seats", verbose_name=_("player"),
    )  # fmt: skip
    swap_with = models.PositiveSmallIntegerField(
        _("swap with seat"),
        null=True,
        blank=True,
        help_text=_("The seat this player asked to swap with."),
    )
    away_since = models.DateTimeField(_("away since"), null=True, blank=True)
    stand_in = models.BooleanField(
        _("bot standing in"),
        default=False,
        help_text=_("A bot plays for this player until they return."),
    )
    arrived_at = models.DateTimeField(
        _("first came"), null=True, blank=True,
        help_text=_("When this player first opened the table: empty for one who never came."),
    )  # fmt: skip

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(fields=["table", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.table.code} seat {self.index}"


class Presence(models.Model):
    """One open socket of a seated player. A seat is present while it has a fresh row.

    Each socket refreshes ``seen_at`` while it is open and deletes its row when it closes; a
    web process that dies cannot delete its rows, so the sweep expires rows that stopped
    being refreshed and the seat is marked away as if the socket had closed.
    """

    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="presences", verbose_name=_("seat")
    )
    channel = models.CharField(_("channel"), max_length=200, unique=True)
    seen_at = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("presence")
        verbose_name_plural = _("presences")
        indexes = [models.Index(fields=["seen_at"])]

    def __str__(self) -> str:
        return f"{self.seat} via {self.channel}"


class Match(models.Model):
    """One set at a table; tournaments will point a pairing at one of these."""

    class State(models.TextChoices):
        PLAYING = "playing", _("Playing")
        OVER = "over", _("Over")
        ABANDONED = "abandoned", _("Abandoned")

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="matches", verbose_name=_("table")
    )
    number = models.PositiveIntegerField(_("number"), default=1)
    seed = models.BigIntegerField(pgettext_lazy("the number a shuffle starts from", "seed"))
    deal_key = models.CharField(
        _("deal key"), max_length=64, blank=True, editable=False,
        help_text=_(
            "Secret. Empty: each game draws its own seed. Otherwise (a seeded start for tests, "
            "or an event's same deals at every table of a round) the games' seeds derive from "
            "it one way."
        ),
    )  # fmt: skip
    sealed = models.BooleanField(
        _("sealed"),
        default=False,
        help_text=_(
            "Its deals are also played at other tables (an event's same deals): until it is "
            "unsealed, no seed and no hand of a finished game is shown to anyone but the "
            "players at this table, and then only on the table page."
        ),
    )
    players = models.JSONField(
        _("players"), default=list, help_text=_("Seat to player, as at the start.")
    )
    note = models.JSONField(
        _("what its event says of it"), default=dict, blank=True,
        help_text=_(
            "Set by the event that seated this set (its name and link, round and table, and "
            "once decided each seat's place and points there); the table page shows it."
        ),
    )  # fmt: skip
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PLAYING
    )
    result = models.CharField(_("result"), max_length=12, blank=True)
    winner_party = models.PositiveSmallIntegerField(_("winning side"), null=True, blank=True)
    totals = models.JSONField(_("totals"), default=list)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("set")
        verbose_name_plural = _("sets")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_match_number_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.table} · set {self.number}"

    @property
    def is_over(self) -> bool:
        """Whether the set is finished: the one answer the table, the history list and the
        set's page all ask. A set closed after an event's fixed number of games
        (``services.play.close_set``) is over though nobody reached the style's target, so
        replaying its games with the engine would not say so."""
        return self.state == self.State.OVER


class Game(models.Model):
    class State(models.TextChoices):
        PLAYING = "playing", _("Playing")
        OVER = "over", _("Over")
        ABANDONED = "abandoned", _("Abandoned")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="games", verbose_name=_("set")
    )
    number = models.PositiveIntegerField(_("number"))
    version = models.PositiveIntegerField(_("version"), default=0)
    snapshot = models.JSONField(
        _("engine state"), help_text=_("Engine state; holds hidden tiles, never sent out.")
    )
    deal = models.JSONField(_("deal"), default=dict)
    seed = models.CharField(
        pgettext_lazy("the number a shuffle starts from", "seed"),
        max_length=64, blank=True, editable=False,
        help_text=_("The deal's seed: secret while the game is played, public once it is over."),
    )  # fmt: skip
    commitment = models.CharField(
        _("seed commitment"), max_length=64, blank=True,
        help_text=_("SHA-256 of the seed, published before the deal."),
    )  # fmt: skip
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PLAYING
    )
    turn = models.PositiveSmallIntegerField(_("seat to play"), null=True, blank=True)
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    next_at = models.DateTimeField(
        _("next deal at"), null=True, blank=True,
        help_text=_("Once the game is over and its set goes on: when the next deal comes at the "
                    "latest (the result stays on screen until then)."),
    )  # fmt: skip
    ready = models.JSONField(
        _("ready for the next game"), default=list, blank=True,
        help_text=_('The seats whose players pressed "Next game" after this game.'),
    )  # fmt: skip
    recent = models.JSONField(
        _("recent moves"),
        default=list,
        blank=True,
        help_text=_(
            "The last moves for the table log, kept with the game so a push reads one row "
            "(a drawn tile in it is shown only to the seat that drew it)."
        ),
    )
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_game_number_per_match")
        ]
        indexes = [models.Index(fields=["state", "updated_at"])]

    def __str__(self) -> str:
        return f"{self.match} · game {self.number}"

    @property
    def revealed_seed(self) -> str:
        """The seed, once anyone may know it (the game is over and its set is not sealed:
        the same deal may still be played at another table); "" before."""
        if self.state != self.State.OVER or self.match.sealed:
            return ""
        return self.seed


class Move(models.Model):
    class Kind(models.TextChoices):
        PLAY = "play", pgettext_lazy("a kind of move: laying a tile", "Play")
        PASS = "pass", pgettext_lazy("a kind of move: not laying a tile", "Pass")
        DRAW = "draw", pgettext_lazy("a kind of move: taking a tile from the boneyard", "Draw")

    class Reason(models.TextChoices):
        PLAYER = "", _("Player")
        FORCED = "forced", _("Forced")
        BOT = "bot", _("Bot")
        CLOCK = "clock", _("Clock ran out")
        STAND_IN = "stand-in", _("Bot standing in")

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="moves", verbose_name=_("game")
    )
    seq = models.PositiveIntegerField(_("move number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices)
    tile = models.CharField(_("tile"), max_length=3, blank=True)
    on = models.CharField(_("played on"), max_length=3, blank=True)
    reason = models.CharField(_("reason"), max_length=8, choices=Reason.choices, blank=True)
    detail = models.JSONField(
        _("details"), default=dict, blank=True, help_text=_("Public facts: ends, fines.")
    )
    at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_move_per_seq")]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}: seat {self.seat} {self.kind} {self.tile}"
