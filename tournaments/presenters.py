"""What the event pages show, built from a ``services.state.Snapshot``: entries with names,
their numbers in the event and where each stands, standings with every tiebreak column, rounds
with their tables (and the tables a round still waits for), the bracket, the winners once it is
over, and who the start would withdraw. Pure over the snapshot's rows (no queries), so a page
reads the event once.

An entry's number (``numbered``) is the one every page, print-out and file shows: 1, 2, 3 in
the order the entries were made, never a database id (which counts every event's entries and
would read 4711 on a club's notice board). Entries are listed by seed, the unseeded after the
seeded in the order of their numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext

from games.models import Match

from .formats import FORMATS, Bracket, Standing
from .models import Entry, Round, Stage, TableAssignment, Tournament, table_label
from .placing import lost_by_forfeit, seats_per_format_seat
from .services.in_play import in_play as round_in_play
from .services.in_play import is_withheld, rounds_in_play
from .services.state import Snapshot

#: Tiebreak headings, in the site's language (keys of ``formats.TIEBREAKS``).
TIEBREAK_HEADINGS = {
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("Median Buchholz"),
    "sonneborn_berger": gettext_lazy("Sonneborn-Berger"),
    "head_to_head": gettext_lazy("Head to head"),
    "wins": gettext_lazy("Wins"),
}
TIEBREAK_ABBREVIATIONS = {
    "buchholz": gettext_lazy("Bh"),
    "median_buchholz": gettext_lazy("MBh"),
    "sonneborn_berger": gettext_lazy("SB"),
    "head_to_head": gettext_lazy("H2H"),
    "wins": gettext_lazy("W"),
}


def number(value: float | None) -> str:
    """1, 1.5, 0.33: points and tiebreaks as people write them."""
    if value is None:
        return ""
    fraction = Fraction(value).limit_denominator(144)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    return f"{float(fraction):.2f}".rstrip("0").rstrip(".")


@dataclass
class SeatView:
    name: str
    entry: int | None
    place: int | None = None
    points: str = ""
    bot: bool = False
    number: int | None = None  # the entry's number in the event (None: a seat a bot fills)


@dataclass
class TableView:
    pk: int
    number: int
    label: str
    state: str
    state_label: str
    seats: list[SeatView]
    code: str | None
    overridden: bool
    reason: str
    by: str
    at: object
    needs_result: bool
    forfeited: list[str] = field(default_factory=list)  # who lost it by leaving or not coming
    live: bool = False  # its set is being played now: there is something to watch
    sealed: bool = False  # its deals are also being played at other tables (same deals)
    withheld: bool = False  # a round in play: its result is not shown (``services.in_play``)


@dataclass
class RoundView:
    pk: int
    number: int
    stage: str
    finished: bool
    tables: list[TableView]
    byes: list[str]
    seated: bool = False
    walkovers: list[str] = field(default_factory=list)
    waiting: bool = False  # seated, not started yet
    waits_for: str = ""  # being played, some tables finished: which it still waits for
    in_play: bool = False  # same deals being played: results not for players (``in_play``)


@dataclass
class StandingView:
    rank: int | str  # as shown: 1 to 4 for the entrants still in a knockout (``shown_ranks``)
    name: str
    entry: int
    pool: str
    points: str
    played: int
    wins: int
    byes: int
    tiebreaks: list[str]
    place: int | None
    status: str
    active: bool
    percentage: str = ""  # duplicate scoring: the mean percentage of matchpoints, "" otherwise


@dataclass
class SlotView:
    name: str
    place: int | None
    advances: bool
    empty: bool


@dataclass
class MatchView:
    id: str
    status: str
    slots: list[SlotView]
    winner_to: str | None


@dataclass
class ColumnView:
    name: str
    matches: list[MatchView]


@dataclass
class BracketView:
    columns: list[ColumnView]
    champion: str
    parts: list[tuple[str, list[ColumnView]]] = field(default_factory=list)


def numbered(entries: dict[int, Entry]) -> list[Entry]:
    """The event's entries listed by seed (the seeded from 1 up, then the unseeded in the order
    they entered), each given ``number``, its number in the event: 1, 2, 3 in the order the
    entries were made. The one place an entry's number comes from."""
    for index, entry in enumerate(sorted(entries.values(), key=lambda e: e.pk), start=1):
        entry.number = index
    return sorted(entries.values(), key=lambda e: (e.seed is None, e.seed or 0, e.number))


