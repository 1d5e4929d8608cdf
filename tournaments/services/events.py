"""An event's life: created as a draft, registration, check-in, running, finished (or
cancelled at any point before it finishes).

The event's shape (style, seats, style options, format and its options, what a table plays,
points) is checked as a whole whenever it is set: the style and format must make an event
(``kinds``), the format must accept its options (``make_format``) and the games engine the
style's options at every table size the format may use. It can change until the first entry
comes in; names, dates, the cap, the clock and visibility until the event starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Club
from clubs.services import can_organise
from games import bots
from games.services import play
from games.services.errors import TableError

from ..formats import ENTRY_LIMIT, EntryCountError, FormatError, RoundPlan, State
from ..kinds import KindError
from ..models import Entry, EventLog, Round, TableAssignment, Tournament
from . import deals, event_log, notify
from .access import require_organiser
from .errors import NotNow, TournamentError, explained, state_phrase
from .locks import locked
from .notes import no_shows_withdrawn
from .rounds import entry_count_problem, next_of, start_tables, store_round
from .state import Snapshot, format_of, snapshot

#: The schedule and its policies (issue 15): they may change until the event starts.
SCHEDULE = ("registration_opens_at", "checkin_opens_at", "advance", "pairing_pause",
            "round_pause", "round_minutes", "no_show", "no_show_grace", "byes", "same_deals",
            "scoring", "separate_clubs")  # fmt: skip
#: Fields that make the event's shape: fixed once anyone has entered.
SHAPE = ("style", "seats", "options", "format", "format_options", "play_mode",
         "games_per_table", "points", "bots_fill")  # fmt: skip
#: Fields that may change until the event starts.
DETAILS = ("name", "starts_at", "entry_cap", "turn_clock", "visibility", "bot_level", "rated",
           *SCHEDULE)  # fmt: skip
#: Every field an organiser sets.
FIELDS = (*DETAILS, *SHAPE)
#: States in which seeds may still change.
SEEDABLE = ("draft", "registration", "checkin")
#: Slugs the event URLs use for pages of their own.
RESERVED_SLUGS = {"mine", "new", "club"}
MAX_TURN_CLOCK = 600
#: The longest pause for corrections between rounds, in seconds (a day).
MAX_PAUSE = 86_400


def create(club: Club, by, **fields: Any) -> Tournament:
    """A new event of ``club``, as a draft (organisers of the club only)."""
    if not can_organise(club, by):
        raise TournamentError(_("Only the club's organisers may create its events."))
    unknown = set(fields) - set(SHAPE) - set(DETAILS)
    if unknown:
        raise TournamentError(_("Unknown fields: %(f)s") % {"f": ", ".join(sorted(unknown))})
    tournament = Tournament(club=club, created_by=by, **fields)
    tournament.name = " ".join((tournament.name or "").split())
    check(tournament)
    with transaction.atomic():
        tournament.slug = _free_slug(tournament.name)
        tournament.save()
    return tournament


def _free_slug(name: str) -> str:
    base = slugify(name)[:50] or "event"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def update(tournament: Tournament, by, **fields: Any) -> Tournament:
    """Change a draft, or an event open for registration (its shape only while nobody has
    entered)."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        check_update(tournament)
        unknown = set(fields) - set(SHAPE) - set(DETAILS)
        if unknown:
            raise TournamentError(_("Unknown fields: %(f)s") % {"f": ", ".join(sorted(unknown))})
        changed = [k for k in SHAPE if k in fields and fields[k] != getattr(tournament, k)]
        if changed and tournament.entries.exists():
            raise TournamentError(
                _(
                    "Players have entered: the style, format and what a table plays can no "
                    "longer change. Cancel the event and create another instead."
                )
            )
        for key, value in fields.items():
            setattr(tournament, key, value)
        tournament.name = " ".join((tournament.name or "").split())
        check(tournament)
        tournament.save()
    return tournament


def check_update(tournament: Tournament) -> None:
    """Refuse changing the event now: it can be edited only before check-in opens."""
    if tournament.state not in (Tournament.State.DRAFT, Tournament.State.REGISTRATION):
        raise NotNow(
            _("The event is %(state)s: it can be changed only before check-in opens.")
            % {"state": state_phrase(tournament.state)}
        )


