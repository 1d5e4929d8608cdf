"""Entries: people (and their partners, in events played by pairs) and bots enter, check in,
withdraw; organisers disqualify and seed, check in a whole group at once (every bot, everyone
on the site), undo a check-in, and reinstate an entry that left (``check_reinstate`` says
when a format can take it back).

A person appears in one entry of an event only, as its player or as a partner; this is
checked here, under the event's row lock, so two registrations racing cannot both pass.

An entry an organiser makes for others (a bot, or people entered on their behalf) counts as
checked in from the start: the organiser vouches for it, and a bot is never anywhere else. Only
entries people made themselves wait for their own check-in, so the start withdraws nobody the
organiser put in (``undo_check_in`` says otherwise for one who has not come after all).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Match
from games.services import seating

from ..formats import FORMATS
from ..models import Entry, TableAssignment, Tournament
from . import attendance, schedule
from .access import can_run, is_member, require_organiser
from .errors import NotNow, TournamentError, state_phrase
from .locks import locked
from .state import Snapshot, snapshot

TAKING_ENTRIES = (Tournament.State.REGISTRATION, Tournament.State.CHECKIN)


def takes_late_entries(tournament: Tournament) -> bool:
    """Whether the event is running in a format that seats arrivals in its next round (one
    that pairs whoever is in each round: its class says so, ``late_entries``), so that an
    organiser may enter a late arrival, paired from the next round with no points so far.
    Round robins and knockouts draw their whole schedule at the start."""
    running = tournament.state == Tournament.State.RUNNING
    return running and FORMATS[tournament.format].late_entries


def late_entries_closed(tournament: Tournament, snap: Snapshot | None = None) -> str:
    """Why such an event takes no late entry now ("" while it does): its last round is made,
    so an arrival would never be seated."""
    snap = snap if snap is not None else snapshot(tournament)
    if snap.round_to_come():
        return ""
    return _("Round %(n)s is the last round: a late arrival would not play.") % {
        "n": len(snap.rounds)
    }


def _require_taking_entries(tournament: Tournament, late: bool = False) -> None:
    """Refuse an entry now: the event is not taking entries (``late``: an organiser's late
    arrival in a running event whose format seats them, while a round is still to come)."""
    if late and takes_late_entries(tournament):
        closed = late_entries_closed(tournament)
        if closed:
            raise TournamentError(closed)
        return
    if late and tournament.state == Tournament.State.RUNNING:
        raise TournamentError(
            _("This format draws its whole schedule at the start, so it takes no late entries.")
        )
    if tournament.state not in TAKING_ENTRIES:
        raise NotNow(
            _("The event is %(state)s: it is not taking entries.")
            % {"state": state_phrase(tournament.state)}
        )


def check_enter(tournament: Tournament) -> None:
    """Refuse, with the reason, an organiser's entry now (a person, or a late arrival): the
    event is not taking one, or it is full. Who enters is checked when they are named."""
    _require_taking_entries(tournament, late=True)
    _check_cap(tournament)


def check_add_bot(tournament: Tournament) -> None:
    """Refuse, with the reason, a bot entered now (``check_enter``, and bots let in)."""
    check_enter(tournament)
    if not tournament.bots_fill:
        raise NotNow(_("This event does not take bots: edit it to let bots in."))


def _entered(tournament: Tournament, people: list[User]) -> Entry | None:
    ids = [p.pk for p in people]
    return (
        tournament.entries.filter(Q(player_id__in=ids) | Q(partner_id__in=ids))
        .select_related("player", "partner")
        .first()
    )


def _check_cap(tournament: Tournament) -> None:
    if tournament.entry_cap is None:
        return
    if tournament.entries.filter(status__in=Entry.ACTIVE).count() >= tournament.entry_cap:
        raise TournamentError(
            _("The event is full: it takes %(n)s entries.") % {"n": tournament.entry_cap}
        )


def _check_people(tournament: Tournament, player: User | None, partner: User | None) -> list:
    if player is None:
        raise TournamentError(_("Say who enters."))
    pairs = tournament.kind.pairs
    if pairs and partner is None:
        raise TournamentError(_("This event is played by pairs: name your partner."))
    if not pairs and partner is not None:
        raise TournamentError(
            _("This event is played each for themselves: enter without a partner.")
        )
    people = [player] if partner is None else [player, partner]
    if partner is not None and partner.pk == player.pk:
        raise TournamentError(_("A pair is two different people."))
    return people


def _save(tournament: Tournament, player: User, partner: User | None,
          checked_in: bool = False) -> Entry:  # fmt: skip
    taken = _entered(tournament, [player] if partner is None else [player, partner])
    if taken is not None:
        who = player if player.pk in (taken.player_id, taken.partner_id) else partner
        raise TournamentError(
            _("%(name)s is entered already (%(entry)s).") % {"name": who.name, "entry": taken.name}
        )
    _check_cap(tournament)
    try:
        with transaction.atomic():
            status = Entry.Status.CHECKED_IN if checked_in else Entry.Status.REGISTERED
            return Entry.objects.create(
                tournament=tournament, player=player, partner=partner, status=status
            )
    except IntegrityError:
        raise TournamentError(_("%(name)s is entered already.") % {"name": player.name}) from None


def register(tournament: Tournament, by: User, player: User | None = None,
             partner: User | None = None, checked_in: bool | None = None) -> Entry:  # fmt: skip
    """Enter ``player`` (by default whoever acts), with ``partner`` in pair events.

    People enter themselves (naming their partner); organisers may enter anyone. In a
    club-only event everyone entered must be a member of the club. Bots enter through
    ``register_bot``. ``checked_in``: whether the entry counts as checked in; by default it
    does when an organiser enters others, and not when people enter themselves.
    """
    if by is None or not by.is_authenticated:
        raise TournamentError(_("Log in to enter."))
    player = player or by
    organiser = can_run(tournament, by)
    if not organiser and by.pk not in (player.pk, getattr(partner, "pk", None)):
        raise TournamentError(_("You can enter yourself only; an organiser enters others."))
    people = _check_people(tournament, player, partner)
    if any(p.is_bot for p in people):
        raise TournamentError(_("Bots are entered by the organisers, when the event allows them."))
    if tournament.visibility == Tournament.Visibility.CLUB:
        outside = [p.name for p in people if not is_member(tournament, p)]
        if outside:
            raise TournamentError(
                _("This event is for club members: %(names)s is not a member.")
                % {"names": ", ".join(outside)}
            )
    if checked_in is None:  # an organiser who enters others vouches that they are here
        checked_in = organiser and by.pk not in {person.pk for person in people}
    with transaction.atomic():
        tournament = locked(tournament)
        _require_taking_entries(tournament, late=organiser)
        return _save(tournament, player, partner, checked_in=checked_in)


def register_bot(tournament: Tournament, by: User, level: str | None = None) -> Entry:
    """Enter a bot (two in a pair event), when the event lets bots in."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        check_add_bot(tournament)
        level = seating.check_level(level or tournament.bot_level)
        count = 2 if tournament.kind.pairs else 1
        chosen = _free_bots(tournament, level, count)
        return _save(tournament, chosen[0], chosen[1] if count == 2 else None, checked_in=True)