def entry_number(entries: dict[int, Entry], entry_id: int | None) -> int | None:
    """The number in the event of one entry (``numbered``), or None for a bot's seat."""
    entry = entries.get(entry_id) if entry_id is not None else None
    if entry is None:
        return None
    if not hasattr(entry, "number"):
        numbered(entries)
    return entry.number


def entry_name(entries: dict[int, Entry], entry_id: int | None) -> str:
    if entry_id is None:
        return _("Bot")
    entry = entries.get(entry_id)
    return entry.name if entry is not None else f"#{entry_id}"


def forfeit_names(row: TableAssignment, entries: dict[int, Entry]) -> list[str]:
    """Who lost the table by leaving the event or never coming, as its result stands (a
    correction that lifts a forfeiter among those who played takes them off the list)."""
    lost = lost_by_forfeit(row.places, row.seats, row.forfeited or ())
    return [entry_name(entries, who) for who in lost]


def seat_name(row: TableAssignment, index: int, entries: dict[int, Entry]) -> str:
    """The name of the entry in a format seat; for a seat a bot fills, the bot's own name as
    its games table shows it (the set's players, read with the table: no query), so the run
    page and the table name it alike."""
    who = row.seats[index]
    if who is not None:
        return entry_name(entries, who)
    players = (row.match.players or []) if row.match_id and row.match else []
    if not players:
        return entry_name(entries, None)
    pairs = len(players) == 2 * len(row.seats)
    games_seats = seats_per_format_seat(pairs, len(row.seats))[index]
    names = [players[s].get("name", "") for s in games_seats if s < len(players)]
    return " & ".join(name for name in names if name) or entry_name(entries, None)


def table_view(row: TableAssignment, entries: dict[int, Entry]) -> TableView:
    seats = []
    for index, who in enumerate(row.seats):
        place = row.places[index] if row.places else None
        points = number(row.points[index]) if row.points and who is not None else ""
        entry = entries.get(who) if who is not None else None
        bot = who is None or (entry is not None and entry.player.is_bot)
        seats.append(
            SeatView(seat_name(row, index, entries), who, place, points, bot,
                     entry_number(entries, who))
        )  # fmt: skip
    table = row.table if row.table_id else None
    over = table is not None and table.state == "finished"
    return TableView(
        pk=row.pk, number=row.number, label=table_label(row.label), state=row.state,
        state_label=row.get_state_display(), seats=seats,
        code=table.code if table is not None else None,
        overridden=row.overridden_by_id is not None, reason=row.override_reason,
        by=row.overridden_by.name if row.overridden_by_id else "", at=row.overridden_at,
        needs_result=over and row.places is None and not is_withheld(row),
        forfeited=forfeit_names(row, entries), live=is_live(row), sealed=is_sealed(row),
        withheld=is_withheld(row),
    )  # fmt: skip


def is_live(row: TableAssignment) -> bool:
    """Whether the table's set is being played now (not a table whose event was cancelled or
    whose set was stopped): only then is "Watch live" offered."""
    match = row.match if row.match_id else None
    return row.state == TableAssignment.State.PLAYING and getattr(match, "state", "") == (
        Match.State.PLAYING
    )


def is_sealed(row: TableAssignment) -> bool:
    """Whether the table plays deals still secret from the round's other tables."""
    return bool(row.match_id and row.match and row.match.sealed)


def waits_for(row: Round) -> str:
    """ "Round 2 still waits for tables 3 and 5.": said once a table of a round being played has
    finished, so that its players know what they wait for; "" otherwise."""
    if row.state != Round.State.RUNNING:
        return ""
    tables = [t for t in row.table_list if not _has_result(t)]
    if not tables or len(tables) == len(row.table_list):
        return ""
    numbers = and_list([str(t.number) for t in tables])
    return ngettext(
        "Round %(n)s still waits for table %(tables)s.",
        "Round %(n)s still waits for tables %(tables)s.",
        len(tables),
    ) % {"n": row.number, "tables": numbers}