def check(tournament: Tournament) -> None:
    """Refuse fields that do not make an event, saying what would."""
    if not tournament.name:
        raise TournamentError(_("An event needs a name."))
    try:
        kind = tournament.kind
    except KindError as error:
        raise TournamentError(str(error)) from None
    if not isinstance(tournament.options, Mapping) or not isinstance(
        tournament.format_options, Mapping
    ):
        raise TournamentError(_("Options are written as an object of names and values."))
    fmt = format_of(tournament)
    sizes = {tournament.seats}
    if not kind.two_party:
        seating = getattr(fmt, "seating", None)
        sizes = set(seating.sizes) if seating is not None else {tournament.seats}
        sizes |= {4} if kind.partnerships else set()
    for size in sorted(sizes):
        try:
            play.validate_options(tournament.style, size, dict(tournament.options))
        except TableError as error:
            raise TournamentError(str(error)) from None
    if tournament.play_mode == Tournament.PlayMode.GAMES:
        if not tournament.games_per_table or tournament.games_per_table < 1:
            raise TournamentError(_("Say how many games each table plays."))
    elif tournament.play_mode != Tournament.PlayMode.SET:
        raise TournamentError(_("A table plays a whole set or a number of games."))
    if tournament.entry_cap is not None and tournament.entry_cap < 2:
        raise TournamentError(_("An event needs room for at least 2 entries."))
    if tournament.entry_cap is not None and tournament.entry_cap > ENTRY_LIMIT:
        raise TournamentError(
            _("An event takes at most %(n)s entries.")
            % {"n": number_format(ENTRY_LIMIT, force_grouping=True)}
        )
    if tournament.bot_level not in bots.LEVELS:
        raise TournamentError(_("There is no such bot level."))
    if not 0 <= (tournament.turn_clock or 0) <= MAX_TURN_CLOCK:
        raise TournamentError(
            _("A turn clock runs from 0 (none) to %(n)s seconds.") % {"n": MAX_TURN_CLOCK}
        )
    if tournament.visibility not in Tournament.Visibility.values:
        raise TournamentError(_("An event is public or for club members only."))
    check_schedule(tournament)


def check_schedule(tournament: Tournament) -> None:
    """Registration opens before check-in, and check-in before the start; the policies are
    ones the schedule knows."""
    times = [
        (tournament.registration_opens_at, _("registration opens")),
        (tournament.checkin_opens_at, _("check-in opens")),
        (tournament.starts_at, _("the event starts")),
    ]
    known = [(when, what) for when, what in times if when is not None]
    for (early, first), (late, then) in pairwise(known):
        if late < early:
            raise TournamentError(
                _("The time %(first)s must come before the time %(then)s.")
                % {"first": first, "then": then}
            )
    if tournament.checkin_opens_at is not None and tournament.starts_at is None:
        raise TournamentError(_("Check-in at a set time needs a start time to close it."))
    pause = tournament.pairing_pause
    if pause is not None and not (isinstance(pause, int) and 0 <= pause <= MAX_PAUSE):
        raise TournamentError(
            _("The time to correct results runs from 0 to %(n)s seconds, or until you say.")
            % {"n": MAX_PAUSE}
        )
    choices = ((tournament.advance, Tournament.Advance), (tournament.no_show, Tournament.NoShow),
               (tournament.byes, Tournament.Byes),
               (tournament.scoring, Tournament.Scoring))  # fmt: skip
    if any(value not in kind.values for value, kind in choices):
        raise TournamentError(_("Choose one of the options offered."))


#: The state each step moves an event on from.
OPENS_REGISTRATION = (Tournament.State.DRAFT,)
OPENS_CHECKIN = (Tournament.State.REGISTRATION,)


def _require_state(tournament: Tournament, allowed: tuple[str, ...]) -> None:
    if tournament.state not in allowed:
        raise NotNow(
            _("The event is %(state)s: that step does not apply now.")
            % {"state": state_phrase(tournament.state)}
        )


def check_open_registration(tournament: Tournament) -> None:
    _require_state(tournament, OPENS_REGISTRATION)


def check_open_checkin(tournament: Tournament) -> None:
    _require_state(tournament, OPENS_CHECKIN)


def _move(tournament: Tournament, by, allowed: tuple[str, ...], to: str) -> Tournament:
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        _require_state(tournament, allowed)
        tournament.state = to
        tournament.save(update_fields=["state", "updated_at"])
        notify.event_changed(tournament.pk)
    return tournament


def open_registration(tournament: Tournament, by) -> Tournament:
    return _move(tournament, by, OPENS_REGISTRATION, Tournament.State.REGISTRATION)


def open_checkin(tournament: Tournament, by) -> Tournament:
    opened = _move(tournament, by, OPENS_CHECKIN, Tournament.State.CHECKIN)
    notify.seats_changed(tournament.pk)  # each entrant's notice: check in now
    return opened


def start(tournament: Tournament, by) -> Round:
    """Close entries and play round 1.

    From check-in, only the entries that checked in play: the others are withdrawn (no-shows).
    The format is asked first whether it can take the count; if not, nothing changes and the
    organiser reads what would work.
    """
    require_organiser(tournament, by)
    with transaction.atomic():
        return begin(locked(tournament))


