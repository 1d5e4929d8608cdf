"""The schedule: an event that runs itself, one idempotent ``step`` at a time.

``step(tournament_id)`` does whatever is due for the event now, under the event's row lock, and
nothing else: open registration and check-in at their times, start the event at ``starts_at``,
seat the next round once the last table of the one before finishes and start it (at once, after
the pause, or when the organiser says), look for players who never came to their table once the
no-show grace has run out, adjudicate the tables still playing at a round's deadline, and finish
the event once its format is finished. Everything it does is decided from the rows as they stand
under the lock, so a step run twice, late, or by two workers at once does each thing once: two
tables finishing together queue two steps, and the second finds the next round seated already.

Steps are queued by name (``jobs``): by the results when a round's last table is in, by the
step itself for the next time something falls due (``step_at``), and by ``sweep`` (beat, every
few seconds), which finds every event with something due by indexed queries, so a lost task or a
restarted worker costs a few seconds. What a step could not do is kept in ``Tournament.notice``
(``notes``: as sentences translated when read) for the organiser (and the step tries again at
the next sweep); the latest notice stays, with its time, until another replaces it.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Min, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Table
from games.services import play, presence, standing
from games.services.errors import TableError

from ..formats import FormatError
from ..models import Entry, EventLog, Round, TableAssignment, Tournament
from ..placing import after_forfeits, competition_ranks, seats_per_format_seat
from . import attendance, event_log, jobs, notify
from .access import require_organiser
from .errors import NotNow, TournamentError, explained
from .events import begin, close
from .locks import locked
from .notes import keep_refusal
from .results import settle
from .rounds import hold as hold_event
from .rounds import next_of, start_tables, store_round
from .state import snapshot

log = logging.getLogger(__name__)

TAKING_ENTRIES = (Tournament.State.REGISTRATION, Tournament.State.CHECKIN)


def step(tournament_id: int, now: datetime | None = None) -> list[str]:
    """Do what is due for the event now; returns what was done (for logs and tests)."""
    with transaction.atomic():
        try:
            tournament = locked(tournament_id)
        except Tournament.DoesNotExist:
            return []
        now = now or timezone.now()
        done: list[str] = []
        try:
            with transaction.atomic():  # what a refused step did is undone, its notice kept
                _entries(tournament, now, done)
                if tournament.state == Tournament.State.RUNNING:
                    _rounds(tournament, now, done)
        except TournamentError as error:
            tournament.refresh_from_db()
            keep_refusal(tournament, error, now)
            done[:] = ["notice"]
        if done:
            notify.event_changed(tournament.pk)
            _queue_next(tournament, now)
    if done:
        log.info("event %s: %s", tournament_id, ", ".join(done))
    return done


# -- before the event: registration, check-in, the start -----------------------------------------


def _entries(tournament: Tournament, now: datetime, done: list[str]) -> None:
    due = _due(tournament.registration_opens_at, now)
    if tournament.state == Tournament.State.DRAFT and due:
        _move(tournament, Tournament.State.REGISTRATION)
        done.append("registration")
    due = _due(tournament.checkin_opens_at, now)
    if tournament.state == Tournament.State.REGISTRATION and due:
        _move(tournament, Tournament.State.CHECKIN)
        notify.seats_changed(tournament.pk)  # each entrant's notice: check in now
        done.append("checkin")
    if tournament.state in TAKING_ENTRIES and _due(tournament.starts_at, now):
        with transaction.atomic():  # a start refused leaves the event as it was
            begin(tournament)
        done.append("start")


def _move(tournament: Tournament, state: str) -> None:
    tournament.state = state
    tournament.save(update_fields=["state", "updated_at"])


def _due(when: datetime | None, now: datetime) -> bool:
    return when is not None and when <= now


# -- a running event: rounds, no-shows, deadlines, the finish ---------------------------------


def _rounds(tournament: Tournament, now: datetime, done: list[str]) -> None:
    row = tournament.rounds.order_by("-number").first()
    if row is not None and row.state == Round.State.SEATED:
        if _due(row.starts_at, now):
            start_tables(tournament, row)
            done.append(f"round {row.number} started")
        return
    if row is not None and row.state == Round.State.RUNNING:
        checked = _no_shows(tournament, row, now)
        if checked:
            done.append(f"no-shows looked for at {checked} tables")
        if _due(row.deadline, now):
            judged = adjudicate(tournament, row)
            done.append(f"{judged} tables adjudicated")
        row.refresh_from_db()
        if row.state != Round.State.FINISHED:
            return
    # between rounds: the pause for corrections runs, or the event waits for the director
    if not _moves_on(tournament, now):
        return
    snap = snapshot(tournament)
    if snap.rounds and snap.format.is_finished(snap.state):
        close(tournament)
        done.append("finished")
        return
    # seated once the pause for corrections is over; the pause after seating runs between
    # seating and starting, so players see their next table meanwhile
    new = store_round(tournament, next_of(snap))
    done.append(f"round {new.number} seated")
    notify.seats_changed(tournament.pk)
    if new.state == Round.State.FINISHED:  # nobody to seat (every entry has a bye)
        return
    if tournament.advance == Tournament.Advance.AUTO:
        pause = timedelta(seconds=tournament.round_pause)
        new.starts_at = now + pause
        new.save(update_fields=["starts_at"])
        if not pause:
            start_tables(tournament, new)
            done.append(f"round {new.number} started")


def _moves_on(tournament: Tournament, now: datetime) -> bool:
    """Whether the event between rounds moves on now: its pause for corrections is over (a
    pause of none ends as the round does). Without a time it waits for the director."""
    at = tournament.moves_on_at
    return at is not None and at <= max(now, timezone.now())


def _queue_next(tournament: Tournament, now: datetime) -> None:
    """Queue a step for the next time something of this event falls due (within the horizon;
    the sweep finds the rest)."""
    times: list[datetime | None] = []
    if tournament.state == Tournament.State.DRAFT:
        times.append(tournament.registration_opens_at)
    if tournament.state == Tournament.State.REGISTRATION:
        times.append(tournament.checkin_opens_at)
    if tournament.state in TAKING_ENTRIES:
        times.append(tournament.starts_at)
    if tournament.state == Tournament.State.RUNNING:
        row = tournament.rounds.order_by("-number").first()
        if row is not None and row.state == Round.State.SEATED:
            times.append(row.starts_at)
        times.append(tournament.moves_on_at)  # set between rounds only
    upcoming = [t for t in times if t is not None and t > now]
    if upcoming:
        jobs.step_at(tournament.pk, min(upcoming))


# -- no-shows --------------------------------------------------------------------------------


def _no_shows(tournament: Tournament, row: Round, now: datetime) -> int:
    """Once the grace after a table's start has run out, its players who never came get a bot
    standing in; those of them with no page of the site open either (``attendance``) are
    no-shows, and with ``no_show = forfeit`` (the default) their entry loses the table; with
    ``bot`` the bot's result is theirs. Each table is looked at once. Returns how many tables
    were looked at."""
    grace = now - timedelta(seconds=tournament.no_show_grace)
    tables = row.tables.filter(
        state=TableAssignment.State.PLAYING, presence_checked=False, started_at__lte=grace
    )
    count = 0
    for assignment in tables.select_for_update(of=("self",)):
        _look_for_players(tournament, assignment)
        count += 1
    return count


def _look_for_players(tournament: Tournament, assignment: TableAssignment) -> None:
    assignment.presence_checked = True
    never = dict(standing.seats_never_joined(assignment.table_id)) if assignment.table_id else {}
    around = attendance.who_is_here(never.values())  # on the site, if not at the table
    absent = {seat: person for seat, person in never.items() if person not in around}
    seat_of_person = {person: seat for seat, person in absent.items()}
    forfeiting: list[int] = []
    if tournament.no_show == Tournament.NoShow.FORFEIT and not assignment.bye:
        entries = Entry.objects.filter(pk__in=[s for s in assignment.seats if s is not None])
        for entry in entries:
            people = [p for p in (entry.player_id, entry.partner_id) if p is not None]
            if people and all(p in seat_of_person for p in people):
                forfeiting.append(entry.pk)
    for seat_id in never:  # the table plays on at a bot's speed, forfeited or not; someone
        presence.stand_in_now(seat_id)  # on the site takes the seat back by opening the table
    earlier = list(assignment.forfeited)  # entries that left the event meanwhile
    assignment.forfeited = earlier + [pk for pk in forfeiting if pk not in earlier]
    assignment.save(update_fields=["presence_checked", "forfeited"])
    present = _still_in(assignment)
    if forfeiting and len(present) <= 1 and len(present) < len(assignment.seats):
        _settle_forfeit(tournament, assignment)


def _settle_forfeit(tournament: Tournament, assignment: TableAssignment) -> None:
    """Forfeits left one entry (or none) to play for: the table is decided now, those who came
    first (ahead of the bots filling empty seats: a player whose opponents never came wins the
    table outright), the bots next, the forfeiters after them in seat order, and its games set
    is closed."""
    seats = assignment.seats
    if all(s in assignment.forfeited for s in seats if s is not None):
        return  # nobody came at all: the bots play it out and that result stands
    came_first = [2 if who is None else 1 for who in seats]
    places = after_forfeits(came_first, seats, assignment.forfeited)
    settle(tournament, assignment, places, decided="forfeit")
    _close_set(assignment)


# -- deadlines -------------------------------------------------------------------------------


def adjudicate(tournament: Tournament, row: Round) -> int:
    """Decide every table of the round still without a result, by the adjudication rule, and
    close its games set. Returns how many tables were decided. Call with the event locked.

    The rule, per party at the table: the set score as it stands (its totals: games won or
    points, the lower the better in French), then the fewer pips left in hand over the set's
    finished games, then the fewer pips in hand in the game being played, then the better seed,
    then the earlier seat (an adjudicated table never ties). Entries that forfeited the table
    still come last.
    """
    judged = 0
    unfinished = row.tables.filter(places__isnull=True).order_by("number")
    for assignment in unfinished.select_for_update(of=("self",)):
        places = adjudicated_places(tournament, assignment)
        if assignment.forfeited:
            places = after_forfeits(places, assignment.seats, assignment.forfeited)
        assignment.adjudicated = True
        assignment.save(update_fields=["adjudicated"])
        settle(tournament, assignment, places)
        _close_set(assignment)
        judged += 1
    return judged


def adjudicated_places(tournament: Tournament, assignment: TableAssignment) -> list[int]:
    """Places per format seat by the adjudication rule (``adjudicate``)."""
    size = len(assignment.seats)
    now = standing.set_standing(assignment.match_id) if assignment.match_id else None
    if now is None:  # never dealt: seed, then seat
        seeds = _seeds(assignment)
        return competition_ranks([(seeds[i], i) for i in range(size)])
    sign = 1 if now.low_totals_win else -1
    seeds = _seeds(assignment)
    per_seat = seats_per_format_seat(tournament.kind.pairs, size)
    party_of = {seat: p for p, members in enumerate(now.parties) for seat in members}
    keys = []
    for index, games_seats in enumerate(per_seat):
        p = party_of[games_seats[0]]
        keys.append(
            (sign * now.totals[p], now.finished_pips[p], now.in_hand[p], seeds[index], index)
        )
    return competition_ranks(keys)


def _seeds(assignment: TableAssignment) -> list[int]:
    known = dict(
        Entry.objects.filter(pk__in=[s for s in assignment.seats if s is not None]).values_list(
            "pk", "seed"
        )
    )
    return [known.get(s) or 10**9 for s in assignment.seats]


def _close_set(assignment: TableAssignment) -> None:
    """End the games set of a table decided here: closed between games (it counts, as a set
    ended after a fixed number of games does), abandoned in the middle of one."""
    if assignment.table_id is None:
        return
    try:
        if assignment.match_id and play.close_set(assignment.match_id, "deadline"):
            return
    except TableError:
        pass  # a game is being played: it is abandoned with the set
    play.abandon(Table.objects.get(pk=assignment.table_id))


# -- the organiser's hand --------------------------------------------------------------------


def start_seated_round(tournament: Tournament, by, when: datetime | None = None) -> Round:
    """The organiser starts the seated round now, or sets the time it starts by itself."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        row = check_round_time(tournament)
        if when is None or when <= timezone.now():
            row.starts_at = timezone.now()
            row.save(update_fields=["starts_at"])
            start_tables(tournament, row)
        else:
            row.starts_at = when
            row.save(update_fields=["starts_at"])
            jobs.step_at(tournament.pk, when)
        notify.event_changed(tournament.pk)
    return row