def _free_bots(tournament: Tournament, level: str, count: int) -> list[User]:
    """``count`` bots of ``level`` not entered in this event yet, nor filling an empty seat at
    one of its tables (a late bot entry must not bear a name the event's tables show already;
    the games core makes more when every bot of the level is in)."""
    taken = Entry.objects.filter(tournament=tournament)
    ids = {*taken.values_list("player_id", flat=True), *taken.values_list("partner_id", flat=True)}
    ids.discard(None)
    sets = TableAssignment.objects.filter(round__tournament=tournament).values("match_id")
    for players in Match.objects.filter(pk__in=sets).values_list("players", flat=True):
        ids.update(p.get("id") for p in players or () if p.get("bot"))
    ids.discard(None)
    bots = []
    for _number in range(count):
        bot = seating.pick_bot(None, level, exclude=ids)
        ids.add(bot.pk)
        bots.append(bot)
    return bots


def _entry(tournament: Tournament, entry: Entry) -> Entry:
    found = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("player", "partner")
        .filter(pk=entry.pk, tournament=tournament)
        .first()
    )
    if found is None:
        raise TournamentError(_("That entry is not one of this event's."))
    return found


def _own(entry: Entry, user: User) -> bool:
    return user.pk in (entry.player_id, entry.partner_id)


