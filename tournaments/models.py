"""Events, their entries, and the rounds and tables they are played in.

The rows hold what happened; the formats (``tournaments.formats``) say what it means. A
round's seating and every table's places are stored here, and the standings are computed
from them by the format each time they are shown (``services.standings``), so nothing stored
can disagree with a result that was changed. Every change goes through ``services``.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.bots import LEVELS
from games.models import Match, Table, style_choices

from .formats import DEFAULT_POINTS
from .kinds import Kind, format_choices, kind_of
from .messages import render


def default_points() -> dict[str, list[int]]:
    """Tournament points per place by table size, as JSON (keys are strings there)."""
    return {str(size): list(points) for size, points in DEFAULT_POINTS.items()}


def bot_level_choices() -> list[tuple[str, str]]:
    """The bots' levels (``games.bots.LEVELS``), labelled in the reader's language."""
    return [(level, _(label)) for level, label in LEVELS.items()]


def new_seed() -> int:
    """The event's salt for every draw: drawn once, so a preview equals what is generated."""
    return secrets.randbelow(2**62)


class Tournament(models.Model):
    class State(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration open")
        CHECKIN = "checkin", _("Check-in open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", pgettext_lazy("state of an event", "Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class PlayMode(models.TextChoices):
        SET = "set", _("A whole set, as the style plays it")
        GAMES = "games", _("A fixed number of games")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Everyone")
        CLUB = "club", _("Club members only")

    class Advance(models.TextChoices):
        AUTO = "auto", _("On its own, when the last table of the round before finishes")
        ORGANISER = "organiser", _("At a time the organiser sets, or when the organiser says")

    class NoShow(models.TextChoices):
        FORFEIT = (
            "forfeit",
            _(
                "A bot plays in their seat so that the others play on, and they lose that table "
                "(you may correct its result)"
            ),
        )
        BOT = "bot", _("A bot plays for them, and its result counts as theirs")

    class Byes(models.TextChoices):
        SCORED = "scored", _("Sit the round out and score the bye")
        BOTS = "bots", _("Play the round against a bot; the bye scores as it would")

    class Scoring(models.TextChoices):
        DUPLICATE = "duplicate", _("Duplicate: each deal compared with every table that held it")
        PLACES = "places", _("Places at each table")

    club = models.ForeignKey(
        "clubs.Club", on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name for links"), max_length=60, unique=True)
    style = models.CharField(_("style"), max_length=12, choices=style_choices)
    seats = models.PositiveSmallIntegerField(
        _("seats at a table"),
        default=4,
        help_text=_("2 for one against one in Block, Draw or Doubles."),
    )
    options = models.JSONField(_("style options"), default=dict, blank=True)
    format = models.CharField(_("format"), max_length=24, choices=format_choices)
    format_options = models.JSONField(_("format options"), default=dict, blank=True)
    play_mode = models.CharField(
        _("a table plays"), max_length=6, choices=PlayMode.choices, default=PlayMode.SET
    )
    games_per_table = models.PositiveSmallIntegerField(
        _("games per table"),
        null=True,
        blank=True,
        help_text=_("When a table plays a fixed number of games."),
    )
    points = models.JSONField(_("points per place"), default=default_points, blank=True)
    entry_cap = models.PositiveIntegerField(_("most entries"), null=True, blank=True)
    bots_fill = models.BooleanField(
        _("bots fill empty seats"), default=False, help_text=_("Bots may also be entered.")
    )
    bot_level = models.CharField(
        _("bot level"), max_length=10, choices=bot_level_choices, default="casual"
    )
    turn_clock = models.PositiveSmallIntegerField(_("turn clock (seconds)"), default=30)
    visibility = models.CharField(
        _("who sees it"), max_length=6, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    rated = models.BooleanField(
        _("rated"), default=True, help_text=_("The games of its tables change ratings.")
    )
    state = models.CharField(_("state"), max_length=12, choices=State.choices, default=State.DRAFT)
    registration_opens_at = models.DateTimeField(
        _("registration opens at"), null=True, blank=True,
        help_text=_("Empty: when the organiser opens it."),
    )  # fmt: skip
    checkin_opens_at = models.DateTimeField(
        _("check-in opens at"), null=True, blank=True,
        help_text=_("Empty: no check-in, unless the organiser opens it."),
    )  # fmt: skip
    starts_at = models.DateTimeField(
        _("starts at"), null=True, blank=True,
        help_text=_("Entries and check-in close and round 1 starts by itself. Empty: when the "
                    "organiser starts it."),
    )  # fmt: skip
    advance = models.CharField(
        _("each next round starts"), max_length=10, choices=Advance.choices, default=Advance.AUTO
    )
    pairing_pause = models.PositiveIntegerField(
        _("time to correct results before the next round (seconds)"), null=True, blank=True,
        default=120,
        help_text=_("From a round's last result until the next round is paired (after the last "
                    "round: until the event finishes), results can still be corrected. Empty: "
                    "wait for the director."),
    )  # fmt: skip
    round_pause = models.PositiveIntegerField(
        _("pause after seating (seconds)"), default=0,
        help_text=_("Between a round being seated and its tables starting: players see their "
                    "next table meanwhile."),
    )  # fmt: skip
    round_minutes = models.PositiveSmallIntegerField(
        _("round deadline (minutes)"), null=True, blank=True,
        help_text=_("Tables still playing then are adjudicated. Empty: no deadline."),
    )  # fmt: skip
    no_show = models.CharField(
        _("a player who does not come to the table"), max_length=8, choices=NoShow.choices,
        default=NoShow.FORFEIT,
        help_text=_(
            "A player not on the site when their table starts has a bot playing for them at "
            "once, until they come. One who has not come to the table by the end of the grace "
            "(and has no page of the site open) is a no-show."
        ),
    )  # fmt: skip
    no_show_grace = models.PositiveIntegerField(_("no-show grace (seconds)"), default=180)
    byes = models.CharField(
        _("byes in one-against-one and pair events"), max_length=8, choices=Byes.choices,
        default=Byes.SCORED,
    )  # fmt: skip
    same_deals = models.BooleanField(
        _("same deals at every table"), default=False,
        help_text=_("Every table of a round plays the same sequence of deals, seat by seat."),
    )  # fmt: skip
    scoring = models.CharField(
        _("scoring"), max_length=10, choices=Scoring.choices, default=Scoring.DUPLICATE,
        help_text=_("With same deals at every table: each deal compared across the tables "
                    "(duplicate), or places at each table. Without same deals, always places."),
    )  # fmt: skip
    separate_clubs = models.BooleanField(
        _("keep club-mates apart"), default=False,
        help_text=_("Swiss pairings avoid seating players of one club together where they can."),
    )  # fmt: skip
    moves_on_at = models.DateTimeField(
        _("moves on at"), null=True, blank=True, editable=False,
        help_text=_("Between rounds: when the schedule pairs the next round, or finishes the "
                    "event after its last (the end of the pause for corrections). Empty between "
                    "rounds: the event waits for the director."),
    )  # fmt: skip
    notice = models.CharField(
        _("what the schedule could not do"), max_length=300, blank=True, editable=False
    )
    notice_parts = models.JSONField(
        _("what the schedule could not do, to translate"), default=list, blank=True,
        editable=False,
        help_text=_("The note's sentences and their values, worded in the reader's language."),
    )  # fmt: skip
    notice_at = models.DateTimeField(_("schedule note time"), null=True, blank=True, editable=False)
    seed = models.BigIntegerField(
        pgettext_lazy("the number a shuffle starts from", "seed"), default=new_seed, editable=False
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-starts_at", "-created_at"]
        indexes = [models.Index(fields=["state", "visibility"])]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event", kwargs={"slug": self.slug})

    @property
    def notice_text(self) -> str:
        """The schedule's latest note in the reader's language (``messages``); a note stored
        before notes kept their sentences reads as it was stored."""
        return render(self.notice_parts, self.notice)

    @property
    def is_over(self) -> bool:
        return self.state in (self.State.FINISHED, self.State.CANCELLED)

    @property
    def kind(self) -> Kind:
        """Pairs, duellists, tables or rotating partners (``kinds.kind_of``; the services
        refuse fields that make no event, so stored ones always do)."""
        return kind_of(self.style, self.seats, self.options, self.format, self.format_options)

    @property
    def pairs(self) -> bool:
        return self.kind.pairs

    @property
    def duplicate(self) -> bool:
        """Whether the event scores each deal against every table that held it: only with
        same deals (the event form stores places when they are off, and a choice stored
        otherwise is ignored: without same deals there is nothing to compare)."""
        return self.same_deals and self.scoring == self.Scoring.DUPLICATE


class Entry(models.Model):
    """One entrant: a player, or a pair (player and partner) in events played by pairs."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        DISQUALIFIED = "disqualified", _("Disqualified")

    #: Statuses of an entry that is still in the event.
    ACTIVE = (Status.REGISTERED, Status.CHECKED_IN)

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="entries",
        verbose_name=_("player"),
    )  # fmt: skip
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="partnered_entries", verbose_name=_("partner"),
    )  # fmt: skip
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTERED
    )
    final_place = models.PositiveIntegerField(_("final place"), null=True, blank=True)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True,
        help_text=_("How many rounds had been made when the entry withdrew or was disqualified."),
    )  # fmt: skip
    groups = models.JSONField(
        _("kept apart from"), default=list, blank=True,
        help_text=_("Labels such as a family name: Swiss pairings keep entries sharing one apart."),
    )  # fmt: skip
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player")
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        if self.partner_id is None:
            return self.player.name
        return f"{self.player.name} & {self.partner.name}"

    @property
    def active(self) -> bool:
        return self.status in self.ACTIVE

    def people(self) -> list:
        return [self.player] if self.partner_id is None else [self.player, self.partner]


class Stage(models.Model):
    class Kind(models.TextChoices):
        MAIN = "main", _("Main")
        POOLS = "pools", _("Pools")
        PLAYOFF = "playoff", _("Playoff")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="stages", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.MAIN)
    name = models.CharField(_("name"), max_length=60, blank=True)

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_stage_number")
        ]

    def __str__(self) -> str:
        return self.title or self.get_kind_display()

    @property
    def title(self) -> str:
        """The stage's name for a page, in the current language: the names the rounds
        service gives ("Pools", "Playoff", stored in English) read as the kind's label; ""
        for the main stage (a one-stage event's rounds need no stage name)."""
        if self.name in ("", *DEFAULT_STAGE_NAMES):
            return "" if self.kind == self.Kind.MAIN else str(self.get_kind_display())
        return self.name


#: The names ``services.rounds`` stores for the stages it makes (English, shown translated).
DEFAULT_STAGE_NAMES = ("Pools", "Playoff")

#: "Pool B": how a round robin names a pool's tables (``formats.round_robin``).
POOL_LABEL = re.compile(r"^Pool (?P<name>\w+)$")


def table_label(label: str) -> str:
    """A table's label in the current language. The formats write theirs in English for the
    CLI and the tests ("Pool B"; a bye against a bot is stored as "Bye"); codes such as "W2-1"
    or "K1-3" read the same in every language."""
    if label == "Bye":
        return str(_("Bye"))
    pool = POOL_LABEL.match(label or "")
    if pool:
        return str(_("Pool %(name)s") % {"name": pool["name"]})
    return label or ""


class Round(models.Model):
    class State(models.TextChoices):
        SEATED = "seated", _("Seated, waiting to start")
        RUNNING = "running", _("Being played")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournament")
    )
    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("stage")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.RUNNING
    )
    byes = models.JSONField(
        _("byes"), default=list, blank=True, help_text=_("Entry ids sitting out.")
    )
    walkovers = models.JSONField(
        _("walkovers"), null=True, blank=True, default=list,
        help_text=_("Entry ids going through without playing: their opponent had withdrawn. "
                    "Empty (null) for rounds made before walkovers were recorded."),
    )  # fmt: skip
    starts_at = models.DateTimeField(
        _("starts at"), null=True, blank=True,
        help_text=_("When a seated round's tables start by themselves; empty: when the organiser "
                    "starts them."),
    )  # fmt: skip
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    deadline = models.DateTimeField(
        _("deadline"),
        null=True,
        blank=True,
        help_text=_("Tables still playing then are adjudicated."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number")
        ]
        indexes = [models.Index(fields=["state", "starts_at"])]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        word = _("round")
        return f"{self.tournament} · {word} {self.number}"


class TableAssignment(models.Model):
    """One table of a round: who sits in each of the format's seats, the games table they
    play at, and the result (places and points per format seat) with any override."""

    class State(models.TextChoices):
        SEATED = "seated", _("Seated")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    label = models.CharField(_("label"), max_length=20, blank=True)
    seats = models.JSONField(
        _("seats"), help_text=_("Entry ids in the format's seat order; null is a bot.")
    )
    table = models.ForeignKey(
        Table,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("game table"),
    )
    match = models.ForeignKey(
        Match,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("set"),
    )
    places = models.JSONField(_("places"), null=True, blank=True)
    points = models.JSONField(_("points"), null=True, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.SEATED)
    bye = models.BooleanField(
        _("bye"), default=False,
        help_text=_(
            "A bye played against a bot: not one of the format's tables; it scores nothing."
        ),
    )  # fmt: skip
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    presence_checked = models.BooleanField(
        _("no-shows looked for"),
        default=False,
        help_text=_("Its players were looked for once the no-show grace ran out."),
    )
    forfeited = models.JSONField(
        _("forfeited"),
        default=list,
        blank=True,
        help_text=_("Entry ids that lost this table by not coming."),
    )
    adjudicated = models.BooleanField(
        _("adjudicated"),
        default=False,
        help_text=_("Decided at the round's deadline by the adjudication rule."),
    )
    overridden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("overridden by"),
    )
    override_reason = models.CharField(_("reason"), max_length=200, blank=True)
    overridden_at = models.DateTimeField(_("overridden"), null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_number")]
        # the schedule's sweep looks for tables being played whose players were not looked for
        indexes = [models.Index(fields=["state", "presence_checked"], name="table_presence_due")]
        # "event table": the admin lists the games' own tables too ("game tables")
        verbose_name = _("event table")
        verbose_name_plural = _("event tables")

    def __str__(self) -> str:
        word = _("table")
        return f"{self.round} · {word} {self.number}"


class EventLog(models.Model):
    """One entry of an event's log: a mistake its director put right (a result recorded or
    overridden by hand, a round taken back, voided or paired again, the event reopened and
    finished again), with who, when and why; and a table forfeited at the table (a player
    resigned or left it: ``services.schedule.forfeit_by_giving_up``), which the director
    should know of as well.

    A round taken back or voided is gone from the event's rows (the formats see the event as
    if it had never been made), so its entry keeps what it was in ``details``: its tables with
    who sat where, their places and points and games tables, its byes and walkovers. The run
    page lists the log newest first, and the organisers' CSV file holds it all."""

    class Kind(models.TextChoices):
        OVERRIDE = "override", _("Result set by hand")
        UNDO = "undo", _("Round taken back")
        VOID = "void", _("Round voided")
        REPAIR = "repair", _("Round paired again")
        REOPEN = "reopen", _("Event reopened")
        FINISH = "finish", _("Event finished again")
        GAVE_UP = "gave_up", _("Table forfeited at the table")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="log", verbose_name=_("tournament")
    )
    kind = models.CharField(_("what"), max_length=10, choices=Kind.choices)
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("by"),
    )  # fmt: skip
    at = models.DateTimeField(_("when"), default=timezone.now)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    details = models.JSONField(
        _("details"), default=dict, blank=True,
        help_text=_("What was changed: a result before and after, or the round set aside."),
    )  # fmt: skip

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["tournament", "kind", "round"], name="event_log_kind")]
        verbose_name = _("log entry")
        verbose_name_plural = _("log")

    def __str__(self) -> str:
        return f"{self.tournament} · {self.get_kind_display()}"