def check_round_time(tournament: Tournament) -> Round:
    """The seated round whose start the organiser may set, or NotNow saying there is none."""
    row = tournament.rounds.order_by("-number").first()
    if tournament.state != Tournament.State.RUNNING or row is None:
        raise NotNow(_("No round is waiting to start."))
    if row.state != Round.State.SEATED:
        raise NotNow(_("Round %(n)s has started already.") % {"n": row.number})
    return row


def hold(tournament: Tournament, by) -> Tournament:
    """The director stops the pause's countdown: the event waits between rounds until they
    seat the next round (or finish the event) themselves."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        check_hold(tournament)
        hold_event(tournament)
        notify.event_changed(tournament.pk)
    return tournament


def check_hold(tournament: Tournament) -> None:
    """Refuse holding the event now: only a pause between rounds that counts down holds."""
    if tournament.state != Tournament.State.RUNNING or tournament.moves_on_at is None:
        raise NotNow(_("No pause is counting down."))


def adjudicate_now(tournament: Tournament, by) -> int:
    """The organiser decides the running round's unfinished tables now, by the adjudication
    rule (their games sets are closed; every game played so far is kept)."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        row = check_adjudicate(tournament)
        try:
            judged = adjudicate(tournament, row)
        except FormatError as error:
            raise explained(error) from None
        jobs.step_now(tournament.pk)
    return judged


