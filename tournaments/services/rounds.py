"""Rounds: preview and generate the next one, seat it at games tables, re-seat before play.

A round is generated from the format (``next_round`` of the state built from the rows) and
stored as a ``Round`` with one ``TableAssignment`` per table, holding the entry ids in the
format's seat order. Its tables are then started: each gets a games table with the people in
their seats (bots in seats the format left empty, and for withdrawn entries) and a set is
started there with a seed drawn from the event's, so a replayed event deals the same tiles.
Generating without starting leaves the round seated, so an organiser can still re-seat two
entries; issue 15's schedule will start seated rounds at their time.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.services import play, presence, seating, standing
from games.services.errors import TableError

from ..formats import EntryCountError, FormatError, RoundPlan, TournamentFinishedError
from ..kinds import games_seat_count
from ..messages import message, render
from ..models import Entry, Round, Stage, TableAssignment, Tournament
from ..placing import seats_per_format_seat
from . import attendance, deals, jobs, notify
from .access import require_organiser
from .errors import NotNow, TournamentError, explained, refusal, state_phrase
from .event_log import voids_of
from .locks import locked
from .state import KIND_OF_STAGE, Snapshot, format_round, snapshot
from .table_notes import tell_table

STAGE_NAMES = {Stage.Kind.MAIN: "", Stage.Kind.POOLS: "Pools", Stage.Kind.PLAYOFF: "Playoff"}


def require_running(tournament: Tournament) -> None:
    if tournament.state != Tournament.State.RUNNING:
        raise NotNow(
            _("The event is %(state)s: rounds are made only while it is running.")
            % {"state": state_phrase(tournament.state)}
        )


def next_of(snap: Snapshot) -> RoundPlan:
    """The format's next round for this event, or a TournamentError saying why not."""
    if snap.rounds and snap.rounds[-1].state != Round.State.FINISHED:
        last = snap.rounds[-1]
        if last.state == Round.State.SEATED:
            raise TournamentError(
                _("Round %(round)s is seated and has not started yet.") % {"round": last.number}
            )
        waiting = [t.number for t in last.table_list if t.places is None]
        raise TournamentError(
            ngettext(
                "Round %(round)s is still being played: table %(tables)s has no result yet.",
                "Round %(round)s is still being played: tables %(tables)s have no result yet.",
                len(waiting),
            )
            % {"round": last.number, "tables": ", ".join(map(str, waiting))}
        )
    try:
        return snap.format.next_round(snap.state)
    except TournamentFinishedError:
        finished = gettext_noop("Every round of this event has been played: finish it.")
        raise refusal(finished) from None
    except EntryCountError as error:
        raise entry_count_problem(snap.tournament, error) from None
    except FormatError as error:
        raise explained(error) from None


def entry_count_problem(
    tournament: Tournament, error: EntryCountError, checked_in: tuple[int, int] | None = None
) -> TournamentError:
    """The format's reason, and what the organiser can do about it here. ``checked_in``: how
    many of how many entries have checked in, when only they would play (its count is theirs)."""
    problem = explained(error)
    if checked_in is not None:
        counted = message(
            gettext_noop("Only entries that have checked in play: %(in)s of %(all)s have."),
            **{"in": checked_in[0], "all": checked_in[1]},
        )
        problem = TournamentError(f"{problem} {render([counted])}", [*problem.parts, counted])
    if tournament.bots_fill:
        hint = message(gettext_noop("You may also enter bots."))
    elif not tournament.kind.two_party:
        hint = message(
            gettext_noop("Or let bots fill empty seats (edit the event before it starts).")
        )
    else:
        return problem
    parts = [*problem.parts, hint]
    return TournamentError(f"{problem} {render([hint])}", parts)


def preview_round(tournament: Tournament, by) -> RoundPlan:
    """The round "generate" would store now, without storing anything."""
    require_organiser(tournament, by)
    tournament = Tournament.objects.select_related("club").get(pk=tournament.pk)
    return check_next_round(tournament)