def _has_result(table: TableAssignment) -> bool:
    """Whether a table's result is in: for a table whose result is withheld from the viewer
    (``services.in_play``), whether it has finished."""
    if is_withheld(table):
        return table.state == TableAssignment.State.FINISHED
    return table.places is not None


def same_deals_line(event: Tournament) -> str:
    """What the event page says of same deals and how the event is scored ("" without them)."""
    if not event.same_deals:
        return ""
    if event.duplicate:
        return _("Same deals at every table: each deal is compared across the tables of the "
                 "round that played it.")  # fmt: skip
    return _("Same deals at every table: scored by the places at each table.")


def and_list(words: list[str]) -> str:
    """ "3, 5 and 7" in the reader's language."""
    if len(words) < 2:
        return "".join(words)
    return _("%(head)s and %(last)s") % {"head": ", ".join(words[:-1]), "last": words[-1]}


def round_views(snap: Snapshot) -> list[RoundView]:
    views = []
    for row in snap.rounds:
        tables = [table_view(t, snap.entries) for t in row.table_list]
        views.append(
            RoundView(
                pk=row.pk, number=row.number, stage=row.stage.title,
                finished=row.state == Round.State.FINISHED, tables=tables,
                byes=[entry_name(snap.entries, who) for who in row.byes],
                seated=any(t.state == TableAssignment.State.SEATED for t in tables),
                walkovers=[entry_name(snap.entries, who) for who in row.walkovers or ()],
                waiting=row.state == Round.State.SEATED, waits_for=waits_for(row),
                in_play=round_in_play(snap.tournament, row),
            )
        )  # fmt: skip
    return views


def tiebreak_columns(snap: Snapshot) -> list[tuple[str, str, str]]:
    """(key, heading, abbreviation) of the format's tiebreak columns, in order."""
    return [
        (name, str(TIEBREAK_HEADINGS.get(name, name)), str(TIEBREAK_ABBREVIATIONS.get(name, name)))
        for name in snap.format.tiebreak_order
    ]


def in_knockout(snap: Snapshot) -> bool:
    """Whether the standings are a knockout's: a format that knocks entrants out, past the
    pools of a two-stage event."""
    if not is_elimination(snap):
        return False
    return not snap.rounds or snap.rounds[-1].stage.kind != Stage.Kind.POOLS


def shown_ranks(snap: Snapshot, rows: list[Standing]) -> list[int | str]:
    """Each row's rank as a page shows it. A knockout ranks an entrant it has placed by that
    place; the format ranks every entrant still in 1 (it has no place yet), which on a screen
    reads as eight players sharing 1st: they are playing for places 1 to 8, and say so
    (1 to 8, with an en dash; 1 once one is left). One that left before its place was settled
    plays for nothing: a dash."""
    if not in_knockout(snap):
        return [row.rank for row in rows]
    still_in = sum(row.place is None for row in rows)
    playing_for = f"1\N{EN DASH}{still_in}" if still_in > 1 else 1
    return [
        row.place if row.place is not None else playing_for if row.active else "\N{EN DASH}"
        for row in rows
    ]


def duplicate_percentage(row: Standing) -> str:
    """An entry's percentage of matchpoints as the standings show it ("" for none yet)."""
    total = row.duplicate
    return f"{float(total.percentage):.2f}" if total is not None and total.deals else ""


def standing_views(snap: Snapshot, rows: list[Standing]) -> list[StandingView]:
    order = [name for name, _h, _a in tiebreak_columns(snap)]
    views = []
    for row, rank in zip(rows, shown_ranks(snap, rows), strict=True):
        entry = snap.entries.get(row.entrant)
        views.append(
            StandingView(
                rank=rank, name=entry_name(snap.entries, row.entrant), entry=row.entrant,
                pool=row.pool, points=number(row.points), played=row.played, wins=row.wins,
                byes=row.byes, tiebreaks=[number(row.tiebreaks.get(n)) for n in order],
                place=row.place, status=entry.get_status_display() if entry else "",
                active=row.active, percentage=duplicate_percentage(row),
            )
        )  # fmt: skip
    return views