def check_adjudicate(tournament: Tournament) -> Round:
    """The round being played, whose unfinished tables the organiser may decide now; or
    NotNow saying there is none."""
    row = tournament.rounds.order_by("-number").first()
    if tournament.state != Tournament.State.RUNNING or row is None:
        raise NotNow(_("No round is being played."))
    if row.state != Round.State.RUNNING:
        raise NotNow(_("Round %(n)s is not being played.") % {"n": row.number})
    return row


def _still_in(assignment: TableAssignment) -> list[int]:
    """The entries seated at a table that have not forfeited it (bot seats are nobody's)."""
    return [s for s in assignment.seats if s is not None and s not in assignment.forfeited]


def forfeit_unfinished(tournament: Tournament, entry: Entry) -> int:
    """An entry left a running event: it forfeits every table of it that has no result yet,
    seated or being played (it comes last there, and is never seated again). A table left
    with one party to play for is decided at once, so a knockout's withdrawn finalist never
    goes through on a bot's play; at a bigger table a bot plays on for its people and the
    others' places come from the play. Call inside the event's lock; returns how many seats
    a bot took."""
    people = [p for p in (entry.player_id, entry.partner_id) if p is not None]
    taken = 0
    tables = TableAssignment.objects.filter(
        round__tournament=tournament, places__isnull=True, bye=False
    ).select_related("round")
    for assignment in tables.select_for_update(of=("self",)):
        if entry.pk not in assignment.seats:
            continue
        if entry.pk not in assignment.forfeited:
            assignment.forfeited = [*assignment.forfeited, entry.pk]
            assignment.save(update_fields=["forfeited"])
        if assignment.table_id is not None:
            for seat_id in standing.seats_of_people(assignment.table_id, people):
                taken += presence.stand_in_now(seat_id)
        _settle_if_decided(tournament, assignment)
    return taken