def check_next_round(tournament: Tournament, snap: Snapshot | None = None) -> RoundPlan:
    """The next round the event would make now, or a TournamentError saying why there is none
    to make (what ``generate_round`` refuses, before it is asked)."""
    require_running(tournament)
    return next_of(snap if snap is not None else snapshot(tournament))


def generate_round(
    tournament: Tournament, by, *, number: int | None = None, start: bool = True
) -> Round:
    """Store the next round (and start its tables unless ``start`` is false).

    ``number`` is the round the organiser saw in the preview: a second click, or a second
    organiser, finds it generated already and is told so instead of making another.
    """
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        require_running(tournament)
        if number is not None and tournament.rounds.filter(number=number).exists():
            raise TournamentError(_("Round %(n)s has been generated already.") % {"n": number})
        new = next_of(snapshot(tournament))
        if number is not None and new.number != number:
            raise TournamentError(
                _("The event has moved on: round %(n)s is the next one.") % {"n": new.number}
            )
        row = store_round(tournament, new)
        if start:
            start_tables(tournament, row)
    return row


def store_round(tournament: Tournament, new: RoundPlan) -> Round:
    kind = KIND_OF_STAGE.get(new.stage, Stage.Kind.MAIN)
    stage = tournament.stages.filter(kind=kind).first()
    if stage is None:
        number = tournament.stages.count() + 1
        stage = Stage.objects.create(
            tournament=tournament, number=number, kind=kind, name=STAGE_NAMES[kind]
        )
    row = Round.objects.create(
        tournament=tournament, stage=stage, number=new.number, byes=list(new.byes),
        walkovers=list(new.walkovers or ()),
        state=Round.State.SEATED if new.tables else Round.State.RUNNING,
    )  # fmt: skip
    TableAssignment.objects.bulk_create(
        TableAssignment(round=row, number=i, label=table.label, seats=list(table.seats))
        for i, table in enumerate(new.tables, start=1)
    )
    if new.tables and tournament.byes == Tournament.Byes.BOTS and tournament.kind.two_party:
        first = len(new.tables) + 1
        TableAssignment.objects.bulk_create(  # a bye played against a bot: scores nothing
            TableAssignment(round=row, number=first + i, label="Bye", seats=[who, None],
                            bye=True)
            for i, who in enumerate(new.byes)
        )  # fmt: skip
    if tournament.moves_on_at is not None:  # no longer between rounds
        tournament.moves_on_at = None
        tournament.save(update_fields=["moves_on_at"])
    if not new.tables:
        finish_round(row, tournament, pause=False)  # nothing was played to correct
    return row


def finish_round(row: Round, tournament: Tournament, *, pause: bool = True) -> None:
    """The round's last result is in: the round is finished, and the event is between rounds
    (``between_rounds``). Call with the event locked."""
    now = timezone.now()
    row.state, row.finished_at = Round.State.FINISHED, now
    row.save(update_fields=["state", "finished_at"])
    deals.unseal_round(row)  # same deals: every table has played them, so they are public
    between_rounds(tournament, now, pause=pause)


def between_rounds(tournament: Tournament, now, *, pause: bool = True) -> None:
    """The event moves on (the schedule pairs the next round, or finishes the event after its
    last) once its pause for corrections has run from ``now`` (``pairing_pause``; ``pause``
    false: at once); with the pause left empty it waits for the director. Meanwhile a wrong
    result can be corrected before anything is seated from it."""
    seconds = tournament.pairing_pause if pause else 0
    tournament.moves_on_at = None if seconds is None else now + timedelta(seconds=seconds)
    tournament.save(update_fields=["moves_on_at"])


def hold(tournament: Tournament) -> None:
    """The event waits for the director between rounds (a round taken back or voided, the
    event reopened, or the director's hold): nothing is paired or finished by the schedule
    until the director says. Call with the event locked."""
    tournament.moves_on_at = None
    tournament.save(update_fields=["moves_on_at"])