def check_in(tournament: Tournament, by: User, entry: Entry) -> Entry:
    """The entry's player or partner (or an organiser) says they are here."""
    with transaction.atomic():
        tournament = locked(tournament)
        entry = _entry(tournament, entry)
        if not (_own(entry, by) or can_run(tournament, by)):
            raise TournamentError(
                _("Only the players of an entry or an organiser can check it in.")
            )
        check_check_in(tournament, entry)
        entry.status = Entry.Status.CHECKED_IN
        entry.save(update_fields=["status"])
    return entry


def check_check_in(tournament: Tournament, entry: Entry) -> None:
    """Refuse, with the reason, checking the entry in now."""
    if tournament.state != Tournament.State.CHECKIN:
        raise NotNow(_("Check-in is not open."))
    if not entry.active:
        raise NotNow(_("That entry has left the event."))
    if entry.status == Entry.Status.CHECKED_IN:
        raise NotNow(_("That entry has checked in already."))


def undo_check_in(tournament: Tournament, by: User, entry: Entry) -> Entry:
    """An organiser says an entry is not here after all (a check-in by mistake, or someone
    they entered who has not come): it is registered again, and withdrawn at the start unless
    it checks in by then. Before the start only."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        entry = _entry(tournament, entry)
        check_undo_check_in(tournament, entry)
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    return entry


def check_undo_check_in(tournament: Tournament, entry: Entry) -> None:
    """Refuse, with the reason, undoing the entry's check-in now: only before the start, and
    only for an entry checked in."""
    if tournament.state not in (Tournament.State.DRAFT, *TAKING_ENTRIES):
        raise NotNow(_("Check-ins can be undone only before the event starts."))
    if entry.status != Entry.Status.CHECKED_IN:
        raise NotNow(_("That entry is not checked in."))


def waiting_bots(tournament: Tournament) -> list[Entry]:
    """The bot entries not checked in yet (an organiser undid a bot's check-in, or it was
    entered before bots counted as checked in)."""
    rows = tournament.entries.filter(status=Entry.Status.REGISTERED, player__is_bot=True)
    return list(rows.select_related("player", "partner").order_by("pk"))


def waiting_here(tournament: Tournament) -> list[Entry]:
    """The entries not checked in yet whose people all have a page of the site open now
    (``attendance``): those "check in everyone here" checks in. Bots are left to their own
    command."""
    rows = tournament.entries.filter(status=Entry.Status.REGISTERED, player__is_bot=False)
    rows = list(rows.select_related("player", "partner").order_by("pk"))
    people = [p for entry in rows for p in (entry.player_id, entry.partner_id) if p is not None]
    around = attendance.who_is_here(people)
    return [
        entry for entry in rows
        if all(p in around for p in (entry.player_id, entry.partner_id) if p is not None)
    ]  # fmt: skip


def check_check_in_all(tournament: Tournament, waiting: list[Entry]) -> None:
    """Refuse checking in a group of entries now: check-in is not open, or nobody of the group
    waits for it."""
    if tournament.state != Tournament.State.CHECKIN:
        raise NotNow(_("Check-in is not open."))
    if not waiting:
        raise NotNow(_("Nobody of them waits to check in."))


def check_in_all(tournament: Tournament, by: User, chosen) -> list[Entry]:
    """An organiser checks in at once every entry ``chosen(tournament)`` finds waiting (every
    bot, or everyone on the site now), read again under the event's lock. The entries checked
    in, in the order they entered."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        waiting = chosen(tournament)
        check_check_in_all(tournament, waiting)
        Entry.objects.filter(pk__in=[e.pk for e in waiting]).update(status=Entry.Status.CHECKED_IN)
    return waiting