def begin(tournament: Tournament) -> Round:
    """Start a locked event taking entries (the organiser's start, or the schedule's at
    ``starts_at``); a TournamentError if the format cannot take the entries."""
    check_start(tournament)
    active = tournament.entries.filter(status__in=Entry.ACTIVE)
    if tournament.state == Tournament.State.CHECKIN:
        _withdraw_no_shows(tournament, active)
    tournament.state = Tournament.State.RUNNING
    tournament.save(update_fields=["state", "updated_at"])
    row = store_round(tournament, next_of(snapshot(tournament)))
    start_tables(tournament, row)
    return row


def check_start(tournament: Tournament) -> None:
    """Refuse, with the reason, starting the event now: it is not taking entries, or its
    format cannot take those who would play (from check-in, only those checked in)."""
    if tournament.state not in (Tournament.State.REGISTRATION, Tournament.State.CHECKIN):
        raise NotNow(
            _("The event is %(state)s: only an event taking entries can start.")
            % {"state": state_phrase(tournament.state)}
        )
    active = tournament.entries.filter(status__in=Entry.ACTIVE)
    checked_in = None
    if tournament.state == Tournament.State.CHECKIN:
        playing = active.filter(status=Entry.Status.CHECKED_IN).count()
        checked_in = (playing, active.count())
    else:
        playing = active.count()
    fmt = format_of(tournament)
    try:
        fmt.check_entries(playing)
    except EntryCountError as error:
        raise entry_count_problem(tournament, error, checked_in) from None
    except FormatError as error:
        raise explained(error) from None


def first_round(tournament: Tournament, snap: Snapshot | None = None) -> RoundPlan:
    """Round 1 as the start would make it now, stored nowhere (a director's preview before the
    start): from check-in, of the entries checked in only, as the start withdraws the others.
    The event's seed makes the start store exactly this, while the entries stay as they are.
    A TournamentError says why the event cannot start now."""
    check_start(tournament)
    snap = snap if snap is not None else snapshot(tournament)
    entrants = snap.state.entrants
    if tournament.state == Tournament.State.CHECKIN:
        here = {pk for pk, e in snap.entries.items() if e.status == Entry.Status.CHECKED_IN}
        entrants = tuple(e for e in entrants if e.id in here)
    playing = Snapshot(tournament, snap.format, State(entrants, ()), snap.entries, [])
    return next_of(playing)


def _withdraw_no_shows(tournament: Tournament, active) -> None:
    """At the start from check-in, the entries that did not check in are withdrawn before
    round 1 is made (``withdrawn_after_round`` 0: they never played, so they have no line in
    the standings), and the event's notice names them and says why, for the organiser's page
    and the event's (``notes.no_shows_withdrawn``). Entries an organiser made count as checked
    in (``entries``), so this is only people who entered themselves and never came."""
    missing = active.filter(status=Entry.Status.REGISTERED).select_related("player", "partner")
    missing = list(missing)
    if not missing:
        return
    Entry.objects.filter(pk__in=[e.pk for e in missing]).update(
        status=Entry.Status.WITHDRAWN, withdrawn_after_round=0
    )
    no_shows_withdrawn(tournament, [e.name for e in missing], timezone.now())