def _settle_if_decided(tournament: Tournament, assignment: TableAssignment) -> None:
    """A table left with one entry (or none) to play for is decided by forfeit now; where the
    format would not take that, the play decides it."""
    if len(_still_in(assignment)) > 1:
        return
    try:
        with transaction.atomic():
            _settle_forfeit(tournament, assignment)
    except TournamentError as error:
        log.warning("table %s of %s plays on: %s", assignment, tournament, error)


def forfeit_by_giving_up(match_id: int, player_id: int | None, how: str) -> bool:
    """A person resigned or left their seat at an event's table (``games.signals.
    seat_given_up``): their entry forfeits that table, and only that one (it stays in the
    event). It comes last there whatever the play gives (``placing.after_forfeits``, when the
    set's places land). A table left with one entry to play for is decided now, as when an
    entry withdraws; a resigned set is placed by its own end. Returns whether a forfeit was
    noted."""
    with transaction.atomic():
        assignment = TableAssignment.objects.filter(match_id=match_id).first()
        if assignment is None or player_id is None:
            return False
        tournament = locked(assignment.round.tournament_id)
        assignment = TableAssignment.objects.select_for_update(of=("self",)).get(pk=assignment.pk)
        if tournament.state != Tournament.State.RUNNING or assignment.places is not None:
            return False
        entry = (
            Entry.objects.filter(tournament=tournament, pk__in=[s for s in assignment.seats if s])
            .filter(Q(player_id=player_id) | Q(partner_id=player_id))
            .first()
        )
        if entry is None or entry.pk in assignment.forfeited:
            return False
        assignment.forfeited = [*assignment.forfeited, entry.pk]
        assignment.save(update_fields=["forfeited"])
        event_log.write(
            tournament,
            EventLog.Kind.GAVE_UP,
            User.objects.filter(pk=player_id).first(),
            round_number=assignment.round.number,
            table=assignment.number,
            details={"entry": entry.pk, "name": entry.name, "how": how},
        )  # the director reads it on the run page's log, with the corrections
        notify.event_changed(tournament.pk)
        if how == "leave":
            _settle_if_decided(tournament, assignment)
    return True