def match_seed(
    tournament: Tournament, round_number: int, table_number: int, replay: int = 0
) -> int:
    """The deal of a table, drawn from the event's seed (the same event deals the same tiles).
    With "same deals at every table" the games' seeds come from the round's deal key instead
    (``deals.start_options``), which leaves the table out of it. ``replay``: how many times the
    round was voided before (its players have seen those deals, so a replay deals others)."""
    text = f"{tournament.seed}|{round_number}|{table_number}"
    text = (text + (f"|replay {replay}" if replay else "")).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") % 2**62


def start_tables(tournament: Tournament, row: Round) -> int:
    """Give every seated table of the round a games table and start its set. Returns how
    many were started. Call with the event locked.

    A bot filling an empty seat is none of the event's entrants, nor a bot filling a seat at
    another table of the round (no two seats of a round bear one name). Each table's set is
    told where it is in the event (``table_notes``), and a person who is not on the site as
    their table starts (``attendance``) has a bot playing for them at once, at a bot's speed,
    until they open the table: nobody waits out a turn clock for someone who is not there."""
    entries = {
        e.pk: e
        for e in tournament.entries.select_related("player", "partner").filter(
            pk__in={who for t in row.tables.all() for who in t.seats if who is not None}
        )
    }
    taken = {p for pair in tournament.entries.values_list("player_id", "partner_id")
             for p in pair if p is not None}  # fmt: skip
    around = attendance.who_is_here(
        person.pk for e in entries.values() for person in e.people() if not person.is_bot
    )
    started = 0
    replay = voids_of(tournament, row.number)
    for assignment in row.tables.filter(state=TableAssignment.State.SEATED).order_by("number"):
        people = people_by_games_seat(tournament, assignment.seats, entries)
        bots = [tournament.bot_level if person is None else None for person in people]
        try:
            table = seating.create_table(
                None, tournament.style, len(people), tournament.options,
                turn_clock=tournament.turn_clock, host_sits=False, players=people, bots=bots,
                is_private=tournament.visibility == Tournament.Visibility.CLUB,
                rated=tournament.rated, bots_avoid=taken,
            )  # fmt: skip
            match = play.start_match(
                table, seed=match_seed(tournament, row.number, assignment.number, replay),
                **deals.start_options(tournament, row.number, replay),
            )  # fmt: skip
        except TableError as error:
            raise TournamentError(
                _("Table %(n)s could not start: %(why)s") % {"n": assignment.number, "why": error},
                [message(gettext_noop("Table %(n)s could not start."), n=assignment.number)],
            ) from None
        taken |= {p["id"] for p in match.players if p.get("bot")}  # one name, one seat
        assignment.table, assignment.match = table, match
        assignment.state = TableAssignment.State.PLAYING
        assignment.started_at = timezone.now()
        # a table of bots only has nobody to look for once the no-show grace runs out
        assignment.presence_checked = not any(p is not None and not p.is_bot for p in people)
        assignment.save(update_fields=["table", "match", "state", "started_at",
                                       "presence_checked"])  # fmt: skip
        tell_table(tournament, assignment)
        away = [p.pk for p in people if p is not None and not p.is_bot and p.pk not in around]
        for seat_id in standing.seats_of_people(table.pk, away):
            presence.stand_in_now(seat_id)
        started += 1
    if started:
        mark_started(tournament, row)
    return started


def mark_started(tournament: Tournament, row: Round) -> None:
    """The round is being played from now: its deadline runs, and the schedule is asked to
    look again at the deadline and when the no-show grace runs out."""
    now = timezone.now()
    fields = []
    if row.started_at is None:
        row.started_at = now
        fields.append("started_at")
        if tournament.round_minutes:
            row.deadline = now + timedelta(minutes=tournament.round_minutes)
            fields.append("deadline")
    if row.state == Round.State.SEATED:
        row.state = Round.State.RUNNING
        fields.append("state")
    if fields:
        row.save(update_fields=fields)
    jobs.step_at(tournament.pk, row.deadline)
    jobs.step_at(tournament.pk, now + timedelta(seconds=tournament.no_show_grace))
    notify.event_changed(tournament.pk)
    notify.seats_changed(tournament.pk)