def finish(tournament: Tournament, by) -> Tournament:
    """End the event: every entry's final place from the format's standings (an elimination
    format's place, or the rank). Refused while a table of the last round has no result, and
    for a knockout before it has its champion; a Swiss or round robin may end early, also
    with its next round seated: a round none of whose tables has started is dropped, since
    nothing of it was played (the schedule seats the next round as soon as one ends)."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        dropped = _drop_seated_round(tournament)
        close(tournament)  # a refusal rolls the drop back
        if tournament.log.filter(kind=EventLog.Kind.REOPEN).exists():
            event_log.write(tournament, EventLog.Kind.FINISH, by)
        if dropped:
            notify.seats_changed(tournament.pk)
        return tournament


def check_finish(tournament: Tournament, snap: Snapshot | None = None) -> None:
    """Refuse, with the reason, finishing the event now (``finish``: a seated round that
    nothing of was played is dropped first, so the rest is judged without it)."""
    _require_running_to_finish(tournament)
    snap = snap if snap is not None else snapshot(tournament)
    if snap.rounds and _droppable(snap.rounds[-1], snap.rounds[-1].table_list):
        snap = snap.without_last_round()
    _require_finishable(snap)


def _droppable(row: Round, tables) -> bool:
    """A seated round none of whose tables has a games table or a result typed in before
    the start (a finish waits for such a result): nothing of it was played."""
    if row.state != Round.State.SEATED:
        return False
    return not any(t.places is not None or t.table_id is not None for t in tables)


def _drop_seated_round(tournament: Tournament) -> bool:
    last = tournament.rounds.order_by("-number").first()
    if last is None or not _droppable(last, last.tables.all()):
        return False
    stage = last.stage
    last.delete()  # its table assignments go with it; none has a games table yet
    if not stage.rounds.exists():
        stage.delete()  # a playoff stage that its first round had opened
    return True


def close(tournament: Tournament) -> Tournament:
    """Finish a locked running event (the organiser's finish, or the schedule's once the
    format is finished); a TournamentError says why it cannot yet."""
    _require_running_to_finish(tournament)
    snap = snapshot(tournament)
    _require_finishable(snap)
    places = {row.entrant: row.place or row.rank for row in snap.standings()}
    for entry in snap.entries.values():
        entry.final_place = places.get(entry.pk)
    Entry.objects.bulk_update(snap.entries.values(), ["final_place"])
    tournament.state, tournament.moves_on_at = Tournament.State.FINISHED, None
    tournament.save(update_fields=["state", "moves_on_at", "updated_at"])
    notify.event_changed(tournament.pk)
    return tournament


def _require_running_to_finish(tournament: Tournament) -> None:
    if tournament.state != Tournament.State.RUNNING:
        raise NotNow(
            _("The event is %(state)s: only a running event can finish.")
            % {"state": state_phrase(tournament.state)}
        )


def _require_finishable(snap: Snapshot) -> None:
    """Refuse a finish while a table of the last round has no result, or a knockout has no
    champion yet."""
    if snap.rounds and snap.rounds[-1].state != Round.State.FINISHED:
        last = snap.rounds[-1]
        waiting = [t.number for t in last.table_list if t.places is None]
        raise TournamentError(
            ngettext(
                "Round %(round)s is still being played (table %(tables)s): record its result "
                "first.",
                "Round %(round)s is still being played (tables %(tables)s): record their "
                "results first.",
                len(waiting),
            )
            % {"round": last.number, "tables": ", ".join(map(str, waiting))}
        )
    if snap.awaits_champion():
        raise TournamentError(
            _("The knockout has no champion yet: generate its next round, or cancel the event.")
        )


def reopen(tournament: Tournament, by, reason: str) -> Tournament:
    """Open a finished event again for a late correction, with a reason (kept in the log). Its
    final places are cleared (a finish works them out again) and it waits for the director:
    the schedule neither finishes it nor pairs another round until the director says, so the
    director corrects what was wrong and finishes it again."""
    require_organiser(tournament, by)
    reason = given_reason(reason)
    with transaction.atomic():
        tournament = locked(tournament)
        check_reopen(tournament)
        tournament.state, tournament.moves_on_at = Tournament.State.RUNNING, None
        tournament.save(update_fields=["state", "moves_on_at", "updated_at"])
        tournament.entries.update(final_place=None)
        event_log.write(tournament, EventLog.Kind.REOPEN, by, reason=reason)
        notify.event_changed(tournament.pk)
        notify.seats_changed(tournament.pk)
    return tournament


def check_reopen(tournament: Tournament) -> None:
    """Refuse reopening the event now: only a finished event reopens."""
    if tournament.state != Tournament.State.FINISHED:
        raise NotNow(
            _("The event is %(state)s: only a finished event can be reopened.")
            % {"state": state_phrase(tournament.state)}
        )


#: How long a reason kept in the log may be (``EventLog.reason``, a table's override reason).
REASON_LENGTH = 200


def given_reason(reason: str) -> str:
    """The reason an organiser gave, on one line and cut to what is kept; refused if empty."""
    reason = " ".join(str(reason or "").split())[:REASON_LENGTH]
    if not reason:
        raise TournamentError(_("Say why: the reason is kept in the event's log."))
    return reason


def cancel(tournament: Tournament, by) -> Tournament:
    """Call the event off; sets still being played at its tables are abandoned."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        check_cancel(tournament)
        tournament.state = Tournament.State.CANCELLED
        tournament.save(update_fields=["state", "updated_at"])
        notify.event_changed(tournament.pk)
        playing = TableAssignment.objects.filter(
            round__tournament=tournament, state=TableAssignment.State.PLAYING
        ).select_related("table")
        for assignment in playing:
            if assignment.table is not None:
                play.abandon(assignment.table)
        deals.unseal_event(tournament)  # no round will finish now: same deals become public
    return tournament


def check_cancel(tournament: Tournament) -> None:
    """Refuse cancelling the event now: it is over already."""
    if tournament.is_over:
        raise NotNow(
            _("The event is %(state)s already.") % {"state": state_phrase(tournament.state)}
        )