BRACKET_PARTS = {
    "main": gettext_lazy("Main bracket"),
    "third_place": gettext_lazy("Third place"),
    "winners": gettext_lazy("Winners bracket"),
    "losers": gettext_lazy("Losers bracket"),
    "final": gettext_lazy("Finals"),
    "knockout": gettext_lazy("Knockout"),
}


def bracket_view(snap: Snapshot, bracket: Bracket | None) -> BracketView | None:
    if bracket is None:
        return None
    columns = []
    parts: dict[str, list[ColumnView]] = {}
    for column in bracket.rounds:
        matches = []
        for match in column.matches:
            slots = []
            for index, slot in enumerate(match.slots):
                name = (
                    entry_name(snap.entries, slot.entrant)
                    if slot.entrant is not None
                    else slot_label(slot)
                )
                place = match.places[index] if match.places else None
                advances = slot.entrant is not None and slot.entrant in match.advancing
                slots.append(SlotView(name, place, advances, slot.entrant is None))
            matches.append(MatchView(match.id, match.status, slots, match.winner_to))
        view = ColumnView(column_label(column.name), matches)
        columns.append(view)
        parts.setdefault(column.bracket, []).append(view)
    champion = entry_name(snap.entries, bracket.champion) if bracket.champion is not None else ""
    named = [(str(BRACKET_PARTS.get(k, k)), v) for k, v in parts.items()]
    return BracketView(columns, champion, named)


def is_elimination(snap: Snapshot) -> bool:
    """Whether the event's format knocks entrants out (a two-stage event's playoff does)."""
    return FORMATS[snap.tournament.format].eliminates


def event_context(snap: Snapshot) -> dict:
    """Everything the event page shows of the event's play, and its entries listed by seed
    (``numbered``). Each entry of the snapshot gets its ``number`` and ``status_text``, where it
    stands (``entry_statuses``), for the entries' tables."""
    rows = snap.standings() if snap.rounds else []
    bracket = snap.bracket()
    statuses = entry_statuses(snap, rows)
    for entry in snap.entries.values():
        entry.status_text = statuses[entry.pk]
    return {
        "entries": numbered(snap.entries),
        "rounds": round_views(snap),
        "standings": standing_views(snap, rows),
        "tiebreaks": tiebreak_columns(snap),
        "pools": any(row.pool for row in rows),
        "duplicate": any(row.duplicate is not None for row in rows),
        "placed": any(row.place is not None for row in rows) or is_elimination(snap),
        "bracket": bracket_view(snap, bracket),
        "winners": winners_line(snap),
        "no_shows": no_shows(snap),
        "same_deals_line": same_deals_line(snap.tournament),
        "in_play": rounds_in_play(snap),
    }


def entry_statuses(snap: Snapshot, rows: list[Standing]) -> dict[int, str]:
    """Where each entry stands, in words, by entry id: its stored status only says whether it
    checked in or left, which after the start reads "Registered" for everybody still in.

    Before the start: registered or checked in. Withdrawn or disqualified: when (after which
    round; at the start, for not checking in). Running: playing, or out of a knockout. Finished:
    finished (its place is beside it). A cancelled event keeps the stored status."""
    event = snap.tournament
    out_of_knockout = {row.entrant for row in rows if row.place is not None}
    statuses = {}
    for entry in snap.entries.values():
        statuses[entry.pk] = _status_of(event, entry, entry.pk in out_of_knockout)
    return statuses


def _status_of(event: Tournament, entry: Entry, out: bool) -> str:
    if not entry.active:
        after = entry.withdrawn_after_round
        if entry.status == Entry.Status.WITHDRAWN and after == 0:
            return _("Withdrawn at the start (not checked in)")
        if after:
            if entry.status == Entry.Status.DISQUALIFIED:
                return _("Disqualified after round %(n)s") % {"n": after}
            return _("Withdrawn after round %(n)s") % {"n": after}
        return str(entry.get_status_display())
    if event.state == Tournament.State.RUNNING:
        if out:
            return pgettext("where an entry stands", "Knocked out")
        return pgettext("where an entry stands", "Playing")
    if event.state == Tournament.State.FINISHED:
        return pgettext("where an entry stands", "Finished")
    return str(entry.get_status_display())