def withdraw(tournament: Tournament, by: User, entry: Entry) -> Entry:
    """Leave the event (the entry's players, or an organiser). Before the event starts the
    entry is simply removed; once it runs the entry stays, with its results so far, and is
    never seated again."""
    with transaction.atomic():
        tournament = locked(tournament)
        entry = _entry(tournament, entry)
        if not (_own(entry, by) or can_run(tournament, by)):
            raise TournamentError(
                _("Only the players of an entry or an organiser can withdraw it.")
            )
        check_withdraw(tournament, entry)
        if tournament.state != Tournament.State.RUNNING:
            entry.delete()
            entry.status = Entry.Status.WITHDRAWN
            return entry
        _leave(tournament, entry, Entry.Status.WITHDRAWN)
    return entry


def check_withdraw(tournament: Tournament, entry: Entry) -> None:
    """Refuse, with the reason, withdrawing the entry now."""
    check_changeable(tournament)
    if not entry.active:
        raise NotNow(_("That entry has left the event already."))


def disqualify(tournament: Tournament, by: User, entry: Entry) -> Entry:
    """An organiser puts an entry out of a running event: it keeps its results and is never
    seated again (one that withdrew is marked disqualified from when it withdrew). Before the
    start, an entry that is not to play is withdrawn instead."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        entry = _entry(tournament, entry)
        check_disqualify(tournament, entry)
        _leave(tournament, entry, Entry.Status.DISQUALIFIED)
    return entry


def check_disqualify(tournament: Tournament, entry: Entry) -> None:
    """Refuse, with the reason, disqualifying the entry now."""
    check_changeable(tournament)
    if tournament.state != Tournament.State.RUNNING:
        raise NotNow(_("An entry is disqualified while the event runs; before, withdraw it."))
    if entry.status == Entry.Status.DISQUALIFIED:
        raise NotNow(_("That entry is disqualified already."))


def _leave(tournament: Tournament, entry: Entry, status: str) -> None:
    """Put a running event's entry out. It keeps its results; the rounds made so far are
    noted with it, so the format knows it was in every one of them (a result corrected later
    cannot pass it over in hindsight). It forfeits the tables it has not finished
    (``schedule.forfeit_unfinished``)."""
    if entry.active:  # a withdrawn entry disqualified later left when it withdrew
        entry.withdrawn_after_round = tournament.rounds.count()
    entry.status = status
    entry.save(update_fields=["status", "withdrawn_after_round"])
    schedule.forfeit_unfinished(tournament, entry)


def reinstate(tournament: Tournament, by: User, entry: Entry) -> Entry:
    """An organiser takes back a withdrawal or a disqualification (a mistake, or a player back
    from the car park): the entry is in the event again, checked in, and is seated from the
    next round made (``check_reinstate`` says when that can be). Tables of it still without a
    result take it back (a bot that stood in for it plays on until its people come back);
    tables its leaving decided keep their result, which the organiser may correct."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        entry = _entry(tournament, entry)
        check_reinstate(tournament, entry)
        _check_cap(tournament)
        entry.status, entry.withdrawn_after_round = Entry.Status.CHECKED_IN, None
        entry.save(update_fields=["status", "withdrawn_after_round"])
        for table in TableAssignment.objects.select_for_update(of=("self",)).filter(
            round__tournament=tournament, places__isnull=True
        ):
            if entry.pk in (table.forfeited or ()):
                table.forfeited = [who for who in table.forfeited if who != entry.pk]
                table.save(update_fields=["forfeited"])
        snapshot(tournament).standings()  # the format's word: a TournamentError undoes it all
    return entry