def people_by_games_seat(tournament: Tournament, seats: list, entries: dict[int, Entry]) -> list:
    """The person in each seat of the games table, ``None`` where a bot plays (a seat the
    format left to bots, or an entry that has withdrawn since the round was drawn)."""
    kind = tournament.kind
    count = games_seat_count(kind, tournament.seats, len(seats))
    people: list = [None] * count
    for games_seats, entry_id in zip(
        seats_per_format_seat(kind.pairs, len(seats)), seats, strict=True
    ):
        entry = entries.get(entry_id) if entry_id is not None else None
        if entry is None or not entry.active:
            continue
        for seat, person in zip(games_seats, entry.people(), strict=False):
            people[seat] = person
    return people


def start_round(tournament: Tournament, by) -> int:
    """Start the tables of the latest round that were generated seated."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        row = check_start_round(tournament)
        started = start_tables(tournament, row)
    return started


def _latest(tournament: Tournament) -> Round:
    """The event's latest round (NotNow if it is not running or has none yet)."""
    require_running(tournament)
    row = tournament.rounds.order_by("-number").first()
    if row is None:
        raise NotNow(_("No round has been generated yet."))
    return row


def check_start_round(tournament: Tournament) -> Round:
    """The latest round, if it has tables still to start; else NotNow saying why."""
    row = _latest(tournament)
    if not row.tables.filter(state=TableAssignment.State.SEATED).exists():
        raise NotNow(_("Every table of round %(n)s has started.") % {"n": row.number})
    return row


def check_reseat(tournament: Tournament) -> Round:
    """The latest round, if two of its entries sit at tables not started yet (who may swap);
    else NotNow saying why."""
    row = _latest(tournament)
    seated = row.tables.filter(state=TableAssignment.State.SEATED).values_list("seats", flat=True)
    if sum(who is not None for seats in seated for who in seats) < 2:
        raise NotNow(_("Round %(n)s has started already.") % {"n": row.number})
    return row


def reseat(tournament: Tournament, by, first: Entry, second: Entry) -> Round:
    """Swap two entries between (or within) tables of the latest round before they start,
    if the format accepts the result; otherwise say why not."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        row = check_reseat(tournament)
        tables = list(row.tables.order_by("number"))
        where = {}
        for table in tables:
            for index, who in enumerate(table.seats):
                if who is not None:
                    where[who] = (table, index)
        if first.pk == second.pk:
            raise TournamentError(_("Choose two different entries."))
        for entry in (first, second):
            if entry.pk not in where:
                raise TournamentError(
                    _("No seat in round %(n)s for %(name)s.")
                    % {"name": entry.name, "n": row.number}
                )
        (table_a, seat_a), (table_b, seat_b) = where[first.pk], where[second.pk]
        for table in (table_a, table_b):
            if table.state != TableAssignment.State.SEATED:
                raise TournamentError(
                    _("Table %(n)s has started: its players can no longer change.")
                    % {"n": table.number}
                )
        table_a.seats[seat_a], table_b.seats[seat_b] = second.pk, first.pk
        check_round(tournament, row, tables)
        table_a.save(update_fields=["seats"])
        table_b.save(update_fields=["seats"])
    return row


def check_round(tournament: Tournament, row: Round, tables: list[TableAssignment]) -> None:
    """Let the format check the event with ``row`` replaced by ``tables`` (a changed seating or
    result): an inconsistent bracket or an impossible result is refused with its reason (the
    format names entries by number, as the entries list does)."""
    snap = snapshot(tournament)
    rounds = [
        format_round(r, tables) if r.pk == row.pk else format_round(r, r.table_list)
        for r in snap.rounds
    ]
    state = type(snap.state)(snap.state.entrants, tuple(rounds))
    try:
        snap.format.standings(state)
        snap.format.bracket(state)
    except FormatError as error:
        if error.code == "seated_already":  # says itself what it does not fit
            raise explained(error) from None
        raise TournamentError(
            _("That does not fit the event's %(format)s: %(why)s")
            % {"format": tournament.get_format_display().lower(), "why": explained(error)}
        ) from None