# -- the sweep -------------------------------------------------------------------------------


def due_events(now: datetime | None = None) -> list[int]:
    """Every event with something due now, by indexed queries (state first)."""
    now = now or timezone.now()
    ids: set[int] = set()
    events = Tournament.objects.all()
    ids |= set(
        events.filter(
            Q(state=Tournament.State.DRAFT, registration_opens_at__lte=now)
            | Q(state=Tournament.State.REGISTRATION, checkin_opens_at__lte=now)
            | Q(state__in=TAKING_ENTRIES, starts_at__lte=now)
        ).values_list("pk", flat=True)
    )
    rounds = Round.objects.filter(tournament__state=Tournament.State.RUNNING)
    ids |= set(
        rounds.filter(
            Q(state=Round.State.SEATED, starts_at__lte=now)
            | Q(state=Round.State.RUNNING, deadline__lte=now)
        ).values_list("tournament_id", flat=True)
    )
    waiting = TableAssignment.objects.filter(
        state=TableAssignment.State.PLAYING, presence_checked=False,
        round__tournament__state=Tournament.State.RUNNING,
    ).values("round__tournament_id", "round__tournament__no_show_grace")  # fmt: skip
    for row in waiting.annotate(first=Min("started_at")):
        grace = timedelta(seconds=row["round__tournament__no_show_grace"])
        if row["first"] is not None and row["first"] + grace <= now:
            ids.add(row["round__tournament_id"])
    # between rounds, once the pause for corrections is over (a lost step costs a sweep); an
    # event the director holds is left alone
    ids |= set(
        events.filter(state=Tournament.State.RUNNING, moves_on_at__lte=now).values_list(
            "pk", flat=True
        )
    )
    return sorted(ids)


def sweep(now: datetime | None = None) -> int:
    """Queue a step for every event with something due; returns how many were queued."""
    ids = due_events(now)
    for tournament_id in ids:
        jobs.send(jobs.STEP, (tournament_id,))
    return len(ids)