def winners_line(snap: Snapshot) -> str:
    """The headline of a finished event: who won, or who share 1st place, said plainly."""
    if snap.tournament.state != Tournament.State.FINISHED:
        return ""
    names = [e.name for e in snap.entries.values() if e.final_place == 1]
    if not names:
        return ""
    if len(names) == 1:
        return _("%(name)s won the event.") % {"name": names[0]}
    return _("%(names)s share 1st place.") % {"names": and_list(names)}


@dataclass
class NoShows:
    """Who the start would withdraw, for the organiser before it: the entries that have not
    checked in (``starts_at`` when the start is set; ``opens_at`` when check-in is still to
    open)."""

    names: list[str]
    starts_at: object = None
    opens_at: object = None


def no_shows(snap: Snapshot) -> NoShows | None:
    """Before the start of an event with check-in (open, or set to open): the entries that
    would be withdrawn if it started now. None when the start withdraws nobody."""
    event = snap.tournament
    checkin_to_come = event.state == Tournament.State.REGISTRATION and event.checkin_opens_at
    if event.state != Tournament.State.CHECKIN and not checkin_to_come:
        return None
    names = [e.name for e in snap.entries.values() if e.status == Entry.Status.REGISTERED]
    opens_at = event.checkin_opens_at if checkin_to_come else None
    return NoShows(names, event.starts_at, opens_at)


@dataclass
class PreviewView:
    number: int
    tables: list[tuple[int, str, list[str]]]
    byes: list[str]
    walkovers: list[str] = field(default_factory=list)


def preview_view(snap: Snapshot, new) -> PreviewView:
    """The round "generate" would make (a ``formats.RoundPlan``), with names."""
    tables = [
        (i, table_label(table.label), [entry_name(snap.entries, who) for who in table.seats])
        for i, table in enumerate(new.tables, start=1)
    ]
    names = [entry_name(snap.entries, who) for who in new.byes]
    walkovers = [entry_name(snap.entries, who) for who in new.walkovers or ()]
    return PreviewView(new.number, tables, names, walkovers)


def slot_label(slot) -> str:
    """An empty bracket slot in the current language, built from its facts (the format's own
    ``label`` is English, written for the CLI and the tests)."""
    label = slot.label or ""
    if slot.bye:
        return _("Bye")
    if label.startswith("Qualifier") and slot.seed is not None:
        return _("Qualifier %(n)s") % {"n": slot.seed}
    if slot.seed is not None:
        return _("Seed %(n)s") % {"n": slot.seed}
    if slot.source is None:
        return _(label)
    facts = {"match": slot.source, "n": slot.source_place}
    if label.startswith("Winner of"):
        return _("Winner of %(match)s") % facts
    if label.startswith("Loser of"):
        return _("Loser of %(match)s") % facts
    return _("Place %(n)s of %(match)s") % facts


#: Bracket column names the formats write (in English, for the CLI and tests), by pattern.
_COLUMN_NAMES = {
    "Final": gettext_noop("Final"),
    "Semi-finals": gettext_noop("Semi-finals"),
    "Quarter-finals": gettext_noop("Quarter-finals"),
    "Third place": gettext_noop("Third place"),
    "Grand final": gettext_noop("Grand final"),
    "Grand final reset": gettext_noop("Grand final reset"),
    "Final table": gettext_noop("Final table"),
    "Winners final": gettext_noop("Winners final"),
    "Winners semi-finals": gettext_noop("Winners semi-finals"),
    "Winners quarter-finals": gettext_noop("Winners quarter-finals"),
}
_NUMBERED_COLUMNS = (
    (re.compile(r"Winners round of (\d+)"), gettext_noop("Winners round of %(n)s")),
    (re.compile(r"Round of (\d+)"), gettext_noop("Round of %(n)s")),
    (re.compile(r"Losers round (\d+)"), gettext_noop("Losers round %(n)s")),
    (re.compile(r"Round (\d+)"), gettext_noop("Round %(n)s")),
)


def column_label(name: str) -> str:
    """A bracket column's name in the current language (an unknown name is shown as it is)."""
    if name in _COLUMN_NAMES:
        return _(_COLUMN_NAMES[name])
    for pattern, text in _NUMBERED_COLUMNS:
        found = pattern.fullmatch(name)
        if found:
            return _(text) % {"n": found.group(1)}
    return _(name)