def check_reinstate(tournament: Tournament, entry: Entry, snap: Snapshot | None = None) -> None:
    """Refuse, with the reason, taking the entry back now. The rule, which every format can
    keep: a running event, an entry that left it, and either no round made since it left (it
    simply is back, as if it had not gone: a knockout's bracket is as it was) or a format that
    pairs whoever is in each round (a Swiss: it plays on from the next round, the rounds it
    missed count as not played) with a round still to come."""
    if tournament.state != Tournament.State.RUNNING:
        raise NotNow(_("An entry is reinstated while the event runs."))
    if entry.active:
        raise NotNow(_("That entry is in the event."))
    if tournament.rounds.count() == (entry.withdrawn_after_round or 0):
        return
    if not FORMATS[tournament.format].late_entries:
        raise NotNow(
            _("A round was made since %(name)s left, without them: this format cannot take "
              "them back now.") % {"name": entry.name}
        )  # fmt: skip
    snap = snap if snap is not None else snapshot(tournament)
    if not snap.round_to_come():
        raise NotNow(
            _("Round %(n)s is the last round: a reinstated entry would not play.")
            % {"n": len(snap.rounds)}
        )


def set_seed(tournament: Tournament, by: User, entry: Entry, seed: int | None) -> Entry:
    """An organiser seeds an entry (1 is the best; none: unseeded) before the event starts."""
    return set_seeds(tournament, by, {entry: seed})[0]


def set_seeds(tournament: Tournament, by: User, seeds: dict[Entry, int | None]) -> list[Entry]:
    """Several seeds at once (the admin's list of entries): checked as a whole, so two entries
    may swap seeds in one save, and saved all or none."""
    require_organiser(tournament, by)
    with transaction.atomic():
        tournament = locked(tournament)
        rows = {_entry(tournament, entry): seed for entry, seed in seeds.items()}
        check_seeds(tournament, {entry.pk: seed for entry, seed in rows.items()})
        for entry, seed in rows.items():
            entry.seed = seed
            entry.save(update_fields=["seed"])
    return list(rows)


def check_seeds(tournament: Tournament, seeds: dict[int, int | None]) -> None:
    """Refuse seeds (by entry id) out of range, or one that another entry still in the event
    would share once they are set: two entries with seed 1 would leave the draw to chance
    where the organiser meant an order. Seeds are set before the event starts."""
    check_seeding(tournament)
    for seed in seeds.values():
        if seed is not None and (isinstance(seed, bool) or not 1 <= seed <= 100_000):
            raise TournamentError(_("A seed is a whole number from 1 up."))
    holders: dict[int, Entry] = {}
    others = tournament.entries.filter(status__in=Entry.ACTIVE).select_related("player", "partner")
    for entry in others:
        entry.seed = seeds.get(entry.pk, entry.seed)
        if entry.seed is None:
            continue
        held = holders.setdefault(entry.seed, entry)
        if held is not entry:
            mover = entry if entry.pk in seeds else held
            holder = held if mover is entry else entry
            raise TournamentError(
                _("Seed %(seed)s is %(holder)s's already: give %(entry)s another seed, or clear "
                  "%(holder)s's first.")
                % {"seed": entry.seed, "holder": holder.name, "entry": mover.name}
            )  # fmt: skip


def check_seeding(tournament: Tournament) -> None:
    """Refuse setting seeds now: they are set before the event starts."""
    if tournament.state not in (Tournament.State.DRAFT, *TAKING_ENTRIES):
        raise NotNow(_("Seeds are set before the event starts."))


def check_changeable(tournament: Tournament) -> None:
    """Refuse a change to an entry of an event that is over."""
    if tournament.is_over:
        raise NotNow(
            _("The event is %(state)s: its entries can no longer change.")
            % {"state": state_phrase(tournament.state)}
        )


def set_groups(tournament: Tournament, by: User, entry: Entry, labels: list[str]) -> Entry:
    """An organiser sets an entry's "kept apart from" labels (Swiss pairings keep entries that
    share one apart from the next round on)."""
    require_organiser(tournament, by)
    labels = sorted({" ".join(str(label).split())[:40] for label in labels if str(label).strip()})
    if len(labels) > 10:
        raise TournamentError(_("An entry takes at most 10 labels."))
    with transaction.atomic():
        tournament = locked(tournament)
        entry = _entry(tournament, entry)
        check_changeable(tournament)
        entry.groups = labels
        entry.save(update_fields=["groups"])
    return entry
